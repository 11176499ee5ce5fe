/**
 * A three-player game in three browser contexts, one a seat (docs/games-for-more-than-two-service.md):
 * created with a link, the seats taken from it, the game started when the last is taken, moves
 * made in turn from each player's page (the others' pages follow by themselves), the "your turn"
 * email to the next player only, and the end in words on every page.
 */
import { expect, test, type Page } from "@playwright/test";
import { linkIn, APP_URL, waitForMail, mailCount } from "./support/fixtures";
import { newPlayer, type Player } from "./support/play";

// A three-player game that ends at its 11th move: White mates Black (as in tests/integration/multi-games.test.ts).
const THREE_MATE = ["P f2-f4", "P e9-e8", "P l12-k12", "P h2-h4", "Q d9-g9", "R m13-f6", "P i2-i3", "P c7-e7", "P l8-k7", "B f1-i7", "B c8-f5"];

const status = (page: Page) => page.getByRole("status").first();

async function move(page: Page, text: string) {
  // The last seat's move is announced before it ("White played P f2-f4. Your move.").
  await expect(status(page)).toHaveText(/(^|\. )Your move\.$/);
  await page.getByLabel("Move in notation").fill(text);
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await expect(page.getByRole("region", { name: "Moves" })).toContainText(text);
}

async function takeSeat(player: Player, link: string, seat: string, path: string) {
  await player.page.goto(link);
  await player.page.getByLabel("Your seat").selectOption({ label: seat });
  await player.page.getByRole("button", { name: "Accept and play" }).click();
  await expect(player.page).toHaveURL(path);
}

test("three players take their seats from a link and play a game of three-player chess to its checkmate", async ({ browser }) => {
  test.setTimeout(180_000);
  const white = await newPlayer(browser, "Weiss");
  const grey = await newPlayer(browser, "Grau");
  const black = await newPlayer(browser, "Schwarz");

  await white.page.goto("/challenge?variant=three-player");
  await white.page.getByLabel("Your seat").selectOption("w");
  await white.page.getByRole("radio", { name: /^By private link/ }).check();
  await white.page.getByRole("button", { name: "Create the game" }).click();
  await expect(white.page).toHaveURL(/\/games\/[^/?]+$/);
  const path = new URL(white.page.url()).pathname;
  await expect(status(white.page)).toHaveText("Waiting for every seat to be taken.");
  const link = (await white.page.getByRole("region", { name: "Take a seat" }).locator("code").textContent())!;
  expect(link).toMatch(/\/invitations\/[0-9a-f]{32}$/);

  await takeSeat(grey, link, "Grey", path);
  await expect(status(grey.page)).toHaveText("Waiting for every seat to be taken.");
  await takeSeat(black, link, "Black", path);
  // White's open page notices the game has begun.
  await expect(status(white.page)).toHaveText("Your move.");
  await expect(status(black.page)).toHaveText("White to move.");

  const before = { grey: await mailCount(grey.email, /your move as Grey/), black: await mailCount(black.email, /your move as Black/) };
  await move(white.page, THREE_MATE[0]);
  const mail = await waitForMail(grey.email, /your move as Grey/, before.grey);
  expect(mail.subject).toBe(`${white.name} played ${THREE_MATE[0]}: your move as Grey (Three-player chess)`);
  expect(mail.text).not.toContain(white.email);
  expect(new URL(linkIn(mail, `${APP_URL}/games/`)).pathname).toBe(path);
  expect(await mailCount(black.email, /your move as Black/)).toBe(before.black);

  const pages = [white.page, grey.page, black.page];
  for (const [i, m] of THREE_MATE.entries()) if (i > 0) await move(pages[i % 3], m);
  // The others' pages announce the last move first ("Grey played B c8-f5. White wins: checkmate").
  for (const page of pages) await expect(status(page)).toHaveText(/(^|\. )White wins: checkmate$/);
});
