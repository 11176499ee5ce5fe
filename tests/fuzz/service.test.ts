/**
 * Fuzz of every game-service function (lib/games) against real PostgreSQL, with
 * the input a server action could pass on: hostile shapes (wire values, huge and
 * unicode strings, control characters, U+0000), forged and other players' ids
 * (private games, finished games, invitations for someone else), random acting
 * users (players, a stranger, a user without a name, an id that does not exist) and
 * replays of the last accepted call; and, a quarter of the time, a call that
 * should succeed (world.ts validCall: a legal move by the player to move, a draw
 * offer answered by the opponent, …), so that each function's success path is
 * exercised too: every function must succeed at least once. Each function starts
 * on the world as built (rebuilt if an earlier function changed it). FUZZ_INPUTS
 * calls per function (a sample in `npm test`; `npm run fuzz`: 100,000).
 *
 * Each call either succeeds or throws a GameError with a known code and a short
 * message that names no email address; anything else is a failure (a 500). A
 * refusal leaves the database exactly as it was (a checksum of every table the
 * service writes, taken whenever the call ran a query). Every few hundred calls the
 * world is checked (expectConsistent on every game) and rebuilt.
 */
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import * as schema from "@/lib/db/schema";
import { createTestPostgres, type TestDb } from "@/lib/db/testing";
import {
  acceptDraw, acceptInvitation, challengesFor, chooseSetup, claimDraw, createChallenge, declineDraw, declineInvitation, endVacation,
  GameError, gamesOfPlayer, getGameView, giveExtraDay, invitationByToken, offerDraw, playerByName, resign, runClock,
  startVacation, submitMove, withdrawInvitation,
} from "@/lib/games";
import { variantIds } from "@/lib/rules";
import { DAY, T0, expectConsistent } from "../support/games";
import { fuzzCount, hostileShape, hostileString, mutate, Rng, SEED, wireValue } from "./random";
import { buildWorld, pendingInvitations, validCall, type Doing, type World } from "./world";

const N = fuzzCount(120);
const REBUILD_EVERY = 150;
const VALID = 0.25;
const CODES = new Set(["invalid", "not-found", "forbidden", "not-your-turn", "stale", "illegal", "over", "limited"]);

type Call = (db: Db, user: string, input: unknown) => Promise<unknown>;

