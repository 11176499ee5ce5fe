/**
 * A board that fits (issue 19, item 6): at 1280×800 the board, the move panel and "Send move"
 * need no scrolling; on a 390 px phone the board takes the width, the controls sit below it, the
 * menu folds into "Menu" and the archive's table reflows. Every game's page is photographed at
 * both sizes (test-results/…/fit-<id>-{desktop,phone}.png) for people to look at.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { variantIds, variantInfo } from "@/lib/rules";
import { clickSquares, newPlayer } from "./support/play";

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** A game against the level-1 bot, the player taking the first side: the game starts at once. */
async function botGame(page: Page, variant: string): Promise<void> {
  await page.goto(`/challenge?bot=1`);
  await page.getByLabel("Bot level").selectOption("1");
  await page.getByLabel("Game").selectOption(variant);
  await page.getByRole("radio", { name: variantInfo(variant).sideNames[0], exact: true }).check();
  await page.getByRole("button", { name: "Play the bot" }).click();
  await expect(page).toHaveURL(/\/games\/[^/?]+$/);
}

const board = (page: Page) => page.getByRole("region", { name: "Board" }).locator("svg[data-variant]").first();

test("at 1280×800 the board, the move panel and Send move are all in view without scrolling", async ({ browser }) => {
  const p = await newPlayer(browser, "Fitter");
  await p.page.setViewportSize(DESKTOP);
  await botGame(p.page, "chess");
  await clickSquares(p.page, "e2", "e4");
  await expect(p.page.getByRole("button", { name: "Send move" })).toBeInViewport({ ratio: 1 });
  await expect(board(p.page)).toBeInViewport({ ratio: 1 });
  await expect(p.page.getByRole("region", { name: "Game status" })).toBeInViewport({ ratio: 1 });
  expect(await p.page.evaluate(() => window.scrollY)).toBe(0);
});

test("on a 390 px phone: the board takes the width, the controls sit below it, the menu folds, the archive reflows", async ({ browser }) => {
  const p = await newPlayer(browser, "Phoner");
  const page = p.page;
  await page.setViewportSize(PHONE);
  await botGame(page, "chess");
  const b = (await board(page).boundingBox())!;
  expect(b.width).toBeGreaterThan(PHONE.width * 0.9);
  const status = (await page.getByRole("region", { name: "Game status" }).boundingBox())!;
  expect(status.y).toBeGreaterThanOrEqual(b.y + b.height);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // The menu is one "Menu" until opened.
  const site = page.getByRole("navigation", { name: "Site" });
  await expect(site).toBeHidden();
  await page.getByText("Menu", { exact: true }).click();
  await expect(site.getByRole("link", { name: "Archive" })).toBeVisible();
  await site.getByRole("link", { name: "Archive" }).click();
  await expect(page).toHaveURL(/\/games$/);

  // The archive lists the game without a table wider than the phone.
  await expect(page.locator("tbody tr").first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  const row = (await page.locator("tbody tr").first().boundingBox())!;
  expect(row.width).toBeLessThanOrEqual(PHONE.width);
});

test("every game's page, photographed at 1280×800 and 390×844, with its board in view", async ({ browser }) => {
  test.setTimeout(600_000);
  // A player may have ten bot games at once (docs/playing-bots.md): a new player for each ten.
  let player = await newPlayer(browser, "Looker");
  let games = 0;
  for (const id of variantIds()) {
    if (games === 10) [player, games] = [await newPlayer(browser, "Looker"), 0];
    const page = player.page;
    await page.setViewportSize(DESKTOP);
    await botGame(page, id);
    games++;
    await expect(board(page)).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: test.info().outputPath(`fit-${id}-desktop.png`), animations: "disabled" });
    await page.setViewportSize(PHONE);
    await expect(board(page)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), id).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: test.info().outputPath(`fit-${id}-phone.png`), fullPage: true, animations: "disabled" });
  }
});
