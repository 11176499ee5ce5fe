/**
 * The move action answers with what the move changed, and the page applies it to the state it
 * holds (withMove) instead of the action reading the game again (issue 18): applied, it must be
 * exactly the state a fresh read gives. A move the page cannot make from what it holds (one that
 * ended the game, or was answered by a conditional move at once) answers with the fresh state.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { users as usersTable, type User } from "@/lib/db/schema";
import { createTestPostgres, type TestDb } from "@/lib/db/testing";
import { addConditionalLine, getGameView, offerDraw } from "@/lib/games";
import { insertActiveGame, seedPlayers, type Players } from "../support/games";
import type { Executor } from "@/lib/db/client";
import { sessionTokenOf } from "../support/sessions";

const ctx = vi.hoisted(() => ({ user: null as User | null, db: null as unknown, wakes: 0 }));
vi.mock("@/lib/mail/worker", () => ({ wakeOutboxWorker: () => void ctx.wakes++ }));
vi.mock("@/lib/db/client", async (original) => ({ ...(await original<object>()), getDb: async () => ctx.db }));
// A move's session is checked with its game's read: a real one for ctx.user (tests/support/sessions.ts).
vi.mock("@/lib/auth", () => ({ getCurrentUser: async () => ctx.user, sessionToken: () => sessionTokenOf(ctx.db as Executor, ctx.user) }));

import { moveAction } from "@/app/games/[id]/actions";
import { toGameState } from "@/app/games/[id]/load";
import { withMove } from "@/app/_components/game-state";

describe("the move action's answer", () => {
  let handle: TestDb;
  let p: Players;
  let users: Record<string, User>;

  beforeAll(async () => {
    handle = await createTestPostgres();
    ctx.db = handle.db;
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(async () => {
    p = await seedPlayers(handle.db);
    const rows = await handle.db.query.users.findMany();
    users = Object.fromEntries(Object.entries(p).map(([k, id]) => [k, rows.find((u) => u.id === id)!]));
  });

  const pageOf = async (id: string, viewer: string) => toGameState(await getGameView(handle.db, id, viewer));

  it("is what the move changed, and applied to the page's state it is the fresh state, a draw offer of the mover's standing", async () => {
    const id = await insertActiveGame(handle.db, { white: p.alice, black: p.bob, moves: ["P e2-e4"] });
    await offerDraw(handle.db, p.bob, { gameId: id });
    const held = await pageOf(id, p.bob);
    ctx.user = users.bob;
    const r = await moveAction({ gameId: id, expectedPly: 1, move: "p e7-e5" });
    if (!r.ok || !("played" in r)) throw new Error(JSON.stringify(r));
    expect(r.played).toMatchObject({ ply: 2, text: "p e7-e5" });
    const now = withMove(held, r.played, "black");
    expect(now).toEqual(await pageOf(id, p.bob));
    expect(now.drawOffer).toBe("black");
    // The opponent's offer is declined by the move, on the page as in the game.
    await offerDraw(handle.db, p.bob, { gameId: id });
    const held2 = await pageOf(id, p.alice);
    ctx.user = users.alice;
    const r2 = await moveAction({ gameId: id, expectedPly: 2, move: "N g1-f3" });
    if (!r2.ok || !("played" in r2)) throw new Error(JSON.stringify(r2));
    expect(withMove(held2, r2.played, "white")).toEqual(await pageOf(id, p.alice));
    // A page that heard of the move already (its event stream was first) keeps what it has.
    const fresh = await pageOf(id, p.alice);
    expect(withMove(fresh, r2.played, "white")).toBe(fresh);
  });

  it("is the fresh state when the move ends the game", async () => {
    const id = await insertActiveGame(handle.db, { white: p.alice, black: p.bob, moves: ["P f2-f3", "p e7-e5", "P g2-g4"] });
    ctx.user = users.bob;
    const r = await moveAction({ gameId: id, expectedPly: 3, move: "q d8-h4" });
    expect(r).toEqual({ ok: true, state: await pageOf(id, p.bob) });
    expect(r.ok && "state" in r && r.state.status).toBe("finished");
  });

  it("is the fresh state when a conditional answer was played at once", async () => {
    const id = await insertActiveGame(handle.db, { white: p.alice, black: p.bob, moves: ["P e2-e4"] });
    await addConditionalLine(handle.db, p.alice, { gameId: id, expectedPly: 1, moves: ["p e7-e5", "N g1-f3"] });
    ctx.user = users.bob;
    const r = await moveAction({ gameId: id, expectedPly: 1, move: "p e7-e5" });
    expect(r).toEqual({ ok: true, state: await pageOf(id, p.bob) });
    expect(r.ok && "state" in r && r.state.moves).toEqual(["P e2-e4", "p e7-e5", "N g1-f3"]);
  });

  it("wakes the worker only when the move left it work: mail queued, a bot to move, a game over", async () => {
    const [bot] = await handle.db.insert(usersTable).values({ name: "Bot", botLevel: 3 }).returning();
    const moveAs = async (who: User, gameId: string, expectedPly: number, move: string) => {
      ctx.user = who;
      ctx.wakes = 0;
      const r = await moveAction({ gameId, expectedPly, move });
      if (!r.ok) throw new Error(JSON.stringify(r));
      return ctx.wakes;
    };
    // Bob wants an email every move; Carol a digest, which the clock sends on its own time.
    const toBob = await insertActiveGame(handle.db, { white: p.alice, black: p.bob });
    expect(await moveAs(users.alice, toBob, 0, "P e2-e4")).toBe(1);
    const toCarol = await insertActiveGame(handle.db, { white: p.alice, black: p.carol });
    expect(await moveAs(users.alice, toCarol, 0, "P e2-e4")).toBe(0);
    const toBot = await insertActiveGame(handle.db, { white: p.alice, black: bot.id });
    expect(await moveAs(users.alice, toBot, 0, "P e2-e4")).toBe(1);
    // A move judged under the game's lock (a conditional line waits, here one that this move does not answer): the same.
    for (const [opponent, wakes] of [[p.bob, 1], [p.carol, 0]] as const) {
      const locked = await insertActiveGame(handle.db, { white: p.alice, black: opponent, moves: ["P e2-e4", "p e7-e5"] });
      await addConditionalLine(handle.db, opponent, { gameId: locked, expectedPly: 2, moves: ["P d2-d4", "p d7-d5"] });
      expect(await moveAs(users.alice, locked, 2, "N g1-f3")).toBe(wakes);
    }
    // The game over queues mail to both, Carol's too.
    const mate = await insertActiveGame(handle.db, { white: p.carol, black: p.alice, moves: ["P f2-f3", "p e7-e5", "P g2-g4"] });
    expect(await moveAs(users.alice, mate, 3, "q d8-h4")).toBe(1);
  });

  it("is a refusal with the fresh state for a stale page, as before", async () => {
    const id = await insertActiveGame(handle.db, { white: p.alice, black: p.bob, moves: ["P e2-e4", "p e7-e5"] });
    ctx.user = users.alice;
    const r = await moveAction({ gameId: id, expectedPly: 1, move: "N g1-f3" });
    expect(r).toEqual({ ok: false, code: "stale", error: expect.stringMatching(/position changed/), state: await pageOf(id, p.alice) });
  });
});
