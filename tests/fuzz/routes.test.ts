/**
 * Fuzz of two boundaries a visitor reaches with any address they like:
 *   - the archive's page position (after/before on /games and /players/<name>):
 *     random and forged cursors through the query parser, the 400 in front of the
 *     pages (proxy.ts) and listArchive on real PostgreSQL;
 *   - Auth.js's routes (/api/auth/*, the exported GET and POST of the route file,
 *     Auth.js itself and its database adapter real): hostile callbackUrl values in
 *     the query, the body and the callback-url cookie, with hostile other fields.
 * Every input gets a 400 with a reason or a normal answer — never an exception,
 * never a 500, never Auth.js's "server configuration" error (which it shows for
 * what it could not handle), never a redirect off the site.
 * FUZZ_INPUTS inputs per target (a sample in `npm test`; `npm run fuzz`: 100,000).
 */
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "@/lib/db/client";
import type { Email } from "@/lib/mail";
import { createTestPostgres, type TestDb } from "@/lib/db/testing";
import { fuzzCount, hostileString, mutate, randomString, Rng, SEED } from "./random";
import { buildWorld, type World } from "./world";

const ctx = vi.hoisted(() => {
  // Else lib/auth would write a secret into .data/.
  process.env.AUTH_SECRET = "route-fuzz-secret";
  return { db: null as unknown, sent: [] as unknown[] };
});
vi.mock("@/lib/db/client", async (original) => ({ ...(await original<object>()), getDb: async () => ctx.db }));
vi.mock("@/lib/mail", async (original) => ({
  ...(await original<object>()),
  getTransport: async () => ({ kind: "dev-mailbox", send: async (e: Email) => void ctx.sent.push(e), close: async () => {} }),
}));

import { GET, POST } from "@/app/api/auth/[...nextauth]/route";
import { listArchive } from "@/lib/games/archive";
import { decodeCursor, encodeCursor, parseArchiveQuery, readPage } from "@/lib/games/archive-params";
import { proxy } from "@/proxy";

const N = fuzzCount(300);
const TIMEOUT = 120_000 + N * 100;
const SITE = "http://localhost:3000";

const pad = (n: number, width: number) => String(n).padStart(width, "0");

/** Cursor-shaped times with any field out of range: year 0000, month 13, 30 February, 24:00, … */
function timeLike(r: Rng): string {
  const y = r.pick([0, 1, 999, 1799, 1800, 1970, 2026, 2200, 2201, 9999, r.int(10_000)]);
  const field = (max: number) => (r.chance(0.8) ? 1 + r.int(max) : r.pick([0, max + 1, 99]));
  return `${pad(y, 4)}-${pad(field(12), 2)}-${pad(field(31), 2)}T${pad(r.chance(0.9) ? r.int(24) : r.pick([24, 25, 99]), 2)}:` +
    `${pad(r.chance(0.9) ? r.int(60) : 60, 2)}:${pad(r.chance(0.9) ? r.int(60) : 60, 2)}.${pad(r.int(1_000_000), 6)}Z`;
}

function cursorLike(r: Rng, world: World): string {
  const id = () => r.pick([...world.gameIds, "g1", hostileString(r).slice(0, 80), randomString(r, 70)]);
  switch (r.int(6)) {
    case 0:
      return encodeCursor({ at: timeLike(r), id: id() });
    case 1: // a real one, edited
      return mutate(r, encodeCursor({ at: "2026-12-01T12:00:00.000000Z", id: r.pick(world.gameIds) }));
    case 2: // its decoded text, edited, then encoded
      return Buffer.from(mutate(r, `${timeLike(r)}|${id()}`), "utf8").toString("base64url");
    case 3:
      return Buffer.from(hostileString(r).slice(0, 300), "utf8").toString("base64url");
    case 4:
      return hostileString(r);
    default:
      return encodeCursor({ at: new Date(r.int(2 ** 31) * 1000).toISOString().replace("Z", "000Z"), id: id() });
  }
}

