/**
 * The archive in real Chromium: games imported from records (pasted and uploaded),
 * found again with the archive's filters, opened, linked at a ply with link-preview
 * meta whose picture is a PNG of the stated size; a record downloaded, imported
 * again and compared; the visibility rules seen from a stranger's browser; and
 * the import's size limit, in the browser and without JavaScript.
 */
import type { Page, Request } from "@playwright/test";
import { expect, test } from "./support/test";
import { APP_URL, signIn, uniqueEmail } from "./support/fixtures";

const suffix = Date.now().toString(36).slice(-5);
const WHITE = `Wh${suffix}`;
const BLACK = `Bl${suffix}`;

const scholar = [
  '[Event "Archive test"]', '[Date "2025.05.04"]', `[White "${WHITE}"]`, `[Black "${BLACK}"]`, '[Variant "chess"]', "",
  "1. P e2-e4 p e7-e5 2. B f1-c4 n b8-c6 3. Q d1-h5 n g8-f6 4. Q h5-f7 1-0", "",
].join("\n");

const compound = [
  `[White "${BLACK}"]`, `[Black "${WHITE}"]`, '[Variant "compound"]', '[Ending "resignation"]', "",
  "1. S e2-e3 s e7-e6 0-1", "",
].join("\n");

let page: Page;

async function importRecord(p: Page, text: string, visibility: "Everyone" | "Anyone with the link" | "Only me" = "Everyone"): Promise<string> {
  await p.goto("/import");
  await p.getByLabel("Paste a record").fill(text);
  await p.getByRole("radio", { name: new RegExp(`^${visibility}`) }).check();
  await p.getByRole("button", { name: "Import the game" }).click();
  await expect(p).toHaveURL(/\/games\/[0-9a-f-]{36}$/);
  return new URL(p.url()).pathname.split("/")[2];
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(body: Buffer): { width: number; height: number } {
  expect(body.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  expect(body.subarray(12, 16).toString("ascii")).toBe("IHDR");
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

const meta = (p: Page, key: string) => p.locator(`meta[property="${key}"], meta[name="${key}"]`).first();

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext()).newPage();
  await signIn(page, uniqueEmail("archivist"), `Arch${suffix}`);
});

test("imports records, finds them with the archive's filters, and keeps the search in the address", async () => {
  const chessId = await importRecord(page, scholar);
  await expect(page.locator("main")).toContainText(WHITE);
  const compoundId = await importRecord(page, compound);
  const unlistedId = await importRecord(page, scholar, "Anyone with the link");

  await page.goto("/games");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Archive");
  const form = page.getByRole("search", { name: "Search games" });
  await form.getByLabel("Player").fill(WHITE);
  await form.getByRole("button", { name: "Search" }).click();
  // The empty fields of the form are dropped: a short address to share.
  await expect(page).toHaveURL(`/games?player=${WHITE}`);
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(page.locator(`tr[data-game="${unlistedId}"]`)).toHaveCount(0);

  await form.getByLabel("Game").selectOption("compound");
  await form.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(`/games?variant=compound&player=${WHITE}`);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("0-1 by resignation");
  await expect(page.locator(`tr[data-game="${compoundId}"]`)).toHaveCount(1);

  // The same search from a shared address, with the player's side of the result.
  await page.goto(`/games?player=${WHITE}&result=won&sort=started&order=oldest`);
  await expect(rows).toHaveCount(2);
  await expect(page.getByLabel("Result")).toHaveValue("won");
  await page.goto(`/games?player=${WHITE}&result=lost`);
  await expect(rows).toHaveCount(0);
  await expect(page.getByText("No games match this search.")).toBeVisible();
  // A name that names nobody is said, not met with silence.
  await page.goto(`/games?player=Nobody${WHITE}`);
  await expect(page.getByText(`No games match this search: no player is called "Nobody${WHITE}".`)).toBeVisible();

  // Nonsense in the address is reported and ignored, never an error page.
  const bad = await page.goto(`/games?player=${WHITE}&status=paused&from=2026-02-31`);
  expect(bad?.status()).toBe(200);
  await expect(page.getByRole("status").filter({ hasText: "not understood" })).toContainText("status=paused was ignored");
  await expect(rows).toHaveCount(2);
  // A page position that does not decode (here a forged year 0000) is a bad request, said in words.
  const forged = Buffer.from("0000-01-01T00:00:00.000000Z|g1").toString("base64url");
  const position = await page.goto(`/games?player=${WHITE}&after=${forged}`);
  expect(position?.status()).toBe(400);
  await expect(page.getByRole("alert")).toContainText("The page position (after=");
  await page.getByRole("link", { name: "Show the first page of this search" }).click();
  await expect(page).toHaveURL(`/games?player=${WHITE}`);
  await expect(rows).toHaveCount(2);

  // Open a game from the list.
  await page.goto(`/games?variant=chess&player=${WHITE}`);
  await page.locator(`tr[data-game="${chessId}"] a`).first().click();
  await expect(page).toHaveURL(`/games/${chessId}`);
  await expect(page.locator("main")).toContainText("Q h5-f7");
});

