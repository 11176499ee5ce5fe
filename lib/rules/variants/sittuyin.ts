import { counting } from "../mechanics/counting";
import { setup } from "../mechanics/setup";
import { sittuyinPromotion } from "../mechanics/sittuyin-promotion";
import type { VariantDecl } from "../variant";

/** Sittuyin (Burmese chess), as Fairy-Stockfish plays it (docs/games/sittuyin.md). */
export const sittuyin: VariantDecl = {
  id: "sittuyin",
  name: "Sittuyin",
  files: 8,
  ranks: 8,
  startFen: "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KSSFRRNNkssfrrnn] w - - 0 1",
  pieces: [
    { letter: "K", name: "King", art: "king", betza: "K" },
    { letter: "S", name: "Elephant", art: "sittuyinElephant", betza: "FfW" },
    { letter: "F", name: "General", art: "sittuyinGeneral", betza: "F" },
    { letter: "R", name: "Chariot", art: "rook", betza: "R" },
    { letter: "N", name: "Horse", art: "knight", betza: "N" },
    { letter: "P", name: "Pawn", art: "pawn", betza: "fmWfcF", pawnLike: true },
  ],
  royalty: { kind: "king", piece: "K" },
  stalemate: "draw",
  // Fairy-Stockfish's insufficient material, for these pieces: nothing but kings, one pawn,
  // knight or general, or generals all on squares of one colour.
  deadPosition: { minors: ["N", "F", "P"], bishop: "F" },
  mechanics: [
    sittuyinPromotion({ pawn: "P", into: "F", squares: ["a8", "b7", "c6", "d5", "e5", "f6", "g7", "h8"] }),
    // The ASEAN count: against a bare king only, from 0, by the strongest piece; a draw to claim.
    counting({
      pawn: "P",
      piecesHonour: [{ piece: "R", count: 1, moves: 16 }, { piece: "S", count: 1, moves: 44 }, { piece: "N", count: 1, moves: 64 }],
      draw: "claim",
    }),
    // Last: while drops are compulsory it replaces every other move.
    setup({ pieces: ["K", "S", "F", "R", "N"], ranks: [1, 2, 3], only: { R: [1] } }),
  ],
  summary: [
    "Burmese chess on an 8×8 board. The pawns start on the board, staggered; every other piece starts in hand.",
    "Setup: White first, the players take turns putting one piece from hand on an empty square of their own three ranks (`K*e2`); the chariots only on the first rank. Until a side's hand is empty, that is its only move.",
    "Min-gyi (K): one step any way. Sit-kè (F), the general: one step diagonally. Sin (S), the elephant: one step diagonally or straight forward. Yahhta (R): a rook. Myin (N): a knight. Ne (P): one step forward, captures one step diagonally forward; no double step.",
    "Promotion: a pawn on a square of the long diagonals in the opponent's half (the last pawn: anywhere) may become a general, only while its side has none, in place (`P e5=F`) or by a diagonal step to an empty square (`P e5-d6=F`), as a whole move; the new general may not attack a piece, and the promotion may not give check.",
    "Checkmate wins; stalemate is a draw; so are too little material, and by claim threefold repetition and fifty moves.",
  ],
};