/** callbackUrl values: ours, other sites', unparseable, encoded twice, huge, with control characters. */
function callbackLike(r: Rng): string {
  switch (r.int(5)) {
    case 0:
      return r.pick(["/", "/games", `${SITE}/settings`, SITE, "/games?after=x#m", "/welcome?callbackUrl=%2F"]);
    case 1:
      return r.pick(["\u0000", "%00", "http://[", "http://[::1", "https://evil.example/", "//evil.example", "/\\evil.example",
        ".//evil.example", "javascript:alert(1)", "data:text/html,x", "http://localhost:3000:99999/", "http://user@evil.example@localhost:3000/",
        "%E0%A4%A", "\ud800", "/".repeat(5000), `/${"x".repeat(3000)}`, " /games", "/games\n", "http://localhost:3000\u0000.evil.example"]);
    case 2:
      return mutate(r, r.pick(["/games/abc", `${SITE}/games/abc?ply=3`, "https://evil.example/"]));
    case 3:
      return encodeURIComponent(r.pick(["/games", "http://[", "\u0000"]));
    default:
      return hostileString(r).slice(0, 5000);
  }
}

describe(`route fuzz (${N} inputs per target, FUZZ_SEED=${SEED})`, () => {
  let handle: TestDb;
  let world: World;
  const tally: Record<string, Record<string, number>> = {};
  const count = (target: string, outcome: string) => {
    tally[target] ??= {};
    tally[target][outcome] = (tally[target][outcome] ?? 0) + 1;
  };
  // Auth.js logs every error it handles; the assertions below say which ones may not happen.
  const authLog = vi.spyOn(console, "error").mockImplementation(() => {});

  beforeAll(async () => {
    handle = await createTestPostgres({ max: 3 });
    ctx.db = handle.db as Db;
    world = await buildWorld(handle.db);
  });
  afterAll(async () => {
    authLog.mockRestore();
    console.log(`route fuzz (seed ${SEED}):\n` + Object.entries(tally).map(([k, v]) => `  ${k}: ${JSON.stringify(v)}`).join("\n"));
    await handle?.close();
  });

  it("archive page positions: a 400 with a reason, or a page of the list", async () => {
    const r = new Rng(SEED + 11);
    const pages = ["/games", "/players/Alice", "/players/Dave"];
    for (let i = 0; i < N; i++) {
      const cursor = cursorLike(r, world);
      const key = r.pick(["after", "before"]);
      const search = new URLSearchParams({ [key]: cursor });
      if (r.chance(0.3)) search.set(r.pick(["variant", "sort", "order", "status"]), r.pick(["chess", "started", "oldest", "finished", hostileString(r).slice(0, 30)]));
      if (r.chance(0.1)) search.append(key, cursorLike(r, world));
      const where = `${key}=${JSON.stringify(cursor.slice(0, 80))} (seed ${SEED}, input ${i})`;

      const decoded = decodeCursor(cursor.trim());
      const page = readPage(search);
      const response = proxy(new NextRequest(`${SITE}${r.pick(pages)}?${search}`));
      if (page.problems.length > 0) {
        expect(response.status, where).toBe(400);
        expect(await response.text(), where).toMatch(/was not understood|cannot be both/);
        count("archive", "400");
        continue;
      }
      expect(response.status, where).toBe(200);
      expect(decoded === null, where).toBe(search.getAll(key)[0].trim() === "");

      const query = parseArchiveQuery(search, { playerFixed: r.chance(0.5) });
      const scope = r.chance(0.5) ? { viewerId: null } : { viewerId: r.pick(world.users), playerId: r.pick(world.users) };
      try {
        const listed = await listArchive(handle.db, query, scope, 1 + r.int(5));
        expect(Array.isArray(listed.entries), where).toBe(true);
        count("archive", "listed");
      } catch (error) {
        throw new Error(`listArchive threw for ${where}: ${String(error)}`);
      }
    }
  }, TIMEOUT);

  const ACTIONS = ["signin", "signin/email", "signout", "session", "csrf", "providers", "callback/email", "verify-request", "error", "nonsense"];

  /** What must hold of any answer of the auth routes. */
  async function judge(response: Response, where: string): Promise<string> {
    expect(response.status, where).toBeLessThan(500);
    const location = response.headers.get("location");
    if (location) {
      expect(new URL(location, SITE).origin, where).toBe(SITE);
      expect(location, where).not.toMatch(/error=Configuration/);
    }
    if (response.status === 400) {
      const body = await response.text();
      // Ours names the field; Auth.js's own 400s (an unknown action, a bad session POST) are its JSON.
      expect(body, where).toMatch(/^Bad request: .+\.\n$|^"Bad request\."$|^null$/);
    }
    return location ? `${response.status} ${new URL(location, SITE).pathname}` : String(response.status);
  }

  it("auth routes: hostile callbackUrl and other fields get a 400 with a reason, or Auth.js's normal answer", async () => {
    const r = new Rng(SEED + 12);
    for (let i = 0; i < N; i++) {
      const action = r.pick(ACTIONS);
      const query = new URLSearchParams();
      if (r.chance(0.7)) query.set("callbackUrl", callbackLike(r));
      if (r.chance(0.2)) query.set(r.pick(["error", "token", "email", "provider", "type", hostileString(r).slice(0, 10) || "x"]), hostileString(r).slice(0, 400));
      const headers = new Headers();
      if (r.chance(0.3)) {
        const name = r.pick(["authjs.callback-url", "__Secure-authjs.callback-url", "authjs.csrf-token", "authjs.session-token"]);
        headers.set("cookie", `${name}=${r.chance(0.5) ? encodeURIComponent(callbackLike(r).replace(/[\ud800-\udfff]/g, "")) : callbackLike(r).replace(/[;\r\n\u0000-\u001f\u007f-\uffff]/g, "")}`);
      }
      const post = r.chance(0.4);
      let body: string | undefined;
      if (post) {
        const fields: Record<string, unknown> = {};
        if (r.chance(0.6)) fields.callbackUrl = callbackLike(r);
        if (r.chance(0.5)) fields.email = r.pick(["a@example.test", hostileString(r).slice(0, 400)]);
        if (r.chance(0.5)) fields.csrfToken = hostileString(r).slice(0, 300);
        if (r.chance(0.2)) fields.data = hostileString(r).slice(0, 100);
        const json = r.chance(0.3);
        headers.set("content-type", json ? "application/json" : "application/x-www-form-urlencoded");
        body = json
          ? (r.chance(0.9) ? JSON.stringify(r.chance(0.2) ? { ...fields, callbackUrl: r.pick([1, null, ["/"], { a: 1 }]) } : fields) : hostileString(r).slice(0, 200))
          : new URLSearchParams(fields as Record<string, string>).toString();
      }
      const url = `${SITE}/api/auth/${action}${query.size > 0 ? `?${query}` : ""}`;
      const where = `${post ? "POST" : "GET"} ${url.slice(0, 200)} cookie=${JSON.stringify(headers.get("cookie")?.slice(0, 80))} body=${JSON.stringify(body?.slice(0, 120))} (seed ${SEED}, input ${i})`;
      let response: Response;
      try {
        const request = new NextRequest(url, { method: post ? "POST" : "GET", headers, body });
        response = await (post ? POST : GET)(request);
      } catch (error) {
        throw new Error(`the auth route threw for ${where}: ${String(error)}`);
      }
      count("auth", `${action}: ${await judge(response, where)}`);
    }
  }, TIMEOUT);

  // The cases of the report that found this, each a 500 or a "server configuration" error before.
  it.each([
    ["signin", "?callbackUrl=%00"], ["signin", "?callbackUrl=http://["], ["session", "?callbackUrl=http://["],
    ["csrf", `?callbackUrl=${"x".repeat(100_000)}`], ["providers", "?callbackUrl=%E0%A4%A"], ["callback/email", "?callbackUrl=http://[&token=t&email=a%40b"],
  ])("GET /api/auth/%s%s is a 400 that names callbackUrl", async (action, query) => {
    const response = await GET(new NextRequest(`${SITE}/api/auth/${action}${query}`));
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/^Bad request: callbackUrl: /);
  });

  it("a forged callback-url cookie is ignored: the answer is the normal one, with the cookie set anew", async () => {
    for (const value of ["http://[", "%00", "javascript:alert(1)"]) {
      const response = await GET(new NextRequest(`${SITE}/api/auth/csrf`, { headers: { cookie: `authjs.callback-url=${value}` } }));
      expect(response.status, value).toBe(200);
      expect(await response.json()).toHaveProperty("csrfToken");
      expect(response.headers.getSetCookie().find((c) => c.startsWith("authjs.callback-url="))).toMatch(/^authjs\.callback-url=http%3A%2F%2Flocalhost%3A3000;/);
    }
  });
});
