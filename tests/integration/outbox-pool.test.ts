/**
 * The outbox over nodemailer's pool (lib/mail/transport.ts, lib/mail/outbox.ts): several emails in
 * flight at once, never more than the pool's connections; connections kept for the next email; a
 * player's emails in the order they were queued; one refused email retried alone; and nothing left
 * waiting on an idle connection when the mail server goes away (the worker's stop closing them:
 * worker-wake.test.ts). Real SMTP
 * servers (tests/support/smtp.ts), counted from their side; no timed assertion: a server holding
 * messages until several are in flight shows the overlap, and releases them in the worst order.
 */
import { createServer, type Server } from "node:net";
import { asc } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { emailOutbox } from "@/lib/db/schema";
import { createTestPostgres, testDrivers, type TestDb } from "@/lib/db/testing";
import { drainOutbox, enqueueEmail } from "@/lib/mail/outbox";
import { smtpTransport, type MailTransport } from "@/lib/mail/transport";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";

const T0 = new Date("2026-12-01T12:00:00Z");
const MINUTE = 60_000;
const FROM = "Courier Variants <noreply@localhost>";
const later = (ms: number) => new Date(T0.getTime() + ms);

/** Queues `to`'s email `subject`, each a millisecond after the one before, so claims follow the queue. */
async function queue(db: Db, emails: { to: string; subject: string }[]): Promise<void> {
  for (const [i, { to, subject }] of emails.entries()) {
    await enqueueEmail(db, { to, kind: "your-turn", subject, html: `<p>${subject}</p>`, text: subject }, new Date(T0.getTime() - emails.length + i));
  }
}
const players = (n: number) => Array.from({ length: n }, (_, i) => ({ to: `player${i}@example.test`, subject: `Your move ${i}` }));

