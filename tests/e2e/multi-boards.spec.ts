/**
 * The boards of the games for more than two in the browser (docs/accessibility.md#boards-for-more-than-two):
 * each game's page with its start position, armies and rules in short, its picture turned to
 * every army, and the variants list's cards. The screenshots (test-results) are to be looked at:
 * hexagons touching, pieces centred, the armies' colours told apart.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { multiGameInfo, multiVariantIds } from "../../lib/rules";
import { expectAccessible } from "./support/axe";

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true, animations: "disabled" });

test("each game's page shows its start position, rules in short, armies and pieces", async ({ page }) => {
  test.slow(); // eight pages, each through axe
  for (const id of multiVariantIds()) {
    const info = multiGameInfo(id);
    await page.goto(`/variants/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(info.name);
    await expect(page.locator("figure [data-cell]")).toHaveCount(info.cells.length);
    await expect(page.locator("figure [data-piece]")).toHaveCount(info.start.split(" ")[0].match(/[a-z][A-Z]/g)!.length);
    await expect(page.getByRole("region", { name: "Rules in short" }).getByRole("listitem")).toHaveCount(info.summary.length);
    await expect(page.getByRole("region", { name: "Armies" }).getByRole("listitem")).toHaveText(info.armies.map((a) => new RegExp(`^\\s*${a.name} ${a.letter}`)));
    for (const p of info.pieces) await expect(page.getByRole("region", { name: "Pieces" }).getByText(p.betza, { exact: true }).first()).toBeVisible();
    // The pieces stand in the middle of their cells: each piece's box centred on its cell's.
    const offsets = await page.evaluate(() =>
      [...document.querySelectorAll("figure [data-piece]")].map((g) => {
        const cell = document.querySelector(`figure [data-cell="${g.getAttribute("data-at")}"]`)!.getBoundingClientRect();
        const p = g.getBoundingClientRect();
        return Math.max(Math.abs(p.x + p.width / 2 - (cell.x + cell.width / 2)), Math.abs(p.y + p.height / 2 - (cell.y + cell.height / 2))) / cell.width;
      }));
    expect(Math.max(...offsets), id).toBeLessThan(0.12);
    await expectAccessible(page, id);
    await page.locator("figure").screenshot({ path: test.info().outputPath(`board-${id}.png`), animations: "disabled" });
  }
});

test("every army's picture has that army at the bottom", async ({ page }) => {
  test.slow(); // a picture for every army of three games
  for (const id of ["three-player", "four-seasons", "eight-player-teams"]) {
    for (const army of multiGameInfo(id).armies) {
      const r = await page.request.get(`/variants/${id}/board.svg?army=${army.letter}&size=24`);
      expect(r.status()).toBe(200);
      await page.goto(`/variants/${id}/board.svg?army=${army.letter}&size=24`);
      // This army's king stands lowest on the picture (beside its neighbour's where two armies share a side).
      const { mine, lowest } = await page.evaluate((letter) => {
        const kings = [...document.querySelectorAll('[data-piece$="K"]')].map((g) => ({ army: g.getAttribute("data-army"), y: g.getBoundingClientRect().bottom }));
        return { mine: kings.find((k) => k.army === letter)!.y, lowest: Math.max(...kings.map((k) => k.y)) };
      }, army.letter);
      expect(mine, `${id} ${army.name}`).toBeGreaterThan(lowest - 2);
      // One turned picture of each game to look at (the pages show the first army's).
      // The viewport, not the full page: Chromium's full-page shot of a bare SVG document never finishes.
      if (army.letter === multiGameInfo(id).armies.at(-1)!.letter) await page.screenshot({ path: test.info().outputPath(`picture-${id}-${army.letter}.png`), animations: "disabled" });
    }
  }
});

test("the variants list shows the eight games with their start positions", async ({ page }) => {
  await page.goto("/variants");
  for (const id of multiVariantIds()) {
    const card = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: multiGameInfo(id).name, exact: true }) });
    await expect(card.getByRole("link")).toHaveAttribute("href", `/variants/${id}`);
    const img = card.getByRole("img", { name: "The start position" });
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
    await expect(card).toContainText(`${multiGameInfo(id).armies.length} players`);
  }
  await shot(page, "variants-list");
});
