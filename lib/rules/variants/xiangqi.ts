import { chasing } from "../mechanics/chasing";
import type { VariantDecl } from "../variant";

/**
 * Xiangqi (Chinese chess) as Fairy-Stockfish plays it (docs/games/xiangqi.md): Red is White,
 * at the bottom, and moves first; the letters are Fairy-Stockfish's.
 */
export const xiangqi: VariantDecl = {
  id: "xiangqi",
  name: "Xiangqi",
  files: 9,
  ranks: 10,
  startFen: "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
  pieces: [
    // docs/games/xiangqi.md#pieces
    { letter: "K", name: "General", art: "xiangqiGeneral", betza: "W", region: "palace" },
    { letter: "A", name: "Advisor", art: "xiangqiAdvisor", betza: "F", region: "palace" },
    // Two points diagonally, blocked at the eye (the point between), never across the river.
    { letter: "B", name: "Elephant", art: "xiangqiElephant", betza: "nA", region: "own half" },
    // One point straight, then one diagonally outwards: lame, blocked at the first point.
    { letter: "N", name: "Horse", art: "xiangqiHorse", betza: "nN" },
    { letter: "R", name: "Chariot", art: "xiangqiChariot", betza: "R" },
    // Moves as a chariot; captures by jumping exactly one piece (the screen).
    { letter: "C", name: "Cannon", art: "xiangqiCannon", betza: "mRcpR" },
    // Forward only; sideways too once across the river (rank 6 of its own side).
    { letter: "P", name: "Soldier", art: "xiangqiSoldier", betza: "fW", gains: { fromRank: 6, betza: "sW" } },
  ],
  royalty: { kind: "king", piece: "K" },
  stalemate: "loss",
  flyingGeneral: true,
  // Advisors and elephants never leave their own side: with nothing else on the board, neither side can win.
  deadPosition: { minors: [], harmless: ["A", "B"] },
  // The third time a position stands ends the game: a draw, unless one side checked or chased throughout.
  repetition: { count: 3, perpetualCheckLoses: true },
  // Checks beyond ten by one side do not count towards the fifty moves (docs/games/xiangqi.md#fifty-moves).
  moveRuleChecks: 10,
  mechanics: [chasing({ general: "K", advisor: "A", elephant: "B", horse: "N", chariot: "R", cannon: "C", soldier: "P" })],
  points: { river: true },
  palaces: [["d1", "f3"], ["d8", "f10"]],
  sideNames: ["Red", "Black"],
  summary: [
    "Chinese chess on the 9×10 points of its board, with a river between the two halves and a palace of 3×3 points on each side. Red (White, uppercase, at the bottom) moves first.",
    "Pieces: general (K, one point straight, inside the palace), advisors (A, one point diagonally, inside the palace), elephants (B, two points diagonally, blocked at the point between, never across the river), horses (N, one straight then one diagonally, blocked at the first point), chariots (R, as a rook), cannons (C, move as a chariot, capture by jumping exactly one piece), soldiers (P, one point forward, and sideways too once across the river).",
    "The two generals may not face each other on a file with nothing between them.",
    "Checkmate wins; a stalemated player loses. The third time a position stands the game is a draw, unless one side gave check with every move (that side loses) or chased an unprotected piece with every move (that side loses).",
  ],
};
