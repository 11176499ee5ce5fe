/**
 * Concurrency stress against real PostgreSQL: two requests (or two clock workers)
 * racing on one game, each race repeated RACE_REPEATS times (20 here; `npm run
 * stress` runs 1000). After every round: exactly one consistent end state (see
 * expectConsistent: moves 1..n in order, each legal, games.ply = n, currentFen =
 * the last move's position), the loser refused with the expected GameError, and
 * the outbox holding exactly the emails of the events that committed.
 *
 * Every race must be seen to go both ways over the repeats (at least 6). Left to
 * chance it may not: one side often has more to do before it takes the row lock
 * (a move judges and renders its email first), and on a busy machine it could
 * lose every time. So the rounds take turns. "a first" and "b first": both sides
 * do their work up to their first write — a transaction, or a statement that
 * writes outside one (the usual move's single statement, written only if the game
 * is still as it was read: lib/games/service.ts submitMove) — and wait for each
 * other there; then the named side's write runs, and the other's right after it,
 * so the second has passed its checks on the state the first has just changed and
 * must be refused by its transaction's re-check, or find the game changed and
 * judge the move again locked — the check-then-act race, both ways, whatever the
 * machine's speed. "random": each side starts after a random pause
 * of up to 2 ms (any interleaving: transactions waiting on each other's lock, or
 * an early read that already sees the other's result).
 */
import { eq } from "drizzle-orm";
import type postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { games, invitations, users } from "@/lib/db/schema";
import { createTestPostgres, type TestDb } from "@/lib/db/testing";
import { chosenSetupFen } from "@/lib/rules";
import {
  acceptDraw, acceptInvitation, chooseSetup, createChallenge, GameError, offerDraw, resign, runClock, submitMove, withdrawInvitation,
  type ClockReport,
} from "@/lib/games";
import {
  DAY, T0, expectConsistent, gameOverLines, insertActiveGame, mailLines, seedPlayers, wipe, yourTurnLine, type Players,
} from "../support/games";

const REPEATS = Math.max(6, Number(process.env.RACE_REPEATS ?? 20));
const HOUR = 3600 * 1000;
// Generous: a round takes some 30–100 ms, more on a busy machine.
const TIMEOUT = 60_000 + REPEATS * 400;

const pause = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());
const jitter = (max: number) => (Math.random() < 0.3 ? 0 : Math.floor(Math.random() * (max + 1)));

type Order = "a first" | "b first" | "random";
/**
 * Round i's order. Mod 3 against the races' own alternation (mod 2, e.g. who
 * resigns): every six rounds each order meets each setup.
 */
const orderOf = (i: number): Order => (["a first", "b first", "random"] as const)[i % 3];

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * Two views of `db` whose first write each waits — a transaction, or a statement
 * outside one that is not a plain read — until both sides are there (or done),
 * then `first`'s runs, and the other's once that one has ended (its transaction,
 * or its statement). Everything else goes straight to `db`.
 */
