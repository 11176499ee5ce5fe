/** What the bot's thread is asked and answers (lib/games/bot-thread.ts). Types only, so the thread loads nothing else. */
export interface BotRequest {
  variant: string;
  level: number;
  /** The position to replay `moves` from: the game's start, or in fog the bot's own view of the position now. */
  startFen: string;
  moves: string[];
  seed?: number;
}

export type BotAnswer = { move: string } | { error: string };
