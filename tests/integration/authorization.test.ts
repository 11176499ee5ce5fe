/**
 * The authorization matrix, on real PostgreSQL: every service function that acts on
 * a game or an invitation, and every server action, called by someone who may not
 * (a stranger, the player who is not to move, a player of a finished game, a
 * signed-out visitor) on games of every visibility. Each cell asserts the exact
 * refusal, and that nothing in the database changed (every table compared, row by
 * row, before and after).
 *
 * Each game is set up so that the call would succeed for its rightful player (each
 * operation has a cell proving that), so a refusal is the check at work, not some
 * other obstacle; removing any player check turns cells here red.
 *
 * Private games look exactly like missing ones: a stranger acting on one gets the
 * same code and the same words as for an id that does not exist. Public and
 * unlisted games, which anyone with the link may watch, answer a stranger with
 * "forbidden".
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Db } from "@/lib/db/client";
import { games, users, type Game as GameRow, type User } from "@/lib/db/schema";
import { createTestPostgres, type TestDb } from "@/lib/db/testing";
import {
  acceptDraw, acceptInvitation, addConditionalLine, claimDraw, createChallenge, declineDraw, declineInvitation, endVacation, GameError,
  chooseSetup, giveExtraDay, offerDraw, postChat, resign, startVacation, submitMove, withdrawInvitation, type CreatedChallenge,
} from "@/lib/games";
import { visibleGame } from "@/lib/games/archive";
import { importRecord } from "@/lib/games/records";
import { DAY, insertActiveGame, seedPlayers, T0, type Players } from "../support/games";
import { WAZIR_GAME, wazirGame } from "../support/presets";
import { sessionTokenOf } from "../support/sessions";

// The framework around the server actions is replaced, as in tests/fuzz/actions.test.ts; the session is ctx.user.
const ctx = vi.hoisted(() => {
  class Redirect extends Error {
    constructor(readonly url: string) {
      super(`NEXT_REDIRECT ${url}`);
    }
  }
  return { Redirect, user: null as User | null, db: null as unknown };
});
vi.mock("next/navigation", () => ({
  redirect: (url: string) => {
    throw new ctx.Redirect(url);
  },
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {}, refresh: () => {} }));
vi.mock("next/headers", () => ({ headers: async () => new Headers() }));
vi.mock("next-auth", () => ({ AuthError: class AuthError extends Error {} }));
vi.mock("@/lib/mail/worker", () => ({ wakeOutboxWorker: () => {} }));
vi.mock("@/lib/db/client", async (original) => ({ ...(await original<object>()), getDb: async () => ctx.db }));
vi.mock("@/lib/auth", async () => {
  const { safeCallbackPath } = await import("@/lib/auth/callback-path");
  return {
    safeCallbackPath,
    getCurrentUser: async () => ctx.user,
    sessionToken: () => sessionTokenOf(ctx.db as Db, ctx.user),
    requireUser: async (returnTo: string) => {
      const back = new URLSearchParams({ callbackUrl: returnTo });
      if (!ctx.user) throw new ctx.Redirect(`/signin?${back}`);
      if (ctx.user.name === null) throw new ctx.Redirect(`/welcome?${back}`);
      return ctx.user;
    },
  };
});

import { acceptChallenge, declineChallenge, withdrawChallenge } from "@/app/_actions/invitations";
import { createChallengeAction } from "@/app/challenge/actions";
import {
  acceptDrawAction, chatAction, chooseSetupAction, claimDrawAction, declineDrawAction, extraDayAction, moveAction, offerDrawAction, resignAction,
  withdrawAction,
} from "@/app/games/[id]/actions";
import { importGame } from "@/app/import/actions";
import { publishPresetAction } from "@/app/presets/actions";
import { answerInvitationAction } from "@/app/invitations/[token]/actions";
import { saveSettings, setVacation } from "@/app/settings/actions";
import { chooseName } from "@/app/welcome/actions";

type Refusal = { code: GameError["code"]; message: string };
const NOT_A_PLAYER: Refusal = { code: "forbidden", message: "only the players of this game may do that" };
const NO_GAME: Refusal = { code: "not-found", message: "no such game" };
const NO_INVITATION: Refusal = { code: "not-found", message: "no such invitation" };
const OVER: Refusal = { code: "over", message: "this game is over" };
const NO_OFFER: Refusal = { code: "invalid", message: "there is no draw offer from your opponent" };
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
const UNKNOWN_TOKEN = "0".repeat(32);
const REPETITION = ["N g1-f3", "n g8-f6", "N f3-g1", "n f6-g8", "N g1-f3", "n g8-f6", "N f3-g1", "n f6-g8"];
const RECORD = '[White "Anna"]\n[Black "Ben"]\n\n1. P e2-e4 p e7-e5 1-0\n';

/** Every table, as sorted lines of its rows: what "nothing changed" compares. */
const TABLES = ["users", "accounts", "sessions", "verification_tokens", "games", "moves", "invitations", "email_outbox", "rate_events", "dev_mailbox", "presets", "preset_versions",
  "conditional_moves", "game_notes", "chat_messages", "chat_mutes", "chat_reports", "game_seats", "game_eliminations"];

