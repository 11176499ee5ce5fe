import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { emailOutbox, games, invitations, moves, users } from "@/lib/db/schema";
import { testDrivers, type TestDb } from "@/lib/db/testing";
import {
  acceptDraw, acceptInvitation, challengesFor, claimDraw, createChallenge, declineDraw, declineInvitation,
  gamesOfPlayer, getGameView, GameError, offerDraw, openChallenges, resign, submitMove, withdrawInvitation,
} from "@/lib/games";
import { withBodies } from "../support/mail";

const T0 = new Date("2026-12-01T12:00:00Z");
const DAY = 24 * 3600 * 1000;

async function expectGameError(p: Promise<unknown>, code: GameError["code"], text?: RegExp) {
  const e = await p.then(() => null, (err: unknown) => err);
  expect(e).toBeInstanceOf(GameError);
  expect((e as GameError).code).toBe(code);
  if (text) expect((e as GameError).message).toMatch(text);
}

describe.each(testDrivers)("game service on $driver", ({ create }) => {
  let handle: TestDb;
  let db: Db;
  let alice: string, bob: string, carol: string;

  beforeAll(async () => {
    handle = await create();
    db = handle.db;
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(async () => {
    await db.delete(emailOutbox);
    await db.delete(moves);
    await db.delete(invitations);
    await db.delete(games);
    await db.delete(users);
    const rows = await db.insert(users).values([
      { name: "Alice", email: "alice@example.test" },
      { name: "Bob", email: "bob@example.test" },
      { name: "Carol", email: "carol@example.test" },
    ]).returning();
    [alice, bob, carol] = rows.map((r) => r.id);
  });

  const outbox = async () => withBodies(await db.select().from(emailOutbox).orderBy(asc(emailOutbox.createdAt)));

  /** Alice (White) against Bob (Black), accepted at T0. */
  async function startGame(variant = "chess", daysPerMove = 3) {
    const c = await createChallenge(db, alice, { variant, color: "white", daysPerMove, opponent: { kind: "user", name: "bob" } }, T0);
    await acceptInvitation(db, bob, { invitationId: c.invitationId }, T0);
    await db.delete(emailOutbox);
    return c.gameId;
  }

  it("challenges a player by name, who accepts: the game starts and White is told", async () => {
    const c = await createChallenge(db, alice, { variant: "compound", color: "black", daysPerMove: 2, opponent: { kind: "user", name: "BOB" } }, T0);
    let [g] = await db.select().from(games).where(eq(games.id, c.gameId));
    expect(g).toMatchObject({ status: "open", blackId: alice, whiteId: null, variant: "compound" });
    expect((await outbox()).map((m) => [m.toAddress, m.kind])).toEqual([["bob@example.test", "invitation"]]);
    expect((await challengesFor(db, bob, "bob@example.test")).map((x) => x.gameId)).toEqual([c.gameId]);

    await acceptInvitation(db, bob, { invitationId: c.invitationId }, T0);
    [g] = await db.select().from(games).where(eq(games.id, c.gameId));
    expect(g).toMatchObject({ status: "active", whiteId: bob, blackId: alice });
    expect(g.deadline?.getTime()).toBe(T0.getTime() + 2 * DAY);
    // Bob accepted and moves first himself: no "your turn" mail to him, none to Alice yet.
    expect((await outbox()).filter((m) => m.kind === "your-turn")).toEqual([]);
  });

  it("plays moves with the rules module, emails the player to move, and ends at checkmate", async () => {
    const id = await startGame();
    const r1 = await submitMove(db, alice, { gameId: id, expectedPly: 0, move: "P f2-f3" }, T0);
    expect(r1).toMatchObject({ ply: 1, text: "P f2-f3", outcome: { result: "ongoing" } });
    const mails = await outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ toAddress: "bob@example.test", kind: "your-turn" });
    expect(mails[0].text).toContain(`/games/${id}`);
    expect(mails[0].text).toContain("P f2-f3");
    expect(mails[0].html + mails[0].text).not.toContain("alice@example.test");
    // The picture is drawn from the recipient's side: Bob plays Black.
    expect(mails[0].html).toContain(`/games/${id}/board.png?ply=1&amp;flip=1"`);

    await submitMove(db, bob, { gameId: id, expectedPly: 1, move: "p  e7 - e5" }, new Date(T0.getTime() + DAY));
    const toWhite = (await outbox()).filter((m) => m.kind === "your-turn" && m.toAddress === "alice@example.test");
    expect(toWhite).toHaveLength(1);
    expect(toWhite[0].html).toContain(`/games/${id}/board.png?ply=2"`);
    await submitMove(db, alice, { gameId: id, expectedPly: 2, move: "P g2-g4" }, T0);
    const mate = await submitMove(db, bob, { gameId: id, expectedPly: 3, move: "q d8-h4" }, T0);
    expect(mate.outcome).toEqual({ result: "black-wins", reason: "checkmate" });
    const [g] = await db.select().from(games).where(eq(games.id, id));
    expect(g).toMatchObject({ status: "finished", result: "0-1", endReason: "checkmate", ply: 4, deadline: null });
    const stored = await db.select().from(moves).where(eq(moves.gameId, id)).orderBy(asc(moves.ply));
    expect(stored.map((m) => m.text)).toEqual(["P f2-f3", "p e7-e5", "P g2-g4", "q d8-h4"]);
    const over = (await outbox()).filter((m) => m.kind === "game-over").map((m) => m.toAddress).sort();
    expect(over).toEqual(["alice@example.test", "bob@example.test"]);
    await expectGameError(submitMove(db, alice, { gameId: id, expectedPly: 4, move: "P a2-a3" }), "over");
  });

  it("reads SAN in chess and stores the canonical move; the expected-ply check holds for SAN too (docs/notation.md#san)", async () => {
    const id = await startGame();
    const e4 = await submitMove(db, alice, { gameId: id, expectedPly: 0, move: "e4" }, T0);
    expect(e4).toMatchObject({ ply: 1, text: "P e2-e4" });
    await submitMove(db, bob, { gameId: id, expectedPly: 1, move: "e5" }, T0);
    // A stale page's SAN is refused as stale, before it is read.
    await expectGameError(submitMove(db, alice, { gameId: id, expectedPly: 1, move: "Nf3" }), "stale");
    await submitMove(db, alice, { gameId: id, expectedPly: 2, move: "Nf3+" }, T0);
    await expectGameError(submitMove(db, bob, { gameId: id, expectedPly: 3, move: "Ke6" }), "illegal", /^Ke6: the king on e8 cannot go to e6$/);
    await expectGameError(submitMove(db, bob, { gameId: id, expectedPly: 3, move: "Nxc6" }), "illegal", /nothing to capture on c6/);
    await submitMove(db, bob, { gameId: id, expectedPly: 3, move: "nc6" }, T0);
    const stored = await db.select().from(moves).where(eq(moves.gameId, id)).orderBy(asc(moves.ply));
    expect(stored.map((m) => m.text)).toEqual(["P e2-e4", "p e7-e5", "N g1-f3", "n b8-c6"]);
    // No SAN in a game that has none.
    const compound = await startGame("compound");
    await expectGameError(submitMove(db, alice, { gameId: compound, expectedPly: 0, move: "e4" }), "illegal", /cannot read move 'e4'/);
  });

  it("sets the deadline from each move's time", async () => {
    const id = await startGame("chess", 5);
    const t = new Date(T0.getTime() + 3 * DAY);
    await submitMove(db, alice, { gameId: id, expectedPly: 0, move: "P e2-e4" }, t);
    const [g] = await db.select().from(games).where(eq(games.id, id));
    expect(g.deadline?.getTime()).toBe(t.getTime() + 5 * DAY);
  });

  it("refuses illegal moves, garbage, moves out of turn, strangers and stale pages; the game is unchanged", async () => {
    const id = await startGame();
    await expectGameError(submitMove(db, alice, { gameId: id, expectedPly: 0, move: "P e2-e5" }), "illegal", /not a legal move/);
    await expectGameError(submitMove(db, alice, { gameId: id, expectedPly: 0, move: "hello" }), "illegal", /cannot read move/);
    await expectGameError(submitMove(db, alice, { gameId: id, expectedPly: 0, move: "x".repeat(600) }), "invalid");
    await expectGameError(submitMove(db, bob, { gameId: id, expectedPly: 0, move: "p e7-e5" }), "not-your-turn");
    await expectGameError(submitMove(db, carol, { gameId: id, expectedPly: 0, move: "P e2-e4" }), "forbidden");
    await expectGameError(submitMove(db, alice, { gameId: "no-such-game", expectedPly: 0, move: "P e2-e4" }), "not-found");
    await expectGameError(submitMove(db, alice, { gameId: id, expectedPly: -1, move: "P e2-e4" }), "invalid");
    await submitMove(db, alice, { gameId: id, expectedPly: 0, move: "P e2-e4" });
    // A second tab still showing ply 0:
    await expectGameError(submitMove(db, alice, { gameId: id, expectedPly: 0, move: "P d2-d4" }), "stale", /position changed/);
    const [g] = await db.select().from(games).where(eq(games.id, id));
    expect(g.ply).toBe(1);
    expect(await db.select().from(moves).where(eq(moves.gameId, id))).toHaveLength(1);
  });

  it("accepts exactly one of two moves sent at once for the same ply", async () => {
    const id = await startGame();
    const results = await Promise.allSettled([
      submitMove(db, alice, { gameId: id, expectedPly: 0, move: "P e2-e4" }),
      submitMove(db, alice, { gameId: id, expectedPly: 0, move: "P d2-d4" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect((rejected.reason as GameError).code).toBe("stale");
    const stored = await db.select().from(moves).where(eq(moves.gameId, id));
    expect(stored).toHaveLength(1);
    const [g] = await db.select().from(games).where(eq(games.id, id));
    expect(g.ply).toBe(1);
    expect(g.currentFen).toBe(stored[0].fenAfter);
  });

  it("resigns, and only players may", async () => {
    const id = await startGame();
    await expectGameError(resign(db, carol, { gameId: id }), "forbidden");
    await resign(db, bob, { gameId: id });
    const [g] = await db.select().from(games).where(eq(games.id, id));
    expect(g).toMatchObject({ status: "finished", result: "1-0", endReason: "resignation" });
    await expectGameError(resign(db, alice, { gameId: id }), "over");
  });

  it("offers, declines and agrees draws; a move answers an offer with no", async () => {
    const id = await startGame();
    expect(await offerDraw(db, alice, { gameId: id })).toBe("offered");
    await expectGameError(acceptDraw(db, alice, { gameId: id }), "invalid");
    await declineDraw(db, bob, { gameId: id });
    expect(await offerDraw(db, alice, { gameId: id })).toBe("offered");
    await submitMove(db, alice, { gameId: id, expectedPly: 0, move: "P e2-e4" });
    let [g] = await db.select().from(games).where(eq(games.id, id));
    expect(g.drawOfferBy).toBe(alice); // one's own offer stands after one's move
    await submitMove(db, bob, { gameId: id, expectedPly: 1, move: "p e7-e5" });
    [g] = await db.select().from(games).where(eq(games.id, id));
    expect(g.drawOfferBy).toBeNull();
    await offerDraw(db, bob, { gameId: id });
    await acceptDraw(db, alice, { gameId: id });
    [g] = await db.select().from(games).where(eq(games.id, id));
    expect(g).toMatchObject({ status: "finished", result: "1/2-1/2", endReason: "agreement" });
    // A draw is written one way wherever players read it: ½–½, not PGN's 1/2-1/2.
    const over = (await outbox()).filter((m) => m.kind === "game-over");
    expect(over).toHaveLength(2);
    for (const m of over) {
      expect(m.text).toContain("drawn by agreement (½–½)");
      expect(m.text).not.toContain("1/2-1/2");
    }
  });

  it("allows a draw claim by threefold repetition only when the position repeated", async () => {
    const id = await startGame();
    const dance = ["N g1-f3", "n g8-f6", "N f3-g1", "n f6-g8", "N g1-f3", "n g8-f6", "N f3-g1", "n f6-g8"];
    await expectGameError(claimDraw(db, alice, { gameId: id, reason: "threefold-repetition" }), "invalid");
    for (let i = 0; i < dance.length; i++) {
      await submitMove(db, i % 2 ? bob : alice, { gameId: id, expectedPly: i, move: dance[i] });
    }
    await expectGameError(claimDraw(db, alice, { gameId: id, reason: "fifty-move-rule" }), "invalid");
    await claimDraw(db, bob, { gameId: id, reason: "threefold-repetition" });
    const [g] = await db.select().from(games).where(eq(games.id, id));
    expect(g).toMatchObject({ status: "finished", result: "1/2-1/2", endReason: "threefold-repetition" });
  });

  it("names the sides in the invitation and the turn emails as the game's players do: Red and Black in Xiangqi", async () => {
    // docs/games/xiangqi.md#players-and-coordinates: Red is White and moves first.
    const c = await createChallenge(db, alice, { variant: "xiangqi", color: "black", daysPerMove: 3, opponent: { kind: "user", name: "bob" } }, T0);
    const [invitation] = await outbox();
    expect(invitation.text).toContain("You would play Red.");
    await acceptInvitation(db, bob, { invitationId: c.invitationId }, T0);
    await db.delete(emailOutbox);

    await submitMove(db, bob, { gameId: c.gameId, expectedPly: 0, move: "P c4-c5" }, T0);
    const [toAlice] = await outbox();
    expect(toAlice).toMatchObject({ toAddress: "alice@example.test", kind: "your-turn" });
    expect(toAlice.text).toContain("you play Black.");
    await db.delete(emailOutbox);
    await submitMove(db, alice, { gameId: c.gameId, expectedPly: 1, move: "p c7-c6" }, T0);
    const [toBob] = await outbox();
    expect(toBob).toMatchObject({ toAddress: "bob@example.test", kind: "your-turn" });
    expect(toBob.text).toContain("you play Red.");
    expect(toBob.text).not.toContain("White");

    // Chess keeps White and Black.
    const chess = await startGame();
    await submitMove(db, alice, { gameId: chess, expectedPly: 0, move: "P e2-e4" }, T0);
    const [chessMail] = await outbox();
    expect(chessMail.text).toContain("you play Black.");
  });

  it("invites by email; only the holder of that address may accept", async () => {
    const c = await createChallenge(db, alice, { variant: "royal-substitute", color: "random", daysPerMove: 7, opponent: { kind: "email", email: "Dave@Example.test" } }, T0);
    const [mail] = await outbox();
    expect(mail).toMatchObject({ toAddress: "dave@example.test", kind: "invitation" });
    expect(mail.text).toContain(`/invitations/${c.token}`);
    await expectGameError(acceptInvitation(db, bob, { token: c.token }), "forbidden");
    const [dave] = await db.insert(users).values({ name: "Dave", email: "dave@example.test" }).returning();
    await acceptInvitation(db, dave.id, { token: c.token }, T0);
    const [g] = await db.select().from(games).where(eq(games.id, c.gameId));
    expect(g.status).toBe("active");
    expect([g.whiteId, g.blackId].sort()).toEqual([alice, dave.id].sort());
    await expectGameError(acceptInvitation(db, carol, { token: c.token }), "over");
  });

  it("lists open challenges in the lobby; anyone but the author may accept; withdraw and decline cancel", async () => {
    const open = await createChallenge(db, alice, { variant: "chess", color: "white", daysPerMove: 1, opponent: { kind: "open" } });
    expect((await openChallenges(db)).map((c) => c.gameId)).toEqual([open.gameId]);
    await expectGameError(acceptInvitation(db, alice, { invitationId: open.invitationId }), "forbidden");
    await acceptInvitation(db, carol, { invitationId: open.invitationId });
    expect(await openChallenges(db)).toEqual([]);

    const link = await createChallenge(db, alice, { variant: "chess", color: "black", daysPerMove: 1, opponent: { kind: "link" } });
    await expectGameError(withdrawInvitation(db, bob, { invitationId: link.invitationId }), "forbidden");
    await withdrawInvitation(db, alice, { invitationId: link.invitationId });
    let [g] = await db.select().from(games).where(eq(games.id, link.gameId));
    expect(g.status).toBe("cancelled");
    await expectGameError(acceptInvitation(db, bob, { token: link.token }), "over");

    const named = await createChallenge(db, alice, { variant: "chess", color: "black", daysPerMove: 1, opponent: { kind: "user", name: "Bob" } });
    await expectGameError(declineInvitation(db, carol, { invitationId: named.invitationId }), "forbidden");
    await declineInvitation(db, bob, { invitationId: named.invitationId });
    [g] = await db.select().from(games).where(eq(games.id, named.gameId));
    expect(g.status).toBe("cancelled");
  });

  it("rejects bad challenges with a clear message", async () => {
    await expectGameError(createChallenge(db, alice, { variant: "checkers", color: "white", daysPerMove: 3, opponent: { kind: "open" } }), "invalid", /unknown game/);
    await expectGameError(createChallenge(db, alice, { variant: "chess", color: "white", daysPerMove: 4, opponent: { kind: "open" } }), "invalid", /days per move/);
    await expectGameError(createChallenge(db, alice, { variant: "chess", color: "white", daysPerMove: 3, opponent: { kind: "user", name: "Nobody" } }), "not-found");
    await expectGameError(createChallenge(db, alice, { variant: "chess", color: "white", daysPerMove: 3, opponent: { kind: "user", name: "alice" } }), "invalid", /yourself/);
  });

  it("shows private games to their players only, and sorts a player's games by whose turn it is", async () => {
    const c = await createChallenge(db, alice, { variant: "chess", color: "white", daysPerMove: 3, visibility: "private", opponent: { kind: "user", name: "Bob" } });
    await acceptInvitation(db, bob, { invitationId: c.invitationId });
    await expectGameError(getGameView(db, c.gameId, carol), "not-found");
    await expectGameError(getGameView(db, c.gameId, null), "not-found");
    expect((await getGameView(db, c.gameId, bob)).whiteName).toBe("Alice");
    const other = await startGame();
    await submitMove(db, alice, { gameId: other, expectedPly: 0, move: "P e2-e4" });
    const home = await gamesOfPlayer(db, alice, alice);
    expect(home.map((g) => [g.id, g.yourTurn])).toEqual([[c.gameId, true], [other, false]]);
    expect((await gamesOfPlayer(db, alice, carol)).map((g) => g.id)).toEqual([other]);
  });
});
