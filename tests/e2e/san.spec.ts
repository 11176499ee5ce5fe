/**
 * SAN in orthodox chess (docs/notation.md#san): typed into the move box, the move is played
 * and stored canonical; a player who chooses SAN in Settings sees the move list in SAN,
 * the other player's list stays as stored.
 */
import { expect, test } from "./support/test";
import { moveList, newPlayer, startGame, status, typeMove } from "./support/play";

test("e4 typed into the move box is played; the SAN setting changes the move list", async ({ browser }) => {
  const alice = await newPlayer(browser, "Alice");
  const bob = await newPlayer(browser, "Bob");
  const path = await startGame(alice, bob, "chess", "White");
  const [a, b] = [alice.page, bob.page];

  // Confirmed as the canonical move, and listed so.
  await typeMove(a, "e4", "P e2-e4");
  await expect(moveList(b)).toContainText("P e2-e4");
  await expect(status(b)).toHaveText("Your move.");
  // A SAN that is not legal is refused under the box, in the players' words.
  await b.getByLabel("Move in notation").fill("Ke6");
  await b.getByRole("button", { name: "Play", exact: true }).click();
  await expect(b.getByRole("main").getByRole("alert")).toHaveText("Ke6: the king on e8 cannot go to e6.");
  await typeMove(b, "Nc6", "n b8-c6");

  await b.goto("/settings");
  await b.getByLabel(/In SAN, as chess players write them/).check();
  await b.getByRole("button", { name: /save/i }).click();
  await expect(b.getByRole("status")).toHaveText("Saved.");
  await b.goto(path);
  await expect(moveList(b).getByRole("button")).toHaveText(["e4", "Nc6"]);
  await a.reload();
  await expect(moveList(a).getByRole("button")).toHaveText(["P e2-e4", "n b8-c6"]);
});
