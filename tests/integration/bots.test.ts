/**
 * Bots in the service (docs/playing-bots.md), on real PostgreSQL and on PGlite: a challenge to a bot
 * starts the game at once; the worker's job answers a person's move with a legal move of its
 * own, through submitMove; Janggi's setups and draw offers; two workers at once never make
 * two moves for one ply; in fog the bot is asked with its own view only; bot games are in the
 * archive; no email is ever addressed to a bot; and nobody moves for a bot through the move action.
 */
import { asc, eq, like } from "drizzle-orm";
import { createHash } from "node:crypto";
import { Auth } from "@auth/core";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buildAuthConfig } from "@/lib/auth/config";
import { chooseMove } from "@/lib/bot";
import type { Db } from "@/lib/db/client";
import { emailOutbox, games, invitations, moves, sessions, users, verificationTokens, type Game as GameRow, type User } from "@/lib/db/schema";
import { createTestPostgres, testDrivers, type TestDb } from "@/lib/db/testing";
import { smtpTransport, type MailTransport } from "@/lib/mail/transport";
import { GameError, chooseSetup, createChallenge, offerDraw, submitMove } from "@/lib/games";
import { listArchive } from "@/lib/games/archive";
import { parseArchiveQuery } from "@/lib/games/archive-params";
import type { BotRequest } from "@/lib/games/bot-request";
import { stopBotThread, thinkInThread } from "@/lib/games/bot-think";
import { runBots } from "@/lib/games/bots";
import { Game, viewFen } from "@/lib/rules";
import { DAY, T0, expectConsistent, insertActiveGame, wipe } from "../support/games";
import { FOG, LINES, boardSquares, unseenSquares } from "../support/fog";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";

// The move action runs with the framework around it replaced, as in tests/integration/authorization.test.ts.
const ctx = vi.hoisted(() => ({ user: null as User | null, db: null as unknown }));
vi.mock("@/lib/mail/worker", () => ({ wakeOutboxWorker: () => {} }));
vi.mock("@/lib/db/client", async (original) => ({ ...(await original<object>()), getDb: async () => ctx.db }));
vi.mock("@/lib/auth", () => ({ getCurrentUser: async () => ctx.user }));

import { moveAction } from "@/app/games/[id]/actions";

/** The bot's move chosen in this process, as the thread would (the thread itself is tested below). */
const inProcess = async (r: BotRequest) => chooseMove(Game.replay(r.variant, r.startFen, r.moves), { level: r.level, seed: 7 });
const refusal = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => {
  if (e instanceof GameError) return e.code;
  throw e;
});

