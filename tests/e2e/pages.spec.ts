/**
 * The pages around the game: header, home, lobby, games (variants) and player pages.
 * Two players in two browser contexts, signed in through magic links from the test
 * SMTP server; challenges are made through the /challenge page, as people make them.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { ruleBookFile } from "../../app/variants/rule-book";
import { variantIds, variantInfo } from "../../lib/rules";
import { newPlayer, type Player } from "./support/play";

/** Makes a challenge through the /challenge form, as a player does. */
async function challenge(
  page: Page,
  options: { variant: string; colour: "White" | "Black"; days: number; opponent: string | "lobby"; visibility?: "Public" | "Unlisted" | "Private" },
): Promise<void> {
  await page.goto(`/challenge?variant=${options.variant}`);
  const form = page.getByRole("main");
  await expect(form.getByRole("combobox", { name: "Game", exact: true })).toHaveValue(options.variant);
  if (options.visibility) await form.getByRole("radio", { name: new RegExp(`^${options.visibility}:`) }).check();
  await form.getByRole("group", { name: "Your colour" }).getByRole("radio", { name: options.colour }).check();
  await form.getByRole("combobox", { name: "Days per move" }).selectOption(String(options.days));
  const opponent = form.getByRole("group", { name: "Opponent" });
  if (options.opponent === "lobby") {
    await opponent.getByRole("radio", { name: /^Open/ }).check();
  } else {
    await opponent.getByRole("radio", { name: /^By name/ }).check();
    await form.getByLabel("Player name").fill(options.opponent);
  }
  await form.getByRole("button", { name: "Send challenge" }).click();
  await expect(page).toHaveURL(/\/games\/[0-9a-zA-Z-]+$/);
}

const lobbyRow = (page: Page, challenger: string, variantName: string) =>
  page.getByRole("row").filter({ hasText: challenger }).filter({ hasText: variantName });

