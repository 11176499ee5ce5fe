/**
 * A short Atomic chess game (docs/games/atomic.md) for the browser test: White's knight
 * takes on f7, and the explosion reaches the Black king on e8. Checked with the rules tool:
 * `npm run -s rules -- play atomic start "N g1-f3" "p a7-a6" "N f3-g5" "p a6-a5" "N g5-f7"`
 * gives `rnbq3r/1pppp1pp/8/p7/8/8/PPPPPPPP/RNBQKB1R b KQ - 0 3`, whose `status` is
 * `white-wins king-exploded`.
 */
import type { FamilyGame } from "../family-games";

export const game: FamilyGame = {
  variant: "atomic",
  clicked: "a knight's capture on f7 whose explosion blows up the Black king, bishop and knight",
  moves: ["N g1-f3", "p a7-a6", "N f3-g5", "p a6-a5", { text: "N g5-f7", clicks: ["g5", "f7"] }],
  winner: "white",
  reason: "king-exploded",
  // The blast emptied e8, f8, g8 and f7; the pawns on e7 and g7 beside it stand.
  drawn: [["bQ", "d8", "queen"], ["bR", "h8", "rook"], ["bP", "e7", "pawn"], ["bP", "g7", "pawn"], ["wK", "e1", "king"]],
};