describe.each(testDrivers)("bots on $driver", ({ create }) => {
  let handle: TestDb;
  let db: Db;
  let person: User;
  const bot: Record<number, User> = {};

  beforeAll(async () => {
    handle = await create();
    db = handle.db;
    ctx.db = db;
    [person] = await db.insert(users).values({ name: "Alice", email: "alice@example.test" }).returning();
    for (const u of await db.select().from(users)) if (u.botLevel !== null) bot[u.botLevel] = u;
  });
  afterEach(async () => {
    // Whatever a test did, no email is addressed to a bot.
    expect(await db.select().from(emailOutbox).where(like(emailOutbox.toAddress, "%@bots.invalid"))).toEqual([]);
    await wipe(db);
  });
  afterAll(async () => {
    await stopBotThread();
    await handle?.close();
  });

  const stored = async (id: string): Promise<GameRow> => (await db.select().from(games).where(eq(games.id, id)))[0];
  const movesOf = async (id: string) =>
    db.select({ ply: moves.ply, text: moves.text, playerId: moves.playerId }).from(moves).where(eq(moves.gameId, id)).orderBy(asc(moves.ply));
  const challengeBot = (variant: string, color: "white" | "black", level = 1, visibility: "public" | "private" = "public") =>
    createChallenge(db, person.id, { variant, color, daysPerMove: 3, visibility, opponent: { kind: "bot", level } }, T0);

  it("are one account per level, named as bots, at addresses no mail reaches, wanting none", () => {
    expect(Object.values(bot).map((b) => [b.botLevel, b.name, b.email, b.notify])).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8].map((l) => [l, `Bot-level-${l}`, `bot-level-${l}@bots.invalid`, "none"]),
    );
  });

  it("accept a challenge at once: the game starts, and the bot answers the person's move through submitMove", async () => {
    const { gameId, invitationId } = await challengeBot("chess", "white", 3);
    const g = await stored(gameId);
    expect(g).toMatchObject({ status: "active", whiteId: person.id, blackId: bot[3].id, ply: 0 });
    expect(g.deadline).toEqual(new Date(T0.getTime() + 3 * DAY));
    const [inv] = await db.select().from(invitations).where(eq(invitations.id, invitationId));
    expect(inv).toMatchObject({ status: "accepted", toUserId: bot[3].id, kind: "user" });
    // Nothing for the bot to do while the person is to move.
    expect(await runBots(db, T0, { think: inProcess })).toEqual({ moves: 0, setups: 0, drawsDeclined: 0 });

    await submitMove(db, person.id, { gameId, expectedPly: 0, move: "P e2-e4" }, T0);
    // The real thread: a separate worker thread, from source.
    const report = await runBots(db, new Date(T0.getTime() + 1000));
    expect(report.moves).toBe(1);
    const { game, moves: played } = await expectConsistent(db, gameId);
    expect(game.ply).toBe(2);
    expect((await movesOf(gameId)).map((m) => m.playerId)).toEqual([person.id, bot[3].id]);
    expect(Game.replay("chess", game.startFen, played.slice(0, 1)).legalMoves().map((m) => m.text)).toContain(played[1]);
    // The person hears of the bot's move as of anyone's.
    const mail = await db.select({ to: emailOutbox.toAddress, kind: emailOutbox.kind }).from(emailOutbox);
    expect(mail).toEqual([{ to: "alice@example.test", kind: "your-turn" }]);
    // And once answered, the bot waits again.
    expect((await runBots(db, T0, { think: inProcess })).moves).toBe(0);
  });

  it("move first when the person takes Black, and are challenged by name as bots", async () => {
    const { gameId } = await createChallenge(db, person.id, {
      variant: "xiangqi", color: "black", daysPerMove: 1, opponent: { kind: "user", name: "bot-LEVEL-2" },
    }, T0);
    expect(await stored(gameId)).toMatchObject({ status: "active", whiteId: bot[2].id, blackId: person.id });
    expect(await runBots(db, T0, { think: inProcess })).toMatchObject({ moves: 1 });
    await expectConsistent(db, gameId);
    expect((await movesOf(gameId)).map((m) => m.playerId)).toEqual([bot[2].id]);
  });

  it("refuse challenges by email to a bot's address, and a level that no bot has", async () => {
    const email = createChallenge(db, person.id, { variant: "chess", color: "white", daysPerMove: 3, opponent: { kind: "email", email: "bot-level-1@bots.invalid" } }, T0);
    await expect(email).rejects.toThrow("that address is a bot's");
    await expect(challengeBot("chess", "white", 9)).rejects.toThrow("bots have levels 1 to 8");
    expect(await db.select().from(games)).toEqual([]);
  });

  it("choose their Janggi setup when it is their turn to, and move when the game begins with them", async () => {
    // The bot is Han (Black): it chooses first; the person then chooses and moves.
    const han = (await challengeBot("janggi", "white")).gameId;
    expect(await runBots(db, T0, { think: inProcess })).toMatchObject({ setups: 1, moves: 0 });
    expect((await stored(han)).blackSetup).not.toBeNull();
    await chooseSetup(db, person.id, { gameId: han, setup: 0 }, T0);
    expect(await runBots(db, T0, { think: inProcess })).toMatchObject({ setups: 0, moves: 0 });

    // The bot is Cho (White): the person chooses first; the bot chooses, and moves at once.
    const cho = (await challengeBot("janggi", "black")).gameId;
    expect((await runBots(db, T0, { think: inProcess })).setups).toBe(0);
    await chooseSetup(db, person.id, { gameId: cho, setup: 3 }, T0);
    expect(await runBots(db, T0, { think: inProcess })).toMatchObject({ setups: 1, moves: 1 });
    const { game } = await expectConsistent(db, cho);
    expect(game).toMatchObject({ choosingSetups: false, blackSetup: 3, ply: 1 });
  });

  it("decline a draw offer at once, and never offer one", async () => {
    const { gameId } = await challengeBot("chess", "white");
    await submitMove(db, person.id, { gameId, expectedPly: 0, move: "P d2-d4" }, T0);
    await runBots(db, T0, { think: inProcess });
    expect(await offerDraw(db, person.id, { gameId }, T0)).toBe("offered");
    expect(await runBots(db, T0, { think: inProcess })).toEqual({ moves: 0, setups: 0, drawsDeclined: 1 });
    expect(await stored(gameId)).toMatchObject({ status: "active", drawOfferBy: null });
  });

  it("make one move for one ply however many workers run at once", async () => {
    const ids = await Promise.all([1, 2, 3].map(async () => (await challengeBot("chess", "black")).gameId));
    // Every worker reads the games before any has moved: each thinks, and all submit.
    let waiting: (() => void)[] = [];
    let thoughts = 0;
    const together = async (r: BotRequest) => {
      thoughts++;
      const move = await inProcess(r);
      await new Promise<void>((go) => {
        waiting.push(go);
        if (waiting.length === 2) waiting.splice(0).forEach((f) => f());
      });
      return move;
    };
    const reports = await Promise.all([runBots(db, T0, { think: together }), runBots(db, T0, { think: together })]);
    waiting = [];
    // Both thought about every game; one move each was stored, the other refused as stale.
    expect(thoughts).toBe(6);
    expect(reports[0].moves + reports[1].moves).toBe(3);
    for (const id of ids) {
      const { game } = await expectConsistent(db, id);
      expect(game.ply).toBe(1);
    }
  });

  it("play a game in fog from their own view: nothing the bot cannot see is in what it is asked", async () => {
    // The bot plays White after four plies; in the twin, Black's moves differ only where White cannot see.
    const asked: BotRequest[] = [];
    const spy = async (r: BotRequest) => {
      asked.push(r);
      return inProcess(r);
    };
    const base = await insertActiveGame(db, { variant: FOG, white: bot[4].id, black: person.id, moves: [...LINES.base] });
    const twin = await insertActiveGame(db, { variant: FOG, white: bot[4].id, black: person.id, moves: [...LINES.whiteTwin] });
    expect(await runBots(db, T0, { think: spy })).toMatchObject({ moves: 2 });
    expect(asked).toHaveLength(2);
    const real = await Promise.all([base, twin].map(async (id) => Game.replay(FOG, (await stored(id)).startFen, (await movesOf(id)).slice(0, 4).map((m) => m.text)).fen()));
    for (const [i, r] of asked.entries()) {
      // Its own view, no moves (those would tell the opponent's), and no opponent's piece on a square it cannot see.
      expect(r).toEqual({ variant: FOG, level: 4, startFen: viewFen(FOG, real[i], "white"), moves: [] });
      const squares = boardSquares(r.startFen.split(" ")[0]);
      expect(squares.filter((s) => s === "?").length).toBe(unseenSquares(real[i], "white").size);
    }
    // The twins, which White cannot tell apart, ask the bot the very same question.
    expect(asked[0]).toEqual(asked[1]);
    for (const id of [base, twin]) expect((await expectConsistent(db, id)).game.ply).toBe(5);
  });

  it("are in the archive like anyone", async () => {
    const { gameId } = await challengeBot("chess", "black", 5);
    await runBots(db, T0, { think: inProcess });
    const { entries } = await listArchive(db, parseArchiveQuery({ player: "Bot-level-5" }));
    expect(entries.map((e) => [e.id, e.whiteName, e.blackName])).toEqual([[gameId, "Bot-level-5", "Alice"]]);
  });

  it("cannot be moved for through the move action: the person may move only on their own turn", async () => {
    const { gameId } = await challengeBot("chess", "black");
    ctx.user = person;
    // White (the bot) is to move; the person sends a legal move for White.
    const r = await moveAction({ gameId, expectedPly: 0, move: "P e2-e4" });
    expect(r).toMatchObject({ ok: false, code: "not-your-turn" });
    expect(await movesOf(gameId)).toEqual([]);
    expect(await refusal(submitMove(db, person.id, { gameId, expectedPly: 0, move: "P e2-e4" }, T0))).toBe("not-your-turn");
  });
});

