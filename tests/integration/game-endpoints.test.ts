/**
 * The game's HTTP endpoints as route handlers, on a real database (PostgreSQL),
 * with the session replaced by a stand-in:
 * - /games/<id>/state, which every open game page polls: an unchanged game the
 *   poller may see answers 204 (a public one without reading the session), a
 *   changed one 200 with the state, a private one "not found" for a stranger
 *   even when the poll names its current version;
 * - /games/<id>/board.svg and board.png: their types, and the SVG's own
 *   Content-Security-Policy (a picture opened by itself runs nothing).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { User } from "@/lib/db/schema";
import { createTestPostgres, type TestDb } from "@/lib/db/testing";
import { postChat, submitMove } from "@/lib/games";
import { insertActiveGame, seedPlayers, type Players } from "../support/games";
import { DEFAULT_SQUARE_PX, pictureSize } from "@/app/_pictures/size";

const ctx = vi.hoisted(() => ({ db: null as unknown, user: null as User | null, sessionReads: 0 }));

vi.mock("@/lib/db/client", async (original) => ({ ...(await original<object>()), getDb: async () => ctx.db }));
vi.mock("@/lib/auth", () => ({
  getCurrentUser: async () => {
    ctx.sessionReads++;
    return ctx.user;
  },
}));

import { GET as boardPng } from "@/app/games/[id]/board.png/route";
import { GET as boardSvg } from "@/app/games/[id]/board.svg/route";
import { GET as state } from "@/app/games/[id]/state/route";

type Handler = (request: Request, c: { params: Promise<{ id: string }> }) => Promise<Response>;
const get = (handler: Handler, id: string, query = "") =>
  handler(new Request(`http://localhost:3000/games/${id}/x${query}`), { params: Promise.resolve({ id }) });

describe("game endpoints", () => {
  let handle: TestDb;
  let p: Players;
  let users: Record<keyof Players, User>;

  beforeAll(async () => {
    handle = await createTestPostgres({ max: 2 });
    ctx.db = handle.db;
    p = await seedPlayers(handle.db);
    const rows = await handle.db.query.users.findMany();
    const byId = (id: string) => rows.find((u) => u.id === id)!;
    users = { alice: byId(p.alice), bob: byId(p.bob), carol: byId(p.carol), dave: byId(p.dave) };
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(() => {
    ctx.user = null;
    ctx.sessionReads = 0;
  });

  const version = async (id: string, as: User | null = null) => {
    ctx.user = as;
    const r = await get(state, id);
    expect(r.status).toBe(200);
    return ((await r.json()) as { version: number }).version;
  };

  it("a public game: 204 while unchanged, without reading the session; 200 with the new state after a move", async () => {
    const id = await insertActiveGame(handle.db, { white: p.alice, black: p.bob });
    const v0 = await version(id);

    ctx.sessionReads = 0;
    const unchanged = await get(state, id, `?since=${v0}`);
    expect(unchanged.status).toBe(204);
    expect(await unchanged.text()).toBe("");
    expect(unchanged.headers.get("cache-control")).toBe("no-store");
    expect(ctx.sessionReads).toBe(0);

    await submitMove(handle.db, p.alice, { gameId: id, expectedPly: 0, move: "P e2-e4" });
    const changed = await get(state, id, `?since=${v0}`);
    expect(changed.status).toBe(200);
    const body = (await changed.json()) as { moves: string[]; version: number };
    expect(body.moves).toEqual(["P e2-e4"]);
    expect(body.version).not.toBe(v0);
    expect((await get(state, id, `?since=${body.version}`)).status).toBe(204);
    // No version given: always the state.
    expect((await get(state, id)).status).toBe(200);
  });

  it("a private game: a stranger's poll with its current version is 404, its player's is 204", async () => {
    const id = await insertActiveGame(handle.db, { white: p.alice, black: p.bob, visibility: "private" });
    const v = await version(id, users.alice);

    for (const stranger of [null, users.carol]) {
      ctx.user = stranger;
      const r = await get(state, id, `?since=${v}`);
      expect(r.status, stranger ? "a stranger" : "signed out").toBe(404);
      expect(await r.text()).not.toContain("Alice");
    }
    ctx.user = users.bob;
    expect((await get(state, id, `?since=${v}`)).status).toBe(204);
    // A wrong version is the state for a player, and still nothing for a stranger.
    expect((await get(state, id, `?since=${v - 1}`)).status).toBe(200);
    ctx.user = users.carol;
    expect((await get(state, id, `?since=${v - 1}`)).status).toBe(404);
  });

  it("a chat message: the players' poll, which names the chat's version, gets it and then 204; strangers' polls stay 204 (docs/chat.md)", async () => {
    const id = await insertActiveGame(handle.db, { white: p.alice, black: p.bob });
    ctx.user = users.bob;
    const before = (await (await get(state, id)).json()) as { version: number; chat: { version: number } };
    const since = (s: { version: number; chat: { version: number } }) => `?since=${s.version}&chat=${s.chat.version}`;
    expect((await get(state, id, since(before))).status).toBe(204);
    await postChat(handle.db, p.alice, { gameId: id, text: "good luck" });

    const fresh = await get(state, id, since(before));
    expect(fresh.status).toBe(200);
    const after = (await fresh.json()) as { version: number; chat: { version: number; messages: { text: string }[] } };
    expect(after.chat.messages.map((m) => m.text)).toEqual(["good luck"]);
    expect(after.version).toBe(before.version);
    expect(after.chat.version).toBeGreaterThan(before.chat.version);
    ctx.sessionReads = 0;
    const unchanged = await get(state, id, since(after));
    expect(unchanged.status).toBe(204);
    expect(ctx.sessionReads).toBe(1);
    // A stranger's poll with the game's version learns nothing of the chat: 204 as before, without the session.
    ctx.user = users.carol;
    ctx.sessionReads = 0;
    expect((await get(state, id, `?since=${before.version}`)).status).toBe(204);
    expect(ctx.sessionReads).toBe(0);
    // Nor by naming a chat version: only the players' polls are answered by it.
    for (const chat of [before.chat.version, after.chat.version]) {
      const r = await get(state, id, `?since=${before.version}&chat=${chat}`);
      expect(r.status).toBe(200);
      expect(await r.text()).not.toContain("good luck");
    }
  });

  it("a game that does not exist is 404 whatever version is asked about", async () => {
    for (const since of ["", "?since=0", `?since=${Date.now()}`]) {
      expect((await get(state, "00000000-0000-0000-0000-000000000000", since)).status).toBe(404);
    }
  });

  it("a Crazyhouse picture shows both hands, each beside its own side, at the size the previews state", async () => {
    const moves = ["P e2-e4", "p d7-d5", "P e4-d5", "q d8-d5"];
    const id = await insertActiveGame(handle.db, { white: p.alice, black: p.bob, variant: "crazyhouse", moves });
    const svg = await (await get(boardSvg, id)).text();
    const band = (color: string) => svg.match(new RegExp(`<g data-hand="${color}">(.*?)</g></g>`))?.[0] ?? "";
    expect(band("white")).toContain('data-piece="wP"');
    expect(band("black")).toContain('data-piece="bP"');
    // White at the bottom: Black's hand comes first, above the board.
    expect(svg.indexOf('data-hand="black"')).toBeLessThan(svg.indexOf('data-hand="white"'));
    const { width, height } = pictureSize(8, 8, DEFAULT_SQUARE_PX, true);
    expect(svg).toContain(`width="${width}" height="${height}"`);
    expect(height).toBeGreaterThan(pictureSize(8, 8).height);
    // A game without hands has no bands.
    const chess = await insertActiveGame(handle.db, { white: p.alice, black: p.bob, moves: ["P e2-e4"] });
    expect(await (await get(boardSvg, chess)).text()).not.toContain("data-hand");
  });

  it("board.svg carries its own Content-Security-Policy; board.png is a PNG", async () => {
    const id = await insertActiveGame(handle.db, { white: p.alice, black: p.bob, moves: ["P e2-e4"] });

    const svg = await get(boardSvg, id, "?ply=1");
    expect(svg.status).toBe(200);
    expect(svg.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(svg.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(svg.headers.get("x-content-type-options")).toBe("nosniff");
    const text = await svg.text();
    expect(text).toMatch(/^(<\?xml [^>]*\?>\s*)?<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]* aria-label="Chess board, 8×8, White at the bottom"/);
    expect(text).not.toMatch(/<script|\son[a-z]+=/i);
    // flip=1: Black's side at the bottom, a different picture (and cache entry).
    const flipped = await get(boardSvg, id, "?ply=1&flip=1");
    expect(await flipped.text()).toContain('aria-label="Chess board, 8×8, Black at the bottom"');
    expect(flipped.headers.get("etag")).not.toBe(svg.headers.get("etag"));

    const png = await get(boardPng, id, "?ply=1");
    expect(png.status).toBe(200);
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(png.headers.get("x-content-type-options")).toBe("nosniff");
    const bytes = new Uint8Array(await png.arrayBuffer());
    expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

    // A private game's picture is not found for a stranger, with no policy to speak of.
    const hidden = await insertActiveGame(handle.db, { white: p.alice, black: p.bob, visibility: "private" });
    ctx.user = users.carol;
    const refused = await get(boardSvg, hidden);
    expect(refused.status).toBe(404);
    expect(refused.headers.get("content-type")).toBe("text/plain; charset=utf-8");
  });
});