function staged(db: Db, first: 0 | 1): { views: [Db, Db]; done: (side: 0 | 1) => void } {
  const arrived = [deferred(), deferred()];
  const go = [deferred(), deferred()];
  void Promise.all(arrived.map((d) => d.promise)).then(() => go[first].resolve());
  const ended = (side: 0 | 1) => {
    if (side === first) go[1 - first].resolve();
  };
  const view = (side: 0 | 1): Db => {
    let waited = false;
    /** Runs `write` once this side's turn came, when it is the side's first write; else at once. */
    const inTurn = async <T,>(write: () => Promise<T>): Promise<T> => {
      if (waited) return write();
      waited = true;
      arrived[side].resolve();
      await go[side].promise;
      return write().finally(() => ended(side));
    };
    // The statements drizzle sends outside a transaction go through the session's postgres.js
    // client; a query runs when first awaited (handle), so a write's waits there.
    const session = db._.session as unknown as { client: postgres.Sql };
    const client = new Proxy(session.client, {
      get(target, key, receiver) {
        if (key !== "unsafe") return Reflect.get(target, key, receiver);
        return (text: string, ...rest: unknown[]) => {
          const query = (target.unsafe as unknown as (...a: unknown[]) => { handle: () => Promise<void> })(text, ...rest);
          if (/^\s*select\b/i.test(text)) return query;
          const handle = query.handle.bind(query);
          let gated: Promise<void> | undefined;
          query.handle = () => (gated ??= inTurn(() => new Promise<void>((resolve) => {
            void handle();
            // The statement's end: its result (or error) arrives.
            (query as unknown as Promise<unknown>).then(() => resolve(), () => resolve());
          })));
          return query;
        };
      },
    });
    const stagedSession = Object.create(session, { client: { value: client } });
    return Object.create(db, {
      session: { value: stagedSession },
      _: { value: { ...db._, session: stagedSession } },
      transaction: {
        value: (fn: Parameters<Db["transaction"]>[0], config?: Parameters<Db["transaction"]>[1]) => inTurn(() => db.transaction(fn, config)),
      },
    }) as Db;
  };
  // A side that ends without a write (refused early) must not keep the other waiting.
  const done = (side: 0 | 1) => {
    arrived[side].resolve();
    ended(side);
  };
  return { views: [view(0), view(1)], done };
}

/**
 * Runs `a` and `b` at once on `db` in the given order (see the file's comment);
 * each gets the database view to use. In random order, each starts after a
 * random pause of up to its `max` ms.
 */
