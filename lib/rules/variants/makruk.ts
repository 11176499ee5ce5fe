import { counting } from "../mechanics/counting";
import type { PieceDecl, VariantDecl } from "../variant";

const KHON = { letter: "S", name: "Khon", art: "khon", betza: "FfW" };
const pawn: PieceDecl = {
  letter: "P", name: "Pawn", art: "pawn", betza: "fmWfcF",
  // The promotion zone is the opponent's three home ranks: a pawn entering it becomes a met.
  forbiddenRanks: ["first", "last"], promotesTo: ["M"], promotionRanks: 3, pawnLike: true,
};
const makrukPieces: PieceDecl[] = [
  { letter: "K", name: "Khun", art: "king", betza: "K" },
  { letter: "M", name: "Met", art: "met", betza: "F" },
  KHON,
  { letter: "N", name: "Ma", art: "knight", betza: "N" },
  { letter: "R", name: "Ruea", art: "rook", betza: "R" },
  pawn,
];

/** The pieces' honour limits, strongest first (docs/games/makruk.md#counting). */
const honour = (offset: number) => [
  { piece: "R", count: 2, moves: 8 - offset },
  { piece: "R", count: 1, moves: 16 - offset },
  { piece: "S", count: 2, moves: 22 - offset },
  { piece: "N", count: 2, moves: 32 - offset },
  { piece: "S", count: 1, moves: 44 - offset },
];
// The server declares the counting draw (docs/games/makruk.md#counting, Decision).
const makrukCounting = counting({
  pawn: "P", boardHonour: { moves: 64 }, piecesHonour: honour(0), piecesHonourOtherwise: 64, fromPieces: true, draw: "automatic",
});
const cambodianCounting = counting({
  pawn: "P", boardHonour: { moves: 63, withPawns: true, maxPieces: 3 }, piecesHonour: honour(1), piecesHonourOtherwise: 63,
  fromPieces: true, draw: "automatic",
});

/** Makruk (Thai chess) as Fairy-Stockfish plays it (docs/games/makruk.md). */
export const makruk: VariantDecl = {
  id: "makruk",
  name: "Makruk",
  files: 8,
  ranks: 8,
  startFen: "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1",
  pieces: makrukPieces,
  royalty: { kind: "king", piece: "K" },
  stalemate: "draw",
  moveRule: 0,
  mechanics: [makrukCounting],
  deadPosition: { minors: ["N", "P", "M"], bishop: "M" },
  summary: [
    "Thai chess: khun (K, king), met (M) one step diagonally, khon (S) one step diagonally or straight forward, ma (N, knight), ruea (R, rook); the pawns (bia) start on the third rank and step one square, never two.",
    "A pawn reaching the sixth rank (the opponent's third) becomes a met at once. No castling, no en passant.",
    "Checkmate wins; stalemate is a draw. There is no fifty-move rule: once no pawn is left, the weaker side counts, and the game is drawn when the count runs out (board's honour 64 moves; pieces' honour against a bare king 8 to 64 moves by the pieces left).",
  ],
};

/** Ouk Chatrang (Cambodian chess) as Fairy-Stockfish plays it (docs/games/ouk-chatrang.md). */
export const oukChatrang: VariantDecl = {
  ...makruk,
  id: "ouk-chatrang",
  name: "Ouk Chatrang",
  startFen: "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1",
  pieces: [
    // First move only: a knight's leap sideways to the next rank, to an empty square, not out of check.
    { letter: "K", name: "King", art: "king", betza: "KimfsN", unmovedRight: true, unmovedRightLostTo: "R" },
    // First move only: two squares straight forward, leaping, to an empty square.
    { letter: "M", name: "Neang", art: "met", betza: "FimfD", unmovedRight: true },
    { ...KHON, name: "Koul" },
    { letter: "N", name: "Seh", art: "knight", betza: "N" },
    { letter: "R", name: "Tuuk", art: "rook", betza: "R" },
    { ...pawn, name: "Trey" },
  ],
  mechanics: [cambodianCounting],
  summary: [
    "Cambodian chess: Makruk's board, pieces and promotion — king (K), neang (M) one step diagonally, koul (S) one step diagonally or straight forward, seh (N, knight), tuuk (R, rook), pawns (trey) from the third rank that become a neang on the sixth.",
    "First moves: an unmoved king may leap like a knight sideways to the next rank (d1–b2, d1–f2), to an empty square and not out of check; it loses this right once a rook moves onto its rank or file. An unmoved neang may leap two squares straight forward to an empty square. The FEN keeps these rights as `DEde`.",
    "Checkmate wins; stalemate is a draw. No fifty-move rule: the counting rule ends the game (board's honour 63 moves for a side with at most three pieces; pieces' honour 7 to 63).",
  ],
};