test.describe("games (variants) pages", () => {
  test("/variants lists every game the rules module knows", async ({ page }) => {
    await page.goto("/variants");
    await expect(page.getByRole("heading", { level: 1, name: "Variants" })).toBeVisible();
    for (const id of variantIds()) {
      const link = page.getByRole("link", { name: variantInfo(id).name, exact: true });
      await expect(link).toHaveAttribute("href", `/variants/${id}`);
    }
  });

  test("each game's page shows its name, rules, pieces and a start position with the right number of squares", async ({ page }) => {
    const expected: Record<string, number> = { chess: 64, compound: 80, "royal-substitute": 63 };
    for (const id of variantIds()) {
      const v = variantInfo(id);
      await page.goto(`/variants/${id}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(v.name);
      const rules = page.getByRole("region", { name: "Rules in short" });
      await expect(rules.getByRole("listitem")).toHaveCount(v.summary.length);
      await expect(page.locator("[data-square]")).toHaveCount(expected[id] ?? v.files * v.ranks);
      await expect(page.locator("figcaption").first()).toContainText(`The start position on ${v.files === 8 ? "an" : "a"} ${v.files}×${v.ranks} board`);
      for (const p of v.pieces) {
        await expect(page.getByRole("region", { name: "Pieces" }).getByText(p.betza, { exact: true }).first()).toBeVisible();
      }
      await expect(page.getByRole("link", { name: "Challenge someone to this game" }))
        .toHaveAttribute("href", `/challenge?variant=${id}`);
      await expect(rules.getByRole("link", { name: "The full rules" })).toHaveAttribute("href", `/variants/${id}/rules`);
    }
    expect(Object.keys(expected).every((id) => variantIds().includes(id))).toBe(true);
  });

  test("a game's full rules are its file of the rule book, as text", async ({ page }) => {
    const r = await page.request.get("/variants/companion-extended/rules");
    expect(r.status()).toBe(200);
    expect(r.headers()["content-type"]).toBe("text/plain; charset=utf-8");
    const text = await r.text();
    expect(text).toMatch(/^# Companion Chess\n/);
    expect(text).toContain("\n## Extended\n");
    for (const id of variantIds()) {
      const file = readFileSync(join("docs", "games", ruleBookFile(id)!.split("#")[0]), "utf8");
      const rules = await page.request.get(`/variants/${id}/rules`);
      expect(rules.status(), id).toBe(200);
      expect(await rules.text(), id).toBe(file);
    }
    expect((await page.request.get("/variants/nope/rules")).status()).toBe(404);
  });

  test("an unknown game or player is a 404", async ({ page }) => {
    expect((await page.goto("/variants/nope"))?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
    expect((await page.goto("/players/nobody-at-all"))?.status()).toBe(404);
  });
});

test.describe("home, lobby and players", () => {
  test.describe.configure({ mode: "serial" });

  let alice: Player;
  let bob: Player;

  test.beforeAll(async ({ browser }) => {
    alice = await newPlayer(browser, "Alice");
    bob = await newPlayer(browser, "Bob");
  });

  test("the header shows the signed-in name, Settings and Sign out", async () => {
    for (const p of [alice, bob]) {
      await p.page.goto("/");
      const account = p.page.getByRole("navigation", { name: "Account" });
      await expect(account.getByRole("link", { name: p.name })).toHaveAttribute("href", `/players/${p.name}`);
      await expect(account.getByRole("link", { name: "Settings" })).toBeVisible();
      await expect(account.getByRole("button", { name: "Sign out" })).toBeVisible();
      const site = p.page.getByRole("navigation", { name: "Site" });
      for (const name of ["Home", "Lobby", "Archive", "Variants", "New challenge"]) await expect(site.getByRole("link", { name })).toBeVisible();
    }
  });

  test("an open challenge in the lobby: accepted by another player, who lands in the game; both homes list it", async () => {
    // Alice takes Black, so Bob, accepting, is White and moves first.
    await challenge(alice.page, { variant: "compound", colour: "Black", days: 3, opponent: "lobby" });

    await alice.page.goto("/");
    const mine = alice.page.getByRole("region", { name: "Your open challenges" });
    await expect(mine.getByRole("listitem").filter({ hasText: "Compound Chess" })).toContainText("You play Black");

    await alice.page.goto("/lobby");
    await expect(lobbyRow(alice.page, alice.name, "Compound Chess").getByRole("button", { name: /^Withdraw/ })).toBeVisible();

    await bob.page.goto("/lobby");
    const row = lobbyRow(bob.page, alice.name, "Compound Chess");
    await expect(row).toContainText("Black");
    await expect(row.getByRole("cell", { name: "3", exact: true })).toBeVisible();
    await row.getByRole("button", { name: `Accept Compound Chess from ${alice.name}` }).click();
    await expect(bob.page).toHaveURL(/\/games\/[0-9a-zA-Z-]+$/);
    const gamePath = new URL(bob.page.url()).pathname;

    await bob.page.goto("/");
    const bobGames = bob.page.getByRole("region", { name: "Your games" });
    const bobItem = bobGames.getByRole("listitem").filter({ has: bob.page.locator(`a[href="${gamePath}"]`) });
    await expect(bobItem).toContainText(`Compound Chess against ${alice.name}`);
    await expect(bobItem).toContainText("Your turn");
    await expect(bobItem).toContainText("You play White");
    await expect(bobItem).toContainText(/due in 2 days/);

    await alice.page.goto("/");
    const aliceItem = alice.page.getByRole("region", { name: "Your games" }).getByRole("listitem")
      .filter({ has: alice.page.locator(`a[href="${gamePath}"]`) });
    await expect(aliceItem).toContainText(`Compound Chess against ${bob.name}`);
    await expect(aliceItem).toContainText("Their turn");
    await expect(aliceItem).not.toContainText("Your turn");
    // Accepted: gone from Alice's open challenges and from the lobby.
    await expect(alice.page.getByRole("region", { name: "Your open challenges" }).getByText("Compound Chess")).toHaveCount(0);
    await bob.page.goto("/lobby");
    await expect(lobbyRow(bob.page, alice.name, "Compound Chess")).toHaveCount(0);

    // Alice's public page shows the game; anyone may look, and it names no address.
    await bob.page.goto(`/players/${alice.name}`);
    await expect(bob.page.getByRole("heading", { level: 1 })).toHaveText(alice.name);
    const playing = bob.page.getByRole("region", { name: "Games in progress" });
    await expect(playing.locator(`a[href="${gamePath}"]`)).toHaveText(`Compound Chess against ${bob.name}`);
    await expect(bob.page.getByRole("link", { name: `Challenge ${alice.name}` }))
      .toHaveAttribute("href", `/challenge?opponent=${alice.name}`);
    await expect(bob.page.locator("body")).not.toContainText(alice.email);
  });

  test("a challenge withdrawn by its author leaves the lobby; a page still showing it gets a clear refusal", async () => {
    await challenge(alice.page, { variant: "royal-substitute", colour: "White", days: 7, opponent: "lobby" });
    await bob.page.goto("/lobby");
    const stale = lobbyRow(bob.page, alice.name, "Royal Substitute Chess");
    await expect(stale).toHaveCount(1);

    await alice.page.goto("/");
    const mine = alice.page.getByRole("region", { name: "Your open challenges" });
    await mine.getByRole("button", { name: "Withdraw Royal Substitute Chess in the lobby" }).click();
    await expect(mine.getByRole("link", { name: "Royal Substitute Chess" })).toHaveCount(0);

    // Bob's lobby was loaded before the withdrawal.
    await stale.getByRole("button", { name: /^Accept/ }).click();
    await expect(stale.getByRole("alert")).toHaveText("This invitation was withdrawn.");
    await expect(bob.page).toHaveURL(/\/lobby$/);

    await bob.page.goto("/lobby");
    await expect(lobbyRow(bob.page, alice.name, "Royal Substitute Chess")).toHaveCount(0);
  });

  test("an open challenge to a private game is not in the lobby: its author passes on the link, through which it is accepted", async () => {
    await challenge(alice.page, { variant: "compound", colour: "White", days: 5, opponent: "lobby", visibility: "Private" });
    const gamePath = new URL(alice.page.url()).pathname;
    const panel = alice.page.getByRole("region", { name: "Challenge" });
    await expect(panel).toContainText("Your challenge is not listed in the lobby");
    const link = await panel.getByLabel("Invitation link").inputValue();
    expect(link).toMatch(/\/invitations\/[0-9a-f]{32}$/);
    // The panel's one copy button is the invitation's; the game's own link is another purpose, named apart.
    await expect(panel.getByRole("button", { name: /^Copy/ })).toHaveText(["Copy invitation link"]);

    await bob.page.goto("/lobby");
    await expect(lobbyRow(bob.page, alice.name, "Compound Chess")).toHaveCount(0);
    await bob.page.goto(link);
    await bob.page.getByRole("button", { name: "Accept and play" }).click();
    await expect(bob.page).toHaveURL(gamePath);
    await expect(bob.page.getByRole("region", { name: "Game status" }).locator("p").first()).toHaveText(`Waiting for ${alice.name} to move.`);
  });

  test("a challenge to a named player: they see it at home and decline it", async () => {
    await challenge(alice.page, { variant: "chess", colour: "White", days: 2, opponent: bob.name });

    await alice.page.goto("/");
    await expect(alice.page.getByRole("region", { name: "Your open challenges" }).getByRole("listitem")
      .filter({ hasText: "Chess" })).toContainText(`to ${bob.name}`);

    await bob.page.goto("/");
    const forBob = bob.page.getByRole("region", { name: "Challenges for you" });
    const item = forBob.getByRole("listitem").filter({ hasText: alice.name });
    await expect(item).toContainText("You play Black");
    await expect(item).toContainText("2 days per move");
    await expect(bob.page.locator("body")).not.toContainText(alice.email);
    await item.getByRole("button", { name: `Decline Chess from ${alice.name}` }).click();
    await expect(bob.page.getByRole("region", { name: "Challenges for you" })).toHaveCount(0);

    await alice.page.goto("/");
    await expect(alice.page.getByRole("region", { name: "Your open challenges" }).getByText(`to ${bob.name}`)).toHaveCount(0);
  });

  test("signed out: a welcome with the list of games, and Sign in in the header", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Sign in" })).toBeVisible();
    for (const id of variantIds()) {
      await expect(page.getByRole("link", { name: variantInfo(id).name, exact: true })).toHaveAttribute("href", `/variants/${id}`);
    }
    await page.goto("/lobby");
    await expect(lobbyRow(page, alice.name, "Royal Substitute Chess")).toHaveCount(0);
  });
});
