/**
 * Conditional moves against real PostgreSQL (docs/conditional-moves.md): a line waiting for
 * the opponent's move is answered inside their submitMove, cancelled when it does not match or
 * its answer no longer stands, goes on for several plies, and is seen by its author only.
 */
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { conditionalMoves, emailOutbox, games, moves, users } from "@/lib/db/schema";
import { chooseMove } from "@/lib/bot";
import type { BotRequest } from "@/lib/games/bot-request";
import { runBots } from "@/lib/games/bots";
import { createTestPostgres, type TestDb } from "@/lib/db/testing";
import {
  GameError, addConditionalLine, conditionalLinesOf, createChallenge, deleteConditionalLine, gamesOfPlayer, getGameView, offerDraw, resign, submitMove,
} from "@/lib/games";
import { CONDITIONAL_LINES_PER_GAME, CONDITIONAL_PLIES_PER_LINE } from "@/lib/games/conditional-limits";
import { positionAt } from "@/lib/games/pictures";
import { exportRecord } from "@/lib/games/records";
import { playerFeed } from "@/lib/games/feed";
import { Game } from "@/lib/rules";
import { T0, insertActiveGame, seedPlayers, type GameSetup, type Players } from "../support/games";

async function refusal(p: Promise<unknown>): Promise<GameError> {
  const e = await p.then(() => null, (err: unknown) => err);
  expect(e).toBeInstanceOf(GameError);
  return e as GameError;
}

