/**
 * Fuzz of every server action (app/**\/actions.ts) as a client can call it: forms
 * with hostile, missing, repeated and file-valued fields, game-page calls with
 * hostile objects, other players' and forged ids, signed out or signed in as anyone
 * (a player, a stranger, a user without a name). The framework around them is
 * replaced by stand-ins (session, headers, redirect, revalidation, the worker); the
 * game service and the database (PostgreSQL) are real.
 *
 * A server action must answer every input with its state and a message for the
 * page, or a redirect to a path on this site — never an exception (a 500) and never
 * its "something went wrong on the server" path, which exists for outages and bugs.
 * FUZZ_INPUTS calls per action (a sample in `npm test`; `npm run fuzz`: 100,000).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "@/lib/db/client";
import type { User } from "@/lib/db/schema";
import { users } from "@/lib/db/schema";
import { createTestPostgres, type TestDb } from "@/lib/db/testing";
import { variantIds } from "@/lib/rules";
import { fuzzCount, hostileShape, hostileString, mutate, Rng, SEED } from "./random";
import { buildWorld, type World } from "./world";

const ctx = vi.hoisted(() => {
  class Redirect extends Error {
    constructor(readonly url: string) {
      super(`NEXT_REDIRECT ${url}`);
    }
  }
  return { Redirect, user: null as User | null, db: null as unknown, headers: new Headers(), signIns: 0 };
});

vi.mock("next/navigation", () => ({
  redirect: (url: string) => {
    throw new ctx.Redirect(url);
  },
  notFound: () => {
    throw new ctx.Redirect("/404");
  },
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {}, revalidateTag: () => {}, refresh: () => {} }));
vi.mock("next/headers", () => ({ headers: async () => ctx.headers, cookies: async () => ({ get: () => undefined, set: () => {} }) }));
vi.mock("next-auth", () => ({ AuthError: class AuthError extends Error {} }));
vi.mock("@/lib/mail/worker", () => ({ wakeOutboxWorker: () => {} }));
vi.mock("@/lib/db/client", async (original) => ({ ...(await original<object>()), getDb: async () => ctx.db }));
vi.mock("@/lib/auth", async () => {
  const { safeCallbackPath } = await import("@/lib/auth/callback-path");
  return {
    safeCallbackPath,
    getCurrentUser: async () => ctx.user,
    requireUser: async (returnTo: string) => {
      const back = new URLSearchParams({ callbackUrl: returnTo });
      if (!ctx.user) throw new ctx.Redirect(`/signin?${back}`);
      if (ctx.user.name === null) throw new ctx.Redirect(`/welcome?${back}`);
      return ctx.user;
    },
    // Auth.js itself is driven in tests/integration/auth.test.ts; here, that the action gets this far.
    signIn: async () => {
      ctx.signIns++;
      return "/signin?type=email";
    },
    signOut: async () => {
      throw new ctx.Redirect("/");
    },
  };
});

import { acceptChallenge, declineChallenge, withdrawChallenge } from "@/app/_actions/invitations";
import { signOutFromHeader } from "@/app/_actions/session";
import { createChallengeAction } from "@/app/challenge/actions";
import { acceptDrawAction, claimDrawAction, declineDrawAction, moveAction, offerDrawAction, resignAction, withdrawAction } from "@/app/games/[id]/actions";
import { importGame } from "@/app/import/actions";
import { answerInvitationAction } from "@/app/invitations/[token]/actions";
import { saveSettings, setVacation, signOutAction } from "@/app/settings/actions";
import { requestSignIn } from "@/app/signin/actions";
import { chooseName } from "@/app/welcome/actions";

const N = fuzzCount(60);
const REBUILD_EVERY = 150;

describe(`server action fuzz (${N} calls per action, FUZZ_SEED=${SEED})`, () => {
  let handle: TestDb;
  let world: World;
  let people: (User | null)[];
  const r = new Rng(SEED + 2);
  const tally: Record<string, Record<string, number>> = {};
  const errors = vi.spyOn(console, "error");

  async function rebuild() {
    world = await buildWorld(handle.db, world);
    const rows = await handle.db.select().from(users);
    // Signed out, each player, the nameless user, and a session whose user is gone.
    people = [null, ...rows, { ...rows[0], id: world.p.ghost, name: "Ghost" }];
  }

  beforeAll(async () => {
    handle = await createTestPostgres({ max: 3 });
    ctx.db = handle.db as Db;
    await rebuild();
  });
  afterAll(async () => {
    console.log(`action fuzz (seed ${SEED}):\n` + Object.entries(tally).map(([k, v]) => `  ${k}: ${JSON.stringify(v)}`).join("\n"));
    await handle?.close();
  });

  const ids = () => [...world.gameIds, ...world.invitationIds, ...world.tokens, ...world.users, hostileString(r)];

  /** A form: each field valid, forged, hostile, a file, repeated or missing. */
  function form(fields: Record<string, string>, forged: Record<string, readonly string[]> = {}): FormData {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) {
      const roll = r.next();
      if (roll < 0.45) f.append(k, v);
      else if (roll < 0.65 && forged[k]?.length) f.append(k, r.pick(forged[k]));
      else if (roll < 0.75) f.append(k, mutate(r, v));
      else if (roll < 0.85) f.append(k, hostileString(r));
      else if (roll < 0.9) f.append(k, new File([hostileString(r).slice(0, 2000)], hostileString(r).slice(0, 50) || "f.txt"));
      else if (roll < 0.95) {
        f.append(k, v);
        f.append(k, hostileString(r));
      }
      // else: missing
    }
    if (r.chance(0.1)) f.append(hostileString(r).slice(0, 30) || "x", hostileString(r));
    return f;
  }

  /** Calls the action N times as random people with inputs from `input`; judges every answer. */
  async function fuzz(name: string, call: (input: unknown) => Promise<unknown>, input: () => unknown) {
    const t = (tally[name] = {} as Record<string, number>);
    for (let i = 0; i < N; i++) {
      if (i > 0 && i % REBUILD_EVERY === 0) await rebuild();
      ctx.user = r.pick(people);
      ctx.headers = new Headers({ "x-forwarded-for": `10.${r.int(4)}.0.${r.int(255)}` });
      const raw = input();
      errors.mockClear();
      const shown = () => `${name} as ${ctx.user?.name ?? (ctx.user ? "nameless" : "signed out")} with ${show(raw)} (FUZZ_SEED=${SEED})`;
      let answer: unknown;
      try {
        answer = await call(raw);
      } catch (e) {
        if (!(e instanceof ctx.Redirect)) {
          throw new Error(`${shown()} threw ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`, { cause: e });
        }
        // Only to a path on this site.
        expect(e.url, shown()).toMatch(/^\/(?![/\\])/);
        t.redirect = (t.redirect ?? 0) + 1;
        continue;
      }
      expect(errors, `${shown()} logged an error: ${String(errors.mock.calls[0]?.[0])}`).not.toHaveBeenCalled();
      const a = answer as { ok?: boolean; code?: string; error?: string | null } | undefined;
      expect(a, shown()).toBeTypeOf("object");
      if ("ok" in a!) {
        expect(a!.code, `${shown()}: ${a!.error}`).not.toBe("server");
        if (!a!.ok) expect(a!.error, shown()).toBeTruthy();
      }
      if (a!.error) {
        expect(typeof a!.error, shown()).toBe("string");
        expect(a!.error!.length, shown()).toBeLessThan(400);
        expect(a!.error, shown()).not.toMatch(/@example\.test/);
      }
      const k = a!.error ? ("code" in a! ? `refused:${a!.code}` : "refused") : "ok";
      t[k] = (t[k] ?? 0) + 1;
    }
  }

  const T = 60_000 + N * 100;
  const prev = { error: null };
  const gameRaw = () => hostileShape(r, { gameId: r.pick(world.gameIds) }, { gameId: ids() });

  it("lobby and home: accept, decline, withdraw a challenge", { timeout: T }, async () => {
    const input = () => form({ invitationId: r.pick(world.invitationIds), from: r.pick(["/", "/lobby"]) }, { invitationId: ids(), from: ["//evil.example", "https://evil.example", "/games"] });
    await fuzz("acceptChallenge", (f) => acceptChallenge(prev, f as FormData), input);
    await fuzz("declineChallenge", (f) => declineChallenge(prev, f as FormData), input);
    await fuzz("withdrawChallenge", (f) => withdrawChallenge(prev, f as FormData), input);
  });

  it("new challenge", { timeout: T }, async () => {
    await fuzz("createChallengeAction", (f) => createChallengeAction(prev, f as FormData), () => form({
      variant: r.pick(variantIds()), color: r.pick(["white", "black", "random"]), daysPerMove: String(r.pick([1, 2, 3, 5, 7, 10, 14])),
      visibility: r.pick(["public", "unlisted", "private"]), opponentKind: r.pick(["user", "email", "link", "open"]),
      opponentName: r.pick(["Bob", "Alice", "Nobody", "carol"]), opponentEmail: r.pick(["dave@example.test", "new@example.test", "alice@example.test"]),
    }, { variant: ["checkers"], daysPerMove: ["0", "4", "-1", "1e9", "3.5"], opponentKind: ["robot", ""], opponentName: ["a\u0000b", "x".repeat(50)] }));
  });

  it("game page: move, resign, draws, withdraw", { timeout: T }, async () => {
    await fuzz("moveAction", (x) => moveAction(x as never), () => {
      const gameId = r.pick(world.gameIds);
      const here = world.legal.get(gameId)!;
      return hostileShape(r, { gameId, expectedPly: here.ply, move: here.moves.length ? r.pick(here.moves) : "P e2-e4" }, {
        gameId: ids(), expectedPly: [-1, here.ply + 1, "0", 1e9, 0.5], move: ["", "x".repeat(600), "P e2-e4; P e2-e4", hostileString(r)],
      });
    });
    await fuzz("resignAction", (x) => resignAction(x as never), gameRaw);
    await fuzz("offerDrawAction", (x) => offerDrawAction(x as never), gameRaw);
    await fuzz("acceptDrawAction", (x) => acceptDrawAction(x as never), gameRaw);
    await fuzz("declineDrawAction", (x) => declineDrawAction(x as never), gameRaw);
    await fuzz("claimDrawAction", (x) => claimDrawAction(x as never), () =>
      hostileShape(r, { gameId: r.pick(world.gameIds), reason: r.pick(["threefold-repetition", "fifty-move-rule"]) }, { gameId: ids(), reason: ["agreement"] }));
    await fuzz("withdrawAction", (x) => withdrawAction(x as never), () =>
      hostileShape(r, { gameId: r.pick(world.gameIds), invitationId: r.pick(world.invitationIds) }, { gameId: ids(), invitationId: ids() }));
  });

  it("invitation page: accept or decline by link", { timeout: T }, async () => {
    await fuzz("answerInvitationAction", (f) => answerInvitationAction(prev, f as FormData), () => {
      const i = r.int(world.tokens.length);
      return form({ token: world.tokens[i], invitationId: world.invitationIds[i], answer: r.pick(["accept", "decline"]) }, {
        token: [...world.tokens, world.tokens[i].toUpperCase(), "0".repeat(32)], invitationId: ids(), answer: ["maybe", "ACCEPT"],
      });
    });
  });

  it("settings, vacation, sign-out", { timeout: T }, async () => {
    await fuzz("saveSettings", (f) => saveSettings({ error: null, saved: false }, f as FormData), () => form({
      name: r.pick(["Alice", "Bob", "New_name", "ab", "x".repeat(21)]), notify: r.pick(["every-move", "digest", "none"]),
      boardOrientation: r.pick(["player", "white"]), confirmMoves: r.pick(["on", "off"]),
    }, { name: ["alice", "ALICE", "Bob", "<b>x</b>", "名前", "a b"], notify: ["all"], boardOrientation: ["black"] }));
    await fuzz("setVacation", (f) => setVacation({ error: null }, f as FormData), () => form({ on: r.pick(["1", "0"]) }, { on: ["2", "true"] }));
    await fuzz("signOutAction", () => signOutAction(), () => null);
    await fuzz("signOutFromHeader", () => signOutFromHeader(), () => null);
  });

  it("sign-in, first name, import", { timeout: T }, async () => {
    await fuzz("requestSignIn", (f) => requestSignIn({ error: null }, f as FormData), () => form({
      email: r.pick(["alice@example.test", "someone@example.test", `x${r.int(1e6)}@example.test`]), callbackUrl: r.pick(["/", "/games", "/settings"]),
    }, { email: ["a@b", "@example.test", "a@b@c", `${"a".repeat(400)}@example.test`], callbackUrl: ["//evil.example", "https://evil.example/x", "javascript:alert(1)", "/\\evil.example"] }));
    await fuzz("chooseName", (f) => chooseName({ error: null }, f as FormData), () => form({
      name: r.pick(["Newbie", "Alice", "bob", "x_y-z"]), callbackUrl: r.pick(["/", "/games/x"]),
    }, { name: ["ab", "a".repeat(21), "<script>", "a\u0000b", "Ａｌｉｃｅ"], callbackUrl: ["//evil.example", "https://evil.example"] }));
    await fuzz("importGame", (f) => importGame({ error: null, text: "" }, f as FormData), () => form({
      record: r.pick(['[Event "x"]\n[Variant "chess"]\n\n1. P e2-e4 p e7-e5 *\n', "1. e4 e5 2. Nf3 *", "P e2-e4", ""]), visibility: r.pick(["public", "unlisted", "private"]),
    }, { record: [hostileString(r)], visibility: ["secret"] }));
  });
});

function show(x: unknown): string {
  if (x instanceof FormData) return `form ${JSON.stringify([...x.entries()].map(([k, v]) => [k, typeof v === "string" ? (v.length > 60 ? `${v.slice(0, 40)}… (${v.length})` : v) : `File(${v.size})`]))}`;
  try {
    return JSON.stringify(x, (_k, v) => (typeof v === "bigint" ? `${v}n` : typeof v === "string" && v.length > 60 ? `${v.slice(0, 40)}… (${v.length})` : v))?.slice(0, 500) ?? String(x);
  } catch {
    return Object.prototype.toString.call(x);
  }
}
