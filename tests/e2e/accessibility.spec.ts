/**
 * Every page through axe-core (docs/accessibility.md): zero serious or critical violations
 * of WCAG 2.2 A/AA, for a visitor and for a signed-in player; game pages of several games
 * (orthodox chess with moves played, a game with pieces in hand, a board of points, Duck
 * chess, Fog of War, a game choosing its setups first), and a newcomer's way in from an
 * emailed invitation (sign-in, "check your mail", welcome). One browser context per role. The
 * dev mailbox is checked in dev-mailbox.spec.ts, on the only server that has one.
 *
 * Then games played from the keyboard alone (docs/accessibility.md#the-board): Tab to the
 * board, the arrow keys, Enter to pick up and put down, Escape to drop a move, the squares'
 * names spoken, and the bot's answer announced when the poll brings it.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { WAZIR_GAME } from "../support/presets";
import { expectAccessible } from "./support/axe";
import { APP_URL, linkIn, uniqueEmail, uniqueName, waitForMail } from "./support/fixtures";
import { moveList, newPlayer, square, status, typeMove, type Player } from "./support/play";

let player: Player;

test.beforeAll(async ({ browser }) => {
  player = await newPlayer(browser, "Ada");
});

/** A game against the level-1 bot, the player with the first side; its path. */
async function botGame(page: Page, variant: string): Promise<string> {
  await page.goto(`/challenge?variant=${variant}&bot=1`);
  await page.getByRole("group", { name: "Your colour" }).getByRole("radio").first().check();
  await page.getByRole("button", { name: "Play the bot" }).click();
  await expect(page).toHaveURL(/\/games\/[^/?]+$/);
  return new URL(page.url()).pathname;
}

const visit = async (page: Page, path: string, what: string) => {
  await page.goto(path);
  await expectAccessible(page, what);
};

test("a signed-in player's pages", async () => {
  test.slow(); // eleven pages
  const page = player.page;
  await visit(page, "/", "home, signed in");
  await visit(page, "/variants", "the games");
  await visit(page, "/variants/chess", "a game's page");
  await visit(page, "/variants/xiangqi", "a game on points");
  await visit(page, "/challenge", "the challenge form");
  await visit(page, "/lobby", "the lobby");
  await visit(page, "/settings", "settings");
  await visit(page, "/import", "import");
  await visit(page, `/players/${player.name}`, "a player's page");
  await visit(page, "/players/Bot-level-1", "a bot's page");
  await visit(page, "/no-such-page", "not found");
});

let chess = "";

test("a chess game: moves played, a piece picked up, a move to confirm", async () => {
  const page = player.page;
  chess = await botGame(page, "chess");
  await expect(status(page)).toHaveText("Your move.");
  await typeMove(page, "P e2-e4");
  await expect(moveList(page).getByRole("button")).toHaveCount(2, { timeout: 30_000 });
  await expectAccessible(page, "a chess game with moves");
  // A move picked up on the board: the selected piece and its targets.
  await page.locator('[data-square="g1"]').click();
  await expect(page.locator('[data-highlight="target"]')).toHaveCount(3);
  await expectAccessible(page, "a chess game, a piece picked up");
  await page.locator('[data-square="f3"]').click();
  await expect(page.getByRole("group", { name: "Confirm move" })).toBeVisible();
  await expectAccessible(page, "a chess game, a move to confirm");
});

test("game pages of other games: hands, points, the duck, fog, setups to choose", async () => {
  test.slow(); // six games started
  const page = player.page;
  for (const [variant, what] of [
    ["crazyhouse", "Crazyhouse (pieces in hand)"], ["shogi", "Shogi (tiles, hands)"], ["xiangqi", "Xiangqi (points)"],
    ["duck", "Duck chess"], ["fog-of-war", "Fog of War"], ["janggi", "Janggi (choosing setups)"],
  ] as const) {
    await botGame(page, variant);
    // The game's own board, the first: Janggi's setup choices draw their boards in the same region.
    await expect(page.getByRole("region", { name: "Board" }).locator("svg[data-variant]").first()).toHaveAttribute("data-variant", variant);
    await expectAccessible(page, what);
  }
});

