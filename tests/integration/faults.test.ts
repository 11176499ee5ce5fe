/**
 * Faults, against real PostgreSQL and a real SMTP server: the mail server down,
 * slow, hung; the database unreachable (its connections killed, new ones refused) in the
 * middle of traffic; the worker process killed mid-batch; two app processes and
 * two worker processes on one database. outbox.test.ts already proves backoff on
 * refusal, leases and concurrent drainers within one process; this file adds what
 * needs a dead port, a clock that really runs, or more processes.
 *
 * The database outage touches only this file's own database (ALTER DATABASE …
 * ALLOW_CONNECTIONS and pg_terminate_backend on its name), never the server, so
 * other test runs on the machine carry on.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { asc, eq, sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { emailOutbox, games, moves } from "@/lib/db/schema";
import { createTestPostgres, TEST_POSTGRES_URL, type TestDb } from "@/lib/db/testing";
import { createChallenge, GameError, loadRules, resign, runClock, submitMove } from "@/lib/games";
import { drainOutbox, enqueueEmail } from "@/lib/mail/outbox";
import { mailSettings } from "@/lib/mail/settings";
import { smtpTransport, type MailTransport } from "@/lib/mail/transport";
import {
  DAY, T0, expectConsistent, gameOverLines, insertActiveGame, mailLines, seedPlayers, wipe, yourTurnLine, type Players,
} from "../support/games";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";

// `npm run stress` sets FAULTS_STRESS=1: more games and plies under the connection killer.
const STRESS = process.env.FAULTS_STRESS === "1";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const FROM = "Courier Variants <noreply@localhost>";
const later = (ms: number) => new Date(T0.getTime() + ms);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, cond: () => Promise<boolean> | boolean, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for: ${what}`);
    await sleep(100);
  }
}

/**
 * Waits until `db` answers again on every pooled connection (each connection the
 * database dropped while idle fails its next query once); returns how long it took.
 */
async function recovered(db: Db): Promise<number> {
  const start = Date.now();
  await until("the database answers again", async () => {
    const rs = await Promise.allSettled(Array.from({ length: 10 }, () => db.execute(sql`select pg_sleep(0.01)`)));
    return rs.every((r) => r.status === "fulfilled");
  });
  return Date.now() - start;
}

/** A port with nothing listening on it (a mail server that is down). */
async function deadPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", () => r()));
  const { port } = s.address() as { port: number };
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

const email = (n: number) => ({ to: `player${n}@example.test`, kind: "test", subject: `Mail ${n}`, html: `<p>${n}</p>`, text: `${n}` });