let handle: TestDb;
let db: Db;
let p: Players;

async function snapshot(): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const t of TABLES) {
    const rows = (await db.execute(sql.raw(`select x::text as row from ${t} x order by 1`))) as unknown as { row: string }[];
    out[t] = rows.map((r) => r.row);
  }
  return out;
}

async function refusalOf(call: Promise<unknown>): Promise<Refusal> {
  const e = await call.then(() => null, (err: unknown) => err);
  expect(e, "refused").toBeInstanceOf(GameError);
  return { code: (e as GameError).code, message: (e as GameError).message };
}

/** The call is refused with exactly `expected`, and leaves every table as it was. */
async function expectRefused(call: () => Promise<unknown>, expected: Refusal): Promise<void> {
  const before = await snapshot();
  expect(await refusalOf(call())).toEqual(expected);
  expect(await snapshot()).toEqual(before);
}

/** The call succeeds and writes something: the state it starts from is one where the checks are all that stop others. */
async function expectAllowed(call: () => Promise<unknown>): Promise<void> {
  const before = await snapshot();
  await call();
  expect(await snapshot()).not.toEqual(before);
}

beforeAll(async () => {
  handle = await createTestPostgres({ max: 2 });
  db = handle.db;
  ctx.db = db;
});
afterAll(async () => {
  await handle?.close();
});
beforeEach(async () => {
  p = await seedPlayers(db);
  // Each player's session, made before any action: a move's request carries it (tests/support/sessions.ts).
  for (const id of Object.values(p)) await sessionTokenOf(db, { id });
  ctx.user = null;
});

const userRow = async (id: string) => (await db.select().from(users).where(eq(users.id, id)))[0];
type Visibility = "public" | "unlisted" | "private";
type Colour = "white" | "black";

// ---------------------------------------------------------------- game service

interface GameOp {
  name: string;
  call: (db: Db, userId: string, gameId: string, ply: number) => Promise<unknown>;
  /** The game in which the rightful player's call succeeds (Alice White, Bob Black): chess unless named. */
  variant?: string;
  /** Janggi's setups still to be chosen (docs/games/janggi.md#choosing-the-setups). */
  choosingSetups?: boolean;
  moves?: string[];
  drawOfferBy?: Colour;
  /** Who may do it there, and the game afterwards. */
  may: Colour[];
  after: (who: Colour) => Partial<GameRow>;
  /** The player who may not do it there, and the refusal. */
  notNow?: { who: Colour; refusal: Refusal };
}

const gameOps: GameOp[] = [
  {
    name: "submitMove", call: (d, u, gameId, ply) => submitMove(d, u, { gameId, expectedPly: ply, move: "P e2-e4" }),
    may: ["white"], after: () => ({ status: "active", ply: 1 }),
    notNow: { who: "black", refusal: { code: "not-your-turn", message: "it is your opponent's turn" } },
  },
  {
    name: "submitMove, Black to move", call: (d, u, gameId, ply) => submitMove(d, u, { gameId, expectedPly: ply, move: "p e7-e5" }),
    moves: ["P e2-e4"], may: ["black"], after: () => ({ status: "active", ply: 2 }),
    notNow: { who: "white", refusal: { code: "not-your-turn", message: "it is your opponent's turn" } },
  },
  {
    name: "resign", call: (d, u, gameId) => resign(d, u, { gameId }), may: ["white", "black"],
    after: (who) => ({ status: "finished", result: who === "white" ? "0-1" : "1-0", endReason: "resignation" }),
  },
  {
    name: "offerDraw", call: (d, u, gameId) => offerDraw(d, u, { gameId }), may: ["white", "black"],
    after: (who) => ({ status: "active", drawOfferBy: playerOf(who) }),
  },
  {
    name: "acceptDraw", call: (d, u, gameId) => acceptDraw(d, u, { gameId }), drawOfferBy: "white",
    may: ["black"], after: () => ({ status: "finished", result: "1/2-1/2", endReason: "agreement" }), notNow: { who: "white", refusal: NO_OFFER },
  },
  {
    name: "declineDraw", call: (d, u, gameId) => declineDraw(d, u, { gameId }), drawOfferBy: "white",
    may: ["black"], after: () => ({ status: "active", drawOfferBy: null }), notNow: { who: "white", refusal: NO_OFFER },
  },
  {
    name: "claimDraw", call: (d, u, gameId) => claimDraw(d, u, { gameId, reason: "threefold-repetition" }),
    moves: REPETITION, may: ["white", "black"], after: () => ({ status: "finished", result: "1/2-1/2", endReason: "threefold-repetition" }),
  },
  {
    // At T0, well before the deadline (T0 + 3 days): one more day on it.
    name: "giveExtraDay", call: (d, u, gameId) => giveExtraDay(d, u, { gameId }, T0),
    may: ["black"], after: () => ({ status: "active", deadline: new Date(T0.getTime() + 4 * DAY) }),
    notNow: { who: "white", refusal: { code: "invalid", message: "you can give time only while your opponent is to move" } },
  },
  {
    name: "giveExtraDay, Black to move", call: (d, u, gameId) => giveExtraDay(d, u, { gameId }, T0),
    moves: ["P e2-e4"], may: ["white"], after: () => ({ status: "active", deadline: new Date(T0.getTime() + 4 * DAY) }),
    notNow: { who: "black", refusal: { code: "invalid", message: "you can give time only while your opponent is to move" } },
  },
  {
    // Each player chooses their own side's setup: Black (Han) first.
    name: "chooseSetup", call: (d, u, gameId) => chooseSetup(d, u, { gameId, setup: 1 }, T0), variant: "janggi", choosingSetups: true,
    may: ["black"], after: () => ({ status: "active", choosingSetups: true, blackSetup: 1, whiteSetup: null }),
    notNow: { who: "white", refusal: { code: "not-your-turn", message: "Han chooses first; you choose when your opponent has" } },
  },
  {
    // A conditional line (docs/conditional-moves.md): its author waits for the opponent's move.
    name: "addConditionalLine", call: (d, u, gameId, ply) => addConditionalLine(d, u, { gameId, expectedPly: ply, moves: ["p e7-e5", "N g1-f3"] }, T0),
    moves: ["P e2-e4"], may: ["white"], after: () => ({ status: "active", ply: 1 }),
    notNow: { who: "black", refusal: { code: "invalid", message: "it is your move: conditional moves wait for your opponent's move, so make yours first" } },
  },
  {
    // The players' chat (docs/chat.md): either player, whoever is to move.
    name: "postChat", call: (d, u, gameId) => postChat(d, u, { gameId, text: "good luck" }, T0), may: ["white", "black"],
    after: () => ({ status: "active", ply: 0 }),
  },
];