describe("conditional moves on postgres", () => {
  let handle: TestDb;
  let db: Db;
  let p: Players;

  beforeAll(async () => {
    handle = await createTestPostgres();
    db = handle.db;
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(async () => {
    p = await seedPlayers(db);
  });

  /** Alice (White) has played e4; Bob (Black) is to move. */
  const afterE4 = (extra: Partial<GameSetup> = {}) =>
    insertActiveGame(db, { white: p.alice, black: p.bob, moves: ["P e2-e4"], ...extra });
  const played = async (gameId: string) =>
    (await db.select().from(moves).where(eq(moves.gameId, gameId)).orderBy(asc(moves.ply))).map((m) => [m.text, m.playerId]);
  const mails = async () =>
    (await db.select().from(emailOutbox).orderBy(asc(emailOutbox.createdAt))).map((m) => ({ to: m.toAddress, kind: m.kind, subject: m.subject }));
  const stored = (gameId: string) => db.select().from(conditionalMoves).where(eq(conditionalMoves.gameId, gameId));

  it("plays the answer inside the opponent's move: both moves stored when it returns, the mover told, not the answerer", async () => {
    const id = await afterE4();
    const lines = await addConditionalLine(db, p.alice, { gameId: id, expectedPly: 1, moves: ["p e7-e5", "N g1-f3"] }, T0);
    expect(lines.map((l) => l.moves)).toEqual([["p e7-e5", "N g1-f3"]]);

    const r = await submitMove(db, p.bob, { gameId: id, expectedPly: 1, move: "p e7-e5" }, T0);
    expect(r).toMatchObject({ ply: 2, text: "p e7-e5" });
    expect(await played(id)).toEqual([["P e2-e4", p.alice], ["p e7-e5", p.bob], ["N g1-f3", p.alice]]);
    const [g] = await db.select().from(games).where(eq(games.id, id));
    expect(g).toMatchObject({ ply: 3, status: "active" });
    expect(g.currentFen.split(" ")[1]).toBe("b");
    // Bob's clock runs again from the answer.
    expect(g.deadline!.getTime()).toBe(T0.getTime() + 3 * 24 * 3600 * 1000);
    expect(await mails()).toEqual([{ to: "bob@example.test", kind: "your-turn", subject: expect.stringContaining("Alice played N g1-f3") }]);
    expect(await stored(id)).toEqual([]);
  });

  it("cancels a line the opponent's move does not match; the player is mailed as usual", async () => {
    const id = await afterE4();
    await addConditionalLine(db, p.alice, { gameId: id, expectedPly: 1, moves: ["p e7-e5", "N g1-f3"] }, T0);
    await submitMove(db, p.bob, { gameId: id, expectedPly: 1, move: "p d7-d5" }, T0);
    expect(await played(id)).toEqual([["P e2-e4", p.alice], ["p d7-d5", p.bob]]);
    expect(await stored(id)).toEqual([]);
    expect(await mails()).toEqual([{ to: "alice@example.test", kind: "your-turn", subject: expect.stringContaining("Bob played p d7-d5") }]);
  });

  it("judges the answer again when it is played: one that no longer stands is cancelled, not played", async () => {
    const id = await afterE4();
    // As if the rules had changed since the line was entered (entry refuses this line): the
    // knight on g1 cannot reach f4.
    await db.insert(conditionalMoves).values({ gameId: id, playerId: p.alice, ply: 1, moves: ["p e7-e5", "N g1-f4"] });
    await submitMove(db, p.bob, { gameId: id, expectedPly: 1, move: "p e7-e5" }, T0);
    expect(await played(id)).toEqual([["P e2-e4", p.alice], ["p e7-e5", p.bob]]);
    expect(await stored(id)).toEqual([]);
    expect((await mails()).map((m) => m.to)).toEqual(["alice@example.test"]);
  });

  it("cancels a stale line, left from another position, without playing it", async () => {
    const id = await afterE4();
    // Waiting at ply 0, not at the game's ply 1: not listed, never played, gone with Bob's move.
    await db.insert(conditionalMoves).values({ gameId: id, playerId: p.alice, ply: 0, moves: ["p e7-e5", "N g1-f3"] });
    expect(await conditionalLinesOf(db, p.alice, { gameId: id })).toEqual([]);
    await submitMove(db, p.bob, { gameId: id, expectedPly: 1, move: "p e7-e5" }, T0);
    expect((await played(id)).map(([t]) => t)).toEqual(["P e2-e4", "p e7-e5"]);
    expect(await stored(id)).toEqual([]);
  });

  it("goes on for several plies, branching at the opponent's moves", async () => {
    const id = await afterE4();
    await addConditionalLine(db, p.alice, { gameId: id, expectedPly: 1, moves: ["p e7-e5", "N g1-f3", "n b8-c6", "B f1-b5"] }, T0);
    await addConditionalLine(db, p.alice, { gameId: id, expectedPly: 1, moves: ["p e7-e5", "N g1-f3", "n g8-f6", "N b1-c3"] }, T0);
    await addConditionalLine(db, p.alice, { gameId: id, expectedPly: 1, moves: ["p c7-c5", "N g1-f3"] }, T0);

    await submitMove(db, p.bob, { gameId: id, expectedPly: 1, move: "p e7-e5" }, T0);
    // The c5 line is gone; the two others go on from Bob's next move.
    expect((await conditionalLinesOf(db, p.alice, { gameId: id })).map((l) => l.moves).sort()).toEqual([["n b8-c6", "B f1-b5"], ["n g8-f6", "N b1-c3"]]);
    await submitMove(db, p.bob, { gameId: id, expectedPly: 3, move: "n g8-f6" }, T0);
    expect((await played(id)).map(([t]) => t)).toEqual(["P e2-e4", "p e7-e5", "N g1-f3", "n g8-f6", "N b1-c3"]);
    expect(await stored(id)).toEqual([]);
    expect((await mails()).map((m) => m.to)).toEqual(["bob@example.test", "bob@example.test"]);
  });

  it("refuses a line that answers the same moves differently, or the same line twice", async () => {
    const id = await afterE4();
    await addConditionalLine(db, p.alice, { gameId: id, expectedPly: 1, moves: ["p e7-e5", "N g1-f3"] }, T0);
    const other = await refusal(addConditionalLine(db, p.alice, { gameId: id, expectedPly: 1, moves: ["p e7-e5", "N b1-c3"] }, T0));
    expect(other.message).toMatch(/already answer p e7-e5 with N g1-f3/);
    const twice = await refusal(addConditionalLine(db, p.alice, { gameId: id, expectedPly: 1, moves: ["P e7 - e5", "n g1-f3"] }, T0));
    expect(twice.message).toMatch(/already have this line/);
  });

  it("judges every move when it is entered, and reads the move text as the move box does", async () => {
    const id = await afterE4();
    const bad = await refusal(addConditionalLine(db, p.alice, { gameId: id, expectedPly: 1, moves: ["p e7-e5", "N g1-f3", "n b8-c6", "K e1-e3"] }, T0));
    expect(bad.code).toBe("illegal");
    expect(bad.message).toMatch(/^move 4 of the line \(your answer, K e1-e3\)/);
    // Bob's move first, as written by a player: the stored text is the rules module's own.
    const lines = await addConditionalLine(db, p.alice, { gameId: id, expectedPly: 1, moves: ["P e7-e5", "n g1 - f3"] }, T0);
    expect(lines[0].moves).toEqual(["p e7-e5", "N g1-f3"]);
  });

  it("is entered only while the opponent is to move, from the position the page shows", async () => {
    const id = await afterE4();
    expect((await refusal(addConditionalLine(db, p.bob, { gameId: id, expectedPly: 1, moves: ["P d2-d4", "p d7-d5"] }, T0))).message)
      .toMatch(/it is your move/);
    expect((await refusal(addConditionalLine(db, p.alice, { gameId: id, expectedPly: 0, moves: ["p e7-e5", "N g1-f3"] }, T0))).code)
      .toBe("stale");
    const fog = await insertActiveGame(db, { white: p.alice, black: p.bob, variant: "fog-of-war", moves: ["P e2-e4"] });
    expect((await refusal(addConditionalLine(db, p.alice, { gameId: fog, expectedPly: 1, moves: ["p e7-e5", "N g1-f3"] }, T0))).message)
      .toMatch(/not offered in a game in fog/);
    await resign(db, p.bob, { gameId: id }, T0);
    expect((await refusal(addConditionalLine(db, p.alice, { gameId: id, expectedPly: 1, moves: ["p e7-e5", "N g1-f3"] }, T0))).code)
      .toBe("over");
  });

  it("bounds the lines: their length, their number, and their shape", async () => {
    const id = await afterE4();
    const long = Array.from({ length: CONDITIONAL_PLIES_PER_LINE + 2 }, () => "p e7-e5");
    expect((await refusal(addConditionalLine(db, p.alice, { gameId: id, expectedPly: 1, moves: long }, T0))).message)
      .toMatch(`at most ${CONDITIONAL_PLIES_PER_LINE} moves`);
    expect((await refusal(addConditionalLine(db, p.alice, { gameId: id, expectedPly: 1, moves: ["p e7-e5"] }, T0))).code).toBe("invalid");
    expect((await refusal(addConditionalLine(db, p.alice, { gameId: id, expectedPly: 1, moves: ["p e7-e5", "N g1-f3", "n b8-c6"] }, T0))).message)
      .toMatch(/ends with your answer/);
    expect((await refusal(addConditionalLine(db, p.alice, { gameId: id, expectedPly: 1, moves: ["p e7-e5", "N g1-f3"], ply: 9 } as never, T0))).code)
      .toBe("invalid");
    // Lines that branch at Bob's second move, one for each of his replies up to the bound, and one more.
    const after = Game.replay("chess", "start", ["P e2-e4", "p e7-e5", "N g1-f3"]);
    const lineFor = (m: string) => ["p e7-e5", "N g1-f3", m, Game.replay("chess", "start", [...after.moves, m]).legalMoves()[0].text];
    const seconds = after.legalMoves().map((m) => m.text);
    expect(seconds.length).toBeGreaterThan(CONDITIONAL_LINES_PER_GAME);
    for (const m of seconds.slice(0, CONDITIONAL_LINES_PER_GAME)) {
      await addConditionalLine(db, p.alice, { gameId: id, expectedPly: 1, moves: lineFor(m) }, T0);
    }
    const more = await refusal(addConditionalLine(db, p.alice, { gameId: id, expectedPly: 1, moves: lineFor(seconds[CONDITIONAL_LINES_PER_GAME]) }, T0));
    expect(more.code).toBe("limited");
    expect(await stored(id)).toHaveLength(CONDITIONAL_LINES_PER_GAME);
  });

  it("leaves an offer of the opponent's for the player to answer: the lines are cancelled", async () => {
    const id = await afterE4();
    await addConditionalLine(db, p.alice, { gameId: id, expectedPly: 1, moves: ["p e7-e5", "N g1-f3"] }, T0);
    await offerDraw(db, p.bob, { gameId: id }, T0);
    await submitMove(db, p.bob, { gameId: id, expectedPly: 1, move: "p e7-e5" }, T0);
    expect((await played(id)).map(([t]) => t)).toEqual(["P e2-e4", "p e7-e5"]);
    const [g] = await db.select().from(games).where(eq(games.id, id));
    expect(g.drawOfferBy).toBe(p.bob);
    expect(await stored(id)).toEqual([]);
  });

  it("ends the game when the answer mates, and the game's lines go with it", async () => {
    const id = await insertActiveGame(db, { white: p.alice, black: p.bob, moves: ["P f2-f3", "p e7-e5"] });
    await addConditionalLine(db, p.bob, { gameId: id, expectedPly: 2, moves: ["P g2-g4", "q d8-h4"] }, T0);
    await addConditionalLine(db, p.bob, { gameId: id, expectedPly: 2, moves: ["P g2-g3", "q d8-f6", "P a2-a3", "q f6-f3"] }, T0);
    await submitMove(db, p.alice, { gameId: id, expectedPly: 2, move: "P g2-g4" }, T0);
    const [g] = await db.select().from(games).where(eq(games.id, id));
    expect(g).toMatchObject({ status: "finished", result: "0-1", ply: 4 });
    expect(await stored(id)).toEqual([]);
    expect((await mails()).map((m) => [m.to, m.kind]).sort()).toEqual([["alice@example.test", "game-over"], ["bob@example.test", "game-over"]]);
  });

  it("shows a player's lines to that player only: not to the opponent, and on no other surface", async () => {
    const id = await afterE4();
    const priv = await afterE4({ visibility: "private" });
    await addConditionalLine(db, p.alice, { gameId: id, expectedPly: 1, moves: ["p c7-c5", "N b1-c3"] }, T0);
    await addConditionalLine(db, p.alice, { gameId: priv, expectedPly: 1, moves: ["p c7-c5", "N b1-c3"] }, T0);
    expect(await conditionalLinesOf(db, p.alice, { gameId: id })).toHaveLength(1);
    expect(await conditionalLinesOf(db, p.bob, { gameId: id })).toEqual([]);
    expect((await refusal(conditionalLinesOf(db, p.carol, { gameId: id }))).code).toBe("forbidden");
    // A private game is not there at all for a stranger.
    expect((await refusal(conditionalLinesOf(db, p.carol, { gameId: priv }))).code).toBe("not-found");
    for (const viewer of [p.bob, p.carol, null]) {
      const seen = JSON.stringify([
        await getGameView(db, id, viewer),
        await exportRecord(db, id, viewer, "record", "http://x.test"),
        await exportRecord(db, id, viewer, "pgn", "http://x.test"),
        await positionAt(db, id, viewer),
        await gamesOfPlayer(db, p.alice, viewer),
        await playerFeed(db, "Alice", "http://x.test"),
      ]);
      expect(seen).toContain("e2-e4");
      expect(seen).not.toMatch(/c7-c5|b1-c3/);
    }
  });

  it("lets only the line's author delete it, and only a game's players add lines", async () => {
    const id = await afterE4();
    const [line] = await addConditionalLine(db, p.alice, { gameId: id, expectedPly: 1, moves: ["p e7-e5", "N g1-f3"] }, T0);
    expect((await refusal(deleteConditionalLine(db, p.bob, { gameId: id, lineId: line.id }))).code).toBe("not-found");
    expect((await refusal(deleteConditionalLine(db, p.carol, { gameId: id, lineId: line.id }))).code).toBe("forbidden");
    // A line id with another game's id: not that game's line.
    const other = await insertActiveGame(db, { white: p.alice, black: p.carol });
    expect((await refusal(deleteConditionalLine(db, p.alice, { gameId: other, lineId: line.id }))).code).toBe("not-found");
    expect(await stored(id)).toHaveLength(1);
    // A stranger may not plant a line in the game (one that would move for nobody).
    expect((await refusal(addConditionalLine(db, p.carol, { gameId: id, expectedPly: 1, moves: ["p e7-e5", "N g1-f3"] }, T0))).code)
      .toBe("forbidden");
    expect(await stored(id)).toHaveLength(1);
    expect(await deleteConditionalLine(db, p.alice, { gameId: id, lineId: line.id })).toEqual([]);
    expect((await refusal(deleteConditionalLine(db, p.alice, { gameId: id, lineId: line.id }))).message).toMatch(/no longer there/);
  });
});

describe("conditional moves against a bot, on postgres", () => {
  let handle: TestDb;
  let db: Db;

  beforeAll(async () => {
    handle = await createTestPostgres();
    db = handle.db;
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("answer the bot's move through its submitMove; the bot, never mailed, then moves again (docs/conditional-moves.md#bots)", async () => {
    const [person] = await db.insert(users).values({ name: "Alice", email: "alice@example.test" }).returning();
    const { gameId } = await createChallenge(db, person.id, { variant: "chess", color: "white", daysPerMove: 3, opponent: { kind: "bot", level: 1 } }, T0);
    await submitMove(db, person.id, { gameId, expectedPly: 0, move: "P e2-e4" }, T0);
    // The bot's choice here is fixed by its seed: the line expects exactly it.
    const think = async (r: BotRequest) => chooseMove(Game.replay(r.variant, r.startFen, r.moves), { level: r.level, seed: 7 });
    const expected = await think({ variant: "chess", startFen: Game.start("chess").fen(), moves: ["P e2-e4"], level: 1 });
    const answer = Game.replay("chess", "start", ["P e2-e4", expected]).legalMoves()[0].text;
    await addConditionalLine(db, person.id, { gameId, expectedPly: 1, moves: [expected, answer] }, T0);
    await db.delete(emailOutbox);

    // One run of the bots' job: the bot's move, answered inside it, and the bot's next move in its next round.
    expect((await runBots(db, T0, { think })).moves).toBe(2);
    const texts = (await db.select().from(moves).where(eq(moves.gameId, gameId)).orderBy(asc(moves.ply))).map((m) => m.text);
    expect(texts.slice(0, 3)).toEqual(["P e2-e4", expected, answer]);
    expect(texts).toHaveLength(4);
    // Only the person is mailed, once, for the bot's second move: never the bot, and not for the answered one.
    expect((await db.select().from(emailOutbox)).map((m) => [m.toAddress, m.kind])).toEqual([["alice@example.test", "your-turn"]]);
  });
});