test("a ?ply=N link has preview meta whose picture is a PNG of the stated size", async ({ request }) => {
  const id = await importRecord(page, scholar);
  await page.goto(`/games/${id}?ply=5`);
  const image = `${APP_URL}/games/${id}/board.png?ply=5`;
  await expect(meta(page, "og:image")).toHaveAttribute("content", image);
  await expect(meta(page, "og:title")).toHaveAttribute("content", new RegExp(`${WHITE} vs ${BLACK} · .* · after 3\\. Q d1-h5$`));
  await expect(meta(page, "twitter:card")).toHaveAttribute("content", "summary_large_image");
  await expect(meta(page, "twitter:image")).toHaveAttribute("content", image);
  const width = Number(await meta(page, "og:image:width").getAttribute("content"));
  const height = Number(await meta(page, "og:image:height").getAttribute("content"));
  expect(width).toBeGreaterThan(300);

  const png = await request.get(image);
  expect(png.status()).toBe(200);
  expect(png.headers()["content-type"]).toBe("image/png");
  expect(png.headers()["cache-control"]).toContain("immutable");
  expect(pngSize(await png.body())).toEqual({ width, height });
  const flipped = await request.get(`${image}&flip=1&size=30`);
  expect(pngSize(await flipped.body())).toEqual({ width: Math.round(width / 2), height: Math.round(height / 2) });
  const svg = await request.get(`${APP_URL}/games/${id}/board.svg?ply=0`);
  expect(svg.headers()["content-type"]).toContain("image/svg+xml");
  expect(await svg.text()).toContain("<svg");
  expect((await request.get(`${APP_URL}/games/${id}/board.png?ply=99`)).status()).toBe(404);
  expect((await request.get(`${APP_URL}/games/${id}/board.png?ply=x`)).status()).toBe(400);

  // A link-preview crawler gets the same tags in the document head.
  const html = await (await request.get(`${APP_URL}/games/${id}?ply=5`, { headers: { "user-agent": "facebookexternalhit/1.1" } })).text();
  const head = html.slice(0, html.indexOf("</head>"));
  expect(head).toContain(`<meta property="og:image" content="${image.replace(/&/g, "&amp;")}"/>`);

  // The page itself at that ply: the game page shows the position.
  await page.screenshot({ path: test.info().outputPath("ply5.png"), fullPage: true, animations: "disabled" });
});

test("a downloaded record imports again as the same game; a broken one names its first bad move", async ({ request }) => {
  const id = await importRecord(page, compound);
  const download = await page.request.get(`/games/${id}/record`);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-disposition"]).toMatch(/^attachment; filename="compound-.*\.txt"$/);
  const text = await download.text();
  expect(text).toContain('[Variant "compound"]');
  expect(text).toContain("1. S e2-e3 s e7-e6 0-1");
  expect((await request.get(`${APP_URL}/games/${id}/pgn`)).status()).toBe(404);

  // Upload the downloaded file this time.
  await page.goto("/import");
  await page.getByLabel(/upload a file/).setInputFiles({ name: "game.txt", mimeType: "text/plain", buffer: Buffer.from(text) });
  await page.getByRole("button", { name: "Import the game" }).click();
  await expect(page).toHaveURL(/\/games\/[0-9a-f-]{36}$/);
  const copyId = new URL(page.url()).pathname.split("/")[2];
  expect(copyId).not.toBe(id);
  const again = await (await page.request.get(`/games/${copyId}/record`)).text();
  expect(again).toBe(text);

  const chess = await importRecord(page, scholar);
  const pgn = await page.request.get(`/games/${chess}/pgn`);
  expect(await pgn.text()).toContain("4. Qxf7# 1-0");

  await page.goto("/import");
  await page.getByLabel("Paste a record").fill("1. P e2-e4 p e7-e5 2. N g1-f3 n b8-b6 1-0");
  await page.getByRole("button", { name: "Import the game" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "cannot be imported" })).toContainText("move 2, Black: n b8-b6 is not a legal move here");
  await expect(page).toHaveURL("/import");
  await expect(page.getByLabel("Paste a record")).toHaveValue(/n b8-b6/);
});

