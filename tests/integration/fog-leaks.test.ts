/**
 * Nothing of a Fog of War game in progress leaks (docs/games/fog-of-war.md), on a
 * real database, through every surface a route handler or library function answers
 * (the pages themselves: tests/e2e/fog-of-war.spec.ts), for every role: White, Black,
 * a signed-in stranger, signed out; for a public and an unlisted game.
 *
 * Two proofs per cell:
 * - twins: games whose positions differ only where a role cannot see (and whose
 *   views agree at every ply, checked) must answer that role byte for byte the same
 *   (ids aside) — pictures pixel for pixel. Whatever a surface shows, it cannot
 *   depend on what is hidden;
 * - parsing: no FEN board in the answer names an unseen square, and no move the
 *   role did not see is written out.
 */
import { createHash } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { emailOutbox, games, type User } from "@/lib/db/schema";
import { createTestPostgres, type TestDb } from "@/lib/db/testing";
import { gamesOfPlayer, getGameView } from "@/lib/games";
import { listArchive } from "@/lib/games/archive";
import { parseArchiveQuery } from "@/lib/games/archive-params";
import { playerFeed } from "@/lib/games/feed";
import { recordByVariant } from "@/lib/games/overview";
import { Game, makeRulesState, variantInfo, viewFen } from "@/lib/rules";
import {
  FOG, LINES, ROLES, TWINS, fenOf, hiddenMoves, leaksIn, normalise, unseenByPly, unseenSquares, type Line, type Role,
} from "../support/fog";
import { insertActiveGame, seedPlayers, type Players } from "../support/games";
import type { Executor } from "@/lib/db/client";
import { sessionTokenOf } from "../support/sessions";

const ctx = vi.hoisted(() => ({ db: null as unknown, user: null as User | null }));
vi.mock("@/lib/db/client", async (original) => ({ ...(await original<object>()), getDb: async () => ctx.db }));
// A move's session is checked with its game's read: a real one for ctx.user (tests/support/sessions.ts).
vi.mock("@/lib/auth", () => ({ getCurrentUser: async () => ctx.user, sessionToken: () => sessionTokenOf(ctx.db as Executor, ctx.user) }));
vi.mock("@/lib/mail/worker", () => ({ wakeOutboxWorker: () => {} }));

import { moveAction } from "@/app/games/[id]/actions";
import { GET as boardPng } from "@/app/games/[id]/board.png/route";
import { GET as boardSvg } from "@/app/games/[id]/board.svg/route";
import { gamePreview } from "@/app/games/[id]/metadata";
import { GET as pgn } from "@/app/games/[id]/pgn/route";
import { GET as record } from "@/app/games/[id]/record/route";
import { GET as state } from "@/app/games/[id]/state/route";
import { withBodies } from "../support/mail";

const T0 = new Date("2026-12-01T12:00:00Z");
const at = (ply: number) => new Date(T0.getTime() + ply * 60_000);

type Handler = (request: Request, c: { params: Promise<{ id: string }> }) => Promise<Response>;
const get = (handler: Handler, id: string, query = "") =>
  handler(new Request(`http://localhost:3000/games/${id}/x${query}`), { params: Promise.resolve({ id }) });

/** A response as text to compare and parse; a picture as its decoded pixels' digest (parsed separately). */
async function answer(r: Response, picture = false): Promise<string> {
  const head = `${r.status} ${r.headers.get("content-type") ?? ""}\n`;
  if (!picture || r.status !== 200) return head + (await r.text());
  const { data, info } = await sharp(Buffer.from(await r.arrayBuffer())).raw().toBuffer({ resolveWithObject: true });
  return `${head}${info.width}x${info.height} ${createHash("sha256").update(data).digest("hex")}`;
}