describe.each(testDrivers)("the outbox over a pool of SMTP connections, on $driver", ({ create }) => {
  let handle: TestDb;
  let db: Db;
  let smtp: TestSmtpServer;
  let transport: MailTransport | undefined;
  const pooled = (connections: number, messagesPerConnection = 100) =>
    (transport = smtpTransport({ url: smtp.url }, FROM, { pool: { connections, messagesPerConnection } }));

  beforeAll(async () => void ({ db } = handle = await create()));
  afterAll(() => handle?.close());
  // A server of its own per test: its counts start at nothing.
  beforeEach(async () => void ([smtp] = await Promise.all([startSmtpServer(), db.delete(emailOutbox)])));
  afterEach(async () => {
    await transport?.close();
    transport = undefined;
    await smtp.close();
  });

  const rows = () => db.select().from(emailOutbox).orderBy(asc(emailOutbox.createdAt));

  it("sends as many emails at once as the pool has connections, over those connections only", async () => {
    await queue(db, players(12));
    smtp.gather = { count: 3, maxWaitMs: 1_000 };
    expect(await drainOutbox(db, pooled(3), T0)).toEqual({ sent: 12, retried: 0, failed: 0 });
    // Three in flight at once (one at a time would never gather a second), and never a fourth.
    expect(smtp.mostAtOnce).toBe(3);
    expect(smtp.connections).toBeLessThanOrEqual(3);
    expect(smtp.received.map((m) => m.subject).sort()).toEqual(players(12).map((e) => e.subject).sort());
    expect((await rows()).map((r) => [r.status, r.attempts])).toEqual(players(12).map(() => ["sent", 1]));
  });

  it("keeps a connection open for the next email, up to its number of messages", async () => {
    await queue(db, players(10));
    expect(await drainOutbox(db, pooled(1, 4), T0)).toEqual({ sent: 10, retried: 0, failed: 0 });
    // 4 + 4 + 2 emails: one connection at a time, each replaced after its fourth.
    expect(smtp.connections).toBe(3);
    expect(smtp.received).toHaveLength(10);
  });

  it("sends each player's emails in the order they were queued, while others' go at the same time", async () => {
    const names = ["alice", "alice", "bob", "alice", "carol", "bob", "alice", "dave", "carol", "bob", "alice", "dave"];
    const emails = names.map((name, i) => ({ to: `${name}@example.test`, subject: `${name} ${i}` }));
    await queue(db, emails);
    // Messages in flight together are recorded last-arrived first: two of one player's at once would swap.
    smtp.gather = { count: 2, maxWaitMs: 300 };
    expect(await drainOutbox(db, pooled(3), T0)).toEqual({ sent: 12, retried: 0, failed: 0 });
    expect(smtp.mostAtOnce).toBeGreaterThan(1);
    for (const name of new Set(names)) {
      const to = `${name}@example.test`;
      expect(smtp.received.filter((m) => m.to[0] === to).map((m) => m.subject), name)
        .toEqual(emails.filter((e) => e.to === to).map((e) => e.subject));
    }
  });

  it("retries a refused email alone: the emails sent beside it are marked sent", async () => {
    await queue(db, players(6));
    smtp.refusedRecipients.add("player2@example.test");
    smtp.gather = { count: 2, maxWaitMs: 500 };
    expect(await drainOutbox(db, pooled(3), T0)).toEqual({ sent: 5, retried: 1, failed: 0 });
    expect(smtp.mostAtOnce).toBeGreaterThan(1);
    for (const row of await rows()) {
      if (row.toAddress === "player2@example.test") {
        expect(row).toMatchObject({ status: "pending", attempts: 1, nextAttemptAt: later(MINUTE) });
        expect(row.lastError).toMatch(/450/);
      } else {
        expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
      }
    }
    smtp.refusedRecipients.clear();
    expect(await drainOutbox(db, transport!, later(MINUTE))).toEqual({ sent: 1, retried: 0, failed: 0 });
    const ids = smtp.received.map((m) => m.messageId);
    expect(ids.sort()).toEqual((await rows()).map((r) => r.messageId).sort());
  });

  it("loses nothing when the mail server goes away under an idle pooled connection and comes back", async () => {
    await queue(db, players(2));
    const pool = pooled(2);
    expect(await drainOutbox(db, pool, T0)).toMatchObject({ sent: 2 });
    expect(smtp.open).toBeGreaterThan(0); // idle, kept for the next email
    const { port } = smtp;
    await smtp.close(); // ends the idle connection rather than waiting for it (the test's limit is far below smtp-server's 30 s)
    await queue(db, [{ to: "erin@example.test", subject: "While down" }]);
    const down = await drainOutbox(db, pool, T0);
    expect(down).toEqual({ sent: 0, retried: 1, failed: 0 });
    smtp = await startSmtpServer({ port });
    expect(await drainOutbox(db, pool, later(MINUTE))).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received.map((m) => m.subject)).toEqual(["While down"]);
  }, 10_000);
});

describe("a pooled send ends", () => {
  let handle: TestDb;
  beforeAll(async () => {
    handle = await createTestPostgres({ max: 2 });
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("when the server accepts connections and closes them at once: the email is retried, not held", async () => {
    // nodemailer's pool puts an email back in its queue when its connection closes without a word,
    // by default without end: this drain would never return.
    let accepted = 0;
    const closing: Server = createServer((socket) => {
      accepted++;
      socket.end();
    });
    await new Promise<void>((r) => closing.listen(0, "127.0.0.1", () => r()));
    const { port } = closing.address() as { port: number };
    const pool = smtpTransport({ url: `smtp://127.0.0.1:${port}` }, FROM);
    try {
      await queue(handle.db, players(3));
      expect(await drainOutbox(handle.db, pool, T0)).toEqual({ sent: 0, retried: 3, failed: 0 });
      expect(accepted).toBeGreaterThan(0);
    } finally {
      await pool.close();
      await new Promise((r) => closing.close(r));
    }
  }, 10_000);
});
