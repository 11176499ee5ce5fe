import { duck as duckMechanic } from "../mechanics/duck";
import type { VariantDecl } from "../variant";
import { ORTHODOX_CASTLING, ORTHODOX_START, classicEnPassant, orthodoxPieces } from "./chess";

/** Duck chess as Fairy-Stockfish plays it (docs/games/duck.md). */
export const duck: VariantDecl = {
  id: "duck",
  name: "Duck chess",
  files: 8,
  ranks: 8,
  startFen: ORTHODOX_START,
  pieces: orthodoxPieces,
  // No check: the king may be attacked and is taken, and taking it wins (docs/games/duck.md#winning).
  royalty: { kind: "extinction", pieces: ["K"], check: false },
  endNames: { extinction: "king-captured", stalemate: "no-legal-move" },
  castling: { ...ORTHODOX_CASTLING, homes: { king: "e", rooks: ["h", "a"] } },
  enPassant: { ...classicEnPassant, writtenOnlyWhenCapturable: true },
  // A player with no legal move wins (docs/games/duck.md#winning).
  stalemate: "win",
  mechanics: [duckMechanic()],
  summary: [
    "Chess with a duck: after moving a piece, the player moves the duck to another empty square. The duck blocks every piece of both sides and is never taken.",
    "There is no check: a king may move into attack, and taking the opponent's king wins. A player with no legal move wins.",
    "Castling, en passant and promotion as in chess; draws by repetition and the fifty-move rule, but none for too little material.",
  ],
};
