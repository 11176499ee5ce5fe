/**
 * The background worker loop: every few seconds (and at once when woken after an
 * event queued mail or a move asked a bot to answer) it runs the jobs it was given — the
 * game clock: timeouts, reminders, digests; the bots' turns (lib/games/bots.ts) — then drains the outbox, so mail those jobs queue goes out
 * in the same tick. Runs inside the app process by default (instrumentation.ts) and
 * as `npm run worker` where several app servers share one database; every job and
 * drainOutbox are safe with any number of workers.
 */
import { getDb, type Db } from "@/lib/db/client";
import { drainOutbox } from "./outbox";
import { getTransport } from "./index";

export interface Worker {
  /** Drain soon, without waiting for the next tick. */
  wake(): void;
  stop(): Promise<void>;
}

const holder = globalThis as typeof globalThis & { __courierWorker?: Worker };

export interface WorkerOptions {
  intervalMs?: number;
  /** Run before each drain; a failing job is logged and the drain still happens. */
  jobs?: ((db: Db, now: Date) => Promise<unknown>)[];
  log?: (msg: string) => void;
}

export function startOutboxWorker({ intervalMs = 3000, jobs = [], log = console.error }: WorkerOptions = {}): Worker {
  if (holder.__courierWorker) return holder.__courierWorker;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const tick = async () => {
    const message = (e: unknown) => (e instanceof Error ? e.message : String(e));
    try {
      const db = await getDb();
      for (const job of jobs) await job(db, new Date()).catch((e: unknown) => log(`worker job: ${message(e)}`));
      const transport = await getTransport();
      // Keep going while a full batch came back: there may be more due.
      for (;;) {
        const r = await drainOutbox(db, transport);
        if (r.sent + r.retried + r.failed < 100) break;
      }
    } catch (error) {
      log(`outbox worker: ${message(error)}`);
    }
  };
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
  const worker: Worker = {
    wake: run,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      holder.__courierWorker = undefined;
    },
  };
  holder.__courierWorker = worker;
  run();
  return worker;
}

/** Wakes this process's worker, if it runs one (a no-op in a process without it). */
export function wakeOutboxWorker(): void {
  holder.__courierWorker?.wake();
}
