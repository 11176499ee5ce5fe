/**
 * A short Crazyhouse game for the browser test (docs/games/crazyhouse.md): the Fried Liver
 * attack, then a pawn won on f7 is dropped back there, clicked from White's hand, and mates.
 * Checked with the rules tool (`npm run -s rules -- play crazyhouse start …`, then `status`:
 * white-wins checkmate) and by tests/unit/rules-crazyhouse.test.ts against Fairy-Stockfish.
 */
import type { EndReason } from "../../../../lib/rules";
import type { FamilyGame } from "../family-games";

export const game: FamilyGame & { reason: EndReason } = {
  variant: "crazyhouse",
  clicked: "a pawn from White's hand dropped on f7",
  moves: [
    "P e2-e4", "p e7-e5", "N g1-f3", "n b8-c6", "B f1-c4", "n g8-f6", "N f3-g5", "p d7-d5", "P e4-d5", "n f6-d5",
    "N g5-f7", "k e8-f7", "Q d1-f3", "k f7-g8", { text: "P*f7", fromHand: "Pawn", clicks: ["f7"] },
  ],
  winner: "white",
  reason: "checkmate",
  drawn: [["wP", "f7", "pawn"], ["wQ", "f3", "queen"], ["wB", "c4", "bishop"], ["bK", "g8", "king"], ["bN", "d5", "knight"], ["bR", "h8", "rook"]],
};
