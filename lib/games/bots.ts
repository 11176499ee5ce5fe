/**
 * Bots in the service (docs/playing-bots.md): one account per level (users.bot_level, created by
 * drizzle/0007_bots.sql), challenged like a player and accepting at once. The worker's job
 * `runBots` plays their part: it finds the games where a bot is to act, chooses a setup
 * (Janggi) or asks the bot's thread for a move, and submits it through the same service
 * functions as a person's, under the same checks: the expected ply makes a stale or raced
 * move a refusal, never a second move for one ply. Seats, not games, are bots: in a game for
 * more than two (docs/games-for-more-than-two-service.md#bots) the seat to move is asked, and its
 * move goes through submitMultiMove; one bot account may hold several seats there.
 */
import { randomInt } from "node:crypto";
import { and, asc, eq, inArray, isNotNull, isNull, lt, not, or, sql } from "drizzle-orm";
import type { Db, Executor } from "@/lib/db/client";
import { gameSeats, games, moves, users, type Game as GameRow } from "@/lib/db/schema";
import { chooseMove, multiBotMove } from "@/lib/bot";
import { Game, viewFen } from "@/lib/rules";
import { THINK_LIMIT_MS, type BotRequest } from "./bot-request";
import { thinkInThread } from "./bot-think";
import { GameError } from "./errors";
import { hiddenNow, type Side } from "./fog";
import { botSeatToMove, submitMultiMove } from "./multi";
import { declarePresetVariants, declaredPreset, refuseUnreadable } from "./presets";
import { chooseSetup, declineDraw, submitMove } from "./service";
import { setupStage, sideToAct } from "./setups";

/** The bots, by account id: their levels. */
async function botLevels(db: Executor): Promise<Map<string, number>> {
  const rows = await db.select({ id: users.id, level: users.botLevel }).from(users).where(isNotNull(users.botLevel));
  return new Map(rows.map((r) => [r.id, r.level!]));
}

/**
 * What the bot may know when it moves: the game's start and every move, so it sees
 * repetitions as a player does; in a game that hides information (Fog of War), only its
 * own view of the position now (lib/rules viewFen, what the page shows its side), never
 * the real position or the opponent's moves. A preset's game comes with its version's
 * declaration: the thread is an isolate of its own, which this process's declarations do not reach.
 */
export function botRequest(g: Pick<GameRow, "variant" | "status" | "startFen" | "currentFen">, played: string[], side: Side, level: number): BotRequest {
  const declaration = declaredPreset(g.variant);
  const game = declaration ? { variant: g.variant, declaration } : { variant: g.variant };
  if (hiddenNow(g)) return { ...game, level, startFen: viewFen(g.variant, g.currentFen, side), moves: [] };
  return { ...game, level, startFen: g.startFen, moves: played };
}

export interface BotOptions {
  /** Chooses the move (default: the bot's thread); tests pass a spy. */
  think?: Think;
  /** The worker stopping: no new game is taken up, and a search under way is given up. */
  signal?: AbortSignal;
  log?: (msg: string) => void;
}

export interface BotReport {
  moves: number;
  setups: number;
  drawsDeclined: number;
}

type Think = (request: BotRequest, options: { signal?: AbortSignal }) => Promise<string>;

/** The thought, or a refusal as soon as the worker stops: stopping never waits for a search, whatever `think` does. */
function unlessStopped(thought: Promise<string>, signal: AbortSignal | undefined): Promise<string> {
  if (!signal) return thought;
  return new Promise((resolve, reject) => {
    const stop = () => reject(new Error("the worker stopped"));
    if (signal.aborted) stop();
    signal.addEventListener("abort", stop, { once: true });
    thought.then(resolve, reject).finally(() => signal.removeEventListener("abort", stop));
  });
}

