import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { emailOutbox, games, invitations, moves, users } from "@/lib/db/schema";
import { testDrivers, type TestDb } from "@/lib/db/testing";
import { acceptInvitation, createChallenge, resign, withdrawInvitation } from "@/lib/games";
import { challengesBy, recordByVariant } from "@/lib/games/overview";

const T0 = new Date("2026-12-01T12:00:00Z");

describe.each(testDrivers)("overview queries on $driver", ({ create }) => {
  let handle: TestDb;
  let db: Db;
  let alice: string, bob: string;

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
    await db.delete(invitations);
    await db.delete(games);
    await db.delete(users);
    const rows = await db.insert(users).values([
      { name: "Alice", email: "alice@example.test" },
      { name: "Bob", email: "bob@example.test" },
    ]).returning();
    [alice, bob] = rows.map((r) => r.id);
  });

  it("lists a player's pending challenges with the invitee's name, never an address", async () => {
    const named = await createChallenge(db, alice, { variant: "chess", color: "black", daysPerMove: 3, opponent: { kind: "user", name: "bob" } }, T0);
    await createChallenge(db, alice, { variant: "compound", color: "white", daysPerMove: 7, opponent: { kind: "email", email: "zed@example.test" } }, new Date(T0.getTime() + 1000));
    const gone = await createChallenge(db, alice, { variant: "chess", color: "white", daysPerMove: 1, opponent: { kind: "open" } }, T0);
    await withdrawInvitation(db, alice, { invitationId: gone.invitationId });

    const list = await challengesBy(db, alice);
    expect(list.map((c) => c.variant)).toEqual(["compound", "chess"]);
    expect(list[1]).toMatchObject({ invitationId: named.invitationId, kind: "user", toName: "Bob", challengerColour: "black", daysPerMove: 3 });
    expect(list[0]).toMatchObject({ kind: "email", toName: null, challengerColour: "white" });
    expect(JSON.stringify(list)).not.toContain("@");
    expect(await challengesBy(db, bob)).toEqual([]);
  });

  it("counts wins, draws and losses per game, public games only for others", async () => {
    async function finished(variant: string, aliceColour: "white" | "black", loser: string, visibility: "public" | "private" = "public") {
      const c = await createChallenge(db, alice, { variant, color: aliceColour, daysPerMove: 3, visibility, opponent: { kind: "user", name: "Bob" } }, T0);
      await acceptInvitation(db, bob, { invitationId: c.invitationId }, T0);
      await resign(db, loser, { gameId: c.gameId });
      return c.gameId;
    }
    await finished("chess", "white", bob); // Alice wins as White
    await finished("chess", "black", bob); // Alice wins as Black
    await finished("chess", "white", alice); // Alice loses
    const drawn = await finished("compound", "black", alice);
    await db.update(games).set({ result: "1/2-1/2", endReason: "agreement" }).where(eq(games.id, drawn));
    await finished("compound", "white", alice, "private"); // hidden from others

    const sort = (l: Awaited<ReturnType<typeof recordByVariant>>) => [...l].sort((a, b) => a.variant.localeCompare(b.variant));
    expect(sort(await recordByVariant(db, alice, null))).toEqual([
      { variant: "chess", wins: 2, draws: 0, losses: 1 },
      { variant: "compound", wins: 0, draws: 1, losses: 0 },
    ]);
    expect(sort(await recordByVariant(db, bob, bob))).toEqual([
      { variant: "chess", wins: 1, draws: 0, losses: 2 },
      { variant: "compound", wins: 1, draws: 1, losses: 0 },
    ]);
  });
});
