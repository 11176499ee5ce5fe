/**
 * Bots in the seats of games for more than two (docs/games-for-more-than-two-service.md#bots), on real
 * PostgreSQL: a challenge with bots in every other seat begins at once; the bots' worker (runBots)
 * answers a person's move with each bot seat's move in turn, through submitMultiMove, in the bot's
 * thread; a seat gone out is passed over; a job whose game moved on plays nothing; no bot is ever mailed.
 */
import { asc, eq, isNull, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { multiBotMove } from "@/lib/bot";
import type { Db } from "@/lib/db/client";
import { emailOutbox, gameEliminations, gameSeats, games, invitations, moves, users, type User } from "@/lib/db/schema";
import { createTestPostgres, type TestDb } from "@/lib/db/testing";
import { GameError, createChallenge, createMultiChallenge, replayMulti, resignMulti, submitMultiMove } from "@/lib/games";
import type { BotRequest } from "@/lib/games/bot-request";
import { stopBotThread } from "@/lib/games/bot-think";
import { multiWaitingForBots, runBots } from "@/lib/games/bots";
import { BOT_GAMES_AT_ONCE, STRONG_BOT_GAMES_AT_ONCE } from "@/lib/games/service";

const T0 = new Date("2026-12-01T12:00:00Z");
const later = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

/** The bot's move chosen in this process (the thread itself is used by the first test). */
const inProcess = async (r: BotRequest) => multiBotMove({ ...r, eliminations: r.eliminations ?? [], seed: 7 });

describe("bots in games for more than two", () => {
  let handle: TestDb;
  let db: Db;
  let alice: User;
  const bot: Record<number, User> = {};

  beforeAll(async () => {
    handle = await createTestPostgres({ max: 2 });
    db = handle.db;
    for (const u of await db.select().from(users)) if (u.botLevel !== null) bot[u.botLevel] = u;
  });
  beforeEach(async () => {
    for (const t of [emailOutbox, moves, gameEliminations, gameSeats, invitations, games]) await db.delete(t);
    await db.delete(users).where(isNull(users.botLevel));
    [alice] = await db.insert(users).values({ name: "Alice", email: "alice@example.test" }).returning();
  });
  afterAll(async () => {
    await stopBotThread();
    await handle?.close();
  });

  const row = async (id: string) => (await db.select().from(games).where(eq(games.id, id)))[0];
  const played = (id: string) => db.select({ ply: moves.ply, text: moves.text, by: moves.playerId }).from(moves).where(eq(moves.gameId, id)).orderBy(asc(moves.ply));
  const toMove = async (id: string) => (await row(id)).currentFen.split(" ")[1];
  const noBotMailed = async () => expect(await db.select().from(emailOutbox).where(like(emailOutbox.toAddress, "%@bots.invalid"))).toEqual([]);
  /** Alice plays White; bots of the levels given play Grey and Black. */
  const againstBots = (grey: number, black: number) => createMultiChallenge(db, alice.id, {
    variant: "three-player", seat: "w", daysPerMove: 3, visibility: "public", bots: [{ army: "g", level: grey }, { army: "b", level: black }],
  }, T0);

  it("after the person's move, both bots answer in turn, in the bot's thread, and it is the person's turn again", async () => {
    const { gameId } = await againstBots(1, 2);
    await submitMultiMove(db, alice.id, { gameId, expectedPly: 0, move: "P f2-f4" }, later(1));
    expect((await multiWaitingForBots(db, later(1))).map((g) => g.id)).toEqual([gameId]);

    const report = await runBots(db, later(2));

    expect(report.moves).toBe(2);
    const list = await played(gameId);
    expect(list.map((m) => m.by)).toEqual([alice.id, bot[1].id, bot[2].id]);
    // Legal moves, as the rules replay them, and White to move.
    expect(replayMulti("three-player", (await row(gameId)).startFen, list.map((m) => m.text), []).status()).toMatchObject({ result: "ongoing", toMove: "w" });
    expect(await toMove(gameId)).toBe("w");
    const g = await row(gameId);
    expect([g.botClaimedUntil, g.botFailures, g.ply]).toEqual([null, 0, 3]);
    expect(await multiWaitingForBots(db, later(3))).toEqual([]);
    // Alice is told it is her move again; no bot is mailed.
    expect((await db.select().from(emailOutbox)).filter((m) => m.toAddress === "alice@example.test").length).toBeGreaterThan(0);
    await noBotMailed();
  }, 60_000);

  it("a game whose other seats are all bots begins at once, and the bots before the person move first", async () => {
    const { gameId, invitationId } = await createMultiChallenge(db, alice.id, {
      variant: "three-player", seat: "b", daysPerMove: 3, visibility: "private", bots: [{ army: "w", level: 1 }, { army: "g", level: 1 }],
    }, T0);
    const g = await row(gameId);
    expect(g.status).toBe("active");
    expect(g.deadline).not.toBeNull();
    expect(invitationId).toBe("");
    expect(await db.select().from(invitations).where(eq(invitations.gameId, gameId))).toEqual([]);
    // One bot account in two seats.
    expect((await db.select().from(gameSeats).where(eq(gameSeats.gameId, gameId)).orderBy(asc(gameSeats.seat))).map((s) => [s.army, s.userId, s.botLevel]))
      .toEqual([["w", bot[1].id, 1], ["g", bot[1].id, 1], ["b", alice.id, null]]);

    const report = await runBots(db, later(1), { think: inProcess });

    expect(report.moves).toBe(2);
    expect((await played(gameId)).map((m) => m.by)).toEqual([bot[1].id, bot[1].id]);
    expect(await toMove(gameId)).toBe("b");
    await noBotMailed();
  });

  it("passes over a bot seat that is out", async () => {
    // Four-player chess: its game goes on when one of four resigns (docs/games/four-player.md).
    const { gameId } = await createMultiChallenge(db, alice.id, {
      variant: "four-player", seat: "r", daysPerMove: 3, visibility: "public",
      bots: [{ army: "b", level: 1 }, { army: "y", level: 2 }, { army: "g", level: 2 }],
    }, T0);
    await resignMulti(db, bot[1].id, { gameId }, later(1));
    await submitMultiMove(db, alice.id, { gameId, expectedPly: 0, move: "P f2-f3" }, later(2));
    expect(await toMove(gameId)).toBe("y");
    const asked: BotRequest[] = [];

    const report = await runBots(db, later(3), { think: (r) => (asked.push(r), inProcess(r)) });

    expect(report.moves).toBe(2);
    expect((await played(gameId)).map((m) => m.by)).toEqual([alice.id, bot[2].id, bot[2].id]);
    // Each bot is asked with the position as it stood (Blue out), nothing to replay.
    const fens = await db.select({ fen: moves.fenAfter }).from(moves).where(eq(moves.gameId, gameId)).orderBy(asc(moves.ply));
    expect(asked.map((r) => [r.startFen, r.moves, r.eliminations])).toEqual([[fens[0].fen, [], []], [fens[1].fen, [], []]]);
    expect(await toMove(gameId)).toBe("r");
    await noBotMailed();
  });

  it("a bot's job whose game moved on meanwhile plays nothing", async () => {
    const { gameId } = await againstBots(1, 1);
    await submitMultiMove(db, alice.id, { gameId, expectedPly: 0, move: "P f2-f4" }, later(1));
    let asked = 0;
    let stale = "";
    // While the first thought goes on, another worker plays Grey's move; the thought is another legal move.
    const think = async (r: BotRequest) => {
      if (++asked > 1) return inProcess(r);
      const [other, mine] = replayMulti(r.variant, r.startFen, r.moves, r.eliminations ?? []).legalMoves().map((m) => m.text);
      await submitMultiMove(db, bot[1].id, { gameId, expectedPly: 1, move: other }, later(2));
      stale = mine;
      return mine;
    };

    const report = await runBots(db, later(2), { think });

    // The stale job played nothing: one move a ply, Grey's the other worker's, then Black's from the next round.
    const list = await played(gameId);
    expect(list.map((m) => m.ply)).toEqual([1, 2, 3]);
    expect(list[1].text).not.toBe(stale);
    expect(report.moves).toBe(1);
    expect(asked).toBe(2);
    // A refusal is no failure: no back-off.
    const g = await row(gameId);
    expect([g.botClaimedUntil, g.botFailures]).toEqual([null, 0]);
    expect(await toMove(gameId)).toBe("w");
  });

  it("counts a game with bots in it against the limits of games against bots, at its strongest bot's level", async () => {
    const limited = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => (e instanceof GameError ? e.code : e));
    for (let i = 0; i < STRONG_BOT_GAMES_AT_ONCE; i++) await againstBots(1, 7);
    // Strong bots: a fourth game with one is refused, here or in a game for two.
    expect(await limited(againstBots(8, 1))).toBe("limited");
    expect(await limited(createChallenge(db, alice.id, { variant: "chess", color: "white", daysPerMove: 3, visibility: "public", opponent: { kind: "bot", level: 8 } }, T0))).toBe("limited");
    for (let i = STRONG_BOT_GAMES_AT_ONCE; i < BOT_GAMES_AT_ONCE; i++) await againstBots(1, 2);
    expect(await limited(againstBots(1, 1))).toBe("limited");
    expect((await db.select().from(games)).length).toBe(BOT_GAMES_AT_ONCE);
    // Games with no bot are not counted.
    expect(await limited(createMultiChallenge(db, alice.id, { variant: "three-player", daysPerMove: 3, visibility: "public" }, T0))).toBeNull();
  });

  it("counts an open game with bots, still waiting for a seat, as a game against bots: it starts with no check when its last seat is taken", async () => {
    const limited = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => (e instanceof GameError ? e.code : e));
    // Four-player chess: Alice, a strong bot, and two seats by link, so each game stays open.
    const waiting = () => createMultiChallenge(db, alice.id, { variant: "four-player", seat: "r", daysPerMove: 3, visibility: "public", bots: [{ army: "b", level: 8 }], others: "link" }, T0);
    for (let i = 0; i < STRONG_BOT_GAMES_AT_ONCE; i++) await waiting();
    expect((await db.select().from(games)).every((g) => g.status === "open")).toBe(true);
    expect(await limited(waiting())).toBe("limited");
  });
});
