/**
 * The hand-written outbox (lib/mail/outbox.ts, drained by lib/mail/worker.ts) against two
 * Postgres job queues, graphile-worker and pg-boss, side by side in one run on the real
 * PostgreSQL (a fresh database per run; docs/stack-notes.md has the decision):
 *
 * 1. what enqueueing adds to a move's transaction (lock a row, insert, update, as bench/moves.ts's
 *    floor), at 1 and 50 transactions at once, as a ratio to the bare transaction;
 * 2. the delay from the enqueueing commit to the handler, with each one's wake-up;
 * 3. throughput over --jobs jobs with 1 and 2 worker processes, a handler that does nothing and
 *    one that waits 5 ms (a stand-in for SMTP); every job must be handled exactly once;
 * 4. the guarantees the service relies on, each checked here: rolled back with the move, one
 *    handler at a time across processes, retries with back-off, a job whose worker was killed
 *    handled again after a lease, jobs due later.
 *
 * Each process handles one job at a time (the outbox's drain is serial). pg-boss fetches 100 at a
 * time, in burst mode: with one at a time it sleeps its polling interval after every job.
 *
 *   npm run bench:job-queues [-- --moves 400 --jobs 10000 --delays 100 --only enqueue,delay,throughput,guarantees]
 */
import { fork, type ChildProcess } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { Logger, run, runMigrations } from "graphile-worker";
import { fromDrizzle, PgBoss, type DrizzleTransactionLike } from "pg-boss";
import { openPostgres, type Db, type Tx } from "../lib/db/client";
import { createTestPostgres } from "../lib/db/testing";
import { drainOutbox, enqueueEmail } from "../lib/mail/outbox";
import type { MailTransport } from "../lib/mail/transport";
import { startOutboxWorker, WAKE_CHANNEL, wakeOutboxWorker } from "../lib/mail/worker";
import { ms, summary } from "./stats";

const args = process.argv.slice(2);
const flag = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const MOVES = Number(flag("--moves")) || 400;
const JOBS = Number(flag("--jobs")) || 10_000;
const DELAYS = Number(flag("--delays")) || 100;
const only = (section: string) => !flag("--only") || flag("--only")!.split(",").includes(section);
/** The outbox worker's tick (lib/mail/worker.ts's default) and pg-boss's default polling. */
const OUTBOX_TICK_MS = 3000;
const PGBOSS_POLL_S = 2;

type Handler = (n: number) => Promise<void>;
type System = "outbox" | "graphile-worker" | "pg-boss";
const silent = new Logger(() => () => {});
const now = () => performance.timeOrigin + performance.now();
/** pg-boss writing through the move's transaction; postgres.js's execute resolves to the rows, which pg-boss reads, but is typed `unknown`. */
const inTx = (tx: Tx) => fromDrizzle(tx as unknown as DrizzleTransactionLike, sql);

// ---------------------------------------------------------------------------------------------
// Each queue's worker, as a process runs it.

/** The outbox's worker is the app's own (startOutboxWorker), its transport replaced by the handler. */
function outboxTransport(handler: Handler): MailTransport {
  return { kind: "dev-mailbox", send: (email) => handler(Number(email.subject.slice(4))), close: async () => {} };
}
function useOutboxHandler(handler: Handler) {
  (globalThis as { __courierMailTransport?: Promise<MailTransport> }).__courierMailTransport =
    Promise.resolve(outboxTransport(handler));
}

async function startWorker(system: System, url: string, handler: Handler, options: { notify?: boolean; queue?: string; sweepMs?: number } = {}) {
  if (system === "outbox") {
    process.env.DATABASE_URL = url;
    useOutboxHandler(handler);
    const worker = startOutboxWorker({ intervalMs: OUTBOX_TICK_MS });
    return { stop: () => worker.stop() };
  }
  if (system === "graphile-worker") {
    const runner = await run({
      connectionString: url, concurrency: 1, noHandleSignals: true, logger: silent, maxPoolSize: 4,
      // Its sweep for locks older than 4 hours runs every 8–10 minutes (first within a minute).
      ...(options.sweepMs ? { minResetLockedInterval: options.sweepMs, maxResetLockedInterval: options.sweepMs } : {}),
      taskList: { job: async (payload) => handler((payload as { n: number }).n) },
    });
    return { stop: () => runner.stop() };
  }
  const boss = new PgBoss({ connectionString: url, max: 4, supervise: false, schedule: false, migrate: false, useListenNotify: options.notify });
  boss.on("error", () => {});
  await boss.start();
  await boss.work<{ n: number }>(options.queue ?? (options.notify ? "jobs-notify" : "jobs"), {
    batchSize: 100, burstWhenBatchFull: true, pollingIntervalSeconds: PGBOSS_POLL_S,
  }, async (jobs) => {
    for (const job of jobs) await handler(job.data.n);
  });
  return { stop: () => boss.stop({ graceful: false }) };
}

