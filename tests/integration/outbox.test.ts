import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { devMailbox, emailOutbox } from "@/lib/db/schema";
import { testDrivers, type TestDb } from "@/lib/db/testing";
import { drainOutbox, enqueueEmail, type OutboxEmailInput } from "@/lib/mail/outbox";
import { devMailboxTransport, smtpTransport, type MailTransport } from "@/lib/mail/transport";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";

const T0 = new Date("2026-12-01T12:00:00Z");
const MINUTE = 60_000;
const later = (ms: number) => new Date(T0.getTime() + ms);

function email(n: number): OutboxEmailInput {
  return {
    to: `player${n}@example.test`,
    kind: "your-turn",
    subject: `Your move ${n}`,
    html: `<p>Move ${n}</p>`,
    text: `Move ${n}`,
    payload: { n },
  };
}

describe.each(testDrivers)("email outbox on $driver", ({ create }) => {
  let handle: TestDb;
  let db: Db;
  let smtp: TestSmtpServer;
  let transport: MailTransport;

  beforeAll(async () => {
    [handle, smtp] = await Promise.all([create(), startSmtpServer()]);
    db = handle.db;
    transport = smtpTransport({ url: smtp.url }, "Courier Variants <noreply@localhost>");
  });
  afterAll(async () => {
    await transport?.close();
    await smtp?.close();
    await handle?.close();
  });
  beforeEach(async () => {
    await db.delete(emailOutbox);
    smtp.received.length = 0;
    smtp.refusing = false;
  });

  const rows = () => db.select().from(emailOutbox).orderBy(asc(emailOutbox.createdAt));

  it("keeps no email from a transaction that rolled back, and one from a commit", async () => {
    await expect(
      db.transaction(async (tx) => {
        await enqueueEmail(tx, email(1), T0);
        throw new Error("the move failed");
      }),
    ).rejects.toThrow("the move failed");
    expect(await rows()).toEqual([]);

    const queued = await db.transaction((tx) => enqueueEmail(tx, email(2), T0));
    const [row] = await rows();
    expect(row).toMatchObject({ id: queued.id, status: "pending", attempts: 0, toAddress: "player2@example.test", payload: { n: 2 } });
    expect(row.messageId).toBe(`<${queued.id}.outbox@localhost>`);
  });

  it("validates what it queues", async () => {
    await expect(enqueueEmail(db, { ...email(1), to: "not an address" }, T0)).rejects.toThrow();
    await expect(enqueueEmail(db, { ...email(1), subject: "" }, T0)).rejects.toThrow();
    expect(await rows()).toEqual([]);
  });

  it("sends through SMTP with the row's Message-ID and marks the row sent", async () => {
    const { messageId } = await enqueueEmail(db, email(1), T0);
    expect(await drainOutbox(db, transport, T0)).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received).toEqual([
      {
        messageId,
        from: "noreply@localhost",
        to: ["player1@example.test"],
        subject: "Your move 1",
        text: "Move 1",
        html: "<p>Move 1</p>",
      },
    ]);
    const [row] = await rows();
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null, sentAt: T0 });
    expect(await drainOutbox(db, transport, later(60 * MINUTE))).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it("backs off while the SMTP server refuses, then delivers each email exactly once", async () => {
    const ids = [];
    for (let n = 1; n <= 3; n++) ids.push((await enqueueEmail(db, email(n), T0)).messageId);
    smtp.refusing = true;
    expect(await drainOutbox(db, transport, T0)).toEqual({ sent: 0, retried: 3, failed: 0 });
    for (const row of await rows()) {
      expect(row).toMatchObject({ status: "pending", attempts: 1, nextAttemptAt: later(MINUTE) });
      expect(row.lastError).toMatch(/451/);
    }
    // Not due yet: nothing is attempted.
    expect(await drainOutbox(db, transport, later(MINUTE - 1))).toEqual({ sent: 0, retried: 0, failed: 0 });
    // The wait doubles: 1 minute, then 2.
    expect(await drainOutbox(db, transport, later(MINUTE))).toMatchObject({ retried: 3 });
    expect((await rows()).map((r) => r.nextAttemptAt)).toEqual([later(3 * MINUTE), later(3 * MINUTE), later(3 * MINUTE)]);

    smtp.refusing = false;
    expect(await drainOutbox(db, transport, later(3 * MINUTE))).toEqual({ sent: 3, retried: 0, failed: 0 });
    expect(await drainOutbox(db, transport, later(24 * 60 * MINUTE))).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received.map((m) => m.messageId).sort()).toEqual([...ids].sort());
    expect((await rows()).map((r) => [r.status, r.attempts])).toEqual([
      ["sent", 3],
      ["sent", 3],
      ["sent", 3],
    ]);
  });

  it("gives up after the last allowed attempt", async () => {
    await enqueueEmail(db, email(1), T0);
    smtp.refusing = true;
    const options = { maxAttempts: 2, retryBaseMs: MINUTE };
    expect(await drainOutbox(db, transport, T0, options)).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect(await drainOutbox(db, transport, later(MINUTE), options)).toEqual({ sent: 0, retried: 0, failed: 1 });
    smtp.refusing = false;
    expect(await drainOutbox(db, transport, later(600 * MINUTE), options)).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received).toEqual([]);
    expect((await rows())[0]).toMatchObject({ status: "failed", attempts: 2 });
  });

  it("resends an email whose worker died mid-send once its lease is over, with the same Message-ID", async () => {
    const { messageId } = await enqueueEmail(db, email(1), T0);
    const hung: MailTransport = { kind: "smtp", send: () => new Promise(() => {}), close: async () => {} };
    // This worker claims the row and never returns, as if killed.
    void drainOutbox(db, hung, T0, { leaseMs: 10 * MINUTE });
    await expect.poll(async () => (await rows())[0].status).toBe("sending");
    expect((await rows())[0]).toMatchObject({ attempts: 1, nextAttemptAt: later(10 * MINUTE) });

    // Another worker leaves the claimed row alone until the lease is over...
    expect(await drainOutbox(db, transport, later(10 * MINUTE - 1))).toEqual({ sent: 0, retried: 0, failed: 0 });
    // ...then sends it.
    expect(await drainOutbox(db, transport, later(10 * MINUTE))).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received.map((m) => m.messageId)).toEqual([messageId]);
    expect((await rows())[0]).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("marks an email failed when its worker died during the last allowed attempt", async () => {
    await enqueueEmail(db, email(1), T0);
    const hung: MailTransport = { kind: "smtp", send: () => new Promise(() => {}), close: async () => {} };
    void drainOutbox(db, hung, T0, { maxAttempts: 1, leaseMs: MINUTE });
    await expect.poll(async () => (await rows())[0].status).toBe("sending");
    expect(await drainOutbox(db, transport, later(MINUTE), { maxAttempts: 1 })).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect((await rows())[0]).toMatchObject({ status: "failed", lastError: "worker lost during the last attempt" });
    expect(smtp.received).toEqual([]);
  });

  it("never sends an email twice when several drainers run at once", async () => {
    const ids = [];
    for (let n = 1; n <= 30; n++) ids.push((await enqueueEmail(db, email(n), T0)).messageId);
    const results = await Promise.all([1, 2, 3].map(() => drainOutbox(db, transport, T0)));
    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(30);
    expect(smtp.received.map((m) => m.messageId).sort()).toEqual([...ids].sort());
    expect((await rows()).every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });

  it("stops at the limit and leaves the rest for the next call", async () => {
    for (let n = 1; n <= 3; n++) await enqueueEmail(db, email(n), T0);
    expect(await drainOutbox(db, transport, T0, { limit: 2 })).toEqual({ sent: 2, retried: 0, failed: 0 });
    expect(await drainOutbox(db, transport, T0, { limit: 2 })).toEqual({ sent: 1, retried: 0, failed: 0 });
  });

  /** A "your turn" email queued as its template's data, as the game service queues it. */
  function yourTurn(n: number): OutboxEmailInput {
    return {
      to: `player${n}@example.test`, kind: "your-turn", subject: `Your move ${n}`, payload: { n },
      data: {
        siteUrl: "http://localhost", gameUrl: `http://localhost/games/g${n}`, opponent: "Alice <b>", variantName: "Chess",
        lastMove: "P e2-e4", moveNumber: 1, side: "Black", deadline: "2026-12-04 12:00 UTC",
      },
    };
  }

  it("queues a template's data, not its bodies, and the worker renders them just before sending", async () => {
    await enqueueEmail(db, yourTurn(1), T0);
    const [queued] = await rows();
    expect(queued).toMatchObject({ html: null, text: null, data: { opponent: "Alice <b>", lastMove: "P e2-e4" } });
    expect(await drainOutbox(db, transport, T0)).toEqual({ sent: 1, retried: 0, failed: 0 });
    const [mail] = smtp.received;
    expect(mail.text).toContain("Alice <b> played P e2-e4 in your Chess game (move 1)");
    expect(mail.html).toContain("Alice &lt;b&gt; played P e2-e4");
    expect(mail.html).toContain('href="http://localhost/games/g1"');
  });

  it("refuses to queue data its kind's template does not take", async () => {
    await expect(enqueueEmail(db, { ...yourTurn(1), data: { opponent: "Alice" } }, T0)).rejects.toThrow();
    await expect(enqueueEmail(db, { ...yourTurn(1), kind: "no-such-kind" }, T0)).rejects.toThrow(/no email template/);
    expect(await rows()).toEqual([]);
  });

  it("sends a row queued with its bodies before the worker rendered emails", async () => {
    // As the migration left it: bodies, no data.
    await db.insert(emailOutbox).values({ toAddress: "old@example.test", kind: "your-turn", subject: "Old", html: "<p>old</p>", text: "old", messageId: "<old@localhost>", nextAttemptAt: T0 });
    expect(await drainOutbox(db, transport, T0)).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received).toMatchObject([{ subject: "Old", html: "<p>old</p>", text: "old" }]);
  });

  it("marks a row whose data no longer renders failed, with the reason, and sends the rows behind it", async () => {
    const bad = [
      { kind: "your-turn", data: { opponent: 42 } },
      { kind: "no-such-kind", data: { siteUrl: "x" } },
      { kind: "digest", data: { siteUrl: "x", games: "not a list" } },
      { kind: "your-turn", data: null },
    ];
    for (const [i, b] of bad.entries()) {
      await db.insert(emailOutbox).values({ toAddress: "x@example.test", subject: `Bad ${i}`, messageId: `<bad${i}@localhost>`, nextAttemptAt: new Date(T0.getTime() - 1000 + i), ...b });
    }
    await enqueueEmail(db, yourTurn(2), T0);
    expect(await drainOutbox(db, transport, T0)).toEqual({ sent: 1, retried: 0, failed: bad.length });
    expect(smtp.received.map((m) => m.subject)).toEqual(["Your move 2"]);
    const failed = (await rows()).filter((r) => r.status === "failed");
    expect(failed).toHaveLength(bad.length);
    for (const r of failed) expect(r.lastError).toMatch(/^not rendered: /);
    expect(failed.find((r) => r.subject === "Bad 1")!.lastError).toContain('no email template for the kind "no-such-kind"');
    // Set aside for good: a later drain does not try them again.
    expect(await drainOutbox(db, transport, later(60 * MINUTE))).toEqual({ sent: 0, retried: 0, failed: 0 });
  });

  it("delivers to the dev mailbox when no SMTP server is configured", async () => {
    const { messageId } = await enqueueEmail(db, email(1), T0);
    const dev = devMailboxTransport(db, "Courier Variants <noreply@localhost>");
    expect(await drainOutbox(db, dev, T0)).toMatchObject({ sent: 1 });
    const [mail] = await db.select().from(devMailbox).where(eq(devMailbox.messageId, messageId));
    expect(mail).toMatchObject({ toAddress: "player1@example.test", subject: "Your move 1", text: "Move 1" });
  });
});
