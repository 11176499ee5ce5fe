/**
 * Playwright's `test`, closing the browser contexts a test opens itself (`browser.newContext()`:
 * every player of support/play.ts, every stranger and spectator). Playwright closes only the
 * contexts of its own `context` fixture, and with one worker one browser runs every file: left
 * open, each game page went on polling and holding its event stream, some sixty by the suite's
 * end, loading the server the later tests wait on (a CI run's reply-by-email test failed with 62
 * pages open). A context a file opens in `beforeAll` lives until a test of another file starts.
 */
import { test as base, type BrowserContext } from "@playwright/test";

export { expect } from "@playwright/test";

const openedByFile = new WeakMap<BrowserContext, string>();

export const test = base.extend<{ closesItsContexts: void }>({
  closesItsContexts: [
    async ({ browser }, use, testInfo) => {
      for (const context of browser.contexts()) {
        // Unseen before this test: opened by this file's beforeAll, so it serves the file's tests.
        if (!openedByFile.has(context)) openedByFile.set(context, testInfo.file);
        else if (openedByFile.get(context) !== testInfo.file) await context.close();
      }
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(browser.contexts().filter((context) => !before.has(context)).map((context) => context.close()));
    },
    { auto: true },
  ],
});
