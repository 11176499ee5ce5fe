/**
 * The accessibility check of the browser tests (docs/accessibility.md): axe-core over the
 * page as it stands, every WCAG 2.x A and AA rule, and no violation of "serious" or
 * "critical" impact allowed. A failure lists each rule with the elements it found.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

const BLOCKING = new Set(["serious", "critical"]);

/** The serious and critical violations on `page`, one line per rule and element. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // A page reached by a client-side navigation (a server action's redirect) gets its title when its
  // metadata arrives, which may be after its content: axe judges the page once it has one, and
  // reports the missing title itself if none comes.
  await page.waitForFunction(() => document.title.trim() !== "", null, { timeout: 10_000 }).catch(() => {});
  // Legacy mode runs axe in the page itself: the default opens a second page per check to
  // merge frames' results, several seconds each on a loaded machine, and the pages have no frames.
  const results = await new AxeBuilder({ page }).setLegacyMode(true).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  return results.violations
    .filter((v) => BLOCKING.has(v.impact ?? ""))
    .flatMap((v) => v.nodes.map((n) => `${v.impact} ${v.id}: ${n.target.join(" ")} — ${n.failureSummary?.replace(/\s+/g, " ") ?? v.help}`));
}

/** Asserts (softly, so one run reports every page) that `page` has no serious or critical violation. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  expect.soft(await seriousViolations(page), `${what} (${new URL(page.url()).pathname})`).toEqual([]);
}
