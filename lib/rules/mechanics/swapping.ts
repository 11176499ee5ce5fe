/**
 * Magicpawns Chess (docs/games/magicpawns.md): a piece other than a pawn — the king included —
 * that could move to a square held by a friendly pawn by its normal move (the core
 * walks the move atoms, so sliders need a clear path; castling is not such a move)
 * may instead change places with that pawn, as one whole move.
 *
 * - Not from the owner's first rank (the pawn would stand there).
 * - From the owner's last rank the pawn promotes at once: `R a8-a7=Q`.
 * - A swap is a pawn move for the fifty-move rule and never gives en passant rights.
 * - Written as the piece's step, `N c6-e5`; `N c6-e5; P*c6` is accepted too.
 */
import { makeActionText } from "../actions";
import { perVariant, type Mechanic } from "../mechanic";
import { MoveKind, newMove } from "../move";
import { letterOf, stepAction } from "../notation/move";
import { pieceCode, typeOn } from "../position";

/** `pawn`: the letter of the piece the others change places with. */
export function swapping(options: { pawn: string }): Mechanic {
  const pawnType = perVariant("swapping", (_, typeOf) => typeOf(options.pawn));
  const mech: Mechanic = {
    name: "swapping",

    ontoOwnPiece(pos, from, to, out) {
      const us = pos.turn;
      const pawn = pawnType(pos.variant);
      const piece = typeOn(pos.board[from], us);
      if (piece === pawn || typeOn(pos.board[to], us) !== pawn) return;
      const rank = pos.relativeRank(from, us);
      if (rank === 0) return;
      if (rank === pos.geo.ranks - 1) {
        for (const promo of pos.variant.types[pawn].promotesTo) {
          out.push(newMove(MoveKind.Mechanic, from, to, piece, promo, mech));
        }
      } else {
        out.push(newMove(MoveKind.Mechanic, from, to, piece, 0, mech));
      }
    },

    make(pos, m) {
      const us = pos.turn;
      const piece = pos.board[m.from];
      const pawn = pos.board[m.to];
      pos.put(m.to, piece);
      pos.put(m.from, m.promo ? pieceCode(us, m.promo) : pawn);
      pos.halfmove = 0;
    },

    actions(pos, m) {
      return m.mechanic === mech ? [stepAction(pos, m)] : undefined;
    },

    aliases(pos, m) {
      // The Game Courier way of writing the swap: the step, then the pawn put down.
      const step = stepAction(pos, { ...m, promo: 0 });
      const landing = letterOf(pos, m.promo || pawnType(pos.variant), pos.turn);
      return [`${makeActionText(step)}; ${landing}*${pos.geo.names[m.from]}`];
    },
  };
  return mech;
}
