/**
 * Correspondence by email: the "your turn" email reaches the player to move through
 * the real SMTP server, and its link leads straight into the game, where they move.
 * Exactly one email per move: counted once the worker is idle (its outbox empty),
 * so a late duplicate would be seen.
 */
import { expect, test } from "./support/test";
import type { ReceivedMail } from "../support/smtp";
import { APP_URL, linkIn, mails, workerIdle } from "./support/fixtures";
import { clickMove, moveList, newPlayer, startGame, status } from "./support/play";

test("a player follows the link in the 'your turn' email into the game and moves; one email per move", async ({ browser }) => {
  const alice = await newPlayer(browser, "Mailer");
  const bob = await newPlayer(browser, "Reader");
  const path = await startGame(alice, bob, "chess", "White");
  /** Every email to either player since the last call, once the worker is idle. */
  let seen = 0;
  const newMail = async (): Promise<ReceivedMail[]> => {
    await workerIdle();
    const list = (await mails()).filter((m) => m.to.includes(alice.email.toLowerCase()) || m.to.includes(bob.email.toLowerCase()));
    const fresh = list.slice(seen);
    seen = list.length;
    return fresh;
  };
  await newMail();

  await clickMove(alice.page, "P e2-e4", "e2", "e4");
  const [mail, ...more] = await newMail();
  expect(more).toEqual([]);
  expect(mail.to).toEqual([bob.email.toLowerCase()]);
  expect(mail.subject).toContain(`${alice.name} played P e2-e4: your move`);
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
  // Alice is now told, once, and Bob nothing more.
  const answer = await newMail();
  expect(answer.map((m) => [m.to, m.subject])).toEqual([[[alice.email.toLowerCase()], expect.stringContaining(`${bob.name} played p e7-e5: your move`)]]);
});
