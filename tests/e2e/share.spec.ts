import { expect, test } from "./support/test";
import { APP_URL } from "./support/fixtures";
import { clickMove, newPlayer, pieceAt, startGame, status } from "./support/play";

test("the game page copies a link to the game, and to an earlier position with ?ply=N", async ({ browser }) => {
  const alice = await newPlayer(browser, "Sharer");
  const bob = await newPlayer(browser, "Friend");
  const path = await startGame(alice, bob, "chess", "White");
  const page = alice.page;
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: APP_URL });
  await clickMove(page, "P e2-e4", "e2", "e4");
  await page.getByRole("button", { name: "Copy link to this game" }).click();
  await expect(page.getByText("Link copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${APP_URL}${path}`);

  await page.goto(`${path}?ply=0`);
  // One button, named for what it shares: here an earlier position.
  await expect(page.getByRole("button", { name: /^Copy link/ })).toHaveCount(1);
  await page.getByRole("button", { name: "Copy link to this position" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${APP_URL}${path}?ply=0`);
});

test("a game replays with the arrow keys, each position at its own ?ply=N address", async ({ browser }) => {
  const alice = await newPlayer(browser, "Replayer");
  const bob = await newPlayer(browser, "Watcher");
  const path = await startGame(alice, bob, "chess", "White");
  await clickMove(alice.page, "P e2-e4", "e2", "e4");
  await expect(status(bob.page)).toHaveText("Your move.");
  await clickMove(bob.page, "p e7-e5", "e7", "e5");
  // A spectator (signed out) replays the public game.
  const spectator = await (await browser.newContext()).newPage();
  await spectator.goto(path);
  await spectator.getByRole("heading", { level: 1 }).click();
  await spectator.keyboard.press("ArrowLeft");
  await expect(spectator).toHaveURL(`${APP_URL}${path}?ply=1`);
  await expect(spectator.getByText("The position after")).toContainText("P e2-e4");
  await spectator.keyboard.press("ArrowLeft");
  await expect(spectator).toHaveURL(`${APP_URL}${path}?ply=0`);
  await expect(spectator.getByText("The start position.")).toBeVisible();
  await expect(pieceAt(spectator, "wP", "e2")).toHaveCount(1);
  await spectator.keyboard.press("ArrowRight");
  await spectator.keyboard.press("ArrowRight");
  await expect(spectator).toHaveURL(`${APP_URL}${path}`);
  await expect(pieceAt(spectator, "bP", "e5")).toHaveCount(1);
  await spectator.reload();
  await expect(spectator.getByLabel("Move in notation")).toHaveCount(0); // read-only for spectators
});
