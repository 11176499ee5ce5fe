/**
 * Bot games refereed by the rules module, for the strength benchmarks (bench/bot-strength.ts,
 * bench/bot-stockfish.ts): the game as the service starts it (Chess960's setup and Janggi's
 * two arrangements chosen at random but seeded), each player moving from what it may see (Fog
 * of War: a game started from its own view, `viewFen`, so it cannot use what its player does
 * not see), `status()` judging the end, and a ply limit past which the game counts as a draw.
 */
import { availableParallelism, loadavg } from "node:os";
import { parentPort, Worker, workerData } from "node:worker_threads";
import { chooseMove, randomSource } from "../lib/bot";
import { chosenSetupFen, Game, hidesInformation, setupFen, variantInfo, viewFen, type Color } from "../lib/rules";

/** The bot's per-move budget beyond its level's own: `ms` caps its time, `nodes` replaces the level's nodes (BotOptions). */
export type Budget = { ms?: number; nodes?: number };

/** A player of a benchmark game: given the game as it may see it, its move as text (an engine's, in time). */
export type Player = (game: Game, seed: number) => string | Promise<string>;

/** The bot at a level, with the run's budget. */
export function botPlayer(level: number, budget: Budget): Player {
  return (game, seed) => chooseMove(game, { level, seed, ...budget });
}

/** The start FEN of a game as the service starts it: a random Chess960 setup, both Janggi players' arrangements. */
export function startFenFor(variant: string, random: () => number): string {
  const info = variantInfo(variant);
  if (info.chosenSetups.length > 0) {
    const pick = () => Math.floor(random() * info.chosenSetups.length);
    return chosenSetupFen(variant, pick(), pick());
  }
  if (info.setups > 0) return setupFen(variant, Math.floor(random() * info.setups));
  return "start";
}

export interface GameResult {
  /** The winner, or "draw" (the ply limit counts as a draw). */
  winner: Color | "draw";
  /** How it ended: status()'s reason, "ply-limit", or "error: …" when a player failed (an illegal move, a throw). */
  reason: string;
  plies: number;
  /** Milliseconds each side spent choosing its moves, and how many moves it made. */
  ms: Record<Color, number>;
  moves: Record<Color, number>;
  /** The start FEN and the moves, to replay a game that went wrong. */
  startFen: string;
  record: string[];
}

export interface GameOptions {
  /** Plies after which the game counts as drawn. */
  maxPlies: number;
  /** The start position; without it, startFenFor's. */
  startFen?: string;
  /** Moves played before the players take over (an opening), as text. */
  opening?: readonly string[];
}

/**
 * One game between `white` and `black`, refereed by the rules module: `status()` ends it, and so
 * does a draw either player may claim (threefold repetition, the fifty-move rule: the side
 * that is behind would claim it, as a player of the service may). A player that throws or
 * answers an illegal move loses, with the error as the reason: the benchmark reports it.
 */
export async function playGame(variant: string, white: Player, black: Player, seed: number, options: GameOptions): Promise<GameResult> {
  const { maxPlies } = options;
  const random = randomSource(seed);
  const start = options.startFen ?? startFenFor(variant, random);
  const game = Game.start(variant, start);
  for (const move of options.opening ?? []) game.play(move);
  const hidden = hidesInformation(variant);
  const ms = { white: 0, black: 0 };
  const moves = { white: 0, black: 0 };
  const done = (winner: Color | "draw", reason: string): GameResult => ({ winner, reason, plies: game.ply, ms, moves, startFen: game.startFen, record: [...game.moves] });
  for (;;) {
    const s = game.status();
    if (s.result !== "ongoing") return done(s.result === "draw" ? "draw" : s.result === "white-wins" ? "white" : "black", s.reason);
    const claim = game.claimableDraws()[0];
    if (claim) return done("draw", claim);
    if (game.ply >= maxPlies) return done("draw", "ply-limit");
    const side = game.turn();
    const other: Color = side === "white" ? "black" : "white";
    // Fog of War: the player gets only its own view; otherwise the game, with its history.
    const seen = hidden ? Game.start(variant, viewFen(variant, game.fen(), side)) : game;
    const t0 = performance.now();
    let move: string;
    try {
      move = await (side === "white" ? white : black)(seen, Math.floor(random() * 2 ** 32));
      ms[side] += performance.now() - t0;
      moves[side]++;
      game.play(move);
    } catch (e) {
      return done(other, `error: ${side} at ply ${game.ply}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}

/** The worker thread's side of inWorkers: runs each job it is given and answers its result. */
export function serveJobs<J extends { index: number }, R>(run: (job: J, data: unknown) => R | Promise<R>): void {
  parentPort!.on("message", async (job: J) => parentPort!.postMessage({ index: job.index, result: await run(job, workerData) }));
}

/**
 * Runs the jobs in `workers` worker threads started from `script` (the benchmark's own bundle,
 * which calls serveJobs when it is not the main thread), each taking the next job as it finishes
 * one; `onDone` hears every result as it comes. A job that `wanted` refuses when its turn comes is
 * not played (a pairing whose verdict is already decided: bot-strength.ts). Resolves once every
 * job given out has answered.
 */
export function inWorkers<J extends { index: number }, R>(
  script: URL, jobs: readonly J[], workers: number, data: unknown, onDone: (job: J, result: R) => void,
  wanted: (job: J) => boolean = () => true,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let next = 0;
    let running = 0;
    const nextJob = (): J | undefined => {
      while (next < jobs.length && !wanted(jobs[next])) next++;
      return jobs[next++];
    };
    const give = (w: Worker) => {
      const job = nextJob();
      if (job) {
        running++;
        w.postMessage(job);
        return;
      }
      void w.terminate();
      if (running === 0) resolve();
    };
    for (let i = 0; i < workers; i++) {
      const job = nextJob();
      if (!job) break;
      const w = new Worker(script, { workerData: data });
      w.on("message", ({ index, result }: { index: number; result: R }) => {
        running--;
        onDone(jobs[index], result);
        give(w);
      });
      w.on("error", reject);
      running++;
      w.postMessage(job);
    }
    if (running === 0) resolve();
  });
}

/** Worker threads a run may use: one per core the load average leaves free, at least one (or `asked`, up to the cores). */
export function freeCores(asked?: number): number {
  const free = Math.max(1, Math.round(availableParallelism() - loadavg()[0]));
  return Math.min(asked ?? free, availableParallelism());
}

/** FNV-1a of the text: one seed per game from the run's seed and what the game is. */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** `--name value` options of a benchmark's command line. */
export function commandLine(args: readonly string[]) {
  const option = (name: string): string | undefined => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const whole = (name: string, fallback: number, min = 1): number => {
    const text = option(name);
    const n = text === undefined ? fallback : Number(text);
    if (!Number.isInteger(n) || n < min) throw new Error(`${name} takes a whole number from ${min}`);
    return n;
  };
  return { option, whole };
}

/** The load average, as the benchmarks print it. */
export const load = () => loadavg().map((l) => l.toFixed(1)).join(" ");
