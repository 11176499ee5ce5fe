/**
 * What the fuzz tests (tests/fuzz) found, kept as plain regression tests: each of
 * these used to end in a database error or a TypeError — a 500 — instead of a
 * refusal with a message.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { createTestPostgres, type TestDb } from "@/lib/db/testing";
import {
  acceptInvitation, createChallenge, GameError, getGameView, playerByName, resign, submitMove, withdrawInvitation,
} from "@/lib/games";
import { parseGameRecord, variantIds } from "@/lib/rules";
import { T0, insertActiveGame, seedPlayers, wipe, type Players } from "../support/games";

async function refusal(p: Promise<unknown>): Promise<GameError> {
  const e = await p.then(() => null, (err: unknown) => err);
  expect(e).toBeInstanceOf(GameError);
  return e as GameError;
}

describe("hostile input found by the fuzz tests", () => {
  let handle: TestDb;
  let db: Db;
  let p: Players;

  beforeAll(async () => {
    handle = await createTestPostgres({ max: 2 });
    db = handle.db;
    p = await seedPlayers(db);
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(async () => {
    await wipe(db);
  });

  it("U+0000 in an id or a name is refused or not found (PostgreSQL text cannot hold it)", async () => {
    const id = await insertActiveGame(db, { white: p.alice, black: p.bob });
    expect((await refusal(submitMove(db, p.alice, { gameId: `${id}\u0000`, expectedPly: 0, move: "P e2-e4" }))).code).toBe("invalid");
    expect((await refusal(resign(db, p.alice, { gameId: "\u0000" }))).code).toBe("invalid");
    expect((await refusal(acceptInvitation(db, p.bob, { invitationId: "a\u0000b" }))).code).toBe("invalid");
    expect((await refusal(createChallenge(db, p.alice, { variant: "chess", color: "white", daysPerMove: 3, opponent: { kind: "user", name: "Bob\u0000" } }))).code).toBe("invalid");
    expect((await refusal(getGameView(db, "\u0000", null))).code).toBe("not-found");
    expect(await playerByName(db, "Alice\u0000")).toBeNull();
  });

  it("an accept with no object at all is invalid input, not a TypeError", async () => {
    for (const raw of [undefined, null, 5, "token", []]) {
      expect((await refusal(acceptInvitation(db, p.bob, raw as never))).code).toBe("invalid");
    }
  });

  it("withdrawing from a game page: the invitation must be that game's", async () => {
    const mine = await createChallenge(db, p.alice, { variant: "chess", color: "white", daysPerMove: 3, opponent: { kind: "link" } }, T0);
    const other = await createChallenge(db, p.alice, { variant: "chess", color: "white", daysPerMove: 3, opponent: { kind: "open" } }, T0);
    const e = await refusal(withdrawInvitation(db, p.alice, { gameId: other.gameId, invitationId: mine.invitationId }));
    expect(e.code).toBe("not-found");
    await withdrawInvitation(db, p.alice, { gameId: mine.gameId, invitationId: mine.invitationId });
  });

  it("a record's error quotes a few words of a huge token, not all of it", () => {
    // Beyond the few words, an unknown game's error lists the games there are, on purpose.
    const listed = variantIds().join(", ").length;
    for (const text of [`1. ${"x".repeat(10_000)} *`, `[Variant "${"v".repeat(50_000)}"]\n\n*`, `1. P ${"e".repeat(5000)}`]) {
      const read = parseGameRecord(text);
      expect(read.ok).toBe(false);
      expect(read.error!.length).toBeLessThan(300 + listed);
    }
  });
});