/** Alice (White) against Bob (Black), set up for `op`; finished (by resignation) when asked. */
async function gameFor(
  op: Pick<GameOp, "variant" | "choosingSetups" | "moves" | "drawOfferBy">, visibility: Visibility, finished = false,
): Promise<{ id: string; ply: number }> {
  const id = await insertActiveGame(db, {
    white: p.alice, black: p.bob, visibility, moves: op.moves, variant: op.variant, choosingSetups: op.choosingSetups,
    drawOfferBy: op.drawOfferBy === "white" ? p.alice : op.drawOfferBy === "black" ? p.bob : null,
  });
  if (finished) await db.update(games).set({ status: "finished", result: "0-1", endReason: "resignation", deadline: null, drawOfferBy: null }).where(eq(games.id, id));
  return { id, ply: op.moves?.length ?? 0 };
}

/** A finished game imported by Carol (its players are names on the record, not accounts). */
async function importedBy(userId: string, visibility: Visibility): Promise<{ id: string; ply: number }> {
  const r = await importRecord(db, userId, RECORD, visibility);
  if (!r.ok) throw new Error(r.error);
  return { id: r.gameId, ply: 2 };
}

const playerOf = (c: Colour) => (c === "white" ? p.alice : p.bob);

describe.each(gameOps)("$name", (op) => {
  it.each(op.may)("succeeds for the rightful player (%s) in the game set up here", async (who) => {
    const g = await gameFor(op, "private");
    await expectAllowed(() => op.call(db, playerOf(who), g.id, g.ply));
    const [row] = await db.select().from(games).where(eq(games.id, g.id));
    expect(row).toMatchObject(op.after(who));
  });

  it.each(["public", "unlisted"] as const)("refuses a stranger on a %s game: not a player", async (visibility) => {
    const g = await gameFor(op, visibility);
    await expectRefused(() => op.call(db, p.carol, g.id, g.ply), NOT_A_PLAYER);
  });

  it("refuses a stranger on a private game exactly as on an unknown id", async () => {
    const g = await gameFor(op, "private");
    await expectRefused(() => op.call(db, p.carol, UNKNOWN_ID, g.ply), NO_GAME);
    await expectRefused(() => op.call(db, p.carol, g.id, g.ply), NO_GAME);
    // A session whose user is gone is a stranger too.
    await expectRefused(() => op.call(db, UNKNOWN_ID, g.id, g.ply), NO_GAME);
  });

  if (op.notNow) {
    const { who, refusal } = op.notNow;
    it(`refuses ${who}, who may not do it here`, async () => {
      for (const visibility of ["public", "private"] as const) {
        const g = await gameFor(op, visibility);
        await expectRefused(() => op.call(db, playerOf(who), g.id, g.ply), refusal);
      }
    });
  }

  if (op.drawOfferBy) {
    it("refuses both players when nobody offered a draw", async () => {
      const g = await gameFor({ ...op, drawOfferBy: undefined }, "public");
      for (const who of ["white", "black"] as const) await expectRefused(() => op.call(db, playerOf(who), g.id, g.ply), NO_OFFER);
    });
  }

  it("refuses both players of a finished game, and strangers as on an active one", async () => {
    for (const visibility of ["public", "private"] as const) {
      const g = await gameFor(op, visibility, true);
      for (const who of ["white", "black"] as const) await expectRefused(() => op.call(db, playerOf(who), g.id, g.ply), OVER);
      await expectRefused(() => op.call(db, p.carol, g.id, g.ply), visibility === "private" ? NO_GAME : NOT_A_PLAYER);
    }
  });

  it("refuses the importer of a private record (who may see it) as not a player, and others as if it did not exist", async () => {
    const g = await importedBy(p.carol, "private");
    await expectRefused(() => op.call(db, p.carol, g.id, g.ply), NOT_A_PLAYER);
    await expectRefused(() => op.call(db, p.dave, g.id, g.ply), NO_GAME);
  });

  it("refuses a stranger on an open private challenge as if it did not exist", async () => {
    const c = await createChallenge(db, p.alice, { variant: "chess", color: "white", daysPerMove: 3, visibility: "private", opponent: { kind: "user", name: "Bob" } }, T0);
    await expectRefused(() => op.call(db, p.carol, c.gameId, 0), NO_GAME);
    await expectRefused(() => op.call(db, p.alice, c.gameId, 0), { code: "over", message: "this game has not started yet" });
    // Withdrawn: the game is cancelled, over for its author too.
    await withdrawInvitation(db, p.alice, { invitationId: c.invitationId }, T0);
    await expectRefused(() => op.call(db, p.alice, c.gameId, 0), OVER);
    await expectRefused(() => op.call(db, p.carol, c.gameId, 0), NO_GAME);
  });
});

