import type { PieceDecl, VariantDecl } from "../variant";

/** The old game's pieces as Fairy-Stockfish letters them: Q the ferz, B the alfil. */
function oldPieces(names: { king: string; ferz: string; alfil: string }): PieceDecl[] {
  return [
    { letter: "K", name: names.king, art: "king", betza: "K" },
    { letter: "Q", name: names.ferz, art: "ferz", betza: "F" },
    { letter: "R", name: "Rook", art: "rook", betza: "R" },
    // Leaps two squares diagonally, over anything in between.
    { letter: "B", name: names.alfil, art: "alfil", betza: "A" },
    { letter: "N", name: "Knight", art: "knight", betza: "N" },
    {
      letter: "P", name: "Pawn", art: "pawn", betza: "fmWfcF",
      forbiddenRanks: ["first", "last"], promotesTo: ["Q"], pawnLike: true,
    },
  ];
}

/** Shatranj as Fairy-Stockfish plays it (docs/games/shatranj.md). */
export const shatranj: VariantDecl = {
  id: "shatranj",
  name: "Shatranj",
  files: 8,
  ranks: 8,
  startFen: "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1",
  pieces: oldPieces({ king: "Shah", ferz: "Ferz", alfil: "Alfil" }),
  royalty: { kind: "king", piece: "K" },
  stalemate: "loss",
  bareRoyal: "counted",
  moveRule: 70,
  summary: [
    "The medieval game: shah (K), ferz (Q) one step diagonally, alfil (B) a leap of two squares diagonally over anything between, rook, knight, and pawns that step one square and never two.",
    "A pawn reaching the last rank becomes a ferz. No castling, no en passant.",
    "Checkmate wins; a stalemated player loses. A player whose king is left alone (bared) loses, unless the opponent has one piece left besides the king and the bare king takes it at once.",
    "The kings start on the d-file, facing each other, as Fairy-Stockfish sets them up.",
  ],
};

/** Chaturanga as Fairy-Stockfish plays it (the rules chess.com uses; docs/games/chaturanga.md). */
export const chaturanga: VariantDecl = {
  ...shatranj,
  id: "chaturanga",
  name: "Chaturanga",
  startFen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
  pieces: oldPieces({ king: "King", ferz: "Counsellor", alfil: "Elephant" }),
  bareRoyal: undefined,
  deadPosition: { minors: [] },
  summary: [
    "The Indian forerunner of chess as chess.com and Fairy-Stockfish play it: king (K), counsellor (Q) one step diagonally, elephant (B) a leap of two squares diagonally over anything between, rook (chariot), knight (horse), and pawns that step one square and never two.",
    "A pawn reaching the last rank becomes a counsellor. No castling, no en passant.",
    "Checkmate wins; a stalemated player loses. A bare king does not lose; king against king is a draw.",
  ],
};
