/**
 * The counting rules of Makruk and Ouk Chatrang (docs/games/makruk.md#counting,
 * docs/games/ouk-chatrang.md#counting), counted as Fairy-Stockfish counts them.
 *
 * Once no pawn is left, the side with fewer pieces counts, and when the count passes
 * the limit the game is drawn. Board's honour: the weaker side still has pieces besides
 * its king, and counts from 0. Pieces' honour: the weaker side has its king alone, the
 * limit depends on the stronger side's pieces, and the count starts at the number of
 * pieces on the board. A count, once begun, runs to the end of the game; a capture or
 * promotion against a bare king starts it again with the new limit.
 *
 * While counting, the FEN's en passant field holds the limit and its halfmove field the
 * count, both in plies (twice the moves), as Fairy-Stockfish writes them; `pos.halfmove`
 * is then the count.
 */
import type { Position } from "../position";
import type { Side, Variant } from "../variant";

export interface CountingRule {
  /** The pawn: while any stands there is no pieces' honour (nor board's honour unless `boardHonourWithPawns`). */
  pawn: string;
  /** Moves of the board's honour, and of the pieces' honour when no entry applies. */
  boardHonour: number;
  boardHonourWithPawns?: boolean;
  /** A side with more pieces than this (king included) never counts. */
  maxCounterPieces?: number;
  /** Pieces' honour: the first entry the stronger side has `count` or more of gives the moves. */
  piecesHonour: { piece: string; count: number; moves: number }[];
}

function totalPawns(pos: Position, v: Variant, rule: CountingRule): number {
  const p = v.byLetter.get(rule.pawn)!;
  return pos.count(0, p) + pos.count(1, p);
}

/** The moves `side` may count now, 0 when it may not count. */
export function countingMoves(pos: Position, rule: CountingRule, side: Side): number {
  const v = pos.variant;
  const other = (1 - side) as Side;
  const own = pos.pieceCount(side);
  if (pos.pieceCount(other) === 1 || own > (rule.maxCounterPieces ?? Infinity)) return 0;
  const pawns = totalPawns(pos, v, rule) > 0;
  if (own > 1) return pawns && !rule.boardHonourWithPawns ? 0 : rule.boardHonour;
  if (pawns) return 0;
  const entry = rule.piecesHonour.find((e) => pos.count(other, v.byLetter.get(e.piece)!) >= e.count);
  return entry ? entry.moves : rule.boardHonour;
}

/**
 * Starts or restarts the count after a move (the side to move is the one that did not
 * move). `captured` is the type taken, 0 for none. The ply itself was already counted.
 */
export function updateCount(pos: Position, rule: CountingRule, captured: number, promoted: boolean): void {
  const next = pos.turn;
  const mover = (1 - next) as Side;
  const total = () => pos.pieceCount(0) + pos.pieceCount(1);
  // A bare king that takes the last pawn starts its own count.
  if (captured === pos.variant.byLetter.get(rule.pawn) && pos.pieceCount(mover) === 1 && totalPawns(pos, pos.variant, rule) === 0) {
    const moves = countingMoves(pos, rule, mover);
    if (moves) {
      pos.countLimit = 2 * moves;
      pos.halfmove = 2 * total() - 1;
    }
  }
  if (pos.countLimit === 0 || ((captured || promoted) && pos.pieceCount(next) === 1)) {
    const moves = countingMoves(pos, rule, next);
    if (moves) {
      pos.countLimit = 2 * moves;
      pos.halfmove = pos.pieceCount(next) > 1 ? 0 : 2 * total();
    }
  }
}

/** The count has passed its limit. */
export function countExpired(pos: Position): boolean {
  return pos.countLimit !== 0 && pos.halfmove > pos.countLimit;
}
