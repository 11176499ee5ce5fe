/**
 * The bot: one player for every game the rules module knows, built-in or declared by a
 * player (a preset), because it searches with the module itself (docs/bot.md).
 * Pure, like lib/rules, and imports only it.
 *
 *   chooseMove(game, { level: 5, ms: 2000 })   // canonical move text, legal in game's position
 *   analyse(game, { level: 8, nodes: 50_000, seed: 1 })   // the move, with nodes, depth, score
 *
 * Level 1 plays a random legal move. It walks the board's step builder (`nextActions`)
 * rather than listing every move, because a Friendly turn may have millions of chains.
 * Levels 2–8 search (search.ts): each a fixed budget of nodes and depth, the low ones with
 * noise in their judgement (LEVELS); `ms` caps the time, `nodes` replaces the level's budget.
 * With a seed and no time cap, the same game gets the same move every time.
 *
 * Hidden games (Fog of War): give the bot the real game. It reads only the view of the side to
 * move (lib/rules/view.ts) and never the game's history of positions, so it knows no more than
 * its player would: levels 2–5 search the view, unseen squares blocking; levels 6–8 search
 * whole positions guessed to agree with it (guess.ts, HIDDEN_LEVELS).
 */
import { Game, makeMoveText, parseActions, type Action } from "../rules";
import { RulesError } from "../rules/errors";
import { searchStart } from "../rules/game";
import { listMoves } from "../rules/listed";
import { LISTING_LIMIT } from "../rules/mechanics/unions";
import { hasUnseen, type Position } from "../rules/position";
import { view } from "../rules/view";
import { readHashText } from "../rules/zobrist";
import { exposedKing, guessPositions, searchGuesses } from "./guess";
import { randomSource } from "./random";
import { Searcher, type RootMove } from "./search";

export { randomSource };
export { analyseMulti, chooseMultiMove, MULTI_LEVELS, multiBotMove, replayMulti, type MultiBotRequest } from "./multi";

export interface BotOptions {
  /** 1 (random legal moves) to 8 (the full budget). */
  level: number;
  /** About how long the bot may think, in milliseconds. */
  ms?: number;
  /** Seeds the bot's random choices, so a test or a benchmark can repeat a game. */
  seed?: number;
  /** Nodes the search may visit, in place of the level's own budget (tests and benchmarks: with a seed, the same move every time). */
  nodes?: number;
}

export const BOT_LEVELS = [1, 2, 3, 4, 5, 6, 7, 8] as const;

/**
 * What each searching level may spend: nodes, depth in plies (before extensions and the quiet
 * search), and noise in its judgement, up to ± that many centipawns. Each level is stronger
 * than the one below (bench/ measures it).
 */
export const LEVELS: Record<number, { nodes: number; depth: number; noise: number }> = {
  2: { nodes: 300, depth: 1, noise: 150 },
  3: { nodes: 1_500, depth: 2, noise: 80 },
  4: { nodes: 5_000, depth: 3, noise: 40 },
  5: { nodes: 15_000, depth: 4, noise: 20 },
  6: { nodes: 40_000, depth: 6, noise: 8 },
  7: { nodes: 120_000, depth: 32, noise: 0 },
  8: { nodes: 400_000, depth: 32, noise: 0 },
};

/**
 * Hidden games (docs/bot.md#hidden-games): the levels that search guesses at the unseen pieces
 * (guess.ts) rather than the view itself. `guesses` share the level's nodes, each searched
 * `depth` plies (deeper, a search plans against one guess's pieces as if it knew them); a root
 * move loses `exposedKing` centipawns for each kind of missing piece that could take the king
 * from the fog after it (exposedKing).
 */
export const HIDDEN_LEVELS: Record<number, { guesses: number; depth: number; exposedKing: number }> = {
  6: { guesses: 6, depth: 2, exposedKing: 0 },
  7: { guesses: 6, depth: 2, exposedKing: 150 },
  8: { guesses: 6, depth: 3, exposedKing: 150 },
};

/** Without `ms`, the bot still stops after this long: no budget keeps a server waiting for ever. */
export const MAX_MS = 60_000;
/** Friendly: the most chain states listed for the moves at the root; beyond, a sample is searched. */
const ROOT_STATES = 20_000;
/** Friendly: how many moves the builder is asked for when the root's moves are too many to list. */
const SAMPLED = 48;

