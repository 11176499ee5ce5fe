/**
 * A worker in a process of its own hears every game's change and wakes (lib/games/worker.ts,
 * wakeOnGameChanges), as the app's actions wake the worker inside their own process: a move's
 * email and a bot's answer need not wait for the next tick. Real PostgreSQL, its LISTEN/NOTIFY.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, it } from "vitest";
import { games } from "@/lib/db/schema";
import { createTestPostgres, type TestDb } from "@/lib/db/testing";
import { wakeOnGameChanges } from "@/lib/games/worker";
import { insertActiveGame, seedPlayers } from "../support/games";
import { until } from "../support/wait";

describe("a worker of its own is woken by game changes", () => {
  let handle: TestDb;
  beforeAll(async () => {
    handle = await createTestPostgres({ max: 2 });
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("wakes once listening, then at each change of a game", async () => {
    const p = await seedPlayers(handle.db);
    const gameId = await insertActiveGame(handle.db, { white: p.alice, black: p.bob });
    let wakes = 0;
    const unlisten = await wakeOnGameChanges(handle, { wake: () => wakes++ });
    await until("woken when the LISTEN is in place", () => wakes === 1);
    await handle.db.update(games).set({ updatedAt: new Date(Date.now() + 1000) }).where(eq(games.id, gameId));
    await until("woken by the game's change", () => wakes === 2);
    await handle.db.update(games).set({ chatVersion: 1 }).where(eq(games.id, gameId));
    await until("woken by a chat message", () => wakes === 3);
    await unlisten();
  });
});
