/**
 * One move of each special mechanic, made by clicking on the board the way a
 * player would: Compound castling, Royal Substitute promotion to King, Companion
 * detach (both ways), a Magicpawns swap, a Friendly chain of two steps, a Sittuyin
 * drop from the hand. The
 * positions are reached by moves the game service plays (serviceMoves): typing them
 * is tested in play.spec.ts and family-games.spec.ts. Each player sees
 * their own side at the bottom of every game's board (9×7 and 10×8 included), and
 * "Flip board" turns it. Every game's page is saved as a screenshot among the test
 * artifacts, to be looked at.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { variantIds } from "../../lib/rules";
import { FAMILY_GAMES, GAME_FILES } from "./support/family-games";
import {
  clickSquares, confirmMove, expectBoardOrientation, newPlayer, pieceAt, serviceMoves, startGame, status, typeMove, type Player,
} from "./support/play";

let white: Player;
let black: Player;

test.beforeAll(async ({ browser }) => {
  white = await newPlayer(browser, "Wanda");
  black = await newPlayer(browser, "Boris");
});

// Animations finish first: a piece caught mid-slide would look misplaced.
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true, animations: "disabled" });

interface Case {
  variant: string;
  mechanic: string;
  /** Moves, White's first, to reach the position. */
  setup: string[];
  /** White's squares to click, and the move text they must make. */
  clicks: string[];
  text: string;
  /** Checks on the board once the move is played. */
  after: [piece: string, square: string][];
  /** A look at the move half-made, before its last click. */
  halfway?: (page: Page) => Promise<void>;
}

const CASES: Case[] = [
  {
    variant: "compound",
    mechanic: "castling with the Rook-Alfil",
    setup: ["D i1-j3", "s a7-a6", "C h1-g3", "s b7-b6", "S h2-h3", "s c7-c6", "B g1-h2", "s d7-d6"],
    clicks: ["f1", "i1"],
    text: "K f1-i1",
    after: [["wK", "i1"], ["wR", "h1"]],
  },
  {
    variant: "royal-substitute",
    mechanic: "a royal pawn promoted to King",
    setup: ["P a2-a4", "n b6-c4", "P a4-a6", "n c4-e3"],
    clicks: ["a6", "a7"],
    text: "P a6-a7=K",
    after: [["wK", "a7"]],
  },
  {
    variant: "companion",
    mechanic: "a detach, way 1: the carrying queen moves and places her pawn beside her",
    setup: ["Q d1-d2", "p a7-a6"],
    clicks: ["d2", "d5", "d6"],
    text: "Q d2-d5; P*d6",
    after: [["wQ", "d5"], ["wP", "d6"]],
    halfway: async (page) => {
      // The queen's move alone is a whole move: the pawn may also stay with her.
      await expect(page.locator('[data-piece="wQ"][data-at="d5"][data-carrying="true"]')).toHaveCount(1);
      await expect(page.getByRole("button", { name: "End the move here" })).toBeVisible();
    },
  },
  {
    variant: "companion-way2",
    mechanic: "a detach, way 2: the pawn stays on the square the queen left",
    setup: ["Q d1-d2", "p a7-a6"],
    clicks: ["d2", "d5", "d2"],
    text: "Q d2-d5; P*d2",
    after: [["wQ", "d5"], ["wP", "d2"]],
  },
  {
    variant: "magicpawns",
    mechanic: "a knight swapping places with its own pawn",
    setup: ["N g1-f3", "p a7-a6"],
    clicks: ["f3", "d2"],
    text: "N f3-d2",
    after: [["wN", "d2"], ["wP", "f3"]],
  },
  {
    variant: "friendly",
    mechanic: "a chain of two steps: the bishop enters a union and the released knight moves on",
    setup: ["P d2-d3", "p g7-g5", "N g1-f3", "p a7-a6", "N f3-g5", "p a6-a5"],
    clicks: ["c1", "g5", "e6"],
    text: "B c1-g5; N g5-e6",
    after: [["wB", "g5"], ["bP", "g5"], ["wN", "e6"]],
    halfway: async (page) => {
      // The released knight hovers over the union it must leave.
      await expect(page.locator('[data-hovering="g5"]')).toHaveCount(1);
      await expect(page.locator('[data-highlight="target"]')).toHaveCount(6);
    },
  },
  {
    variant: "sittuyin",
    mechanic: "the setup: a piece picked from the hand and put down",
    setup: [],
    clicks: ["e2"],
    text: "K*e2",
    after: [["wK", "e2"]],
    halfway: async (page) => {
      // Picking the king from the hand offers the 20 empty squares of White's three ranks.
      const king = page.getByRole("button", { name: "Put down: White King" });
      await king.click();
      await expect(king).toHaveAttribute("aria-pressed", "true");
      await expect(page.locator('[data-highlight="target"]')).toHaveCount(20);
    },
  },
];

for (const c of CASES) {
  test(`${c.variant}: ${c.mechanic}, by clicking`, async () => {
    expect(variantIds()).toContain(c.variant);
    test.slow(); // two sign-ins' worth of setup: a game started by email and several moves
    const path = await startGame(white, black, c.variant, "White");
    await expectBoardOrientation(white.page, c.variant, "white");
    await expectBoardOrientation(black.page, c.variant, "black");
    await serviceMoves(path, white, black, c.setup);
    const page = white.page;
    await page.reload();
    await expect(status(page)).toHaveText("Your move.");
    await clickSquares(page, ...c.clicks.slice(0, -1));
    if (c.halfway) {
      await c.halfway(page);
      await shot(page, `${c.variant}-halfway`);
    }
    await clickSquares(page, c.clicks[c.clicks.length - 1]);
    await confirmMove(page, c.text);
    for (const [piece, at] of c.after) await expect(pieceAt(page, piece, at)).toHaveCount(1);
    await expect(pieceAt(black.page, c.after[0][0], c.after[0][1])).toHaveCount(1);
    await shot(page, c.variant);
  });
}

test("every other game's page, Black's side at the bottom until Black flips the board", async () => {
  // The family games, Chess960 and the games with their own files are played to their end in family-games.spec.ts.
  const played = [...FAMILY_GAMES, ...GAME_FILES];
  // Fog of War, whose opponent's moves are not seen, is played in fog-of-war.spec.ts.
  const rest = variantIds().filter((v) => v !== "chess" && v !== "fog-of-war" && !CASES.some((c) => c.variant === v) && !played.some((g) => g.variant === v));
  // Companion Extended has no case of its own above: its pass is covered by unit tests.
  expect(rest).toEqual(["companion-extended"]);
  test.slow();
  for (const variant of rest) {
    await startGame(white, black, variant, "White");
    await typeMove(white.page, "P e2-e4");
    await expect(status(black.page)).toHaveText("Your move.");
    await expectBoardOrientation(black.page, variant, "black");
    await shot(black.page, variant);
    const flip = black.page.getByRole("button", { name: "Flip board" });
    await flip.click();
    await expect(flip).toHaveAttribute("aria-pressed", "true");
    await expectBoardOrientation(black.page, variant, "white");
    // Still Black's own board to play on: the move goes through.
    await clickSquares(black.page, "e7", "e5");
    await confirmMove(black.page, "p e7-e5");
    await flip.click();
    await expectBoardOrientation(black.page, variant, "black");
  }
});
