/**
 * `npm run seed` (scripts/seed.ts) end to end, small: demo games into a fresh
 * PostgreSQL database, then what it stored: every variant, every game's moves legal
 * when replayed by the rules module (and its stored positions theirs), finished
 * games with a result and a reason that fits the final position; Janggi's games from
 * setups the players chose, drawn at random.
 */
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { games, users } from "@/lib/db/schema";
import { createTestPostgres, type TestDb } from "@/lib/db/testing";
import { Game, chosenSetupFen, variantIds } from "@/lib/rules";
import { playout, prng } from "@/scripts/seed-lib";
import { expectConsistent } from "../support/games";

const NOT_BY_THE_RULES = ["resignation", "agreement", "timeout", "timeout-vs-insufficient-material"];

describe("npm run seed", () => {
  let handle: TestDb;
  const count = variantIds().length + 4;

  beforeAll(async () => {
    handle = await createTestPostgres({ max: 2 });
    const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/seed.ts", "--games", String(count), "--seed", "7", "--max-ply", "60"], {
      env: { ...process.env, DATABASE_URL: handle.url! },
      encoding: "utf8",
      timeout: 300_000,
    });
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toContain(`Done: ${count} games`);
  }, 320_000);
  afterAll(async () => {
    await handle?.close();
  });

  it("stores the games asked for, of every variant, between demo players", async () => {
    const rows = await handle.db.select().from(games);
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((g) => g.variant))).toEqual(new Set(variantIds()));
    const demo = new Set((await handle.db.select().from(users)).filter((u) => u.email?.endsWith("@demo.invalid")).map((u) => u.id));
    for (const g of rows) {
      const seats = [g.whiteId, g.blackId].filter((id) => id !== null);
      expect(seats.length, `game ${g.id} (${g.status})`).toBe(g.status === "open" ? 1 : 2);
      for (const id of seats) expect(demo.has(id!)).toBe(true);
      if (seats.length === 2) expect(g.whiteId).not.toBe(g.blackId);
    }
  });

  it("starts a game whose players choose their setups from two drawn at random, recorded with it", async () => {
    const rows = (await handle.db.select().from(games)).filter((g) => g.variant === "janggi");
    expect(rows.length).toBeGreaterThan(0);
    for (const g of rows) {
      if (g.status === "open") {
        // Nobody has chosen yet: the game waits for both, as a challenge created on the site does.
        expect(g, g.id).toMatchObject({ choosingSetups: true, whiteSetup: null, blackSetup: null });
        continue;
      }
      expect(g.choosingSetups, g.id).toBe(false);
      expect(g.startFen, g.id).toBe(chosenSetupFen("janggi", g.whiteSetup!, g.blackSetup!));
    }
    // The draw covers the sixteen pairs, not one of them.
    const random = prng(11);
    const pairs = new Set(Array.from({ length: 200 }, () => JSON.stringify(playout("janggi", 0, random).setups)));
    expect(pairs.size).toBe(16);
    expect(playout("chess", 0, random).setups).toBeNull();
  });

  it("every game replays legally, and a finished one has a result that fits how it ended", async () => {
    const rows = await handle.db.select().from(games);
    const finished = rows.filter((g) => g.status === "finished");
    expect(finished.length).toBeGreaterThan(0);
    for (const row of rows) {
      const { game, moves } = await expectConsistent(handle.db, row.id);
      const replay = Game.start(game.variant, game.startFen);
      for (const m of moves) replay.play(m);
      const s = replay.status();
      if (game.status !== "finished") continue;
      if (NOT_BY_THE_RULES.includes(game.endReason!)) {
        // Resigned, agreed or lost on time: the rules had not ended the game yet.
        expect(s, `game ${game.id}`).toEqual({ result: "ongoing" });
      } else {
        expect(s.result === "ongoing" ? null : { reason: s.reason }, `game ${game.id}`).toEqual({ reason: game.endReason });
        const expected = s.result === "white-wins" ? "1-0" : s.result === "black-wins" ? "0-1" : "1/2-1/2";
        expect(game.result).toBe(expected);
      }
    }
  });
});
