/**
 * Games for more than two resumed from their stored rules state (issue 18, lib/games/multi.ts loadMulti,
 * docs/games-for-more-than-two-service.md#moves), on real PostgreSQL: seeded random games of every such
 * game played through the service (moves, resignations, timeouts) are at every step the game replayed
 * from its stored moves and eliminations; a game stored before the state was kept is replayed once and
 * its next move stores it; a move costs the same statements at ply 4 and at ply 100; a corrupt or
 * forged state costs a replay, never the move.
 */
import { asc, eq, isNull } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Db } from "@/lib/db/client";
import { emailOutbox, gameEliminations, gameSeats, games, invitations, moves, users } from "@/lib/db/schema";
import { createTestPostgres, statementLog, type TestDb } from "@/lib/db/testing";
import { createMultiChallenge, getMultiGameView, replayMulti, resignMulti, runClock, submitMultiMove } from "@/lib/games";
import { makeMultiRulesState, MultiGame, multiGameInfo, multiVariantIds } from "@/lib/rules";
import { MULTI_STATE_LIMITS } from "@/lib/rules/multi/state";
import { Rng } from "@/tests/fuzz/random";

const T0 = new Date("2026-12-01T12:00:00Z");
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);
const NAMES = ["Alice", "Bob", "Carol", "Dave", "Eve", "Frank", "Grace", "Heidi"];

/** The statements that replay a stored game: its moves, and the armies that went out between them. */
const replayReads = (statements: string[]) => statements.filter((s) => /^select "text" from "moves"|^select .* from "game_eliminations"/.test(s));

type Step = { move: string } | { out: string; reason: "resignation" | "timeout" };

