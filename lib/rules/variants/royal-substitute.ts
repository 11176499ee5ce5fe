import type { VariantDecl } from "../variant";

/** Royal Substitute Chess (Gerd Degens): 9×7, no kings at the start, royal pawns with extinction royalty. */
export const royalSubstitute: VariantDecl = {
  id: "royal-substitute",
  name: "Royal Substitute Chess",
  files: 9,
  ranks: 7,
  startFen: "rphpqphpr/pnpqpqpnp/9/9/9/PNPQPQPNP/RPHPQPHPR w - - 0 1",
  pieces: [
    { letter: "P", name: "Royal pawn", art: "royalPawn", betza: "fnWfnDfmF", forbiddenRanks: ["last"], promotesTo: ["K"], pawnLike: true },
    { letter: "N", name: "Knight", art: "knight", betza: "N" },
    { letter: "R", name: "Rook", art: "rook", betza: "R" },
    { letter: "H", name: "Dragon horse", art: "dragonHorse", betza: "BW" },
    { letter: "Q", name: "Halfqueen", art: "halfqueen", betza: "Q3" },
    { letter: "K", name: "King", art: "king", betza: "K" },
  ],
  royalty: { kind: "extinction", pieces: ["P", "K"] },
  stalemate: "loss",
  bareRoyal: "lookahead",
  summary: [
    "A 9×7 board and no kings: nine royal pawns (P) a side move one or two squares straight ahead (moving or capturing; two only over an empty square) or one square diagonally forward to an empty square.",
    "A royal pawn reaching the far rank becomes a King at once and stays royal.",
    "While a side has two or more royal pieces they may be attacked and captured; its last royal piece is a king as in chess, and checkmating it wins. A side with no royal piece has lost.",
    "A side with no legal move loses. A side left with its last royal piece alone loses, unless it bares the opponent in turn on the very next move (then it is a draw).",
    "Knight (N), rook (R), dragon horse = bishop + one orthogonal step (H), halfqueen = queen up to three squares (Q). No castling, no en passant.",
  ],
};
