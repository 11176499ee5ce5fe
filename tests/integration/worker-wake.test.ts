/**
 * Waking the worker of another process (lib/mail/worker.ts): an app server that runs none
 * (OUTBOX_WORKER=off) NOTIFYs after its commit, and a worker LISTENs, so mail queued there goes
 * out at once rather than at the worker's next tick. Real PostgreSQL and SMTP; the worker's tick
 * is set to ten minutes, so only the wake-up can send the email within the test. And its stop
 * leaves no idle SMTP connection of its transport's pool behind.
 */
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/lib/db/client";
import { emailOutbox } from "@/lib/db/schema";
import { createTestPostgres, type TestDb } from "@/lib/db/testing";
import { enqueueEmail } from "@/lib/mail";
import { startOutboxWorker, WAKE_CHANNEL, wakeOutboxWorker, type Worker } from "@/lib/mail/worker";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";
import { sleep, until } from "../support/wait";

const app = globalThis as { __courierWorker?: Worker; __courierDb?: Promise<DbHandle> };
const saved = { ...process.env };

describe("waking the worker across processes", () => {
  let handle: TestDb;
  let smtp: TestSmtpServer;
  const email = (subject: string) =>
    enqueueEmail(handle.db, { to: "player@example.test", kind: "test", subject, html: `<p>${subject}</p>`, text: subject }, new Date());
  const received = (subject: string) => smtp.received.some((m) => m.subject === subject);

  beforeAll(async () => {
    [handle, smtp] = await Promise.all([createTestPostgres({ max: 2 }), startSmtpServer()]);
    Object.assign(process.env, { DATABASE_URL: handle.url!, SMTP_URL: smtp.url });
    delete process.env.OUTBOX_WORKER;
  });
  afterAll(async () => {
    await app.__courierWorker?.stop();
    const db = app.__courierDb;
    app.__courierDb = undefined;
    if (db) await (await db).close();
    process.env = saved;
    await smtp?.close();
    await handle?.close();
  });

  it("a worker sends at once when another process notifies its channel", async () => {
    await email("Before the start");
    const worker = startOutboxWorker({ intervalMs: 600_000 });
    await until("the first tick", () => received("Before the start"));
    await sleep(1000); // that tick has ended: the next one is ten minutes away
    await email("Queued elsewhere");
    // Another process: a connection of its own, as an app server's pool.
    const other = postgres(handle.url!, { max: 1, onnotice: () => {} });
    try {
      await other`select pg_notify(${WAKE_CHANNEL}, '')`;
      await until("the notified worker sent it", () => received("Queued elsewhere"), 20_000);
    } finally {
      await other.end();
      await worker.stop();
    }
  });

  it("stopping closes the mail transport's idle pooled connections: the mail server sees every one end", { timeout: 10_000 }, async () => {
    for (const n of [1, 2, 3, 4]) await email(`Pooled ${n}`);
    const worker = startOutboxWorker({ intervalMs: 600_000 });
    await until("the emails went out", async () => (await handle.db.select().from(emailOutbox)).every((r) => r.status === "sent"));
    expect(smtp.open).toBeGreaterThan(0); // kept for the next email
    await worker.stop();
    // Left open, an idle connection lasts until its 60 s socket timeout, beyond the test's limit.
    await until("the connections ended", () => smtp.open === 0);
  });

  it("an app server without a worker (OUTBOX_WORKER=off) notifies the channel; with its own worker it does not", async () => {
    const heard: string[] = [];
    let listening!: () => void;
    const ready = new Promise<void>((r) => (listening = r));
    const unlisten = await handle.listen(WAKE_CHANNEL, (p) => heard.push(p), () => listening());
    try {
      await ready;
      const worker = startOutboxWorker({ intervalMs: 600_000 });
      process.env.OUTBOX_WORKER = "off";
      wakeOutboxWorker(); // this process's own worker: woken in memory
      await worker.stop();
      await sleep(500);
      expect(heard).toEqual([]);
      wakeOutboxWorker(); // no worker here any more
      await until("the NOTIFY", () => heard.length > 0, 20_000);
    } finally {
      delete process.env.OUTBOX_WORKER;
      await unlisten();
    }
  });
});