test("a file over the size limit: the browser says so before sending; without JavaScript, the server does", async ({ browser }) => {
  const big = (bytes: number) => ({ name: "big.pgn", mimeType: "text/plain", buffer: Buffer.from(`${scholar}{${"x".repeat(bytes)}}`) });
  const posts: string[] = [];
  const onRequest = (r: Request) => {
    if (r.method() === "POST") posts.push(r.url());
  };
  page.on("request", onRequest);
  await page.goto("/import");
  await page.getByLabel(/upload a file/).setInputFiles(big(1_500_000));
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("The file is too large (limit 500 kB).");
  await page.getByRole("button", { name: "Import the game" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("The file is too large (limit 500 kB).");
  await expect(page).toHaveURL("/import");
  expect(posts).toEqual([]);
  page.off("request", onRequest);
  // A file that fits clears the message and imports.
  await page.getByLabel(/upload a file/).setInputFiles({ name: "game.pgn", mimeType: "text/plain", buffer: Buffer.from(scholar) });
  await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
  await page.getByRole("button", { name: "Import the game" }).click();
  await expect(page).toHaveURL(/\/games\/[0-9a-f-]{36}$/);

  // Without JavaScript the form posts whatever is chosen: over the file limit, the
  // action answers; over the request limit too, the proxy does (not a bare 500).
  const plain = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const p = await plain.newPage();
  await p.goto("/import");
  await p.getByLabel(/upload a file/).setInputFiles(big(700_000));
  await p.getByRole("button", { name: "Import the game" }).click();
  await expect(p.getByRole("main").getByRole("alert")).toHaveText("The file is too large (limit 500 kB).");
  await p.getByLabel(/upload a file/).setInputFiles(big(1_500_000));
  const [response] = await Promise.all([p.waitForResponse((r) => r.request().method() === "POST"), p.getByRole("button", { name: "Import the game" }).click()]);
  expect(response.status()).toBe(413);
  await expect(p.getByText("The file is too large (limit 500 kB).")).toBeVisible();
  await expect(p.getByRole("link", { name: "Import a game" })).toHaveAttribute("href", "/import");
});

test("a private game is not found by a stranger: not listed, no picture, no record, no preview", async ({ browser }) => {
  const id = await importRecord(page, scholar, "Only me");
  expect((await page.request.get(`/games/${id}/board.png`)).status()).toBe(200);
  expect((await page.request.get(`/games/${id}/record`)).status()).toBe(200);

  const stranger = await browser.newContext();
  const s = await stranger.newPage();
  for (const path of [`/games/${id}/board.png?ply=1`, `/games/${id}/board.svg`, `/games/${id}/record`, `/games/${id}/pgn`]) {
    const r = await s.request.get(path);
    expect(r.status(), path).toBe(404);
    expect(await r.text()).not.toContain(WHITE);
  }
  const pageResponse = await s.goto(`/games/${id}`);
  expect(pageResponse?.status()).toBe(404);
  await expect(s.locator('meta[property="og:image"]')).toHaveCount(0);
  await s.goto(`/games?player=${WHITE}`);
  await expect(s.locator(`tr[data-game="${id}"]`)).toHaveCount(0);
});

test("a player's feed is valid Atom", async () => {
  const r = await page.request.get(`/players/Arch${suffix}/feed.xml`);
  expect(r.status()).toBe(200);
  expect(r.headers()["content-type"]).toBe("application/atom+xml; charset=utf-8");
  const xml = await r.text();
  const root = await page.evaluate((x) => {
    const doc = new DOMParser().parseFromString(x, "application/xml");
    return doc.querySelector("parsererror") ? "parsererror" : `${doc.documentElement.namespaceURI} ${doc.documentElement.localName}`;
  }, xml);
  expect(root).toBe("http://www.w3.org/2005/Atom feed");
  expect((await page.request.get("/players/nobody-at-all-here/feed.xml")).status()).toBe(404);
});
