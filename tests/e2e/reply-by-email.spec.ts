/**
 * Moving by replying to the "your move" email (docs/reply-by-email.md), through the built app: the
 * email's Reply-To is a secret address; a reply sent with nodemailer to the app's own reply server
 * plays its first line as the move, which the opponent's open page shows; the answer comes by
 * email. The stop link in the email stops replies in that game, after which a reply is refused.
 */
import { expect, test } from "./support/test";
import nodemailer from "nodemailer";
import { APP_URL, linkIn, REPLY_SMTP_PORT, waitForMail } from "./support/fixtures";
import { moveList, newPlayer, startGame, status } from "./support/play";

const send = (from: string, to: string, text: string) => {
  const client = nodemailer.createTransport({ host: "127.0.0.1", port: REPLY_SMTP_PORT, secure: false, ignoreTLS: true });
  return client.sendMail({ from, to, subject: "Re: your move", text }).finally(() => client.close());
};

test("a player moves by replying to the email, and stops replies by the link in it", async ({ browser }) => {
  // Two sign-ins, a challenge, two emails each way: more steps than most browser tests.
  test.slow();
  const alice = await newPlayer(browser, "Replier");
  const bob = await newPlayer(browser, "Pager");
  await startGame(alice, bob, "chess", "White");

  const begun = await waitForMail(alice.email, /Your move against/);
  expect(begun.replyTo).toMatch(/^move\+[a-z2-7]{32}@reply\.example\.test$/);
  await send(alice.email, begun.replyTo!, "P e2-e4\n\nOn Tue, Courier Variants wrote:\n> Your move");
  // Bob's open page picks the move up by its poll; Alice is told it was played.
  await expect(moveList(bob.page)).toContainText("P e2-e4");
  await expect(status(bob.page)).toHaveText("Your move.");
  await waitForMail(alice.email, /^You played P e2-e4/);

  const turn = await waitForMail(bob.email, /played P e2-e4: your move/);
  await bob.page.goto(linkIn(turn, `${APP_URL}/reply-by-email/`));
  await bob.page.getByRole("button", { name: "Stop replies by email for this game" }).click();
  await expect(bob.page.getByRole("main")).toContainText("Replies by email are stopped");
  await send(bob.email, turn.replyTo!, "p e7-e5");
  const refused = await waitForMail(bob.email, /^Your reply was not played/);
  expect(refused.text).toContain("you stopped replies by email for this game");
  await bob.page.goto(new URL(linkIn(turn, `${APP_URL}/games/`)).pathname);
  await expect(moveList(bob.page)).not.toContainText("p e7-e5");
  await expect(status(bob.page)).toHaveText("Your move.");
});
