import { defineConfig } from "@playwright/test";

export const E2E_PORT = 3100;
export const MAIL_API_PORT = 3101;

// Debian's Chromium (nothing downloads browsers here); flags per STACK.md pitfall 11.
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
    // A fresh PostgreSQL database, a real SMTP server and `next start` (after `next build`).
    command: "npx tsx tests/e2e/support/serve.ts",
    url: `http://localhost:${MAIL_API_PORT}/ready`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
  },
});
