/**
 * A short Minishogi game for the browser test, sente (White) first, to checkmate: the
 * bishop takes the pawn, the pawn is dropped from the hand (docs/games/minishogi.md#drops),
 * and the bishop takes the gold on the last rank and promotes, chosen by clicking (the
 * chooser offers the dragon horse or the bishop, docs/games/minishogi.md#promotion), which
 * mates. Every move checked with the rules tool:
 *   npm run -s rules -- play minishogi start "B d1-c2" "b b5-a4" "B c2-e4" "r a5-b5" "P*d4" "b a4-c2" "B e4-d5=+B"
 */
import type { FamilyGame } from "../family-games";
import type { ClickedMove } from "../play";

const drop: ClickedMove = { text: "P*d4", fromHand: "Pawn", clicks: ["d4"] };
const promotion: ClickedMove = { text: "B e4-d5=+B", clicks: ["e4", "d5"], choose: "Dragon horse" };

export const game: FamilyGame = {
  variant: "minishogi",
  clicked: "a pawn dropped from the hand, and a bishop that captures and promotes (the dragon horse chosen) to mate",
  moves: ["B d1-c2", "b b5-a4", "B c2-e4", "r a5-b5", drop, "b a4-c2", promotion],
  winner: "white",
  reason: "checkmate",
  drawn: [["w+B", "d5", "shogiHorse"], ["wP", "d4", "shogiPawn"], ["bB", "c2", "shogiBishop"], ["bK", "e5", "shogiKing"]],
};
