import type { VariantDecl } from "../variant";
import { ORTHODOX_START, classicEnPassant, orthodoxPieces } from "./chess";

/** Antichess as Fairy-Stockfish plays it (docs/games/antichess.md): lose every piece, or have no move, to win. */
export const antichess: VariantDecl = {
  id: "antichess",
  name: "Antichess",
  files: 8,
  ranks: 8,
  startFen: ORTHODOX_START.replace(" KQkq ", " - "),
  // The king is an ordinary piece, and a pawn may promote to one.
  pieces: orthodoxPieces.map((p) => (p.letter === "P" ? { ...p, promotesTo: [...p.promotesTo!, "K"] } : p)),
  royalty: { kind: "extinction", pieces: ["K", "Q", "R", "B", "N", "P"], check: false, whenGone: "wins" },
  endNames: { extinction: "all-pieces-lost", stalemate: "no-legal-move" },
  mustCapture: true,
  // The bot plays to lose its pieces (docs/bot.md#goals).
  botGoal: { material: -1 },
  enPassant: { ...classicEnPassant, writtenOnlyWhenCapturable: true },
  stalemate: "win",
  summary: [
    "Chess turned around: a player who has lost every piece, or who has no legal move, wins.",
    "Captures are compulsory: a player who can take must take, choosing freely among the captures.",
    "The king is an ordinary piece: there is no check, it may be captured, and there is no castling. A pawn may promote to a king.",
    "En passant as in chess; draws by agreement, repetition and the fifty-move rule.",
  ],
};
