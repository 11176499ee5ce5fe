/**
 * A short Duck chess game for the browser tests (docs/games/duck.md): White's queen takes
 * Black's king on move 3. White's second move is made on the board: the queen's from and
 * to, then the duck's square. Checked with the rules tool (docs/rules-tool.md):
 *
 *   npm run -s rules -- play duck start "P e2-e3; duck a3" "p f7-f6; duck a4" \
 *     "Q d1-h5; duck a3" "p a7-a6; duck b4" "Q h5-e8; duck a3"
 *   → rnbqQbnr/1pppp1pp/p4p2/8/8/*3P3/PPPP1PPP/RNB1KBNR b KQ - 0 3
 *   npm run -s rules -- status duck "rnbqQbnr/1pppp1pp/p4p2/8/8/*3P3/PPPP1PPP/RNB1KBNR b KQ - 0 3"
 *   → white-wins king-captured
 */
import type { FamilyGame } from "../family-games";

export const game: FamilyGame = {
  variant: "duck",
  clicked: "a queen's move, then the duck's square",
  moves: [
    "P e2-e3; duck a3",
    "p f7-f6; duck a4",
    { text: "Q d1-h5; duck a3", clicks: ["d1", "h5", "a3"] },
    "p a7-a6; duck b4",
    "Q h5-e8; duck a3",
  ],
  winner: "white",
  reason: "king-captured",
  // The duck on a3 is drawn as the duck; the queen stands where the king was.
  drawn: [["duck", "a3", "duck"], ["wQ", "e8", "queen"], ["bQ", "d8", "queen"]],
};
