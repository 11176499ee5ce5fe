/**
 * The bot: one player for every game the rules module knows, built-in or declared by a
 * player (a preset), because it chooses among the moves the module itself offers.
 * Pure, like lib/rules, and imports only it.
 *
 *   chooseMove(game, { level: 1 })   // canonical move text, legal in game's position
 *
 * Level 1 plays a random legal move. It walks the board's step builder (`nextActions`)
 * rather than listing every move, because a Friendly turn may have millions of chains.
 */
import { Game, makeMoveText, type Action } from "../rules";

export interface BotOptions {
  /** 1 (random legal moves) to 8 (the full budget). */
  level: number;
  /** About how long the bot may think, in milliseconds. */
  ms?: number;
  /** Seeds the bot's random choices, so a test or a benchmark can repeat a game. */
  seed?: number;
}

export const BOT_LEVELS = [1, 2, 3, 4, 5, 6, 7, 8] as const;

/** A small seeded generator (mulberry32): the same seed, the same choices. */
export function randomSource(seed: number = Math.floor(Math.random() * 2 ** 32)): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

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

/** The bot's move in the game's current position, as canonical text. The game is not changed. */
export function chooseMove(game: Game, options: BotOptions): string {
  const random = randomSource(options.seed);
  return randomMove(game, random);
}
