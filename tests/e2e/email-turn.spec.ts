/**
 * Correspondence by email: the "your turn" email reaches the player to move through
 * the real SMTP server, and its link leads straight into the game, where they move.
 */
import { expect, test } from "@playwright/test";
import { APP_URL, linkIn, mailCount, waitForMail } from "./support/fixtures";
import { clickMove, moveList, newPlayer, startGame, status } from "./support/play";

test("a player follows the link in the 'your turn' email into the game and moves", async ({ browser }) => {
  const alice = await newPlayer(browser, "Mailer");
  const bob = await newPlayer(browser, "Reader");
  const path = await startGame(alice, bob, "chess", "White");
  const before = await mailCount(bob.email, /your move/);
  await clickMove(alice.page, "P e2-e4", "e2", "e4");

  const mail = await waitForMail(bob.email, /your move/, before);
  expect(mail.subject).toContain(`${alice.name} played P e2-e4`);
  expect(mail.text).not.toContain(alice.email);
  const link = linkIn(mail, `${APP_URL}/games/`);
  expect(new URL(link).pathname).toBe(path);

  // Bob reads his mail in a fresh tab, signed in, and follows the link.
  const tab = await bob.page.context().newPage();
  await tab.goto(link);
  await expect(status(tab)).toHaveText("Your move.");
  await clickMove(tab, "p e7-e5", "e7", "e5");
  await expect(moveList(alice.page)).toContainText("p e7-e5");
  await expect(status(alice.page)).toHaveText("Your move.");
  // Exactly one email per move: Alice is now told, once.
  await waitForMail(alice.email, /Reader.* played p e7-e5/, 0);
  expect(await mailCount(bob.email, /your move/)).toBe(before + 1);
});