/** How long a worker holds a game it acts in: longer than a search and its level-1 fallback (lib/games/bot-think.ts). */
export const CLAIM_MS = 2 * THINK_LIMIT_MS + 20_000;
/** After a failed try, the next waits this long, doubled with each failure in a row, up to MAX_RETRY_MS. */
export const RETRY_MS = 60_000;
export const MAX_RETRY_MS = 3_600_000;
/** After this many failed tries in a row, the bot plays a random legal move (level 1's), in this process. */
export const FAILURES_BEFORE_RANDOM = 3;
/** Games read a round, the longest waiting first; rounds a run (a bound, should bots play each other). */
const GAMES_A_ROUND = 200;
const ROUNDS_A_RUN = 20;

/**
 * The games where a bot may have something to do now, the longest waiting first (since the
 * person's last move, or the game's last change before any): a bot to move or to choose its
 * setup, or a person's draw offer to decline; not held by a worker, nor waiting out a back-off.
 * Whose turn it is is read as sideToAct reads it (the FEN's side to move; the setup choices).
 */
export async function waitingForBots(db: Db, ids: string[], now: Date): Promise<GameRow[]> {
  const toMove = sql`split_part(${games.currentFen}, ' ', 2)`;
  const white = inArray(games.whiteId, ids);
  const black = inArray(games.blackId, ids);
  return db.select().from(games).where(and(
    eq(games.status, "active"),
    or(isNull(games.botClaimedUntil), lt(games.botClaimedUntil, now)),
    or(
      and(eq(games.choosingSetups, false), or(and(sql`${toMove} = 'b'`, black), and(sql`${toMove} <> 'b'`, white))),
      // Setups: the side that does not move first chooses first, then the other (lib/games/setups.ts).
      and(eq(games.choosingSetups, true), or(
        and(white, isNull(games.whiteSetup), or(sql`${toMove} = 'b'`, isNotNull(games.blackSetup))),
        and(black, isNull(games.blackSetup), or(sql`${toMove} <> 'b'`, isNotNull(games.whiteSetup))),
      )),
      and(isNotNull(games.drawOfferBy), not(inArray(games.drawOfferBy, ids)), or(white, black)),
    ),
  )).orderBy(asc(sql`coalesce(${games.lastMoveAt}, ${games.updatedAt})`), asc(games.id)).limit(GAMES_A_ROUND);
}

/**
 * The games for more than two whose seat to move a bot plays (the N-FEN's second field names the army
 * to move, docs/notation.md#games-for-more-than-two), not held by a worker nor backing off, the longest
 * waiting first; each with its first person seated (`person`), by whom turns are taken as for two.
 */
export async function multiWaitingForBots(db: Db, now: Date): Promise<(GameRow & { person: string | null })[]> {
  const rows = await db.select({
    game: games,
    person: sql<string | null>`(select ${gameSeats.userId} from ${gameSeats} where ${gameSeats.gameId} = ${games.id} and ${gameSeats.botLevel} is null order by ${gameSeats.seat} limit 1)`,
  }).from(games).where(and(
    eq(games.status, "active"),
    isNotNull(games.seatCount),
    or(isNull(games.botClaimedUntil), lt(games.botClaimedUntil, now)),
    sql`exists (select 1 from ${gameSeats} where ${gameSeats.gameId} = ${games.id} and ${gameSeats.army} = split_part(${games.currentFen}, ' ', 2) and ${gameSeats.botLevel} is not null)`,
  )).orderBy(asc(sql`coalesce(${games.lastMoveAt}, ${games.updatedAt})`), asc(games.id)).limit(GAMES_A_ROUND);
  return rows.map((r) => ({ ...r.game, person: r.person }));
}

/** The person a game is played for (its seat that is not a bot; for more than two, the first): turns are taken between people. */
const personOf = (g: GameRow & { person?: string | null }, bots: Map<string, number>) =>
  g.seatCount !== null ? g.person ?? g.id
  : g.whiteId && !bots.has(g.whiteId) ? g.whiteId : g.blackId && !bots.has(g.blackId) ? g.blackId : g.id;