describe(`service fuzz (${N} calls per function, FUZZ_SEED=${SEED})`, () => {
  let handle: TestDb;
  let db: Db;
  let counted: postgres.Sql;
  let queries = 0;
  let world: World;
  /** The checksum of the world as last built: a function starts on it. */
  let built = "";
  const r = new Rng(SEED + 1);
  const tally: Record<string, Record<string, number>> = {};

  /** A checksum of everything the service writes. */
  async function checksum(): Promise<string> {
    const [row] = (await handle.db.execute(sql`select md5(
      coalesce((select string_agg(g::text, '|' order by g.id) from games g), '') ||
      coalesce((select string_agg(m::text, '|' order by m.game_id, m.ply) from moves m), '') ||
      coalesce((select string_agg(i::text, '|' order by i.id) from invitations i), '') ||
      coalesce((select string_agg(u::text, '|' order by u.id) from users u), '') ||
      (select count(*)::text from email_outbox)) as sum`)) as unknown as { sum: string }[];
    return row.sum;
  }

  beforeAll(async () => {
    handle = await createTestPostgres({ max: 3 });
    // The service runs on a client that counts its queries: a call that ran none cannot have changed anything.
    counted = postgres(handle.url!, { max: 3, onnotice: () => {}, fetch_types: false, debug: () => void queries++ });
    db = drizzle({ client: counted, schema }) as unknown as Db;
    world = await buildWorld(handle.db);
    built = await checksum();
  });
  afterAll(async () => {
    console.log(`service fuzz (seed ${SEED}):\n` + Object.entries(tally).map(([k, v]) => `  ${k}: ${JSON.stringify(v)}`).join("\n"));
    await counted?.end({ timeout: 5 });
    await handle?.close();
  });

  const ids = () => [...world.gameIds, ...world.invitationIds, ...world.users, hostileString(r)];
  const anyUser = () => (r.chance(0.9) ? r.pick(world.users) : r.pick(world.users.slice(0, 4)));

  /** Replays of an accepted call that must be refused (a form sent twice must not act twice). */
  const ONCE = new Set(["submitMove", "chooseSetup", "acceptInvitation", "declineInvitation", "withdrawInvitation", "resign", "acceptDraw", "declineDraw", "claimDraw"]);

  interface Options {
    /** Replay the last accepted call now and then (default true). */
    replayable?: boolean;
    /** Who should make the call `raw`, for half the calls. */
    actor?: (raw: unknown) => string | null;
    /** A call that should succeed, for VALID of the calls; the function must succeed at least once. */
    valid?: Doing | (() => Promise<{ user: string; input: unknown } | null>);
  }

  /** Calls the service `fn` N times with inputs from `input`, judging each. */
  async function fuzz(name: string, fn: Call, input: () => unknown, { replayable = true, actor, valid }: Options = {}) {
    const t = (tally[name] = { ok: 0 } as Record<string, number>);
    let last: { user: string; input: unknown } | null = null;
    let before = await checksum();
    if (before !== built) {
      world = await buildWorld(handle.db, world);
      before = built = await checksum();
    }
    for (let i = 0; i < N; i++) {
      if (i > 0 && i % REBUILD_EVERY === 0) {
        for (const id of world.gameIds) await expectConsistent(handle.db, id);
        world = await buildWorld(handle.db, world);
        before = built = await checksum();
      }
      const again: { user: string; input: unknown } | null = replayable && r.chance(0.1) ? last : null;
      const good = !again && valid && r.chance(VALID) ? (typeof valid === "string" ? validCall(r, world, valid) : await valid()) : null;
      const raw: unknown = again ? again.input : good ? good.input : input();
      const user: string = again ? again.user : good ? good.user : (r.chance(0.5) && actor?.(raw)) || anyUser();
      const q0 = queries;
      let error: unknown = null;
      try {
        await fn(db, user, raw);
      } catch (e) {
        error = e;
      }
      if (again && ONCE.has(name)) {
        expect(error, `${name} replayed as ${user} with ${describeInput(raw)} was accepted twice (FUZZ_SEED=${SEED})`).toBeInstanceOf(GameError);
        t.replayRefused = (t.replayRefused ?? 0) + 1;
      }
      if (error === null) {
        t.ok++;
        last = { user, input: raw };
        before = await checksum();
        continue;
      }
      const shown = () => `${name} as ${user} with ${describeInput(raw)} (FUZZ_SEED=${SEED})`;
      if (!(error instanceof GameError)) {
        throw new Error(`${shown()} threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`, { cause: error });
      }
      t[error.code] = (t[error.code] ?? 0) + 1;
      expect(CODES.has(error.code), shown()).toBe(true);
      expect(error.message.length, shown()).toBeGreaterThan(0);
      expect(error.message.length, shown()).toBeLessThan(400);
      expect(error.message, shown()).not.toMatch(/@example\.test/);
      if (queries !== q0) {
        const after = await checksum();
        expect(after, `${shown()}: refused (${error.code}) but the database changed`).toBe(before);
      }
    }
    for (const id of world.gameIds) await expectConsistent(handle.db, id);
    expect(t.ok, `${name}: no call succeeded in ${N} (FUZZ_SEED=${SEED}): ${JSON.stringify(t)}`).toBeGreaterThan(0);
  }

  /** Counts a success of one kind within a target (the functions a fuzz calls in turn), for `mustReach`. */
  const reached = (name: string, what: string) => (tally[name][what] = (tally[name][what] ?? 0) + 1);
  const mustReach = (name: string, whats: string[]) => {
    for (const what of whats) expect(tally[name][what] ?? 0, `${name}: never ${what} (FUZZ_SEED=${SEED})`).toBeGreaterThan(0);
  };

  const T = (N: number) => 60_000 + N * 60;
  const gameInput = () => hostileShape(r, { gameId: r.pick(world.gameIds) }, { gameId: ids() });
  const invitationInput = () => hostileShape(r, { invitationId: r.pick(world.invitationIds) }, { invitationId: ids() });

  it("createChallenge", { timeout: T(N) }, async () => {
    const opponents = () => r.pick<unknown>([
      { kind: "open" }, { kind: "link" }, { kind: "user", name: r.pick(["Bob", "alice", "ALICE", "Carol", "Nobody", "nameless", hostileString(r)]) },
      { kind: "email", email: r.pick(["bob@example.test", "x@example.test", "ALICE@example.test", hostileString(r), "a\u0000@b.c", `${"a".repeat(250)}@b.c`]) },
      { kind: hostileString(r) }, wireValue(r),
    ]);
    const named = [[world.p.alice, "Alice"], [world.p.bob, "Bob"], [world.p.carol, "Carol"], [world.p.dave, "Dave"]] as const;
    const challenge = () => ({ variant: r.pick(variantIds()), color: r.pick(["white", "black", "random"]), daysPerMove: r.pick([1, 2, 3, 5, 7, 10, 14]), visibility: r.pick(["public", "unlisted", "private"]) });
    await fuzz("createChallenge", (db, u, x) => createChallenge(db, u, x as never, T0), () =>
      hostileShape(r, { ...challenge(), opponent: opponents() }, {
        variant: ["checkers", "CHESS", "chess ", ...variantIds()], daysPerMove: [0, 4, -1, "3", "14", 1.5, 1e9], color: ["White", "none"], visibility: ["secret"], opponent: [opponents(), opponents()],
      }), {
      replayable: false,
      valid: async () => {
        const [me, other] = [r.pick(named), r.pick(named)];
        const opponent = me === other ? { kind: r.pick(["open", "link"]) } : { kind: "user", name: other[1] };
        return { user: me[0], input: { ...challenge(), opponent } };
      },
    });
  });

  it("acceptInvitation (by id and by token)", { timeout: T(N) }, async () => {
    await fuzz("acceptInvitation", async (db, u, x) => {
      await acceptInvitation(db, u, x as never, T0);
      reached("acceptInvitation", typeof x === "object" && x !== null && "token" in x ? "by token" : "by id");
    }, () =>
      r.chance(0.5) ? invitationInput() : hostileShape(r, { token: r.pick(world.tokens) }, { token: [...world.tokens.map((t) => t.toUpperCase()), ...ids()] }),
    // One success per invitation: the valid calls take a pending one, the way not reached as often yet.
    { valid: async () => {
      const t = tally.acceptInvitation;
      return validCall(r, world, (t["by token"] ?? 0) < (t["by id"] ?? 0) ? "acceptByToken" : "accept", await pendingInvitations(handle.db));
    } });
    mustReach("acceptInvitation", ["by id", "by token"]);
  });

  it("declineInvitation", { timeout: T(N) }, async () => {
    await fuzz("declineInvitation", (db, u, x) => declineInvitation(db, u, x as never, T0), invitationInput, {
      valid: async () => validCall(r, world, "decline", await pendingInvitations(handle.db)),
    });
  });

  it("withdrawInvitation", { timeout: T(N) }, async () => {
    await fuzz("withdrawInvitation", (db, u, x) => withdrawInvitation(db, u, x as never, T0), invitationInput, {
      valid: async () => validCall(r, world, "withdraw", await pendingInvitations(handle.db)),
    });
  });

  it("submitMove", { timeout: T(N) }, async () => {
    const moves = ["P e2-e4", "p e7-e5", "P e2-e4; P d2-d4", "pass", "K e1-e2", "P e7-e8=Q"];
    await fuzz("submitMove", (db, u, x) => submitMove(db, u, x as never, T0), () => {
      const gameId = r.pick(world.gameIds);
      const here = world.legal.get(gameId) ?? { ply: 0, moves };
      const move = here.moves.length && r.chance(0.7) ? r.pick(here.moves) : r.pick(moves);
      return hostileShape(r, { gameId, expectedPly: here.ply, move }, {
        gameId: ids(), expectedPly: [-1, 0, 1, here.ply + 1, here.ply - 1, String(here.ply), 1.5, 100001, 2 ** 53, "1e3"],
        move: [...moves.map((m) => mutate(r, m, 1)), mutate(r, move, 1), move.toLowerCase(), ` ${move} `, hostileString(r)],
      });
    }, {
      actor: (raw) => {
        const id = (raw as { gameId?: unknown } | null)?.gameId;
        return typeof id === "string" ? world.legal.get(id)?.toMove ?? null : null;
      },
      valid: "move",
    });
  });

  for (const [name, fn, valid] of [
    ["resign", resign, "resign"], ["offerDraw", offerDraw, "offerDraw"], ["acceptDraw", acceptDraw, "answerDraw"],
    ["declineDraw", declineDraw, "answerDraw"], ["giveExtraDay", giveExtraDay, "extraDay"],
  ] as const) {
    it(name, { timeout: T(N) }, async () => {
      await fuzz(name, (db, u, x) => (fn as (db: Db, u: string, x: unknown, now: Date) => Promise<unknown>)(db, u, x, T0), gameInput, { valid });
    });
  }

  it("chooseSetup", { timeout: T(N) }, async () => {
    await fuzz("chooseSetup", (db, u, x) => chooseSetup(db, u, x as never, T0), () =>
      hostileShape(r, { gameId: r.pick(world.gameIds), setup: r.int(4) }, { gameId: ids(), setup: [-1, 4, 63, 64, "1", 1.5, null, 2 ** 53] }),
    {
      actor: (raw) => {
        const id = (raw as { gameId?: unknown } | null)?.gameId;
        return typeof id === "string" ? world.legal.get(id)?.chooser ?? null : null;
      },
      valid: "chooseSetup",
    });
  });

  it("claimDraw", { timeout: T(N) }, async () => {
    await fuzz("claimDraw", (db, u, x) => claimDraw(db, u, x as never, T0), () =>
      hostileShape(r, { gameId: r.pick(world.gameIds), reason: r.pick(["threefold-repetition", "fifty-move-rule"]) }, { gameId: ids(), reason: ["agreement", "checkmate", "Threefold-Repetition"] }),
    { valid: "claimDraw" });
  });

  it("startVacation / endVacation", { timeout: T(N) }, async () => {
    await fuzz("vacation", async (db, u) => {
      if (r.chance(0.5)) {
        await startVacation(db, u, T0);
        return reached("vacation", "started");
      }
      const [was] = await db.select({ since: schema.users.vacationSince }).from(schema.users).where(sql`${schema.users.id} = ${u}`);
      await endVacation(db, u, new Date(T0.getTime() + r.int(40) * DAY));
      if (was?.since) reached("vacation", "ended");
    }, () => null, { valid: async () => ({ user: r.pick(world.users.slice(0, 4)), input: null }) });
    mustReach("vacation", ["started", "ended"]);
  });

  it("runClock at any time", { timeout: T(N) }, async () => {
    await fuzz("runClock", async (db) => {
      const report = await runClock(db, new Date(T0.getTime() + (r.int(20) - 5) * DAY));
      if (report.timeouts + report.cancelled + report.reminders + report.digests > 0) reached("runClock", "decided something");
    }, () => null, { replayable: false });
    mustReach("runClock", ["decided something"]);
  });

  it("the pages' queries: game view, player, invitation, lists", { timeout: T(N) }, async () => {
    const found = (what: string, result: unknown) => {
      if (Array.isArray(result) ? result.length > 0 : result) reached("queries", what);
    };
    await fuzz("queries", async (db, u, x) => {
      const s = typeof x === "string" ? x : String(x);
      switch (r.int(5)) {
        case 0:
          return found("a game", await getGameView(db, r.chance(0.5) ? s : r.pick(world.gameIds), r.chance(0.3) ? null : u));
        case 1:
          return found("a player", await playerByName(db, r.chance(0.5) ? s : r.pick(["Alice", "bob", "CAROL", "Dave"])));
        case 2:
          return found("an invitation", await invitationByToken(db, r.chance(0.3) ? r.pick(world.tokens) : s));
        case 3:
          return found("a player's games", await gamesOfPlayer(db, u, r.chance(0.5) ? null : r.pick(world.users)));
        default:
          return found("challenges", await challengesFor(db, u, r.chance(0.5) ? null : `${r.pick(["bob", "carol"])}@example.test`));
      }
    }, () => (r.chance(0.7) ? hostileString(r) : r.pick(ids())), { replayable: false });
    mustReach("queries", ["a game", "a player", "an invitation", "a player's games", "challenges"]);
  });
});

function describeInput(x: unknown): string {
  try {
    const s = JSON.stringify(x, (_k, v) => (typeof v === "bigint" ? `${v}n` : typeof v === "string" && v.length > 80 ? `${v.slice(0, 40)}… (${v.length} chars)` : v));
    return s === undefined ? String(x) : s.slice(0, 600);
  } catch {
    return Object.prototype.toString.call(x);
  }
}
