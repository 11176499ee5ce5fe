/**
 * Authorization and hostile requests over real HTTP (next start, PostgreSQL, SMTP):
 * private games are "not found" for strangers and signed-out visitors on every
 * page and endpoint; unlisted games are viewable by link but listed nowhere; no
 * page, endpoint or email shows a player's address to anyone else; pages that need
 * a session redirect to sign-in; hostile paths and queries answer 4xx, never 500;
 * an invitation for someone else cannot be accepted; every server action posted from
 * another origin does nothing; sign-in emails to one address are rate limited. The
 * lists of server actions and routes are checked against the build's manifests, so
 * a new action or route must be added here.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/test";
import { APP_URL, DIST, linkIn, mailCount, mails, uniqueEmail, waitForMail, workerIdle } from "./support/fixtures";
import { newPlayer, type Player } from "./support/play";

/** Every server action the app has, as file#export: the cross-origin test posts each. */
const SERVER_ACTIONS = [
  "app/_actions/invitations.ts#acceptChallenge", "app/_actions/invitations.ts#declineChallenge",
  "app/_actions/invitations.ts#withdrawChallenge", "app/_actions/session.ts#signOutFromHeader",
  "app/challenge/actions.ts#createChallengeAction", "app/challenge/actions.ts#createMultiChallengeAction",
  "app/games/[id]/multi-actions.ts#multiMoveAction", "app/games/[id]/multi-actions.ts#multiResignAction",
  "app/games/[id]/actions.ts#acceptDrawAction", "app/games/[id]/actions.ts#chooseSetupAction", "app/games/[id]/actions.ts#claimDrawAction",
  "app/games/[id]/actions.ts#declineDrawAction", "app/games/[id]/actions.ts#extraDayAction",
  "app/games/[id]/actions.ts#moveAction", "app/games/[id]/actions.ts#offerDrawAction",
  "app/games/[id]/actions.ts#resignAction", "app/games/[id]/actions.ts#withdrawAction",
  "app/games/[id]/actions.ts#chatAction", "app/games/[id]/actions.ts#muteAction", "app/games/[id]/actions.ts#reportAction",
  "app/games/[id]/actions.ts#saveNoteAction",
  "app/games/[id]/actions.ts#addConditionalLineAction", "app/games/[id]/actions.ts#conditionalLinesAction",
  "app/games/[id]/actions.ts#deleteConditionalLineAction",
  "app/import/actions.ts#importGame", "app/invitations/[token]/actions.ts#answerInvitationAction", "app/presets/actions.ts#publishPresetAction",
  "app/reply-by-email/[token]/actions.ts#stopRepliesByEmail",
  "app/settings/actions.ts#saveSettings", "app/settings/actions.ts#setVacation", "app/settings/actions.ts#signOutAction",
  "app/signin/actions.ts#requestSignIn", "app/welcome/actions.ts#chooseName",
];

const manifest = (name: string) => JSON.parse(readFileSync(path.join(DIST, "server", name), "utf8")) as Record<string, unknown>;
/** The build's server actions by id: where each is defined and which pages have it. */
const serverActions = () =>
  manifest("server-reference-manifest.json").node as Record<string, { filename: string; exportedName: string; workers: Record<string, unknown> }>;
/** The build's routes ("/games/[id]/state"), without Next.js' own error pages. */
const appRoutes = () =>
  Object.keys(manifest("app-paths-manifest.json"))
    .map((key) => key.replace(/\/(page|route)$/, "") || "/")
    .filter((route) => !route.startsWith("/_"));