describe("games for more than two resumed from their stored rules state", () => {
  const log = statementLog();
  let handle: TestDb;
  let db: Db;
  let people: string[];

  beforeAll(async () => {
    handle = await createTestPostgres({ logger: log });
    db = handle.db;
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(async () => {
    for (const t of [emailOutbox, moves, gameEliminations, gameSeats, invitations, games]) await db.delete(t);
    await db.delete(users).where(isNull(users.botLevel)); // the bots stay (drizzle/0007_bots.sql)
    people = (await db.insert(users).values(NAMES.map((name) => ({ name, email: `${name.toLowerCase()}@example.test` }))).returning()).map((u) => u.id);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const gameRow = async (id: string) => (await db.select().from(games).where(eq(games.id, id)))[0];

  /** The stored game replayed from its moves and eliminations, checked against what is stored: position, state, status, the seats' places. */
  async function expectAsReplayed(id: string): Promise<MultiGame> {
    const g = await gameRow(id);
    const played = await db.select().from(moves).where(eq(moves.gameId, id)).orderBy(asc(moves.ply));
    const out = await db.select().from(gameEliminations).where(eq(gameEliminations.gameId, id)).orderBy(asc(gameEliminations.n));
    const replay = replayMulti(g.variant, g.startFen, played.map((m) => m.text), out.map((e) => ({ army: e.army, reason: e.reason as "resignation", afterPly: e.afterPly })));
    const status = replay.status();
    expect([g.ply, g.currentFen]).toEqual([replay.ply, replay.fen()]);
    expect(g.rulesState).toBe(makeMultiRulesState(replay));
    const resumed = MultiGame.resume(g.variant, g.startFen, g.rulesState!);
    expect([resumed.status(), resumed.legalMoves(), resumed.armies()]).toEqual([status, replay.legalMoves(), replay.armies()]);
    expect(g.status).toBe(status.result === "over" ? "finished" : "active");
    if (status.result === "over") {
      const seats = await db.select().from(gameSeats).where(eq(gameSeats.gameId, id));
      expect(Object.fromEntries(seats.map((s) => [s.army, s.place]))).toEqual(status.places);
      expect(g.endReason).toBe(status.reason);
    } else {
      const view = await getMultiGameView(db, id, null);
      expect(view !== "two" && view.toMove).toBe(status.toMove);
    }
    return replay;
  }

  /**
   * A game inserted as if played to the end of `steps` by the players in turn order, its emails gone;
   * stored with its rules state (as every change stores it), or with `rulesState` instead.
   */
  async function insertGame(variant: string, steps: readonly Step[], rulesState?: string | null): Promise<{ id: string; game: MultiGame }> {
    const game = MultiGame.start(variant);
    const armies = multiGameInfo(variant).armies.map((a) => a.letter);
    const startFen = game.fen();
    const played: (typeof moves.$inferInsert)[] = [];
    const out: (typeof gameEliminations.$inferInsert)[] = [];
    for (const s of steps) {
      if ("move" in s) {
        const mover = people[armies.indexOf((game.status() as { toMove: string }).toMove)];
        const text = game.play(s.move);
        played.push({ gameId: "", ply: game.ply, text, fenAfter: game.fen(), playerId: mover, createdAt: T0 });
      } else {
        game.eliminate(s.out, s.reason);
        out.push({ gameId: "", n: out.length, army: s.out, reason: s.reason, afterPly: game.ply, createdAt: T0 });
      }
    }
    const [g] = await db.insert(games).values({
      variant, seatCount: armies.length, status: "active", startFen, currentFen: game.fen(),
      rulesState: rulesState === undefined ? makeMultiRulesState(game) : rulesState, ply: game.ply, daysPerMove: 3,
      deadline: minutes(3 * 24 * 60), visibility: "public", createdAt: T0, updatedAt: T0, lastMoveAt: played.length ? T0 : null,
    }).returning();
    await db.insert(gameSeats).values(armies.map((army, seat) => ({ gameId: g.id, seat, army, userId: people[seat] })));
    if (played.length) await db.insert(moves).values(played.map((m) => ({ ...m, gameId: g.id })));
    if (out.length) await db.insert(gameEliminations).values(out.map((e) => ({ ...e, gameId: g.id })));
    return { id: g.id, game };
  }

  /** A move after which `game` is still on: the first, or a seeded random one. */
  function goingOnFrom(game: MultiGame, rng?: Rng): string {
    const state = makeMultiRulesState(game);
    const going = game.legalMoves().map((m) => m.text).filter((t) => {
      const next = MultiGame.resume(game.id, "start", state);
      next.play(t);
      return next.status().result === "ongoing";
    });
    return rng ? rng.pick(going) : going[0];
  }

  /** `plies` seeded random moves after which the game is still on, with the armies of `out` going out after the plies given. */
  function goingOn(variant: string, plies: number, seed: number, out: Record<number, Step> = {}): { steps: Step[]; game: MultiGame } {
    const rng = new Rng(seed);
    const game = MultiGame.start(variant);
    const steps: Step[] = [];
    while (game.ply < plies) {
      const gone = out[game.ply];
      if (gone && "out" in gone && !steps.includes(gone)) {
        game.eliminate(gone.out, gone.reason);
        steps.push(gone);
      } else steps.push({ move: game.play(goingOnFrom(game, rng)) });
    }
    return { steps, game };
  }

  const moveBy = (game: MultiGame) => people[multiGameInfo(game.id).armies.findIndex((a) => a.letter === (game.status() as { toMove: string }).toMove)];

  /** The statements of `move` played through the service by the player to move; played on `game` (the test's copy) too. */
  async function countMove(id: string, game: MultiGame, move: string, at: Date) {
    const by = moveBy(game);
    const expectedPly = game.ply;
    game.play(move);
    log.reset();
    await submitMultiMove(db, by, { gameId: id, expectedPly, move }, at);
    return [...log.statements];
  }

  /** The statements of a resignation out of turn (the first army playing that is not to move). */
  async function countResignation(id: string, game: MultiGame, at: Date) {
    const seat = game.armies().findIndex((a) => a.state === "playing" && !a.toMove);
    log.reset();
    await resignMulti(db, people[seat], { gameId: id }, at);
    return [...log.statements];
  }

  describe("played through the service, at every step the game replayed", () => {
    // The big boards are slow to list: shorter games there.
    const plies = (id: string) => (id.startsWith("eight") ? 14 : 30);
    for (const variant of multiVariantIds()) {
      it(`${variant}: a seeded random game of moves, resignations and timeouts`, async () => {
        const rng = new Rng([...variant].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 18));
        const armies = multiGameInfo(variant).armies.map((a) => a.letter);
        // Alice plays the first army; a bot of a level of its own each other seat (so each seat resigns alone).
        const bots = new Map((await db.select().from(users)).flatMap((u) => (u.botLevel !== null ? [[u.botLevel, u.id] as const] : [])));
        const { gameId: id } = await createMultiChallenge(db, people[0], {
          variant, seat: armies[0], daysPerMove: 3, visibility: "public", bots: armies.slice(1).map((army, i) => ({ army, level: i + 1 })),
        }, T0);
        const player = (army: string) => (army === armies[0] ? people[0] : bots.get(armies.indexOf(army))!);
        let now = 0;
        let replay = await expectAsReplayed(id);
        const done: string[] = [];
        // Once every army has moved, the army to move runs out of time (before its first move the game would be
        // cancelled); near the end an army resigns, in turn or not. The games that end at the first army out end there.
        const timeoutAt = armies.length + 1;
        const resignAt = plies(variant) - 4;
        for (let step = 0; step < plies(variant) && (await gameRow(id)).status === "active"; step++) {
          now += 10;
          if (step === timeoutAt) {
            now = ((await gameRow(id)).deadline!.getTime() - T0.getTime()) / 60_000 + 1;
            expect((await runClock(db, minutes(now))).timeouts).toBe(1);
            done.push("timeout");
          } else if (step === resignAt) {
            await resignMulti(db, player(rng.pick(replay.armies().filter((a) => a.state === "playing")).letter), { gameId: id }, minutes(now));
            done.push("resignation");
          } else {
            const { toMove } = replay.status() as { toMove: string };
            await submitMultiMove(db, player(toMove), { gameId: id, expectedPly: replay.ply, move: rng.pick(replay.legalMoves()).text }, minutes(now));
            done.push("move");
          }
          replay = await expectAsReplayed(id);
        }
        expect(done.slice(0, timeoutAt + 1)).toEqual([...Array(timeoutAt).fill("move"), "timeout"]);
      }, 60_000);
    }
  });

  it("a game stored before the state was kept is replayed once, and its next move stores the state", async () => {
    const { steps } = goingOn("four-player", 5, 4, { 3: { out: "g", reason: "resignation" } });
    const { id, game } = await insertGame("four-player", steps, null);
    const first = await countMove(id, game, goingOnFrom(game), minutes(1));
    expect(replayReads(first), first.join("\n")).toHaveLength(2);
    expect((await gameRow(id)).rulesState).not.toBeNull();
    await expectAsReplayed(id);
    const second = await countMove(id, game, goingOnFrom(game), minutes(2));
    expect(replayReads(second), second.join("\n")).toEqual([]);
    await expectAsReplayed(id);
  });

  it("a move costs the same statements at ply 4 as at ply 100, none of them a replay; so does a resignation", async () => {
    const { steps } = goingOn("four-player", 100, 18);
    const short = await insertGame("four-player", steps.slice(0, 4));
    const long = await insertGame("four-player", steps);
    expect(long.game.ply).toBe(100);
    const at4 = await countMove(short.id, short.game, goingOnFrom(short.game), minutes(1));
    const at100 = await countMove(long.id, long.game, goingOnFrom(long.game), minutes(1));
    expect(replayReads(at100)).toEqual([]);
    // The same statements (their text: the values are parameters): the lock, the seats with their players, the move, the game, the email.
    expect(at100, at100.join("\n")).toEqual(at4);
    expect(at4.length, at4.join("\n")).toBeLessThanOrEqual(5);
    await expectAsReplayed(short.id);
    await expectAsReplayed(long.id);

    const out4 = await countResignation(short.id, short.game, minutes(2));
    const out100 = await countResignation(long.id, long.game, minutes(2));
    expect(replayReads(out100)).toEqual([]);
    expect(out100, out100.join("\n")).toEqual(out4);
    await expectAsReplayed(long.id);
  }, 60_000);

  describe("a corrupt or forged rules state is replayed instead, and the next change stores the right one", () => {
    const { steps, game: played } = goingOn("four-player", 6, 7, { 5: { out: "y", reason: "resignation" } });
    const state = makeMultiRulesState(played);
    const forged: Record<string, string> = {
      "JSON, not a state": JSON.stringify({ ply: played.ply, nfen: played.fen(), seen: {} }),
      "empty": "",
      "another game's": makeMultiRulesState(MultiGame.start("three-player")),
      "an earlier ply's of this game": makeMultiRulesState(MultiGame.replay("four-player", "start", steps.slice(0, 2).map((s) => (s as { move: string }).move))),
      "its armies out not the position's": state.replace(/;-,-,\d+,-;/, ";-,-,-,-;"),
      "a ply out of range": state.replace(/^m1;four-player;\d+;/, "m1;four-player;9999999;"),
      "too long": "m1;" + "x".repeat(MULTI_STATE_LIMITS.chars),
    };
    for (const [what, text] of Object.entries(forged)) {
      it(`${what}: a move`, async () => {
        const error = vi.spyOn(console, "error").mockImplementation(() => {});
        const { id, game } = await insertGame("four-player", steps, text);
        const statements = await countMove(id, game, goingOnFrom(game), minutes(1));
        expect(replayReads(statements)).toHaveLength(2);
        expect(error).toHaveBeenCalledWith(expect.stringMatching(/stored rules state is not its position; replayed instead/));
        await expectAsReplayed(id);
      });
    }

    it("a resignation on a forged state", async () => {
      vi.spyOn(console, "error").mockImplementation(() => {});
      const resigned = await insertGame("four-player", steps, forged["its armies out not the position's"]);
      const statements = await countResignation(resigned.id, resigned.game, minutes(1));
      expect(replayReads(statements)).toHaveLength(2);
      await expectAsReplayed(resigned.id);
    });

    it("a timeout on a forged state", async () => {
      vi.spyOn(console, "error").mockImplementation(() => {});
      const late = await insertGame("four-player", steps, forged["an earlier ply's of this game"]);
      expect((await runClock(db, minutes(4 * 24 * 60))).timeouts).toBe(1);
      expect(await db.select().from(gameEliminations).where(eq(gameEliminations.gameId, late.id))).toHaveLength(2);
      await expectAsReplayed(late.id);
    });
  });
});
