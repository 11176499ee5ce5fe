/**
 * The game page and its poll read a game of two in one statement (lib/games/queries.ts
 * getGameView): the game, its players, moves, pending invitation, the viewer's chat and notes.
 * Counted with a logger on the database client, on PostgreSQL and on PGlite (the embedded
 * default), for a player, a spectator and a signed-out visitor, with what each one reads.
 * The poll's full answer (GET /games/<id>/state) adds only its first small read of the version.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { games, invitations, type User } from "@/lib/db/schema";
import { statementLog, testDrivers, type TestDb } from "@/lib/db/testing";
import { getGameView } from "@/lib/games";
import { postChat, reportMessage, saveNote, setMute } from "@/lib/games/chat";
import { UNSEEN_MOVE } from "@/lib/games/fog";
import { insertActiveGame, seedPlayers, type Players } from "../support/games";

const ctx = vi.hoisted(() => ({ db: null as unknown, user: null as User | null }));
vi.mock("@/lib/db/client", async (original) => ({ ...(await original<object>()), getDb: async () => ctx.db }));
// The session's own statement is counted in authorization-session.test.ts.
vi.mock("@/lib/auth", () => ({ getCurrentUser: async () => ctx.user }));

import { GET as state } from "@/app/games/[id]/state/route";

describe.each(testDrivers)("one statement per game view ($driver)", ({ create }) => {
  const log = statementLog();
  let handle: TestDb;
  let p: Players;
  let alice: User;
  let chess: string, fog: string;

  beforeAll(async () => {
    handle = await create({ logger: log });
    ctx.db = handle.db;
    p = await seedPlayers(handle.db);
    alice = (await handle.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, p.alice) }))!;
    chess = await insertActiveGame(handle.db, { white: p.alice, black: p.bob, moves: ["P e2-e4", "p e7-e5", "N g1-f3"] });
    fog = await insertActiveGame(handle.db, { white: p.alice, black: p.bob, variant: "fog-of-war", moves: ["P e2-e4", "p e7-e5"] });
    const at = (s: number) => new Date(Date.UTC(2026, 11, 4, 12, 0, s));
    await postChat(handle.db, p.alice, { gameId: chess, text: "Good luck" }, at(1));
    await postChat(handle.db, p.bob, { gameId: chess, text: "You too" }, at(2));
    await postChat(handle.db, p.bob, { gameId: chess, text: "rude words" }, at(3));
    const view = await getGameView(handle.db, chess, p.alice);
    await reportMessage(handle.db, p.alice, { gameId: chess, messageId: view.chat!.messages[2].id });
    await saveNote(handle.db, p.alice, { gameId: chess, text: "watch the e-file" });
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(() => {
    log.reset();
  });

  it("a player: the game, moves, chat (their reports marked) and their notes, in one statement", async () => {
    const view = await getGameView(handle.db, chess, p.alice);
    expect(log.statements).toHaveLength(1);
    expect(view.moves.map((m) => [m.ply, m.text])).toEqual([[1, "P e2-e4"], [2, "p e7-e5"], [3, "N g1-f3"]]);
    expect(view.whiteName).toBe("Alice");
    expect(view.chat).toMatchObject({ off: null, muted: false, open: true });
    expect(view.chat!.messages.map((m) => [m.text, m.mine, m.reported])).toEqual([
      ["Good luck", true, false], ["You too", false, false], ["rude words", false, true],
    ]);
    expect(view.chat!.messages[0].at).toBe("2026-12-04T12:00:01.000Z");
    expect(view.note).toBe("watch the e-file");
    expect(view.invitation).toBeNull();
  });

  it("the opponent muted: only the viewer's own messages, still one statement", async () => {
    await setMute(handle.db, p.alice, { gameId: chess, mute: true });
    log.reset();
    const view = await getGameView(handle.db, chess, p.alice);
    expect(log.statements).toHaveLength(1);
    expect(view.chat).toMatchObject({ muted: true });
    expect(view.chat!.messages.map((m) => m.text)).toEqual(["Good luck"]);
    await setMute(handle.db, p.alice, { gameId: chess, mute: false });
  });

  it("a spectator and a signed-out visitor: no chat, no notes, one statement each", async () => {
    for (const viewer of [p.carol, null]) {
      log.reset();
      const view = await getGameView(handle.db, chess, viewer);
      expect(log.statements).toHaveLength(1);
      expect(view.chat).toBeNull();
      expect(view.note).toBeNull();
      expect(view.moves).toHaveLength(3);
    }
  });

  it("Fog of War: the player's own views through the gate, from the same one statement", async () => {
    const view = await getGameView(handle.db, fog, p.bob);
    expect(log.statements).toHaveLength(1);
    expect(view.fog).toEqual({ side: "black" });
    expect(view.moves.map((m) => m.text)).toEqual([UNSEEN_MOVE, "p e7-e5"]);
    expect(view.moves.every((m) => m.fenAfter.includes("?"))).toBe(true);
  });

  it("an open challenge: its pending invitation with the invitee's name", async () => {
    const [g] = await handle.db.insert(games).values({
      variant: "chess", whiteId: p.alice, status: "open", startFen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      currentFen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", daysPerMove: 3,
    }).returning();
    const [inv] = await handle.db.insert(invitations).values({ gameId: g.id, fromId: p.alice, kind: "user", toUserId: p.bob }).returning();
    log.reset();
    const view = await getGameView(handle.db, g.id, p.alice);
    expect(log.statements).toHaveLength(1);
    expect(view.invitation).toEqual({ id: inv.id, kind: "user", fromId: p.alice, toUserId: p.bob, toName: "Bob", token: inv.token });
    await handle.db.delete(games).where(eq(games.id, g.id));
  });

  it("the poll's full answer: the version's read and the view's, two statements", async () => {
    ctx.user = alice;
    const r = await state(new Request(`http://localhost:3000/games/${chess}/state?since=1`), { params: Promise.resolve({ id: chess }) });
    expect(r.status).toBe(200);
    expect(((await r.json()) as { moves: string[] }).moves).toHaveLength(3);
    expect(log.statements).toHaveLength(2);
  });
});
