import { defineConfig } from "@playwright/test";

// A port pair per run (chosen once, inherited by the workers), so two runs on one
// machine never meet; serve.ts takes a lock so their builds happen one at a time.
process.env.E2E_PORT ??= String(3100 + 2 * Math.floor(Math.random() * 400));
export const E2E_PORT = Number(process.env.E2E_PORT);
export const MAIL_API_PORT = E2E_PORT + 1;
// The app's database, named here so the workers can reach it too (support/play.ts, serviceMoves).
process.env.E2E_DB_NAME ??= `e2e_${Date.now().toString(36)}_${E2E_PORT}`;

// Debian's Chromium (nothing downloads browsers here); flags per docs/stack-notes.md pitfall 11.
export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic",
      ],
    },
  },
  webServer: {
    // Builds the app, then serves it with a fresh PostgreSQL database and a real SMTP server.
    command: "npx tsx tests/e2e/support/serve.ts",
    url: `http://localhost:${MAIL_API_PORT}/ready`,
    timeout: 900_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
  },
});