// ---------------------------------------------------------------- invitations

type Kind = "user" | "email" | "link" | "open";
type Actor = "author" | "invitee" | "stranger";

async function challenge(kind: Kind, visibility: Visibility): Promise<CreatedChallenge> {
  const opponent = kind === "user" ? { kind, name: "Bob" } : kind === "email" ? { kind, email: "bob@example.test" } : { kind };
  return createChallenge(db, p.alice, { variant: "chess", color: "white", daysPerMove: 3, visibility, opponent }, T0);
}
const actorId = (a: Actor) => (a === "author" ? p.alice : a === "invitee" ? p.bob : p.carol);

interface InvitationOp {
  name: string;
  call: (db: Db, userId: string, c: { invitationId: string; token: string }) => Promise<unknown>;
  /** Who may, for invitations to a player (by name or address). */
  rightful: Actor;
  /** The refusal of the others, and of the stranger to a link or lobby challenge (who may accept those). */
  refusals: Partial<Record<Actor, Refusal>>;
  /** Once the invitation has been answered. */
  answered: (status: string) => Refusal;
}

const cannotDecline: Refusal = { code: "forbidden", message: "only the invited player may decline" };
const notAuthor: Refusal = { code: "forbidden", message: "only its author may withdraw an invitation" };
const invitationOps: InvitationOp[] = [
  {
    name: "acceptInvitation by id", call: (d, u, c) => acceptInvitation(d, u, { invitationId: c.invitationId }), rightful: "invitee",
    refusals: { author: { code: "forbidden", message: "you cannot accept your own challenge" }, stranger: { code: "forbidden", message: "this invitation is for someone else" } },
    answered: (s) => ({ code: "over", message: `this invitation was ${s}` }),
  },
  {
    name: "acceptInvitation by link", call: (d, u, c) => acceptInvitation(d, u, { token: c.token }), rightful: "invitee",
    refusals: { author: { code: "forbidden", message: "you cannot accept your own challenge" }, stranger: { code: "forbidden", message: "this invitation is for someone else" } },
    answered: (s) => ({ code: "over", message: `this invitation was ${s}` }),
  },
  {
    name: "declineInvitation", call: (d, u, c) => declineInvitation(d, u, { invitationId: c.invitationId }), rightful: "invitee",
    refusals: { author: cannotDecline, stranger: cannotDecline },
    answered: (s) => ({ code: "over", message: `this invitation was already ${s}` }),
  },
  {
    name: "withdrawInvitation", call: (d, u, c) => withdrawInvitation(d, u, { invitationId: c.invitationId }), rightful: "author",
    refusals: { invitee: notAuthor, stranger: notAuthor },
    answered: (s) => ({ code: "over", message: `this invitation was already ${s}` }),
  },
];
const unknownInvitation = { invitationId: UNKNOWN_ID, token: UNKNOWN_TOKEN };

