/**
 * Chess960 challenges (docs/games/chess960.md#setups): the challenger picks a setup by
 * number or leaves it to chance; the game stores its start position and is played
 * from it, castling included.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Db } from "@/lib/db/client";
import { games, moves, users, type User } from "@/lib/db/schema";
import { testDrivers, type TestDb } from "@/lib/db/testing";
import { GameError, acceptInvitation, createChallenge, submitMove, type ChallengeInput } from "@/lib/games";
import { chess960Setup } from "@/lib/rules/variants/chess960";
import { T0, seedPlayers, type Players } from "../support/games";

// The server action runs with the framework around it replaced, as in tests/integration/authorization.test.ts.
const ctx = vi.hoisted(() => ({ user: null as User | null, db: null as unknown }));
vi.mock("next/navigation", () => ({
  redirect: (url: string) => {
    throw new Error(`NEXT_REDIRECT ${url}`);
  },
}));
vi.mock("@/lib/mail/worker", () => ({ wakeOutboxWorker: () => {} }));
vi.mock("@/lib/db/client", async (original) => ({ ...(await original<object>()), getDb: async () => ctx.db }));
vi.mock("@/lib/auth", () => ({ requireUser: async () => ctx.user }));

import { createChallengeAction } from "@/app/challenge/actions";

describe.each(testDrivers)("Chess960 challenges on $driver", ({ create }) => {
  let handle: TestDb;
  let db: Db;
  let p: Players;

  beforeAll(async () => {
    handle = await create();
    db = handle.db;
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(async () => {
    p = await seedPlayers(db);
    ctx.db = db;
    [ctx.user] = await db.select().from(users).where(eq(users.id, p.alice));
  });

  const challenge = (extra: Partial<ChallengeInput>) =>
    createChallenge(db, p.alice, { variant: "chess960", color: "white", daysPerMove: 3, opponent: { kind: "link" }, ...extra }, T0);
  const stored = async (gameId: string) => (await db.select().from(games).where(eq(games.id, gameId)))[0];
  const refusal = (extra: Partial<ChallengeInput>) => challenge(extra).then(() => null, (e: unknown) => e);

  it("starts from the chosen setup, stored with the game, and plays it with O-O", async () => {
    const c = await challenge({ setup: 518, opponent: { kind: "user", name: "Bob" } });
    expect(await stored(c.gameId)).toMatchObject({ startFen: chess960Setup(518), currentFen: chess960Setup(518) });
    await acceptInvitation(db, p.bob, { invitationId: c.invitationId }, T0);
    const played = ["N g1-f3", "n g8-f6", "P e2-e3", "p e7-e6", "B f1-e2", "b f8-e7", "O-O"];
    for (const [ply, move] of played.entries()) {
      const mover = ply % 2 === 0 ? p.alice : p.bob;
      expect((await submitMove(db, mover, { gameId: c.gameId, expectedPly: ply, move }, T0)).text).toBe(move);
    }
    expect((await stored(c.gameId)).currentFen).toBe("rnbqk2r/ppppbppp/4pn2/8/8/4PN2/PPPPBPPP/RNBQ1RK1 b ha - 3 4");
    const texts = (await db.select().from(moves).where(eq(moves.gameId, c.gameId))).map((m) => m.text);
    expect(texts).toContain("O-O");
  });

  it("takes the number as the form sends it, as text", async () => {
    const c = await challenge({ setup: "0" });
    expect((await stored(c.gameId)).startFen).toBe("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
  });

  it("draws the setup at random when none is chosen", async () => {
    const all = new Set(Array.from({ length: 960 }, (_, n) => chess960Setup(n)));
    const starts = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const c = await challenge(i % 2 ? { setup: "random" } : {});
      const g = await stored(c.gameId);
      expect(all.has(g.startFen), g.startFen).toBe(true);
      expect(g.currentFen).toBe(g.startFen);
      starts.add(g.startFen);
    }
    // Eight draws from 960 all alike: once in 10^20.
    expect(starts.size).toBeGreaterThan(1);
  });

  it("refuses a number outside 0–959, anything else, and a setup for a game without setups", async () => {
    for (const [extra, message] of [
      [{ setup: 960 }, /a number from 0 to 959/],
      [{ setup: -1 }, /a number from 0 to 959/],
      [{ setup: "12a" }, /random, or a setup number/],
      [{ setup: "" }, /random, or a setup number/],
      [{ setup: 1.5 }, /random, or a setup number/],
      [{ variant: "chess", setup: 5 }, /Chess has one start position/],
    ] as [Partial<ChallengeInput>, RegExp][]) {
      const e = await refusal(extra);
      expect(e, JSON.stringify(extra)).toBeInstanceOf(GameError);
      expect((e as GameError).code).toBe("invalid");
      expect((e as GameError).message).toMatch(message);
    }
    expect(await db.select().from(games)).toEqual([]);
    // "random" is the default for every game; a game with one start position keeps it.
    const c = await challenge({ variant: "chess", setup: "random" });
    expect((await stored(c.gameId)).startFen).toBe("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  });

  it("the challenge form's fields: the setup number when chosen, else drawn at random", async () => {
    const form = (fields: Record<string, string>) => {
      const f = new FormData();
      for (const [k, v] of Object.entries({ variant: "chess960", color: "white", daysPerMove: "3", visibility: "public", opponentKind: "open", ...fields })) f.append(k, v);
      return f;
    };
    const created = async (fields: Record<string, string>) => {
      const thrown = await createChallengeAction({ error: null }, form(fields)).then(() => null, (e: Error) => e.message);
      const id = /^NEXT_REDIRECT \/games\/(.+)$/.exec(thrown ?? "")?.[1];
      expect(id, thrown ?? "no redirect").toBeDefined();
      return stored(id!);
    };
    expect((await created({ setupKind: "number", setupNumber: "959" })).startFen).toBe(chess960Setup(959));
    // A number typed but "random" picked: random (four times 959 by chance: once in 10^12).
    const drawn = [];
    for (let i = 0; i < 4; i++) drawn.push((await created({ setupKind: "random", setupNumber: "959" })).startFen);
    expect(drawn.filter((fen) => fen !== chess960Setup(959)).length).toBeGreaterThan(0);
    expect(await createChallengeAction({ error: null }, form({ setupKind: "number", setupNumber: "1000" })))
      .toEqual({ error: "Setup: a number from 0 to 959" });
    expect(await createChallengeAction({ error: null }, form({ setupKind: "number", setupNumber: "" })))
      .toEqual({ error: "Setup: random, or a setup number" });
  });
});
