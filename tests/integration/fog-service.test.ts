/**
 * The fog gate on real PostgreSQL (docs/games/fog-of-war.md#what-each-surface-shows):
 * `gameAsSeenBy` through the game view for each role (White, Black, a signed-in stranger,
 * signed out) at each stage (just begun, under way, over), and the routes that read
 * through it — the state poll, the move action, the board pictures with their caching
 * headers, the Open Graph preview, the record and PGN downloads, the feed, the "your turn"
 * email and the record import. The cross-surface leak matrix: tests/integration/fog-leaks.test.ts.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Db } from "@/lib/db/client";
import { emailOutbox, games, type User } from "@/lib/db/schema";
import { testDrivers, type TestDb } from "@/lib/db/testing";
import { GameError, claimDraw, getGameView, resign, submitMove } from "@/lib/games";
import { UNSEEN_MOVE, gameAsSeenBy } from "@/lib/games/fog";
import { positionAt } from "@/lib/games/pictures";
import { importRecord } from "@/lib/games/records";
import { Game, viewFen } from "@/lib/rules";
import { T0, insertActiveGame, seedPlayers, type Players } from "../support/games";
import type { Executor } from "@/lib/db/client";
import { sessionTokenOf } from "../support/sessions";

const ctx = vi.hoisted(() => ({ user: null as User | null, db: null as unknown }));
vi.mock("next/navigation", () => ({
  redirect: (url: string) => {
    throw new Error(`NEXT_REDIRECT ${url}`);
  },
}));
vi.mock("@/lib/mail/worker", () => ({ wakeOutboxWorker: () => {} }));
vi.mock("@/lib/db/client", async (original) => ({ ...(await original<object>()), getDb: async () => ctx.db }));
// A move's session is checked with its game's read: a real one for ctx.user (tests/support/sessions.ts).
vi.mock("@/lib/auth", () => ({ getCurrentUser: async () => ctx.user, sessionToken: () => sessionTokenOf(ctx.db as Executor, ctx.user) }));

import { moveAction } from "@/app/games/[id]/actions";
import { toGameState } from "@/app/games/[id]/load";
import { withMove } from "@/app/_components/game-state";
import { GET as boardPng } from "@/app/games/[id]/board.png/route";
import { GET as boardSvg } from "@/app/games/[id]/board.svg/route";
import { gamePreview } from "@/app/games/[id]/metadata";
import { GET as pgnFile } from "@/app/games/[id]/pgn/route";
import { GET as recordFile } from "@/app/games/[id]/record/route";
import { GET as stateRoute } from "@/app/games/[id]/state/route";
import { playerFeed } from "@/lib/games/feed";
import { withBodies } from "../support/mail";

type Handler = (request: Request, c: { params: Promise<{ id: string }> }) => Promise<Response>;
const get = (handler: Handler, id: string, query = "") =>
  handler(new Request(`http://localhost:3000/games/${id}/x${query}`), { params: Promise.resolve({ id }) });

const FOG = "fog-of-war";
// White's e-pawn goes to e4, where no black piece can move: Black cannot see it. Black's
// knight goes to c6, where no white piece can move: White cannot see it.
const OPENING = ["P e2-e4", "n b8-c6"];

/** The piece letter on a square of a FEN ("" for empty, "?" for unseen). */
function at(fen: string, square: string): string {
  const rows = fen.split(" ")[0].split("/").map((r) => r.replace(/\d+/g, (n) => ".".repeat(Number(n))));
  const ch = rows[rows.length - Number(square.slice(1))][square.charCodeAt(0) - 97];
  return ch === "." ? "" : ch;
}
const board = (fen: string) => fen.split(" ")[0];

const pg = testDrivers.filter((d) => d.driver === "postgres");