describe.each(invitationOps)("$name", (op) => {
  const others = (Object.keys(op.refusals) as Actor[]);

  it.each(["user", "email"] as const)("succeeds for the rightful one on a private invitation by %s", async (kind) => {
    const c = await challenge(kind, "private");
    await expectAllowed(() => op.call(db, actorId(op.rightful), c));
  });

  describe.each(["user", "email"] as const)("an invitation by %s", (kind) => {
    it.each(others)("refuses the %s on a public game", async (actor) => {
      const c = await challenge(kind, "public");
      await expectRefused(() => op.call(db, actorId(actor), c), op.refusals[actor]!);
    });

    it.each(others)("on a private game refuses the %s: a stranger exactly as for an unknown invitation", async (actor) => {
      const c = await challenge(kind, "private");
      await expectRefused(() => op.call(db, actorId(actor), unknownInvitation), NO_INVITATION);
      await expectRefused(() => op.call(db, actorId(actor), c), actor === "stranger" ? NO_INVITATION : op.refusals[actor]!);
    });

    it("refuses everyone once declined; on a private game a stranger learns nothing", async () => {
      for (const visibility of ["public", "private"] as const) {
        const c = await challenge(kind, visibility);
        await declineInvitation(db, p.bob, { invitationId: c.invitationId }, T0);
        await expectRefused(() => op.call(db, actorId(op.rightful), c), op.answered("declined"));
        await expectRefused(() => op.call(db, p.carol, c), visibility === "private" ? NO_INVITATION : op.answered("declined"));
      }
    });
  });

  it.each(["link", "open"] as const)("a %s challenge, which anyone may accept: refused as on a public game, private or not", async (kind) => {
    for (const visibility of ["public", "private"] as const) {
      const c = await challenge(kind, visibility);
      const actor: Actor = op.name.startsWith("accept") ? "author" : "stranger";
      // By its id alone only a lobby challenge (open, public) is reached; a link or a
      // non-public open challenge needs its token, for its author too.
      const needsToken = op.name === "acceptInvitation by id" && (kind === "link" || visibility !== "public");
      await expectRefused(() => op.call(db, actorId(actor), c), needsToken ? NO_INVITATION : op.refusals[actor]!);
    }
  });
});

it("accepting needs a display name; on a private game a nameless stranger learns nothing", async () => {
  const [nameless] = await db.insert(users).values({ email: "nameless@example.test" }).returning();
  const pub = await challenge("open", "public");
  const priv = await challenge("user", "private");
  await expectRefused(() => acceptInvitation(db, nameless.id, { invitationId: pub.invitationId }), { code: "forbidden", message: "choose a display name first" });
  await expectRefused(() => acceptInvitation(db, nameless.id, { invitationId: priv.invitationId }), NO_INVITATION);
});

it("an invitation by email is for that address in any case, and never for a user without one", async () => {
  const [eve, noAddress] = await db.insert(users).values([{ name: "Eve", email: "Eve@Example.test" }, { name: "Nomail" }]).returning();
  const c = await createChallenge(db, p.alice, { variant: "chess", color: "white", daysPerMove: 3, opponent: { kind: "email", email: "eve@EXAMPLE.test" } }, T0);
  await expectRefused(() => acceptInvitation(db, noAddress.id, { token: c.token }), { code: "forbidden", message: "this invitation is for someone else" });
  await expectAllowed(() => acceptInvitation(db, eve.id, { token: c.token }, T0));
});

it("offering a draw when the opponent has offered one agrees to it", async () => {
  const g = await gameFor({ drawOfferBy: "white" }, "public");
  expect(await offerDraw(db, p.bob, { gameId: g.id })).toBe("agreed");
  const [row] = await db.select().from(games).where(eq(games.id, g.id));
  expect(row).toMatchObject({ status: "finished", result: "1/2-1/2", endReason: "agreement" });
});

it("a pending invitation whose game is no longer open cannot be accepted", async () => {
  const c = await challenge("user", "public");
  await db.update(games).set({ status: "cancelled" }).where(eq(games.id, c.gameId));
  await expectRefused(() => acceptInvitation(db, p.bob, { invitationId: c.invitationId }), { code: "over", message: "this challenge is no longer open" });
});

it("records and pictures: a private game for its players and importer only, never for the signed-out", async () => {
  const played = await gameFor({}, "private");
  const imported = await importedBy(p.carol, "private");
  const sees = async (id: string, viewer: string | null) => (await visibleGame(db, id, viewer)) !== null;
  expect([await sees(played.id, p.alice), await sees(played.id, p.bob), await sees(played.id, p.carol), await sees(played.id, null)])
    .toEqual([true, true, false, false]);
  // An imported record has no player accounts: its empty seats must not match a visitor without one.
  expect([await sees(imported.id, p.carol), await sees(imported.id, p.alice), await sees(imported.id, null)]).toEqual([true, false, false]);
});

it("offering a draw twice leaves one offer, and the game goes on", async () => {
  const g = await gameFor({}, "public");
  expect(await offerDraw(db, p.alice, { gameId: g.id })).toBe("offered");
  expect(await offerDraw(db, p.alice, { gameId: g.id })).toBe("offered");
  const [row] = await db.select().from(games).where(eq(games.id, g.id));
  expect(row).toMatchObject({ status: "active", drawOfferBy: p.alice });
});

it("declining from another game's page is refused as an unknown invitation", async () => {
  const c = await challenge("user", "public");
  const other = await challenge("open", "public");
  await expectRefused(() => declineInvitation(db, p.bob, { invitationId: c.invitationId, gameId: other.gameId }), NO_INVITATION);
  await expectRefused(() => withdrawInvitation(db, p.alice, { invitationId: c.invitationId, gameId: other.gameId }), NO_INVITATION);
});