// Auth.js itself with our configuration, as in tests/integration/auth.test.ts: a bot never signs in.
describe("a bot signing in", () => {
  const SITE = "http://localhost:3000";
  const SECRET = "test-secret";
  let handle: TestDb;
  let smtp: TestSmtpServer;
  let transport: MailTransport;
  let auth: (request: Request) => Promise<Response>;

  beforeAll(async () => {
    [handle, smtp] = await Promise.all([createTestPostgres(), startSmtpServer()]);
    transport = smtpTransport({ url: smtp.url }, "Courier Variants <noreply@localhost>");
    auth = (request) => Auth(request, {
      ...buildAuthConfig({ db: handle.db, transport, secret: SECRET, from: "noreply@localhost" }), basePath: "/api/auth", trustHost: true,
    });
  });
  afterAll(async () => {
    await transport?.close();
    await smtp?.close();
    await handle?.close();
  });

  async function askForLink(email: string): Promise<Response> {
    const csrf = await auth(new Request(`${SITE}/api/auth/csrf`));
    const cookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    return auth(new Request(`${SITE}/api/auth/signin/email`, {
      method: "POST", headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, csrfToken, callbackUrl: SITE }),
    }));
  }

  it("is refused a link: none is sent, none is stored", async () => {
    for (const email of ["bot-level-3@bots.invalid", "Bot-Level-3@BOTS.invalid", "newcomer@bots.invalid"]) {
      const r = await askForLink(email);
      expect(r.headers.get("location")).toBe(`${SITE}/signin?error=AccessDenied`);
    }
    // A bot whose address is not in the bots' domain (moved by hand) is refused by its mark.
    await handle.db.update(users).set({ email: "eight@example.test" }).where(eq(users.botLevel, 8));
    expect((await askForLink("eight@example.test")).headers.get("location")).toBe(`${SITE}/signin?error=AccessDenied`);
    expect(smtp.received).toEqual([]);
    expect(await handle.db.select().from(verificationTokens)).toEqual([]);
    // A person still signs in as ever.
    expect((await askForLink("someone@example.test")).headers.get("location")).toBe(`${SITE}/api/auth/verify-request?provider=email&type=email`);
    expect(smtp.received).toHaveLength(1);
  });

  it("is refused at the link itself, should a link for a bot's address exist", async () => {
    const token = "a".repeat(64);
    const email = "bot-level-2@bots.invalid";
    await handle.db.insert(verificationTokens).values({
      identifier: email, token: createHash("sha256").update(`${token}${SECRET}`).digest("hex"), expires: new Date(Date.now() + DAY),
    });
    const r = await auth(new Request(`${SITE}/api/auth/callback/email?${new URLSearchParams({ callbackUrl: SITE, token, email })}`));
    expect(r.headers.get("location")).toBe(`${SITE}/signin?error=AccessDenied`);
    expect(await handle.db.select().from(sessions)).toEqual([]);
  });
});

describe("the bot's thread", () => {
  it("answers with a random legal move when the search runs out of time", async () => {
    // 1 ms: the thread cannot even start in time; it is stopped, and a fresh one plays level 1.
    const move = await thinkInThread({ variant: "chess", level: 8, startFen: "start", moves: ["P e2-e4"] }, 1);
    expect(Game.replay("chess", "start", ["P e2-e4"]).legalMoves().map((m) => m.text)).toContain(move);
    await stopBotThread();
  });
});

// People's display names may not pass for a bot's (lib/auth/profile.ts).
describe("bot names", () => {
  it("are refused as display names", async () => {
    const { displayNameSchema } = await import("@/lib/auth/profile");
    for (const name of ["Bot-level-3", "bot-level-9", "BOTLEVEL1"]) expect(displayNameSchema.safeParse(name).success).toBe(false);
    expect(displayNameSchema.safeParse("Botany").success).toBe(true);
  });
});