describe.each(pg)("the fog gate on $driver", ({ create }) => {
  let handle: TestDb;
  let db: Db;
  let p: Players;
  let users: Record<keyof Players, User>;

  beforeAll(async () => {
    handle = await create();
    db = handle.db;
    ctx.db = db;
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(async () => {
    p = await seedPlayers(db);
    const rows = await db.query.users.findMany();
    const byId = (id: string) => rows.find((u) => u.id === id)!;
    users = { alice: byId(p.alice), bob: byId(p.bob), carol: byId(p.carol), dave: byId(p.dave) };
    ctx.user = null;
  });

  /** Alice (White) and Bob (Black) have played `moves`. */
  const fogGame = (moves: string[] = OPENING, visibility: "public" | "private" = "public") =>
    insertActiveGame(db, { white: p.alice, black: p.bob, variant: FOG, moves, visibility });
  const real = async (id: string) => (await db.select().from(games).where(eq(games.id, id)))[0];

  describe("the game view, each role at each stage", () => {
    it("at the start: each player sees their own half, anyone else a board of ? only", async () => {
      const id = await fogGame([]);
      const white = await getGameView(db, id, p.alice);
      expect(white.fog).toEqual({ side: "white" });
      expect(at(white.game.currentFen, "e2")).toBe("P");
      expect(at(white.game.currentFen, "e7")).toBe("?");
      expect(at(white.game.currentFen, "e4")).toBe("");
      const black = await getGameView(db, id, p.bob);
      expect(at(black.game.currentFen, "e7")).toBe("p");
      expect(at(black.game.currentFen, "e2")).toBe("?");
      for (const viewer of [p.carol, null]) {
        const v = await getGameView(db, id, viewer);
        expect(v.fog).toEqual({ side: null });
        expect(board(v.game.currentFen)).toBe("????????/????????/????????/????????/????????/????????/????????/????????");
        expect(board(v.game.startFen)).toBe(board(v.game.currentFen));
      }
    });

    it("under way: own moves written, the opponent's '…', every FEN the viewer's view", async () => {
      const id = await fogGame();
      const stored = await real(id);
      const white = await getGameView(db, id, p.alice);
      expect(white.moves.map((m) => m.text)).toEqual(["P e2-e4", UNSEEN_MOVE]);
      expect(at(white.game.currentFen, "c6")).toBe("?"); // Black's knight, unseen by White
      expect(at(white.game.currentFen, "e4")).toBe("P");
      const black = await getGameView(db, id, p.bob);
      expect(black.moves.map((m) => m.text)).toEqual([UNSEEN_MOVE, "n b8-c6"]);
      expect(at(black.game.currentFen, "e4")).toBe("?"); // White's pawn, unseen by Black
      expect(at(black.game.currentFen, "c6")).toBe("n");
      // Ply by ply the view of the stored position, with the halfmove clock hidden (0).
      const storedMoves = await db.query.moves.findMany({ where: (m, o) => o.eq(m.gameId, id), orderBy: (m, o) => o.asc(m.ply) });
      expect(black.moves.map((m) => m.fenAfter)).toEqual(storedMoves.map((m) => viewFen(FOG, m.fenAfter, "black").replace(/ \d+ (\d+)$/, " 0 $1")));
      expect(black.game.currentFen).not.toBe(stored.currentFen);
      for (const viewer of [p.carol, null]) {
        const v = await getGameView(db, id, viewer);
        expect(v.moves.map((m) => m.text)).toEqual([UNSEEN_MOVE, UNSEEN_MOVE]);
        for (const fen of [v.game.startFen, v.game.currentFen, ...v.moves.map((m) => m.fenAfter)]) {
          expect(board(fen)).toMatch(/^[?/]+$/);
          expect(fen.split(" ").slice(2, 5)).toEqual(["-", "-", "0"]);
        }
      }
    });

    it("over: everyone sees the game as stored, every move and the full board", async () => {
      const id = await fogGame();
      await resign(db, p.alice, { gameId: id }, T0);
      const stored = await real(id);
      for (const viewer of [p.alice, p.bob, p.carol, null]) {
        const v = await getGameView(db, id, viewer);
        expect(v.fog).toBeNull();
        expect(v.moves.map((m) => m.text)).toEqual(OPENING);
        expect(v.game.currentFen).toBe(stored.currentFen);
      }
    });

    it("a game that hides nothing passes the gate unchanged", async () => {
      const id = await insertActiveGame(db, { white: p.alice, black: p.bob, variant: "chess", moves: ["P e2-e4"] });
      const g = await real(id);
      const row = { ply: 1, text: "P e2-e4", fenAfter: g.currentFen };
      expect(gameAsSeenBy(g, [row], null)).toEqual({ game: g, moves: [row], hidden: false, side: null });
    });
  });

  describe("the routes", () => {
    it("the state poll gives each viewer their view and no opponent's move text", async () => {
      const id = await fogGame();
      ctx.user = users.bob;
      const asBob = await (await get(stateRoute, id)).text();
      expect(asBob).not.toContain("e2-e4");
      expect(asBob).toContain("n b8-c6");
      const state = JSON.parse(asBob);
      expect(state.fog.side).toBe("black");
      expect(state.fog.views).toHaveLength(3);
      expect(at(state.fog.views[2], "e4")).toBe("?");
      ctx.user = users.carol;
      const asCarol = JSON.parse(await (await get(stateRoute, id)).text());
      expect(asCarol.moves).toEqual([UNSEEN_MOVE, UNSEEN_MOVE]);
      expect(asCarol.fog.views.every((f: string) => /^[?/]+$/.test(board(f)))).toBe(true);
    });

    it("the move action answers with the mover's view, and the builder's moves are the view's", async () => {
      const id = await fogGame();
      ctx.user = users.alice;
      const before = await getGameView(db, id, p.alice);
      const offered = Game.start(FOG, before.game.currentFen).legalMoves().map((m) => m.text);
      expect(offered).toContain("B f1-c4");
      const r = await moveAction({ gameId: id, expectedPly: 2, move: "B f1-c4" });
      if (!r.ok || !("played" in r)) throw new Error(JSON.stringify(r));
      const text = JSON.stringify(r);
      expect(text).not.toContain("b8-c6");
      // The page applies the answer to what it held: the state a fresh read gives.
      const now = withMove(toGameState(before), r.played, "white");
      expect(now).toEqual(toGameState(await getGameView(db, id, p.alice)));
      expect(now.moves).toEqual(["P e2-e4", UNSEEN_MOVE, "B f1-c4"]);
      expect(at(now.fog!.views[3], "c4")).toBe("B");
    });

    it("a refusal is judged on the mover's view: its words are the view's", async () => {
      // 1. e4 e5: Black's pawn on e5 cannot see the White pawn in front of it.
      const id = await fogGame(["P e2-e4", "P e7-e5", "N g1-f3"]);
      const view = (await getGameView(db, id, p.bob)).game.currentFen;
      expect(at(view, "e4")).toBe("?");
      let fromView = "";
      try {
        Game.start(FOG, view).play("P e5-e4");
      } catch (e) {
        fromView = (e as Error).message;
      }
      expect(fromView).not.toBe("");
      const refused = await submitMove(db, p.bob, { gameId: id, expectedPly: 3, move: "P e5-e4" }).then(() => null, (e: unknown) => e);
      expect(refused).toBeInstanceOf(GameError);
      expect((refused as GameError).message).toBe(fromView);
    });

    it("draws are not claimed in fog", async () => {
      const id = await fogGame();
      const e = await claimDraw(db, p.alice, { gameId: id, reason: "threefold-repetition" as never }).then(() => null, (x: unknown) => x);
      expect(e).toBeInstanceOf(GameError);
      expect((e as GameError).message).toContain("agreed, not claimed");
    });

    it("board pictures: per viewer, never cached for another, a stranger's all fog", async () => {
      const id = await fogGame();
      ctx.user = null;
      const anon = await get(boardSvg, id);
      expect(anon.status).toBe(200);
      expect(anon.headers.get("cache-control")).toBe("private, no-store");
      expect(anon.headers.get("vary")).toBe("Cookie");
      expect(anon.headers.get("etag")).toBeNull();
      const anonSvg = await anon.text();
      expect(anonSvg).not.toMatch(/data-piece|data-highlight="last-move"/);
      expect((anonSvg.match(/data-fog=/g) ?? []).length).toBe(64);
      ctx.user = users.bob;
      const bobSvg = await (await get(boardSvg, id)).text();
      expect(bobSvg).toContain('data-fog="e4"');
      expect(bobSvg).not.toContain('data-fog="c6"');
      // Bob's own last move (b8-c6) may be highlighted; White's (e2-e4) never.
      const bobAtPly1 = await (await get(boardSvg, id, "?ply=1")).text();
      expect(bobAtPly1).not.toContain('data-highlight="last-move"');
      ctx.user = users.alice;
      const png = await get(boardPng, id, "?ply=2");
      expect(png.headers.get("cache-control")).toBe("private, no-store");
      expect(png.headers.get("etag")).toBeNull();
      const aliceAt2 = await positionAt(db, id, p.alice, 2);
      expect(aliceAt2.ok && aliceAt2.position.moveText).toBe(UNSEEN_MOVE);
      expect(aliceAt2.ok && aliceAt2.position.drawing.lastMove).toEqual([]);
    });

    it("the Open Graph preview names no opponent's move and points at a per-viewer picture", async () => {
      const id = await fogGame();
      const anon = await gamePreview(id, 1, null);
      expect(JSON.stringify(anon)).not.toContain("e2-e4");
      const bob = await gamePreview(id, 1, p.bob);
      expect(JSON.stringify(bob)).not.toContain("e2-e4");
      const alice = await gamePreview(id, 1, p.alice);
      expect(JSON.stringify(alice)).toContain("P e2-e4");
    });

    it("record and PGN: refused to everyone while on, given once over", async () => {
      const id = await fogGame();
      for (const u of [users.alice, users.bob, users.carol, null]) {
        ctx.user = u;
        for (const route of [recordFile, pgnFile]) {
          const r = await get(route, id);
          expect(r.status).toBe(403);
          expect(await r.text()).not.toContain("e2-e4");
        }
      }
      await resign(db, p.bob, { gameId: id }, T0);
      ctx.user = null;
      const r = await get(recordFile, id);
      expect(r.status).toBe(200);
      expect(await r.text()).toContain("e2-e4");
    });

    it("the feed: a move played in fog, no move text, no picture", async () => {
      await fogGame();
      const feed = await playerFeed(db, "Alice", "http://localhost:3000");
      expect(feed!.xml).toContain("in fog");
      expect(feed!.xml).not.toContain("b8-c6");
      expect(feed!.xml).not.toContain("board.png");
    });

    it("the your-turn email never names the opponent's move nor shows a board", async () => {
      const id = await fogGame();
      await submitMove(db, p.alice, { gameId: id, expectedPly: 2, move: "B f1-c4" });
      const [mail] = await withBodies(await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "your-turn")));
      expect(mail.toAddress).toBe("bob@example.test");
      const all = `${mail.subject}\n${mail.text}\n${mail.html}`;
      expect(all).not.toMatch(/f1-c4|B f1|board\.png/);
      expect(mail.text).toContain("Alice has moved");
    });

    it("the import refuses a record that starts from a view", async () => {
      const view = viewFen(FOG, Game.start(FOG).fen(), "white");
      // (Read as a position, the view would end in stalemate: Black has nothing it can see to move.)
      const text = `[Variant "fog-of-war"]\n[FEN "${view}"]\n[Result "1/2-1/2"]\n\n1. P e2-e4 1/2-1/2\n`;
      const r = await importRecord(db, p.alice, text, "public");
      expect(r).toEqual({ ok: false, error: expect.stringContaining("a player's view") });
      // The same record from the whole board is a game like any other.
      const whole = await importRecord(db, p.alice, text.replace(view, Game.start(FOG).fen()), "public");
      expect(whole.ok).toBe(true);
    });
  });
});
