/**
 * A short Xiangqi game for the browser test, Red (White) first, to checkmate: the cannon
 * goes out along the b-file and across to c5, Black's advisor leaves f10, and the cannon
 * takes the elephant on c10 over the soldier on c7 (its screen, docs/games/xiangqi.md#the-cannon),
 * chosen by clicking on the points: the general cannot step to f10, which the cannon covers
 * over the advisor on d10. Every move checked with the rules tool:
 *   npm run -s rules -- play xiangqi start "C b3-b5" "p a7-a6" "C b5-c5" "a f10-e9" "C c5-c10"
 */
import type { FamilyGame } from "../family-games";

export const game: FamilyGame = {
  variant: "xiangqi",
  clicked: "a cannon's capture over a screen, which mates",
  moves: ["C b3-b5", "p a7-a6", "C b5-c5", "a f10-e9", { text: "C c5-c10", clicks: ["c5", "c10"] }],
  winner: "white",
  reason: "checkmate",
  drawn: [
    ["wC", "c10", "xiangqiCannon"], ["bK", "e10", "xiangqiGeneral"], ["bA", "e9", "xiangqiAdvisor"], ["bB", "g10", "xiangqiElephant"],
    ["wN", "b1", "xiangqiHorse"], ["bR", "a10", "xiangqiChariot"], ["wP", "a4", "xiangqiSoldier"],
  ],
};
