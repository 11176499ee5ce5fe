/**
 * Notes and chat in real Chromium (docs/chat.md): two players in two browser contexts. Alice's
 * message appears on Bob's open page by the state poll, without a reload, as text (markup in it
 * stays text); the "your turn" email quotes it; Bob reports it. Bob's private notes come back on
 * his page and never show on Alice's, and a spectator sees no chat.
 */
import { expect, test } from "./support/test";
import { mailCount, waitForMail } from "./support/fixtures";
import { clickMove, newPlayer, startGame, type Player } from "./support/play";

let alice: Player;
let bob: Player;

test.beforeAll(async ({ browser }) => {
  alice = await newPlayer(browser, "Alice");
  bob = await newPlayer(browser, "Bob");
});

test("A writes, B sees it without a reload and can report it; B's note is B's alone; a spectator sees no chat", async ({ browser }) => {
  const path = await startGame(alice, bob, "chess", "White");
  const [a, b] = [alice.page, bob.page];
  const chatOf = (page: typeof a) => page.getByRole("region", { name: "Chat" });
  const message = "<b>hi</b> good luck";

  await expect(chatOf(b)).toContainText("No messages yet.");
  await chatOf(a).getByLabel("Message").fill(message);
  await chatOf(a).getByRole("button", { name: "Send message" }).click();
  await expect(chatOf(a).getByRole("list", { name: "Messages" })).toContainText(`You: ${message}`);
  // Bob's open page, never reloaded, picks it up by its poll, as text.
  await expect(chatOf(b).getByRole("list", { name: "Messages" })).toContainText(`${alice.name}: ${message}`, { timeout: 20_000 });
  await expect(chatOf(b).locator("b")).toHaveCount(0);

  // Bob's notes, saved, come back on his page; Alice's page never shows them.
  const notes = b.getByLabel("Notes on this game (only you ever see them)");
  await notes.fill("secret plan: h4 and h5");
  await b.getByRole("button", { name: "Save notes" }).click();
  await expect(b.getByRole("status").filter({ hasText: "Notes saved." })).toBeVisible();
  await b.reload();
  await expect(b.getByLabel("Notes on this game (only you ever see them)")).toHaveValue("secret plan: h4 and h5");
  await a.reload();
  await expect(a.getByLabel("Notes on this game (only you ever see them)")).toHaveValue("");
  await expect(a.locator("body")).not.toContainText("secret plan");

  // Alice's move: Bob's "your turn" email quotes her message.
  const before = await mailCount(bob.email, /played/);
  await clickMove(a, "P e2-e4", "e2", "e4");
  const mail = await waitForMail(bob.email, /played/, before);
  expect(mail.text).toContain(`${alice.name} wrote: “${message}”`);

  // Bob reports it: the button gives way to a note that he did.
  await chatOf(b).getByRole("button", { name: `Report this message from ${alice.name} to the moderators` }).click();
  await expect(chatOf(b)).toContainText("(reported)");

  // A signed-out visitor of the public game sees the game, not its chat or notes.
  const spectator = await (await browser.newContext()).newPage();
  await spectator.goto(path);
  await expect(spectator.getByRole("table", { name: "Moves" })).toContainText("P e2-e4");
  await expect(chatOf(spectator)).toHaveCount(0);
  await expect(spectator.getByRole("region", { name: "My notes" })).toHaveCount(0);
  await expect(spectator.locator("body")).not.toContainText("good luck");
});
