/**
 * The app on its embedded defaults, as a newcomer runs it: its own `next start` of
 * the same build with no DATABASE_URL (PGlite in a fresh temporary PGLITE_DIR), no
 * SMTP settings and DEV_MAILBOX=1. A sign-in email lands in the dev mailbox, the
 * page shows its link, and following the link signs the user in.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "./support/test";
import { expectAccessible } from "./support/axe";
import { DIST, uniqueEmail } from "./support/fixtures";

let server: ChildProcess | undefined;
let origin = "";
let dataDir = "";
let output = "";

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", () => r()));
  const { port } = s.address() as { port: number };
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const port = await freePort();
  origin = `http://localhost:${port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), "courier-mailbox-"));
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) if (/^(DATABASE_URL|SMTP_|MAIL_FROM|PGLITE_DIR|OUTBOX_WORKER)/.test(name)) delete env[name];
  Object.assign(env, {
    NODE_ENV: "production",
    NEXT_DIST_DIR: DIST,
    PGLITE_DIR: path.join(dataDir, "pglite"),
    DEV_MAILBOX: "1",
    SITE_URL: origin,
    AUTH_URL: origin,
    // A generated secret would land in the project's .data (tested in tests/integration/embedded-defaults.test.ts).
    AUTH_SECRET: "dev-mailbox-test-secret-0123456789abcdef",
  });
  server = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-p", String(port)], { env, stdio: ["ignore", "pipe", "pipe"] });
  server.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  server.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  await expect.poll(async () => {
    if (server!.exitCode !== null) throw new Error(`next start exited with ${server!.exitCode}:\n${output}`);
    return fetch(`${origin}/signin`).then((r) => r.status, () => 0);
  }, { timeout: 120_000, intervals: [500] }).toBe(200);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once("exit", r));
    server.kill("SIGTERM");
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test("with no SMTP server, a sign-in email lands in the dev mailbox and its link signs the user in", async ({ page }) => {
  const email = uniqueEmail("newcomer");
  await page.goto(`${origin}/dev/mailbox`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dev mailbox");

  await page.goto(`${origin}/signin`);
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: /sign-in link/i }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your mail");

  // The worker puts it in the mailbox shortly after; the page reads it at each visit.
  const mail = page.locator("article", { hasText: `To ${email}` });
  await expect.poll(async () => {
    await page.goto(`${origin}/dev/mailbox`);
    return mail.count();
  }, { timeout: 30_000 }).toBe(1);
  await expect(mail.getByRole("heading", { level: 2 })).toHaveText(/sign in/i);
  const link = mail.getByRole("link", { name: new RegExp(`^${origin}/api/auth/callback/`) });
  await expect(link).toHaveCount(1);
  // The HTML version too, in a frame that runs nothing of the email's.
  // A sign-in link is long: on a phone it wraps instead of widening the page.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
  const frame = mail.locator("iframe");
  await expect(frame).toHaveAttribute("sandbox", "");
  await expect(mail.frameLocator("iframe").getByRole("link", { name: /sign in/i })).toBeVisible();
  await expectAccessible(page, "the dev mailbox, an email in it");

  await link.click();
  await expect(page).toHaveURL(/\/welcome/);
  const name = `Newcomer${Date.now().toString(36).slice(-5)}`;
  await page.getByLabel("Display name").fill(name);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).not.toHaveURL(/\/welcome/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Hello, ${name}`);
  // The header follows at once, without a reload.
  const account = page.getByRole("navigation", { name: "Account" });
  await expect(account.getByRole("link", { name, exact: true })).toBeVisible();
  await expect(account.getByRole("link", { name: "Choose a name" })).toHaveCount(0);
  // Signed in for good: a fresh load of a page that needs a session.
  await page.goto(`${origin}/settings`);
  await expect(page).toHaveURL(`${origin}/settings`);
  await expect(page.getByRole("navigation", { name: "Account" }).getByRole("link", { name, exact: true })).toBeVisible();
});