it("vacations: only for a player who exists", async () => {
  await expectRefused(() => startVacation(db, UNKNOWN_ID, T0), { code: "not-found", message: "no such player" });
  // Ending a vacation nobody is on changes nothing.
  const before = await snapshot();
  await endVacation(db, UNKNOWN_ID, T0);
  await endVacation(db, p.alice, T0);
  expect(await snapshot()).toEqual(before);
});

it("an imported record belongs to its importer, not to the names on it", async () => {
  const g = await importedBy(p.carol, "private");
  const [row] = await db.select().from(games).where(eq(games.id, g.id));
  expect(row).toMatchObject({ importedBy: p.carol, whiteId: null, blackId: null, whiteName: "Anna", blackName: "Ben", visibility: "private" });
});

// ---------------------------------------------------------------- server actions

// A refusal always carries `state` (null when the game is not the caller's to see); a move played answers with what it changed instead.
type GameAnswer = { ok: boolean; code?: string; error?: string; state?: { id: string } | null; played?: { ply: number } };

interface GameAction {
  name: string;
  call: (gameId: string, ply: number) => Promise<GameAnswer>;
  op: GameOp;
}
const opNamed = (name: string) => gameOps.find((o) => o.name === name)!;
const gameActions: GameAction[] = [
  { name: "moveAction", call: (gameId, ply) => moveAction({ gameId, expectedPly: ply, move: "P e2-e4" }), op: opNamed("submitMove") },
  { name: "resignAction", call: (gameId) => resignAction({ gameId }), op: opNamed("resign") },
  { name: "offerDrawAction", call: (gameId) => offerDrawAction({ gameId }), op: opNamed("offerDraw") },
  { name: "acceptDrawAction", call: (gameId) => acceptDrawAction({ gameId }), op: opNamed("acceptDraw") },
  { name: "declineDrawAction", call: (gameId) => declineDrawAction({ gameId }), op: opNamed("declineDraw") },
  { name: "claimDrawAction", call: (gameId) => claimDrawAction({ gameId, reason: "threefold-repetition" }), op: opNamed("claimDraw") },
  { name: "extraDayAction", call: (gameId) => extraDayAction({ gameId }), op: opNamed("giveExtraDay") },
  { name: "chooseSetupAction", call: (gameId) => chooseSetupAction({ gameId, setup: 1 }), op: opNamed("chooseSetup") },
  { name: "chatAction", call: (gameId) => chatAction({ gameId, text: "good luck" }), op: opNamed("postChat") },
];

/** The action answers `expected` (state aside, which is the page's view) and changes nothing. */
async function expectAnswer(call: () => Promise<GameAnswer>, expected: { code: string; error: string }): Promise<GameAnswer> {
  const before = await snapshot();
  const answer = await call();
  expect({ ok: answer.ok, code: answer.code, error: answer.error }).toEqual({ ok: false, ...expected });
  expect(await snapshot()).toEqual(before);
  return answer;
}
const asAnswer = (r: Refusal) => ({ code: r.code, error: r.message });
const SIGNED_OUT = { code: "signed-out", error: "You are signed out: sign in again to play." };

describe.each(gameActions)("$name", ({ name, call, op }) => {
  it("succeeds for the rightful player", async () => {
    const g = await gameFor(op, "private");
    ctx.user = await userRow(playerOf(op.may[0]));
    const before = await snapshot();
    const answer = await call(g.id, g.ply);
    // A move answers with what it changed (the page applies it); every other action with the game's state.
    expect(answer).toMatchObject(name === "moveAction" ? { ok: true, played: { ply: g.ply + 1 } } : { ok: true, state: { id: g.id } });
    expect(await snapshot()).not.toEqual(before);
  });

  it("refuses a signed-out visitor and a user without a name", async () => {
    for (const visibility of ["public", "private"] as const) {
      const g = await gameFor(op, visibility);
      ctx.user = null;
      const answer = await expectAnswer(() => call(g.id, g.ply), SIGNED_OUT);
      // The page's view: a public game to anyone, a private one to nobody here.
      expect(answer.state?.id ?? null).toBe(visibility === "public" ? g.id : null);
      // Without a name in the database too, where a move's session is checked.
      const player = await userRow(playerOf(op.may[0]));
      await db.update(users).set({ name: null }).where(eq(users.id, player.id));
      try {
        ctx.user = { ...player, name: null };
        await expectAnswer(() => call(g.id, g.ply), SIGNED_OUT);
      } finally {
        await db.update(users).set({ name: player.name }).where(eq(users.id, player.id));
      }
    }
  });

  it("refuses a stranger: on a public game as not a player; on a private one with the very answer to an unknown id", async () => {
    ctx.user = await userRow(p.carol);
    const pub = await gameFor(op, "public");
    expect((await expectAnswer(() => call(pub.id, pub.ply), asAnswer(NOT_A_PLAYER))).state?.id).toBe(pub.id);
    const priv = await gameFor(op, "private");
    const missing = await expectAnswer(() => call(UNKNOWN_ID, priv.ply), asAnswer(NO_GAME));
    const hidden = await expectAnswer(() => call(priv.id, priv.ply), asAnswer(NO_GAME));
    expect(hidden).toEqual(missing);
  });

  if (op.notNow) {
    const { who, refusal } = op.notNow;
    it(`refuses ${who}, who may not do it here`, async () => {
      const g = await gameFor(op, "private");
      ctx.user = await userRow(playerOf(who));
      await expectAnswer(() => call(g.id, g.ply), asAnswer(refusal));
    });
  }

  it("refuses a player of a finished game", async () => {
    const g = await gameFor(op, "private", true);
    ctx.user = await userRow(playerOf(op.may[0]));
    await expectAnswer(() => call(g.id, g.ply), asAnswer(OVER));
  });
});

