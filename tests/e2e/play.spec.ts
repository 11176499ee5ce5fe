/**
 * Playing a game in real Chromium: two players in two browser contexts, signed in
 * through magic links; a challenge by name accepted on the invitation page; moves
 * by clicking and by typing; what the server refuses (an illegal move, a stale
 * tab's move) and how the page says so; draws and resignation; promotion; the
 * move-confirmation setting; challenges by private link, by email to a newcomer,
 * and in the lobby.
 */
import { expect, test } from "./support/test";
import { APP_URL, linkIn, mailCount, uniqueEmail, waitForMail } from "./support/fixtures";
import {
  clickMove, clickSquares, confirmMove, moveList, newPlayer, pieceAt, square, startGame, status, typeMove, typeMoves, type Player,
} from "./support/play";

let alice: Player;
let bob: Player;

test.beforeAll(async ({ browser }) => {
  alice = await newPlayer(browser, "Alice");
  bob = await newPlayer(browser, "Bob");
});

test("a challenge by name, accepted on the invitation page, is played to checkmate by clicking on the board", async () => {
  const path = await startGame(alice, bob, "chess", "White");
  const [a, b] = [alice.page, bob.page];
  await expect(status(b)).toHaveText(`Waiting for ${alice.name} to move.`);

  // A picked-up pawn offers its two squares and nothing else; another click puts it down.
  await square(a, "f2").click();
  await expect(a.locator('[data-highlight="target"]')).toHaveCount(2);
  await square(a, "f2").click();
  await expect(a.locator('[data-highlight="target"]')).toHaveCount(0);
  // An opponent's piece cannot be picked up.
  await square(a, "e7").click();
  await expect(a.locator('[data-highlight="selected"]')).toHaveCount(0);

  await clickMove(a, "P f2-f3", "f2", "f3");
  // Bob's open page shows the move by itself.
  await expect(moveList(b)).toContainText("P f2-f3");
  await expect(status(b)).toHaveText("Your move.");
  await clickMove(b, "p e7-e5", "e7", "e5");
  await expect(status(a)).toHaveText("Your move.");
  await clickMove(a, "P g2-g4", "g2", "g4");
  await expect(status(b)).toHaveText("Your move.");
  await clickMove(b, "q d8-h4", "d8", "h4");

  await expect(status(b)).toHaveText("You won by checkmate (0-1).");
  await expect(status(a)).toHaveText("You lost by checkmate (0-1).");
  await expect(a.locator('[data-highlight="check"]')).toHaveCount(1);
  // A finished game is read-only.
  for (const page of [a, b]) {
    await expect(page.getByLabel("Move in notation")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Resign" })).toHaveCount(0);
  }
  await square(a, "e2").click();
  await expect(a.locator('[data-highlight="selected"]')).toHaveCount(0);
  await a.screenshot({ path: test.info().outputPath("chess.png"), fullPage: true, animations: "disabled" });
  await expect(a.getByRole("link", { name: "PGN" })).toHaveAttribute("href", `${path}/pgn`);
  expect(await (await a.request.get(`${path}/pgn`)).text()).toContain("Qh4#");
  await expect(a.getByRole("link", { name: "game record" })).toHaveAttribute("href", `${path}/record`);

  // Earlier positions, from the move list or a shared ?ply= link.
  await a.getByRole("button", { name: "Previous move" }).click();
  await expect(a).toHaveURL(/\?ply=3$/);
  await expect(pieceAt(a, "bQ", "d8")).toHaveCount(1);
  await expect(a.getByRole("group", { name: "Earlier position" })).toContainText("P g2-g4");
  await a.goto(`${path}?ply=1`);
  await expect(pieceAt(a, "wP", "f3")).toHaveCount(1);
  await expect(pieceAt(a, "bP", "e7")).toHaveCount(1);
  await moveList(a).getByRole("button", { name: /^p e7-e5/ }).click();
  await expect(pieceAt(a, "bP", "e5")).toHaveCount(1);
  await a.getByRole("button", { name: "Back to the current position" }).click();
  await expect(pieceAt(a, "bQ", "h4")).toHaveCount(1);
  await expect(a).toHaveURL(new RegExp(`${path}$`));
});

test("typed moves, an illegal one refused with a clear error, and a stale second tab that cannot move twice", async () => {
  const path = await startGame(alice, bob, "chess", "White");
  const [a, b] = [alice.page, bob.page];

  // The text box reads as tolerantly as the server: spaces and case do not matter.
  await typeMove(a, "  p e2 - e4 ", "P e2-e4");
  await expect(status(b)).toHaveText("Your move.");
  await typeMove(b, "p e7-e5");
  await expect(status(a)).toHaveText("Your move.");

  await a.getByLabel("Move in notation").fill("P e4-e6");
  await a.getByRole("button", { name: "Play", exact: true }).click();
  await expect(a.getByRole("main").getByRole("alert")).toHaveText("P e4-e6 is not a legal move here.");
  await expect(a.getByRole("group", { name: "Confirm move" })).toHaveCount(0);
  await expect(pieceAt(a, "wP", "e4")).toHaveCount(1);
  await expect(pieceAt(a, "wP", "e6")).toHaveCount(0);
  await expect(moveList(a)).not.toContainText("e6");
  await expect(status(a)).toHaveText("Your move.");
  // The error is about this position: once the position changes, it goes.
  await clickMove(a, "N b1-c3", "b1", "c3");
  await expect(a.getByRole("main").getByRole("alert")).toHaveCount(0);
  await expect(a.getByLabel("Move in notation")).toHaveValue("P e4-e6");
  await typeMove(b, "n b8-c6");
  await expect(status(a)).toHaveText("Your move.");

  // A second tab that missed the next move (its event stream, which carries moves, and its polling are cut off) ...
  const stale = await a.context().newPage();
  await stale.route(/\/(state|events)\?/, (route) => route.abort());
  await stale.goto(path);
  await expect(status(stale)).toHaveText("Your move.");
  await clickMove(a, "N g1-f3", "g1", "f3");
  // ... tries a move of its own: refused, and shown the position as it is now.
  await clickSquares(stale, "d2", "d4");
  await stale.getByRole("group", { name: "Confirm move" }).getByRole("button", { name: "Send move" }).click();
  await expect(stale.getByRole("main").getByRole("alert")).toHaveText("The position changed since your page was loaded; here is the new position.");
  await expect(moveList(stale)).toContainText("N g1-f3");
  await expect(moveList(stale)).not.toContainText("P d2-d4");
  await expect(pieceAt(stale, "wP", "d2")).toHaveCount(1);
  await expect(status(stale)).toHaveText(`Waiting for ${bob.name} to move.`);
  const state = (await (await a.request.get(`${path}/state`)).json()) as { moves: string[] };
  expect(state.moves).toEqual(["P e2-e4", "p e7-e5", "N b1-c3", "n b8-c6", "N g1-f3"]);
  await stale.close();

  // Resigning asks first.
  await expect(status(b)).toHaveText("Your move.");
  await b.getByRole("button", { name: "Resign" }).click();
  await b.getByRole("button", { name: "Keep playing" }).click();
  await expect(status(b)).toHaveText("Your move.");
  await b.getByRole("button", { name: "Resign" }).click();
  await b.getByRole("button", { name: "Yes, resign" }).click();
  await expect(status(b)).toHaveText("You lost by resignation (1-0).");
  await expect(status(a)).toHaveText("You won by resignation (1-0).");
});

test("a draw offer declined, then one accepted", async () => {
  await startGame(alice, bob, "chess", "Black");
  // Bob plays White here.
  const [a, b] = [alice.page, bob.page];
  await a.getByRole("button", { name: "Offer draw" }).click();
  await expect(a.getByText("You offered a draw.")).toBeVisible();
  const offer = b.getByRole("group", { name: "Draw offer" });
  await expect(offer).toContainText(`${alice.name} offers a draw.`);
  await offer.getByRole("button", { name: "Decline draw" }).click();
  await expect(b.getByText("You declined the draw.")).toBeVisible();
  await expect(a.getByText("You offered a draw.")).toHaveCount(0);

  await typeMove(b, "P d2-d4");
  await b.getByRole("button", { name: "Offer draw" }).click();
  await a.getByRole("group", { name: "Draw offer" }).getByRole("button", { name: "Accept draw" }).click();
  await expect(status(a)).toHaveText("Drawn by agreement (½–½).");
  await expect(status(b)).toHaveText("Drawn by agreement (½–½).");
});

test("a threefold repetition is claimed as a draw", async () => {
  await startGame(alice, bob, "chess", "White");
  const [a, b] = [alice.page, bob.page];
  const claim = (page: typeof a) => page.getByRole("button", { name: "Claim a draw by threefold repetition" });
  await typeMoves(a, b, ["N g1-f3", "n g8-f6", "N f3-g1", "n f6-g8", "N g1-f3", "n g8-f6", "N f3-g1"]);
  await expect(claim(b)).toHaveCount(0);
  await typeMove(b, "n f6-g8");
  // The start position a third time.
  await expect(claim(a)).toBeVisible();
  await claim(a).click();
  await expect(status(a)).toHaveText("Drawn by threefold repetition (½–½).");
  await expect(status(b)).toHaveText("Drawn by threefold repetition (½–½).");
});

test("a promotion asks which piece; a private game is not found for others; without confirmation a move goes at once", async ({ browser }) => {
  const path = await startGame(alice, bob, "chess", "White", "Private");
  const [a, b] = [alice.page, bob.page];
  await typeMoves(a, b, ["P h2-h4", "p g7-g5", "P h4-g5", "p h7-h6", "P g5-h6", "b f8-g7", "P h6-g7", "n b8-c6"]);
  await a.reload();
  await clickSquares(a, "g7", "h8");
  const chooser = a.getByRole("group", { name: "Promote to" });
  await expect(chooser.getByRole("button")).toHaveText(["Queen", "Rook", "Bishop", "Knight", "Cancel"]);
  await chooser.getByRole("button", { name: "Knight" }).click();
  await confirmMove(a, "P g7-h8=N");
  await expect(pieceAt(a, "wN", "h8")).toHaveCount(1);

  // Strangers, signed in or not, learn nothing of a private game.
  const stranger = await browser.newContext();
  expect((await stranger.request.get(path)).status()).toBe(404);
  expect((await stranger.request.get(`${path}/state`)).status()).toBe(404);
  await stranger.close();

  // Bob turns move confirmation off in his settings: his next move is sent at once.
  await b.goto("/settings");
  await b.getByLabel("Ask me to confirm each move before it is sent").uncheck();
  await b.getByRole("button", { name: "Save" }).click();
  await expect(b.getByRole("status")).toHaveText("Saved.");
  await b.goto(path);
  await clickSquares(b, "c6", "d4");
  await expect(moveList(b)).toContainText("n c6-d4");
  await expect(b.getByRole("group", { name: "Confirm move" })).toHaveCount(0);
  await expect(status(a)).toHaveText("Your move.");
});

test("challenges by private link, by email to a newcomer who signs up through it, declined, and in the lobby", async ({ browser }) => {
  const a = alice.page;
  // A private link: the game page shows it to its author, and whoever opens it may accept.
  await a.goto("/challenge");
  await a.getByRole("radio", { name: /^By private link/ }).check();
  await a.getByRole("button", { name: "Send challenge" }).click();
  await expect(a).toHaveURL(/\/games\/[^/?]+$/);
  const linkGame = new URL(a.url()).pathname;
  const link = await a.getByLabel("Invitation link").inputValue();
  expect(link).toMatch(new RegExp(`^${APP_URL}/invitations/[0-9a-f]{32}$`));
  await bob.page.goto(link);
  await expect(bob.page.getByRole("heading", { level: 1 })).toHaveText(`${alice.name} invites you to play`);
  await expect(bob.page.getByRole("button", { name: "Decline" })).toHaveCount(0);
  await bob.page.getByRole("button", { name: "Accept and play" }).click();
  await expect(bob.page).toHaveURL(linkGame);
  await expect(bob.page.getByRole("region", { name: "Board" })).toContainText(`${alice.name}`);

  // By email, to someone with no account: the link leads through sign-up and back.
  const carolEmail = uniqueEmail("carol");
  await a.goto("/challenge?variant=magicpawns");
  await a.getByRole("radio", { name: /^By email/ }).check();
  await a.getByLabel("Email address").fill(carolEmail);
  await a.getByRole("button", { name: "Send challenge" }).click();
  await expect(a).toHaveURL(/\/games\/[^/?]+$/);
  const emailGame = new URL(a.url()).pathname;
  const carol = await (await browser.newContext()).newPage();
  await carol.goto(linkIn(await waitForMail(carolEmail, /invites you/), `${APP_URL}/invitations/`));
  await expect(carol).toHaveURL(/\/signin\?callbackUrl=/);
  // Signed out, the page says what the link is, and the address it was sent to is filled in.
  await expect(carol.getByRole("heading", { level: 1 })).toHaveText(`Sign in to answer ${alice.name}'s invitation`);
  await expect(carol.getByRole("main")).toContainText(`${alice.name} invites you to a game of Magicpawns Chess`);
  await expect(carol.getByLabel("Email address")).toHaveValue(carolEmail);
  await carol.getByRole("button", { name: /sign-in link/i }).click();
  await carol.goto(linkIn(await waitForMail(carolEmail, /sign in/i), `${APP_URL}/api/auth/callback/`));
  await carol.getByLabel("Display name").fill(`Carol${Date.now().toString(36).slice(-5)}`);
  await carol.getByRole("button", { name: "Continue" }).click();
  await expect(carol.getByRole("heading", { level: 1 })).toHaveText(`${alice.name} invites you to play`);
  await expect(carol.getByRole("main")).toContainText("A game of Magicpawns Chess");
  await carol.getByRole("button", { name: "Accept and play" }).click();
  await expect(carol).toHaveURL(emailGame);
  await carol.context().close();

  // Declined on the invitation page.
  const before = await mailCount(bob.email, /invites you/);
  await a.goto(`/challenge?opponent=${bob.name}`);
  await a.getByRole("button", { name: "Send challenge" }).click();
  await expect(a).toHaveURL(/\/games\/[^/?]+$/);
  await bob.page.goto(linkIn(await waitForMail(bob.email, /invites you/, before), `${APP_URL}/invitations/`));
  await bob.page.getByRole("button", { name: "Decline" }).click();
  await expect(bob.page.getByText("This invitation was declined.")).toBeVisible();
  await expect(status(a)).toHaveText("This challenge was cancelled.");

  // In the lobby, withdrawn from the game page.
  await a.goto("/challenge");
  await a.getByRole("radio", { name: /^Open:/ }).check();
  await a.getByRole("button", { name: "Send challenge" }).click();
  await expect(a.getByText("Your challenge is listed in the lobby")).toBeVisible();
  await a.getByRole("button", { name: "Withdraw challenge" }).click();
  await expect(status(a)).toHaveText("This challenge was cancelled.");
});