describe.each(["public", "unlisted"] as const)("Fog of War in progress, %s: nothing leaks", (visibility) => {
  let handle: TestDb;
  let p: Players;
  let users: Record<string, User>;
  const ids = {} as Record<Line, string>;
  /** Every move action's answer, by game and ply, as its mover got it. */
  const answers = {} as Record<Line, string[]>;
  /** Each role's surfaces, by game: surface name → normalised answer. */
  const seen = {} as Record<Role, Record<Line, Record<string, string>>>;

  const userOf = (role: Role): User | null =>
    role === "white" ? users.alice : role === "black" ? users.bob : role === "stranger" ? users.carol : null;
  async function surfaces(line: Line, role: Role): Promise<Record<string, string>> {
    const id = ids[line];
    ctx.user = userOf(role);
    const viewer = ctx.user?.id ?? null;
    const out: Record<string, string> = {};
    out.state = await answer(await get(state, id));
    out["state since"] = await answer(await get(state, id, "?since=1"));
    for (const q of ["", "?flip=1", ...[0, 1, 2, 3, 4].map((n) => `?ply=${n}`)]) {
      out[`board.svg${q}`] = await answer(await get(boardSvg, id, q));
      out[`board.png${q}`] = await answer(await get(boardPng, id, q), true);
    }
    // The stored game as the gate gives it to every surface (its rules state is the real position).
    out["game view"] = JSON.stringify((await getGameView(handle.db, id, viewer)).game);
    out.record = await answer(await get(record, id));
    out.pgn = await answer(await get(pgn, id));
    for (const ply of [undefined, 0, 1, 2, 3, 4]) out[`metadata ply=${ply}`] = JSON.stringify(await gamePreview(id, ply, viewer));
    // A move tried by someone whose turn it is not: the refusal carries the state.
    out["move refused"] = JSON.stringify(await moveAction({ gameId: id, expectedPly: 4, move: "p a7-a6" }));
    const mail = await withBodies(await handle.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, ctx.user?.email ?? "nobody@example.test")));
    out.emails = mail
      .filter((m) => m.payload?.gameId === id)
      .map((m) => `${m.kind}\n${m.subject}\n${m.text}\n${m.html}`).sort().join("\n----\n");
    for (const key of Object.keys(out)) out[key] = normalise(out[key]);
    return out;
  }

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(T0);
    handle = await createTestPostgres({ max: 2 });
    ctx.db = handle.db;
    p = await seedPlayers(handle.db);
    const rows = await handle.db.query.users.findMany();
    users = Object.fromEntries(Object.entries(p).map(([k, id]) => [k, rows.find((u) => u.id === id)!]));
    for (const line of Object.keys(LINES) as Line[]) {
      ids[line] = await insertActiveGame(handle.db, { white: p.alice, black: p.bob, variant: FOG, visibility });
      answers[line] = [];
    }
    // The three games move by move in step, at the same times, so their clocks and versions agree.
    for (let ply = 0; ply < 4; ply++) {
      vi.setSystemTime(at(ply + 1));
      for (const line of Object.keys(LINES) as Line[]) {
        ctx.user = ply % 2 === 0 ? users.alice : users.bob;
        const result = await moveAction({ gameId: ids[line], expectedPly: ply, move: LINES[line][ply] });
        expect(result.ok, `${line} ply ${ply + 1}: ${JSON.stringify(result)}`).toBe(true);
        answers[line].push(normalise(JSON.stringify(result)));
      }
    }
    vi.setSystemTime(at(10));
    for (const role of ROLES) {
      seen[role] = {} as Record<Line, Record<string, string>>;
      for (const line of Object.keys(LINES) as Line[]) seen[role][line] = await surfaces(line, role);
    }
  }, 60_000);
  afterAll(async () => {
    vi.useRealTimers();
    await handle?.close();
  });

  it("the twins are twins: each side's view agrees with base at every ply (the halfmove clock aside), the real positions differ", () => {
    // The halfmove clock counts the opponent's unseen pawn moves: the service shows it as 0.
    const known = (fen: string, side: "white" | "black") => viewFen(FOG, fen, side).split(" ").filter((_, i) => i !== 4).join(" ");
    for (let ply = 0; ply <= 4; ply++) {
      expect(known(fenOf("whiteTwin", ply), "white"), `White's view at ply ${ply}`).toBe(known(fenOf("base", ply), "white"));
      expect(known(fenOf("blackTwin", ply), "black"), `Black's view at ply ${ply}`).toBe(known(fenOf("base", ply), "black"));
    }
    expect(fenOf("whiteTwin").split(" ")[4]).not.toBe(fenOf("base").split(" ")[4]);
    expect(fenOf("whiteTwin")).not.toBe(fenOf("base"));
    expect(fenOf("blackTwin")).not.toBe(fenOf("base"));
    // Each side has pieces the other cannot see.
    expect(viewFen(FOG, fenOf("base"), "white").split(" ")[0]).toContain("?");
    expect(viewFen(FOG, fenOf("base"), "black").split(" ")[0]).toContain("?");
  });

  it("the stored games are the real positions, with their rules states", async () => {
    for (const line of Object.keys(LINES) as Line[]) {
      const [g] = await handle.db.select().from(games).where(eq(games.id, ids[line]));
      expect(g.currentFen).toBe(fenOf(line));
      expect(g.rulesState).toBe(makeRulesState(Game.replay(FOG, g.startFen, LINES[line])));
    }
  });

  for (const role of ROLES) {
    for (const surface of ["game view", "state", "state since", "board.svg", "board.svg?flip=1", "board.png", "board.png?flip=1", "record", "pgn",
      "metadata ply=undefined", "move refused", "emails", ...[0, 1, 2, 3, 4].flatMap((n) => [`board.svg?ply=${n}`, `board.png?ply=${n}`, `metadata ply=${n}`])]) {
      it(`${surface} × ${role}`, () => {
        const mine = seen[role].base[surface];
        expect(mine).toBeDefined();
        for (const twin of TWINS[role]) expect(seen[role][twin][surface], `${surface} for ${role}: base and ${twin} differ`).toBe(mine);
        for (const line of Object.keys(LINES) as Line[]) {
          expect(leaksIn(seen[role][line][surface], unseenByPly(line, role), hiddenMoves(line, role)), `${line}`).toEqual([]);
        }
      });
    }
  }

  it("the pictures compared above tell views apart: White's, Black's and a spectator's differ", () => {
    for (const q of ["", "?ply=3"]) {
      const pictures = ["white", "black", "stranger"].map((role) => seen[role as Role].base[`board.png${q}`]);
      expect(new Set(pictures).size, `board.png${q}`).toBe(3);
    }
  });

  it("the move action's answer to its mover shows only the mover's view", () => {
    for (let ply = 0; ply < 4; ply++) {
      const role: Role = ply % 2 === 0 ? "white" : "black";
      for (const twin of TWINS[role]) expect(answers[twin][ply], `ply ${ply + 1}, ${role}: base and ${twin}`).toBe(answers.base[ply]);
      for (const line of Object.keys(LINES) as Line[]) {
        expect(leaksIn(answers[line][ply], unseenByPly(line, role, ply + 1), hiddenMoves(line, role).slice(0, Math.floor((ply + 1) / 2))))
          .toEqual([]);
      }
    }
  });

  it("strangers get no email of the game; each player's emails are checked above", async () => {
    const rows = await handle.db.select().from(emailOutbox);
    const ofGames = rows.filter((m) => Object.values(ids).includes(String(m.payload?.gameId)));
    expect(ofGames.map((m) => m.toAddress).filter((to) => !["alice@example.test", "bob@example.test"].includes(to))).toEqual([]);
  });

  it("game lists, the archive and its filters, the player's record and feed name no move and no position", async () => {
    const every = [unseenSquares(fenOf("base"), "signed-out")];
    const allMoves = [...new Set(Object.values(LINES).flat())];
    for (const role of ROLES) {
      const viewer = userOf(role)?.id ?? null;
      const lists = {
        home: await gamesOfPlayer(handle.db, p.alice, viewer),
        "home bob": await gamesOfPlayer(handle.db, p.bob, viewer),
        archive: await listArchive(handle.db, parseArchiveQuery({}), { viewerId: viewer }),
        "archive fog": await listArchive(handle.db, parseArchiveQuery({ variant: FOG }), { viewerId: viewer }),
        "archive ongoing": await listArchive(handle.db, parseArchiveQuery({ status: "ongoing" }), { viewerId: viewer }),
        "player page": await listArchive(handle.db, parseArchiveQuery({}, { playerFixed: true }), { viewerId: viewer, playerId: p.alice }),
        "player record": await recordByVariant(handle.db, p.alice, viewer),
      };
      for (const [name, list] of Object.entries(lists)) {
        expect(leaksIn(JSON.stringify(list), every, allMoves), `${name} × ${role}`).toEqual([]);
      }
    }
    for (const name of ["Alice", "Bob"]) {
      const feed = await playerFeed(handle.db, name, "http://localhost:3000");
      expect(leaksIn(feed?.xml ?? "", every, allMoves), `${name}'s feed`).toEqual([]);
    }
  });
});

