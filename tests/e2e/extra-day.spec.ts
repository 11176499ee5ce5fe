import { expect, test } from "./support/test";
import { clickMove, newPlayer, startGame } from "./support/play";

test("a player gives the opponent, who is to move, one more day", async ({ browser }) => {
  const alice = await newPlayer(browser, "Giver");
  const bob = await newPlayer(browser, "Taker");
  await startGame(alice, bob, "chess", "White");
  const a = alice.page;
  // Only while the opponent is to move.
  await expect(a.getByRole("button", { name: "Give +1 day" })).toHaveCount(0);
  await clickMove(a, "P d2-d4", "d2", "d4");
  const due = a.getByText(/^Move due by/);
  await expect(due).toContainText("(in 2 days 23 hours)");
  await a.getByRole("button", { name: "Give +1 day" }).click();
  await expect(a.getByRole("status").filter({ hasText: "one more day" })).toHaveText(`You gave ${bob.name} one more day.`);
  await expect(due).toContainText(/\(in 3 days/);
  await bob.page.reload();
  await expect(bob.page.getByText(/^Move due by/)).toContainText(/\(in 3 days/);
});
