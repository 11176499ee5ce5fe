import { swapping } from "../mechanics/swapping";
import type { VariantDecl } from "../variant";
import { chess, classicEnPassant } from "./chess";

/** Magicpawns Chess (M. Winther): any piece may change places with a friendly pawn. */
export const magicpawns: VariantDecl = {
  ...chess,
  enPassant: classicEnPassant,
  id: "magicpawns",
  name: "Magicpawns Chess",
  mechanics: [swapping({ pawn: "P" })],
  summary: [
    "Orthodox chess plus the swap: any piece but a pawn, the king too, that could move to a square held by a friendly pawn (by its normal move, path clear; castling is not such a move) may instead change places with it, as one whole move (`N c6-e5`).",
    "A piece on its own first rank may not swap. A swap from its own last rank puts the pawn there, where it promotes at once (`R a8-a7=Q`).",
    "A king swap must not leave the king in check; castling is unchanged.",
    "A pawn on its 2nd rank may double-step wherever it came from; en passant only after a pawn's own double step. A swap counts as a pawn move for the fifty-move rule.",
  ],
};
