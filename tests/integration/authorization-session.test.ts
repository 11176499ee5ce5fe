/**
 * The session guards every page and server action relies on (lib/auth/index.ts):
 * getCurrentUser reads the user of the session Auth.js hands over, requireUser lets
 * only a signed-in player with a name through. Auth.js is replaced by a stand-in
 * session (it is driven for real in auth.test.ts); the users are real rows on
 * PostgreSQL.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { users } from "@/lib/db/schema";
import { createTestPostgres, type TestDb } from "@/lib/db/testing";

const ctx = vi.hoisted(() => {
  class Redirect extends Error {
    constructor(readonly url: string) {
      super(`NEXT_REDIRECT ${url}`);
    }
  }
  return { Redirect, session: null as unknown, db: null as unknown };
});
vi.mock("next/navigation", () => ({
  redirect: (url: string) => {
    throw new ctx.Redirect(url);
  },
}));
vi.mock("next-auth", () => ({
  default: () => ({ handlers: {}, auth: async () => ctx.session, signIn: async () => {}, signOut: async () => {} }),
}));
vi.mock("@/lib/db/client", async (original) => ({ ...(await original<object>()), getDb: async () => ctx.db }));

import { getCurrentUser, requireUser } from "@/lib/auth";

describe("session guards", () => {
  let handle: TestDb;
  let alice: string, nameless: string;

  beforeAll(async () => {
    handle = await createTestPostgres({ max: 2 });
    ctx.db = handle.db;
    const rows = await handle.db.insert(users).values([{ name: "Alice", email: "alice@example.test" }, { email: "new@example.test" }]).returning();
    [alice, nameless] = rows.map((r) => r.id);
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(() => {
    ctx.session = null;
  });

  const redirectOf = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => (e instanceof ctx.Redirect ? e.url : e));

  it("signed out, or a session without a user or whose user is gone: nobody", async () => {
    for (const session of [null, {}, { user: {} }, { user: { id: "00000000-0000-4000-8000-000000000000" } }]) {
      ctx.session = session;
      expect(await getCurrentUser()).toBeNull();
      expect(await redirectOf(requireUser("/settings"))).toBe("/signin?callbackUrl=%2Fsettings");
    }
  });

  it("a user without a name is sent to choose one, and back", async () => {
    ctx.session = { user: { id: nameless } };
    expect((await getCurrentUser())?.id).toBe(nameless);
    expect(await redirectOf(requireUser("/games/x"))).toBe("/welcome?callbackUrl=%2Fgames%2Fx");
  });

  it("a session naming a bot is nobody's: no page or action acts as a bot (docs/playing-bots.md#accounts)", async () => {
    const [bot] = await handle.db.select().from(users).where(eq(users.botLevel, 4));
    ctx.session = { user: { id: bot.id } };
    expect(await getCurrentUser()).toBeNull();
    expect(await redirectOf(requireUser("/games/x"))).toBe("/signin?callbackUrl=%2Fgames%2Fx");
  });

  it("a player gets their own row", async () => {
    ctx.session = { user: { id: alice } };
    expect(await requireUser("/settings")).toMatchObject({ id: alice, name: "Alice", email: "alice@example.test" });
    expect((await getCurrentUser())?.id).toBe(alice);
  });
});
