/** What the bot's thread is asked and answers (lib/games/bot-thread.ts). Types only, so the thread loads nothing else. */
import type { MultiElimination } from "../bot/multi";
import type { VariantDecl } from "../rules";

/**
 * The time the search may take (lib/bot's `ms`): it then answers with the best move found so
 * far, well before the thread is stopped for taking too long (THINK_LIMIT_MS).
 */
export const SEARCH_MS = 30_000;
/** How long a search may take before the bot plays a random legal move instead (lib/games/bot-think.ts, docs/playing-bots.md#time). */
export const THINK_LIMIT_MS = 40_000;
export interface BotRequest {
  variant: string;
  /**
   * A preset's game: its version's declaration (plain data), which the thread declares before
   * replaying, since a declaration made in the main thread does not reach a worker thread.
   */
  declaration?: VariantDecl;
  level: number;
  /**
   * The position to replay `moves` from: the game's start; or, with no moves, the position now: in fog
   * the bot's own view of it, and in a game for more than two the game's N-FEN (lib/games/bots.ts actInMulti).
   */
  startFen: string;
  moves: string[];
  /**
   * A game for more than two (lib/bot/multi.ts multiBotMove): the armies gone out between the moves
   * (none, asked from the position now); its presence is what tells the thread which bot to ask.
   */
  eliminations?: MultiElimination[];
  seed?: number;
}

export type BotAnswer = { move: string } | { error: string };

/** What the thread posts for question `id`: that its search has begun, then its answer. */
export type BotMessage = { id: number; thinking: true } | { id: number; answer: BotAnswer };
