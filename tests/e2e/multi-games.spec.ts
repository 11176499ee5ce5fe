/**
 * A game of each of the other games for more than two, one browser context a seat
 * (docs/games-for-more-than-two-service.md; three-player chess is three-player.spec.ts): moves on
 * the board (clicks) for a few, in the move box for longer lines, each checked against every page's
 * turn and the "your turn" email to the next player only (support/multi.ts); resignation in turn
 * and out of turn, the turn then skipping the army that went out; the ends in words. The board
 * screenshots (test-results) are to be looked at: each turned to its player.
 */
import { expect, test } from "./support/test";
import { Table } from "./support/multi";

// Found by a search with the rules: Red mates Blue at the 17th move, judged on Blue's turn (docs/games/four-player.md#teams).
const TEAM_MATE = [
  "P f2-f3", "P b10-d10", "P i13-i12", "P m10-l10", "Q g1-d4", "P b8-d8", "P k13-k12", "P m5-k5", "Q d4-c4",
  "B a9-d12", "Q h14-k11", "B n6-m5", "Q c4-h9", "B d12-a9", "Q k11-k9", "P m6-l6", "Q h9-b9",
];

// Green takes Red's king (P f1-e2), Blue Green's (N g6-h4); with two armies left Blue claims the win on points (docs/games/chaturaji.md#game-end).
const CHATURAJI_CLAIM = [
  "N b1-c3", "N a7-c6", "P h7-h6", "P g1-f1", "K d1-e2", "N c6-e7", "P f7-f6", "P g2-f2", "N c3-d5", "N e7-g6",
  "B f8-b4", "P f1-e2", "N g6-h4", "K e8-d7", "claim",
];

test("four players in two teams: Red and Yellow win by mating Blue", async ({ browser }) => {
  test.setTimeout(120_000);
  const table = await Table.seat(browser, "four-player-teams");
  await table.play({ text: TEAM_MATE[0], clicks: ["f2", "f3"] });
  await table.play({ text: TEAM_MATE[1], clicks: ["b10", "d10"] });
  await table.playLine(TEAM_MATE.slice(2));
  await table.expectEnding("Red and Yellow win: the other team was checkmated");
  await table.shot("r", "four-player-teams-mate");
  await table.shot("b", "four-player-teams-mate");
});

test("Chaturaji: two kings taken, then Blue claims the win on points, the points on every page", async ({ browser }) => {
  test.setTimeout(120_000);
  const table = await Table.seat(browser, "chaturaji");
  await table.play({ text: CHATURAJI_CLAIM[0], clicks: ["b1", "c3"] });
  await table.playLine(CHATURAJI_CLAIM.slice(1));
  await table.expectEnding("Blue wins: a win claimed on points");
  // The seats list the scores as the rules count them, the taken kings' armies out.
  expect(table.rules.armies().filter((a) => a.state !== "playing").map((a) => a.letter)).toEqual(["r", "g"]);
  for (const a of table.rules.armies()) {
    const seat = table.seats[0].page.getByRole("region", { name: "Seats" }).locator(`li[data-army="${a.letter}"]`);
    await expect(seat).toContainText(`${a.score} ${a.score === 1 ? "point" : "points"}`);
    if (a.state === "playing") await expect(seat).not.toContainText("· out");
    else await expect(seat).toContainText("· out");
  }
  await table.shot("b", "chaturaji-claim");
  await table.shot("y", "chaturaji-claim");
});

test("Four Seasons: a round by every army, then Red resigns in turn and the turn skips Red", async ({ browser }) => {
  test.setTimeout(120_000);
  const table = await Table.seat(browser, "four-seasons");
  await table.play({ text: "P b6-b5", clicks: ["b6", "b5"] });
  await table.play({ text: "P b3-b4", clicks: ["b3", "b4"] });
  await table.play("P g3-g4");
  await table.play("P g6-g5");
  await table.play("P a6-a5");
  await table.resign("r");
  await table.play("P h3-h4");
  await table.play("P h6-h5");
  expect(table.toMove().army).toBe("g");
  await table.shot("g", "four-seasons-resigned");
  await table.shot("w", "four-seasons-resigned");
});

test("eight players in pairs: a round by every seat, then Red resigns out of turn, Red and Purple are out and skipped", async ({ browser }) => {
  test.setTimeout(180_000);
  const table = await Table.seat(browser, "eight-player-pairs");
  await table.play({ text: "P h2-h4", clicks: ["h2", "h4"] });
  for (const m of ["P b8-d8", "P b17-d17", "P g23-g21", "P q23-q21", "P w17-u17", "P w7-u7"]) await table.play(m);
  await table.play({ text: "P r2-r4", clicks: ["r2", "r4"] });
  // Out of turn: White stays to move, nobody is mailed; Red's partner Purple goes out with Red (docs/games/eight-player.md#pairs-eight-player-pairs).
  await table.resign("r");
  await expect(table.seats[0].page.getByRole("region", { name: "Seats" }).locator('li[data-army="p"]')).toContainText("· out");
  await table.play("P e2-e3");
  expect(table.toMove().army).toBe("b");
  for (const m of ["P b18-c18", "P h23-h22", "P p23-p22"]) await table.play(m);
  expect(table.toMove().army).toBe("o");
  await table.shot("w", "eight-player-pairs");
  await table.shot("o", "eight-player-pairs");
});
