/** What the bot's thread is asked and answers (lib/games/bot-thread.ts). Nothing to import, so the thread loads nothing else. */

/**
 * The time the search may take (lib/bot's `ms`): it then answers with the best move found so
 * far, well before the thread is stopped for taking too long (THINK_LIMIT_MS, lib/games/bot-think.ts).
 */
export const SEARCH_MS = 30_000;
export interface BotRequest {
  variant: string;
  level: number;
  /** The position to replay `moves` from: the game's start, or in fog the bot's own view of the position now. */
  startFen: string;
  moves: string[];
  seed?: number;
}

export type BotAnswer = { move: string } | { error: string };
