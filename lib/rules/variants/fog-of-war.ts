import type { VariantDecl } from "../variant";
import { ORTHODOX_CASTLING, ORTHODOX_START, classicEnPassant, orthodoxPieces } from "./chess";

/** Fog of War (dark chess), as Fairy-Stockfish defines it (docs/games/fog-of-war.md). */
export const fogOfWar: VariantDecl = {
  id: "fog-of-war",
  name: "Fog of War",
  files: 8,
  ranks: 8,
  startFen: ORTHODOX_START,
  pieces: orthodoxPieces,
  // No check: the king may be attacked and is taken, and taking it wins (docs/games/fog-of-war.md#winning).
  royalty: { kind: "extinction", pieces: ["K"], check: false },
  endNames: { extinction: "king-captured" },
  castling: { ...ORTHODOX_CASTLING, homes: { king: "e", rooks: ["h", "a"] } },
  enPassant: { ...classicEnPassant, writtenOnlyWhenCapturable: true },
  stalemate: "draw",
  hidden: true,
  summary: [
    "Chess in the dark: each player sees only their own pieces and the squares they could move to. The rest of the board is fog.",
    "There is no check: a king may move into attack, and taking the opponent's king wins. A player with no legal move draws.",
    "Castling, en passant and promotion as in chess; castling is allowed out of, through and into attack.",
  ],
};
