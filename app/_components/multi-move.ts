/**
 * The page of a game for more than two without React: the game rebuilt from its state,
 * picking a move on the board step by step (MultiGame.nextSteps), and a game action's
 * answer turned into the state and the notice to show (MultiGamePlayer.tsx).
 */
import { MultiGame, RulesError, replayMultiGame } from "@/lib/rules";
import { newerMulti, type MultiGameActionResult, type MultiGameState } from "./multi-game-state";
import { sentence } from "./sentence";

export interface Replayed {
  game: MultiGame;
  /** The army that played each move. */
  movers: string[];
}

/** The game as its state says: the moves, with each army that went out by resignation or timeout taken out after its ply. */
export function replayMulti(state: Pick<MultiGameState, "variant" | "startFen" | "moves" | "eliminations">): Replayed {
  return replayMultiGame(state.variant, state.startFen, state.moves, state.eliminations);
}

/** The cells a move in canonical text leaves and reaches (`P h2-h4`: h2, h4); none for pass and claim. */
export function moveCells(text: string): string[] {
  const m = /^[A-Z] ([a-x]\d{1,2})-([a-x]\d{1,2})/.exec(text);
  return m ? [m[1], m[2]] : [];
}

/** A move being picked on the board: the piece picked up, or a promotion to choose. */
export interface MultiPick {
  from: string | null;
  promotion: { from: string; to: string; choices: string[] } | null;
}
export const NO_PICK: MultiPick = { from: null, promotion: null };

type Steps = Pick<MultiGame, "nextSteps" | "legalMoves">;

function moveText(game: Steps, from: string, to: string, promo?: string): string | null {
  return game.legalMoves().find((m) => m.from === from && m.to === to && m.promo === promo)?.text ?? null;
}

/** The cells the picked piece may go to. */
export function targetsOf(game: Steps, pick: MultiPick): string[] {
  if (!pick.from) return [];
  const steps = game.nextSteps(pick.from);
  return "to" in steps ? steps.to.map((t) => t.cell) : [];
}

/**
 * A click on `cell`: picks up a piece that may move, puts it down on a cell it may go to
 * (the complete move's text, or a promotion to choose first), picks up another piece of
 * the army, or lets go.
 */
export function pickCell(game: Steps, pick: MultiPick, cell: string): { pick: MultiPick; move: string | null } {
  const movable = (() => {
    const s = game.nextSteps();
    return "from" in s ? s.from : [];
  })();
  if (pick.from && pick.from !== cell && !pick.promotion) {
    const steps = game.nextSteps(pick.from);
    const target = "to" in steps ? steps.to.find((t) => t.cell === cell) : undefined;
    if (target && target.promotions.length > 0) return { pick: { from: pick.from, promotion: { from: pick.from, to: cell, choices: target.promotions } }, move: null };
    if (target) return { pick: NO_PICK, move: moveText(game, pick.from, cell) };
  }
  if (movable.includes(cell) && cell !== pick.from) return { pick: { from: cell, promotion: null }, move: null };
  return { pick: NO_PICK, move: null };
}

/** The promotion chosen: the complete move. */
export function choosePromotion(game: Steps, pick: MultiPick, piece: string): string | null {
  return pick.promotion ? moveText(game, pick.promotion.from, pick.promotion.to, piece) : null;
}

/** A typed move checked against the position: its canonical text, or why not. */
export function readTypedMove(state: MultiGameState, text: string): { move: string } | { error: string } {
  try {
    return { move: replayMulti(state).game.play(text) };
  } catch (e) {
    if (e instanceof RulesError) return { error: sentence(e.message) };
    throw e;
  }
}

export interface Notice {
  tone: "error" | "info";
  text: string;
}

/**
 * Sends a move made in `state` (the expected ply is the number of moves played, so a move
 * made in a position that has moved on is refused) and says what came of it: the state to
 * show (the answer's, if newer) and a notice (the refusal in words).
 */
export async function sendMulti(
  state: MultiGameState,
  action: () => Promise<MultiGameActionResult>,
  reread: () => Promise<MultiGameState | null>,
): Promise<{ state: MultiGameState; notice: Notice | null }> {
  const r = await action().catch(() => null);
  // A throw is the request failing; "server" an outage the action caught: it may have been done all the same.
  if (r === null || (!r.ok && r.code === "server")) {
    const fresh = await reread();
    return {
      state: fresh ? newerMulti(state, fresh) : state,
      notice: { tone: "error", text: fresh ? "Something went wrong on the server. The game is shown as it stands now." : "The server could not be reached. The page shows the game as soon as the server answers again." },
    };
  }
  const next = r.state ? newerMulti(state, r.state) : state;
  return { state: next, notice: r.ok ? null : { tone: "error", text: sentence(r.error) } };
}

export function moveAction(state: MultiGameState, move: string) {
  return { gameId: state.id, expectedPly: state.moves.length, move };
}