interface Proc {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

/** A node process running a TypeScript file, as `npm run worker` does (tsx), with its own environment. */
function spawnTs(file: string, env: Record<string, string>): Proc {
  const child = spawn(process.execPath, ["--import", "tsx", file], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
  return { child, stdout: () => out, stderr: () => err, exited };
}

describe("faults", () => {
  let handle: TestDb;
  let db: Db;
  let dbName: string;
  let admin: postgres.Sql;
  let p: Players;
  let smtp: TestSmtpServer;
  let transport: MailTransport;
  const procs: Proc[] = [];

  /** The database goes away: its connections are killed, and new ones refused until `restore`. */
  async function outage(): Promise<void> {
    await admin.unsafe(`alter database "${dbName}" allow_connections false`);
    await killConnections();
  }
  async function restore(): Promise<void> {
    await admin.unsafe(`alter database "${dbName}" allow_connections true`);
  }
  /** Kills every connection to this file's database (as a crash or restart of the server would). */
  async function killConnections(): Promise<number> {
    const rows = await admin`select pg_terminate_backend(pid) as killed from pg_stat_activity where datname = ${dbName} and pid <> pg_backend_pid()`;
    return rows.length;
  }

  beforeAll(async () => {
    [handle, smtp] = await Promise.all([createTestPostgres({ max: 6 }), startSmtpServer()]);
    db = handle.db;
    dbName = new URL(handle.url!).pathname.slice(1);
    admin = postgres(`${TEST_POSTGRES_URL}/postgres`, { max: 1, onnotice: () => {} });
    transport = smtpTransport({ url: smtp.url }, FROM);
    p = await seedPlayers(db);
    // The app's own client (lib/db/client getDb) on the same database, as a server action uses it.
    process.env.DATABASE_URL = handle.url!;
  });
  afterAll(async () => {
    for (const proc of procs) if (proc.child.exitCode === null) proc.child.kill("SIGKILL");
    await restore().catch(() => {});
    const app = (globalThis as { __courierDb?: Promise<{ close(): Promise<void> }> }).__courierDb;
    if (app) await (await app).close();
    await transport?.close();
    await smtp?.close();
    await admin?.end();
    await handle?.close();
  });
  beforeEach(async () => {
    await wipe(db);
    smtp.received.length = 0;
    smtp.refusing = false;
    smtp.delayMs = 0;
    smtp.hanging = false;
  });

  const outboxRows = () => db.select().from(emailOutbox).orderBy(asc(emailOutbox.createdAt));

  // ------------------------------------------------------------------ mail server

  it("mail server down for a while: moves still commit; each email goes out once when it is back", async () => {
    const port = await deadPort();
    const down = smtpTransport({ url: `smtp://127.0.0.1:${port}` }, FROM);
    const id = await insertActiveGame(db, { white: p.alice, black: p.bob });
    const plies = ["P e2-e4", "p e7-e5", "N g1-f3", "n b8-c6"];
    for (const [i, move] of plies.entries()) {
      await submitMove(db, i % 2 ? p.bob : p.alice, { gameId: id, expectedPly: i, move }, T0);
    }
    expect(await drainOutbox(db, down, T0)).toEqual({ sent: 0, retried: 4, failed: 0 });
    expect((await outboxRows())[0].lastError).toMatch(/ECONNREFUSED/);
    expect(await drainOutbox(db, down, later(MINUTE))).toEqual({ sent: 0, retried: 4, failed: 0 });

    // Back up on the same address.
    const back = await startSmtpServer({ port });
    try {
      expect(await drainOutbox(db, down, later(2 * MINUTE))).toEqual({ sent: 0, retried: 0, failed: 0 }); // backing off
      expect(await drainOutbox(db, down, later(3 * MINUTE))).toEqual({ sent: 4, retried: 0, failed: 0 });
      expect(await drainOutbox(db, down, later(DAY))).toEqual({ sent: 0, retried: 0, failed: 0 });
      const rows = await outboxRows();
      expect(back.received.map((m) => m.messageId).sort()).toEqual(rows.map((r) => r.messageId).sort());
      expect(rows.map((r) => [r.status, r.attempts])).toEqual(rows.map(() => ["sent", 3]));
      expect(back.received.map((m) => m.subject).sort()).toEqual(rows.map((r) => r.subject).sort());
    } finally {
      await down.close();
      await back.close();
    }
  });

  it("slow mail server: two drainers in real time send each email once", async () => {
    smtp.delayMs = 400;
    for (let n = 1; n <= 8; n++) await enqueueEmail(db, email(n), new Date());
    const results = await Promise.all([drainOutbox(db, transport), drainOutbox(db, transport)]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(8);
    const rows = await outboxRows();
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
    expect(smtp.received.map((m) => m.messageId).sort()).toEqual(rows.map((r) => r.messageId).sort());
  });

  it("mail server hangs: a move is acknowledged and stored while the worker is stuck on it; the email goes out once it answers", async () => {
    const id = await insertActiveGame(db, { white: p.alice, black: p.bob });
    await submitMove(db, p.alice, { gameId: id, expectedPly: 0, move: "P e2-e4" });
    smtp.hanging = true;
    // A transport of its own: the shared one's pooled connections, opened before the server hung, would still answer.
    const fresh = smtpTransport({ url: smtp.url }, FROM);
    let drained = false;
    const draining = drainOutbox(db, fresh).finally(() => (drained = true));
    // The worker has claimed Bob's email and is connected, waiting for a greeting that does not come.
    await until("the worker waits on the mail server", () => smtp.waiting === 1);
    expect((await outboxRows()).map((r) => r.status)).toEqual(["sending"]);

    const r = await submitMove(db, p.bob, { gameId: id, expectedPly: 1, move: "p e7-e5" });
    // Acknowledged while the server has still said nothing and the worker is still stuck.
    expect(r).toMatchObject({ ply: 2, text: "p e7-e5" });
    expect([smtp.waiting, smtp.received.length, drained]).toEqual([1, 0, false]);
    expect((await expectConsistent(db, id)).moves).toEqual(["P e2-e4", "p e7-e5"]);
    expect((await outboxRows()).map((row) => row.status)).toEqual(["sending", "pending"]);

    smtp.hanging = false;
    expect(await draining).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await drainOutbox(db, fresh)).toEqual({ sent: 1, retried: 0, failed: 0 }); // Alice's email, queued by the move
    await fresh.close();
    const rows = await outboxRows();
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([["sent", 1], ["sent", 1]]);
    expect(smtp.received.map((m) => m.messageId)).toEqual(rows.map((row) => row.messageId));
    expect(await mailLines(db, id)).toEqual([yourTurnLine("alice", 2), yourTurnLine("bob", 1)]);
  });

  // ------------------------------------------------------------------ database

  it("database unreachable: each service call fails with an error and writes nothing; the app's client recovers by itself", async () => {
    const app = await getDb();
    const id = await insertActiveGame(db, { white: p.alice, black: p.bob });
    await submitMove(app, p.alice, { gameId: id, expectedPly: 0, move: "P e2-e4" }); // the pool is warm
    const outboxBefore = (await outboxRows()).length;

    await outage();
    try {
      const calls: [string, () => Promise<unknown>][] = [
        ["submitMove", () => submitMove(app, p.bob, { gameId: id, expectedPly: 1, move: "p e7-e5" })],
        ["resign", () => resign(app, p.bob, { gameId: id })],
        ["createChallenge", () => createChallenge(app, p.alice, { variant: "chess", color: "white", daysPerMove: 3, opponent: { kind: "user", name: "Bob" } })],
        ["runClock", () => runClock(app, later(30 * DAY))],
        ["drainOutbox", () => drainOutbox(app, transport, later(DAY))],
      ];
      for (const [name, call] of calls) {
        const error = await call().then(() => null, (e: unknown) => e);
        expect(error, `${name} during the outage`).toBeInstanceOf(Error);
        // Not a refusal of the player's request: the action layer shows "Something went wrong… try again".
        expect(error).not.toBeInstanceOf(GameError);
      }
    } finally {
      await restore();
    }
    // Nothing half-written, nothing sent.
    const { game, moves: stored } = await expectConsistent(db, id);
    expect(game).toMatchObject({ status: "active", ply: 1 });
    expect(stored).toEqual(["P e2-e4"]);
    expect((await outboxRows()).length).toBe(outboxBefore);
    expect(smtp.received).toEqual([]);
    // The same client, no reopening: the next request simply works.
    await submitMove(app, p.bob, { gameId: id, expectedPly: 1, move: "p e7-e5" });
    expect((await expectConsistent(db, id)).moves).toEqual(["P e2-e4", "p e7-e5"]);
  });

  it("connections killed again and again mid-traffic (and an outage of a second or more): no move lost or half-written, one email per committed move", async () => {
    const app = await getDb();
    const pairs: [string, string][] = [[p.alice, p.bob], [p.bob, p.dave], [p.dave, p.alice], [p.alice, p.dave], [p.bob, p.alice], [p.dave, p.bob]];
    const slots = pairs.slice(0, STRESS ? 6 : 3);
    // The fault script runs on the players' progress, not on the clock, so all of it happens on any
    // machine: a fault after every MOVES_PER_FAULT moves begun and acknowledged since the last fault
    // (so on connections opened since), one of them the outage; the players play on (a new game
    // when one ends) until the script is done.
    const FAULTS = STRESS ? 40 : 8;
    const OUTAGE_AT = FAULTS / 2;
    const MOVES_PER_FAULT = 3;
    const ids: string[] = [];
    const acknowledged = new Map<string, string[]>();
    let moved = 0;
    let epoch = 0; // faults so far
    let fresh = 0; // moves begun and acknowledged since the last fault
    let driverErrors = 0;
    let failedInOutage = 0;
    const killed: number[] = [];
    let stop = false;

    // A player: read the game, play a random legal move; on an error (not a refusal) wait a little and look again.
    const player = async ([white, black]: [string, string]) => {
      let id: string | null = null;
      while (!stop) {
        const begun = epoch;
        try {
          if (!id) {
            id = await insertActiveGame(app, { white, black });
            ids.push(id);
            acknowledged.set(id, []);
          }
          const [g] = await app.select().from(games).where(eq(games.id, id));
          if (g.status !== "active") {
            id = null;
            continue;
          }
          const rules = await loadRules(app, g);
          const legal = rules.legalMoves();
          const move = legal[Math.floor(Math.random() * legal.length)].text;
          const mover = rules.turn() === "white" ? g.whiteId! : g.blackId!;
          const r = await submitMove(app, mover, { gameId: id, expectedPly: g.ply, move });
          acknowledged.get(id)!.push(`${r.ply}:${r.text}`);
          moved++;
          if (begun === epoch) fresh++;
        } catch (e) {
          if (e instanceof GameError) continue;
          driverErrors++;
          await sleep(20);
        }
      }
    };
    const script = async () => {
      try {
        for (let fault = 1; fault <= FAULTS; fault++) {
          await until(`${MOVES_PER_FAULT} moves after fault ${fault - 1}`, () => fresh >= MOVES_PER_FAULT, 60_000);
          if (fault === OUTAGE_AT) {
            const before = driverErrors;
            await outage();
            // At least a second, and until the players have run into it.
            await sleep(1000);
            await until("a request failed during the outage", () => driverErrors > before);
            failedInOutage = driverErrors - before;
            await restore();
          } else {
            killed.push(await killConnections());
          }
          epoch++;
          fresh = 0;
        }
      } finally {
        stop = true;
      }
    };
    await Promise.all([script(), ...slots.map(player)]);
    await restore();
    const recoveryMs = await recovered(app);
    await recovered(db);

    // Every kill met live connections (the players had reconnected since the last one).
    expect(killed).toHaveLength(FAULTS - 1);
    expect(killed.every((n) => n > 0), `connections killed each time: ${killed.join(", ")}`).toBe(true);
    expect(failedInOutage).toBeGreaterThan(0);
    expect(moved).toBeGreaterThanOrEqual(FAULTS * MOVES_PER_FAULT);
    let stored = 0;
    for (const id of ids) {
      const { game, moves: texts } = await expectConsistent(db, id);
      stored += texts.length;
      // Every move the player saw accepted is stored at its ply.
      const storedLines = texts.map((t, i) => `${i + 1}:${t}`);
      for (const a of acknowledged.get(id)!) expect(storedLines).toContain(a);
      // One email per committed move: "your turn" to the other player, or the game-over pair for a final move.
      const [white, black] = [game.whiteId, game.blackId].map((u) => Object.entries(p).find(([, v]) => v === u)![0]);
      const expected = texts.map((_, i) => {
        const ply = i + 1;
        if (ply === texts.length && game.status === "finished") return gameOverLines(white, black);
        return [yourTurnLine(ply % 2 ? black : white, ply)];
      }).flat().sort();
      expect(await mailLines(db, id)).toEqual(expected);
    }
    console.log(`db faults: ${killed.length} kills (${killed.reduce((a, b) => a + b, 0)} connections) and an outage (${failedInOutage} requests failed in it), ${driverErrors} requests failed with a driver error in all, ${moved} moves acknowledged and ${stored} stored in ${ids.length} games, all consistent; answering again ${recoveryMs} ms after the last fault`);
  }, STRESS ? 480_000 : 120_000);

  it("a database outage between sending an email and recording it does not send it twice", async () => {
    const app = await getDb();
    await recovered(app); // connections the last test's killer left dead fail once each
    await enqueueEmail(db, email(1), T0);
    // The SMTP server accepts the email; at that moment the database goes away for 1.5 s.
    const flaky: MailTransport = {
      kind: "smtp",
      async send(e) {
        await transport.send(e);
        await outage();
        setTimeout(() => void restore(), 1500);
      },
      close: async () => {},
    };
    const r = await drainOutbox(app, flaky, T0);
    expect(r).toEqual({ sent: 1, retried: 0, failed: 0 });
    const [row] = await outboxRows();
    expect(row).toMatchObject({ status: "sent", attempts: 1 });
    // Long after any lease, nothing is due again.
    expect(await drainOutbox(app, transport, later(DAY))).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received.map((m) => m.messageId)).toEqual([row.messageId]);
  });

  // ------------------------------------------------------------------ processes

  const workerEnv = () => ({
    DATABASE_URL: handle.url!, SMTP_URL: smtp.url, SITE_URL: "http://localhost:3999", MAIL_FROM: FROM, OUTBOX_WORKER: "on",
  });

  it("worker process killed mid-batch: no email lost; only those in flight can repeat, with their Message-IDs", async () => {
    smtp.delayMs = 100;
    const N = 60;
    // The worker sends this many at once, and holds no more claimed rows than that.
    const atOnce = mailSettings(workerEnv()).smtpPool.connections;
    for (let n = 1; n <= N; n++) await enqueueEmail(db, email(n), new Date());
    const first = spawnTs("scripts/worker.ts", workerEnv());
    procs.push(first);
    await until("some emails sent", () => smtp.received.length >= 8, 60_000);
    first.child.kill("SIGKILL");
    await first.exited;
    await sleep(300); // the server finishes what it was given

    const afterKill = await outboxRows();
    const status = (s: string) => afterKill.filter((r) => r.status === s);
    const inFlight = status("sending").map((r) => r.messageId);
    expect(inFlight.length).toBeLessThanOrEqual(atOnce);
    expect(status("sent").length + inFlight.length + status("pending").length).toBe(N);
    expect(status("pending").length).toBeGreaterThan(0);
    const receivedAtKill = smtp.received.length;

    // Ten minutes later the in-flight row's lease is over (moved, not waited for); a new worker takes over.
    await db.update(emailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(emailOutbox.status, "sending"));
    const second = spawnTs("scripts/worker.ts", workerEnv());
    procs.push(second);
    await until("every email sent", async () => (await outboxRows()).every((r) => r.status === "sent"), 60_000);
    second.child.kill("SIGTERM");
    await second.exited;

    const rows = await outboxRows();
    const ids = smtp.received.map((m) => m.messageId);
    expect(new Set(ids)).toEqual(new Set(rows.map((r) => r.messageId)));
    const repeats = ids.filter((id, i) => ids.indexOf(id) !== i);
    expect(repeats.every((id) => inFlight.includes(id))).toBe(true);
    expect(repeats.length).toBeLessThanOrEqual(atOnce);
    console.log(`worker kill: killed with ${receivedAtKill}/${N} received, ${inFlight.length} in flight; after restart ${N}/${N} delivered, ${repeats.length} repeated (same Message-ID)`);
  }, 120_000);

  it("two app processes and two worker processes on one database: no double move, timeout or email", async () => {
    const now = Date.now();
    const traffic = await Promise.all([[p.alice, p.bob], [p.bob, p.dave], [p.dave, p.alice]].map(([white, black]) =>
      insertActiveGame(db, { white, black, deadline: new Date(now + 3 * DAY) })));
    const late = await Promise.all([
      insertActiveGame(db, { white: p.alice, black: p.bob, moves: ["P e2-e4", "p e7-e5"], deadline: new Date(now - HOUR) }),
      insertActiveGame(db, { white: p.bob, black: p.dave, moves: ["P e2-e4", "p e7-e5", "N g1-f3"], deadline: new Date(now - 2 * HOUR) }),
      insertActiveGame(db, { white: p.dave, black: p.alice, moves: ["P d2-d4", "p d7-d5"], deadline: new Date(now - 3 * HOUR) }),
    ]);
    const reminded = await insertActiveGame(db, { white: p.alice, black: p.dave, moves: ["P e2-e4", "p e7-e5"], deadline: new Date(now + 6 * HOUR) });

    const TARGET = STRESS ? 16 : 8;
    const env = workerEnv();
    const workers = [spawnTs("scripts/worker.ts", env), spawnTs("scripts/worker.ts", env)];
    const apps = [0, 1].map(() => spawnTs("tests/support/traffic.ts", { ...env, GAMES: traffic.join(","), TARGET_PLY: String(TARGET) }));
    procs.push(...workers, ...apps);
    const codes = await Promise.all(apps.map((a) => a.exited));
    expect(codes, apps.map((a) => a.stderr()).join("\n")).toEqual([0, 0]);
    const appStats = apps.map((a) => JSON.parse(a.stdout().trim().split("\n").pop()!) as Record<string, number>);

    await until("timeouts decided and every email sent", async () => {
      const rows = await outboxRows();
      const [{ active }] = await db.select({ active: sql<number>`count(*)::int` }).from(games)
        .where(sql`${games.status} = 'active' and ${games.deadline} < now()`);
      return active === 0 && rows.length > 0 && rows.every((r) => r.status === "sent");
    }, 60_000);
    await sleep(3500); // one more tick of each worker: nothing new may happen
    for (const w of workers) w.child.kill("SIGTERM");
    await Promise.all(workers.map((w) => w.exited));

    const rows = await outboxRows();
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
    const ids = smtp.received.map((m) => m.messageId);
    expect(ids.length).toBe(rows.length);
    expect(new Set(ids)).toEqual(new Set(rows.map((r) => r.messageId)));

    const name = (u: string | null) => Object.entries(p).find(([, v]) => v === u)![0];
    let moved = 0;
    for (const id of traffic) {
      const { game, moves: texts } = await expectConsistent(db, id);
      moved += texts.length;
      expect(game.status !== "active" || game.ply === TARGET).toBe(true);
      const expected = texts.map((_, i) => {
        const ply = i + 1;
        if (ply === texts.length && game.status === "finished") return gameOverLines(name(game.whiteId), name(game.blackId));
        return [yourTurnLine(name(ply % 2 ? game.blackId : game.whiteId), ply)];
      }).flat().sort();
      expect(await mailLines(db, id)).toEqual(expected);
    }
    expect(appStats.reduce((n, s) => n + s.accepted, 0)).toBe(moved);
    for (const id of late) {
      const { game } = await expectConsistent(db, id);
      expect(game).toMatchObject({ status: "finished", endReason: "timeout" });
      expect(await mailLines(db, id)).toEqual(gameOverLines(name(game.whiteId), name(game.blackId)).sort());
    }
    expect(await mailLines(db, reminded)).toEqual(["reminder alice@example.test"]);
    const workerErrors = workers.map((w) => w.stderr()).join("");
    expect(workerErrors).toBe("");
    console.log(`two apps + two workers: ${moved} moves (apps: ${JSON.stringify(appStats)}), ${late.length} timeouts, ${rows.length} emails, each sent once`);
  }, STRESS ? 300_000 : 120_000);
});
