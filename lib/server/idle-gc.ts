/**
 * A full garbage collection once a busy process has gone quiet. After a burst of load V8 keeps
 * the heap it grew, garbage included, until its next full collection, which a process that has
 * gone quiet may not reach for minutes: 45 s after issue 18's 1,000-player load the app held 4.7×
 * its idle memory, and one full collection gave back 40 % of it (BENCHMARKS.md, "Memory after
 * the load"). So the app processes (run with --expose-gc: scripts/start.mjs) watch how busy their
 * event loop was over each interval, and collect once when a busy interval is followed by a quiet
 * one. A process that stays quiet, or stays busy, never collects this way.
 */
import { performance } from "node:perf_hooks";

export interface IdleCollector {
  /** One interval's event-loop utilization, 0 to 1; answers whether it collected. */
  observe(utilization: number): boolean;
}

export function idleCollector(collect: () => void, { busy = 0.3, quiet = 0.05 } = {}): IdleCollector {
  let wasBusy = false;
  return {
    observe(utilization) {
      if (utilization >= busy) wasBusy = true;
      if (!wasBusy || utilization > quiet) return false;
      wasBusy = false;
      collect();
      return true;
    },
  };
}

/** Starts the watch in this process when it may collect (node --expose-gc), and answers how to stop it; the timer keeps no process alive. */
export function collectWhenIdle(everyMs = 10_000): () => void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return () => {};
  const collector = idleCollector(gc);
  let last = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    collector.observe(performance.eventLoopUtilization(now, last).utilization);
    last = now;
  }, everyMs).unref();
  return () => clearInterval(timer);
}
