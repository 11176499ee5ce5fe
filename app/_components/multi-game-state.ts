/**
 * A game for more than two (lib/rules/multi, docs/notation.md#games-for-more-than-two) as
 * its page shows it: the same shape from the server component, the server actions and the
 * state endpoint the page polls. The browser checks what it fetches against this schema.
 *
 * The page replays `moves` and `eliminations` with MultiGame (the same rules the server
 * judges with) to draw the board and offer legal moves; the rest is what only the server
 * knows: who sits where, the clock, and how each army went out.
 */
import { z } from "zod";

// No eval under the site's CSP (see game-state.ts).
z.config({ jitless: true });

const army = z.string().regex(/^[a-z]$/);

export const multiSeatSchema = z.object({
  /** The army this seat plays (its N-FEN letter) and its name ("Red"). */
  army,
  armyName: z.string(),
  /** The player's display name; null while the seat is empty. */
  player: z.string().nullable(),
  /** The bot's level when a bot plays this seat (lib/games/bots.ts), else null. */
  bot: z.number().int().nullable(),
  /** ISO time when this seat loses on time: only the seat to move has one, while the game is active. */
  deadline: z.string().nullable(),
});

export const multiGameStateSchema = z.object({
  id: z.string(),
  variant: z.string(),
  status: z.enum(["open", "active", "finished", "cancelled"]),
  startFen: z.string(),
  /** Every move played, in order, in canonical move text. */
  moves: z.array(z.string()),
  /**
   * Armies that went out by resignation or timeout, which no move text says: each went out
   * after `afterPly` moves had been played. Replayed in this order between the moves
   * (MultiGame.eliminate).
   */
  eliminations: z.array(z.object({ army, reason: z.enum(["resignation", "timeout"]), afterPly: z.number().int().min(0) })),
  /** One per army, in turn order. */
  seats: z.array(multiSeatSchema),
  daysPerMove: z.number().int(),
  /** How it ended, in words ("Red and Yellow win: Blue's king was taken"); null while not finished. */
  ending: z.string().nullable(),
  /** Grows with every change of the game: newer wins. */
  version: z.number(),
});
export type MultiSeat = z.infer<typeof multiSeatSchema>;
export type MultiGameState = z.infer<typeof multiGameStateSchema>;

/** What a game action of these games answers: the fresh state, and a player-readable refusal if any. */
export type MultiGameActionResult =
  | { ok: true; state: MultiGameState }
  | { ok: false; error: string; code: string; state: MultiGameState | null };

/** The actions the page may call, passed in by the server component (server actions). */
export interface MultiGameActions {
  move: (input: { gameId: string; expectedPly: number; move: string }) => Promise<MultiGameActionResult>;
  resign: (input: { gameId: string }) => Promise<MultiGameActionResult>;
}

/** The newer of two states of one game (a slow poll must not undo a move just made). */
export function newerMulti(a: MultiGameState, b: MultiGameState): MultiGameState {
  return b.version > a.version ? b : a;
}
