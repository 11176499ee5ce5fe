/**
 * Security headers over real HTTP (next start): a Content-Security-Policy with a
 * fresh nonce, frame-ancestors 'none' and X-Frame-Options DENY on pages, route
 * handlers, 404s and assets, no X-Powered-By; the board picture keeps its own
 * policy. And in Chromium: the main pages raise no CSP violation and still work
 * under the policy (their scripts run).
 */
import type { APIResponse, Browser, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { signIn, uniqueEmail } from "./support/fixtures";

const suffix = Date.now().toString(36).slice(-5);
const RECORD = `[White "Csp${suffix}"]\n[Black "Nonce${suffix}"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n`;

test.describe.configure({ mode: "serial" });

let page: Page;
let gameId: string;

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  page = await (await browser.newContext()).newPage();
  await signIn(page, uniqueEmail("headers"), `Hdr${suffix}`);
  await page.goto("/import");
  await page.getByLabel("Paste a record").fill(RECORD);
  await page.getByRole("button", { name: "Import the game" }).click();
  await expect(page).toHaveURL(/\/games\/[0-9a-f-]{36}$/);
  gameId = new URL(page.url()).pathname.split("/")[2];
});

function nonceOf(r: APIResponse): string {
  const policy = r.headers()["content-security-policy"] ?? "";
  const directives = policy.split(";").map((d) => d.trim());
  expect(directives).toContain("frame-ancestors 'none'");
  expect(directives).toContain("object-src 'none'");
  expect(directives).toContain("base-uri 'self'");
  const script = directives.find((d) => d.startsWith("script-src "));
  expect(script, policy).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/]{22}==' 'strict-dynamic'$/);
  expect(r.headers()["x-frame-options"]).toBe("DENY");
  expect(r.headers()["x-content-type-options"]).toBe("nosniff");
  expect(r.headers()["x-powered-by"]).toBeUndefined();
  return /'nonce-([^']+)'/.exec(script!)![1];
}

test("every kind of response has the headers; pages carry this request's nonce on their scripts", async () => {
  const request = page.request;
  const home = await request.get("/");
  expect(home.status()).toBe(200);
  const nonce = nonceOf(home);
  const html = await home.text();
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  // A fresh one each time.
  expect(nonceOf(await request.get("/"))).not.toBe(nonce);

  for (const [path, status] of [
    [`/games/${gameId}`, 200],
    ["/import", 200],
    [`/games/${gameId}/record`, 200], // route handlers
    [`/games/${gameId}/state`, 200],
    ["/api/auth/session", 200],
    ["/no-such-page", 404],
    ["/games/no-such-game", 404],
    [`/games/${gameId}/board.png`, 200],
    ["/icon.svg", 200],
  ] as const) {
    const r = await request.get(path);
    expect(r.status(), path).toBe(status);
    nonceOf(r);
  }
  const asset = /<script[^>]+src="(\/_next\/static\/[^"]+)"/.exec(html)![1];
  nonceOf(await request.get(asset));
});

test("the board picture keeps its own policy", async () => {
  const svg = await page.request.get(`/games/${gameId}/board.svg`);
  expect(svg.status()).toBe(200);
  expect(svg.headers()["content-security-policy"]).toBe("default-src 'none'; style-src 'unsafe-inline'");
  expect(svg.headers()["x-frame-options"]).toBe("DENY");
  expect(svg.headers()["x-powered-by"]).toBeUndefined();
});

test("a request body over the limit is refused with a message, before it is read", async () => {
  const r = await page.request.post("/import", { multipart: { file: { name: "big.pgn", mimeType: "text/plain", buffer: Buffer.alloc(1_500_000, "x") } } });
  expect(r.status()).toBe(413);
  expect(await r.text()).toContain("The file is too large (limit 500 kB).");
  nonceOf(r);
});

test("the main pages raise no CSP violation, and their scripts run", async ({ browser }) => {
  const violations: string[] = [];
  const watch = async (p: Page) => {
    await p.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (e) => {
        (window as unknown as { violations: string[] }).violations ??= [];
        (window as unknown as { violations: string[] }).violations.push(`${e.violatedDirective} ${e.blockedURI}`);
      });
    });
    p.on("console", (m) => {
      if (/Content.Security.Policy|Refused to/i.test(m.text())) violations.push(`${p.url()}: ${m.text()}`);
    });
  };
  const check = async (p: Page) => {
    await p.waitForLoadState("load");
    const seen = await p.evaluate(() => (window as unknown as { violations?: string[] }).violations ?? []);
    violations.push(...seen.map((v) => `${p.url()}: ${v}`));
  };
  const stranger = await (await browser.newContext()).newPage();
  await watch(stranger);
  await watch(page);

  for (const path of ["/", "/games", "/lobby", "/variants", "/variants/chess", "/no-such-page"]) {
    await stranger.goto(path);
    await check(stranger);
  }
  await stranger.goto("/signin");
  await stranger.getByLabel("Email address").fill("not an address");
  await check(stranger);

  // The game page: choosing a move in the list shows its position (React at work).
  await page.goto(`/games/${gameId}`);
  const first = page.getByRole("button", { name: "P e2-e4: show the position after it" });
  await first.click();
  await expect(first).toHaveAttribute("aria-current", "step");
  await check(page);
  // The import page: the size check runs in the browser.
  await page.goto("/import");
  await page.getByLabel(/upload a file/).setInputFiles({ name: "big.pgn", mimeType: "text/plain", buffer: Buffer.alloc(600_000, "x") });
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("The file is too large (limit 500 kB).");
  await check(page);
  for (const path of ["/settings", "/challenge"]) {
    await page.goto(path);
    await check(page);
  }
  expect(violations).toEqual([]);
});