describe("withdrawAction", () => {
  it("withdraws for the author only; a stranger to a private challenge gets the answer to an unknown one", async () => {
    const pub = await challenge("user", "public");
    const priv = await challenge("user", "private");
    ctx.user = null;
    await expectAnswer(() => withdrawAction({ gameId: pub.gameId, invitationId: pub.invitationId }), SIGNED_OUT);
    ctx.user = await userRow(p.bob);
    await expectAnswer(() => withdrawAction({ gameId: priv.gameId, invitationId: priv.invitationId }), asAnswer(notAuthor));
    ctx.user = await userRow(p.carol);
    await expectAnswer(() => withdrawAction({ gameId: pub.gameId, invitationId: pub.invitationId }), asAnswer(notAuthor));
    const missing = await expectAnswer(() => withdrawAction({ gameId: UNKNOWN_ID, invitationId: UNKNOWN_ID }), asAnswer(NO_INVITATION));
    const hidden = await expectAnswer(() => withdrawAction({ gameId: priv.gameId, invitationId: priv.invitationId }), asAnswer(NO_INVITATION));
    expect(hidden).toEqual(missing);
    ctx.user = await userRow(p.alice);
    expect(await withdrawAction({ gameId: priv.gameId, invitationId: priv.invitationId })).toMatchObject({ ok: true, state: { status: "cancelled" } });
  });
});

// Form actions: signed out, they send the visitor to sign in (and back); without a name, to choose one.

