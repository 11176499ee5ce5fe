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
import { CLAIM_MS, FAILURES_BEFORE_RANDOM, claimForBot, runBots, waitingForBots } from "@/lib/games/bots";
import { BOT_GAMES_AT_ONCE, STRONG_BOT_GAMES_AT_ONCE } from "@/lib/games/service";
import { publishPreset } from "@/lib/games/presets";
import { Game, viewFen } from "@/lib/rules";
import { DAY, T0, expectConsistent, insertActiveGame, wipe } from "../support/games";
import { FOG, LINES, boardSquares, unseenSquares } from "../support/fog";
import { WAZIR_GAME } from "../support/presets";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";
import type { Executor } from "@/lib/db/client";
import { sessionTokenOf } from "../support/sessions";

// The move action runs with the framework around it replaced, as in tests/integration/authorization.test.ts.
const ctx = vi.hoisted(() => ({ user: null as User | null, db: null as unknown }));
vi.mock("@/lib/mail/worker", () => ({ wakeOutboxWorker: () => {} }));
vi.mock("@/lib/db/client", async (original) => ({ ...(await original<object>()), getDb: async () => ctx.db }));
// A move's session is checked with its game's read: a real one for ctx.user (tests/support/sessions.ts).
vi.mock("@/lib/auth", () => ({ getCurrentUser: async () => ctx.user, sessionToken: () => sessionTokenOf(ctx.db as Executor, ctx.user) }));

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

  it("play a preset's game: the thread is given the version's declaration, and its move is stored through submitMove", async () => {
    const { variant } = await publishPreset(db, person.id, { slug: "wazir-chess", name: "Wazir Chess", rules: "", text: WAZIR_GAME }, T0);
    const { gameId } = await challengeBot(variant, "white", 3);
    await submitMove(db, person.id, { gameId, expectedPly: 0, move: "W c1-b1" }, T0);
    // The real thread, an isolate of its own: this process's declaration of the preset does not reach it.
    const asked: BotRequest[] = [];
    const report = await runBots(db, T0, { think: (r, o) => (asked.push(r), thinkInThread(r, o)) });
    expect(report.moves).toBe(1);
    expect(asked.map((r) => [r.variant, r.declaration?.id, r.declaration?.name])).toEqual([[variant, variant, "Wazir Chess"]]);
    const { game, moves: played } = await expectConsistent(db, gameId);
    expect(game).toMatchObject({ variant, ply: 2 });
    expect((await movesOf(gameId)).map((m) => m.playerId)).toEqual([person.id, bot[3].id]);
    expect(Game.replay(variant, game.startFen, played.slice(0, 1)).legalMoves().map((m) => m.text)).toContain(played[1]);
  });

  it("decline a draw offer at once, and never offer one", async () => {
    const { gameId } = await challengeBot("chess", "white");
    await submitMove(db, person.id, { gameId, expectedPly: 0, move: "P d2-d4" }, T0);
    await runBots(db, T0, { think: inProcess });
    expect(await offerDraw(db, person.id, { gameId }, T0)).toBe("offered");
    expect(await runBots(db, T0, { think: inProcess })).toEqual({ moves: 0, setups: 0, drawsDeclined: 1 });
    expect(await stored(gameId)).toMatchObject({ status: "active", drawOfferBy: null });
  });

  it("decline a draw offer even when clearly lost (docs/playing-bots.md#draws-and-resigning)", async () => {
    // The bot (Black, to move) has its king alone against four queens.
    const { gameId } = await challengeBot("chess", "white");
    const lost = "4k3/8/8/8/8/8/8/QQQQK3 b - - 0 1";
    await db.update(games).set({ startFen: lost, currentFen: lost }).where(eq(games.id, gameId));
    expect(await offerDraw(db, person.id, { gameId }, T0)).toBe("offered");
    expect(await runBots(db, T0, { think: inProcess })).toEqual({ moves: 1, setups: 0, drawsDeclined: 1 });
    expect(await stored(gameId)).toMatchObject({ status: "active", drawOfferBy: null, ply: 1 });
  });

  it("search once for one ply however many workers run at once: a game one worker holds, another passes over", async () => {
    const people = await db.insert(users).values(["Pat", "Quinn", "Robin"].map((name) => ({ name, email: `${name.toLowerCase()}@example.test` }))).returning();
    const ids = await Promise.all(people.map((p) => insertActiveGame(db, { white: bot[1].id, black: p.id })));
    // The first worker holds the first game while the second runs a whole run; then it goes on, on what it read before.
    let go!: () => void;
    const gate = new Promise<void>((r) => (go = r));
    let thinking!: () => void;
    const started = new Promise<void>((r) => (thinking = r));
    const thought: string[] = [];
    const first = runBots(db, T0, { think: async (r) => (thought.push("first"), thinking(), await gate, inProcess(r)) });
    await started;
    const second = await runBots(db, T0, { think: async (r) => (thought.push("second"), inProcess(r)) });
    go();
    const reports = [await first, second];
    // One search a game: the claim (games.bot_claimed_until) kept the other worker out.
    expect(thought.sort()).toEqual(["first", "second", "second"]);
    expect(reports[0].moves + reports[1].moves).toBe(3);
    for (const id of ids) {
      const { game } = await expectConsistent(db, id);
      expect(game).toMatchObject({ ply: 1, botClaimedUntil: null, botFailures: 0 });
    }
  });

  it("are claimed by one worker at a time, at the ply it read, until the claim runs out", async () => {
    const id = await insertActiveGame(db, { white: bot[1].id, black: person.id });
    const seen = await stored(id);
    const claims = await Promise.all([claimForBot(db, seen, T0), claimForBot(db, seen, T0)]);
    expect(claims.filter((c) => c !== null)).toHaveLength(1);
    expect(await claimForBot(db, seen, new Date(T0.getTime() + CLAIM_MS - 1))).toBeNull();
    // A worker that died mid-search loses the game when its claim runs out; a stale read never claims.
    expect(await claimForBot(db, { id, ply: 1 }, new Date(T0.getTime() + CLAIM_MS + 1))).toBeNull();
    expect(await claimForBot(db, seen, new Date(T0.getTime() + CLAIM_MS + 1))).toMatchObject({ id, ply: 0 });
  });

  it("take turns between people: one player's many games never hold up another's", async () => {
    const [bea] = await db.insert(users).values({ name: "Bea", email: "bea@example.test" }).returning();
    // Alice moved in her three games first; Bea moved in hers last. Each game is told by its first move.
    const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
    const games_ = [[person, "P a2-a3"], [person, "P b2-b3"], [person, "P c2-c3"], [bea, "P d2-d3"]] as const;
    for (const [i, [who, move]] of games_.entries()) {
      const id = await insertActiveGame(db, { white: who.id, black: bot[2].id, moves: [move] });
      await db.update(games).set({ lastMoveAt: at(i) }).where(eq(games.id, id));
    }
    const asked: string[] = [];
    const report = await runBots(db, at(5), { think: (r) => (asked.push(r.moves[0]), inProcess(r)) });
    expect(report.moves).toBe(4);
    // One game a person a round: Bea's answer comes second, not after all of Alice's.
    expect(asked).toEqual(["P a2-a3", "P d2-d3", "P b2-b3", "P c2-c3"]);
  });

  it("are read only where a bot has something to do: its turn, its setup to choose, a person's draw offer", async () => {
    const ids = Object.values(bot).map((b) => b.id);
    const botToMove = await insertActiveGame(db, { white: person.id, black: bot[1].id, moves: ["P e2-e4"] });
    await insertActiveGame(db, { white: person.id, black: bot[1].id }); // the person to move
    const offered = await insertActiveGame(db, { white: person.id, black: bot[1].id, moves: ["P e2-e4", "p e7-e5"], drawOfferBy: person.id });
    // Janggi: Han (Black) chooses first; a bot as Han has to choose, a bot as Cho waits for the person.
    const botChooses = await insertActiveGame(db, { variant: "janggi", white: person.id, black: bot[1].id, choosingSetups: true });
    await insertActiveGame(db, { variant: "janggi", white: bot[1].id, black: person.id, choosingSetups: true });
    const held = await insertActiveGame(db, { white: bot[1].id, black: person.id });
    await db.update(games).set({ botClaimedUntil: new Date(T0.getTime() + 60_000) }).where(eq(games.id, held));
    const read = (await waitingForBots(db, ids, T0)).map((g) => g.id);
    expect(read.sort()).toEqual([botToMove, offered, botChooses].sort());
    // Once the hold is over, that game is read too.
    expect((await waitingForBots(db, ids, new Date(T0.getTime() + 61_000))).map((g) => g.id)).toContain(held);
  });

  it("back off from a game where the bot keeps failing, say so once, and then play a random legal move", async () => {
    const { gameId } = await challengeBot("chess", "black", 8);
    const said: string[] = [];
    let tries = 0;
    const broken = async () => {
      tries++;
      throw new Error("the bot's thread stopped");
    };
    let now = T0;
    for (const failures of [1, 2, 3]) {
      expect(await runBots(db, now, { think: broken, log: (m) => said.push(m) })).toMatchObject({ moves: 0 });
      expect(await stored(gameId)).toMatchObject({ ply: 0, botFailures: failures });
      // Not tried again until the back-off is over: it grows with the failures.
      const until = (await stored(gameId)).botClaimedUntil!;
      expect(until.getTime() - now.getTime()).toBeGreaterThanOrEqual(60_000 * 2 ** (failures - 1));
      await runBots(db, new Date(until.getTime() - 1000), { think: broken, log: (m) => said.push(m) });
      expect(tries).toBe(failures);
      now = new Date(until.getTime() + 1000);
    }
    expect(said).toHaveLength(1);
    expect(said[0]).toContain(`bot in game ${gameId}: the bot's thread stopped`);
    // The fourth try: a random legal move, not asked of the thread; the game is let go.
    expect(await runBots(db, now, { think: broken, log: (m) => said.push(m) })).toMatchObject({ moves: 1 });
    expect(tries).toBe(3);
    const { game } = await expectConsistent(db, gameId);
    expect(game).toMatchObject({ ply: 1, botClaimedUntil: null, botFailures: 0 });
  });

  it("skip a game that no longer reads, backing off ever longer, and go on with the others", async () => {
    // A preset version that cannot be declared any more (here: none by that name), with the bot to move.
    const fen = Game.start("chess", "start").fen();
    const [gone] = await db.insert(games).values({
      variant: "preset.gone.1", whiteId: bot[3].id, blackId: person.id, status: "active", startFen: fen, currentFen: fen,
      daysPerMove: 3, deadline: new Date(T0.getTime() + 3 * DAY), createdAt: T0, updatedAt: T0,
    }).returning();
    const [dora] = await db.insert(users).values({ name: "Dora", email: "dora@example.test" }).returning();
    const other = await insertActiveGame(db, { white: bot[1].id, black: dora.id });
    const said: string[] = [];
    let now = T0;
    const waits: number[] = [];
    for (let i = 0; i < FAILURES_BEFORE_RANDOM + 2; i++) {
      await runBots(db, now, { think: inProcess, log: (m) => said.push(m) });
      const g = await stored(gone.id);
      expect(g).toMatchObject({ ply: 0, botFailures: i + 1 });
      waits.push(g.botClaimedUntil!.getTime() - now.getTime());
      now = new Date(g.botClaimedUntil!.getTime() + 1000);
    }
    // Each wait longer than the last, the random move included; said once.
    expect(waits.every((w, i) => i === 0 || w > waits[i - 1])).toBe(true);
    expect(said).toHaveLength(1);
    expect((await expectConsistent(db, other)).game.ply).toBe(1);
  });

  it("are limited to a number of games at once for each person, fewer at the strongest levels", async () => {
    for (let i = 0; i < STRONG_BOT_GAMES_AT_ONCE; i++) await challengeBot("chess", "white", 7 + (i % 2));
    await expect(challengeBot("chess", "white", 8)).rejects.toThrow(`you are already playing ${STRONG_BOT_GAMES_AT_ONCE} games against bots of level 7 or 8`);
    for (let i = STRONG_BOT_GAMES_AT_ONCE; i < BOT_GAMES_AT_ONCE; i++) await challengeBot("chess", "white", 1 + (i % 6));
    const refused = challengeBot("chess", "white", 1);
    await expect(refused).rejects.toThrow(`you are already playing ${BOT_GAMES_AT_ONCE} games against bots, the most at once`);
    expect(await refusal(challengeBot("chess", "white", 2))).toBe("limited");
    expect(await db.select().from(games)).toHaveLength(BOT_GAMES_AT_ONCE);
    // A game over frees its place; someone else is not limited by Alice's games.
    const [first] = await db.select().from(games).limit(1);
    await db.update(games).set({ status: "finished", result: "1-0", endReason: "resignation", deadline: null }).where(eq(games.id, first.id));
    await challengeBot("chess", "white", 1);
    const [cleo] = await db.insert(users).values({ name: "Cleo", email: "cleo@example.test" }).returning();
    await createChallenge(db, cleo.id, { variant: "chess", color: "white", daysPerMove: 3, opponent: { kind: "bot", level: 8 } }, T0);
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
    const move = await thinkInThread({ variant: "chess", level: 8, startFen: "start", moves: ["P e2-e4"] }, { limitMs: 1 });
    expect(Game.replay("chess", "start", ["P e2-e4"]).legalMoves().map((m) => m.text)).toContain(move);
    await stopBotThread();
  });

  it("gives a search up when the worker stops, and answers the next question from a fresh thread", async () => {
    const stopping = new AbortController();
    // Level 8 from a middlegame: a search of many seconds, given up once it is under way.
    const line = ["P e2-e4", "p e7-e5", "N g1-f3", "n b8-c6", "B f1-c4", "b f8-c5"];
    // Stopped once the thread says its search has begun; refused only once the thread has exited.
    let exited = false;
    const thought = thinkInThread({ variant: "chess", level: 8, startFen: "start", moves: line }, {
      signal: stopping.signal,
      onThinking: (thread) => {
        thread.once("exit", () => (exited = true));
        stopping.abort();
      },
    });
    await expect(thought).rejects.toThrow("the worker stopped");
    expect(stopping.signal.aborted).toBe(true);
    expect(exited).toBe(true);
    const move = await thinkInThread({ variant: "chess", level: 1, startFen: "start", moves: line });
    expect(Game.replay("chess", "start", line).legalMoves().map((m) => m.text)).toContain(move);
    await stopBotThread();
  });
});

// People's display names may not pass for a bot's (lib/auth/profile.ts).
describe("bot names", () => {
  it("are refused as display names", async () => {
    const { displayNameSchema } = await import("@/lib/auth/profile");
    for (const name of ["Bot-level-3", "bot-level-9", "BOTLEVEL1", "Bot_level-1", "Bot-Ievel-1", "B0t-level-1", "bot--1evel"]) expect(displayNameSchema.safeParse(name).success).toBe(false);
    for (const name of ["Botany", "Bot-lover", "Robot-level"]) expect(displayNameSchema.safeParse(name).success).toBe(true);
  });
});
