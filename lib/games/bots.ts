/**
 * Bots in the service (docs/playing-bots.md): one account per level (users.bot_level, created by
 * drizzle/0007_bots.sql), challenged like a player and accepting at once. The worker's job
 * `runBots` plays their part: it finds the games where a bot is to act, chooses a setup
 * (Janggi) or asks the bot's thread for a move, and submits it through the same service
 * functions as a person's, under the same checks: the expected ply makes a stale or raced
 * move a refusal, never a second move for one ply. Seats, not games, are bots: the job asks
 * who is to act, so a game of more players may seat bots too.
 */
import { randomInt } from "node:crypto";
import { and, asc, eq, inArray, isNotNull, or } from "drizzle-orm";
import type { Db, Executor } from "@/lib/db/client";
import { games, moves, users, type Game as GameRow } from "@/lib/db/schema";
import { viewFen } from "@/lib/rules";
import type { BotRequest } from "./bot-request";
import { thinkInThread } from "./bot-think";
import { GameError } from "./errors";
import { hiddenNow, type Side } from "./fog";
import { declarePresetVariants, declaredPreset, isUnreadablePreset } from "./presets";
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

/**
 * The worker's job, in a loop of its own (lib/games/worker.ts): every bot's turn in every active
 * game, one game after another, the longest waiting first. A refusal (the game moved on, ended,
 * or another worker was first) is nothing to retry: the next run reads the game afresh.
 */
export async function runBots(db: Db, now = new Date(), { think = thinkInThread, signal, log = console.error }: BotOptions = {}): Promise<BotReport> {
  const report: BotReport = { moves: 0, setups: 0, drawsDeclined: 0 };
  // `now` moved on by the time spent here: a move stored after a search of seconds carries its own time.
  const begun = Date.now();
  const clock = () => new Date(now.getTime() + Date.now() - begun);
  const bots = await botLevels(db);
  if (bots.size === 0) return report;
  const ids = [...bots.keys()];
  const candidates = await db.select().from(games)
    .where(and(eq(games.status, "active"), or(inArray(games.whiteId, ids), inArray(games.blackId, ids))))
    .orderBy(asc(games.updatedAt));
  // Presets' games: declared here (the fog view, the request's declaration) before any rules call.
  await declarePresetVariants(db, candidates.map((g) => g.variant));
  const ask = (r: BotRequest) => unlessStopped(think(r, { signal }), signal);
  for (const g of candidates) {
    if (signal?.aborted) break;
    // A preset version the rules no longer read: nothing to think about, nothing to log every round.
    if (isUnreadablePreset(g.variant)) continue;
    try {
      await actIn(db, g, bots, clock, ask, report);
    } catch (e) {
      if (signal?.aborted) break;
      // Refusals are the game moving on; an illegal move is the bot's bug, and said.
      if (e instanceof GameError && e.code !== "illegal") continue;
      log(`bot in game ${g.id}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return report;
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