const waitedSince = (g: GameRow) => (g.lastMoveAt ?? g.updatedAt).getTime();

/**
 * The worker's job, in a loop of its own (lib/games/worker.ts), in rounds: each round takes one
 * game per person, people in the order of their longest-waiting game, so one player's many games
 * never hold up another's answer. Each game is claimed first (games.bot_claimed_until): with
 * several workers, one searches and the others pass on to other games. A refusal (the game moved
 * on or ended) is nothing to retry: the next round reads the game afresh. A failure (the bot's
 * illegal move, its thread failing, a game that no longer reads) is tried again after a back-off
 * growing with the failures, said once a streak; after FAILURES_BEFORE_RANDOM, a random legal move.
 */
export async function runBots(db: Db, now = new Date(), { think = thinkInThread, signal, log = console.error }: BotOptions = {}): Promise<BotReport> {
  const report: BotReport = { moves: 0, setups: 0, drawsDeclined: 0 };
  // `now` moved on by the time spent here: a move stored after a search of seconds carries its own time.
  const begun = Date.now();
  const clock = () => new Date(now.getTime() + Date.now() - begun);
  const bots = await botLevels(db);
  if (bots.size === 0) return report;
  const ids = [...bots.keys()];
  const ask = (r: BotRequest) => unlessStopped(think(r, { signal }), signal);
  for (let round = 0; round < ROUNDS_A_RUN && !signal?.aborted; round++) {
    const byPerson = new Map<string, GameRow[]>();
    const [two, more] = await Promise.all([waitingForBots(db, ids, clock()), multiWaitingForBots(db, clock())]);
    for (const g of [...two, ...more].sort((a, b) => waitedSince(a) - waitedSince(b))) {
      const key = personOf(g, bots);
      byPerson.set(key, [...(byPerson.get(key) ?? []), g]);
    }
    let acted = false;
    for (const theirs of byPerson.values()) {
      if (signal?.aborted) break;
      // Their longest-waiting game that no other worker holds.
      for (const seen of theirs) {
        const g = await claimForBot(db, seen, clock());
        if (!g) continue;
        acted = true;
        await tryIn(db, g, g.botClaimedUntil!, bots, clock, ask, report, signal, log);
        break;
      }
    }
    if (!acted) break;
  }
  return report;
}

/**
 * Claims a game for this worker until CLAIM_MS from now, if it is still at the ply read and no
 * worker holds it (nor is it waiting out a back-off): the game as it is now, or null. One
 * conditional update, so of two workers claiming at once exactly one gets it.
 */
export async function claimForBot(db: Db, seen: Pick<GameRow, "id" | "ply">, now: Date): Promise<GameRow | null> {
  const [g] = await db.update(games).set({ botClaimedUntil: new Date(now.getTime() + CLAIM_MS) })
    .where(and(eq(games.id, seen.id), eq(games.ply, seen.ply), or(isNull(games.botClaimedUntil), lt(games.botClaimedUntil, now))))
    .returning();
  return g ?? null;
}