describe("Fog of War once over: the whole game, to everyone its visibility lets in", () => {
  let handle: TestDb;
  let users: Record<string, User>;
  let id: string;
  const line = ["P e2-e3", "p f7-f6", "Q d1-h5", "p a7-a6", "Q h5-e8"];

  beforeAll(async () => {
    handle = await createTestPostgres({ max: 2 });
    ctx.db = handle.db;
    const p = await seedPlayers(handle.db);
    const rows = await handle.db.query.users.findMany();
    users = Object.fromEntries(Object.entries(p).map(([k, uid]) => [k, rows.find((u) => u.id === uid)!]));
    id = await insertActiveGame(handle.db, { white: p.alice, black: p.bob, variant: FOG });
    for (const [ply, move] of line.entries()) {
      ctx.user = ply % 2 === 0 ? users.alice : users.bob;
      const result = await moveAction({ gameId: id, expectedPly: ply, move });
      expect(result.ok, JSON.stringify(result)).toBe(true);
    }
  }, 30_000);
  afterAll(async () => {
    await handle?.close();
  });

  it("the king captured ends it; state, record and every ply's picture show the real game to every role", async () => {
    const [g] = await handle.db.select().from(games).where(eq(games.id, id));
    expect(g.status).toBe("finished");
    expect(g.result).toBe("1-0");
    for (const who of [users.alice, users.bob, users.carol, null]) {
      ctx.user = who;
      const s = (await (await get(state, id)).json()) as { moves: string[]; status: string };
      expect(s.status).toBe("finished");
      expect(s.moves).toEqual(line);
      const rec = await (await get(record, id)).text();
      for (const m of line) expect(rec).toContain(m);
      // After 2. Qh5 the queen stands on h5, drawn for all, with no fog left.
      const svg = await (await get(boardSvg, id, "?ply=3")).text();
      expect(svg).toMatch(/data-piece="wQ"[^>]*data-at="h5"/);
      expect(svg).not.toContain("data-fog");
    }
  });
});
