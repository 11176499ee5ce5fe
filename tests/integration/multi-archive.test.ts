/**
 * Games for more than two on the surfaces beyond their page (docs/games-for-more-than-two-service.md#pictures-records-and-the-archive):
 * the archive's rows and filters, player pages, the picture routes, the record and /pgn, and link
 * previews, on real PostgreSQL, with the session replaced by a stand-in. A private game is not
 * there for strangers on any of them.
 */
import { writeFileSync } from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { users as usersTable, type User } from "@/lib/db/schema";
import { createTestPostgres, type TestDb } from "@/lib/db/testing";
import { acceptInvitation, createMultiChallenge, resignMulti, submitMultiMove } from "@/lib/games";
import { listArchive } from "@/lib/games/archive";
import { parseArchiveQuery } from "@/lib/games/archive-params";

const ctx = vi.hoisted(() => ({ db: null as unknown, user: null as User | null }));
vi.mock("@/lib/db/client", async (original) => ({ ...(await original<object>()), getDb: async () => ctx.db }));
vi.mock("@/lib/auth", () => ({ getCurrentUser: async () => ctx.user }));
vi.mock("@/lib/mail/worker", () => ({ wakeOutboxWorker: () => {} }));

import { GET as svgRoute } from "@/app/games/[id]/board.svg/route";
import { GET as pngRoute } from "@/app/games/[id]/board.png/route";
import { GET as recordRoute } from "@/app/games/[id]/record/route";
import { GET as pgnRoute } from "@/app/games/[id]/pgn/route";
import { generateMetadata } from "@/app/games/[id]/metadata";

const T0 = new Date("2026-12-01T12:00:00Z");
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const get = (route: typeof svgRoute, id: string, path: string, query = "") =>
  route(new Request(`http://localhost:3000/games/${id}/${path}${query}`), { params: Promise.resolve({ id }) });

