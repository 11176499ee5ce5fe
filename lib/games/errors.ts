/**
 * What the game service refuses, in words a player can act on. Server actions turn
 * these into messages; anything else is a bug and surfaces as one.
 */
export type GameErrorCode =
  | "invalid" // the input does not make sense (bad variant, bad move text)
  | "signed-out" // the request's session signs in nobody (lib/auth/session-user.ts)
  | "not-found" // no such game or invitation (or not visible to this user)
  | "forbidden" // not a player of this game, not your invitation
  | "not-your-turn"
  | "stale" // the position changed since the page was loaded
  | "illegal" // the rules module refused the move
  | "over" // the game has ended or the invitation is no longer pending
  | "limited" // a rate limit (challenges by name or email)
  | "unreadable"; // the game's preset version no longer reads (lib/games/presets.ts UNREADABLE_PRESET)

export class GameError extends Error {
  readonly code: GameErrorCode;
  constructor(code: GameErrorCode, message: string) {
    super(message);
    this.name = "GameError";
    this.code = code;
  }
}

/** What a player is told whose request signs in nobody, or nobody with a name. */
export const SIGNED_OUT = "You are signed out: sign in again to play.";
