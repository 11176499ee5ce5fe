/**
 * Where the background worker (game clock, then the outbox; the bots in a loop of their
 * own) runs: inside the app process by default (instrumentation.ts), not at all there with
 * OUTBOX_WORKER=off, and as `npm run worker` (scripts/worker.ts) in its own process, which
 * runs whatever OUTBOX_WORKER says since the app servers of such a deployment all have
 * it off. Real PostgreSQL and SMTP; a queued email and an overdue game show
 * whether a worker ran, and a bot's game whether its bot moved.
 */
import { spawn } from "node:child_process";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/lib/db/client";
import { emailOutbox, games, users } from "@/lib/db/schema";
import { createTestPostgres, type TestDb } from "@/lib/db/testing";
import { enqueueEmail } from "@/lib/mail";
import type { Worker } from "@/lib/mail/worker";
import { insertActiveGame, seedPlayers, type Players } from "../support/games";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";
import { sleep, until } from "../support/wait";
import { register } from "@/instrumentation";

const app = globalThis as { __courierWorker?: Worker; __courierDb?: Promise<DbHandle> };
const saved = { ...process.env };

describe("the worker's process", () => {
  let handle: TestDb;
  let smtp: TestSmtpServer;
  let p: Players;

  beforeAll(async () => {
    [handle, smtp] = await Promise.all([createTestPostgres({ max: 2 }), startSmtpServer()]);
    p = await seedPlayers(handle.db);
    Object.assign(process.env, { DATABASE_URL: handle.url!, SMTP_URL: smtp.url, NEXT_RUNTIME: "nodejs" });
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

  /** An email waiting in the outbox and a game past its deadline: work for a worker. */
  async function work(n: number): Promise<{ subject: string; gameId: string }> {
    const subject = `Queued ${n}`;
    await enqueueEmail(handle.db, { to: `player${n}@example.test`, kind: "test", subject, html: `<p>${n}</p>`, text: `${n}` }, new Date());
    const gameId = await insertActiveGame(handle.db, { white: p.alice, black: p.bob, moves: ["P e2-e4", "p e7-e5"], deadline: new Date(Date.now() - 3_600_000) });
    return { subject, gameId };
  }
  const status = async (gameId: string) => (await handle.db.select().from(games).where(eq(games.id, gameId)))[0].status;
  const done = async ({ subject, gameId }: { subject: string; gameId: string }) =>
    smtp.received.some((m) => m.subject === subject) && (await status(gameId)) === "finished";

  it("OUTBOX_WORKER=off: the app process starts no worker; it sends nothing and decides no timeout", async () => {
    process.env.OUTBOX_WORKER = "off";
    const w = await work(1);
    await register();
    expect(app.__courierWorker).toBeUndefined();
    await sleep(1500); // a worker's first tick runs at once
    expect(smtp.received).toEqual([]);
    expect(await status(w.gameId)).toBe("active");
    const rows = await handle.db.select().from(emailOutbox);
    expect(rows.map((r) => r.status)).toEqual(["pending"]);
  });

  it("by default the app process runs it: the email goes out and the timeout is decided", async () => {
    delete process.env.OUTBOX_WORKER;
    await register();
    expect(app.__courierWorker).toBeDefined();
    const [game] = await handle.db.select().from(games);
    await until("the worker's first round", () => done({ subject: "Queued 1", gameId: game.id }));
    await app.__courierWorker!.stop();
    expect(app.__courierWorker).toBeUndefined();
  });

  it("`npm run worker` does the work with OUTBOX_WORKER=off, bots' moves included, and stops cleanly on SIGTERM", async () => {
    await until("the app's worker sent the game-over emails", async () =>
      (await handle.db.select().from(emailOutbox)).every((r) => r.status === "sent"));
    const before = smtp.received.length;
    const w = await work(2);
    // A bot to move (level 1: at once), answered from the bot's thread of that process.
    const [bot, erin] = await handle.db.insert(users).values([
      { name: "Bot-level-1", email: "bot-level-1@bots.invalid", botLevel: 1, notify: "none" },
      { name: "Erin", email: "erin@example.test", notify: "none" },
    ]).returning();
    // Its deadline ahead of the real clock this worker runs on, so the clock does not end the game first.
    const botGame = await insertActiveGame(handle.db, { white: bot.id, black: erin.id, deadline: new Date(Date.now() + 3 * 86_400_000) });
    // As a deployment runs it: outside Next.js.
    const { NEXT_RUNTIME: _, ...env } = process.env;
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
      env: { ...env, OUTBOX_WORKER: "off" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
    try {
      await until("the worker process sends the email and decides the timeout", () => done(w));
      await until("the bot moved", async () => (await handle.db.select().from(games).where(eq(games.id, botGame)))[0].ply === 1);
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exited, stderr).toBe(0);
    // The queued email and the timeout's game-over email to each player, each once.
    const sent = smtp.received.slice(before);
    expect(sent.map((m) => m.to.join()).sort()).toEqual(["alice@example.test", "bob@example.test", "player2@example.test"]);
    expect(new Set(sent.map((m) => m.messageId)).size).toBe(3);
  }, 120_000);
});
