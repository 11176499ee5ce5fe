/**
 * Playing a bot in real Chromium (docs/playing-bots.md): from the lobby to the challenge form with a
 * bot chosen, the game starting at once, the person's move, and the bot's answer appearing
 * on the open page without a reload (the worker thinks in its thread; the page polls).
 */
import { expect, test } from "./support/test";
import { moveList, newPlayer, status, typeMove, type Player } from "./support/play";

let carla: Player;

test.beforeAll(async ({ browser }) => {
  carla = await newPlayer(browser, "Carla");
});

test("a bot challenged from the lobby starts at once and answers a move on the open page", async () => {
  const page = carla.page;
  await page.goto("/lobby");
  await page.getByRole("link", { name: "Play a bot" }).click();
  await expect(page).toHaveURL(/\/challenge\?bot=1$/);
  await expect(page.getByRole("radio", { name: /^A bot:/ })).toBeChecked();
  await page.getByLabel("Bot level").selectOption("2");
  await page.getByLabel("Game").selectOption("chess");
  await page.getByRole("radio", { name: "White", exact: true }).check();
  await page.getByRole("button", { name: "Play the bot" }).click();
  await expect(page).toHaveURL(/\/games\/[^/?]+$/);

  // No acceptance to wait for: the game is on, and the page says who the bot is.
  await expect(status(page)).toHaveText("Your move.");
  await expect(page.getByText("Bot-level-2 (a bot, level 2)")).toBeVisible();
  let loads = 0;
  page.on("load", () => loads++);

  await typeMove(page, "P e2-e4");
  // The bot's answer comes by itself, within the page's poll of the state.
  await expect(moveList(page).getByRole("button")).toHaveCount(2, { timeout: 30_000 });
  await expect(status(page)).toHaveText("Your move.");
  expect(loads).toBe(0);

  // The bot's page says it is one, and offers a game against it.
  await page.getByRole("link", { name: "Bot-level-2" }).click();
  await expect(page.getByText("A bot, level 2 of 8")).toBeVisible();
  await expect(page.getByRole("link", { name: "Play Bot-level-2" })).toHaveAttribute("href", "/challenge?bot=2");
});
