import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { emailOutbox, games, invitations, moves, rateEvents, users } from "@/lib/db/schema";
import { testDrivers, type TestDb } from "@/lib/db/testing";
import {
  acceptInvitation, createChallenge, endVacation, GameError, giveExtraDay, runClock, startVacation, submitMove,
} from "@/lib/games";
import { drainOutbox } from "@/lib/mail/outbox";
import { smtpTransport } from "@/lib/mail/transport";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";
import { withBodies } from "../support/mail";

const T0 = new Date("2026-12-01T12:00:00Z");
const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(T0.getTime() + ms);

describe.each(testDrivers)("correspondence clock and mail on $driver", ({ create }) => {
  let handle: TestDb;
  let db: Db;
  let smtp: TestSmtpServer;
  let alice: string, bob: string;

  beforeAll(async () => {
    [handle, smtp] = await Promise.all([create(), startSmtpServer()]);
    db = handle.db;
  });
  afterAll(async () => {
    await smtp?.close();
    await handle?.close();
  });
  beforeEach(async () => {
    for (const t of [emailOutbox, moves, invitations, games, rateEvents, users]) await db.delete(t);
    smtp.received.length = 0;
    const rows = await db.insert(users).values([
      { name: "Alice", email: "alice@example.test" },
      { name: "Bob", email: "bob@example.test" },
    ]).returning();
    [alice, bob] = rows.map((r) => r.id);
  });

  const mails = async (kind?: string) =>
    (await withBodies(await db.select().from(emailOutbox).orderBy(asc(emailOutbox.createdAt)))).filter((m) => !kind || m.kind === kind);

  async function startGame(daysPerMove = 3, at0 = T0) {
    const c = await createChallenge(db, alice, { variant: "chess", color: "white", daysPerMove, opponent: { kind: "user", name: "Bob" } }, at0);
    await acceptInvitation(db, bob, { invitationId: c.invitationId }, at0);
    await db.delete(emailOutbox);
    return c.gameId;
  }
  const game = async (id: string) => (await db.select().from(games).where(eq(games.id, id)))[0];

  it("delivers one 'your turn' email per move through a real SMTP server, with the game link", async () => {
    const id = await startGame();
    await submitMove(db, alice, { gameId: id, expectedPly: 0, move: "P e2-e4" }, T0);
    const transport = smtpTransport({ url: smtp.url }, "Courier <noreply@localhost>");
    try {
      expect((await drainOutbox(db, transport, T0)).sent).toBe(1);
      expect((await drainOutbox(db, transport, T0)).sent).toBe(0);
    } finally {
      await transport.close();
    }
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail.to).toEqual(["bob@example.test"]);
    expect(mail.subject).toContain("Alice played P e2-e4");
    expect(mail.text).toContain(`http://localhost:3000/games/${id}`);
    expect(mail.text).toContain("/settings");
    expect(mail.text + mail.html).not.toContain("alice@example.test");
  });

  it("decides a timeout with nobody online, and tells both players", async () => {
    const id = await startGame(2);
    await submitMove(db, alice, { gameId: id, expectedPly: 0, move: "P e2-e4" }, T0);
    await submitMove(db, bob, { gameId: id, expectedPly: 1, move: "p e7-e5" }, at(HOUR));
    await db.delete(emailOutbox);
    // Alice's deadline: 2 days after Bob's move.
    expect((await runClock(db, at(2 * DAY))).timeouts).toBe(0);
    const report = await runClock(db, at(2 * DAY + HOUR + 1000));
    expect(report.timeouts).toBe(1);
    expect(await game(id)).toMatchObject({ status: "finished", result: "0-1", endReason: "timeout", deadline: null });
    expect((await mails("game-over")).map((m) => m.toAddress).sort()).toEqual(["alice@example.test", "bob@example.test"]);
    expect((await runClock(db, at(3 * DAY))).timeouts).toBe(0);
  });

  it("never decides one timeout twice when two workers run at once", async () => {
    const ids = [await startGame(1), await startGame(1), await startGame(1)];
    for (const id of ids) {
      await submitMove(db, alice, { gameId: id, expectedPly: 0, move: "P e2-e4" }, T0);
      await submitMove(db, bob, { gameId: id, expectedPly: 1, move: "p e7-e5" }, T0);
    }
    await db.delete(emailOutbox);
    const [a, b] = await Promise.all([runClock(db, at(2 * DAY)), runClock(db, at(2 * DAY))]);
    expect(a.timeouts + b.timeouts).toBe(3);
    expect(await mails("game-over")).toHaveLength(6);
  });

  it("draws on time against a side that could not win", async () => {
    const id = await startGame(1);
    // Bob is left with a lone king; Alice, to move, lets her time run out.
    await db.update(games).set({ startFen: "k7/8/8/8/8/8/8/KQ6 b - - 0 1", currentFen: "k7/8/8/8/8/8/8/KQ6 b - - 0 1" }).where(eq(games.id, id));
    await submitMove(db, bob, { gameId: id, expectedPly: 0, move: "k a8-a7" }, T0);
    await submitMove(db, alice, { gameId: id, expectedPly: 1, move: "Q b1-c1" }, T0);
    await submitMove(db, bob, { gameId: id, expectedPly: 2, move: "k a7-a8" }, T0);
    await runClock(db, at(2 * DAY));
    expect(await game(id)).toMatchObject({ status: "finished", result: "1/2-1/2", endReason: "timeout-vs-insufficient-material" });
  });

  it("cancels a game whose first moves never come", async () => {
    const id = await startGame(1);
    await runClock(db, at(DAY + 1));
    expect(await game(id)).toMatchObject({ status: "cancelled", result: null, endReason: "no-first-move" });
    expect(await mails("game-over")).toHaveLength(2);
  });

  it("sends one reminder per move when a day (for one day per move: a fifth of it) is left", async () => {
    const id = await startGame(3);
    await submitMove(db, alice, { gameId: id, expectedPly: 0, move: "P e2-e4" }, T0);
    await db.delete(emailOutbox);
    expect((await runClock(db, at(DAY))).reminders).toBe(0);
    expect((await runClock(db, at(2 * DAY + HOUR))).reminders).toBe(1);
    expect((await runClock(db, at(2 * DAY + 2 * HOUR))).reminders).toBe(0);
    const [r] = await mails("reminder");
    expect(r).toMatchObject({ toAddress: "bob@example.test" });
    expect(r.subject).toMatch(/about 23 hours left/);
    await submitMove(db, bob, { gameId: id, expectedPly: 1, move: "p e7-e5" }, at(2 * DAY + 3 * HOUR));
    expect((await runClock(db, at(4 * DAY + 4 * HOUR))).reminders).toBe(1);
    expect((await mails("reminder")).map((m) => m.toAddress)).toEqual(["bob@example.test", "alice@example.test"]);
    // One day per move: a fifth of it.
    const quick = await startGame(1);
    await submitMove(db, alice, { gameId: quick, expectedPly: 0, move: "P e2-e4" }, T0);
    expect((await runClock(db, at(18 * HOUR))).reminders).toBe(0);
    expect((await runClock(db, at(20 * HOUR))).reminders).toBe(1);
  });

  it("sends digest readers one email for all their waiting games, once a day", async () => {
    await db.update(users).set({ notify: "digest" }).where(eq(users.id, bob));
    const ids = [await startGame(7), await startGame(7), await startGame(7)];
    for (const id of ids) await submitMove(db, alice, { gameId: id, expectedPly: 0, move: "P e2-e4" }, T0);
    expect(await mails("your-turn")).toEqual([]); // digest mode: no mail per move
    expect((await runClock(db, at(HOUR))).digests).toBe(1);
    const [digest] = await mails("digest");
    expect(digest).toMatchObject({ toAddress: "bob@example.test", subject: "3 games are waiting for your move" });
    for (const id of ids) expect(digest.text).toContain(`/games/${id}`);
    expect((await runClock(db, at(5 * HOUR))).digests).toBe(0);
    expect((await runClock(db, at(DAY + 2 * HOUR))).digests).toBe(1);
  });

  it("gives the opponent one more day", async () => {
    const id = await startGame(2);
    await submitMove(db, alice, { gameId: id, expectedPly: 0, move: "P e2-e4" }, T0);
    await expect(giveExtraDay(db, bob, { gameId: id }, T0)).rejects.toBeInstanceOf(GameError);
    const deadline = await giveExtraDay(db, alice, { gameId: id }, at(HOUR));
    expect(deadline.getTime()).toBe(T0.getTime() + 3 * DAY);
    expect((await game(id)).deadline?.getTime()).toBe(T0.getTime() + 3 * DAY);
  });

  it("pauses the clocks on vacation, tells the opponent, and moves the deadline on afterwards", async () => {
    const id = await startGame(2);
    await submitMove(db, alice, { gameId: id, expectedPly: 0, move: "P e2-e4" }, T0);
    await submitMove(db, bob, { gameId: id, expectedPly: 1, move: "p e7-e5" }, T0);
    await submitMove(db, alice, { gameId: id, expectedPly: 2, move: "N g1-f3" }, T0);
    await db.delete(emailOutbox);
    await startVacation(db, bob, at(HOUR));
    expect((await mails("vacation")).map((m) => m.toAddress)).toEqual(["alice@example.test"]);
    const during = await runClock(db, at(5 * DAY));
    expect([during.timeouts, during.cancelled, during.reminders]).toEqual([0, 0, 0]);
    expect((await game(id)).status).toBe("active");
    await endVacation(db, bob, at(5 * DAY));
    // Bob's turn had 2 days; 5 days minus 1 hour of it were paused.
    expect((await game(id)).deadline?.getTime()).toBe(T0.getTime() + 2 * DAY + 5 * DAY - HOUR);
    const [u] = await db.select().from(users).where(eq(users.id, bob));
    expect(u.vacationUsedSeconds).toBe((5 * DAY - HOUR) / 1000);
    expect((await runClock(db, at(7 * DAY))).timeouts).toBe(1);
  });

  it("switching vacation on and off mails each opponent once a day, about all their games; the pause itself always applies", async () => {
    const [carol] = await db.insert(users).values({ name: "Carol", email: "carol@example.test" }).returning();
    const withAlice = [await startGame(2), await startGame(2), await startGame(2)];
    const c = await createChallenge(db, carol.id, { variant: "chess", color: "white", daysPerMove: 2, opponent: { kind: "user", name: "Bob" } }, T0);
    await acceptInvitation(db, bob, { invitationId: c.invitationId }, T0);
    // Bob to move in the first game with Alice.
    await submitMove(db, alice, { gameId: withAlice[0], expectedPly: 0, move: "P e2-e4" }, T0);
    await db.delete(emailOutbox);
    for (let i = 0; i < 10; i++) {
      await startVacation(db, bob, at(2 * i * HOUR));
      await endVacation(db, bob, at((2 * i + 1) * HOUR));
    }
    const sent = await mails("vacation");
    expect(sent.map((m) => m.toAddress).sort()).toEqual(["alice@example.test", "carol@example.test"]);
    expect(sent.every((m) => m.subject === "Bob is on vacation")).toBe(true);
    expect(sent.find((m) => m.toAddress === "alice@example.test")?.text).toMatch(/your 3 games with them/);
    // Ten hours on vacation, each while Bob was to move: that game's deadline moved on by all ten.
    expect((await game(withAlice[0])).deadline?.getTime()).toBe(T0.getTime() + 2 * DAY + 10 * HOUR);
    const [u] = await db.select().from(users).where(eq(users.id, bob));
    expect(u.vacationUsedSeconds).toBe((10 * HOUR) / 1000);
    // A day after the first notice, the next switch is mailed again.
    await startVacation(db, bob, at(DAY + HOUR));
    expect((await mails("vacation")).length).toBe(4);
  });

  it("ends a vacation by itself when the yearly allowance is spent", async () => {
    const june = new Date("2026-06-01T00:00:00Z");
    const after = (days: number) => new Date(june.getTime() + days * DAY);
    await startVacation(db, bob, june);
    expect((await runClock(db, after(29))).vacationsEnded).toBe(0);
    expect((await runClock(db, after(30))).vacationsEnded).toBe(1);
    await expect(startVacation(db, bob, after(31))).rejects.toThrow(/vacation days/);
    // A new year brings a new allowance.
    await startVacation(db, bob, new Date("2027-01-02T00:00:00Z"));
  });
});