/** One claimed game: act, then let it go; or, on a failure, hold it for the back-off. */
async function tryIn(
  db: Db, g: GameRow, until: Date, bots: Map<string, number>, clock: () => Date, ask: (r: BotRequest) => Promise<string>,
  report: BotReport, signal: AbortSignal | undefined, log: (msg: string) => void,
): Promise<void> {
  const ours = and(eq(games.id, g.id), eq(games.botClaimedUntil, until));
  // After a streak of failures, a random legal move (level 1), chosen here: the thread may be what fails.
  const random = async (r: BotRequest) => r.eliminations
    ? multiBotMove({ ...r, eliminations: r.eliminations, level: 1 })
    : chooseMove(Game.replay(r.variant, r.startFen, r.moves), { level: 1 });
  try {
    // Presets' games: declared here (the fog view, the request's declaration) before any rules call.
    await declarePresetVariants(db, [g.variant]);
    // A preset version the rules no longer read: nothing to think about; backed off like any failure.
    refuseUnreadable(g.variant);
    const think = g.botFailures >= FAILURES_BEFORE_RANDOM ? random : ask;
    await (g.seatCount !== null ? actInMulti(db, g, clock, think, report) : actIn(db, g, bots, clock, think, report));
  } catch (e) {
    // Refusals are the game moving on; stopping is no failure of the bot's. An illegal move is the
    // bot's bug, and a game that does not read will not read next round either: failures.
    const refusal = e instanceof GameError && e.code !== "illegal" && e.code !== "unreadable";
    if (!signal?.aborted && !refusal) {
      const failures = g.botFailures + 1;
      const wait = Math.min(RETRY_MS * 2 ** (failures - 1), MAX_RETRY_MS);
      await db.update(games).set({ botClaimedUntil: new Date(clock().getTime() + wait), botFailures: failures }).where(ours);
      if (failures === 1) {
        log(`bot in game ${g.id}: ${e instanceof Error ? e.message : String(e)} (tried again later; a random legal move after ${FAILURES_BEFORE_RANDOM} failures)`);
      }
      return;
    }
  }
  await db.update(games).set({ botClaimedUntil: null, botFailures: 0 }).where(ours);
}

async function actIn(
  db: Db, seen: GameRow, bots: Map<string, number>, clock: () => Date, think: (r: BotRequest) => Promise<string>, report: BotReport,
): Promise<void> {
  let g = seen;
  // Decision: a bot declines every draw offer at once (docs/playing-bots.md#draws-and-resigning).
  if (g.drawOfferBy && !bots.has(g.drawOfferBy)) {
    const bot = g.whiteId === g.drawOfferBy ? g.blackId! : g.whiteId!;
    await declineDraw(db, bot, { gameId: g.id }, clock());
    report.drawsDeclined++;
  }
  const side = sideToAct(g);
  const botId = side === "white" ? g.whiteId! : g.blackId!;
  const level = bots.get(botId);
  if (level === undefined) return;
  const stage = setupStage(g);
  if (stage?.toChoose === side) {
    // Decision: any of the setups, at random (docs/playing-bots.md#janggi-setups).
    const { startFen } = await chooseSetup(db, botId, { gameId: g.id, setup: randomInt(stage.names.length) }, clock());
    report.setups++;
    // The second choice begins the game, and the side that chose it moves first: at once.
    if (!startFen) return;
    const [fresh] = await db.select().from(games).where(eq(games.id, g.id));
    g = fresh;
  }
  const played = await db.select({ text: moves.text }).from(moves).where(eq(moves.gameId, g.id)).orderBy(asc(moves.ply));
  if (played.length !== g.ply) return; // a move landed between the two reads: the next run sees it
  const move = await think(botRequest(g, played.map((m) => m.text), side, level));
  await submitMove(db, botId, { gameId: g.id, expectedPly: g.ply, move }, clock());
  report.moves++;
}

/**
 * A game for more than two: the bot of the seat to move moves, through submitMultiMove like a person
 * (the row lock, the expected ply, the turn). A bot's next seat waits for the next round, read afresh.
 * The bot is asked with the position now (the claimed row's N-FEN), nothing to replay: its search
 * reads no past (docs/bot.md#search), and a game still on has the same moves from its position alone.
 */
async function actInMulti(db: Db, g: GameRow, clock: () => Date, think: (r: BotRequest) => Promise<string>, report: BotReport): Promise<void> {
  const turn = await botSeatToMove(db, g);
  if (!turn) return;
  const move = await think({ variant: g.variant, level: turn.seat.botLevel, startFen: g.currentFen, moves: [], eliminations: [] });
  await submitMultiMove(db, turn.seat.userId, { gameId: g.id, expectedPly: g.ply, move }, clock());
  report.moves++;
}
