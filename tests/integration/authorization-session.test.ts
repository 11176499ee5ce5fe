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
import { games, moves, sessions, users } from "@/lib/db/schema";
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
// The request Auth.js reads the cookie from, as a page or action would see it; the move's signer reads the same cookie.
vi.mock("next/headers", () => ({
  headers: async () => new Headers(ctx.cookie ? { cookie: ctx.cookie } : {}),
  cookies: async () => {
    const jar = new Map(ctx.cookie.split("; ").filter(Boolean).map((c) => [c.slice(0, c.indexOf("=")), decodeURIComponent(c.slice(c.indexOf("=") + 1))]));
    return { get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)! } : undefined) };
  },
}));
vi.mock("@/lib/db/client", async (original) => ({ ...(await original<object>()), getDb: async () => ctx.db }));
vi.mock("@/lib/mail/worker", () => ({ wakeOutboxWorker: () => {} }));

import { getCurrentUser, requireUser } from "@/lib/auth";
import { moveAction } from "@/app/games/[id]/actions";
import { insertActiveGame } from "../support/games";

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

  // A move's session is checked by the statement that reads its game (lib/auth/session-user.ts), not by Auth.js:
  // the same checks, proved here on the game page's own action.
  describe("a move, signed by its session in the statement that reads the game", () => {
    let bob: string, carol: string;
    beforeAll(async () => {
      const rows = await handle.db.insert(users).values([{ name: "Bob", email: "bob@example.test" }, { name: "Carol", email: "carol@example.test" }]).returning();
      [bob, carol] = rows.map((r) => r.id);
    });
    const newGame = (played: string[] = [], white = alice, visibility: "public" | "private" = "public") =>
      insertActiveGame(handle.db, { white, black: bob, moves: played, visibility });
    const movesOf = async (gameId: string) => (await handle.db.select().from(moves).where(eq(moves.gameId, gameId))).map((m) => `${m.text} by ${m.playerId}`);
    const SIGNED_OUT = { ok: false, code: "signed-out", error: "You are signed out: sign in again to play." };
    const sessionReads = () => log.statements.filter((q) => /\bjoin "sessions"|from "sessions"/.test(q));

    it("plays for the player the session signs in, the session and the game read in one statement", async () => {
      const id = await newGame();
      await sessionOf(alice);
      expect(await moveAction({ gameId: id, expectedPly: 0, move: "P e2-e4" })).toMatchObject({ ok: true, played: { ply: 1, text: "P e2-e4" } });
      // The session is read once, by the statement that reads the game; Auth.js's own read of it is not sent.
      expect(sessionReads(), log.statements.join("\n")).toHaveLength(1);
      expect(sessionReads()[0]).toMatch(/from "games" left join "users" "white"/);
      // Joined once, however many times the statement names the mover.
      expect(sessionReads()[0].match(/"sessions"(?!\.)/g)).toHaveLength(1);
      expect(await movesOf(id)).toEqual([`P e2-e4 by ${alice}`]);
    });

    it("refuses, storing nothing, a request whose session signs in nobody, though it names the player to move", async () => {
      const [bot] = await handle.db.select().from(users).where(eq(users.botLevel, 4));
      // Each session's user is White, to move, in a game of their own: only the session's checks refuse them.
      // The page still shows the public game: to a visitor without the players' chat; to the nameless
      // player, signed in to Auth.js but not to play, as theirs.
      const cases: [string, string, () => Promise<unknown>, boolean][] = [
        ["no cookie", alice, async () => (ctx.cookie = ""), false],
        ["a forged token", alice, async () => (ctx.cookie = `authjs.session-token=${randomBytes(16).toString("hex")}`), false],
        ["an expired session", alice, () => sessionOf(alice, new Date(Date.now() - 1000)), false],
        ["a bot's session", bot.id, () => sessionOf(bot.id), false],
        ["the session of a user without a name", nameless, () => sessionOf(nameless), true],
      ];
      for (const [what, white, signIn, asPlayer] of cases) {
        const id = await newGame([], white);
        await signIn();
        const answer = await moveAction({ gameId: id, expectedPly: 0, move: "P e2-e4" });
        expect(answer, what).toMatchObject({ ...SIGNED_OUT, state: { id } });
        expect("state" in answer && answer.state !== null && "chat" in answer.state, what).toBe(asPlayer);
        expect(await movesOf(id), what).toEqual([]);
        expect((await handle.db.select().from(games).where(eq(games.id, id)))[0].ply, what).toBe(0);
      }
    });

    it("a session is not a licence beyond its player: the opponent out of turn, a stranger", async () => {
      const id = await newGame();
      await sessionOf(bob);
      expect(await moveAction({ gameId: id, expectedPly: 0, move: "P e2-e4" })).toMatchObject({ ok: false, code: "not-your-turn" });
      await sessionOf(carol);
      expect(await moveAction({ gameId: id, expectedPly: 0, move: "P e2-e4" })).toMatchObject({ ok: false, code: "forbidden" });
      expect(await movesOf(id)).toEqual([]);
    });

    it("a private game is told from a missing one by nobody it is hidden from, signed in or out", async () => {
      const missing = "00000000-0000-4000-8000-000000000000";
      const hidden = await newGame([], alice, "private");
      const answers = async () => [
        await moveAction({ gameId: missing, expectedPly: 0, move: "P e2-e4" }),
        await moveAction({ gameId: hidden, expectedPly: 0, move: "P e2-e4" }),
      ];
      await sessionOf(carol);
      expect(await answers()).toEqual([{ ok: false, code: "not-found", error: "no such game", state: null }, { ok: false, code: "not-found", error: "no such game", state: null }]);
      ctx.cookie = `authjs.session-token=${randomBytes(16).toString("hex")}`;
      expect(await answers()).toEqual([{ ...SIGNED_OUT, state: null }, { ...SIGNED_OUT, state: null }]);
      await sessionOf(carol, new Date(Date.now() - 1000));
      expect(await answers()).toEqual([{ ...SIGNED_OUT, state: null }, { ...SIGNED_OUT, state: null }]);
    });

    it("a move that ends the game, judged again in its transaction, is the session's player's, and so is the state it answers", async () => {
      const id = await newGame(["P f2-f3", "p e7-e5", "P g2-g4"], alice, "private");
      await sessionOf(bob);
      const answer = await moveAction({ gameId: id, expectedPly: 3, move: "q d8-h4" });
      expect(answer).toMatchObject({ ok: true, state: { id, status: "finished", chat: expect.any(Object) } });
      expect((await movesOf(id)).at(-1)).toBe(`q d8-h4 by ${bob}`);
      // Drawn for the player the move's statement signed in, not for whoever Auth.js would say a moment later.
      expect(sessionReads(), log.statements.join("\n")).toHaveLength(1);
    });

    it("reads the cookie Auth.js reads: the secure name on https, only the plain one on http", async () => {
      const id = await newGame();
      const token = await sessionOf(alice);
      const site = process.env.AUTH_URL;
      try {
        process.env.AUTH_URL = "https://courier.example";
        ctx.cookie = `authjs.session-token=${token}`;
        expect(await moveAction({ gameId: id, expectedPly: 0, move: "P e2-e4" })).toMatchObject(SIGNED_OUT);
        ctx.cookie = `__Secure-authjs.session-token=${token}`;
        expect(await moveAction({ gameId: id, expectedPly: 0, move: "P e2-e4" })).toMatchObject({ ok: true });
        process.env.AUTH_URL = "http://localhost:3000";
        expect(await moveAction({ gameId: id, expectedPly: 1, move: "p e7-e5" })).toMatchObject(SIGNED_OUT);
      } finally {
        process.env.AUTH_URL = site;
      }
      expect(await movesOf(id)).toEqual([`P e2-e4 by ${alice}`]);
    });
  });
});