/** A random legal move, one step at a time: at each step every next action is as likely, and a complete move stops as likely as it goes on. */
export function randomMove(game: Game, random: () => number): string {
  const prefix: Action[] = [];
  for (;;) {
    const { actions, complete } = game.nextActions(prefix);
    if (complete && (actions.length === 0 || random() < 1 / (actions.length + 1))) return makeMoveText(prefix);
    if (actions.length === 0) throw new Error("the bot was asked to move in a game that is over");
    prefix.push(actions[Math.floor(random() * actions.length)]);
  }
}

/** The bot's move and how it was found: nodes visited, depth finished, score in centipawns for the side to move (mates beyond ±990000). */
export interface SearchInfo {
  move: string;
  nodes: number;
  depth: number;
  score: number;
  ms: number;
}

/** The bot's move in the game's current position, as canonical text. The game is not changed. */
export function chooseMove(game: Game, options: BotOptions): string {
  return analyse(game, options).move;
}

/** As chooseMove, with what the search did (for benchmarks). */
export function analyse(game: Game, options: BotOptions): SearchInfo {
  const started = Date.now();
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 32);
  const random = randomSource(seed);
  if (!Number.isFinite(options.level)) throw new RulesError("the bot's level is a number from 1 to 8");
  const level = Math.min(8, Math.max(1, Math.round(options.level)));
  const done = (move: string, nodes = 0, depth = 0, score = 0) => ({ move, nodes, depth, score, ms: Date.now() - started });
  if (game.status().result !== "ongoing") throw new RulesError("the bot was asked to move in a game that is over");
  if (level === 1) return done(randomMove(game, random));
  const budget = LEVELS[level];
  // The game's own position, copied: the search plays on the copy.
  const start = searchStart(game);
  let pos: Position = start.position;
  const hidden = pos.variant.decl.hidden === true;
  if (hidden && !hasUnseen(pos)) pos = view(pos, pos.turn);
  const root = rootMoves(game, pos, random);
  // Nothing to search (a sample that found no move): still a legal answer.
  if (root.length === 0) return done(randomMove(game, random));
  if (root.length === 1) return done(root[0].text);
  const limits = { nodes: options.nodes ?? budget.nodes, depth: budget.depth, deadline: started + (options.ms ?? MAX_MS), noise: budget.noise, seed };
  const guessing = hidden ? HIDDEN_LEVELS[level] : undefined;
  if (guessing) {
    const risk = guessing.exposedKing ? exposedKing(pos, root.map((rm) => rm.move)).map((kinds) => kinds * guessing.exposedKing) : undefined;
    const r = searchGuesses(guessPositions(pos, guessing.guesses, random), root, { ...limits, depth: guessing.depth }, risk);
    return done(r.best.text, r.nodes, r.depth, r.score);
  }
  const searcher = new Searcher(pos, limits, hidden ? [] : pastPositions(start.keys, pos), hidden);
  const r = searcher.search(root);
  return done(r.best.text, r.nodes, r.depth, r.score);
}

/**
 * The moves to choose among, with their canonical text: every legal move where they can be
 * listed; in a Friendly position with too many chains to list, a sample built step by step.
 */
function rootMoves(game: Game, pos: Position, random: () => number): RootMove[] {
  const saved = LISTING_LIMIT.states;
  LISTING_LIMIT.states = Math.min(saved, ROOT_STATES);
  try {
    const { legal, listed } = listMoves(pos);
    return legal.map((move, i) => ({ move, text: listed[i].text }));
  } catch (e) {
    if (!(e instanceof RulesError)) throw e;
  } finally {
    LISTING_LIMIT.states = saved;
  }
  const steps = pos.variant.mechanics.find((m) => m.stepwise)!.stepwise!;
  const out: RootMove[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < SAMPLED; i++) {
    const read = steps.read(pos, parseActions(randomMove(game, random)).value!);
    if (typeof read === "string") continue;
    const text = makeMoveText(read.actions);
    if (seen.has(text)) continue;
    seen.add(text);
    out.push({ move: read.move, text });
  }
  return out;
}

/**
 * The repetition hashes of the game's positions since its last capture or pawn move, oldest
 * first, from the game's own record of positions (each key begins with the position's repetition
 * hash, the same the search computes), so the search sees a repetition the game would count.
 */
function pastPositions(keys: readonly string[], pos: Position): [number, number][] {
  return keys.slice(Math.max(0, keys.length - 1 - pos.halfmove), -1).map(readHashText);
}
