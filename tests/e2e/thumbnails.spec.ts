/**
 * Board thumbnails where people look (app/_components/BoardThumbnail.tsx): the home page's
 * game lists, the archive rows, the player pages and the variant cards; the piece legend of
 * the game page; and a Fog of War game's thumbnail, which shows a stranger no more than the
 * picture route does (docs/games/fog-of-war.md#what-each-surface-shows).
 */
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { multiVariantIds, variantIds, variantInfo } from "../../lib/rules";
import { newPlayer, startGame, typeMoves, type Player } from "./support/play";

/** The thumbnail in `scope`: its address (made absolute) and the picture it loads for `page`'s session. */
async function thumbnail(page: Page, scope: Locator): Promise<{ src: string; alt: string; svg: string }> {
  const img = scope.locator("img.thumbnail");
  await expect(img).toHaveCount(1);
  await expect(img).toHaveAttribute("loading", "lazy");
  const src = (await img.getAttribute("src"))!;
  const res = await page.request.get(src);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("image/svg+xml");
  return { src, alt: (await img.getAttribute("alt"))!, svg: await res.text() };
}

const pieces = (svg: string) => (svg.match(/data-piece="/g) ?? []).length;
const gameRow = (page: Page, id: string) => page.locator(`tr[data-game="${id}"]`);
const gameCard = (page: Page, id: string) => page.locator(".cards > li").filter({ has: page.locator(`a[href="/games/${id}"]`) });

test.describe("thumbnails", () => {
  let alice: Player, bob: Player, carol: Player;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000);
    [alice, bob, carol] = [await newPlayer(browser, "Thumbw"), await newPlayer(browser, "Thumbb"), await newPlayer(browser, "Thumbs")];
  });

  test("the home list, the archive row and a player page show the game's current position; the game page has its piece legend", async () => {
    test.setTimeout(120_000);
    const path = await startGame(alice, bob, "chess", "White");
    const id = path.split("/").pop()!;
    await typeMoves(alice.page, bob.page, ["P e2-e4"]);

    // The game page: the legend is closed (the board stays put) and lists the declaration's pieces.
    await alice.page.goto(path);
    const legend = alice.page.locator("details.piece-legend");
    await expect(legend).not.toHaveAttribute("open");
    await legend.locator("summary").click();
    const names = variantInfo("chess").pieces.map((p) => p.name);
    await expect(legend.locator(".piece-list li strong")).toHaveText(names);
    await expect(legend.locator(".piece-list li").first()).toContainText(`Betza: ${variantInfo("chess").pieces[0].betza}`);

    const start = await (await alice.page.request.get(`/games/${id}/board.svg?ply=0&size=16`)).text();

    await alice.page.goto("/");
    const home = await thumbnail(alice.page, gameCard(alice.page, id));
    expect(home.src).toBe(`/games/${id}/board.svg?ply=1&size=16`);
    expect(home.alt).toBe("Board after move 1, White");
    expect(pieces(home.svg)).toBe(32);
    expect(home.svg).not.toBe(start);

    // Black's list shows it from Black's side.
    await bob.page.goto("/");
    expect((await thumbnail(bob.page, gameCard(bob.page, id))).src).toBe(`/games/${id}/board.svg?ply=1&size=16&flip=1`);

    await carol.page.goto("/games");
    const row = await thumbnail(carol.page, gameRow(carol.page, id));
    expect(row.src).toBe(home.src);
    expect(row.svg).toBe(home.svg);

    await carol.page.goto(`/players/${alice.name}`);
    const onProfile = await thumbnail(carol.page, gameCard(carol.page, id));
    expect(onProfile.svg).toBe(home.svg);
    expect(await thumbnail(carol.page, gameRow(carol.page, id))).toEqual(row);
  });

  test("a Fog of War game's thumbnail shows a stranger what the picture route shows them: no piece, nothing that changed", async ({ playwright }) => {
    test.setTimeout(120_000);
    const path = await startGame(alice, bob, "fog-of-war", "White");
    const id = path.split("/").pop()!;
    await typeMoves(alice.page, bob.page, ["P e2-e4"]);
    const anonymous = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const strangers = await (await anonymous.get(`/games/${id}/board.svg?ply=1&size=16`)).text();
    expect(pieces(strangers)).toBe(0);

    await carol.page.goto("/games");
    const row = await thumbnail(carol.page, gameRow(carol.page, id));
    expect(row.svg).toBe(strangers);
    // The thumbnail before and after the move look alike to a stranger: the move tells nothing.
    expect(row.svg).toBe(await (await anonymous.get(`/games/${id}/board.svg?ply=0&size=16`)).text());
    await carol.page.goto(`/players/${alice.name}`);
    expect((await thumbnail(carol.page, gameCard(carol.page, id))).svg).toBe(strangers);

    // Its player sees their own view there, as on the game page.
    await alice.page.goto("/");
    const own = await thumbnail(alice.page, gameCard(alice.page, id));
    expect(pieces(own.svg)).toBeGreaterThan(0);
    expect(pieces(own.svg)).toBeLessThan(32);
    await anonymous.dispose();
  });
});

test("the variant cards of the home page and /variants show each game's start position", async ({ page }) => {
  // The games for two and the games for more than two, each with its card.
  const ids = [...variantIds(), ...multiVariantIds()];
  for (const path of ["/", "/variants"]) {
    await page.goto(path);
    const cards = page.locator(".variant-grid > li");
    await expect(cards).toHaveCount(ids.length);
    await expect(cards.locator("img.thumbnail")).toHaveCount(ids.length);
  }
  const chess = await thumbnail(page, page.locator(".variant-grid > li").filter({ has: page.locator('a[href="/variants/chess"]') }));
  expect(chess.alt).toBe("The start position");
  expect(pieces(chess.svg)).toBe(32);
  // A game with pieces in hand draws its hands' bands too (Sittuyin starts with every piece in hand but pawns).
  const sittuyin = await thumbnail(page, page.locator(".variant-grid > li").filter({ has: page.locator('a[href="/variants/sittuyin"]') }));
  expect(sittuyin.svg).not.toBe(chess.svg);
  expect(pieces(sittuyin.svg)).toBeGreaterThan(16);
  expect((await page.request.get("/variants/no-such-game/board.svg")).status()).toBe(404);
  expect((await page.request.get("/variants/chess/board.svg?size=9999")).status()).toBe(400);
});