function together<A, B>(db: Db, order: Order, a: (db: Db) => Promise<A>, b: (db: Db) => Promise<B>, max: [number, number] = [2, 2]) {
  const settle = <T,>(p: Promise<T>) =>
    p.then((value) => ({ ok: true as const, value }), (error: unknown) => ({ ok: false as const, error }));
  if (order === "random") {
    return Promise.all([settle(pause(jitter(max[0])).then(() => a(db))), settle(pause(jitter(max[1])).then(() => b(db)))]);
  }
  const { views, done } = staged(db, order === "a first" ? 0 : 1);
  return Promise.all([
    settle(a(views[0]).finally(() => done(0))),
    settle(b(views[1]).finally(() => done(1))),
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

  /**
   * Runs `round` REPEATS times on empty game tables, in the order orderOf(i); `round`
   * returns which way the race went. Each of `outcomes`, and nothing else, must occur.
   */
  async function repeat(name: string, outcomes: string[], round: (i: number, order: Order) => Promise<string>) {
    const t = (tally[name] = {} as Record<string, number>);
    for (let i = 0; i < REPEATS; i++) {
      await wipe(db);
      const outcome = await round(i, orderOf(i));
      t[outcome] = (t[outcome] ?? 0) + 1;
    }
    expect(Object.keys(t).sort(), `${name}: ${JSON.stringify(t)}`).toEqual([...outcomes].sort());
  }

  it("the same move sent from two sessions at once is stored once", { timeout: TIMEOUT }, async () => {
    await repeat("same move twice", ["first", "second"], async (_i, order) => {
      const id = await insertActiveGame(db, { white: p.alice, black: p.bob });
      const move = (d: Db) => submitMove(d, p.alice, { gameId: id, expectedPly: 0, move: "P e2-e4" }, T0);
      const [a, b] = await together(db, order, move, move);
      expect([code(a), code(b)].sort()).toEqual(["ok", "stale"]);
      const { game, moves } = await expectConsistent(db, id);
      expect(moves).toEqual(["P e2-e4"]);
      expect(game.status).toBe("active");
      expect(await mailLines(db, id)).toEqual([yourTurnLine("bob", 1)]);
      return a.ok ? "first" : "second";
    });
  });

  it("of two different moves at once exactly one is played", { timeout: TIMEOUT }, async () => {
    await repeat("two different moves", ["e4", "Nf3"], async (_i, order) => {
      const id = await insertActiveGame(db, { white: p.alice, black: p.bob });
      const [a, b] = await together(db, order,
        (d) => submitMove(d, p.alice, { gameId: id, expectedPly: 0, move: "P e2-e4" }, T0),
        (d) => submitMove(d, p.alice, { gameId: id, expectedPly: 0, move: "N g1-f3" }, T0),
      );
      expect([code(a), code(b)].sort()).toEqual(["ok", "stale"]);
      const { moves } = await expectConsistent(db, id);
      expect(moves).toEqual([a.ok ? "P e2-e4" : "N g1-f3"]);
      expect(await mailLines(db, id)).toEqual([yourTurnLine("bob", 1)]);
      return a.ok ? "e4" : "Nf3";
    });
  });

  it("a move racing a resignation: resigned either before the move (refused) or after it", { timeout: TIMEOUT }, async () => {
    await repeat("move vs resignation", ["move first, Bob resigns", "Bob resigned first", "move first, Alice resigns", "Alice resigned first"], async (i, order) => {
      const id = await insertActiveGame(db, { white: p.alice, black: p.bob });
      // Alternately the opponent resigns, or the mover herself from another tab.
      const resigner = i % 2 ? p.bob : p.alice;
      const who = resigner === p.bob ? "Bob" : "Alice";
      const [m, r] = await together(db, order,
        (d) => submitMove(d, p.alice, { gameId: id, expectedPly: 0, move: "P e2-e4" }, T0),
        (d) => resign(d, resigner, { gameId: id }, T0),
        [0, 40],
      );
      expect(code(r)).toBe("ok");
      const { game, moves } = await expectConsistent(db, id);
      expect(game).toMatchObject({ status: "finished", endReason: "resignation", result: resigner === p.bob ? "1-0" : "0-1" });
      if (m.ok) {
        expect(moves).toEqual(["P e2-e4"]);
        expect(await mailLines(db, id)).toEqual([...gameOverLines("alice", "bob"), yourTurnLine("bob", 1)].sort());
        return `move first, ${who} resigns`;
      }
      expect(code(m)).toBe("over");
      expect(moves).toEqual([]);
      expect(await mailLines(db, id)).toEqual(gameOverLines("alice", "bob"));
      return `${who} resigned first`;
    });
  });

  it("a move racing the clock at the deadline: either the move is in time or the game timed out", { timeout: TIMEOUT }, async () => {
    await repeat("move vs timeout", ["move in time at ply 2", "timed out", "move in time at ply 1", "cancelled"], async (i, order) => {
      // Even rounds: ply 2, a timeout scores (White loses). Odd: ply 1, a timeout cancels.
      const scored = i % 2 === 0;
      const setup = scored ? ["P e2-e4", "p e7-e5"] : ["P e2-e4"];
      const id = await insertActiveGame(db, { white: p.alice, black: p.bob, moves: setup, deadline: T0 });
      const mover = scored ? p.alice : p.bob;
      const [m, c] = await together(db, order,
        (d) => submitMove(d, mover, { gameId: id, expectedPly: setup.length, move: scored ? "P d2-d4" : "p d7-d5" }, T0),
        (d) => runClock(d, T0),
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
        return `move in time at ply ${setup.length}`;
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
    await repeat("draw acceptance vs move", [
      "accepted before Alice's move", "Alice's move first, then drawn", "accepted before Bob's move", "Bob's move first, declining the offer",
    ], async (i, order) => {
      // Even: the offerer (Alice) moves while Bob accepts; her offer stands after her move.
      // Odd: Bob moves while he accepts; his move answers the offer with a no.
      const offererMoves = i % 2 === 0;
      const setup = offererMoves ? [] : ["P e2-e4"];
      const id = await insertActiveGame(db, { white: p.alice, black: p.bob, moves: setup, drawOfferBy: p.alice });
      const [m, a] = await together(db, order,
        (d) => offererMoves
          ? submitMove(d, p.alice, { gameId: id, expectedPly: 0, move: "P e2-e4" }, T0)
          : submitMove(d, p.bob, { gameId: id, expectedPly: 1, move: "p e7-e5" }, T0),
        (d) => acceptDraw(d, p.bob, { gameId: id }, T0),
        [0, 40],
      );
      const { game, moves } = await expectConsistent(db, id);
      const draw = { status: "finished", result: "1/2-1/2", endReason: "agreement" };
      if (!m.ok) {
        expect([code(m), code(a)]).toEqual(["over", "ok"]);
        expect(game).toMatchObject(draw);
        expect(moves).toEqual(setup);
        expect(await mailLines(db, id)).toEqual(gameOverLines("alice", "bob"));
        return `accepted before ${offererMoves ? "Alice" : "Bob"}'s move`;
      }
      if (offererMoves) {
        expect(code(a)).toBe("ok");
        expect(game).toMatchObject({ ...draw, ply: 1 });
        expect(await mailLines(db, id)).toEqual([...gameOverLines("alice", "bob"), yourTurnLine("bob", 1)].sort());
        return "Alice's move first, then drawn";
      }
      expect(code(a)).toBe("invalid");
      expect(game).toMatchObject({ status: "active", ply: 2, drawOfferBy: null });
      expect(await mailLines(db, id)).toEqual([yourTurnLine("alice", 2)]);
      return "Bob's move first, declining the offer";
    });
  });

  it("both players offering a draw at once agree it", { timeout: TIMEOUT }, async () => {
    await repeat("two draw offers", ["Alice first", "Bob first"], async (_i, order) => {
      const id = await insertActiveGame(db, { white: p.alice, black: p.bob, moves: ["P e2-e4"] });
      const [a, b] = await together(db, order, (d) => offerDraw(d, p.alice, { gameId: id }, T0), (d) => offerDraw(d, p.bob, { gameId: id }, T0));
      expect(a.ok && b.ok).toBe(true);
      const answers = [a, b].map((r) => (r as { value: string }).value);
      expect([...answers].sort()).toEqual(["agreed", "offered"]);
      const { game } = await expectConsistent(db, id);
      expect(game).toMatchObject({ status: "finished", result: "1/2-1/2", endReason: "agreement" });
      // The first offer mailed the other player (docs/chat.md#the-draw-offer-email) before the second agreed it.
      const offeredTo = answers[0] === "offered" ? "bob" : "alice";
      expect(await mailLines(db, id)).toEqual([...gameOverLines("alice", "bob"), `draw-offer ${offeredTo}@example.test`].sort());
      return answers[0] === "offered" ? "Alice first" : "Bob first";
    });
  });

  it("an acceptance racing a withdrawal: the game starts or is cancelled, never both", { timeout: TIMEOUT }, async () => {
    await repeat("accept vs withdraw", ["accepted first", "withdrawn first"], async (_i, order) => {
      const c = await createChallenge(db, p.alice, { variant: "chess", color: "white", daysPerMove: 3, opponent: { kind: "user", name: "Bob" } }, T0);
      const [acc, wd] = await together(db, order,
        (d) => acceptInvitation(d, p.bob, { invitationId: c.invitationId }, T0),
        (d) => withdrawInvitation(d, p.alice, { invitationId: c.invitationId }, T0),
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
    await repeat("two accepts", ["Bob", "Dave"], async (_i, order) => {
      const c = await createChallenge(db, p.alice, { variant: "chess", color: "white", daysPerMove: 3, opponent: { kind: "open" } }, T0);
      const [b, d] = await together(db, order,
        (x) => acceptInvitation(x, p.bob, { invitationId: c.invitationId }, T0),
        (x) => acceptInvitation(x, p.dave, { invitationId: c.invitationId }, T0),
      );
      expect([code(b), code(d)].sort()).toEqual(["ok", "over"]);
      const { game } = await expectConsistent(db, c.gameId);
      expect(game).toMatchObject({ status: "active", whiteId: p.alice, blackId: b.ok ? p.bob : p.dave });
      expect(await mailLines(db, c.gameId)).toEqual([yourTurnLine("alice", 0)]);
      return b.ok ? "Bob" : "Dave";
    });
  });

  // Janggi's setups (docs/games/janggi.md#choosing-the-setups): Alice is White (Cho), Bob Black (Han), who chooses first.
  const choosing = () => insertActiveGame(db, { white: p.alice, black: p.bob, variant: "janggi", choosingSetups: true });
  const setupsOf = async (id: string) => (await db.select().from(games).where(eq(games.id, id)))[0];

  it("a setup chosen from two tabs at once is chosen once", { timeout: TIMEOUT }, async () => {
    await repeat("setup from two tabs", ["first", "second"], async (_i, order) => {
      const id = await choosing();
      const [a, b] = await together(db, order,
        (d) => chooseSetup(d, p.bob, { gameId: id, setup: 1 }, T0),
        (d) => chooseSetup(d, p.bob, { gameId: id, setup: 2 }, T0),
      );
      expect([code(a), code(b)].sort()).toEqual(["invalid", "ok"]);
      expect(await setupsOf(id)).toMatchObject({ blackSetup: a.ok ? 1 : 2, whiteSetup: null, choosingSetups: true });
      expect(await mailLines(db, id)).toEqual(["choose-setup alice@example.test ply=0"]);
      return a.ok ? "first" : "second";
    });
  });

  it("both players choosing at once: Black's choice stands, White's only after it", { timeout: TIMEOUT }, async () => {
    await repeat("setups of both players", ["Black first, then White", "White too early"], async (_i, order) => {
      const id = await choosing();
      const [black, white] = await together(db, order,
        (d) => chooseSetup(d, p.bob, { gameId: id, setup: 3 }, T0),
        (d) => chooseSetup(d, p.alice, { gameId: id, setup: 0 }, T0),
      );
      expect(code(black)).toBe("ok");
      const { game } = await expectConsistent(db, id);
      if (white.ok) {
        expect(game).toMatchObject({ whiteSetup: 0, blackSetup: 3, choosingSetups: false, startFen: chosenSetupFen("janggi", 0, 3) });
        return "Black first, then White";
      }
      expect(code(white)).toBe("not-your-turn");
      expect(game).toMatchObject({ whiteSetup: null, blackSetup: 3, choosingSetups: true });
      return "White too early";
    });
  });

  it("two clock workers at once decide each timeout, reminder and digest exactly once", { timeout: TIMEOUT }, async () => {
    // Five jobs, never a tie: which way it went is who did most of them.
    await repeat("two clock workers", ["A did more", "B did more"], async (_i, order) => {
      await db.update(users).set({ lastDigestAt: null }).where(eq(users.id, p.carol));
      const before = (h: number) => new Date(T0.getTime() - h * HOUR);
      const scoredWhiteLate = await insertActiveGame(db, { white: p.alice, black: p.bob, moves: ["P e2-e4", "p e7-e5"], deadline: before(1) });
      const scoredBlackLate = await insertActiveGame(db, { white: p.dave, black: p.bob, moves: ["P e2-e4", "p e7-e5", "N g1-f3"], deadline: before(2) });
      const noFirstMove = await insertActiveGame(db, { white: p.alice, black: p.dave, moves: ["P e2-e4"], deadline: before(1) });
      const remindBob = await insertActiveGame(db, { white: p.bob, black: p.alice, moves: ["P e2-e4", "p e7-e5"], deadline: new Date(T0.getTime() + 12 * HOUR) });
      const carolToMove = await insertActiveGame(db, { white: p.dave, black: p.carol, moves: ["P e2-e4"], deadline: new Date(T0.getTime() + 2 * DAY) });

      const [a, b] = await together(db, order, (d) => runClock(d, T0), (d) => runClock(d, T0));
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
      const [na, nb] = [ra, rb].map((r) => r.timeouts + r.cancelled + r.reminders + r.digests);
      return na > nb ? "A did more" : "B did more";
    });
  });
});
