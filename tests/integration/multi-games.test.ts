/**
 * The service of the games for more than two (lib/games/multi.ts, docs/games-for-more-than-two-service.md)
 * against real PostgreSQL and PGlite: seats, turns, resignation and timeouts per army, the end, the emails.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { emailOutbox, gameEliminations, gameSeats, games, invitations, moves, users } from "@/lib/db/schema";
import { testDrivers, type TestDb } from "@/lib/db/testing";
import {
  GameError, acceptInvitation, createMultiChallenge, endVacation, getMultiGameView, multiGamesOf, openChallenges, openSeats, replayMulti, resignMulti, runClock,
  startVacation, submitMultiMove, withdrawInvitation,
} from "@/lib/games";
import { challengesBy } from "@/lib/games/overview";

const T0 = new Date("2026-12-01T12:00:00Z");
const DAY = 24 * 3600 * 1000;
const at = (days: number) => new Date(T0.getTime() + days * DAY);

// A three-player game that ends at its 11th move: White mates Black (found with the rules tool, docs/games/three-player.md).
const THREE_MATE = ["P f2-f4", "P e9-e8", "P l12-k12", "P h2-h4", "Q d9-g9", "R m13-f6", "P i2-i3", "P c7-e7", "P l8-k7", "B f1-i7", "B c8-f5"];
// Four-player chess in teams, ended at the 9th move by a team checkmate: Red and Yellow win (docs/games/four-player.md#teams).
const TEAMS_MATE = ["P f2-f3", "P b11-d11", "P i13-i11", "P m4-k4", "Q g1-c5", "P b9-d9", "Q h14-m9", "Q n8-m9", "Q c5-c10"];

async function refusal(p: Promise<unknown>): Promise<GameError> {
  const e = await p.then(() => null, (err: unknown) => err);
  expect(e).toBeInstanceOf(GameError);
  return e as GameError;
}

describe.each(testDrivers)("games for more than two on $driver", ({ create }) => {
  let handle: TestDb;
  let db: Db;
  let ids: Record<"alice" | "bob" | "carol" | "dave" | "eve", string>;

  beforeAll(async () => {
    handle = await create();
    db = handle.db;
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(async () => {
    await db.delete(emailOutbox);
    await db.delete(moves);
    await db.delete(gameEliminations);
    await db.delete(gameSeats);
    await db.delete(invitations);
    await db.delete(games);
    await db.delete(users).where(isNull(users.botLevel)); // the bots stay (drizzle/0007_bots.sql)
    const rows = await db.insert(users).values(["Alice", "Bob", "Carol", "Dave", "Eve"].map((name) => ({ name, email: `${name.toLowerCase()}@example.test` }))).returning();
    const [alice, bob, carol, dave, eve] = rows.map((r) => r.id);
    ids = { alice, bob, carol, dave, eve };
  });

  const outbox = () => db.select().from(emailOutbox).orderBy(asc(emailOutbox.createdAt));
  const gameRow = async (id: string) => (await db.select().from(games).where(eq(games.id, id)))[0];
  const seatsOf = (id: string) => db.select().from(gameSeats).where(eq(gameSeats.gameId, id)).orderBy(asc(gameSeats.seat));
  const seatsTaken = async (id: string) => (await seatsOf(id)).map((s) => s.userId);

  /** Alice creates a game in the lobby; the others take the seats in order; the game begins at T0. */
  async function started(variant: string, players: (keyof typeof ids)[], daysPerMove = 3, visibility: "public" | "private" = "public") {
    const c = await createMultiChallenge(db, ids.alice, { variant, seat: "random", daysPerMove, visibility, others: "link" }, T0);
    const seats = await seatsOf(c.gameId);
    // Alice's random seat is moved to the first army, so the players sit in the order given.
    await db.update(gameSeats).set({ userId: null }).where(eq(gameSeats.gameId, c.gameId));
    await db.update(gameSeats).set({ userId: ids.alice }).where(and(eq(gameSeats.gameId, c.gameId), eq(gameSeats.seat, 0)));
    expect(seats).toHaveLength(players.length);
    for (const [i, p] of players.entries()) if (i > 0) await acceptInvitation(db, ids[p], { token: c.token, army: seats[i].army }, T0);
    await db.delete(emailOutbox);
    return c.gameId;
  }

  async function play(gameId: string, line: string[], who: (keyof typeof ids)[], from = 0) {
    for (const [i, m] of line.entries()) {
      const ply = from + i;
      await submitMultiMove(db, ids[who[ply % who.length]], { gameId, expectedPly: ply, move: m }, at(ply * 0.1));
    }
  }

  it("creates a challenge of three seats, seats players by link, and starts when the last seat is taken", async () => {
    const c = await createMultiChallenge(db, ids.alice, { variant: "three-player", seat: "g", daysPerMove: 2, others: "link" }, T0);
    let g = await gameRow(c.gameId);
    expect(g).toMatchObject({ status: "open", seatCount: 3, whiteId: null, blackId: null, deadline: null, ply: 0 });
    expect(await seatsTaken(c.gameId)).toEqual([null, ids.alice, null]);
    // Not a two-player lobby entry; and the link's seats are for anyone holding it.
    expect((await openChallenges(db)).map((x) => x.gameId)).not.toContain(c.gameId);
    expect((await openSeats(db)).map((x) => x.gameId)).not.toContain(c.gameId);

    expect((await refusal(acceptInvitation(db, ids.bob, { token: c.token, army: "g" }, T0))).message).toMatch(/seat of Grey is taken/);
    expect((await refusal(acceptInvitation(db, ids.bob, { token: c.token, army: "q" }, T0))).message).toMatch(/no army q/);
    await acceptInvitation(db, ids.bob, { token: c.token, army: "b" }, at(0.1));
    g = await gameRow(c.gameId);
    expect(g.status).toBe("open");
    expect(g.updatedAt.getTime()).toBe(at(0.1).getTime());
    expect((await refusal(acceptInvitation(db, ids.bob, { token: c.token }, T0))).message).toMatch(/have a seat in this game already/);
    expect(await outbox()).toEqual([]);

    // Carol takes the last seat (the first free: White's, who moves first) and is on the page: nobody is mailed.
    await acceptInvitation(db, ids.carol, { token: c.token }, at(0.2));
    g = await gameRow(c.gameId);
    expect(g).toMatchObject({ status: "active" });
    expect(g.deadline?.getTime()).toBe(at(0.2).getTime() + 2 * DAY);
    expect(await seatsTaken(c.gameId)).toEqual([ids.carol, ids.alice, ids.bob]);
    expect((await db.select().from(invitations).where(eq(invitations.gameId, c.gameId)))[0].status).toBe("accepted");
    expect(await outbox()).toEqual([]);
    expect((await refusal(acceptInvitation(db, ids.dave, { token: c.token }, T0))).code).toBe("over");
  });

  it("lists open seats in the lobby, keeps seats for players invited by name, and mails the first to move", async () => {
    const c = await createMultiChallenge(db, ids.bob, { variant: "four-player", seat: "b", daysPerMove: 3, invite: ["alice"], others: "open" }, T0);
    const mails = await outbox();
    expect(mails.map((m) => [m.toAddress, m.kind])).toEqual([["alice@example.test", "invitation"]]);
    expect(mails[0].html + mails[0].text).not.toContain("bob@example.test");
    const lobby = (await openSeats(db)).find((x) => x.gameId === c.gameId)!;
    expect(lobby.free.map((f) => f.name)).toEqual(["Red", "Yellow", "Green"]);
    expect(lobby.name).toBe("Four-player chess");
    await acceptInvitation(db, ids.carol, { invitationId: lobby.invitationId, army: "y" }, T0);
    await acceptInvitation(db, ids.dave, { invitationId: lobby.invitationId, army: "g" }, T0);
    // Red's seat is kept for Alice: the lobby seats nobody else.
    expect((await refusal(acceptInvitation(db, ids.eve, { invitationId: lobby.invitationId }, T0))).message).toMatch(/kept for the players invited by name/);
    expect((await openSeats(db)).map((x) => x.gameId)).not.toContain(c.gameId);
    const [named] = await db.select().from(invitations).where(eq(invitations.toUserId, ids.alice));
    await db.delete(emailOutbox);
    await acceptInvitation(db, ids.alice, { invitationId: named.id }, at(1));
    expect((await gameRow(c.gameId)).status).toBe("active");
    expect(await seatsTaken(c.gameId)).toEqual([ids.alice, ids.bob, ids.carol, ids.dave]);
    // Alice sat down last and moves first: she is on the page, so no mail. Nobody else is to move.
    expect(await outbox()).toEqual([]);
  });

  it("the lobby lists the newest games with free seats first, at most as many as asked", async () => {
    const made = [];
    for (const [i, who] of (["alice", "bob", "carol"] as const).entries()) {
      made.push((await createMultiChallenge(db, ids[who], { variant: "three-player", daysPerMove: 3, others: "open" }, at(i))).gameId);
    }
    expect((await openSeats(db)).map((x) => x.gameId)).toEqual(made.toReversed());
    expect((await openSeats(db, 2)).map((x) => x.gameId)).toEqual([made[2], made[1]]);
    expect((await openSeats(db, 2))[0].free).toHaveLength(2);
  });

  it("a player invited by name who sits down from the lobby no longer holds a kept seat: the last seat goes to the next comer", async () => {
    const c = await createMultiChallenge(db, ids.bob, { variant: "three-player", seat: "w", daysPerMove: 3, invite: ["alice"], others: "open" }, T0);
    const lobby = (await openSeats(db)).find((x) => x.gameId === c.gameId)!;
    // Alice takes a seat from the lobby instead of her invitation.
    await acceptInvitation(db, ids.alice, { invitationId: lobby.invitationId, army: "g" }, T0);
    const [named] = await db.select().from(invitations).where(eq(invitations.toUserId, ids.alice));
    expect(named.status).toBe("accepted");
    // One seat left, and nobody waited for: Carol takes it, and the game begins.
    await acceptInvitation(db, ids.carol, { invitationId: lobby.invitationId }, T0);
    expect((await gameRow(c.gameId)).status).toBe("active");
    expect(await seatsTaken(c.gameId)).toEqual([ids.bob, ids.alice, ids.carol]);
  });

  it("shows a player invited by name their invitation on the game page, and its author the way to withdraw it; nobody else either", async () => {
    const c = await createMultiChallenge(db, ids.bob, { variant: "three-player", seat: "w", daysPerMove: 3, invite: ["alice"], others: "link" }, T0);
    const [named] = await db.select().from(invitations).where(eq(invitations.toUserId, ids.alice));
    const seen = async (viewer: string | null) => {
      const v = await getMultiGameView(db, c.gameId, viewer);
      if (v === "two") throw new Error("a game for more than two");
      return { invitedViewer: v.invitedViewer, withdrawable: v.withdrawable };
    };
    expect(await seen(ids.alice)).toEqual({ invitedViewer: { token: named.token }, withdrawable: null });
    expect((await seen(ids.bob)).withdrawable).not.toBeNull();
    expect((await seen(ids.bob)).invitedViewer).toBeNull();
    for (const stranger of [ids.carol, null]) expect(await seen(stranger)).toEqual({ invitedViewer: null, withdrawable: null });
    // The author's list of challenges is of games for two: this one is listed with their games for more than two.
    expect((await challengesBy(db, ids.bob)).map((x) => x.gameId)).not.toContain(c.gameId);
    expect((await multiGamesOf(db, ids.bob)).map((x) => x.id)).toContain(c.gameId);
    // Withdrawn, the game is cancelled.
    await withdrawInvitation(db, ids.bob, { invitationId: (await seen(ids.bob)).withdrawable!.invitationId }, T0);
    expect((await gameRow(c.gameId)).status).toBe("cancelled");
  });

  it("counts each invitation of one challenge against the day's limit, not only those sent before it", async () => {
    // Eight invitations by name today, then a challenge naming three more: the tenth is the last allowed.
    for (const invite of [["carol", "dave", "eve"], ["carol", "dave", "eve"], ["carol", "dave"]]) {
      await createMultiChallenge(db, ids.bob, { variant: "four-player", seat: "b", daysPerMove: 3, invite, others: "link" }, T0);
    }
    const before = (await db.select().from(games)).length;
    const error = await refusal(createMultiChallenge(db, ids.bob, { variant: "four-player", seat: "b", daysPerMove: 3, invite: ["alice", "eve", "carol"] }, T0));
    expect(error.message).toMatch(/at most 10 people by name or email a day/);
    expect((await db.select().from(games)).length).toBe(before);
  });

  it("plays moves in turn, mails only the next player, and refuses a move out of turn or by a stranger, changing nothing", async () => {
    const id = await started("three-player", ["alice", "bob", "carol"]);
    await submitMultiMove(db, ids.alice, { gameId: id, expectedPly: 0, move: THREE_MATE[0] }, T0);
    const mails = await outbox();
    expect(mails.map((m) => [m.toAddress, m.kind])).toEqual([["bob@example.test", "your-turn"]]);
    expect(mails[0].subject).toBe(`Alice played ${THREE_MATE[0]}: your move as Grey (Three-player chess)`);
    for (const other of ["alice@", "carol@"]) expect(mails[0].html + mails[0].text).not.toContain(other);
    // The board as it stands, turned to Grey, Bob's army (docs/games-for-more-than-two-service.md#the-turn-email).
    expect(mails[0].html).toContain(`/games/${id}/board.png?ply=1&amp;army=g`);
    expect((await gameRow(id)).deadline?.getTime()).toBe(T0.getTime() + 3 * DAY);

    const before = { game: await gameRow(id), moves: await db.select().from(moves).where(eq(moves.gameId, id)), mails: (await outbox()).length };
    // Carol (Black) before Bob (Grey): refused, her own move or Grey's, and nothing is stored.
    for (const move of [THREE_MATE[1], THREE_MATE[2]]) {
      const early = await refusal(submitMultiMove(db, ids.carol, { gameId: id, expectedPly: 1, move }, T0));
      expect([early.code, early.message]).toEqual(["not-your-turn", "it is Grey's turn, not yours (you play Black)"]);
    }
    const alien = await refusal(submitMultiMove(db, ids.eve, { gameId: id, expectedPly: 1, move: THREE_MATE[1] }, T0));
    expect(alien.code).toBe("forbidden");
    expect((await refusal(submitMultiMove(db, ids.bob, { gameId: id, expectedPly: 0, move: THREE_MATE[1] }, T0))).code).toBe("stale");
    expect((await refusal(submitMultiMove(db, ids.bob, { gameId: id, expectedPly: 1, move: "P a2-a3" }, T0))).code).toBe("illegal");
    expect(await gameRow(id)).toEqual(before.game);
    expect(await db.select().from(moves).where(eq(moves.gameId, id))).toEqual(before.moves);
    expect((await outbox()).length).toBe(before.mails);

    // Each player's own list: Bob's move first, the others' "Grey to move".
    expect((await multiGamesOf(db, ids.bob)).map((x) => [x.id, x.army, x.toMove, x.yourTurn])).toEqual([[id, "Grey", "Grey", true]]);
    expect((await multiGamesOf(db, ids.carol)).map((x) => [x.army, x.yourTurn])).toEqual([["Black", false]]);
    expect(await multiGamesOf(db, ids.eve)).toEqual([]);
    // The outbox's times are the moves' (all T0 here): clear it, rather than take the last by time.
    await db.delete(emailOutbox);
    await submitMultiMove(db, ids.bob, { gameId: id, expectedPly: 1, move: THREE_MATE[1] }, T0);
    expect((await outbox()).map((m) => [m.toAddress, m.kind])).toEqual([["carol@example.test", "your-turn"]]);
    const stored = await db.select().from(moves).where(eq(moves.gameId, id)).orderBy(asc(moves.ply));
    expect(stored.map((m) => [m.ply, m.text, m.playerId])).toEqual([[1, THREE_MATE[0], ids.alice], [2, THREE_MATE[1], ids.bob]]);
  });

  it("plays a three-player game to its checkmate: places stored, the ending in words, a game-over email to each", async () => {
    const id = await started("three-player", ["alice", "bob", "carol"]);
    await play(id, THREE_MATE, ["alice", "bob", "carol"]);
    const g = await gameRow(id);
    expect(g).toMatchObject({ status: "finished", result: null, endReason: "checkmate", ending: "White wins: checkmate", deadline: null, ply: 11 });
    expect((await seatsOf(id)).map((s) => [s.army, s.place, s.winner])).toEqual([["w", 1, true], ["g", 2, false], ["b", 3, false]]);
    const over = (await outbox()).filter((m) => m.kind === "game-over");
    expect(over.map((m) => [m.toAddress, m.subject]).sort()).toEqual([
      ["alice@example.test", "You won (Three-player chess): White wins: checkmate"],
      ["bob@example.test", "You placed 2nd (Three-player chess): White wins: checkmate"],
      ["carol@example.test", "You placed 3rd (Three-player chess): White wins: checkmate"],
    ]);
    for (const m of over) for (const u of ["alice", "bob", "carol"]) if (!m.toAddress.startsWith(u)) expect(m.html + m.text).not.toContain(`${u}@`);
    expect((await refusal(submitMultiMove(db, ids.alice, { gameId: id, expectedPly: 11, move: "P a2-a3" }, T0))).code).toBe("over");
  });

  it("ends a game in teams by a team checkmate: both partners win", async () => {
    const id = await started("four-player-teams", ["alice", "bob", "carol", "dave"]);
    await play(id, TEAMS_MATE, ["alice", "bob", "carol", "dave"]);
    expect(await gameRow(id)).toMatchObject({ status: "finished", endReason: "team-checkmate", ending: "Red and Yellow win: the other team was checkmated" });
    expect((await seatsOf(id)).filter((s) => s.winner).map((s) => s.userId)).toEqual([ids.alice, ids.carol]);
  });

  it("resigns one army: the game goes on, the turn skips it, its player may no longer move", async () => {
    const id = await started("four-player", ["alice", "bob", "carol", "dave"]);
    await submitMultiMove(db, ids.alice, { gameId: id, expectedPly: 0, move: "P d2-d3" }, T0);
    await db.delete(emailOutbox);
    // Bob (Blue), to move, resigns: Yellow's Carol is to move and is told so.
    await resignMulti(db, ids.bob, { gameId: id }, at(1));
    expect(await db.select({ army: gameEliminations.army, reason: gameEliminations.reason, afterPly: gameEliminations.afterPly }).from(gameEliminations))
      .toEqual([{ army: "b", reason: "resignation", afterPly: 1 }]);
    const mails = await outbox();
    expect(mails.map((m) => [m.toAddress, m.subject])).toEqual([["carol@example.test", "Blue (Bob) resigned: your move as Yellow (Four-player chess)"]]);
    const g = await gameRow(id);
    expect(g.status).toBe("active");
    expect(g.deadline?.getTime()).toBe(at(1).getTime() + 3 * DAY);
    const view = await getMultiGameView(db, id, null);
    expect(view !== "two" && view.toMove).toBe("y");
    expect((await refusal(resignMulti(db, ids.bob, { gameId: id }, T0))).message).toMatch(/Blue is out of the game already/);
    expect((await refusal(submitMultiMove(db, ids.bob, { gameId: id, expectedPly: 1, move: "P b4-c4" }, T0))).code).toBe("not-your-turn");
    await submitMultiMove(db, ids.carol, { gameId: id, expectedPly: 1, move: "P e13-e12" }, at(1));
    await submitMultiMove(db, ids.dave, { gameId: id, expectedPly: 2, move: "P m4-l4" }, at(1));
    // Round again: Red, then Yellow (Blue skipped).
    await db.delete(emailOutbox);
    await submitMultiMove(db, ids.alice, { gameId: id, expectedPly: 3, move: "P e2-e3" }, at(1));
    expect((await outbox()).map((m) => [m.toAddress, m.kind])).toEqual([["carol@example.test", "your-turn"]]);
    // A resignation out of turn leaves the turn and its deadline be.
    const deadline = (await gameRow(id)).deadline;
    await resignMulti(db, ids.dave, { gameId: id }, at(2));
    expect((await gameRow(id)).deadline).toEqual(deadline);
    const after = await getMultiGameView(db, id, null);
    expect(after !== "two" && [after.toMove, after.eliminations.map((e) => e.army)]).toEqual(["y", ["b", "g"]]);
    // The replay interleaves them exactly: the stored FEN is the rules'.
    expect(after !== "two" && replayMulti("four-player", after.game.startFen, after.moves, after.eliminations).fen()).toBe(after !== "two" && after.game.currentFen);
  });

  it("times out the army to move: it goes out, the next is told, and the last army standing wins", async () => {
    const id = await started("four-player", ["alice", "bob", "carol", "dave"], 1);
    // Every player has made a first move (else a timeout cancels the game: the next test).
    await play(id, ["P d2-d3", "P b4-c4", "P e13-e12", "P m4-l4", "P e2-e3"], ["alice", "bob", "carol", "dave"]);
    await db.delete(emailOutbox);
    const ply = 5;
    expect((await runClock(db, at(1.3))).timeouts).toBe(0);
    expect((await runClock(db, at(1.5))).timeouts).toBe(1);
    expect(await db.select({ army: gameEliminations.army, reason: gameEliminations.reason, afterPly: gameEliminations.afterPly }).from(gameEliminations))
      .toEqual([{ army: "b", reason: "timeout", afterPly: ply }]);
    expect((await outbox()).map((m) => [m.toAddress, m.subject])).toEqual([["carol@example.test", "Blue (Bob) ran out of time: your move as Yellow (Four-player chess)"]]);
    // Yellow and Green run out too: Red is the last army standing.
    await runClock(db, at(2.6));
    await runClock(db, at(3.7));
    const g = await gameRow(id);
    expect(g).toMatchObject({ status: "finished", endReason: "timeout", ending: "Red wins: Green ran out of time" });
    expect((await seatsOf(id)).find((s) => s.winner)?.userId).toBe(ids.alice);
    expect((await outbox()).filter((m) => m.kind === "game-over").map((m) => m.toAddress).sort())
      .toEqual(["alice@example.test", "bob@example.test", "carol@example.test", "dave@example.test"]);
  });

  it("a vacation pauses the deadline of the army to move, and moves it on by the paused part when it ends", async () => {
    const id = await started("four-player", ["alice", "bob", "carol", "dave"], 1);
    // The fifth move at at(0.4): Blue (Bob) to move, by at(1.4).
    await play(id, ["P d2-d3", "P b4-c4", "P e13-e12", "P m4-l4", "P e2-e3"], ["alice", "bob", "carol", "dave"]);
    expect((await gameRow(id)).deadline).toEqual(at(1.4));
    await startVacation(db, ids.bob, at(1.2));
    expect((await runClock(db, at(1.5))).timeouts).toBe(0);
    await endVacation(db, ids.bob, at(2));
    // Paused from at(1.2) to at(2): 0.8 days more.
    expect((await gameRow(id)).deadline).toEqual(at(2.2));
    expect((await runClock(db, at(2.1))).timeouts).toBe(0);
    expect((await runClock(db, at(2.3))).timeouts).toBe(1);
    expect((await db.select({ army: gameEliminations.army }).from(gameEliminations))).toEqual([{ army: "b" }]);
  });

  it("cancels the game when the player to move times out before their first move: no places, everyone told", async () => {
    const id = await started("three-player", ["alice", "bob", "carol"], 1);
    await submitMultiMove(db, ids.alice, { gameId: id, expectedPly: 0, move: THREE_MATE[0] }, T0);
    await db.delete(emailOutbox);
    expect((await runClock(db, at(1.2))).cancelled).toBe(1);
    expect(await gameRow(id)).toMatchObject({ status: "cancelled", endReason: "no-first-move", deadline: null });
    expect(await db.select().from(gameEliminations)).toEqual([]);
    const mails = await outbox();
    expect(mails.map((m) => m.toAddress).sort()).toEqual(["alice@example.test", "bob@example.test", "carol@example.test"]);
    expect(mails[0].subject).toMatch(/cancelled \(Three-player chess\)/);
  });

  it("never mails a bot: a bot's seat is taken at once, and the player after it is told of its move", async () => {
    const c = await createMultiChallenge(db, ids.alice, { variant: "three-player", seat: "g", bots: [{ army: "w", level: 1 }], daysPerMove: 3, others: "link" }, T0);
    const bot = (await seatsOf(c.gameId))[0];
    expect(bot.botLevel).toBe(1);
    await acceptInvitation(db, ids.bob, { token: c.token }, T0);
    expect((await gameRow(c.gameId)).status).toBe("active");
    // White (the bot) moves first: no mail to it, none to anyone else either.
    expect(await outbox()).toEqual([]);
    // The bots' worker moves for it through the same service: Alice (Grey) is told.
    await submitMultiMove(db, bot.userId!, { gameId: c.gameId, expectedPly: 0, move: THREE_MATE[0] }, T0);
    expect((await outbox()).map((m) => m.toAddress)).toEqual(["alice@example.test"]);
    await submitMultiMove(db, ids.alice, { gameId: c.gameId, expectedPly: 1, move: THREE_MATE[1] }, T0);
    await submitMultiMove(db, ids.bob, { gameId: c.gameId, expectedPly: 2, move: THREE_MATE[2] }, T0);
    // Bob's move makes it the bot's turn: nobody is mailed.
    expect((await outbox()).map((m) => m.toAddress).sort()).toEqual(["alice@example.test", "bob@example.test"]);
  });

  it("hides a private game from strangers as a missing one, on every action", async () => {
    const id = await started("three-player", ["alice", "bob", "carol"], 3, "private");
    const view = await getMultiGameView(db, id, ids.bob);
    expect(view !== "two" && view.seats.map((s) => s.name)).toEqual(["Alice", "Bob", "Carol"]);
    for (const p of [() => getMultiGameView(db, id, ids.eve), () => getMultiGameView(db, id, null),
      () => submitMultiMove(db, ids.eve, { gameId: id, expectedPly: 0, move: THREE_MATE[0] }), () => resignMulti(db, ids.eve, { gameId: id })]) {
      const e = await refusal(p());
      expect([e.code, e.message]).toEqual(["not-found", "no such game"]);
    }
  });
});
