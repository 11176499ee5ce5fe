/**
 * The background worker: loops that run every few seconds, and at once when woken after an
 * event queued mail or a move asked a bot to answer. The main loop runs the jobs it was given
 * (the game clock: timeouts, reminders, digests), then drains the outbox, so mail those jobs
 * queue goes out in the same tick. A slow job (the bots' turns, lib/games/bots.ts, whose
 * searches take up to half a minute) runs in a loop of its own beside it, so no email and no
 * timeout waits for a bot to think. Runs inside the app process on the embedded database and under
 * `next dev` (instrumentation.ts), and as a process of its own (`npm run worker`, which `npm start`
 * runs beside its app processes on PostgreSQL: scripts/start.mjs); both start it through
 * lib/games/worker.ts, and every job and drainOutbox are safe with any number of workers.
 * An app server without one (OUTBOX_WORKER=off) wakes the others' through PostgreSQL: a NOTIFY
 * on WAKE_CHANNEL after its commit, which every worker LISTENs for (BENCHMARKS.md, issue 18).
 */
import { sql } from "drizzle-orm";
import { getDb, getDbHandle, type Db } from "@/lib/db/client";
import { drainOutbox } from "./outbox";
import { closeTransport, getTransport } from "./index";

export interface Worker {
  /** Run every loop soon, without waiting for the next tick. */
  wake(): void;
  /**
   * Stops every loop: a slow job is told to give up (its signal), and stop waits for each loop's tick
   * to end; then the mail transport's idle SMTP connections are closed, so none keeps the process alive.
   */
  stop(): Promise<void>;
}

const holder = globalThis as typeof globalThis & { __courierWorker?: Worker };

/** The channel an app server without a worker notifies to wake the workers of other processes. */
export const WAKE_CHANNEL = "outbox_wake";

/** A job of the worker: `signal` is aborted when the worker stops, for a job that may take long. */
export type WorkerJob = (db: Db, now: Date, options: { signal: AbortSignal }) => Promise<unknown>;

export interface WorkerOptions {
  intervalMs?: number;
  /** Run before each drain; a failing job is logged and the drain still happens. */
  jobs?: WorkerJob[];
  /** Jobs that may take long: each runs in a loop of its own, beside the jobs and the outbox. */
  slowJobs?: WorkerJob[];
  /** Run once when this process's worker starts (not when an already running one is returned): services beside the loops. */
  onStart?: () => void;
  /** Run once the loops have stopped: what the jobs keep between ticks is let go (the bots' thread). */
  onStop?: () => Promise<void>;
  log?: (msg: string) => void;
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** One loop: a tick at a time, the next `intervalMs` after the last ended, or at once when woken meanwhile. */
function loop(tick: () => Promise<void>, intervalMs: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = tick().finally(() => {
      running = null;
      if (again) {
        again = false;
        run();
      } else if (!stopped) {
        timer = setTimeout(run, intervalMs);
      }
    });
  };
  return {
    run,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

export function startOutboxWorker({ intervalMs = 3000, jobs = [], slowJobs = [], onStart, onStop, log = console.error }: WorkerOptions = {}): Worker {
  if (holder.__courierWorker) return holder.__courierWorker;
  const stopping = new AbortController();
  const { signal } = stopping;
  const main = loop(async () => {
    try {
      const db = await getDb();
      for (const job of jobs) await job(db, new Date(), { signal }).catch((e: unknown) => log(`worker job: ${message(e)}`));
      const transport = await getTransport();
      // Keep going while a full batch came back: there may be more due.
      for (;;) {
        const r = await drainOutbox(db, transport);
        if (r.sent + r.retried + r.failed < 100) break;
      }
    } catch (error) {
      log(`outbox worker: ${message(error)}`);
    }
  }, intervalMs);
  const slow = slowJobs.map((job) => loop(async () => {
    try {
      await job(await getDb(), new Date(), { signal });
    } catch (error) {
      if (!signal.aborted) log(`worker job: ${message(error)}`);
    }
  }, intervalMs));
  const loops = [main, ...slow];
  const wake = () => loops.forEach((l) => l.run());
  // Woken from other processes; on (re)connecting too, since a wake may have been missed meanwhile.
  // Should the LISTEN fail, the tick still runs every intervalMs.
  const listening = getDbHandle()
    .then((handle) => handle.listen(WAKE_CHANNEL, wake, wake))
    .catch((e: unknown) => {
      log(`outbox worker: no LISTEN on ${WAKE_CHANNEL}, waking on its tick only: ${message(e)}`);
      return null;
    });
  const worker: Worker = {
    wake,
    async stop() {
      stopping.abort();
      await (await listening)?.().catch(() => {});
      await Promise.all(loops.map((l) => l.stop()));
      await closeTransport().catch((e: unknown) => log(`worker stopping: ${message(e)}`));
      await onStop?.().catch((e: unknown) => log(`worker stopping: ${message(e)}`));
      holder.__courierWorker = undefined;
    },
  };
  holder.__courierWorker = worker;
  onStart?.();
  worker.wake();
  return worker;
}

/**
 * After a commit that queued mail or asked a bot to move: wakes this process's worker, or in an
 * app server whose deployment runs the worker apart (OUTBOX_WORKER=off, `npm run worker`), the
 * workers of the other processes (a NOTIFY outside any transaction, so it holds up no move's
 * commit). A failed NOTIFY is only logged: the workers' tick still comes.
 */
export function wakeOutboxWorker(): void {
  if (holder.__courierWorker) return holder.__courierWorker.wake();
  if (process.env.OUTBOX_WORKER !== "off") return;
  getDb()
    .then((db) => db.execute(sql`select pg_notify(${WAKE_CHANNEL}, '')`))
    .catch((e: unknown) => console.error(`waking the outbox worker: ${message(e)}`));
}
