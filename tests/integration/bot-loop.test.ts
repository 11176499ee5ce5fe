/**
 * The bots' loop beside the clock and the outbox (lib/games/worker.ts, as instrumentation.ts starts
 * it): while a bot thinks (here a thought that never ends), an email is still sent and a timeout
 * still decided, and stopping the worker gives the thought up, stops the bots' thread and returns. Real PostgreSQL and SMTP.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "@/lib/db/client";
import { games, users } from "@/lib/db/schema";
import { createTestPostgres, type TestDb } from "@/lib/db/testing";
import { enqueueEmail } from "@/lib/mail";
import type { Worker } from "@/lib/mail/worker";
import { insertActiveGame, seedPlayers, type Players } from "../support/games";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";
import { until } from "../support/wait";
import { register } from "@/instrumentation";

// The bot's thread replaced by a thought that never answers: only stopping ends it.
const thinking = vi.hoisted(() => ({ signals: [] as (AbortSignal | undefined)[], threadStopped: 0 }));
vi.mock("@/lib/games/bot-think", () => ({
  thinkInThread: (_request: unknown, { signal }: { signal?: AbortSignal } = {}) => {
    thinking.signals.push(signal);
    return new Promise<string>(() => {});
  },
  stopBotThread: async () => {
    thinking.threadStopped++;
  },
}));

const app = globalThis as { __courierWorker?: Worker; __courierDb?: Promise<DbHandle> };
const saved = { ...process.env };

describe("the bots' loop", () => {
  let handle: TestDb;
  let smtp: TestSmtpServer;
  let p: Players;

  beforeAll(async () => {
    [handle, smtp] = await Promise.all([createTestPostgres({ max: 2 }), startSmtpServer()]);
    p = await seedPlayers(handle.db);
    Object.assign(process.env, { DATABASE_URL: handle.url!, SMTP_URL: smtp.url, NEXT_RUNTIME: "nodejs" });
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

  it("sends mail and decides timeouts while a bot thinks, and stopping gives the thought up", async () => {
    const [bot] = await handle.db.insert(users).values({ name: "Bot-level-8", email: "bot-level-8@bots.invalid", botLevel: 8, notify: "none" }).returning();
    // Its deadline ahead of the real clock this worker runs on, so the clock does not end the game while the bot thinks.
    const botGame = await insertActiveGame(handle.db, { white: bot.id, black: p.alice, deadline: new Date(Date.now() + 3 * 86_400_000) });
    await register();
    await until("the bot is thinking", () => thinking.signals.length === 1, 20_000);

    // Work for the clock and the outbox, queued while the bot thinks.
    await enqueueEmail(handle.db, { to: "player@example.test", kind: "test", subject: "While the bot thinks", html: "<p>x</p>", text: "x" }, new Date());
    const overdue = await insertActiveGame(handle.db, { white: p.alice, black: p.bob, moves: ["P e2-e4", "p e7-e5"], deadline: new Date(Date.now() - 3_600_000) });
    app.__courierWorker!.wake();
    const status = async (id: string) => (await handle.db.select().from(games).where(eq(games.id, id)))[0];
    await until("the email is sent and the timeout decided", async () =>
      smtp.received.some((m) => m.subject === "While the bot thinks") && (await status(overdue)).status === "finished", 20_000);
    // Still thinking: nothing stored for the bot, and it was asked only once.
    expect(thinking.signals).toHaveLength(1);
    expect(await status(botGame)).toMatchObject({ status: "active", ply: 0 });

    await app.__courierWorker!.stop();
    expect(thinking.signals[0]?.aborted).toBe(true);
    expect(thinking.threadStopped).toBe(1);
    expect(app.__courierWorker).toBeUndefined();
  }, 60_000);
});
