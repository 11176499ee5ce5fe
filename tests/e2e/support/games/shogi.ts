/**
 * A short Shogi game for the browser test, sente (White) first, to checkmate: the
 * bishop takes the bishop and promotes, chosen by clicking (the chooser offers the
 * dragon horse or the bishop, docs/games/shogi.md#promotion), a silver is dropped from
 * the hand (docs/games/shogi.md#drops), and the dragon horse mates. Every move checked
 * with the rules tool:
 *   npm run -s rules -- play shogi start "P c3-c4" "p g7-g6" "B b2-h8=+B" "p a7-a6" "+B h8-g9" "p a6-a5" "S*g8" "r b8-d8" "+B g9-f9"
 */
import type { FamilyGame } from "../family-games";
import type { ClickedMove } from "../play";

const promotion: ClickedMove = { text: "B b2-h8=+B", clicks: ["b2", "h8"], choose: "Dragon horse" };
const drop: ClickedMove = { text: "S*g8", fromHand: "Silver general", clicks: ["g8"] };

export const game: FamilyGame = {
  variant: "shogi",
  clicked: "a bishop that captures and promotes (the dragon horse chosen), and a silver dropped from the hand",
  moves: ["P c3-c4", "p g7-g6", promotion, "p a7-a6", "+B h8-g9", "p a6-a5", drop, "r b8-d8", "+B g9-f9"],
  winner: "white",
  reason: "checkmate",
  drawn: [["w+B", "f9", "shogiHorse"], ["wS", "g8", "shogiSilver"], ["bR", "d8", "shogiRook"], ["bK", "e9", "shogiKing"], ["wL", "a1", "shogiLance"]],
};
