import { describe, expect, it } from "vitest";
import { collectWhenIdle, idleCollector } from "@/lib/server/idle-gc";

const MB = 1024 * 1024;

describe("a full collection once a process that grew under load goes quiet (lib/server/idle-gc.ts)", () => {
  it("collects once when a quiet interval follows activity and finds the process grown past its idle size", () => {
    let collected = 0;
    const c = idleCollector(() => collected++);
    // idle at 200 MB; a burst (even a light one) grows it to 400; quiet again
    const seen = [[0.01, 200], [0.2, 300], [0.6, 400], [0.02, 400], [0.01, 390], [0.0, 390]].map(([u, rss]) => c.observe(u, rss * MB));
    expect(seen).toEqual([false, false, false, true, false, false]);
    expect(collected).toBe(1);
  });

  it("leaves alone a process that stays quiet, one that stays busy, and one whose activity did not grow it", () => {
    let collected = 0;
    const quiet = idleCollector(() => collected++);
    for (const rss of [200, 250, 300]) quiet.observe(0.01, rss * MB);
    const busy = idleCollector(() => collected++);
    for (const rss of [200, 400, 600]) busy.observe(0.9, rss * MB);
    const small = idleCollector(() => collected++);
    for (const [u, rss] of [[0.01, 200], [0.5, 230], [0.01, 235]]) small.observe(u, rss * MB);
    expect(collected).toBe(0);
  });

  it("collects at the first quiet interval of a process busy from its start, which has no idle size to compare with", () => {
    let collected = 0;
    const c = idleCollector(() => collected++);
    // a load that began while the process warmed up; quiet at 700 MB; then idle at 210 after the collection
    const seen = [[0.4, 250], [0.9, 780], [0.01, 700], [0.01, 210], [0.3, 240], [0.01, 245]].map(([u, rss]) => c.observe(u, rss * MB));
    expect(seen).toEqual([false, false, true, false, false, false]);
    expect(collected).toBe(1);
  });

  it("reads the idle size again after a collection, so it collects again only after growing again", () => {
    let collected = 0;
    const c = idleCollector(() => collected++);
    const seen = [[0.01, 200], [0.5, 400], [0.01, 400], [0.01, 330], [0.3, 360], [0.01, 370], [0.4, 500], [0.02, 500]].map(([u, rss]) => c.observe(u, rss * MB));
    // after the first collection the process settles at 330: 370 is within 20 % of it, 500 is not
    expect(seen).toEqual([false, false, true, false, false, false, false, true]);
    expect(collected).toBe(2);
  });

  it("watches this process's own event loop: activity, then quiet, and the process collects once it has grown", async () => {
    const global = globalThis as { gc?: () => void };
    const before = global.gc;
    let collected = 0;
    global.gc = () => collected++;
    const stop = collectWhenIdle(50);
    const held: Buffer[] = [];
    try {
      await new Promise((r) => setTimeout(r, 120)); // quiet: the idle size is read
      const busyUntil = Date.now() + 120;
      while (Date.now() < busyUntil) if (held.length < 64) held.push(Buffer.alloc(4 * MB, 1)); // a burst that grows the process
      for (let waited = 0; collected === 0 && waited < 5_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
      expect(collected).toBe(1);
    } finally {
      stop();
      global.gc = before;
    }
  });
});