// ---------------------------------------------------------------------------------------------
// A child process: a worker that reports what it handled.

if (flag("--child")) {
  const system = flag("--child") as System;
  const url = flag("--url")!;
  const mode = flag("--handler");
  const handled: number[] = [];
  let first = 0;
  let last = 0;
  const handler: Handler = async (n) => {
    if (mode === "hang") {
      process.send!({ started: n });
      await new Promise(() => {}); // killed here
    }
    if (mode === "5ms") await sleep(5);
    handled.push(n);
    first ||= now();
    last = now();
  };
  let stop: () => Promise<void>;
  if (system === "outbox" && mode === "hang") {
    // drainOutbox itself, for its lease: the worker's is 10 minutes.
    const handle = await openPostgres(url, { max: 2 });
    void drainOutbox(handle.db, outboxTransport(handler), new Date(), { leaseMs: 2000 });
    stop = handle.close;
  } else {
    ({ stop } = await startWorker(system, url, handler, { queue: mode === "hang" ? "lease" : undefined }));
  }
  const progress = setInterval(() => process.send!({ handled: handled.length }), 100);
  process.on("message", () => {
    clearInterval(progress);
    process.send!({ report: { handled, first, last } }, () => void stop().finally(() => process.exit(0)));
  });
  process.send!({ ready: true });
} else {
  await main();
}

