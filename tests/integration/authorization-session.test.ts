/**
 * The session guards every page and server action relies on (lib/auth/index.ts):
 * getCurrentUser answers the user of the session cookie, requireUser lets only a
 * signed-in player with a name through. Auth.js runs for real (next-auth's `auth()`
 * with our configuration and its Drizzle adapter) on a request whose cookie the test
 * sets; sessions and users are real rows on PostgreSQL, and every statement sent is
 * counted: a signed-in request costs one.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { sessions, users } from "@/lib/db/schema";
import { createTestPostgres, statementLog, type TestDb } from "@/lib/db/testing";

const ctx = vi.hoisted(() => {
  process.env.AUTH_SECRET = "test-secret-for-the-session-guards";
  class Redirect extends Error {
    constructor(readonly url: string) {
      super(`NEXT_REDIRECT ${url}`);
    }
  }
  return { Redirect, cookie: "", db: null as unknown };
});
vi.mock("next/navigation", () => ({
  redirect: (url: string) => {
    throw new ctx.Redirect(url);
  },
}));
// The request Auth.js reads the cookie from, as a page or action would see it.
vi.mock("next/headers", () => ({ headers: async () => new Headers(ctx.cookie ? { cookie: ctx.cookie } : {}) }));
vi.mock("@/lib/db/client", async (original) => ({ ...(await original<object>()), getDb: async () => ctx.db }));

import { getCurrentUser, requireUser } from "@/lib/auth";

const DAY = 86_400_000;

describe("session guards", () => {
  const log = statementLog();
  let handle: TestDb;
  let alice: string, nameless: string;

  beforeAll(async () => {
    handle = await createTestPostgres({ max: 2, logger: log });
    ctx.db = handle.db;
    const rows = await handle.db.insert(users).values([{ name: "Alice", email: "alice@example.test" }, { email: "new@example.test" }]).returning();
    [alice, nameless] = rows.map((r) => r.id);
    // Auth.js opens the dev mailbox transport on its first request: not part of any count.
    await getCurrentUser();
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(() => {
    ctx.cookie = "";
    log.reset();
  });

  /** A stored session of `userId` ending at `expires` (by default made a minute ago), and the browser's cookie naming it. */
  async function sessionOf(userId: string, expires = new Date(Date.now() + 30 * DAY - 60_000)): Promise<string> {
    const token = randomBytes(16).toString("hex");
    await handle.db.insert(sessions).values({ sessionToken: token, userId, expires });
    ctx.cookie = `authjs.session-token=${token}`;
    log.reset();
    return token;
  }
  const stored = async (token: string) => (await handle.db.select().from(sessions).where(eq(sessions.sessionToken, token)))[0];
  const redirectOf = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => (e instanceof ctx.Redirect ? e.url : e));

  it("a player gets their own row, from one query", async () => {
    await sessionOf(alice);
    const user = await getCurrentUser();
    expect(user).toMatchObject({ id: alice, name: "Alice", email: "alice@example.test", botLevel: null, confirmMoves: true });
    // The row as Drizzle reads it, not a JSON copy.
    expect(user?.createdAt).toBeInstanceOf(Date);
    expect(log.statements, log.statements.join("\n")).toHaveLength(1);
    expect(log.statements[0]).toMatch(/from "sessions" inner join "users"/);
    expect(await requireUser("/settings")).toMatchObject({ id: alice, name: "Alice" });
  });

  it("signed out: nobody, and no query", async () => {
    expect(await getCurrentUser()).toBeNull();
    expect(log.statements).toHaveLength(0);
    expect(await redirectOf(requireUser("/settings"))).toBe("/signin?callbackUrl=%2Fsettings");
  });

  it("a forged cookie naming no session: nobody", async () => {
    for (const forged of [randomBytes(16).toString("hex"), "", "x".repeat(500), "'; select 1; --"]) {
      ctx.cookie = `authjs.session-token=${encodeURIComponent(forged)}`;
      expect(await getCurrentUser()).toBeNull();
    }
  });

  it("an expired session: nobody, and its row is deleted", async () => {
    const token = await sessionOf(alice, new Date(Date.now() - 1000));
    expect(await getCurrentUser()).toBeNull();
    expect(await stored(token)).toBeUndefined();
  });

  it("a deleted user: nobody", async () => {
    const [gone] = await handle.db.insert(users).values({ name: "Gone", email: "gone@example.test" }).returning();
    await sessionOf(gone.id);
    expect((await getCurrentUser())?.id).toBe(gone.id);
    await handle.db.delete(users).where(eq(users.id, gone.id));
    expect(await getCurrentUser()).toBeNull();
  });

  it("a session naming a bot is nobody's: no page or action acts as a bot (docs/playing-bots.md#accounts)", async () => {
    const [bot] = await handle.db.select().from(users).where(eq(users.botLevel, 4));
    await sessionOf(bot.id);
    expect(await getCurrentUser()).toBeNull();
    expect(await redirectOf(requireUser("/games/x"))).toBe("/signin?callbackUrl=%2Fgames%2Fx");
  });

  it("a user without a name is sent to choose one, and back", async () => {
    await sessionOf(nameless);
    expect((await getCurrentUser())?.id).toBe(nameless);
    expect(await redirectOf(requireUser("/games/x"))).toBe("/welcome?callbackUrl=%2Fgames%2Fx");
  });

  it("a session last extended over a day ago rolls on (Auth.js's updateAge), in a second statement", async () => {
    // maxAge 30 days, updateAge 1 day: ending in 28 days, it was last extended 2 days ago.
    const token = await sessionOf(alice, new Date(Date.now() + 28 * DAY));
    expect((await getCurrentUser())?.id).toBe(alice);
    expect(log.statements).toHaveLength(2);
    expect((await stored(token)).expires.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
  });
});