describe("games for more than two in the archive, pictures, records and previews", () => {
  let handle: TestDb;
  let u: Record<"alice" | "bob" | "carol" | "dave" | "eve", User>;
  const ids: Record<"fourActive" | "threeOver" | "private", string> = { fourActive: "", threeOver: "", private: "" };

  async function seated(variant: "four-player" | "three-player", visibility: "public" | "private", players: User[], t: Date) {
    const armies = variant === "four-player" ? ["r", "b", "y", "g"] : ["w", "g", "b"];
    const c = await createMultiChallenge(handle.db, players[0].id, { variant, seat: armies[0], daysPerMove: 2, visibility, others: "link" }, t);
    for (let i = 1; i < players.length; i++) await acceptInvitation(handle.db, players[i].id, { token: c.token, army: armies[i] }, t);
    return c.gameId;
  }

  beforeAll(async () => {
    handle = await createTestPostgres({ max: 2 });
    ctx.db = handle.db;
    const rows = await handle.db.insert(usersTable).values(["Alice", "Bob", "Carol", "Dave", "Eve"].map((name) => ({ name, email: `${name.toLowerCase()}@example.test` }))).returning();
    u = { alice: rows[0], bob: rows[1], carol: rows[2], dave: rows[3], eve: rows[4] };
    // Four-player chess, Red Alice, Blue Bob, Yellow Carol, Green Dave: one round played, under way.
    ids.fourActive = await seated("four-player", "public", [u.alice, u.bob, u.carol, u.dave], at(0));
    const round = [[u.alice, "P h2-h3"], [u.bob, "P b7-c7"], [u.carol, "P h13-h12"], [u.dave, "P m8-l8"]] as const;
    for (const [i, [who, move]] of round.entries()) await submitMultiMove(handle.db, who.id, { gameId: ids.fourActive, expectedPly: i, move }, at(1 + i));
    // Three-player chess, White Carol, Grey Dave, Black Bob: Bob resigns at once, which ends it.
    ids.threeOver = await seated("three-player", "public", [u.carol, u.dave, u.bob], at(10));
    await submitMultiMove(handle.db, u.carol.id, { gameId: ids.threeOver, expectedPly: 0, move: "P f2-f4" }, at(11));
    await resignMulti(handle.db, u.bob.id, { gameId: ids.threeOver }, at(12));
    // Private: Eve is not in it.
    ids.private = await seated("three-player", "private", [u.alice, u.bob, u.carol], at(20));
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(() => {
    ctx.user = null;
  });

  const search = (raw: Record<string, string>, scope: Parameters<typeof listArchive>[2] = { viewerId: null }) =>
    listArchive(handle.db, parseArchiveQuery(raw, { playerFixed: scope.playerId !== undefined }), scope);

  describe("the archive", () => {
    it("lists the public ones, finished and under way, with every seat, its army and its place, and the ending in words", async () => {
      const page = await search({});
      const byId = new Map(page.entries.map((e) => [e.id, e]));
      expect(byId.has(ids.private)).toBe(false);
      expect(byId.get(ids.threeOver)).toMatchObject({ variant: "three-player", status: "finished", ending: "White and Grey win: Black resigned", whiteName: null, blackName: null });
      expect(byId.get(ids.threeOver)!.seats!.map((s) => [s.armyName, s.player, s.place, s.winner])).toEqual([
        ["White", "Carol", 1, true], ["Grey", "Dave", 1, true], ["Black", "Bob", 3, false],
      ]);
      expect(byId.get(ids.fourActive)).toMatchObject({ status: "active", ply: 4, ending: null });
      expect(byId.get(ids.fourActive)!.seats!.map((s) => [s.army, s.player, s.place])).toEqual([
        ["r", "Alice", null], ["b", "Bob", null], ["y", "Carol", null], ["g", "Dave", null],
      ]);
    });

    it("filters by player (any seat, not only the first), opponent, result, variant and status", async () => {
      const list = async (raw: Record<string, string>) => (await search(raw)).entries.map((e) => e.id).sort();
      expect(await list({ player: "dave" })).toEqual([ids.fourActive, ids.threeOver].sort());
      expect(await list({ player: "Alice" })).toEqual([ids.fourActive]);
      expect(await list({ player: "Bob", opponent: "Carol" })).toEqual([ids.fourActive, ids.threeOver].sort());
      expect(await list({ player: "Alice", opponent: "Eve" })).toEqual([]);
      expect(await list({ player: "Eve" })).toEqual([]);
      expect(await list({ player: "Dave", result: "won" })).toEqual([ids.threeOver]);
      expect(await list({ player: "Bob", result: "lost" })).toEqual([ids.threeOver]);
      expect(await list({ player: "Dave", result: "lost" })).toEqual([]);
      expect(await list({ variant: "four-player" })).toEqual([ids.fourActive]);
      expect(await list({ variant: "three-player", status: "finished" })).toEqual([ids.threeOver]);
      expect(await list({ variant: "chess" })).toEqual([]);
    });

    it("on a player's page: their games for more than two; their private one for them alone", async () => {
      const page = async (player: User, viewer: User | null) =>
        (await search({}, { viewerId: viewer?.id ?? null, playerId: player.id })).entries.map((e) => e.id).sort();
      expect(await page(u.bob, null)).toEqual([ids.fourActive, ids.threeOver].sort());
      expect(await page(u.bob, u.eve)).toEqual([ids.fourActive, ids.threeOver].sort());
      expect(await page(u.bob, u.bob)).toEqual([ids.fourActive, ids.threeOver, ids.private].sort());
      expect(await page(u.eve, u.eve)).toEqual([]);
      expect(await page(u.dave, null)).toEqual([ids.fourActive, ids.threeOver].sort());
    });
  });

  describe("the picture routes", () => {
    it("draw the position turned to ?army=, the first army by default, at any ply played", async () => {
      const now = await get(svgRoute, ids.fourActive, "board.svg");
      expect(now.status).toBe(200);
      expect(now.headers.get("content-type")).toContain("image/svg+xml");
      expect(now.headers.get("cache-control")).toContain("max-age=60");
      const svg = await now.text();
      expect(svg).toMatch(/^<\?xml[^>]*>\s*<svg[^>]*data-bottom="r"/);
      const blue = await (await get(svgRoute, ids.fourActive, "board.svg", "?army=b")).text();
      expect(blue).toMatch(/data-bottom="b"/);
      expect(await (await get(svgRoute, ids.fourActive, "board.svg", "?army=r")).text()).toBe(svg);
      const start = await get(svgRoute, ids.fourActive, "board.svg", "?ply=0");
      expect(start.headers.get("cache-control")).toContain("immutable");
      expect(await start.text()).not.toBe(svg);
      expect((await get(svgRoute, ids.fourActive, "board.svg", "?ply=5")).status).toBe(404);
      expect((await get(svgRoute, ids.fourActive, "board.svg", "?army=w")).status).toBe(400);
      expect((await get(svgRoute, ids.fourActive, "board.svg", "?army=RR")).status).toBe(400);
      const png = await get(pngRoute, ids.fourActive, "board.png", "?ply=4");
      expect(png.status).toBe(200);
      expect(png.headers.get("content-type")).toBe("image/png");
      const bytes = Buffer.from(await png.arrayBuffer());
      expect(bytes.subarray(1, 4).toString()).toBe("PNG");
      // For a look by eye (the report's check); the test does not read it back.
      if (process.env.MULTI_PNG_OUT) writeFileSync(process.env.MULTI_PNG_OUT, bytes);
    });

    it("are not there for strangers to a private game, signed out or in; its seated players see it", async () => {
      for (const who of [null, u.eve, u.dave]) {
        ctx.user = who;
        for (const [route, path] of [[svgRoute, "board.svg"], [pngRoute, "board.png"]] as const) {
          const r = await get(route, ids.private, path);
          expect(r.status).toBe(404);
          expect(await r.text()).toBe("No such game.\n");
        }
      }
      ctx.user = u.carol;
      const r = await get(svgRoute, ids.private, "board.svg", "?army=b");
      expect(r.status).toBe(200);
      expect(r.headers.get("cache-control")).toMatch(/^private/);
      expect(r.headers.get("vary")).toBe("Cookie");
    });
  });

  describe("the record", () => {
    it("names every player by army, the N-FEN start, the moves by rounds, who went out and how it ended", async () => {
      const r = await get(recordRoute, ids.threeOver, "record");
      expect(r.status).toBe(200);
      expect(r.headers.get("content-disposition")).toMatch(/^attachment; filename="three-player-3-players-/);
      const text = await r.text();
      expect(text).toContain('[White "Carol"]\n[Grey "Dave"]\n[Black "Bob"]\n[NFEN "');
      expect(text).toContain('[Ending "White and Grey win: Black resigned"]');
      expect(text).toContain('[Result "w 1 2, g 1 2, b 3 0"]');
      expect(text).toContain("\n\n1. P f2-f4 {Black resigned} {White and Grey win: Black resigned}\n");
      const four = await (await get(recordRoute, ids.fourActive, "record")).text();
      expect(four).toContain('[Red "Alice"]\n[Blue "Bob"]\n[Yellow "Carol"]\n[Green "Dave"]');
      expect(four).toContain('[Result "*"]');
      expect(four).toContain("\n\n1. P h2-h3 P b7-c7 P h13-h12 P m8-l8 *\n");
    });

    it("/pgn refuses them clearly; a private one is no game to strangers, on both", async () => {
      const pgn = await get(pgnRoute, ids.threeOver, "pgn");
      expect(pgn.status).toBe(404);
      expect(await pgn.text()).toMatch(/^PGN holds two players, and this game has 3; download the record instead/);
      for (const who of [null, u.eve, u.dave]) {
        ctx.user = who;
        for (const [route, path] of [[recordRoute, "record"], [pgnRoute, "pgn"]] as const) {
          const r = await get(route, ids.private, path);
          expect(r.status).toBe(404);
          expect(await r.text()).toBe("No such game.\n");
        }
      }
      ctx.user = u.bob;
      const mine = await get(recordRoute, ids.private, "record");
      expect(mine.status).toBe(200);
      expect(mine.headers.get("cache-control")).toBe("private, no-store");
    });
  });

  describe("link previews", () => {
    const meta = (id: string, search: Record<string, string> = {}) => generateMetadata({ params: Promise.resolve({ id }), searchParams: Promise.resolve(search) });

    it("title the players and the game, with the picture of that ply", async () => {
      const m = await meta(ids.fourActive);
      expect(m.title).toBe("Alice, Bob, Carol, Dave · Four-player chess · Courier Variants");
      expect(m.description).toContain("ongoing, Red to play");
      expect(JSON.stringify(m.openGraph)).toContain(`/games/${ids.fourActive}/board.png?ply=4`);
      const earlier = await meta(ids.fourActive, { ply: "2" });
      expect(earlier.title).toBe("Alice, Bob, Carol, Dave · Four-player chess · after ply 2 · Courier Variants");
      expect((await meta(ids.threeOver)).description).toContain("White and Grey win: Black resigned");
    });

    it("give a private game no preview for strangers", async () => {
      for (const who of [null, u.eve]) {
        ctx.user = who;
        const m = await meta(ids.private);
        expect(m.title).toBe("Game not found · Courier Variants");
        expect(m.openGraph).toBeUndefined();
      }
      ctx.user = u.alice;
      expect((await meta(ids.private)).title).toBe("Alice, Bob, Carol · Three-player chess · Courier Variants");
    });
  });
});
