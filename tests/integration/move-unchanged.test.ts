/**
 * The usual move is judged on the game read without a lock, and its one statement writes only if
 * the game is still as read (lib/games/service.ts submitMove); otherwise the move is judged again
 * with the game locked. Each case here changes the game between the read and the write, for
 * certain: another connection holds the game's row lock, so the move's write waits on it; once it
 * is seen waiting, that connection makes the change and commits. The move must then be judged on
 * the changed game, as a locked move would have been.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db, Tx } from "@/lib/db/client";
import { conditionalMoves, emailOutbox, games, replyStops, replyTokens } from "@/lib/db/schema";
import { createTestPostgres, type TestDb } from "@/lib/db/testing";
import { GameError, addConditionalLine, submitMove, type MoveResult } from "@/lib/games";
import { handleReply } from "@/lib/games/replies";
import { T0, expectConsistent, insertActiveGame, seedPlayers, type Players } from "../support/games";

/** Resolves once some statement of this database waits for a lock (the move's write, behind the held row lock). */
async function someoneWaits(db: Db): Promise<void> {
  for (let i = 0; i < 1000; i++) {
    const rows = await db.execute(sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
    if ((rows as unknown as { waiting: number }[])[0].waiting > 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error("the move's write never waited for the game's lock");
}

describe("a move whose game changes between its read and its write", () => {
  let handle: TestDb;
  let db: Db;
  let p: Players;
  const replyDomain = process.env.REPLY_MAIL_DOMAIN;

  beforeAll(async () => {
    process.env.REPLY_MAIL_DOMAIN = "reply.example.test";
    handle = await createTestPostgres();
    db = handle.db;
  });
  afterAll(async () => {
    if (replyDomain === undefined) delete process.env.REPLY_MAIL_DOMAIN;
    else process.env.REPLY_MAIL_DOMAIN = replyDomain;
    await handle?.close();
  });
  beforeEach(async () => {
    p = await seedPlayers(db);
  });

  /** Alice plays e4 while `change` runs in a transaction that held the game's lock since before her move wrote. */
  async function moveWhile(change: (tx: Tx, gameId: string) => Promise<unknown>) {
    const id = await insertActiveGame(db, { white: p.alice, black: p.bob });
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const holding = db.transaction(async (tx) => {
      await tx.select({ id: games.id }).from(games).where(eq(games.id, id)).for("update");
      await released;
      await change(tx, id);
    });
    const move = submitMove(db, p.alice, { gameId: id, expectedPly: 0, move: "P e2-e4" }, T0)
      .then((r): MoveResult | GameError => r, (e: unknown) => {
        if (e instanceof GameError) return e;
        throw e;
      });
    await someoneWaits(db);
    release();
    await holding;
    return { id, result: await move };
  }

  it("a resignation meanwhile: the move is refused, and nothing of it is stored", async () => {
    const { id, result } = await moveWhile((tx, gameId) =>
      tx.update(games).set({ status: "finished", result: "1-0", endReason: "resignation", deadline: null, updatedAt: T0 }).where(eq(games.id, gameId)));
    expect(result).toBeInstanceOf(GameError);
    expect((result as GameError).code).toBe("over");
    const { moves } = await expectConsistent(db, id);
    expect(moves).toEqual([]);
    expect(await db.select().from(emailOutbox)).toEqual([]);
  });

  it("a conditional line of the opponent's meanwhile: it answers the move", async () => {
    // As addConditionalLine stores one: the line, and the game's count of lines added.
    const { id, result } = await moveWhile(async (tx, gameId) => {
      await tx.insert(conditionalMoves).values({ gameId, playerId: p.bob, ply: 0, moves: ["P e2-e4", "p e7-e5"], createdAt: T0 });
      await tx.update(games).set({ linesAdded: sql`${games.linesAdded} + 1` }).where(eq(games.id, gameId));
    });
    expect(result).toMatchObject({ ply: 1, answered: true });
    const { moves } = await expectConsistent(db, id);
    expect(moves).toEqual(["P e2-e4", "p e7-e5"]);
    // The answer's "your turn" goes to Alice; Bob, who answered by his line, is not mailed.
    expect((await db.select().from(emailOutbox)).map((m) => m.toAddress)).toEqual(["alice@example.test"]);
  });

  it("adding a conditional line counts it on the game's own row, which the usual move's write checks", async () => {
    const id = await insertActiveGame(db, { white: p.alice, black: p.bob });
    const linesAdded = async () => (await db.select({ n: games.linesAdded }).from(games).where(eq(games.id, id)))[0].n;
    expect(await linesAdded()).toBe(0);
    await addConditionalLine(db, p.bob, { gameId: id, expectedPly: 0, moves: ["P e2-e4", "p e7-e5"] }, T0);
    expect(await linesAdded()).toBe(1);
  });

  it("the opponent stopping replies by email meanwhile: as if the stop came just after the move, its reply address is refused", async () => {
    const { id, result } = await moveWhile((tx, gameId) => tx.insert(replyStops).values({ gameId, userId: p.bob, stoppedAt: T0 }));
    expect(result).toMatchObject({ ply: 1, answered: false });
    const [mail] = await db.select().from(emailOutbox);
    expect(mail.toAddress).toBe("bob@example.test");
    expect(mail.replyTo).toMatch(/^move\+.+@reply\.example\.test$/);
    expect(await handleReply(db, { to: [mail.replyTo!], from: "bob@example.test", text: "e5" }, T0)).toBe("stopped");
    const { moves } = await expectConsistent(db, id);
    expect(moves).toEqual(["P e2-e4"]);
  });

  it("nothing meanwhile but the lock: the move is written as it was judged, with its reply address", async () => {
    const { id, result } = await moveWhile(async () => {});
    expect(result).toMatchObject({ ply: 1, answered: false });
    const [mail] = await db.select().from(emailOutbox);
    expect(mail.replyTo).toMatch(/^move\+.+@reply\.example\.test$/);
    expect(await db.select().from(replyTokens).where(eq(replyTokens.gameId, id))).toHaveLength(1);
  });
});
