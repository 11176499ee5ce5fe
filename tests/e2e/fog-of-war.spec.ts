/**
 * Fog of War over real HTTP (docs/games/fog-of-war.md):
 * - the pages leak nothing of a game in progress: the game page (HTML and its RSC
 *   payload), the lists (home, lobby, player page), the archive and its filters, the
 *   variant page, as White, Black, a signed-in stranger and signed out. Twin games
 *   whose positions differ only where a role cannot see answer that role the same
 *   (ids and times aside), and no answer names an unseen square or an unseen move;
 * - two players play a game to a king captured, each board showing only its own view
 *   (screenshots of both after the same move in test-results/fog-shots/, or FOG_SHOTS_DIR).
 * The route handlers, emails and pictures: tests/integration/fog-leaks.test.ts.
 */
import { mkdirSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { Game, variantInfo, viewFen } from "../../lib/rules";
import {
  FOG, LINES, TWINS, boardSquares, fenOf, hiddenMoves, leaksIn, normaliseRsc, pageLeaks, pageShown, squareName, unseenByPly, unseenSquares,
  type Line, type Role,
} from "../support/fog";
import { clickMove, newPlayer, serviceMoves, startGame, status, type Player } from "./support/play";

const SHOTS = process.env.FOG_SHOTS_DIR ?? "test-results/fog-shots";

/** The board as `page` draws it: the pieces by square, and the squares drawn as fog. */
async function drawnBoard(page: Page): Promise<{ pieces: Map<string, string>; fog: Set<string> }> {
  const board = page.getByRole("region", { name: "Board" });
  const pieces = await board.locator("[data-piece][data-at]").evaluateAll((els) =>
    els.map((e) => [e.getAttribute("data-at")!, e.getAttribute("data-piece")!] as [string, string]));
  const fog = await board.locator("[data-fog]").evaluateAll((els) => els.map((e) => e.getAttribute("data-fog")!));
  return { pieces: new Map(pieces), fog: new Set(fog) };
}

/** Checks that `page` draws exactly `side`'s view of `fen`: its pieces where the view has them, fog on every `?`. */
async function expectShowsView(page: Page, fen: string, side: "white" | "black"): Promise<void> {
  const view = boardSquares(viewFen(FOG, fen, side).split(" ")[0]);
  const pieces = new Map(view.flatMap((c, i) => (c && c !== "?" ? [[squareName(i), (c === c.toUpperCase() ? "w" : "b") + c.toUpperCase()]] : [])));
  const fog = new Set(view.flatMap((c, i) => (c === "?" ? [squareName(i)] : [])));
  await expect.poll(async () => {
    const drawn = await drawnBoard(page);
    return { pieces: [...drawn.pieces].sort(), fog: [...drawn.fog].sort() };
  }).toEqual({ pieces: [...pieces].sort(), fog: [...fog].sort() });
}


test.describe("Fog of War", () => {
  let alice: Player, bob: Player, carol: Player;
  let anonymous: APIRequestContext;
  const ids = {} as Record<Line, string>;

  test.beforeAll(async ({ browser, playwright }) => {
    test.setTimeout(180_000);
    [alice, bob, carol] = [await newPlayer(browser, "Fogw"), await newPlayer(browser, "Fogb"), await newPlayer(browser, "Fogs")];
    anonymous = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  });

  test("pages of a game in progress leak nothing to anyone", async () => {
    test.setTimeout(180_000);
    for (const line of Object.keys(LINES) as Line[]) {
      const path = await startGame(alice, bob, FOG, "White");
      ids[line] = path.split("/").pop()!;
      // Only the pages that follow are under test here: the game service plays the moves.
      await serviceMoves(path, alice, bob, [...LINES[line]]);
    }
    const requestOf = (role: Role) =>
      role === "white" ? alice.page.request : role === "black" ? bob.page.request : role === "stranger" ? carol.page.request : anonymous;
    const pages = (id: string) => [
      `/games/${id}`, `/games/${id}?ply=2`, `/games/${id}?ply=4`, "/", "/lobby", `/players/${alice.name}`, `/players/${bob.name}`,
      "/games", `/games?variant=${FOG}`, "/games?status=ongoing", `/games?player=${alice.name}`, `/variants/${FOG}`, "/dev/mailbox",
    ];
    const failures: string[] = [];
    for (const role of ["white", "black", "stranger", "signed-out"] as Role[]) {
      const request = requestOf(role);
      const seen = {} as Record<Line, string[]>;
      for (const line of Object.keys(LINES) as Line[]) {
        seen[line] = [];
        // Pages listing every game: a position shown there must hide what this role cannot see in any of them.
        const everywhere = [unseenSquares(fenOf(line), "signed-out")];
        for (const path of pages(ids[line])) {
          const own = path.startsWith(`/games/${ids[line]}`);
          const unseen = own ? unseenByPly(line, role) : everywhere;
          const hidden = own ? hiddenMoves(line, role) : [...new Set(Object.values(LINES).flat())];
          for (const rsc of [false, true]) {
            const r = await request.get(path, { headers: rsc ? { RSC: "1" } : {} });
            const body = await r.text();
            const cell = `${path.replace(ids[line], "<id>")}${rsc ? " (RSC)" : ""} × ${role}`;
            if (r.status() >= 500) failures.push(`${cell}: ${r.status()}`);
            const drawnUnseen = unseen[Math.min(Number(path.match(/ply=(\d)/)?.[1] ?? 4), unseen.length - 1)];
            for (const leak of [...leaksIn(body, unseen, hidden), ...pageLeaks(body, drawnUnseen, !own)]) failures.push(`${cell} [${line}]: ${leak}`);
            if (own) seen[line].push(`${cell}\n${r.status()}\n${rsc ? normaliseRsc(body) : pageShown(body)}`);
          }
        }
      }
      for (const twin of TWINS[role]) {
        seen.base.forEach((text, i) => {
          const other = seen[twin][i];
          if (other === text) return;
          let at = 0;
          while (text[at] === other[at]) at++;
          const around = (t: string) => JSON.stringify(t.slice(Math.max(0, at - 60), at + 60));
          failures.push(`${text.split("\n")[0]}: base and ${twin} differ at ${around(text)} / ${around(other)}`);
        });
      }
    }
    expect(failures).toEqual([]);
  });

  test("two players play to a king captured, each seeing only their own view", async () => {
    test.setTimeout(120_000);
    await startGame(alice, bob, FOG, "White");
    const game = Game.start(FOG, variantInfo(FOG).startFen);
    const play = async (page: Page, text: string, from: string, to: string) => {
      await expect(status(page)).toHaveText("Your move.");
      await clickMove(page, text, from, to);
      game.play(text);
    };
    await play(alice.page, "P e2-e3", "e2", "e3");
    await bob.page.reload();
    await play(bob.page, "p f7-f6", "f7", "f6");
    await alice.page.reload();
    await play(alice.page, "Q d1-h5", "d1", "h5");
    // After the same move: White sees Black's king on e8 through f7; Black does not see the queen.
    await bob.page.reload();
    for (const [player, side] of [[alice, "white"], [bob, "black"]] as const) {
      await expectShowsView(player.page, game.fen(), side);
      await expect(player.page.locator(`[data-fog]`).first()).toBeVisible();
    }
    const whiteView = await drawnBoard(alice.page);
    const blackView = await drawnBoard(bob.page);
    expect(whiteView.pieces.get("e8")).toBe("bK");
    expect(blackView.pieces.has("h5")).toBe(false);
    expect(blackView.fog.has("h5")).toBe(true);
    mkdirSync(SHOTS, { recursive: true });
    await alice.page.getByRole("region", { name: "Board" }).screenshot({ path: `${SHOTS}/fog-white.png` });
    await bob.page.getByRole("region", { name: "Board" }).screenshot({ path: `${SHOTS}/fog-black.png` });

    await play(bob.page, "p a7-a6", "a7", "a6");
    await alice.page.reload();
    await play(alice.page, "Q h5-e8", "h5", "e8");
    for (const page of [alice.page, bob.page]) {
      await page.reload();
      await expect(status(page)).toContainText("by capturing the king");
    }
    // Over: the whole game is shown, nothing fogged; the replay shows either player's view at any ply.
    await expect(alice.page.locator("[data-fog]")).toHaveCount(0);
    const replay = Game.start(FOG, variantInfo(FOG).startFen);
    for (const m of ["P e2-e3", "p f7-f6", "Q d1-h5"]) replay.play(m);
    const page = carol.page;
    await page.goto(`${new URL(alice.page.url()).pathname}?ply=3`);
    await expect(page.locator("[data-fog]")).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Board" }).locator('[data-piece="wQ"][data-at="h5"]')).toHaveCount(1);
    for (const side of ["white", "black"] as const) {
      await page.getByRole("radio", { name: `${side === "white" ? "White" : "Black"}'s view` }).check();
      await expectShowsView(page, replay.fen(), side);
    }
    await page.getByRole("radio", { name: "the full board" }).check();
    await expect(page.locator("[data-fog]")).toHaveCount(0);
  });
});
