/**
 * Pushed updates in real Chromium (docs/pushed-updates.md): the opponent's open page hears a move
 * through its event stream and shows it at once, without waiting for the poll, which runs only
 * every 30 s while the stream is open. The event carries the move, so the page applies it without
 * reading the game; a change that is not a move (a draw offer) it reads.
 */
import type { Request } from "@playwright/test";
import { expect, test } from "./support/test";
import { clickMove, moveList, newPlayer, startGame, status, type Player } from "./support/play";

let alice: Player;
let bob: Player;

test.beforeAll(async ({ browser }) => {
  alice = await newPlayer(browser, "Alice");
  bob = await newPlayer(browser, "Bob");
});

/** Bob's page on the game, loaded afresh with its stream open, and the times it reads the state from now on. */
async function freshPage(path: string): Promise<{ loaded: number; reads: number[] }> {
  const b = bob.page;
  const stream = b.waitForResponse((r) => new URL(r.url()).pathname === `${path}/events`);
  await b.reload();
  const loaded = Date.now();
  const events = await stream;
  expect(events.status()).toBe(200);
  expect(events.headers()["content-type"]).toMatch(/^text\/event-stream/);
  await expect(status(b)).toHaveText(`Waiting for ${alice.name} to move.`);
  const reads: number[] = [];
  b.on("request", (r: Request) => {
    if (new URL(r.url()).pathname === `${path}/state`) reads.push(Date.now());
  });
  return { loaded, reads };
}

test("the opponent's move appears on the other page through the event stream, not the poll, with no read of the game", async () => {
  const path = await startGame(alice, bob, "chess", "White");
  const [a, b] = [alice.page, bob.page];
  // A fresh page: its slow poll's first turn is 28–32 s away.
  const { loaded, reads } = await freshPage(path);
  // With the stream open the page does not poll every 4 s (its fallback while the stream is down).
  await b.waitForTimeout(6000);
  expect(reads).toEqual([]);

  await clickMove(a, "P e2-e4", "e2", "e4");
  await expect(moveList(b)).toContainText("P e2-e4", { timeout: 15_000 });
  await expect(status(b)).toHaveText("Your move.");
  // The move came with its event: applied to the page, no read of the state.
  expect(reads).toEqual([]);
  // And it plays on from there: Bob's answer is accepted on the position the push made.
  await clickMove(b, "p e7-e5", "e7", "e5");
  await expect(moveList(a)).toContainText("p e7-e5", { timeout: 15_000 });

  // A page that applied a pushed move is as current as a read would make it: its slow poll starts
  // again from the move (more than 6 s after the load), so 33 s after the load it has read nothing.
  await b.waitForTimeout(loaded + 33_000 - Date.now());
  expect(reads).toEqual([]);
});

test("a change that is not a move (a draw offer) is read: once, at once", async () => {
  const path = await startGame(alice, bob, "chess", "White");
  const { loaded, reads } = await freshPage(path);
  const offered = Date.now();
  await alice.page.getByRole("button", { name: "Offer draw" }).click();
  await expect(bob.page.getByRole("group", { name: "Draw offer" })).toContainText("offers a draw", { timeout: 15_000 });
  expect(reads).toHaveLength(1);
  expect(reads[0]).toBeGreaterThanOrEqual(offered);
  // Long before the slow poll was due.
  expect(Date.now() - loaded).toBeLessThan(28_000);
});
