/**
 * A move whose answer goes wrong. The page cannot know from an error whether the
 * server stored the move (an outage after the commit, a connection dropped on the
 * way back), so it reads the game again and says which: recorded, with the new
 * position; or not recorded, with the board as it was and the move ready to send
 * again. The server action's request is intercepted in the browser (page.route).
 */
import type { Page, Route } from "@playwright/test";
import { expect, test } from "./support/test";
import { clickSquares, moveList, newPlayer, pieceAt, startGame, status, type Player } from "./support/play";

let alice: Player;
let bob: Player;

test.beforeAll(async ({ browser }) => {
  alice = await newPlayer(browser, "Alice");
  bob = await newPlayer(browser, "Bob");
});

/**
 * Routes the game page's move POSTs to `handle`: not its page loads, state polls or
 * other server actions (the planned lines are read again after every move, and
 * counting those as moves made this test fail by chance).
 */
async function onMoves(page: Page, path: string, handle: (route: Route) => Promise<void>): Promise<() => Promise<void>> {
  const pattern = `**${path}`;
  await page.route(pattern, async (route) => {
    const request = route.request();
    const isMove = request.method() === "POST" && request.headers()["next-action"] && /"move":/.test(request.postData() ?? "");
    if (isMove) await handle(route);
    else await route.fallback();
  });
  return () => page.unroute(pattern);
}

const confirm = (page: Page) => page.getByRole("group", { name: "Confirm move" });

test("the move reached the server, the answer was a 500: the page says it was recorded and shows it", async () => {
  const path = await startGame(alice, bob, "chess", "White");
  const a = alice.page;
  let stored = 0;
  const stop = await onMoves(a, path, async (route) => {
    await route.fetch(); // the server takes the move…
    stored++;
    await route.fulfill({ status: 500, contentType: "text/plain", body: "Internal Server Error" }); // …and the answer is lost
  });
  await clickSquares(a, "e2", "e4");
  await confirm(a).getByRole("button", { name: "Send move" }).click();

  await expect(a.getByRole("status").filter({ hasText: "was recorded" })).toHaveText(
    "Your move P e2-e4 was recorded (the server's answer was lost on the way).",
  );
  expect(stored).toBe(1);
  await expect(pieceAt(a, "wP", "e4")).toHaveCount(1);
  await expect(pieceAt(a, "wP", "e2")).toHaveCount(0);
  await expect(moveList(a)).toContainText("P e2-e4");
  await expect(status(a)).toHaveText(`Waiting for ${bob.name} to move.`);
  await expect(confirm(a)).toHaveCount(0);
  await expect(a.getByRole("main").getByRole("alert")).toHaveCount(0);
  await stop();
  // It is stored: the opponent has it, and so has the page loaded anew.
  await expect(moveList(bob.page)).toContainText("P e2-e4");
  await a.reload();
  await expect(moveList(a)).toContainText("P e2-e4");
});

test("the request never reached the server: the page says the move was not recorded, the board is unchanged", async () => {
  const path = await startGame(alice, bob, "chess", "White");
  const a = alice.page;
  const stop = await onMoves(a, path, (route) => route.abort("connectionreset"));
  await clickSquares(a, "d2", "d4");
  await confirm(a).getByRole("button", { name: "Send move" }).click();

  await expect(a.getByRole("main").getByRole("alert")).toHaveText("Your move P d2-d4 was not recorded: something went wrong on the server. Please try again.");
  await expect(pieceAt(a, "wP", "d2")).toHaveCount(1);
  await expect(pieceAt(a, "wP", "d4")).toHaveCount(0);
  const moves = a.getByRole("region", { name: "Move list" });
  await expect(moves).toContainText("No moves yet.");
  await expect(status(a)).toHaveText("Your move.");
  await a.reload();
  await expect(moves).toContainText("No moves yet.");
  await expect(status(bob.page)).toHaveText(`Waiting for ${alice.name} to move.`);

  // With the connection back, the same move goes through as usual.
  await stop();
  await clickSquares(a, "d2", "d4");
  await confirm(a).getByRole("button", { name: "Send move" }).click();
  await expect(confirm(a)).toHaveCount(0);
  await expect(moveList(a)).toContainText("P d2-d4");
  await expect(a.getByRole("main").getByRole("alert")).toHaveCount(0);
});