test("a preset: the editor with its preview, its page; the archive listing it all", async () => {
  const page = player.page;
  // A preset: the editor with its preview, and the published preset's page.
  const slug = `a11y-${player.name.toLowerCase()}`;
  await page.goto("/presets/new");
  await page.getByRole("textbox", { name: "The preset", exact: true }).fill(WAZIR_GAME);
  await expect(page.getByTestId("perft-1")).toHaveText("7");
  await expectAccessible(page, "the preset editor");
  await page.getByLabel("Name").fill(`Wazirs ${player.name}`);
  await page.getByLabel("Address").fill(slug);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page).toHaveURL(new RegExp(`/presets/${slug}$`));
  await expectAccessible(page, "a preset's page");

  await visit(page, "/games", "the archive");
});

test("a visitor's pages: signed out, a game watched, sign-in", async ({ browser }) => {
  const visitor = await (await browser.newContext()).newPage();
  for (const [path, what] of [
    ["/", "home, signed out"], ["/signin", "sign-in"], ["/games", "the archive, signed out"], [chess, "a game watched"],
    ["/variants/crazyhouse", "a game's page, signed out"], ["/lobby", "the lobby, signed out"],
  ] as const) {
    expect(path, "the chess game's test ran first").not.toBe("");
    await visit(visitor, path, what);
  }
});

