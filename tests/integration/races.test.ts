/**
 * Concurrency stress against real PostgreSQL: two requests (or two clock workers)
 * racing on one game, each race repeated RACE_REPEATS times (20 here; `npm run
 * stress` runs 1000). After every round: exactly one consistent end state (see
 * expectConsistent: moves 1..n in order, each legal, games.ply = n, currentFen =
 * the last move's position), the loser refused with the expected GameError, and
 * the outbox holding exactly the emails of the events that committed.
 *
 * Each side starts after a random 0–2 ms pause so both orders (and true overlap)
 * happen; the tally printed at the end shows how often each order won.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { games, invitations, users } from "@/lib/db/schema";
import { createTestPostgres, type TestDb } from "@/lib/db/testing";
import {
  acceptDraw, acceptInvitation, createChallenge, GameError, offerDraw, resign, runClock, submitMove, withdrawInvitation,
  type ClockReport,
} from "@/lib/games";
import {
  DAY, T0, expectConsistent, gameOverLines, insertActiveGame, mailLines, seedPlayers, wipe, yourTurnLine, type Players,
} from "../support/games";

const REPEATS = Number(process.env.RACE_REPEATS ?? 20);
const HOUR = 3600 * 1000;
// Generous: a round takes some 30–100 ms, more on a busy machine.
const TIMEOUT = 60_000 + REPEATS * 400;

const pause = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());
const jitter = (max: number) => (Math.random() < 0.3 ? 0 : Math.floor(Math.random() * (max + 1)));

/**
 * Runs both at (nearly) the same time, each after a random pause of up to its
 * `max` ms. A move does its judging and renders its email (some 10–30 ms) before
 * it takes the row lock, so a quick rival gets a longer pause for both orders to occur.
 */
function together<A, B>(a: () => Promise<A>, b: () => Promise<B>, max: [number, number] = [2, 2]) {
  const [da, db] = [jitter(max[0]), jitter(max[1])];
  return Promise.all([
    pause(da).then(a).then((value) => ({ ok: true as const, value }), (error: unknown) => ({ ok: false as const, error })),
    pause(db).then(b).then((value) => ({ ok: true as const, value }), (error: unknown) => ({ ok: false as const, error })),
  ]);
}

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** "ok", or the refusal's code; anything but a GameError fails the test. */
function code(r: Settled<unknown>): string {
  if (r.ok) return "ok";
  if (!(r.error instanceof GameError)) throw r.error;
  expect(r.error.message.length).toBeGreaterThan(0);
  return r.error.code;
}

