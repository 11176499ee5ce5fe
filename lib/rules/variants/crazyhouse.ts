import { drops } from "../mechanics/drops";
import type { VariantDecl } from "../variant";
import { chess } from "./chess";

/** Crazyhouse, as Fairy-Stockfish plays it (docs/games/crazyhouse.md): chess whose captured pieces change sides and are dropped. */
export const crazyhouse: VariantDecl = {
  ...chess,
  id: "crazyhouse",
  name: "Crazyhouse",
  startFen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
  // Material never runs out: whatever is captured comes back (Fairy-Stockfish has no insufficient material here).
  deadPosition: undefined,
  // A captured piece comes back anywhere: in hand it is worth more to the bot than on the board (docs/bot.md#goals).
  botGoal: { hand: 1.3 },
  mechanics: [drops({ pieces: ["Q", "R", "B", "N", "P"], capturesToHand: true, promotedFrom: "P" })],
  summary: [
    "Chess, except that a captured piece joins the capturer's hand, and a move may instead put a piece from one's hand down on any empty square (`N*f3`).",
    "Pawns are never dropped on the first or last rank. A promoted pawn (`Q~` in FEN) goes back to the hand as a pawn when captured.",
    "A drop may block a check. Castling, en passant and promotion as in chess; checkmate wins, stalemate is a draw.",
    "No draw for too little material: whatever is captured comes back. Draws by agreement, by claim after threefold repetition or fifty moves (a drop restarts the count), automatically after fivefold repetition or seventy-five moves.",
  ],
};
