/**
 * The background worker: loops that run every few seconds, and at once when woken after an
 * event queued mail or a move asked a bot to answer. The main loop runs the jobs it was given
 * (the game clock: timeouts, reminders, digests), then drains the outbox, so mail those jobs
 * queue goes out in the same tick. A slow job (the bots' turns, lib/games/bots.ts, whose
 * searches take up to half a minute) runs in a loop of its own beside it, so no email and no
 * timeout waits for a bot to think. Runs inside the app process by default (instrumentation.ts)
 * and as `npm run worker` where several app servers share one database (both start it through
 * lib/games/worker.ts); every job and drainOutbox are safe with any number of workers.
 */
import { getDb, type Db } from "@/lib/db/client";
import { drainOutbox } from "./outbox";
import { getTransport } from "./index";

export interface Worker {
  /** Run every loop soon, without waiting for the next tick. */
  wake(): void;
  /** Stops every loop: a slow job is told to give up (its signal), and stop waits for each loop's tick to end. */
  stop(): Promise<void>;
}

const holder = globalThis as typeof globalThis & { __courierWorker?: Worker };

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
  const worker: Worker = {
    wake: () => loops.forEach((l) => l.run()),
    async stop() {
      stopping.abort();
      await Promise.all(loops.map((l) => l.stop()));
      await onStop?.().catch((e: unknown) => log(`worker stopping: ${message(e)}`));
      holder.__courierWorker = undefined;
    },
  };
  holder.__courierWorker = worker;
  onStart?.();
  worker.wake();
  return worker;
}

/** Wakes this process's worker, if it runs one (a no-op in a process without it). */
export function wakeOutboxWorker(): void {
  holder.__courierWorker?.wake();
}
