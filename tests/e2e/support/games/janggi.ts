/**
 * A short Janggi game for the browser test. First each player chooses a setup on the page
 * (docs/games/janggi.md#choosing-the-setups): Han (Black) the left elephant, Cho (White),
 * seeing it, the outer elephants. Then Cho steps a soldier sideways, by clicking; Han passes
 * and Cho passes: two passes in turn end the game on points, and Han's compensation wins it.
 * Checked with the rules module: Game.replay("janggi", chosenSetupFen("janggi", 1, 2),
 * ["P e4-d4", "pass", "pass"]).status() is Black's win by "double-pass" (the rules tool's
 * `status` reads a FEN, which records no pass before it).
 */
import { Game, chosenSetupFen } from "../../../../lib/rules";
import type { FamilyGame } from "../family-games";

const setups = { white: 1, black: 2 };
// Where the chosen setups put the horses and elephants, as the final board must draw them.
const start = Game.start("janggi", chosenSetupFen("janggi", setups.white, setups.black)).board();
const ART = { N: "janggiHorse", B: "janggiElephant" } as const;
const drawn = start.flatMap(({ square, pieces: [p] }): FamilyGame["drawn"] => {
  const letter = p?.letter;
  return letter === "N" || letter === "B" ? [[`${p.color === "white" ? "w" : "b"}${letter}`, square, ART[letter]]] : [];
});

export const game: FamilyGame = {
  variant: "janggi",
  clicked: "a soldier's sideways step, after both players chose their horse and elephant setups on the page",
  setups,
  moves: [{ text: "P e4-d4", clicks: ["e4", "d4"] }, "pass", "pass"],
  winner: "black",
  reason: "double-pass",
  drawn,
};
