/**
 * Bots in the seats of a three-player game in real Chromium (docs/games-for-more-than-two-service.md#bots):
 * Grey and Black given to bots on the challenge form, the game begun at once, the person's move, and
 * both bots' answers appearing on the open page, one after the other, without a reload.
 */
import { expect, test } from "./support/test";
import { newPlayer } from "./support/play";

test("two bots challenged from the form answer a three-player move on the open page", async ({ browser }) => {
  const { page } = await newPlayer(browser, "Tilda");
  await page.goto("/challenge?variant=three-player");
  await page.getByLabel("Your seat").selectOption("w");
  await page.getByLabel("Grey", { exact: true }).selectOption("1");
  await page.getByLabel("Black", { exact: true }).selectOption("2");
  await page.getByRole("button", { name: "Create the game" }).click();
  await expect(page).toHaveURL(/\/games\/[^/?]+$/);

  // Every other seat a bot's: no seat to wait for.
  const status = page.getByRole("status").first();
  await expect(status).toHaveText("Your move.");
  let loads = 0;
  page.on("load", () => loads++);

  await page.getByLabel("Move in notation").fill("P f2-f4");
  await page.getByRole("button", { name: "Play", exact: true }).click();
  const played = page.getByRole("region", { name: "Moves" }).getByRole("listitem");
  await expect(played).toHaveCount(3, { timeout: 45_000 });
  // The last bot's move, then the person's turn again.
  await expect(status).toHaveText(/^Black played .+\. Your move\.$/);
  expect(loads).toBe(0);
});
