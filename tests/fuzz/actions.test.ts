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
 * A quarter of the calls are ones that should succeed (world.ts validCall: the
 * right player, a legal move, a real invitation…), and every action must succeed
 * at least once: a redirect to sign in is a refusal, any other one a success.
 * FUZZ_INPUTS calls per action (a sample in `npm test`; `npm run fuzz`: 100,000).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "@/lib/db/client";
import type { User } from "@/lib/db/schema";
import { chatMessages, users } from "@/lib/db/schema";
import { createTestPostgres, type TestDb } from "@/lib/db/testing";
import { variantIds } from "@/lib/rules";
import { WAZIR_GAME, wazirGame } from "../support/presets";
import { fuzzCount, hostileShape, hostileString, mutate, Rng, SEED } from "./random";
import { buildWorld, pendingInvitations, validCall, type Doing, type World } from "./world";
import { addConditionalLine } from "@/lib/games";
import { sessionTokenOf } from "../support/sessions";

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
    // A move's session is checked with its game's read: a real one for ctx.user (tests/support/sessions.ts).
    sessionToken: () => sessionTokenOf(ctx.db as Db, ctx.user),
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
import {
  acceptDrawAction, addConditionalLineAction, chatAction, chooseSetupAction, conditionalLinesAction, deleteConditionalLineAction, claimDrawAction,
  declineDrawAction, moveAction, muteAction, offerDrawAction, reportAction, resignAction, saveNoteAction, withdrawAction,
} from "@/app/games/[id]/actions";
import { importGame } from "@/app/import/actions";
import { publishPresetAction } from "@/app/presets/actions";
import { answerInvitationAction } from "@/app/invitations/[token]/actions";
import { stopRepliesByEmail } from "@/app/reply-by-email/[token]/actions";
import { saveSettings, setVacation, signOutAction } from "@/app/settings/actions";
import { requestSignIn } from "@/app/signin/actions";
import { chooseName } from "@/app/welcome/actions";

const N = fuzzCount(60);
const REBUILD_EVERY = 150;
const VALID = 0.25;

