import { expect, test } from "@playwright/test";
import { APP_URL } from "./support/fixtures";
import { clickMove, newPlayer, startGame } from "./support/play";

test("the game page copies a link to the game, and to an earlier position with ?ply=N", async ({ browser }) => {
  const alice = await newPlayer(browser, "Sharer");
  const bob = await newPlayer(browser, "Friend");
  const path = await startGame(alice, bob, "chess", "White");
  const page = alice.page;
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: APP_URL });
  await clickMove(page, "P e2-e4", "e2", "e4");
  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByText("Link copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${APP_URL}${path}`);

  await page.goto(`${path}?ply=0`);
  await page.getByRole("button", { name: "Copy link" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${APP_URL}${path}?ply=0`);
});