test("a newcomer invited by email: the invitation signed out, sign-in, check your mail, welcome, the invitation", async ({ browser }) => {
  test.slow(); // two emails
  const email = uniqueEmail("newcomer");
  await player.page.goto("/challenge?variant=chess");
  await player.page.getByRole("radio", { name: /^By email/ }).check();
  await player.page.getByLabel("Email address").fill(email);
  await player.page.getByRole("button", { name: "Send challenge" }).click();
  await expect(player.page).toHaveURL(/\/games\/[^/?]+$/);
  const invitation = linkIn(await waitForMail(email, /invites you/), `${APP_URL}/invitations/`);

  const page = await (await browser.newContext()).newPage();
  await visit(page, invitation, "an invitation, signed out");
  await visit(page, "/signin", "sign-in");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: /sign-in link/i }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your mail");
  await expectAccessible(page, "check your mail");
  await page.goto(linkIn(await waitForMail(email, /sign in/i), `${APP_URL}/api/auth/callback/`));
  await expect(page).toHaveURL(/\/welcome/);
  await expectAccessible(page, "welcome: choosing a name");
  await page.getByLabel("Display name").fill(uniqueName("Newcomer"));
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).not.toHaveURL(/\/welcome/);
  await page.goto(invitation);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${player.name} invites you to play`);
  await expectAccessible(page, "an invitation, signed in");
});

const board = (page: Page) => page.locator('svg[aria-roledescription="board"]');
/** What the board's live region says of the cursor square. */
const spoken = (page: Page) => board(page).locator("xpath=following-sibling::*[@aria-live]");
/** The announcement of the opponent's move. */
const heard = (page: Page) => page.getByTestId("move-heard");

async function keys(page: Page, ...names: string[]): Promise<void> {
  for (const k of names) await page.keyboard.press(k);
}

/** Tabs from the top of the page to the board, as a keyboard user gets there. */
async function tabToBoard(page: Page): Promise<void> {
  await expect.poll(async () => {
    await page.keyboard.press("Tab");
    return board(page).evaluate((el) => el === document.activeElement);
  }, { intervals: [0], timeout: 20_000 }).toBe(true);
}

/** Sends the move waiting for confirmation with Enter (Send move has the focus); the board has it back. */
async function sendWithEnter(page: Page, text: string): Promise<void> {
  const confirm = page.getByRole("group", { name: "Confirm move" });
  await expect(confirm).toContainText(`Send ${text}?`);
  await expect(confirm.getByRole("button", { name: "Send move" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(confirm).toHaveCount(0);
  await expect(board(page)).toBeFocused();
  await expect(moveList(page).locator("td", { hasText: text }).last()).toHaveText(text);
}

/** The bot's answer, arriving by the poll: announced in the live region as the move list writes it. */
async function answerHeard(page: Page, plies: number): Promise<void> {
  await expect(moveList(page).getByRole("button")).toHaveCount(plies, { timeout: 30_000 });
  const reply = (await moveList(page).getByRole("button").last().textContent())?.trim();
  await expect(heard(page)).toHaveText(`Black played ${reply}.`);
  await expect(status(page)).toHaveText("Your move.");
}

test("chess from the keyboard alone: first moves, Escape, the squares' names, the answer announced", async () => {
  const page = player.page;
  await botGame(page, "chess");
  await expect(status(page)).toHaveText("Your move.");
  await expect(board(page)).toHaveAttribute("aria-label", "Chess board, 8×8, White at the bottom");
  await expect(square(page, "e2")).toHaveAttribute("aria-label", "e2, White Pawn");
  await expect(square(page, "e4")).toHaveAttribute("aria-label", "e4, empty");
  await expect(heard(page)).toHaveText("");

  await tabToBoard(page);
  // The first arrow shows the cursor where it starts (the king's file, the near rank).
  await keys(page, "ArrowUp");
  await expect(spoken(page)).toHaveText("e1, White King");
  await keys(page, "ArrowUp", "Enter");
  await expect(spoken(page)).toHaveText("e2, White Pawn, picked up");
  await expect(square(page, "e4")).toHaveAttribute("aria-label", "e4, empty, can move here");
  await keys(page, "ArrowUp", "ArrowUp");
  await expect(spoken(page)).toHaveText("e4, empty, can move here");
  await keys(page, "Enter");
  await sendWithEnter(page, "P e2-e4");
  await answerHeard(page, 2);

  // Escape drops the piece picked up; then the knight's move.
  await keys(page, "ArrowDown", "ArrowDown", "ArrowDown", "ArrowRight", "ArrowRight");
  await expect(spoken(page)).toHaveText("g1, White Knight");
  await keys(page, "Enter");
  await expect(page.locator('[data-highlight="target"]')).toHaveCount(3);
  await keys(page, "Escape");
  await expect(page.locator('[data-highlight="target"]')).toHaveCount(0);
  await expect(square(page, "g1")).toHaveAttribute("aria-label", "g1, White Knight");
  await keys(page, "Enter", "ArrowUp", "ArrowUp", "ArrowLeft");
  await expect(spoken(page)).toHaveText("f3, empty, can move here");
  await keys(page, "Enter");
  await sendWithEnter(page, "N g1-f3");
  await answerHeard(page, 4);
});

test("duck chess from the keyboard: a move of two steps, the piece then the duck", async () => {
  const page = player.page;
  await botGame(page, "duck");
  await expect(status(page)).toHaveText("Your move.");
  await tabToBoard(page);
  await keys(page, "ArrowUp", "ArrowUp", "Enter", "ArrowUp", "ArrowUp", "Enter");
  // The pawn stands on e4, hovering until the duck is placed; the duck may go to any empty square.
  await expect(page.getByRole("group", { name: "Confirm move" })).toHaveCount(0);
  await keys(page, "ArrowLeft", "ArrowUp");
  await expect(spoken(page)).toHaveText("d5, empty, can move here");
  await keys(page, "Enter");
  await sendWithEnter(page, "P e2-e4; duck d5");
  await answerHeard(page, 2);
});

test("Fog of War: the bot's answer is announced without the move, which stays hidden", async () => {
  const page = player.page;
  await botGame(page, "fog-of-war");
  await expect(status(page)).toHaveText("Your move.");
  await typeMove(page, "P e2-e4");
  await expect(heard(page)).toHaveText("Black moved.", { timeout: 30_000 });
  await expect(moveList(page).getByRole("button").last()).toHaveText("…");
});
