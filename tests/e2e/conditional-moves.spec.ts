/**
 * Conditional moves in real Chromium (docs/conditional-moves.md): Alice plans a line on the
 * board's copy of the position (Bob's expected move clicked, her answer typed), saves it, and
 * when Bob plays that move her answer is played at once: Bob's page shows it without a reload,
 * his other open tab picks it up by its poll, and he is mailed that it is his move again.
 */
import { expect, test } from "./support/test";
import { mailCount, waitForMail, workerIdle } from "./support/fixtures";
import { clickMove, clickSquares, moveList, newPlayer, pieceAt, startGame, status, type Player } from "./support/play";

let alice: Player;
let bob: Player;

test.beforeAll(async ({ browser }) => {
  alice = await newPlayer(browser, "Alice");
  bob = await newPlayer(browser, "Bob");
});

test("a conditional line answers the opponent's matching move, and the answer appears on the opponent's page without a reload", async () => {
  const path = await startGame(alice, bob, "chess", "White");
  const [a, b] = [alice.page, bob.page];
  await clickMove(a, "P e2-e4", "e2", "e4");
  await expect(status(b)).toHaveText("Your move.");

  const panel = a.getByRole("region", { name: "Conditional moves" });
  await expect(panel).toContainText("You have no lines in this game.");
  await panel.getByRole("button", { name: "Plan a line" }).click();
  // A move the planned position does not allow is refused in the move box ...
  await a.getByLabel("Move in notation").fill("p e7-e4");
  await a.getByRole("button", { name: "Play", exact: true }).click();
  await expect(a.getByRole("main").getByRole("alert")).toHaveText("P e7-e4 is not a legal move here.");
  // ... and the error goes once the planned position changes, as on the game's own board.
  // Bob's expected move, made with Black's pieces on Alice's copy of the position.
  await clickSquares(a, "e7", "e5");
  await expect(a.getByRole("main").getByRole("alert")).toHaveCount(0);
  await expect(pieceAt(a, "bP", "e5")).toHaveCount(1);
  await expect(panel).toContainText("Now make your answer.");
  // Her answer, typed in the move box.
  await a.getByLabel("Move in notation").fill("Ng1-f3");
  await a.getByRole("button", { name: "Play", exact: true }).click();
  await expect(pieceAt(a, "wN", "f3")).toHaveCount(1);
  await a.screenshot({ path: test.info().outputPath("planning.png"), fullPage: true, animations: "disabled" });
  await panel.getByRole("button", { name: "Save line" }).click();
  const list = panel.getByRole("list", { name: "Your lines" });
  await expect(list).toHaveText(/If they play p e7-e5, answer N g1-f3\./);
  // A second line, both moves clicked, then deleted again.
  await panel.getByRole("button", { name: "Plan a line" }).click();
  await clickSquares(a, "c7", "c5", "b1", "c3");
  await panel.getByRole("button", { name: "Save line" }).click();
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await a.screenshot({ path: test.info().outputPath("lines.png"), fullPage: true, animations: "disabled" });
  await list.getByRole("listitem").filter({ hasText: "p c7-c5" }).getByRole("button", { name: "Delete this line" }).click();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toHaveText(/If they play p e7-e5, answer N g1-f3\./);
  // The board shows the game again, not the plan: nothing was played.
  await expect(pieceAt(a, "bP", "e7")).toHaveCount(1);
  await expect(moveList(a)).not.toContainText("N g1-f3");

  // Bob sees nothing of the line, in either of his tabs.
  const b2 = await b.context().newPage();
  await b2.goto(path);
  for (const page of [b, b2]) {
    await expect(page.getByRole("region", { name: "Conditional moves" })).toHaveCount(0);
    await expect(page.locator("main")).not.toContainText("g1-f3");
  }

  await workerIdle();
  const aliceMails = await mailCount(alice.email, /your move/i);
  await clickMove(b, "p e7-e5", "e7", "e5");
  // The answer was played inside Bob's move: his page has it at once, his other tab by its poll.
  await expect(moveList(b)).toContainText("N g1-f3");
  await expect(pieceAt(b, "wN", "f3")).toHaveCount(1);
  await expect(status(b)).toHaveText("Your move.");
  await expect(moveList(b2)).toContainText("N g1-f3");
  await expect(status(b2)).toHaveText("Your move.");
  // Alice's page catches up too, and the line is used up.
  await expect(moveList(a)).toContainText("N g1-f3");
  await expect(panel).toContainText("You have no lines in this game.");
  // Bob is told it is his move again; Alice is not told it is hers.
  await waitForMail(bob.email, new RegExp(`${alice.name} played N g1-f3`));
  await workerIdle();
  expect(await mailCount(alice.email, /your move/i)).toBe(aliceMails);
  await b2.close();
});
