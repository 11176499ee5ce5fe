/**
 * Presets in real Chromium (docs/presets.md#in-the-service): a player writes a preset in the
 * editor, sees its problem next to its line, previews it (the start position, a piece's legal
 * moves, perft 2), publishes it with a Markdown rules text that comes out harmless, challenges
 * with it, and the two players play moves the rules check (an illegal one refused); a new
 * version leaves the game on the one it started with; nobody else publishes under its address.
 */
import { expect, test } from "./support/test";
import { declareVariant, parsePreset, unwrap } from "../../lib/rules";
import { wazirGame, WAZIR_GAME } from "../support/presets";
import { moveList, newPlayer, pieceAt, square, startGame, status, typeMove, type Player } from "./support/play";

let alice: Player;
let bob: Player;

test.beforeAll(async ({ browser }) => {
  alice = await newPlayer(browser, "Alice");
  bob = await newPlayer(browser, "Bob");
});

test("write, preview and publish a preset, challenge with it, and play moves the rules check", async () => {
  const a = alice.page;
  const slug = `wazirs-${alice.name.toLowerCase()}`;
  const variant = `preset.${slug}.1`;

  await a.goto("/presets/new");
  const presetText = (page: typeof a) => page.getByRole("textbox", { name: "The preset", exact: true });
  const text = presetText(a);
  // A problem is shown next to its line, the line's number marked.
  const broken = WAZIR_GAME.replace("piece: W, Wazir, W", "piece: W, Wazir, W, bogus option");
  const badLine = broken.split("\n").findIndex((l) => l.includes("bogus")) + 1;
  await text.fill(broken);
  await expect(a.getByRole("main").getByRole("alert")).toContainText(`Line ${badLine}:`);
  await expect(a.getByRole("main").getByRole("alert")).toContainText("bogus option");
  await expect(a.locator(".preset-gutter li.problem")).toHaveText(String(badLine));
  await expect(a.getByRole("button", { name: "Publish" })).toBeDisabled();

  // The preview: the start position, perft to depth 2, a clicked piece's legal moves.
  await text.fill(WAZIR_GAME);
  await expect(a.locator(".preset-gutter li.problem")).toHaveCount(0);
  await expect(pieceAt(a, "wW", "c1")).toHaveCount(1);
  await expect(pieceAt(a, "bK", "d6")).toHaveCount(1);
  await expect(a.getByTestId("perft-1")).toHaveText("7");
  await expect(a.getByTestId("perft-2")).toHaveText("49");
  await square(a, "c1").click();
  await expect(a.locator('[data-highlight="target"]')).toHaveCount(1);
  await expect(a.getByTestId("preview-moves")).toHaveText("From c1: b1.");
  // The wazir has no drawing: its letter in a disc.
  await expect(pieceAt(a, "wW", "c1").locator('[data-glyph="W"]')).toHaveCount(1);

  await a.getByLabel("Name").fill(`Wazir Chess ${alice.name}`);
  await a.getByLabel("Address").fill(slug);
  await a.getByLabel(/^Rules, in Markdown/).fill(
    "The **wazir** steps one square.\n\n<script>window.pwned = 1</script>\n\n[a trap](javascript:window.pwned=2) <img src=x onerror=\"window.pwned=3\">",
  );
  await a.getByRole("button", { name: "Publish" }).click();
  await expect(a).toHaveURL(new RegExp(`/presets/${slug}$`));
  await expect(a.getByRole("heading", { level: 1 })).toHaveText(`Wazir Chess ${alice.name}`);
  await expect(a.getByText(`A preset by ${alice.name}`)).toBeVisible();
  const rules = a.locator(".preset-rules");
  await expect(rules.locator("strong")).toHaveText("wazir");
  await expect(rules.locator("script, img, a")).toHaveCount(0);
  await expect(rules).toContainText("a trap");
  expect(await a.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();

  // The variants index lists it apart from the built-in games.
  await a.goto("/variants");
  await expect(a.getByRole("region", { name: "Presets by players" }).getByRole("link", { name: `Wazir Chess ${alice.name}` })).toBeVisible();
  await expect(a.locator("ul.variant-grid").getByRole("link", { name: "Chess", exact: true })).toBeVisible();
  await expect(a.locator("ul.variant-grid").getByRole("link", { name: `Wazir Chess ${alice.name}` })).toHaveCount(0);

  // Only its author publishes new versions under its address.
  const b = bob.page;
  await b.goto(`/presets/new?from=${slug}`);
  await expect(presetText(b)).toHaveValue(WAZIR_GAME);
  await b.getByLabel("Name").fill("Bob's Wazirs");
  await b.getByLabel("Address").fill(slug);
  await b.getByRole("button", { name: "Publish" }).click();
  await expect(b.getByRole("main").getByRole("alert")).toContainText("only its author publishes new versions");

  // Challenge with it (the helper names the sides from the rules, as the test's own process knows them).
  declareVariant({ ...unwrap(parsePreset(WAZIR_GAME)).decl, id: variant, name: `Wazir Chess ${alice.name}` });
  const path = await startGame(alice, bob, variant, "White");
  await expect(a.getByRole("heading", { level: 1 })).toHaveText(`Wazir Chess ${alice.name}`);
  await expect(pieceAt(a, "wW", "c1").locator('[data-glyph="W"]')).toHaveCount(1);

  // An illegal move is refused; legal ones are played and judged by the server.
  await a.getByLabel("Move in notation").fill("W c1-c3");
  await a.getByRole("button", { name: "Play", exact: true }).click();
  await expect(a.getByRole("main").getByRole("alert")).toHaveText("W c1-c3 is not a legal move here.");
  await expect(pieceAt(a, "wW", "c1")).toHaveCount(1);
  await typeMove(a, "W c1-b1");
  await expect(status(b)).toHaveText("Your move.");
  await typeMove(b, "p a5-a4");
  await expect(status(a)).toHaveText("Your move.");

  // A new version: the wazir only steps forward. The game keeps the version it started with.
  await a.goto(`/presets/new?from=${slug}`);
  await presetText(a).fill(wazirGame("fW"));
  await expect(a.getByTestId("perft-1")).toHaveText("6");
  await a.getByRole("button", { name: "Publish a new version" }).click();
  await expect(a).toHaveURL(new RegExp(`/presets/${slug}$`));
  await expect(a.getByText(/version 2/).first()).toBeVisible();
  await a.goto(path);
  await expect(status(a)).toHaveText("Your move.");
  // Sideways is a wazir's move in version 1 only.
  await typeMove(a, "W b1-a1");
  await expect(status(b)).toHaveText("Your move.");
  await expect(moveList(b)).toContainText("W b1-a1");
  const state = (await (await a.request.get(`${path}/state`)).json()) as { moves: string[]; variant: string };
  expect(state.moves).toEqual(["W c1-b1", "p a5-a4", "W b1-a1"]);

  // The preset's page and the archive list its game.
  await a.goto(`/games?preset=${slug}`);
  await expect(a.locator(`a[href="${path}"]`).first()).toBeVisible();
  await a.goto(`/presets/${slug}`);
  await expect(a.getByRole("region", { name: "Games" }).locator(`a[href="${path}"]`).first()).toBeVisible();
});

test("the preview on a 16×16 board: an artless piece's moves on a click", async () => {
  const a = alice.page;
  await a.goto("/presets/new");
  await a.getByRole("textbox", { name: "The preset", exact: true }).fill([
    "name: Big Amazons", "board: 16x16", "start: 7ka7/16/16/16/16/16/16/16/16/16/16/16/16/16/16/7KA7 w - - 0 1",
    "piece: K, King, K, art king", "piece: A, Amazon, QN", "royalty: king K",
  ].join("\n"));
  await expect(pieceAt(a, "wA", "i1").locator('[data-glyph="A"]')).toHaveCount(1);
  await square(a, "i1").click();
  // The queen's 15 + 7 + 8 + 7 + 8 less the king's h1, and the knight's four.
  await expect(a.locator('[data-highlight="target"]')).toHaveCount(41);
  await expect(a.getByTestId("preview-moves")).toContainText("From i1: ");
  await a.screenshot({ path: "test-results/preset-editor-16x16.png", fullPage: true });
});