/** The paths a route answers: "[id]" is one segment, "[...rest]" one or more. */
const routePattern = (route: string) => {
  const segments = route.split("/").map((seg) =>
    seg.startsWith("[...") ? ".+" : seg.startsWith("[") ? "[^/?]+" : seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${segments.join("/")}(\\?|$)`);
};
/** A page's path from its build name ("app/games/[id]/page"), with these values for its parameters. */
const pagePath = (worker: string, params: Record<string, string>) =>
  worker.replace(/^app/, "").replace(/\/page$/, "").replace(/\[(\w+)\]/g, (_, k: string) => params[k]) || "/";

/** `from` challenges `to` by name with this visibility; `to` accepts from the emailed link (unless `accept` is false). */
async function challenge(from: Player, to: Player, visibility: "Public" | "Unlisted" | "Private", accept = true): Promise<{ id: string; link: string }> {
  const before = await mailCount(to.email, /invites you/);
  await from.page.goto(`/challenge?variant=chess&opponent=${to.name}`);
  const form = from.page.getByRole("main");
  await form.getByRole("radio", { name: "White", exact: true }).check();
  await form.getByRole("radio", { name: new RegExp(`^${visibility}:`) }).check();
  await form.getByRole("button", { name: "Send challenge" }).click();
  await expect(from.page).toHaveURL(/\/games\/[^/?]+$/);
  const id = new URL(from.page.url()).pathname.split("/").pop()!;
  const link = linkIn(await waitForMail(to.email, /invites you/, before), `${APP_URL}/invitations/`);
  if (accept) {
    await to.page.goto(link);
    await to.page.getByRole("button", { name: "Accept and play" }).click();
    await expect(to.page).toHaveURL(`/games/${id}`);
  }
  return { id, link };
}

const endpoints = (id: string) => [`/games/${id}`, `/games/${id}/state`, `/games/${id}/record`, `/games/${id}/pgn`, `/games/${id}/board.svg`, `/games/${id}/board.png`];

test.describe.configure({ mode: "serial" });

test.describe("authorization and hostile requests", () => {
  let alice: Player, bob: Player, carol: Player;
  let anonymous: APIRequestContext;
  let privateGame: string, unlistedGame: string, publicGame: string;

  test.beforeAll(async ({ browser, playwright }) => {
    test.setTimeout(180_000);
    [alice, bob, carol] = [await newPlayer(browser, "Alice"), await newPlayer(browser, "Bob"), await newPlayer(browser, "Carol")];
    privateGame = (await challenge(alice, bob, "Private")).id;
    unlistedGame = (await challenge(alice, bob, "Unlisted")).id;
    publicGame = (await challenge(alice, bob, "Public")).id;
    anonymous = await playwright.request.newContext({ baseURL: APP_URL });
  });
  test.afterAll(async () => {
    await anonymous?.dispose();
  });

  test("a private game is not found for strangers and signed-out visitors, on every page and endpoint", async () => {
    for (const path of endpoints(privateGame)) {
      for (const [who, request] of [["signed out", anonymous], ["a stranger", carol.page.request]] as const) {
        const r = await request.get(path, { maxRedirects: 0 });
        expect(r.status(), `${path} for ${who}`).toBe(404);
        const body = await r.text();
        expect(body, `${path} for ${who}`).not.toContain(alice.name);
        expect(body, `${path} for ${who}`).not.toContain(bob.name);
      }
      for (const p of [alice, bob]) expect((await p.page.request.get(path)).status(), `${path} for a player`).toBe(200);
    }
    // The event stream too (docs/pushed-updates.md); a player's never ends, so it is not read here.
    for (const request of [anonymous, carol.page.request]) {
      const r = await request.get(`/games/${privateGame}/events`);
      expect(r.status()).toBe(404);
      expect(await r.text()).not.toContain(alice.name);
    }
  });

  test("an unlisted game opens by its link but is listed nowhere; a private one neither", async () => {
    expect((await anonymous.get(`/games/${unlistedGame}`)).status()).toBe(200);
    for (const path of ["/games", `/players/${alice.name}`, `/players/${alice.name}/feed.xml`, "/lobby", "/"]) {
      for (const request of [anonymous, carol.page.request]) {
        const body = await (await request.get(path)).text();
        expect(body, path).not.toContain(unlistedGame);
        expect(body, path).not.toContain(privateGame);
      }
    }
    // The player page does list the public game: the check above can see games at all.
    expect(await (await anonymous.get(`/players/${alice.name}`)).text()).toContain(publicGame);
  });

  test("no page, endpoint or email shows a player's address to anyone else", async () => {
    const addresses = [alice.email, bob.email];
    const pages = [...endpoints(publicGame), `/games/${unlistedGame}`, `/players/${alice.name}`, `/players/${bob.name}`, `/players/${alice.name}/feed.xml`, "/lobby", "/games", "/"];
    for (const path of pages) {
      for (const request of [anonymous, carol.page.request, bob.page.request]) {
        const body = await (await request.get(path)).text();
        for (const a of addresses) {
          if (request === bob.page.request && a === bob.email) continue; // one's own page may show one's own address
          expect(body, path).not.toContain(a);
        }
      }
    }
    // Emails: each goes to its recipient and names the other player only by display name.
    for (const m of await mails()) {
      for (const a of addresses) if (!m.to.includes(a)) expect(`${m.subject}\n${m.text}\n${m.html}`).not.toContain(a);
    }
  });

  test("no open redirect: a signed-in visitor of /signin?callbackUrl=.//evil.example stays on this site", async () => {
    for (const target of [".//evil.example/x", "//evil.example", "/\\evil.example", "https://evil.example/", "./////evil.example"]) {
      const r = await alice.page.request.get(`/signin?callbackUrl=${encodeURIComponent(target)}`, { maxRedirects: 0 });
      expect([302, 303, 307, 308], target).toContain(r.status());
      const location = r.headers().location;
      expect(new URL(location, APP_URL).origin, `${target} -> ${location}`).toBe(APP_URL);
      expect(location, target).toMatch(/^(https?:\/\/localhost:\d+)?\/(?![/\\])/);
    }
  });

  test("the dev mailbox (everyone's sign-in links) does not exist when SMTP is configured", async () => {
    for (const request of [anonymous, carol.page.request]) expect((await request.get("/dev/mailbox")).status()).toBe(404);
  });

  test("pages that need a session send signed-out visitors to sign in", async () => {
    for (const path of ["/settings", "/challenge", "/import", "/welcome", `/invitations/${"0".repeat(32)}`]) {
      const r = await anonymous.get(path, { maxRedirects: 0 });
      expect([302, 303, 307, 308], path).toContain(r.status());
      expect(r.headers().location, path).toMatch(/^(https?:\/\/localhost:\d+)?\/signin\?/);
    }
  });

  test("hostile paths and queries, on every route, answer 4xx, never 500", async () => {
    const long = "a".repeat(300);
    const paths = [
      "/games/%00", `/games/${long}`, "/games/..%2F..%2Fetc%2Fpasswd", "/games/%E2%80%AE", "/games/%F0%9F%98%80",
      "/games/%00/state", `/games/${publicGame}/state?since=abc`, "/games/%00/events", `/games/${publicGame}/events?since=abc`, `/games/${publicGame}/events?since=-1`, `/games/${publicGame}/state?since=-1`, `/games/${publicGame}/state?since=1e400`,
      `/games/${publicGame}/board.png?ply=-1`, `/games/${publicGame}/board.png?ply=99999999`, `/games/${publicGame}/board.svg?size=100000`,
      `/games/${publicGame}/board.svg?flip=%00`, "/games/%00/board.png", "/games/%00/record", "/games/%00/pgn",
      // The pictures' army (games for more than two) and the archive's seat filters.
      `/games/${publicGame}/board.svg?army=%00`, `/games/${publicGame}/board.png?army=${long}&ply=0`,
      `/games?variant=four-player&player=%00&opponent=%00&result=won`, `/games?variant=three-player&player=${long}&result=lost`,
      "/players/%00", `/players/${long}`, "/players/%00/feed.xml", "/players/%3Cscript%3E", "/variants/%00", `/variants/${long}`, "/variants/%00/rules", `/variants/${long}/rules`, "/variants/%00/board.svg", `/variants/${long}/board.svg`, "/variants/chess/board.svg?size=%00", "/variants/chess/board.svg?flip=%00", "/variants/four-player/board.svg?army=%00", `/variants/three-player/board.svg?army=${long}&size=%00`,
      "/invitations/%00", "/invitations/not-a-token", "/dev/mailbox", `/games?variant=%00&player=%00&sort=%00&after=%00`, "/games?after=zzzz&sort=oldest",
      `/games/${publicGame}?ply=%00`, `/games/${publicGame}?ply=-5`, "/api/auth/callback/email?token=%00&email=%00", "/api/auth/nonsense",
      "/?after=%00", "/lobby?variant=%00", `/challenge?variant=%00&opponent=${long}`, "/challenge?opponent=%00", "/import?x=%00",
      "/settings?saved=%00", "/welcome?callbackUrl=%00", "/signin?callbackUrl=%00&error=%00", "/variants?x=%00", "/icon.svg?x=%00",
      "/presets/%00", `/presets/${long}`, "/presets/%3Cscript%3E?version=%00", "/presets/nope?version=-1", "/presets/nope?version=1e400",
      "/presets/new?x=%00", "/presets/format?x=%00", "/games?preset=%00", `/games?preset=${long}`, `/challenge?variant=preset.${long}.1`,
      "/challenge?variant=preset.%00.1&bot=%00", "/challenge?bot=9",
      "/reply-by-email/%00", `/reply-by-email/${long}`, `/reply-by-email/${"a".repeat(32)}`, `/reply-by-email/${"a".repeat(64)}`, "/api/inbound-mail?x=%00",
    ];
    // Every route of the built app gets at least one (a new route without one fails).
    const uncovered = appRoutes().filter((route) => !paths.some((path) => routePattern(route).test(path)));
    expect(uncovered).toEqual([]);
    for (const path of paths) {
      for (const request of [anonymous, carol.page.request]) {
        const r = await request.get(path, { maxRedirects: 0 });
        expect(r.status(), `${path}: ${r.status()}`).toBeLessThan(500);
      }
    }
    console.log(`hostile paths: ${paths.length}, covering all ${appRoutes().length} routes`);
  });

  test("an invitation for someone else cannot be accepted, and stays open", async () => {
    const { id, link } = await challenge(alice, bob, "Public", false);
    await carol.page.goto(link);
    await carol.page.getByRole("button", { name: "Accept and play" }).click();
    await expect(carol.page.getByRole("main")).toContainText(/for someone else/i);
    const state = await (await anonymous.get(`/games/${id}/state`)).json();
    expect(state).toMatchObject({ status: "open", black: null });
  });

  test("every server action of the built app, posted from another origin, is refused and does nothing", async () => {
    // The build's own list of server actions: one missing here (a new action) fails the test.
    const built = Object.values(serverActions()).map((a) => `${a.filename}#${a.exportedName}`).sort();
    expect(built).toEqual([...SERVER_ACTIONS].sort());
    // The ids are the ones browsers get: those in the game page's scripts are among them.
    const page = bob.page;
    await page.goto(`/games/${publicGame}`);
    const scripts = await page.locator("script[src]").evaluateAll((els) => els.map((e) => (e as HTMLScriptElement).src));
    const inPage = new Set<string>();
    for (const src of scripts) {
      const js = await (await page.request.get(src)).text();
      for (const m of js.matchAll(/createServerReference\)?\(\s*"([0-9a-f]{40,})"/g)) inPage.add(m[1]);
    }
    expect(inPage.size).toBeGreaterThan(0);
    expect(Object.keys(serverActions())).toEqual(expect.arrayContaining([...inPage]));
    const snapshot = async () => ({
      game: await (await anonymous.get(`/games/${publicGame}/state`)).json(),
      mails: (await mails()).length,
      // Bob is still signed in (neither sign-out action ran), under his name.
      bobSignedIn: (await page.request.get("/settings", { maxRedirects: 0 })).status(),
      bobsPage: (await anonymous.get(`/players/${bob.name}`)).status(),
    });
    const before = await snapshot();
    const statuses = new Set<number>();
    for (const [id, action] of Object.entries(serverActions())) {
      // Posted to a page that has the action, as that page's form would post it.
      const pages = Object.keys(action.workers);
      const path = pagePath(pages.find((p) => !p.startsWith("app/_")) ?? pages[0], { id: publicGame, token: "0".repeat(32), name: bob.name });
      const r = await page.request.post(path, {
        headers: { "Next-Action": id, Origin: "https://evil.example", "Content-Type": "text/plain;charset=UTF-8" },
        data: JSON.stringify([{ gameId: publicGame }]),
        maxRedirects: 0,
      });
      expect(r.status(), `${action.exportedName} on ${path}`).toBeGreaterThanOrEqual(400);
      statuses.add(r.status());
    }
    await workerIdle();
    expect(await snapshot()).toEqual(before);
    expect(before).toMatchObject({ bobSignedIn: 200, bobsPage: 200 });
    console.log(`cross-origin server action calls: ${built.length} actions, answered ${[...statuses].join(", ")}`);
  });

  test("user text is shown as text: markup in an imported record's names runs nowhere", async () => {
    const page = alice.page;
    const evil = `<img src=x onerror="window.__xss=1">`;
    const record = `[Event "<script>window.__xss=2</script>"]\n[White "${evil.replaceAll('"', '\\"')}"]\n[Black "</title><script>window.__xss=3</script>"]\n[Variant "chess"]\n\n1. P e2-e4 p e7-e5 1/2-1/2\n`;
    await page.goto("/import");
    await page.getByLabel("Paste a record").fill(record);
    await page.getByRole("button", { name: "Import the game" }).click();
    await expect(page).toHaveURL(/\/games\/[^/?]+$/);
    const id = new URL(page.url()).pathname.split("/").pop()!;
    await expect(page.getByText(evil).first()).toBeVisible();
    for (const path of [`/games/${id}`, "/games", `/games?player=${encodeURIComponent("<img")}`]) {
      await page.goto(path);
      expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
      const html = await (await page.request.get(path)).text();
      expect(html).not.toContain("<img src=x");
      expect(html).not.toContain("<script>window.__xss");
    }
    for (const path of [`/games/${id}/record`, `/games/${id}/state`]) {
      const r = await page.request.get(path);
      expect(r.headers()["content-type"]).not.toMatch(/html/);
    }
  });

  test("sign-in emails to one address stop after five an hour, with a clear message", async ({ page }) => {
    const email = uniqueEmail("bombed");
    for (let i = 0; i < 5; i++) {
      await page.goto("/signin");
      await page.getByLabel("Email address").fill(email);
      await page.getByRole("button", { name: /sign-in link/i }).click();
      await expect(page).toHaveURL(/type=email/);
    }
    await page.goto("/signin");
    await page.getByLabel("Email address").fill(email.toUpperCase());
    await page.getByRole("button", { name: /sign-in link/i }).click();
    await expect(page.getByRole("main").getByRole("alert")).toContainText(/too many sign-in emails/i);
    await expect.poll(() => mailCount(email, /sign in/i)).toBe(5);
  });
});
