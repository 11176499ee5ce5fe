/**
 * The counting rules of Makruk, Ouk Chatrang and Sittuyin (docs/games/makruk.md#counting,
 * docs/games/ouk-chatrang.md#counting, docs/games/sittuyin.md#counting), counted as
 * Fairy-Stockfish counts them; each game's declaration gives its pieces and tables.
 *
 * After each move, while no count runs, the side to move starts one if it may. With
 * pieces besides its king it counts by board's honour (where the game has it), from 0.
 * With its king alone and no pawn left it counts by pieces' honour: the limit is set by
 * the opponent's pieces, and the count starts at the pieces on the board (Makruk) or at
 * 0 (Sittuyin). A count, once begun, runs to the end of the game; a capture or promotion
 * that leaves the side to move with its king alone starts it again with the new limit.
 * Past the limit the game is drawn, or either player may claim the draw.
 *
 * The count has its own ply counter beside the fifty-move clock, which goes on under it
 * (Sittuyin has both rules; Makruk has no fifty-move rule). While a count runs, the
 * FEN's en passant field holds the limit and its halfmove field the count, both in
 * plies (twice the moves), as Fairy-Stockfish writes them.
 */
import { perVariant, type Mechanic } from "../mechanic";
import type { Position } from "../position";
import type { Side } from "../variant";

export interface CountingRule {
  /** The pawn: while any stands there is no pieces' honour (nor board's honour unless `withPawns`). */
  pawn: string;
  /**
   * Board's honour, for a side with pieces besides its king (`maxPieces` or fewer, its
   * king included): the moves it counts. Without it such a side never counts (Sittuyin).
   */
  boardHonour?: { moves: number; withPawns?: boolean; maxPieces?: number };
  /** Pieces' honour: the first entry the opponent has `count` or more of gives the moves. */
  piecesHonour: readonly { piece: string; count: number; moves: number }[];
  /** Pieces' honour when no entry applies; without it no count starts (Sittuyin: generals only). */
  piecesHonourOtherwise?: number;
  /**
   * Makruk's pieces' honour: the count starts at the pieces on the board, both kings
   * included, and a bare king that takes the last pawn starts its own count at once.
   * Without it the count starts at 0 (the ASEAN rule, Sittuyin).
   */
  fromPieces?: boolean;
  /** Past the limit the game is drawn ("automatic"), or either player may claim the draw ("claim"). */
  draw: "automatic" | "claim";
}

export function counting(rule: CountingRule): Mechanic {
  const types = perVariant("counting", (_, typeOf) => ({ pawn: typeOf(rule.pawn), honour: rule.piecesHonour.map((e) => typeOf(e.piece)) }));
  const pawns = (pos: Position) => {
    const p = types(pos.variant).pawn;
    return pos.count(0, p) + pos.count(1, p);
  };
  const expired = (pos: Position) => pos.countLimit !== 0 && pos.countPly > pos.countLimit;

  /** The moves `side` may count now, 0 when it may not count. */
  function countingMoves(pos: Position, side: Side): number {
    const other = (1 - side) as Side;
    const own = pos.pieceCount(side);
    if (pos.pieceCount(other) === 1) return 0;
    if (own > 1) {
      const board = rule.boardHonour;
      if (!board || own > (board.maxPieces ?? Infinity) || (pawns(pos) > 0 && !board.withPawns)) return 0;
      return board.moves;
    }
    if (pawns(pos) > 0) return 0;
    const honour = types(pos.variant).honour;
    const i = rule.piecesHonour.findIndex((e, j) => pos.count(other, honour[j]) >= e.count);
    return i >= 0 ? rule.piecesHonour[i].moves : rule.piecesHonourOtherwise ?? 0;
  }

  return {
    name: "counting",
    fenMarks: { counting: true },
    afterMove(pos, move, captured) {
      if (pos.countLimit) pos.countPly++;
      const next = pos.turn;
      const mover = (1 - next) as Side;
      const total = () => pos.pieceCount(0) + pos.pieceCount(1);
      // One ply before its opponent would start it, a bare king that takes the last pawn counts.
      if (rule.fromPieces && captured === types(pos.variant).pawn && pos.pieceCount(mover) === 1 && pawns(pos) === 0) {
        const moves = countingMoves(pos, mover);
        if (moves) {
          pos.countLimit = 2 * moves;
          pos.countPly = 2 * total() - 1;
        }
      }
      if (pos.countLimit === 0 || ((captured || move.promo) && pos.pieceCount(next) === 1)) {
        const moves = countingMoves(pos, next);
        if (moves) {
          pos.countLimit = 2 * moves;
          pos.countPly = rule.fromPieces && pos.pieceCount(next) === 1 ? 2 * total() : 0;
        }
      }
    },
    ends: (pos) => (rule.draw === "automatic" && expired(pos) ? { result: "draw", reason: "counting-rule" } : undefined),
    claims: (pos) => (rule.draw === "claim" && expired(pos) ? ["counting-rule"] : []),
  };
}
