/**
 * The board beyond clicks: a piece dragged from the hand onto the board, and one put
 * down from the keyboard (Sittuyin's setup, the same builder as a click); the piece
 * set and the shogi coordinates chosen in settings changing a Shogi board, while the
 * picture shared publicly keeps the default look; Xiangqi's and Janggi's boards of
 * points, played by click, drag and keyboard, in both sets and in their pictures, and
 * Xiangqi's move list in traditional notation. The screenshots are to be looked at.
 */
import { writeFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { drawing } from "../../app/_components/pieces/art";
import {
  chooseSetups, clickMove, confirmMove, dragFromHand, expectDrawnAs, handPiece, moveList, newPlayer, pieceAt, square, startGame, status, type Player,
} from "./support/play";

let white: Player;
let black: Player;

test.beforeAll(async ({ browser }) => {
  white = await newPlayer(browser, "Hana");
  black = await newPlayer(browser, "Goro");
});

// Saved among the test artifacts, to be looked at; animations finish first.
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true, animations: "disabled" });

const hand = (page: Page, side: string) => page.getByRole("list", { name: `${side}'s pieces in hand` });

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
  // Escape on the board puts it back (docs/accessibility.md#the-board); Enter picks it up again.
  await page.keyboard.press("Escape");
  await expect(handPiece(page, "White", "Elephant")).toHaveAttribute("aria-pressed", "false");
  await handPiece(page, "White", "Elephant").focus();
  await page.keyboard.press("Enter");
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
  await expect(hand(page, "Sente")).toHaveText("No pieces in hand");
  await expect(hand(page, "Gote")).toHaveText("No pieces in hand");
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

/** Drags the piece on `from` to `to` with the mouse: press, move, release. */
async function dragSquares(page: Page, from: string, to: string): Promise<void> {
  await square(page, to).scrollIntoViewIfNeeded();
  await square(page, from).scrollIntoViewIfNeeded();
  const a = await square(page, from).boundingBox();
  const b = await square(page, to).boundingBox();
  if (!a || !b) throw new Error(`no square ${from} or ${to}`);
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
}

/** Chooses the piece set in settings and comes back to the game. */
async function choosePieceSet(page: Page, set: "Traditional" | "Western", path: string): Promise<void> {
  await page.goto("/settings");
  await page.getByRole("radio", { name: new RegExp(`^${set}`) }).check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved.");
  await page.goto(path);
}

/** The game's board.png as a player's browser fetches it, saved beside the screenshots. */
async function picture(page: Page, path: string, name: string): Promise<void> {
  const res = await page.request.get(`${path}/board.png`);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("image/png");
  writeFileSync(test.info().outputPath(`${name}.png`), await res.body());
}

const board = (page: Page) => page.locator('svg[aria-roledescription="board"]');

test("xiangqi: pieces on the points, moved by click, drag and keyboard; WXF and Chinese in the move list; both sets; the picture", async ({ browser }) => {
  test.slow();
  const red = await newPlayer(browser, "Lin");
  const blackSide = await newPlayer(browser, "Zhou");
  const path = await startGame(red, blackSide, "xiangqi", "White");
  const page = red.page;
  await expectDrawnAs(page, "wK", "e1", "xiangqiGeneral");
  await expectDrawnAs(page, "bK", "e10", "xiangqiGeneral");
  await expectDrawnAs(page, "bC", "b8", "xiangqiCannon");
  await expect(board(page).locator("[data-river]")).toHaveCount(4);
  await expect(board(page).locator('[data-points="palaces"]')).toHaveCount(1);
  await expect(board(page).locator('[data-points="marks"]')).toHaveCount(1);

  // A click on the cannon shows its targets on the points; a click on one moves it.
  await square(page, "h3").click();
  await expect(board(page).locator('[data-highlight="target"]')).not.toHaveCount(0);
  await shot(page, "xiangqi-picked-up");
  await square(page, "e3").click();
  await confirmMove(page, "C h3-e3");
  await expect(pieceAt(page, "wC", "e3")).toHaveCount(1);
  await expect(board(page).locator('path[data-highlight="last-move"]')).toHaveCount(2);

  // The sides as Xiangqi's players name them, Red and Black (docs/games/xiangqi.md#players-and-coordinates).
  await expect(page.locator('p[data-colour="white"]')).toContainText(`Red: ${red.name} (you)`);
  await expect(page.locator('p[data-colour="black"]')).toContainText(`Black: ${blackSide.name}`);
  await expect(moveList(page).getByRole("columnheader")).toHaveText(["#", "Red", "Black"]);
  await expect(board(page)).toHaveAttribute("aria-label", "Xiangqi board, 9×10, Red at the bottom");
  await expect(pieceAt(page, "wK", "e1")).toHaveAttribute("data-name", "Red General");
  await expect(page.getByText(/\bWhite\b/)).toHaveCount(0);

  // Black drags a horse.
  const other = blackSide.page;
  await other.reload();
  await expect(status(other)).toHaveText("Your move.");
  await dragSquares(other, "h10", "g8");
  await confirmMove(other, "n h10-g8");

  // Red from the keyboard: the cursor starts on e1; right to h1, Enter; then to g3, Enter.
  await page.reload();
  await expect(status(page)).toHaveText("Your move.");
  await board(page).focus();
  for (const key of ["ArrowUp", "ArrowRight", "ArrowRight", "ArrowRight", "Enter", "ArrowLeft", "ArrowUp", "ArrowUp", "Enter"]) await page.keyboard.press(key);
  await confirmMove(page, "N h1-g3");
  await other.reload();
  await expect(status(other)).toHaveText("Your move.");
  await clickMove(other, "r i10-h10", "i10", "h10");
  // A signed-out watcher reads whose move it is, and the page's preview says it too.
  const watcher = await (await browser.newContext()).newPage();
  await watcher.goto(path);
  await expect(status(watcher)).toHaveText("Red to move.");
  await expect(watcher.locator('meta[property="og:description"]')).toHaveAttribute("content", /Red to play/);
  await watcher.context().close();

  // The move list in traditional notation, the choice kept by the browser.
  await page.reload();
  await page.getByRole("radio", { name: "WXF" }).check();
  await expect(moveList(page)).toContainText("C2=5");
  await expect(moveList(page)).toContainText("H8+7");
  await expect(moveList(page)).toContainText("H2+3");
  await expect(moveList(page)).toContainText("R9=8");
  await page.getByRole("radio", { name: "中文" }).check();
  await page.reload();
  await expect(page.getByRole("radio", { name: "中文" })).toBeChecked();
  await expect(moveList(page)).toContainText("炮二平五");
  await expect(moveList(page)).toContainText("馬８進７");
  await expect(moveList(page).getByRole("button", { name: /^傌二進三 \(N h1-g3\)/ })).toHaveCount(1);
  await shot(page, "xiangqi-traditional");
  await page.getByRole("radio", { name: "Coordinates" }).check();
  await expect(moveList(page)).toContainText("C h3-e3");

  await choosePieceSet(page, "Western", path);
  await expectDrawnAs(page, "wR", "i1", "xiangqiChariot", "western");
  await expectDrawnAs(page, "bC", "b8", "xiangqiCannon", "western");
  await shot(page, "xiangqi-western");
  await picture(page, path, "xiangqi-picture");
  const svg = await (await page.request.get(`${path}/board.svg`)).text();
  expect(svg).toContain('data-river="楚"');
  expect(svg).toContain(`d="${drawing("xiangqiGeneral", "traditional", "white")[2].d}"`);

  // The game's page in the list of games: its start position on the points, its pieces' legend.
  await page.goto("/variants/xiangqi");
  await expect(page.locator('[data-points="lines"]').first()).toBeVisible();
  await shot(page, "xiangqi-variant-page");
});

