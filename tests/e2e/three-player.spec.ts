/**
 * A three-player game in three browser contexts, one a seat (docs/games-for-more-than-two-service.md):
 * created with a link, the seats taken from it, the game started when the last is taken, moves
 * made in turn from each player's page (the others' pages follow by themselves), the "your turn"
 * email to the next player only, and the end in words on every page (support/multi.ts).
 */
import { test } from "./support/test";
import { Table } from "./support/multi";

// A three-player game that ends at its 11th move: White mates Black (as in tests/integration/multi-games.test.ts).
const THREE_MATE = ["P f2-f4", "P e9-e8", "P l12-k12", "P h2-h4", "Q d9-g9", "R m13-f6", "P i2-i3", "P c7-e7", "P l8-k7", "B f1-i7", "B c8-f5"];

test("three players take their seats from a link and play a game of three-player chess to its checkmate", async ({ browser }) => {
  test.setTimeout(180_000);
  const table = await Table.seat(browser, "three-player");
  // The first round checked move by move (the turn on every page, the email to the next player only).
  for (const m of THREE_MATE.slice(0, 3)) await table.play(m);
  await table.playLine(THREE_MATE.slice(3));
  await table.expectEnding("White wins: checkmate");
  await table.shot("w", "three-player-mate");
  await table.shot("b", "three-player-mate");
});