/** A call that should succeed: who makes it (a user id) and its input. */
type Valid = { user: string; input: unknown } | null;
interface Options {
  valid?: () => Valid | Promise<Valid>;
  /** How often `valid` is used (default VALID). */
  share?: number;
  /** Start on the world as built, not on what earlier actions left. */
  fresh?: boolean;
}

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

  /** A form with exactly these fields. */
  function exactly(fields: Record<string, string>): FormData {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) f.append(k, v);
    return f;
  }
  const person = (id: string) => people.find((u) => u?.id === id) ?? null;

  /** Calls the action N times as random people with inputs from `input`; judges every answer. */
  async function fuzz(name: string, call: (input: unknown) => Promise<unknown>, input: () => unknown, { valid, share = VALID, fresh = false }: Options = {}) {
    const t = (tally[name] = {} as Record<string, number>);
    if (fresh) await rebuild();
    for (let i = 0; i < N; i++) {
      if (i > 0 && i % REBUILD_EVERY === 0) await rebuild();
      const good = valid && r.chance(share) ? await valid() : null;
      ctx.user = good ? person(good.user) : r.pick(people);
      ctx.headers = new Headers({ "x-forwarded-for": `10.${r.int(4)}.0.${r.int(255)}` });
      const raw = good ? good.input : input();
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
        // To sign in (or choose a name) first is a refusal; anywhere else, where the action leads on success.
        const k = /^\/(signin\?callbackUrl=|welcome\?)/.test(e.url) ? "to sign-in" : "redirect";
        t[k] = (t[k] ?? 0) + 1;
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
    expect((t.ok ?? 0) + (t.redirect ?? 0), `${name}: no call succeeded in ${N} (FUZZ_SEED=${SEED}): ${JSON.stringify(t)}`).toBeGreaterThan(0);
  }

  /** A valid game-page call, for the service's Doing. */
  const game = (doing: Doing) => () => validCall(r, world, doing);
  /** A valid invitation form from the lobby or home page. */
  const invitationForm = (doing: Doing) => async (): Promise<Valid> => {
    const v = validCall(r, world, doing, await pendingInvitations(handle.db));
    return v && { user: v.user, input: exactly({ invitationId: String(v.input.invitationId), from: r.pick(["/", "/lobby"]) }) };
  };
  const named = () => r.pick([world.p.alice, world.p.bob, world.p.carol, world.p.dave]);

  const T = 60_000 + N * 100;
  const prev = { error: null };
  const gameRaw = () => hostileShape(r, { gameId: r.pick(world.gameIds) }, { gameId: ids() });

  it("lobby and home: accept, decline, withdraw a challenge", { timeout: T }, async () => {
    const input = () => form({ invitationId: r.pick(world.invitationIds), from: r.pick(["/", "/lobby"]) }, { invitationId: ids(), from: ["//evil.example", "https://evil.example", "/games"] });
    await fuzz("acceptChallenge", (f) => acceptChallenge(prev, f as FormData), input, { valid: invitationForm("accept"), fresh: true });
    await fuzz("declineChallenge", (f) => declineChallenge(prev, f as FormData), input, { valid: invitationForm("decline"), fresh: true });
    await fuzz("withdrawChallenge", (f) => withdrawChallenge(prev, f as FormData), input, { valid: invitationForm("withdraw"), fresh: true });
  });

  it("new challenge", { timeout: T }, async () => {
    const challenge = () => ({
      variant: r.pick(variantIds()), color: r.pick(["white", "black", "random"]), daysPerMove: String(r.pick([1, 2, 3, 5, 7, 10, 14])),
      visibility: r.pick(["public", "unlisted", "private"]),
    });
    await fuzz("createChallengeAction", (f) => createChallengeAction(prev, f as FormData), () => form({
      ...challenge(), opponentKind: r.pick(["user", "email", "link", "open"]),
      opponentName: r.pick(["Bob", "Alice", "Nobody", "carol"]), opponentEmail: r.pick(["dave@example.test", "new@example.test", "alice@example.test"]),
    }, { variant: ["checkers"], daysPerMove: ["0", "4", "-1", "1e9", "3.5"], opponentKind: ["robot", ""], opponentName: ["a\u0000b", "x".repeat(50)] }), {
      valid: () => ({ user: named(), input: exactly({ ...challenge(), opponentKind: r.pick(["link", "open"]) }) }),
    });
  });

  it("game page: move, resign, draws, withdraw", { timeout: T }, async () => {
    const play = { fresh: true };
    await fuzz("moveAction", (x) => moveAction(x as never), () => {
      const gameId = r.pick(world.gameIds);
      const here = world.legal.get(gameId)!;
      return hostileShape(r, { gameId, expectedPly: here.ply, move: here.moves.length ? r.pick(here.moves) : "P e2-e4" }, {
        gameId: ids(), expectedPly: [-1, here.ply + 1, "0", 1e9, 0.5], move: ["", "x".repeat(600), "P e2-e4; P e2-e4", hostileString(r)],
      });
    }, { ...play, valid: game("move") });
    await fuzz("resignAction", (x) => resignAction(x as never), gameRaw, { ...play, valid: game("resign") });
    await fuzz("offerDrawAction", (x) => offerDrawAction(x as never), gameRaw, { ...play, valid: game("offerDraw") });
    await fuzz("acceptDrawAction", (x) => acceptDrawAction(x as never), gameRaw, { ...play, valid: game("answerDraw") });
    await fuzz("declineDrawAction", (x) => declineDrawAction(x as never), gameRaw, { ...play, valid: game("answerDraw") });
    await fuzz("claimDrawAction", (x) => claimDrawAction(x as never), () =>
      hostileShape(r, { gameId: r.pick(world.gameIds), reason: r.pick(["threefold-repetition", "fifty-move-rule"]) }, { gameId: ids(), reason: ["agreement"] }),
    { ...play, valid: game("claimDraw") });
    await fuzz("chooseSetupAction", (x) => chooseSetupAction(x as never), () =>
      hostileShape(r, { gameId: r.pick(world.gameIds), setup: r.int(4) }, { gameId: ids(), setup: [-1, 4, 64, "1", 1.5, null] }),
    { ...play, valid: game("chooseSetup") });
    await fuzz("withdrawAction", (x) => withdrawAction(x as never), () =>
      hostileShape(r, { gameId: r.pick(world.gameIds), invitationId: r.pick(world.invitationIds) }, { gameId: ids(), invitationId: ids() }),
    { ...play, valid: game("withdraw") });
  });

  it("game page: conditional moves", { timeout: T }, async () => {
    const play = { fresh: true };
    await fuzz("addConditionalLineAction", (x) => addConditionalLineAction(x as never), () => {
      const gameId = r.pick(world.gameIds);
      const here = world.legal.get(gameId)!;
      return hostileShape(r, { gameId, expectedPly: here.ply, moves: here.line.length ? here.line : ["P e2-e4", "p e7-e5"] }, {
        gameId: ids(), expectedPly: [-1, here.ply + 1, "0", 1e9], moves: [[], ["P e2-e4"], Array(22).fill("P e2-e4"), ["x".repeat(600), "P e2-e4"], "P e2-e4", [hostileString(r), hostileString(r)], null],
      });
    }, { ...play, valid: game("conditional") });
    await fuzz("conditionalLinesAction", (x) => conditionalLinesAction(x as never), gameRaw, { valid: game("resign") });
    // A line of the player's own to delete, made by the service first; the hostile inputs name lines that are no one's.
    await fuzz("deleteConditionalLineAction", (x) => deleteConditionalLineAction(x as never), () =>
      hostileShape(r, { gameId: r.pick(world.gameIds), lineId: ids() }, { gameId: ids(), lineId: ids() }),
    { ...play, valid: async () => {
      const v = validCall(r, world, "conditional");
      if (!v) return null;
      const lines = await addConditionalLine(handle.db, v.user, v.input as never).catch(() => []);
      return lines.length ? { user: v.user, input: { gameId: v.input.gameId, lineId: lines[lines.length - 1].id } } : null;
    } });
  });

  it("game page: chat and notes", { timeout: T }, async () => {
    const talk = { fresh: true };
    /** A player of an active game, with the input `extra` adds to the game's id. */
    const inGame = (extra: (gameId: string, player: string, opponent: string) => Promise<Record<string, unknown>> | Record<string, unknown>) => async (): Promise<Valid> => {
      const v = validCall(r, world, "offerDraw");
      if (!v) return null;
      const gameId = String(v.input.gameId);
      const g = world.legal.get(gameId)!;
      return { user: v.user, input: { gameId, ...(await extra(gameId, v.user, v.user === g.white ? g.black! : g.white!)) } };
    };
    const text = (t: string) => () => hostileShape(r, { gameId: r.pick(world.gameIds), text: t }, {
      gameId: ids(), text: ["", "  ", "x".repeat(10_001), "a\u0000b", hostileString(r), 5, null],
    });
    await fuzz("chatAction", (x) => chatAction(x as never), text("good luck"), { ...talk, valid: inGame(() => ({ text: "good luck" })) });
    await fuzz("saveNoteAction", (x) => saveNoteAction(x as never), text("plan: h4"), { ...talk, valid: inGame(() => ({ text: "plan: h4" })) });
    await fuzz("muteAction", (x) => muteAction(x as never), () =>
      hostileShape(r, { gameId: r.pick(world.gameIds), mute: r.chance(0.5) }, { gameId: ids(), mute: ["true", 1, null] }),
    { ...talk, valid: inGame(() => ({ mute: r.chance(0.5) })) });
    const written: string[] = [];
    await fuzz("reportAction", (x) => reportAction(x as never), () =>
      hostileShape(r, { gameId: r.pick(world.gameIds), messageId: written.length ? r.pick(written) : "none" }, { gameId: ids(), messageId: ids() }),
    { ...talk, valid: inGame(async (gameId, _player, opponent) => {
      // The opponent's message to report, written long ago so that no rate limit refuses the player's own.
      const [m] = await handle.db.insert(chatMessages).values({ gameId, authorId: opponent, text: "rude", createdAt: new Date(0) }).returning();
      written.push(m.id);
      return { messageId: m.id };
    }) });
  });

  it("invitation page: accept or decline by link", { timeout: T }, async () => {
    await fuzz("answerInvitationAction", (f) => answerInvitationAction(prev, f as FormData), () => {
      const i = r.int(world.tokens.length);
      return form({ token: world.tokens[i], invitationId: world.invitationIds[i], answer: r.pick(["accept", "decline"]) }, {
        token: [...world.tokens, world.tokens[i].toUpperCase(), "0".repeat(32)], invitationId: ids(), answer: ["maybe", "ACCEPT"],
      });
    }, {
      fresh: true,
      // Two ways to succeed, each once or twice per world: a pending invitation, answered the way reached less often yet.
      share: 0.5,
      valid: async () => {
        const t = tally.answerInvitationAction;
        const pending = await pendingInvitations(handle.db);
        const prefer = (t.ok ?? 0) <= (t.redirect ?? 0) ? "decline" : "accept";
        const answer = validCall(r, world, prefer, pending) ? prefer : prefer === "accept" ? "decline" : "accept";
        const v = validCall(r, world, answer, pending);
        const inv = v && world.invitations.find((x) => x.id === v.input.invitationId)!;
        return v && inv && { user: v.user, input: exactly({ token: inv.token, invitationId: inv.id, answer }) };
      },
    });
    // Both answers: accepting leads to the game, declining shows the invitation again.
    const t = tally.answerInvitationAction;
    expect(t.redirect ?? 0, `no invitation accepted (FUZZ_SEED=${SEED}): ${JSON.stringify(t)}`).toBeGreaterThan(0);
    expect(t.ok ?? 0, `no invitation declined (FUZZ_SEED=${SEED}): ${JSON.stringify(t)}`).toBeGreaterThan(0);
  });

  it("reply-by-email page: stop replies", { timeout: T }, async () => {
    // Unknown and malformed links stop nothing and lead back to the page (docs/reply-by-email.md#stopping).
    await fuzz("stopRepliesByEmail", (f) => stopRepliesByEmail(f as FormData), () => form({ token: "a".repeat(32) }, {
      token: ["", "A".repeat(32), "a".repeat(31), "1".repeat(32), "../../etc", "//evil.example", hostileString(r)],
    }));
  });

  it("settings, vacation, sign-out", { timeout: T }, async () => {
    await fuzz("saveSettings", (f) => saveSettings({ error: null, saved: false }, f as FormData), () => form({
      name: r.pick(["Alice", "Bob", "New_name", "ab", "x".repeat(21)]), notify: r.pick(["every-move", "digest", "none"]),
      boardOrientation: r.pick(["player", "white"]), confirmMoves: r.pick(["on", "off"]),
      pieceSet: r.pick(["traditional", "western"]), shogiCoordinates: r.pick(["on", "off"]),
    }, { name: ["alice", "ALICE", "Bob", "<b>x</b>", "名前", "a b"], notify: ["all"], boardOrientation: ["black"], pieceSet: ["staunton", ""] }), {
      valid: () => {
        const user = person(named())!;
        return { user: user.id, input: exactly({ name: user.name!, notify: r.pick(["every-move", "digest", "none"]), boardOrientation: r.pick(["player", "white"]), confirmMoves: "on" }) };
      },
    });
    await fuzz("setVacation", (f) => setVacation({ error: null }, f as FormData), () => form({ on: r.pick(["1", "0"]) }, { on: ["2", "true"] }), {
      valid: () => ({ user: named(), input: exactly({ on: r.pick(["1", "0"]) }) }),
    });
    await fuzz("signOutAction", () => signOutAction(), () => null);
    await fuzz("signOutFromHeader", () => signOutFromHeader(), () => null);
  });

  it("sign-in, first name, import", { timeout: T }, async () => {
    await fuzz("requestSignIn", (f) => requestSignIn({ error: null }, f as FormData), () => form({
      email: r.pick(["alice@example.test", "someone@example.test", `x${r.int(1e6)}@example.test`]), callbackUrl: r.pick(["/", "/games", "/settings"]),
    }, { email: ["a@b", "@example.test", "a@b@c", `${"a".repeat(400)}@example.test`], callbackUrl: ["//evil.example", "https://evil.example/x", "javascript:alert(1)", "/\\evil.example"] }), {
      valid: () => ({ user: named(), input: exactly({ email: `x${r.int(1e6)}@example.test`, callbackUrl: "/games" }) }),
    });
    await fuzz("chooseName", (f) => chooseName({ error: null }, f as FormData), () => form({
      name: r.pick(["Newbie", "Alice", "bob", "x_y-z"]), callbackUrl: r.pick(["/", "/games/x"]),
    }, { name: ["ab", "a".repeat(21), "<script>", "a\u0000b", "Ａｌｉｃｅ"], callbackUrl: ["//evil.example", "https://evil.example"] }), {
      fresh: true,
      valid: () => ({ user: world.p.nameless, input: exactly({ name: `Newbie${r.int(1000)}`, callbackUrl: "/games" }) }),
    });
    await fuzz("importGame", (f) => importGame({ error: null, text: "" }, f as FormData), () => form({
      record: r.pick(['[Event "x"]\n[Variant "chess"]\n\n1. P e2-e4 p e7-e5 *\n', '[Variant "chess"]\n\n1. P f2-f3 p e7-e5 2. P g2-g4 q d8-h4# 0-1\n', "1. e4 e5 2. Nf3 *", "P e2-e4", ""]), visibility: r.pick(["public", "unlisted", "private"]),
    }, { record: [hostileString(r)], visibility: ["secret"] }), {
      valid: () => ({ user: named(), input: exactly({ record: '[Event "x"]\n[Variant "chess"]\n\n1. P e2-e4 p e7-e5 1-0\n', visibility: r.pick(["public", "unlisted", "private"]) }) }),
    });
  });

  it("publish a preset", { timeout: T }, async () => {
    // A publication reads and builds the text (tens of ms): valid calls are fewer here.
    await fuzz("publishPresetAction", (f) => publishPresetAction({ error: null }, f as FormData), () => form({
      slug: `fuzz-${r.int(1e9)}`, name: "Fuzz Wazirs", rules: "The **wazir** steps. <script>x</script>", text: r.pick([WAZIR_GAME, wazirGame("fW"), "board: 8x8"]),
    }, { slug: ["new", "../etc", "A", "-x-"], text: [wazirGame("Q9"), WAZIR_GAME.replace("board: 6x6", "board: 99x99")] }), {
      share: 0.1,
      valid: () => ({ user: named(), input: exactly({ slug: `fuzz-${r.int(1e9)}`, name: "Fuzz Wazirs", rules: "", text: WAZIR_GAME }) }),
    });
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
