import type { CastlingDecl, PieceDecl, VariantDecl } from "../variant";

export const ORTHODOX_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

export const orthodoxPieces: PieceDecl[] = [
  { letter: "K", name: "King", art: "king", betza: "K" },
  { letter: "Q", name: "Queen", art: "queen", betza: "Q" },
  { letter: "R", name: "Rook", art: "rook", betza: "R" },
  { letter: "B", name: "Bishop", art: "bishop", betza: "B" },
  { letter: "N", name: "Knight", art: "knight", betza: "N" },
  {
    letter: "P", name: "Pawn", art: "pawn", betza: "fmWfcFifmnD",
    forbiddenRanks: ["first", "last"], promotesTo: ["Q", "R", "B", "N"], pawnLike: true,
  },
];

/** Where the king and rook land: g and f kingside, c and d queenside (Chess960 too). */
export const ORTHODOX_CASTLING: CastlingDecl = { king: "K", rook: "R", kingTo: ["g", "c"], rookTo: ["f", "d"] };

/**
 * Pawns take pawns en passant, and FEN names the square after every double step: the games
 * built on chess that Fairy-Stockfish does not play (docs/notation.md#en-passant-square).
 */
export const classicEnPassant = { victims: ["P"], capturers: ["P"] };

/** Orthodox chess (FIDE): the baseline the other 8×8 games modify. */
export const chess: VariantDecl = {
  id: "chess",
  name: "Chess",
  files: 8,
  ranks: 8,
  startFen: ORTHODOX_START,
  pieces: orthodoxPieces,
  royalty: { kind: "king", piece: "K" },
  castling: { ...ORTHODOX_CASTLING, homes: { king: "e", rooks: ["h", "a"] } },
  // FEN names the en passant square only when a pawn stands to take, as Fairy-Stockfish writes it.
  enPassant: { ...classicEnPassant, writtenOnlyWhenCapturable: true },
  stalemate: "draw",
  deadPosition: { minors: ["B", "N"], bishop: "B" },
  summary: [
    "The FIDE Laws of Chess: checkmate wins, stalemate is a draw.",
    "Castling, en passant and promotion to queen, rook, bishop or knight.",
    "Draws by agreement, by claim after threefold repetition or fifty moves, automatically after fivefold repetition, seventy-five moves or with too little material to mate.",
  ],
};
