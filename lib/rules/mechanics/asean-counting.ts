/**
 * Counting (docs/games/sittuyin.md#counting), the ASEAN way Fairy-Stockfish counts in
 * Sittuyin: once no pawn is left and the side to move has its king alone, a count of
 * plies starts, its limit set by the opponent's strongest piece (`limits`, in moves).
 * The count is written in FEN: the limit in plies in the en passant field, the plies
 * counted in the halfmove field. A capture or promotion that leaves the side to move
 * bare starts it again.
 *
 * The count has its own ply counter: in Sittuyin the fifty-move rule goes on under the
 * count (Fairy-Stockfish keeps both, and FEN shows only the count), so `pos.halfmove`
 * stays the fifty-move clock.
 */
import type { Mechanic } from "../mechanic";
import type { Position } from "../position";
import type { Side } from "../variant";

export interface CountingOptions {
  pawn: string;
  /** The opponent's piece and the moves the count allows, strongest first. */
  limits: [string, number][];
}

export function aseanCounting(opts: CountingOptions): Mechanic {
  /** Moves the count allows against a bare `side`, or 0 when no count starts. */
  function allowed(pos: Position, side: Side): number {
    const pawn = pos.variant.byLetter.get(opts.pawn)!;
    if (pos.count(0, pawn) + pos.count(1, pawn) > 0 || pos.pieceCount(side) > 1) return 0;
    for (const [letter, moves] of opts.limits) {
      if (pos.count((1 - side) as Side, pos.variant.byLetter.get(letter)!) > 0) return moves;
    }
    return 0;
  }

  return {
    name: "asean-counting",
    fenMarks: { counting: true },
    // Past its limit the count is a draw either player may claim.
    claims: (pos) => (pos.countingLimit && pos.countingPly > pos.countingLimit ? ["counting-rule"] : []),
    afterMove(pos, move, captured) {
      if (pos.countingLimit) pos.countingPly++;
      if (pos.countingLimit && !((captured || move.promo) && pos.pieceCount(pos.turn) === 1)) return;
      const moves = allowed(pos, pos.turn);
      if (moves) {
        pos.countingLimit = 2 * moves;
        pos.countingPly = 0;
      }
    },
  };
}
