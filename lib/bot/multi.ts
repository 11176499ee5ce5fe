/**
 * The bot for the games for more than two (docs/bot.md#games-for-more-than-two), beside the
 * two-player bot and with the same levels: 1 plays a random legal move, 2–8 search
 * (multi-search.ts) within a budget of nodes and depth, the low ones with noise.
 *
 *   chooseMultiMove(MultiGame.start("four-player"), { level: 3 })   // "P h2-h4", "pass", "claim"…
 *   multiBotMove({ variant, startFen, moves, eliminations, level, ms })   // what the worker asks
 */
import { RulesError } from "../rules/errors";
import { MultiGame } from "../rules/multi";
import { legalMoves } from "../rules/multi/engine";
import { compiledGame } from "../rules/multi/game";
import { parseNfen } from "../rules/multi/nfen";
import { makeMoveText } from "../rules/multi/text";
import { unwrap } from "../rules/result";
import type { BotOptions, SearchInfo } from "./index";
import { MultiSearcher } from "./multi-search";
import { randomSource } from "./random";

/**
 * What each searching level may spend. A node here is dearer than for two (a board of up to
 * 516 cells and eight armies), so the budgets are smaller; a round is as many plies as armies.
 */
export const MULTI_LEVELS: Record<number, { nodes: number; depth: number; noise: number }> = {
  2: { nodes: 150, depth: 1, noise: 150 },
  3: { nodes: 600, depth: 2, noise: 80 },
  4: { nodes: 2_000, depth: 3, noise: 40 },
  5: { nodes: 5_000, depth: 4, noise: 20 },
  6: { nodes: 12_000, depth: 5, noise: 8 },
  7: { nodes: 30_000, depth: 8, noise: 0 },
  8: { nodes: 80_000, depth: 12, noise: 0 },
};

/** Without `ms`, the bot still stops after this long. */
const MAX_MS = 60_000;

/** The bot's move in the game's position, as canonical move text. The game is not changed. */
export function chooseMultiMove(game: MultiGame, options: BotOptions): string {
  return analyseMulti(game, options).move;
}

/** As chooseMultiMove, with what the search did (for benchmarks). */
export function analyseMulti(game: MultiGame, options: BotOptions): SearchInfo {
  const started = Date.now();
  if (!Number.isFinite(options.level)) throw new RulesError("the bot's level is a number from 1 to 8");
  const level = Math.min(8, Math.max(1, Math.round(options.level)));
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 32);
  const done = (move: string, nodes = 0, depth = 0, score = 0) => ({ move, nodes, depth, score, ms: Date.now() - started });
  if (game.status().result !== "ongoing") throw new RulesError("the bot was asked to move in a game that is over");
  if (level === 1) {
    const moves = game.legalMoves();
    return done(moves[Math.floor(randomSource(seed)() * moves.length)].text);
  }
  // The position through the game's own text (N-FEN holds all of it): the search plays on its copies.
  const g = compiledGame(game.id);
  const pos = unwrap(parseNfen(g, game.fen()));
  const moves = legalMoves(g, pos);
  if (moves.length === 1) return done(makeMoveText(g, pos, moves[0]));
  const budget = MULTI_LEVELS[level];
  const searcher = new MultiSearcher(g, pos, {
    nodes: options.nodes ?? budget.nodes,
    depth: budget.depth,
    deadline: started + (options.ms ?? MAX_MS),
    noise: budget.noise,
    seed,
  });
  const r = searcher.search(moves);
  return done(makeMoveText(g, pos, r.best), r.nodes, r.depth, r.score);
}

/** An army that went out by resignation or timeout after `afterPly` moves (app/_components/multi-game-state.ts). */
export interface MultiElimination {
  army: string;
  reason: "resignation" | "timeout";
  afterPly: number;
}

/** The game from its start, its moves and its armies gone out between them, in their order. RulesError when they do not fit. */
export function replayMulti(variant: string, startFen: string, moves: readonly string[], eliminations: readonly MultiElimination[] = []): MultiGame {
  const game = MultiGame.start(variant, startFen);
  const out = (ply: number) => eliminations.filter((e) => e.afterPly === ply).forEach((e) => game.eliminate(e.army, e.reason));
  if (eliminations.some((e) => e.afterPly > moves.length)) throw new RulesError("an army went out after a move that was not played");
  moves.forEach((m, i) => {
    out(i);
    try {
      game.play(m);
    } catch (e) {
      if (e instanceof RulesError) throw new RulesError(`move ${i + 1}: ${e.message}`);
      throw e;
    }
  });
  out(moves.length);
  return game;
}

/** What the service's worker asks the bot in a game for more than two. */
export interface MultiBotRequest {
  variant: string;
  /** N-FEN, or "start". */
  startFen: string;
  moves: readonly string[];
  eliminations?: readonly MultiElimination[];
  level: number;
  ms?: number;
  nodes?: number;
  seed?: number;
}

/** The bot's move for the army to move, as canonical move text. */
export function multiBotMove(request: MultiBotRequest): string {
  const game = replayMulti(request.variant, request.startFen, request.moves, request.eliminations);
  return chooseMultiMove(game, { level: request.level, ms: request.ms, nodes: request.nodes, seed: request.seed });
}