function formOf(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

/** What the action does: its state, or the redirect it throws. Every table is compared before and after when `unchanged`. */
async function outcome(call: () => Promise<unknown>, unchanged = true): Promise<unknown> {
  const before = await snapshot();
  const answer = await call().catch((e: unknown) => {
    if (e instanceof ctx.Redirect) return { redirect: e.url };
    throw e;
  });
  if (unchanged) expect(await snapshot()).toEqual(before);
  return answer;
}
const toSignIn = (back: string) => ({ redirect: `/signin?${new URLSearchParams({ callbackUrl: back })}` });
const toWelcome = (back: string) => ({ redirect: `/welcome?${new URLSearchParams({ callbackUrl: back })}` });

describe("lobby and home: acceptChallenge, declineChallenge, withdrawChallenge", () => {
  const actions = [
    { name: "acceptChallenge", act: acceptChallenge, rightful: "invitee", stranger: "This invitation is for someone else.", done: (c: CreatedChallenge) => ({ redirect: `/games/${c.gameId}` }) },
    { name: "declineChallenge", act: declineChallenge, rightful: "invitee", stranger: "Only the invited player may decline.", done: () => ({ error: null }) },
    { name: "withdrawChallenge", act: withdrawChallenge, rightful: "author", stranger: "Only its author may withdraw an invitation.", done: () => ({ error: null }) },
  ] as const;

  it.each(actions)("$name: signed out, nameless, stranger, private as unknown, then the rightful one", async ({ act, rightful, stranger, done }) => {
    const pub = await challenge("user", "public");
    const priv = await challenge("user", "private");
    const form = (invitationId: string) => formOf({ invitationId, from: "/lobby" });
    ctx.user = null;
    expect(await outcome(() => act({ error: null }, form(pub.invitationId)))).toEqual(toSignIn("/lobby"));
    ctx.user = { ...(await userRow(p.bob)), name: null };
    expect(await outcome(() => act({ error: null }, form(pub.invitationId)))).toEqual(toWelcome("/lobby"));
    ctx.user = await userRow(p.carol);
    expect(await outcome(() => act({ error: null }, form(pub.invitationId)))).toEqual({ error: stranger });
    const missing = await outcome(() => act({ error: null }, form(UNKNOWN_ID)));
    expect(missing).toEqual({ error: "No such invitation." });
    expect(await outcome(() => act({ error: null }, form(priv.invitationId)))).toEqual(missing);
    ctx.user = await userRow(actorId(rightful));
    expect(await outcome(() => act({ error: null }, form(priv.invitationId)), false)).toEqual(done(priv));
  });
});

describe("invitation page: answerInvitationAction", () => {
  it.each(["accept", "decline"] as const)("%s: signed out, stranger, private as unknown, then the invitee", async (answer) => {
    const pub = await challenge("email", "public");
    const priv = await challenge("email", "private");
    const form = (c: { token: string; invitationId: string }) => formOf({ token: c.token, invitationId: c.invitationId, answer });
    ctx.user = null;
    expect(await outcome(() => answerInvitationAction({ error: null }, form(pub)))).toEqual(toSignIn(`/invitations/${pub.token}`));
    ctx.user = await userRow(p.carol);
    const stranger = answer === "accept" ? "This invitation is for someone else." : "Only the invited player may decline.";
    expect(await outcome(() => answerInvitationAction({ error: null }, form(pub)))).toEqual({ error: stranger });
    const missing = await outcome(() => answerInvitationAction({ error: null }, form(unknownInvitation)));
    expect(missing).toEqual({ error: "No such invitation." });
    expect(await outcome(() => answerInvitationAction({ error: null }, form(priv)))).toEqual(missing);
    ctx.user = await userRow(p.bob);
    expect(await outcome(() => answerInvitationAction({ error: null }, form(priv)), false))
      .toEqual(answer === "accept" ? { redirect: `/games/${priv.gameId}` } : { error: null });
  });
});

describe("actions for the signed-in only", () => {
  const cases = [
    {
      name: "createChallengeAction", back: "/challenge",
      call: () => createChallengeAction({ error: null }, formOf({ variant: "chess", color: "white", daysPerMove: "3", visibility: "public", opponentKind: "open" })),
    },
    { name: "importGame", back: "/import", call: () => importGame({ error: null, text: "" }, formOf({ record: RECORD, visibility: "public" })) },
    { name: "setVacation", back: "/settings", call: () => setVacation({ error: null }, formOf({ on: "1" })) },
    {
      name: "saveSettings", back: "/settings",
      call: () => saveSettings({ error: null, saved: false }, formOf({ name: "Mallory", notify: "none", boardOrientation: "white" })),
    },
  ];
  it.each(cases)("$name: signed out to sign in, nameless to choose a name; nothing written", async ({ call, back }) => {
    ctx.user = null;
    expect(await outcome(call)).toEqual(toSignIn(back));
    ctx.user = { ...(await userRow(p.alice)), name: null };
    expect(await outcome(call)).toEqual(toWelcome(back));
  });

  it("chooseName: signed out to sign in; a name already chosen stays", async () => {
    const form = () => formOf({ name: "Mallory", callbackUrl: "/" });
    ctx.user = null;
    expect(await outcome(() => chooseName({ error: null }, form()))).toEqual({ redirect: "/signin?callbackUrl=/welcome" });
    ctx.user = await userRow(p.alice);
    expect(await outcome(() => chooseName({ error: null }, form()))).toEqual({ redirect: "/" });
  });

  it("importGame stores the game as the signed-in player's, whatever the form says", async () => {
    ctx.user = await userRow(p.carol);
    const f = formOf({ record: RECORD, visibility: "private", importedBy: p.alice, userId: p.alice });
    const answer = (await outcome(() => importGame({ error: null, text: "" }, f), false)) as { redirect: string };
    const id = answer.redirect.replace("/games/", "");
    const [row] = await db.select().from(games).where(eq(games.id, id));
    expect(row.importedBy).toBe(p.carol);
  });
});

describe("preset editor: publishPresetAction", () => {
  const publish = (text: string) => publishPresetAction({ error: null }, formOf({ slug: "wazir-chess", name: "Wazir Chess", rules: "", text }));
  // Presets keep their authors: the next test's seeding deletes every user.
  afterEach(async () => {
    await db.execute(sql.raw("delete from presets"));
  });

  it("publishes for the signed-in author only; a new version of someone else's preset is refused; nothing written when refused", async () => {
    ctx.user = null;
    expect(await outcome(() => publish(WAZIR_GAME))).toEqual(toSignIn("/presets/new"));
    ctx.user = { ...(await userRow(p.alice)), name: null };
    expect(await outcome(() => publish(WAZIR_GAME))).toEqual(toWelcome("/presets/new"));

    ctx.user = await userRow(p.alice);
    expect(await outcome(() => publish(WAZIR_GAME), false)).toEqual({ redirect: "/presets/wazir-chess" });
    // Bob under Alice's address, with a text that would be a new version.
    ctx.user = await userRow(p.bob);
    expect(await outcome(() => publish(wazirGame("WD")))).toEqual({
      error: "The preset at wazir-chess is someone else's: only its author publishes new versions; choose another address for yours.",
    });
    // Alice herself publishes that version.
    ctx.user = await userRow(p.alice);
    const before = await snapshot();
    expect(await outcome(() => publish(wazirGame("WD")), false)).toEqual({ redirect: "/presets/wazir-chess" });
    expect((await snapshot()).preset_versions).toHaveLength(before.preset_versions.length + 1);
  });
});