describe("races on PostgreSQL", () => {
  let handle: TestDb;
  let db: Db;
  let p: Players;
  const tally: Record<string, Record<string, number>> = {};

  beforeAll(async () => {
    handle = await createTestPostgres({ max: 10 });
    db = handle.db;
    p = await seedPlayers(db);
  });
  afterAll(async () => {
    const total = Object.values(tally).reduce((n, t) => n + Object.values(t).reduce((a, b) => a + b, 0), 0);
    console.log(`races: ${total} rounds, ${REPEATS} per race\n` + Object.entries(tally).map(([k, v]) => `  ${k}: ${JSON.stringify(v)}`).join("\n"));
    await handle?.close();
  });

  /** Runs `round` REPEATS times on empty game tables; `round` returns which order won, for the tally. */
  async function repeat(name: string, round: (i: number) => Promise<string>) {
    const t = (tally[name] = {} as Record<string, number>);
    for (let i = 0; i < REPEATS; i++) {
      await wipe(db);
      const outcome = await round(i);
      t[outcome] = (t[outcome] ?? 0) + 1;
    }
  }

  it("the same move sent from two sessions at once is stored once", { timeout: TIMEOUT }, async () => {
    await repeat("same move twice", async () => {
      const id = await insertActiveGame(db, { white: p.alice, black: p.bob });
      const move = () => submitMove(db, p.alice, { gameId: id, expectedPly: 0, move: "P e2-e4" }, T0);
      const [a, b] = await together(move, move);
      expect([code(a), code(b)].sort()).toEqual(["ok", "stale"]);
      const { game, moves } = await expectConsistent(db, id);
      expect(moves).toEqual(["P e2-e4"]);
      expect(game.status).toBe("active");
      expect(await mailLines(db, id)).toEqual([yourTurnLine("bob", 1)]);
      return a.ok ? "first" : "second";
    });
  });

  it("of two different moves at once exactly one is played", { timeout: TIMEOUT }, async () => {
    await repeat("two different moves", async () => {
      const id = await insertActiveGame(db, { white: p.alice, black: p.bob });
      const [a, b] = await together(
        () => submitMove(db, p.alice, { gameId: id, expectedPly: 0, move: "P e2-e4" }, T0),
        () => submitMove(db, p.alice, { gameId: id, expectedPly: 0, move: "N g1-f3" }, T0),
      );
      expect([code(a), code(b)].sort()).toEqual(["ok", "stale"]);
      const { moves } = await expectConsistent(db, id);
      expect(moves).toEqual([a.ok ? "P e2-e4" : "N g1-f3"]);
      expect(await mailLines(db, id)).toEqual([yourTurnLine("bob", 1)]);
      return a.ok ? "e4" : "Nf3";
    });
  });

  it("a move racing a resignation: resigned either before the move (refused) or after it", { timeout: TIMEOUT }, async () => {
    await repeat("move vs resignation", async (i) => {
      const id = await insertActiveGame(db, { white: p.alice, black: p.bob });
      // Alternately the opponent resigns, or the mover herself from another tab.
      const resigner = i % 2 ? p.bob : p.alice;
      const [m, r] = await together(
        () => submitMove(db, p.alice, { gameId: id, expectedPly: 0, move: "P e2-e4" }, T0),
        () => resign(db, resigner, { gameId: id }, T0),
        [0, 40],
      );
      expect(code(r)).toBe("ok");
      const { game, moves } = await expectConsistent(db, id);
      expect(game).toMatchObject({ status: "finished", endReason: "resignation", result: resigner === p.bob ? "1-0" : "0-1" });
      if (m.ok) {
        expect(moves).toEqual(["P e2-e4"]);
        expect(await mailLines(db, id)).toEqual([...gameOverLines("alice", "bob"), yourTurnLine("bob", 1)].sort());
        return "move first";
      }
      expect(code(m)).toBe("over");
      expect(moves).toEqual([]);
      expect(await mailLines(db, id)).toEqual(gameOverLines("alice", "bob"));
      return "resigned first";
    });
  });

  it("a move racing the clock at the deadline: either the move is in time or the game timed out", { timeout: TIMEOUT }, async () => {
    await repeat("move vs timeout", async (i) => {
      // Even rounds: ply 2, a timeout scores (White loses). Odd: ply 1, a timeout cancels.
      const scored = i % 2 === 0;
      const setup = scored ? ["P e2-e4", "p e7-e5"] : ["P e2-e4"];
      const id = await insertActiveGame(db, { white: p.alice, black: p.bob, moves: setup, deadline: T0 });
      const mover = scored ? p.alice : p.bob;
      const [m, c] = await together(
        () => submitMove(db, mover, { gameId: id, expectedPly: setup.length, move: scored ? "P d2-d4" : "p d7-d5" }, T0),
        () => runClock(db, T0),
        [0, 40],
      );
      expect(code(c)).toBe("ok");
      const report = (c as { value: ClockReport }).value;
      const { game, moves } = await expectConsistent(db, id);
      if (m.ok) {
        expect(report).toMatchObject({ timeouts: 0, cancelled: 0 });
        expect(game).toMatchObject({ status: "active", ply: setup.length + 1, deadline: new Date(T0.getTime() + 3 * DAY) });
        expect(moves).toHaveLength(setup.length + 1);
        expect(await mailLines(db, id)).toEqual([yourTurnLine(scored ? "bob" : "alice", setup.length + 1)]);
        return "move in time";
      }
      expect(code(m)).toBe("over");
      expect(moves).toEqual(setup);
      if (scored) {
        expect(report).toMatchObject({ timeouts: 1, cancelled: 0 });
        expect(game).toMatchObject({ status: "finished", result: "0-1", endReason: "timeout" });
      } else {
        expect(report).toMatchObject({ timeouts: 0, cancelled: 1 });
        expect(game).toMatchObject({ status: "cancelled", endReason: "no-first-move", result: null, deadline: null });
      }
      expect(await mailLines(db, id)).toEqual(gameOverLines("alice", "bob"));
      return scored ? "timed out" : "cancelled";
    });
  });

  it("a draw acceptance racing a move: drawn before the move, or the move first (keeping or answering the offer)", { timeout: TIMEOUT }, async () => {
    await repeat("draw acceptance vs move", async (i) => {
      // Even: the offerer (Alice) moves while Bob accepts; her offer stands after her move.
      // Odd: Bob moves while he accepts; his move answers the offer with a no.
      const offererMoves = i % 2 === 0;
      const setup = offererMoves ? [] : ["P e2-e4"];
      const id = await insertActiveGame(db, { white: p.alice, black: p.bob, moves: setup, drawOfferBy: p.alice });
      const [m, a] = await together(
        () => offererMoves
          ? submitMove(db, p.alice, { gameId: id, expectedPly: 0, move: "P e2-e4" }, T0)
          : submitMove(db, p.bob, { gameId: id, expectedPly: 1, move: "p e7-e5" }, T0),
        () => acceptDraw(db, p.bob, { gameId: id }, T0),
        [0, 40],
      );
      const { game, moves } = await expectConsistent(db, id);
      const draw = { status: "finished", result: "1/2-1/2", endReason: "agreement" };
      if (!m.ok) {
        expect([code(m), code(a)]).toEqual(["over", "ok"]);
        expect(game).toMatchObject(draw);
        expect(moves).toEqual(setup);
        expect(await mailLines(db, id)).toEqual(gameOverLines("alice", "bob"));
        return "accepted first";
      }
      if (offererMoves) {
        expect(code(a)).toBe("ok");
        expect(game).toMatchObject({ ...draw, ply: 1 });
        expect(await mailLines(db, id)).toEqual([...gameOverLines("alice", "bob"), yourTurnLine("bob", 1)].sort());
        return "move first, then drawn";
      }
      expect(code(a)).toBe("invalid");
      expect(game).toMatchObject({ status: "active", ply: 2, drawOfferBy: null });
      expect(await mailLines(db, id)).toEqual([yourTurnLine("alice", 2)]);
      return "move first, offer declined by it";
    });
  });

  it("both players offering a draw at once agree it", { timeout: TIMEOUT }, async () => {
    await repeat("two draw offers", async () => {
      const id = await insertActiveGame(db, { white: p.alice, black: p.bob, moves: ["P e2-e4"] });
      const [a, b] = await together(() => offerDraw(db, p.alice, { gameId: id }, T0), () => offerDraw(db, p.bob, { gameId: id }, T0));
      expect(a.ok && b.ok).toBe(true);
      const answers = [a, b].map((r) => (r as { value: string }).value);
      expect([...answers].sort()).toEqual(["agreed", "offered"]);
      const { game } = await expectConsistent(db, id);
      expect(game).toMatchObject({ status: "finished", result: "1/2-1/2", endReason: "agreement" });
      expect(await mailLines(db, id)).toEqual(gameOverLines("alice", "bob"));
      return answers[0] === "offered" ? "Alice first" : "Bob first";
    });
  });

  it("an acceptance racing a withdrawal: the game starts or is cancelled, never both", { timeout: TIMEOUT }, async () => {
    await repeat("accept vs withdraw", async () => {
      const c = await createChallenge(db, p.alice, { variant: "chess", color: "white", daysPerMove: 3, opponent: { kind: "user", name: "Bob" } }, T0);
      const [acc, wd] = await together(
        () => acceptInvitation(db, p.bob, { invitationId: c.invitationId }, T0),
        () => withdrawInvitation(db, p.alice, { invitationId: c.invitationId }, T0),
      );
      expect([code(acc), code(wd)].sort()).toEqual(["ok", "over"]);
      const [g] = await db.select().from(games).where(eq(games.id, c.gameId));
      const [inv] = await db.select().from(invitations).where(eq(invitations.id, c.invitationId));
      if (acc.ok) {
        expect(g).toMatchObject({ status: "active", whiteId: p.alice, blackId: p.bob });
        expect(inv.status).toBe("accepted");
        expect(await mailLines(db, c.gameId)).toEqual(["invitation bob@example.test", yourTurnLine("alice", 0)]);
        return "accepted first";
      }
      expect(g).toMatchObject({ status: "cancelled", blackId: null });
      expect(inv.status).toBe("withdrawn");
      expect(await mailLines(db, c.gameId)).toEqual(["invitation bob@example.test"]);
      return "withdrawn first";
    });
  });

  it("two players accepting one open challenge at once: one gets the seat", { timeout: TIMEOUT }, async () => {
    await repeat("two accepts", async () => {
      const c = await createChallenge(db, p.alice, { variant: "chess", color: "white", daysPerMove: 3, opponent: { kind: "open" } }, T0);
      const [b, d] = await together(
        () => acceptInvitation(db, p.bob, { invitationId: c.invitationId }, T0),
        () => acceptInvitation(db, p.dave, { invitationId: c.invitationId }, T0),
      );
      expect([code(b), code(d)].sort()).toEqual(["ok", "over"]);
      const { game } = await expectConsistent(db, c.gameId);
      expect(game).toMatchObject({ status: "active", whiteId: p.alice, blackId: b.ok ? p.bob : p.dave });
      expect(await mailLines(db, c.gameId)).toEqual([yourTurnLine("alice", 0)]);
      return b.ok ? "Bob" : "Dave";
    });
  });

  it("two clock workers at once decide each timeout, reminder and digest exactly once", { timeout: TIMEOUT }, async () => {
    await repeat("two clock workers", async () => {
      await db.update(users).set({ lastDigestAt: null }).where(eq(users.id, p.carol));
      const before = (h: number) => new Date(T0.getTime() - h * HOUR);
      const scoredWhiteLate = await insertActiveGame(db, { white: p.alice, black: p.bob, moves: ["P e2-e4", "p e7-e5"], deadline: before(1) });
      const scoredBlackLate = await insertActiveGame(db, { white: p.dave, black: p.bob, moves: ["P e2-e4", "p e7-e5", "N g1-f3"], deadline: before(2) });
      const noFirstMove = await insertActiveGame(db, { white: p.alice, black: p.dave, moves: ["P e2-e4"], deadline: before(1) });
      const remindBob = await insertActiveGame(db, { white: p.bob, black: p.alice, moves: ["P e2-e4", "p e7-e5"], deadline: new Date(T0.getTime() + 12 * HOUR) });
      const carolToMove = await insertActiveGame(db, { white: p.dave, black: p.carol, moves: ["P e2-e4"], deadline: new Date(T0.getTime() + 2 * DAY) });

      const [a, b] = await together(() => runClock(db, T0), () => runClock(db, T0));
      expect([code(a), code(b)]).toEqual(["ok", "ok"]);
      const [ra, rb] = [a, b].map((r) => (r as { value: ClockReport }).value);
      const sum = (k: keyof ClockReport) => ra[k] + rb[k];
      expect({ timeouts: sum("timeouts"), cancelled: sum("cancelled"), reminders: sum("reminders"), digests: sum("digests") })
        .toEqual({ timeouts: 2, cancelled: 1, reminders: 1, digests: 1 });

      expect((await expectConsistent(db, scoredWhiteLate)).game).toMatchObject({ status: "finished", result: "0-1", endReason: "timeout" });
      expect((await expectConsistent(db, scoredBlackLate)).game).toMatchObject({ status: "finished", result: "1-0", endReason: "timeout" });
      expect((await expectConsistent(db, noFirstMove)).game).toMatchObject({ status: "cancelled", endReason: "no-first-move" });
      expect((await expectConsistent(db, remindBob)).game).toMatchObject({ status: "active", reminderPly: 2 });
      expect((await expectConsistent(db, carolToMove)).game).toMatchObject({ status: "active", reminderPly: null });
      expect(await mailLines(db)).toEqual([
        ...gameOverLines("alice", "bob", "dave", "bob", "alice", "dave"), "digest carol@example.test", "reminder bob@example.test",
      ].sort());
      const [carol] = await db.select().from(users).where(eq(users.id, p.carol));
      expect(carol.lastDigestAt).toEqual(T0);
      const split = [ra, rb].map((r) => r.timeouts + r.cancelled + r.reminders + r.digests).sort();
      return `split ${split.join("/")}`;
    });
  });
});