function child(system: System, url: string, handler: string): { proc: ChildProcess; ready: Promise<void> } {
  const proc = fork(fileURLToPath(import.meta.url), ["--child", system, "--url", url, "--handler", handler], {
    execArgv: process.execArgv, stdio: "inherit",
  });
  const ready = new Promise<void>((resolve, reject) => {
    proc.on("message", (m: { ready?: boolean }) => m.ready && resolve());
    proc.on("exit", (code) => reject(new Error(`${system} worker exited (${code})`)));
  });
  ready.catch(() => {});
  return { proc, ready };
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const handle = await createTestPostgres({ max: 60 });
  const db = handle.db;
  const url = handle.url!;
  const boss = new PgBoss({ connectionString: url, max: 4, supervise: false, schedule: false });
  boss.on("error", (e) => console.error(`pg-boss: ${e.message}`));
  try {
    await runMigrations({ connectionString: url, logger: silent });
    await boss.start();
    await boss.createQueue("jobs", { retryLimit: 3, retryDelay: 1, retryBackoff: true });
    await boss.createQueue("jobs-notify", { notify: true });
    await boss.createQueue("lease", { expireInSeconds: 2, retryLimit: 2 });
    await db.execute(sql`create table bench_floor (id int primary key, n int not null)`);
    await db.execute(sql`create table bench_rows (id serial primary key, k int not null, t text not null)`);
    await db.execute(sql`insert into bench_floor select g, 0 from generate_series(0, 99) g`);

    /** Queues job `n` through the move's transaction, due at `at` (now by default). */
    const enqueue: Record<string, (tx: Tx, n: number, at?: Date) => Promise<unknown>> = {
      outbox: (tx, n, at = new Date()) =>
        enqueueEmail(tx, { to: "player@bench.test", kind: "bench", subject: `job ${n}`, html: "<p>Your move</p>", text: "Your move" }, at),
      "graphile-worker": (tx, n, at) =>
        tx.execute(sql`select graphile_worker.add_job('job', json_build_object('n', ${n}::int), run_at => ${at?.toISOString() ?? null}::timestamptz)`),
      "pg-boss": (tx, n, at) => boss.send("jobs", { n }, { db: inTx(tx), ...(at ? { startAfter: at } : {}) }),
      "pg-boss notify": (tx, n) => boss.send("jobs-notify", { n }, { db: inTx(tx) }),
    };
    const clearAll = async () => {
      await db.execute(sql`delete from email_outbox`);
      await db.execute(sql`delete from graphile_worker._private_jobs`);
      for (const q of ["jobs", "jobs-notify", "lease"]) await boss.deleteAllJobs(q);
    };

    console.log(`node ${process.version}, PostgreSQL on 127.0.0.1, load average ${(await import("node:os")).loadavg().map((x) => x.toFixed(1)).join(" ")}`);

    // 1. The cost in a move's transaction. -------------------------------------------------------
    if (only("enqueue")) console.log(`\n## Enqueue inside a move's transaction (${MOVES} transactions per row, rounds interleaved)`);
    const moveTx = async (i: number, job?: (tx: Tx) => Promise<unknown>) => {
      const t0 = performance.now();
      await db.transaction(async (tx) => {
        await tx.execute(sql`select n from bench_floor where id = ${i} for update`);
        await tx.execute(sql`insert into bench_rows (k, t) values (${i}, 'P e2-e4')`);
        await tx.execute(sql`update bench_floor set n = n + 1 where id = ${i}`);
        await job?.(tx);
      });
      return performance.now() - t0;
    };
    let serial = 0;
    for (const concurrency of only("enqueue") ? [1, 50] : []) {
      const peers = ["bare", ...Object.keys(enqueue)];
      const times = new Map(peers.map((p) => [p, [] as number[]]));
      for (let round = 0; round < 5; round++) { // round 0 is warm-up
        for (const peer of peers) {
          let budget = Math.ceil(MOVES / 4);
          await Promise.all(Array.from({ length: concurrency }, async (_, i) => {
            while (budget-- > 0) {
              const n = ++serial;
              const t = await moveTx(i, peer === "bare" ? undefined : (tx) => enqueue[peer](tx, n));
              if (round > 0) times.get(peer)!.push(t);
            }
          }));
        }
      }
      const bare = summary(times.get("bare")!);
      for (const peer of peers) {
        const s = summary(times.get(peer)!);
        console.log(`${concurrency} at once, ${peer.padEnd(15)} median ${ms(s.median)} (${(s.median / bare.median).toFixed(2)}×), p99 ${ms(s.p99)} (${(s.p99 / bare.p99).toFixed(2)}×)`);
      }
    }
    await clearAll();

    // 2. Delay from commit to handler. ---------------------------------------------------------
    if (only("delay")) console.log(`\n## Commit → handler (pauses between jobs random within the poll interval)`);
    const waiting = new Map<number, () => void>();
    const handledAt = new Map<number, number>();
    const record: Handler = async (n) => {
      handledAt.set(n, now());
      waiting.get(n)?.();
    };
    const handled = (n: number, timeoutMs = 30_000) =>
      handledAt.has(n) ? Promise.resolve(true) : Promise.race([
        new Promise<boolean>((resolve) => waiting.set(n, () => resolve(true))),
        sleep(timeoutMs).then(() => false),
      ]);
    const delayModes: { label: string; system: System; enqueue: string; wake?: () => void; notify?: boolean; pollMs: number; samples: number }[] = [
      { label: "outbox, woken in process (wakeOutboxWorker)", system: "outbox", enqueue: "outbox", wake: wakeOutboxWorker, pollMs: 0, samples: DELAYS },
      {
        label: "outbox, woken by NOTIFY (app server with OUTBOX_WORKER=off)", system: "outbox", enqueue: "outbox", pollMs: 0, samples: DELAYS,
        // What wakeOutboxWorker does there (a Drizzle query runs once its promise is taken up).
        wake: () => void db.execute(sql`select pg_notify(${WAKE_CHANNEL}, '')`).then(() => {}),
      },
      { label: `outbox, its ${OUTBOX_TICK_MS / 1000} s tick only (before that NOTIFY)`, system: "outbox", enqueue: "outbox", pollMs: OUTBOX_TICK_MS, samples: Math.ceil(DELAYS / 5) },
      { label: "graphile-worker (LISTEN/NOTIFY)", system: "graphile-worker", enqueue: "graphile-worker", pollMs: 0, samples: DELAYS },
      { label: `pg-boss, polling (${PGBOSS_POLL_S} s)`, system: "pg-boss", enqueue: "pg-boss", pollMs: PGBOSS_POLL_S * 1000, samples: Math.ceil(DELAYS / 5) },
      { label: "pg-boss, useListenNotify", system: "pg-boss", enqueue: "pg-boss notify", notify: true, pollMs: 0, samples: DELAYS },
    ];
    for (const mode of only("delay") ? delayModes : []) {
      const worker = await startWorker(mode.system, url, record, { notify: mode.notify });
      await sleep(500);
      const delays: number[] = [];
      for (let i = 0; i < mode.samples; i++) {
        await sleep(Math.random() * (mode.pollMs || 100));
        const n = ++serial;
        await db.transaction((tx) => enqueue[mode.enqueue](tx, n));
        const committed = now();
        mode.wake?.();
        if (!(await handled(n))) throw new Error(`${mode.label}: job not handled in 30 s`);
        delays.push(handledAt.get(n)! - committed);
      }
      await worker.stop();
      const s = summary(delays);
      console.log(`${mode.label.padEnd(62)} p50 ${ms(s.median)}, p99 ${ms(s.p99)} (${s.n} jobs)`);
    }
    await clearAll();

    // 3. Throughput, 1 and 2 processes. ---------------------------------------------------------
    if (only("throughput")) console.log(`\n## Throughput over ${JOBS} jobs (first handled → last handled), one job at a time per process`);
    const oncePerJob = new Map<System, boolean>();
    for (const handler of only("throughput") ? ["noop", "5ms"] : []) {
      for (const procs of [1, 2]) {
        for (const system of ["outbox", "graphile-worker", "pg-boss"] as System[]) {
          await clearAll();
          const children = Array.from({ length: procs }, () => child(system, url, handler));
          await Promise.all(children.map((c) => c.ready));
          const counts = new Map<ChildProcess, number>();
          children.forEach((c) => c.proc.on("message", (m: { handled?: number }) => m.handled !== undefined && counts.set(c.proc, m.handled)));
          await db.transaction(async (tx) => {
            if (system === "outbox") for (let n = 1; n <= JOBS; n++) await enqueue.outbox(tx, n);
            else if (system === "graphile-worker") await tx.execute(sql`select graphile_worker.add_job('job', json_build_object('n', g)) from generate_series(1, ${JOBS}::int) g`);
            else await boss.insert("jobs", Array.from({ length: JOBS }, (_, i) => ({ data: { n: i + 1 } })), { db: inTx(tx) });
          });
          const deadline = Date.now() + 600_000;
          while ([...counts.values()].reduce((a, b) => a + b, 0) < JOBS && Date.now() < deadline) await sleep(100);
          const reports = await Promise.all(children.map(({ proc }) => new Promise<{ handled: number[]; first: number; last: number }>((resolve) => {
            proc.on("message", (m: { report?: { handled: number[]; first: number; last: number } }) => m.report && resolve(m.report));
            proc.removeAllListeners("exit");
            proc.send("report");
          })));
          const all = reports.flatMap((r) => r.handled);
          const seen = new Set(all);
          const missing = JOBS - seen.size;
          const duplicates = all.length - seen.size;
          const span = Math.max(...reports.map((r) => r.last)) - Math.min(...reports.filter((r) => r.first).map((r) => r.first));
          if (procs === 2) oncePerJob.set(system, missing === 0 && duplicates === 0);
          if (missing + duplicates > 0) process.exitCode = 1;
          console.log(`${handler.padEnd(4)} ${procs} proc ${system.padEnd(15)} ${((JOBS - 1) / (span / 1000)).toFixed(0).padStart(6)} jobs/s` +
            ` (split ${reports.map((r) => r.handled.length).join("+")}; missing ${missing}, twice ${duplicates})`);
        }
      }
    }
    await clearAll();

    // 4. Guarantees. ------------------------------------------------------------------------------
    if (!only("guarantees")) return;
    console.log(`\n## Guarantees, each checked here`);
    const table: Record<System, Record<string, string>> = { outbox: {}, "graphile-worker": {}, "pg-boss": {} };
    const systems: System[] = ["outbox", "graphile-worker", "pg-boss"];

    // Rolled back with the move: a job queued in a transaction that fails is never handled.
    for (const system of systems) {
      const worker = await startWorker(system, url, record);
      const [lost, kept] = [++serial, ++serial];
      await db.transaction(async (tx) => {
        await enqueue[system](tx, lost);
        tx.rollback();
      }).catch(() => {});
      await db.transaction((tx) => enqueue[system](tx, kept));
      wakeOutboxWorker();
      const ok = (await handled(kept)) && (await sleep(1000), !handledAt.has(lost));
      await worker.stop();
      table[system]["rolled back with the move"] = ok ? "yes (checked)" : "NO";
      if (!ok) process.exitCode = 1;
    }
    for (const system of systems) {
      const once = oncePerJob.get(system);
      table[system]["one handler at a time, 2 processes"] = once === undefined ? "(run the throughput section)" : once ? `yes (${JOBS} jobs, none twice)` : "NO";
    }

    // Retries with back-off: a handler that fails twice, then succeeds.
    await Promise.all(systems.map(async (system) => {
      const n = ++serial;
      const attempts: number[] = [];
      const flaky: Handler = async (m) => {
        if (m !== n) return;
        attempts.push(now());
        if (attempts.length < 3) throw new Error("SMTP down");
      };
      await db.transaction((tx) => enqueue[system](tx, n));
      if (system === "outbox") {
        // drainOutbox with a 0.5 s base (the worker's is 1 minute, doubling to an hour).
        const transport = outboxTransport(flaky);
        const deadline = now() + 60_000;
        while (attempts.length < 3 && now() < deadline) {
          await drainOutbox(db, transport, new Date(), { retryBaseMs: 500 });
          await sleep(50);
        }
      } else {
        const worker = await startWorker(system, url, flaky);
        const deadline = now() + 60_000;
        while (attempts.length < 3 && now() < deadline) await sleep(50);
        await worker.stop();
      }
      const gaps = attempts.slice(1).map((t, i) => ((t - attempts[i]) / 1000).toFixed(1));
      const ok = attempts.length === 3 && Number(gaps[1]) > Number(gaps[0]);
      table[system]["retries with back-off"] = ok ? `yes: waits ${gaps.join(" s, ")} s` : `NO (${attempts.length} attempts, waits ${gaps.join(", ")} s)`;
      if (!ok) process.exitCode = 1;
    }));

    // A worker killed mid-job: the job is handled again once its lease ends.
    for (const system of systems) {
      const n = ++serial;
      await db.transaction((tx) => (system === "pg-boss" ? boss.send("lease", { n }, { db: inTx(tx) }) : enqueue[system](tx, n)));
      const dying = child(system, url, "hang");
      await new Promise<void>((resolve) => dying.proc.on("message", (m: { started?: number }) => m.started === n && resolve()));
      dying.proc.removeAllListeners("exit");
      dying.proc.kill("SIGKILL");
      const killed = now();
      let verdict: string;
      if (system === "outbox") {
        const transport = outboxTransport(record);
        while (!handledAt.has(n) && now() - killed < 30_000) {
          await drainOutbox(db, transport, new Date(), { leaseMs: 2000 });
          await sleep(100);
        }
        verdict = handledAt.has(n) ? `yes, after ${((handledAt.get(n)! - killed) / 1000).toFixed(1)} s (lease 2 s here; the worker's 10 min)` : "NO";
      } else if (system === "graphile-worker") {
        // Its lock lasts 4 hours, fixed: wait a little, then move the lock back 4 hours.
        let worker = await startWorker(system, url, record, { sweepMs: 500 });
        const early = await handled(n, 5000);
        await worker.stop();
        await db.execute(sql`update graphile_worker._private_jobs set locked_at = locked_at - interval '4 hours 1 minute' where locked_at is not null`);
        worker = await startWorker(system, url, record, { sweepMs: 500 });
        const late = await handled(n, 10_000);
        await worker.stop();
        verdict = !early && late ? "yes, after 4 h (fixed; checked by moving its lock back 4 h)" : `NO (early ${early}, after 4 h ${late})`;
      } else {
        const supervisor = new PgBoss({ connectionString: url, max: 2, schedule: false, migrate: false, superviseIntervalSeconds: 1, monitorIntervalSeconds: 1 });
        supervisor.on("error", () => {});
        await supervisor.start();
        const worker = await startWorker(system, url, record, { queue: "lease" });
        const ok = await handled(n, 30_000);
        await worker.stop();
        await supervisor.stop({ graceful: false });
        verdict = ok ? `yes, after ${((handledAt.get(n)! - killed) / 1000).toFixed(1)} s (expireInSeconds 2 here; default 15 min)` : "NO";
      }
      table[system]["a killed worker's job handled again"] = verdict;
      if (verdict.startsWith("NO")) process.exitCode = 1;
    }

    // Jobs due later: never early, and how late.
    for (const system of systems) {
      const worker = await startWorker(system, url, record);
      const n = ++serial;
      const due = new Date(Date.now() + 2000);
      await db.transaction((tx) => enqueue[system](tx, n, due));
      wakeOutboxWorker();
      const ok = await handled(n, 15_000);
      await worker.stop();
      const late = ok ? handledAt.get(n)! - due.getTime() : NaN;
      table[system]["a job due later: never early; late by"] = ok && late >= 0 ? `yes; ${ms(late)}` : `NO (${ms(late)})`;
      if (!(ok && late >= 0)) process.exitCode = 1;
    }

    const rows = Object.keys(table.outbox);
    console.log(`| guarantee | ${systems.join(" | ")} |\n| --- | --- | --- | --- |`);
    for (const row of rows) console.log(`| ${row} | ${systems.map((s) => table[s][row]).join(" | ")} |`);
  } finally {
    await boss.stop({ graceful: false }).catch(() => {});
    await handle.close();
  }
}
