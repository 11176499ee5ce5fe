/**
 * How many statements a move costs (issue 18): one that reads the game with all the move needs,
 * and one that writes the game, the move and the email if the game is still as read. Counted by a query logger on the
 * client, so the regression this guards (a lookup per player, a replay of the game, a second
 * read of the game) shows as a number, not as a timing.
 */
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import * as schema from "@/lib/db/schema";
import { games } from "@/lib/db/schema";
import { createTestPostgres, type TestDb } from "@/lib/db/testing";
import { postChat, submitMove } from "@/lib/games";
import { Game, makeRulesState } from "@/lib/rules";
import { expectConsistent, insertActiveGame, seedPlayers, T0, type Players } from "../support/games";

/** The statement that reads a game's moves to replay it (loadRules without a stored state). */
const replays = (statement: string) => /^select "text" from "moves"/.test(statement);

/** The read (with all the move needs) and one statement writing the game, the move and the email. */
const STATEMENTS_PER_MOVE = 2;

/** `plies` legal moves of chess that leave the game on (seeded, so the same every run). */
function longGame(plies: number): string[] {
  let seed = 18;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const game = Game.start("chess");
  const played: string[] = [];
  while (played.length < plies) {
    const state = makeRulesState(game);
    const going = game.legalMoves().map((m) => m.text).filter((t) => {
      const next = Game.resume("chess", game.startFen, state);
      next.play(t);
      return next.status().result === "ongoing";
    });
    const text = going[Math.floor(random() * going.length)];
    played.push(game.play(text));
  }
  return played;
}

describe("the statements of a move", () => {
  let handle: TestDb;
  let client: postgres.Sql;
  let counted: Db;
  let p: Players;
  const statements: string[] = [];

  beforeAll(async () => {
    handle = await createTestPostgres();
    client = postgres(handle.url!, { max: 1, onnotice: () => {}, fetch_types: false });
    counted = drizzle({ client, schema, logger: { logQuery: (query) => statements.push(query) } });
  });
  afterAll(async () => {
    await client?.end();
    await handle?.close();
  });
  beforeEach(async () => {
    p = await seedPlayers(handle.db);
  });

  async function countMove(gameId: string, expectedPly: number, move: string, by = expectedPly % 2 === 0 ? p.alice : p.bob) {
    statements.length = 0;
    await submitMove(counted, by, { gameId, expectedPly, move }, new Date(T0.getTime() + (expectedPly + 1) * 60_000));
    return [...statements];
  }

  it(`costs at most ${STATEMENTS_PER_MOVE} statements, with the chat quoted and the email queued`, async () => {
    const id = await insertActiveGame(handle.db, { white: p.alice, black: p.bob, moves: ["P e2-e4"] });
    // The first move of a game stored without its rules state replays it once, and stores the state.
    const first = await countMove(id, 1, "p e7-e5");
    expect(first.filter(replays), first.join("\n")).toHaveLength(1);
    expect((await handle.db.select().from(games).where(eq(games.id, id)))[0].rulesState).not.toBeNull();
    await postChat(handle.db, p.alice, { gameId: id, text: "good luck" });
    const sql = await countMove(id, 2, "N g1-f3");
    expect(sql.length, sql.join("\n")).toBeLessThanOrEqual(STATEMENTS_PER_MOVE);
    expect(sql.filter((s) => /insert into "email_outbox"/.test(s))).toHaveLength(1);
    const [mail] = await handle.db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.toAddress, "bob@example.test"));
    expect(mail.data).toMatchObject({ lastMove: "N g1-f3", said: "good luck" });
    await expectConsistent(handle.db, id);
  });

  it("costs as much at ply 200 as at ply 2: the game is resumed from its stored state, not replayed", async () => {
    const line = longGame(201);
    const id = await insertActiveGame(handle.db, { white: p.alice, black: p.bob, moves: line.slice(0, 199) });
    await countMove(id, 199, line[199]); // replayed once, the state stored
    const sql = await countMove(id, 200, line[200]);
    expect(sql.length, sql.join("\n")).toBeLessThanOrEqual(STATEMENTS_PER_MOVE);
    expect(sql.filter(replays)).toEqual([]);
    await expectConsistent(handle.db, id);
  }, 60_000);
});
