/**
 * The board beyond clicks: a piece dragged from the hand onto the board, and one put
 * down from the keyboard (Sittuyin's setup, the same builder as a click); the piece
 * set and the shogi coordinates chosen in settings changing a Shogi board, while the
 * picture shared publicly keeps the default look.
 */
import { expect, test, type Page } from "@playwright/test";
import { drawing } from "../../app/_components/pieces/art";
import { confirmMove, dragFromHand, expectDrawnAs, handPiece, newPlayer, pieceAt, startGame, status, type Player } from "./support/play";

let white: Player;
let black: Player;

test.beforeAll(async ({ browser }) => {
  white = await newPlayer(browser, "Hana");
  black = await newPlayer(browser, "Goro");
});

// Saved among the test artifacts, to be looked at; animations finish first.
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true, animations: "disabled" });

const hand = (page: Page, side: "White" | "Black") => page.getByRole("list", { name: `${side}'s pieces in hand` });

test("sittuyin: a piece dragged from the hand onto the board, another put down from the keyboard", async () => {
  test.slow(); // a game started by email
  await startGame(white, black, "sittuyin", "White");
  const page = white.page;
  await dragFromHand(page, "White", "King", "e2");
  await confirmMove(page, "K*e2");
  await expect(pieceAt(page, "wK", "e2")).toHaveCount(1);
  await expect(handPiece(page, "White", "King")).toHaveCount(0);
  await expect(hand(page, "White").getByRole("listitem")).toHaveCount(4);

  // A drag onto a square the piece may not go to puts nothing down.
  await black.page.reload();
  await dragFromHand(black.page, "Black", "King", "e2");
  await expect(black.page.getByRole("group", { name: "Confirm move" })).toHaveCount(0);
  await dragFromHand(black.page, "Black", "King", "e8");
  await confirmMove(black.page, "k*e8");

  // The keyboard: Enter on a piece in hand, then the board's arrow keys and Enter.
  await page.reload();
  await expect(status(page)).toHaveText("Your move.");
  await handPiece(page, "White", "Elephant").focus();
  await page.keyboard.press("Enter");
  await expect(handPiece(page, "White", "Elephant")).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator('svg[aria-roledescription="board"]')).toBeFocused();
  // The first arrow shows the cursor on e1; then right to f1 and up to f2.
  for (const key of ["ArrowUp", "ArrowRight", "ArrowUp", "Enter"]) await page.keyboard.press(key);
  await confirmMove(page, "S*f2");
  await expect(pieceAt(page, "wS", "f2")).toHaveCount(1);
  await shot(page, "sittuyin-hands");
});

test("shogi: the Western set and shogi coordinates from settings change the board, not the shared picture", async () => {
  test.slow();
  const path = await startGame(white, black, "shogi", "White");
  const page = white.page;
  // Both hands have their places before anything is captured.
  await expect(hand(page, "White")).toHaveText("No pieces in hand");
  await expect(hand(page, "Black")).toHaveText("No pieces in hand");
  await expectDrawnAs(page, "wK", "e1", "shogiKing");
  await expectDrawnAs(page, "bK", "e9", "shogiKing");
  await shot(page, "shogi-traditional");
  await expect(page.locator("[data-coord]").first()).toHaveAttribute("data-coord", "1");

  await page.goto("/settings");
  await page.getByRole("radio", { name: /^Western/ }).check();
  await page.getByRole("checkbox", { name: /^Number shogi boards/ }).check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved.");

  await page.goto(path);
  await expectDrawnAs(page, "wK", "e1", "shogiKing", "western");
  await expectDrawnAs(page, "bR", "b8", "shogiRook", "western");
  const board = page.getByRole("region", { name: "Board" });
  // Files 9–1 along the top from the left, ranks 一–九 down the right; moves keep a1 squares.
  const labels = await board.locator("text[data-coord]").evaluateAll((els) =>
    els.map((e) => ({ label: e.getAttribute("data-coord"), x: e.getBoundingClientRect().x })).sort((a, b) => a.x - b.x).map((e) => e.label));
  expect(labels.join("")).toBe("987654321");
  await expect(board.locator('path[data-coord="一"]')).toHaveCount(1);
  await expect(board.locator('[data-coord="a"]')).toHaveCount(0);
  await shot(page, "shogi-western-coordinates");
  await page.getByLabel("Move in notation").fill("P c3-c4");
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await confirmMove(page, "P c3-c4");

  // The opponent, with the default settings, sees the traditional pieces.
  await black.page.reload();
  await expectDrawnAs(black.page, "wK", "e1", "shogiKing");
  // The picture shared publicly keeps the default set and coordinates.
  const svg = await (await page.request.get(`${path}/board.svg`)).text();
  expect(svg).toContain(`d="${drawing("shogiKing", "traditional", "white")[1].d}"`);
  expect(svg).not.toContain(`d="${drawing("shogiKing", "western", "white")[1].d}"`);
  expect(svg).toContain('data-coord="a"');
});
