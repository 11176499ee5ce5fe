/**
 * Setups the players choose before the first move (docs/games/janggi.md#choosing-the-setups),
 * on real PostgreSQL and on PGlite: the stage a Janggi game begins in, its order (Han, i.e.
 * Black, first; then Cho, White, who then moves), every refusal, the start FEN both choices
 * make, the emails, the clock, the pictures, the record and the server action; the race of
 * two tabs and of both players at once; and that only a game's players choose, each for
 * their own side only.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Db } from "@/lib/db/client";
import { emailOutbox, games, users, type Game as GameRow, type User } from "@/lib/db/schema";
import { testDrivers, type TestDb } from "@/lib/db/testing";
import {
  GameError, acceptInvitation, chooseSetup, createChallenge, getGameView, giveExtraDay, offerDraw, resign, runClock, submitMove,
} from "@/lib/games";
import { positionAt } from "@/lib/games/pictures";
import { exportRecord } from "@/lib/games/records";
import { boardWhileChoosing } from "@/lib/games/setups";
import { Game, chosenSetupFen, variantInfo } from "@/lib/rules";
import { DAY, T0, expectConsistent, insertActiveGame, mailLines, seedPlayers, type Players } from "../support/games";

// The server action runs with the framework around it replaced, as in tests/integration/authorization.test.ts.
const ctx = vi.hoisted(() => ({ user: null as User | null, db: null as unknown }));
vi.mock("next/navigation", () => ({
  redirect: (url: string) => {
    throw new Error(`NEXT_REDIRECT ${url}`);
  },
}));
vi.mock("@/lib/mail/worker", () => ({ wakeOutboxWorker: () => {} }));
vi.mock("@/lib/db/client", async (original) => ({ ...(await original<object>()), getDb: async () => ctx.db }));
vi.mock("@/lib/auth", () => ({ getCurrentUser: async () => ctx.user }));

import { chooseSetupAction } from "@/app/games/[id]/actions";
import { GET as boardPng } from "@/app/games/[id]/board.png/route";
import { gamePreview } from "@/app/games/[id]/metadata";
import { GET as recordFile } from "@/app/games/[id]/record/route";
import { listArchive } from "@/lib/games/archive";
import { parseArchiveQuery } from "@/lib/games/archive-params";
import { playerFeed } from "@/lib/games/feed";
import { withBodies } from "../support/mail";

type Handler = (request: Request, c: { params: Promise<{ id: string }> }) => Promise<Response>;
const get = (handler: Handler, id: string, query = "", headers: Record<string, string> = {}) =>
  handler(new Request(`http://localhost:3000/games/${id}/x${query}`, { headers }), { params: Promise.resolve({ id }) });

const NAMES = variantInfo("janggi").chosenSetups;
const refusal = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => {
  if (e instanceof GameError) return { code: e.code, message: e.message };
  throw e;
});

describe.each(testDrivers)("setups chosen before the first move on $driver", ({ create }) => {
  let handle: TestDb;
  let db: Db;
  let p: Players;

  beforeAll(async () => {
    handle = await create();
    db = handle.db;
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(async () => {
    p = await seedPlayers(db);
    ctx.db = db;
  });

  const stored = async (id: string): Promise<GameRow> => (await db.select().from(games).where(eq(games.id, id)))[0];
  /** A Janggi game Alice (Black, Han) and Bob (White, Cho) have begun: Bob accepted Alice's challenge. */
  async function begun(visibility: "public" | "private" = "public"): Promise<string> {
    const c = await createChallenge(db, p.alice, {
      variant: "janggi", color: "black", daysPerMove: 3, visibility, opponent: { kind: "user", name: "Bob" },
    }, T0);
    await acceptInvitation(db, p.bob, { invitationId: c.invitationId }, T0);
    return c.gameId;
  }
  const choose = (userId: string, gameId: string, setup: unknown, at = T0) =>
    chooseSetup(db, userId, { gameId, setup } as never, at);

  it("begins with the choice: Black first, then White, who sees it and moves; the start FEN is both choices'", async () => {
    expect(NAMES).toHaveLength(4);
    const id = await begun();
    expect(await stored(id)).toMatchObject({ status: "active", choosingSetups: true, whiteSetup: null, blackSetup: null, ply: 0 });
    // Han chooses first: the mail goes to Alice (Bob accepted on the page; he had the invitation).
    expect(await mailLines(db, id)).toEqual(["choose-setup alice@example.test ply=0", "invitation bob@example.test"]);

    expect(await refusal(choose(p.bob, id, 1))).toEqual({ code: "not-your-turn", message: "Han chooses first; you choose when your opponent has" });
    expect(await choose(p.alice, id, 2, new Date(T0.getTime() + DAY))).toEqual({ colour: "black", startFen: null });
    const half = await stored(id);
    expect(half).toMatchObject({ choosingSetups: true, whiteSetup: null, blackSetup: 2 });
    expect(half.deadline).toEqual(new Date(T0.getTime() + 4 * DAY));

    const [toBob] = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "choose-setup")).then(withBodies).then((r) => r.filter((m) => m.toAddress === "bob@example.test"));
    expect(toBob.subject).toBe(`Alice chose ${NAMES[2]}: choose your setup (Janggi)`);
    expect(toBob.text).toContain("then to make the first move");
    expect(`${toBob.html}${toBob.text}`).not.toContain("alice@example.test");

    const end = await choose(p.bob, id, 1, new Date(T0.getTime() + 2 * DAY));
    expect(end).toEqual({ colour: "white", startFen: chosenSetupFen("janggi", 1, 2) });
    const started = await stored(id);
    expect(started).toMatchObject({
      choosingSetups: false, whiteSetup: 1, blackSetup: 2, startFen: chosenSetupFen("janggi", 1, 2),
      currentFen: Game.start("janggi", chosenSetupFen("janggi", 1, 2)).fen(),
    });
    // Cho's deadline, set at Han's choice, covers choosing and the first move alike.
    expect(started.deadline).toEqual(new Date(T0.getTime() + 4 * DAY));

    // White moves first, from the chosen position; the record starts from it.
    const first = Game.start("janggi", started.startFen).legalMoves()[0].text;
    await submitMove(db, p.bob, { gameId: id, expectedPly: 0, move: first }, T0);
    await expectConsistent(db, id);
    const record = await exportRecord(db, id, null, "record", "http://localhost");
    expect(record.ok && record.text).toContain(chosenSetupFen("janggi", 1, 2));
    expect(await refusal(choose(p.alice, id, 0))).toEqual({ code: "invalid", message: `you have already chosen your setup (${NAMES[2]})` });
  });

  it("plays nothing else while the players choose: no move, draw offer, resignation or extra day", async () => {
    const id = await begun();
    const stillChoosing = { code: "invalid", message: "the players are still choosing their setups: the game begins when both have chosen" };
    const move = Game.start("janggi", (await stored(id)).startFen).legalMoves()[0].text;
    expect(await refusal(submitMove(db, p.bob, { gameId: id, expectedPly: 0, move }, T0))).toEqual(stillChoosing);
    expect(await refusal(offerDraw(db, p.bob, { gameId: id }, T0))).toEqual(stillChoosing);
    expect(await refusal(resign(db, p.alice, { gameId: id }, T0))).toEqual(stillChoosing);
    expect(await refusal(giveExtraDay(db, p.bob, { gameId: id }, T0))).toEqual(stillChoosing);
    await choose(p.alice, id, 0);
    expect(await refusal(submitMove(db, p.bob, { gameId: id, expectedPly: 0, move }, T0))).toEqual(stillChoosing);
    expect(await stored(id)).toMatchObject({ ply: 0, drawOfferBy: null, status: "active" });
    // The database's own check (games_no_move_while_choosing): no ply counted while the setups are chosen.
    const refused = await db.update(games).set({ ply: 1 }).where(eq(games.id, id)).then(() => null, (e: Error) => e);
    expect(`${refused?.message} ${(refused?.cause as Error | undefined)?.message}`).toContain("games_no_move_while_choosing");
    expect((await stored(id)).ply).toBe(0);
  });

  it("refuses, in words, a choice out of range, out of its stage or in another game", async () => {
    const id = await begun();
    const before = await stored(id);
    expect(await refusal(choose(p.alice, id, 4))).toEqual({ code: "invalid", message: "choose one of the 4 setups (0 to 3)" });
    expect(await refusal(choose(p.alice, id, -1))).toEqual({ code: "invalid", message: "no setup has a number below 0" });
    expect(await refusal(choose(p.alice, id, 1.5))).toEqual({ code: "invalid", message: "choose a setup by its number" });
    expect(await refusal(choose(p.alice, id, "2"))).toEqual({ code: "invalid", message: "choose a setup by its number" });
    expect(await refusal(choose(p.alice, id, 64))).toEqual({ code: "invalid", message: "no game has that many setups" });
    expect(await refusal(choose(p.alice, "no-such-game", 0))).toEqual({ code: "not-found", message: "no such game" });
    expect(await stored(id)).toEqual(before);

    // Not yet begun, over, or a game without setups to choose.
    const open = await createChallenge(db, p.alice, { variant: "janggi", color: "black", daysPerMove: 3, opponent: { kind: "open" } }, T0);
    expect(await stored(open.gameId)).toMatchObject({ status: "open", choosingSetups: true });
    expect(await refusal(choose(p.alice, open.gameId, 0))).toEqual({ code: "over", message: "this game has not started yet" });
    await db.update(games).set({ status: "cancelled", endReason: "no-setup-chosen", deadline: null }).where(eq(games.id, id));
    expect(await refusal(choose(p.alice, id, 0))).toEqual({ code: "over", message: "this game is over" });
    const chess = await insertActiveGame(db, { white: p.bob, black: p.alice });
    expect(await refusal(choose(p.alice, chess, 0))).toEqual({ code: "invalid", message: "Chess has no setups for the players to choose" });
    // A Janggi game stored as already under way (as the seed and the import store them) is not sent back to choosing.
    const under = await insertActiveGame(db, { white: p.bob, black: p.alice, variant: "janggi" });
    expect(await refusal(choose(p.alice, under, 0))).toEqual({ code: "invalid", message: "the setups are chosen and the game is under way" });
  });

  it("lets only the game's players choose, each for their own side only", async () => {
    const id = await begun();
    const hidden = await begun("private");
    // A stranger: told off on a game anyone may watch, told nothing on a private one.
    expect(await refusal(choose(p.carol, id, 0))).toEqual({ code: "forbidden", message: "only the players of this game may do that" });
    expect(await refusal(choose(p.carol, hidden, 0))).toEqual({ code: "not-found", message: "no such game" });
    // The side is the player's own, never a field: a forged one is refused, whoever sends it.
    for (const forged of [{ side: "white" }, { colour: "white" }, { whiteSetup: 3 }, { userId: p.bob }]) {
      const r = await refusal(chooseSetup(db, p.alice, { gameId: id, setup: 3, ...forged } as never, T0));
      expect(r?.code).toBe("invalid");
      expect(r?.message).toContain(`not ${Object.keys(forged)[0]}`);
    }
    expect(await stored(id)).toMatchObject({ whiteSetup: null, blackSetup: null, choosingSetups: true });
    // Alice (Black) chooses: Black's setup, and only it, is set; White's stays Bob's to choose.
    await choose(p.alice, id, 3);
    expect(await stored(id)).toMatchObject({ whiteSetup: null, blackSetup: 3, choosingSetups: true });
    expect(await refusal(choose(p.carol, id, 0))).toEqual({ code: "forbidden", message: "only the players of this game may do that" });
    expect(await refusal(choose(p.alice, id, 0))).toEqual({ code: "invalid", message: `you have already chosen your setup (${NAMES[3]})` });
    expect(await stored(id)).toMatchObject({ whiteSetup: null, blackSetup: 3 });
    await choose(p.bob, id, 0);
    expect(await stored(id)).toMatchObject({ whiteSetup: 0, blackSetup: 3, startFen: chosenSetupFen("janggi", 0, 3) });
  });

  it("takes one choice of two tabs choosing at once, and both players' in the order of the rules", async () => {
    for (let round = 0; round < 6; round++) {
      const id = await begun();
      const [a, b] = [round % 4, (round + 1) % 4];
      // Two tabs of Alice's: one choice stands, the other is refused as already made.
      const tabs = await Promise.all([a, b].map((s) => refusal(choose(p.alice, id, s))));
      const won = tabs[0] === null ? a : b;
      expect(tabs.filter((t) => t === null)).toHaveLength(1);
      expect(tabs.find((t) => t !== null)).toEqual({ code: "invalid", message: `you have already chosen your setup (${NAMES[won]})` });
      expect(await stored(id)).toMatchObject({ blackSetup: won, whiteSetup: null, choosingSetups: true });
      // Two tabs of Bob's, the last choice: one starts the game from the two setups.
      const last = await Promise.all([a, b].map((s) => refusal(choose(p.bob, id, s))));
      const white = last[0] === null ? a : b;
      expect(last.filter((t) => t === null)).toHaveLength(1);
      expect(await stored(id)).toMatchObject({ whiteSetup: white, blackSetup: won, choosingSetups: false, startFen: chosenSetupFen("janggi", white, won) });
      await expectConsistent(db, id);
    }
    for (let round = 0; round < 6; round++) {
      // Both players at once: Black's stands; White's stands only if it came after it, and is refused before.
      const id = await begun();
      const [black, white] = await Promise.all([refusal(choose(p.alice, id, 1)), refusal(choose(p.bob, id, 2))]);
      expect(black).toBeNull();
      const g = await stored(id);
      if (white === null) expect(g).toMatchObject({ whiteSetup: 2, blackSetup: 1, choosingSetups: false, startFen: chosenSetupFen("janggi", 2, 1) });
      else {
        expect(white).toEqual({ code: "not-your-turn", message: "Han chooses first; you choose when your opponent has" });
        expect(g).toMatchObject({ whiteSetup: null, blackSetup: 1, choosingSetups: true });
      }
    }
  });

  it("cancels a game whose setup is not chosen in time, and reminds the one who is to choose", async () => {
    const id = await begun();
    const reminded = await runClock(db, new Date(T0.getTime() + 2.5 * DAY));
    expect(reminded.reminders).toBe(1);
    expect(await mailLines(db, id)).toEqual(["choose-setup alice@example.test ply=0", "invitation bob@example.test", "reminder alice@example.test"]);
    const [reminder] = await withBodies(await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "reminder")));
    expect(reminder.subject).toBe("about 12 hours left to choose your setup against Bob (Janggi)");
    expect(reminder.text).toContain("If the time runs out, the game is cancelled.");
    await choose(p.alice, id, 0, new Date(T0.getTime() + 2.6 * DAY));
    const late = await runClock(db, new Date(T0.getTime() + 6 * DAY));
    expect(late.cancelled).toBe(1);
    expect(await stored(id)).toMatchObject({ status: "cancelled", endReason: "no-setup-chosen", deadline: null });
    const cancelled = await withBodies(await db.select().from(emailOutbox).where(eq(emailOutbox.subject, "Game against Alice cancelled (Janggi)")));
    expect(cancelled.map((m) => m.toAddress)).toEqual(["bob@example.test"]);
    expect(cancelled[0].text).toContain("as the setups were not chosen in time");
  });

  it("shows the choices made so far on the board and its pictures, and no record before the start position", async () => {
    const id = await begun();
    const blank = await positionAt(db, id, null, 0);
    expect(blank.ok && blank.position).toMatchObject({ ply: 0, fixed: false, key: "0-choosing--.-" });
    const empty = (sq: string) => blank.ok && blank.position.drawing.squares.find((s) => s.square === sq)?.pieces.length === 0;
    // The horse and elephant points of both sides are open; the chariots stand.
    expect(["b1", "c1", "g1", "h1", "b10", "c10", "g10", "h10"].every(empty)).toBe(true);
    expect(empty("a1")).toBe(false);
    expect((await exportRecord(db, id, null, "record", "http://localhost"))).toEqual({ ok: false, reason: "choosing-setups" });

    await choose(p.alice, id, 2);
    const half = await positionAt(db, id, null);
    expect(half.ok && half.position.key).toBe("0-choosing--.2");
    expect(half.ok && half.position.drawing.squares).toEqual(boardWhileChoosing("janggi", null, 2));
    const black = Game.start("janggi", chosenSetupFen("janggi", 0, 2)).board().filter((s) => s.square.endsWith("10"));
    expect(half.ok && half.position.drawing.squares.filter((s) => s.square.endsWith("10"))).toEqual(black);

    await choose(p.bob, id, 3);
    const started = await positionAt(db, id, null, 0);
    expect(started.ok && started.position).toMatchObject({ fixed: true, key: "0", fen: chosenSetupFen("janggi", 3, 2) });
    expect(started.ok && started.position.drawing.squares).toEqual(Game.start("janggi", chosenSetupFen("janggi", 3, 2)).board());
  });

  it("lists a game still choosing as ongoing, keeps it out of the feed, and serves pictures that follow the choices", async () => {
    const id = await begun();
    const [entry] = (await listArchive(db, parseArchiveQuery({ variant: "janggi", status: "ongoing" }))).entries;
    expect(entry).toMatchObject({ id, status: "active", choosingSetups: true, ply: 0 });
    // The feed lists games in which a move was made: none yet, and no failure either.
    expect((await playerFeed(db, "Alice", "http://localhost"))!.xml).not.toContain(id);
    expect((await gamePreview(id, undefined, null))!.description).toBe("Janggi, a correspondence game: the players are choosing their setups.");

    // Even ?ply=0 may still change: cached briefly, with an ETag that changes with each choice.
    const before = await get(boardPng, id, "?ply=0");
    expect(before.status).toBe(200);
    expect(before.headers.get("content-type")).toBe("image/png");
    expect(before.headers.get("cache-control")).not.toContain("immutable");
    await choose(p.alice, id, 1);
    const after = await get(boardPng, id, "?ply=0", { "if-none-match": before.headers.get("etag")! });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
    const record = await get(recordFile, id);
    expect(record.status).toBe(404);
    expect(await record.text()).toBe("The players have not both chosen their setups, so the game has no start position yet.\n");

    await choose(p.bob, id, 0);
    const started = await get(boardPng, id, "?ply=0");
    expect(started.headers.get("cache-control")).toContain("immutable");
    expect((await get(recordFile, id)).status).toBe(200);
  });

  it("gives the page each side's choice and who chooses, and chooses through the server action", async () => {
    const id = await begun();
    const view = await getGameView(db, id, p.bob);
    const { toGameState } = await import("@/app/games/[id]/load");
    expect(toGameState(view).setups).toEqual({ names: NAMES, white: null, black: null, toChoose: "black" });

    [ctx.user] = await db.select().from(users).where(eq(users.id, p.alice));
    const chosen = await chooseSetupAction({ gameId: id, setup: 1 });
    expect(chosen.ok && chosen.state.setups).toEqual({ names: NAMES, white: null, black: 1, toChoose: "white" });
    const again = await chooseSetupAction({ gameId: id, setup: 0 });
    expect(again).toMatchObject({ ok: false, code: "invalid", error: `you have already chosen your setup (${NAMES[1]})` });
    const forged = await chooseSetupAction({ gameId: id, setup: 0, side: "white" } as never);
    expect(forged).toMatchObject({ ok: false, code: "invalid", state: null });
    [ctx.user] = await db.select().from(users).where(eq(users.id, p.carol));
    expect(await chooseSetupAction({ gameId: id, setup: 0 })).toMatchObject({ ok: false, code: "forbidden" });
    // Whatever is sent, a refusal in words, never a server error, and nothing chosen.
    const hostile: unknown[] = [
      null, undefined, "janggi", [id, 0], { gameId: id }, { setup: 0 }, { gameId: 7, setup: 0 }, { gameId: `${id}\u0000`, setup: 0 },
      { gameId: "x".repeat(65), setup: 0 }, { gameId: id, setup: Number.NaN }, { gameId: id, setup: Infinity }, { gameId: id, setup: null },
      { gameId: id, setup: {} }, { gameId: id, setup: [1] }, { gameId: id, setup: 1e300 }, JSON.parse(`{"gameId":"${id}","setup":0,"__proto__":{"x":1}}`),
    ];
    [ctx.user] = await db.select().from(users).where(eq(users.id, p.bob));
    for (const raw of hostile) {
      const r = await chooseSetupAction(raw as never);
      expect(r.ok, JSON.stringify(raw)).toBe(false);
      expect(!r.ok && ["invalid", "not-found"].includes(r.code), JSON.stringify(r)).toBe(true);
      expect(!r.ok && typeof r.error === "string" && r.error.length > 0).toBe(true);
    }
    expect(await stored(id)).toMatchObject({ whiteSetup: null, blackSetup: 1, choosingSetups: true });
    const done = await chooseSetupAction({ gameId: id, setup: 2 });
    expect(done.ok && done.state).toMatchObject({ startFen: chosenSetupFen("janggi", 2, 1), setups: { white: 2, black: 1, toChoose: null } });
  });
});
