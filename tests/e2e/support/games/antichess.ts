/**
 * A short Antichess game (docs/games/antichess.md) for the browser test: White gives its
 * pieces away until its last pawn, on c2, is blocked by a Black bishop, and White, with no
 * legal move, wins. Black's fourth-ply capture `p e5-f4` is clicked: it is Black's only
 * legal move, as captures are compulsory. Checked with the rules tool:
 * `npm run -s rules -- play antichess start …` (the moves below) gives
 * `2b3nr/1p1k1ppp/8/8/8/2b1q3/2P5/8 w - - 0 17`, whose `status` is `white-wins no-legal-move`.
 */
import type { FamilyGame } from "../family-games";

export const game: FamilyGame = {
  variant: "antichess",
  clicked: "a compulsory capture: the pawn on e5 must take the knight on f4",
  moves: [
    "N g1-h3", "p e7-e5", "N h3-f4", { text: "p e5-f4", clicks: ["e5", "f4"] }, "P b2-b4", "b f8-b4", "P d2-d4", "b b4-e1",
    "B c1-f4", "b e1-f2", "B f4-c7", "b f2-d4", "B c7-b8", "b d4-a1", "Q d1-d7", "k e8-d7",
    "B b8-a7", "r a8-a7", "P a2-a4", "r a7-a4", "N b1-c3", "b a1-c3", "P g2-g4", "r a4-g4",
    "P h2-h4", "r g4-h4", "R h1-h4", "q d8-h4", "B f1-h3", "q h4-h3", "P e2-e3", "q h3-e3",
  ],
  winner: "white",
  reason: "no-legal-move",
  drawn: [["wP", "c2", "pawn"], ["bB", "c3", "bishop"], ["bQ", "e3", "queen"], ["bK", "d7", "king"], ["bN", "g8", "knight"], ["bR", "h8", "rook"]],
};