test("janggi: octagons of three sizes on the points, the palace lines, both sets, each side's view and the picture", async ({ browser }) => {
  test.slow();
  const cho = await newPlayer(browser, "Minjun");
  const han = await newPlayer(browser, "Seoyeon");
  const path = await startGame(cho, han, "janggi", "White");
  // Han chooses first: the four arrangements drawn as small boards of points.
  await expect(han.page.getByRole("region", { name: "Choose your setup" }).locator('[data-points="palaces"]')).not.toHaveCount(0);
  await shot(han.page, "janggi-choosing");
  await chooseSetups(cho.page, han.page, "janggi", { white: 0, black: 1 });
  const page = cho.page;
  await expect(status(page)).toHaveText("Your move.");
  await expectDrawnAs(page, "wK", "e2", "janggiGeneral");
  await expectDrawnAs(page, "bK", "e9", "janggiGeneral");
  await expectDrawnAs(page, "wA", "d1", "janggiGuard");
  await expectDrawnAs(page, "bP", "a7", "janggiSoldier");
  await expect(board(page).locator("[data-river]")).toHaveCount(0);
  await expect(board(page).locator('[data-points="palaces"]')).toHaveCount(1);
  // Three sizes, as on a real set: the general, then the chariot (and cannon, horse, elephant), then the guard and soldier.
  const width = async (code: string, at: string) => (await pieceAt(page, code, at).locator(":scope > path").first().boundingBox())!.width;
  const [general, chariot, cannon, guard, soldier] = [await width("wK", "e2"), await width("wR", "a1"), await width("wC", "b3"), await width("wA", "d1"), await width("wP", "a4")];
  expect(general).toBeGreaterThan(chariot * 1.1);
  expect(cannon).toBeCloseTo(chariot, 0);
  expect(chariot).toBeGreaterThan(guard * 1.1);
  expect(soldier).toBeCloseTo(guard, 0);

  // The general steps along a palace diagonal, clicked; Han's soldier steps sideways, dragged.
  await clickMove(page, "K e2-d3", "e2", "d3");
  await expect(pieceAt(page, "wK", "d3")).toHaveCount(1);
  await han.page.reload();
  await expect(status(han.page)).toHaveText("Your move.");
  await dragSquares(han.page, "i7", "h7");
  await confirmMove(han.page, "p i7-h7");
  await shot(han.page, "janggi-han");
  await page.reload();
  await expect(status(page)).toHaveText("Your move.");
  // Xiangqi's notation is for Xiangqi only.
  await expect(page.getByRole("radio", { name: "WXF" })).toHaveCount(0);
  await shot(page, "janggi-traditional");

  await choosePieceSet(page, "Western", path);
  await expectDrawnAs(page, "wC", "b3", "janggiCannon", "western");
  await expectDrawnAs(page, "bR", "a10", "janggiChariot", "western");
  await shot(page, "janggi-western");
  await picture(page, path, "janggi-picture");
});
