/**
 * A full garbage collection once a process that grew under load has gone quiet. After a burst of
 * load V8 keeps the heap it grew, garbage included, until its next full collection; a process that
 * has gone quiet reaches none, and V8's memory reducer shrinks the heap only some 90 s later. So
 * the app processes (run with --expose-gc: scripts/start.mjs) watch their event loop and resident
 * size over each interval, and collect once when a quiet interval follows activity and finds them
 * grown past their idle size: after the bench's 1,000-player load this gives the garbage back
 * 13 s after the load (heap used 457 → 73 MB, resident 779 → 660 MB) rather than at 90 s
 * (BENCHMARKS.md, "Memory after the load, measured over time"). The idle size is read in the first
 * quiet interval, and again after each collection, so a process collects again only after it
 * grows again: one that stays quiet, or keeps what it needs, is left alone. A process busy from
 * its start (a load that began while it warmed up) has no idle size to compare with, so it
 * collects at its first quiet interval, which then reads its idle size; before, such a process
 * read its idle size after the load and never collected.
 */
import { performance } from "node:perf_hooks";

export interface IdleCollector {
  /** One interval: its event-loop utilization (0 to 1) and the resident size at its end; answers whether it collected. */
  observe(utilization: number, residentBytes: number): boolean;
}

export function idleCollector(collect: () => void, { quiet = 0.05, grown = 1.2 } = {}): IdleCollector {
  let idleSize: number | null = null;
  let active = false;
  return {
    observe(utilization, residentBytes) {
      if (utilization > quiet) {
        active = true;
        return false;
      }
      if (!active) {
        idleSize ??= residentBytes;
        return false;
      }
      if (idleSize !== null && residentBytes <= idleSize * grown) return false;
      active = false;
      idleSize = null;
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
    collector.observe(performance.eventLoopUtilization(now, last).utilization, process.memoryUsage.rss());
    last = now;
  }, everyMs).unref();
  return () => clearInterval(timer);
}
