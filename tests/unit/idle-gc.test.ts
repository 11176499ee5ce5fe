import { describe, expect, it } from "vitest";
import { collectWhenIdle, idleCollector } from "@/lib/server/idle-gc";

describe("a full collection once a busy process goes quiet (lib/server/idle-gc.ts)", () => {
  it("collects once when a busy interval is followed by a quiet one, and not again while quiet", () => {
    let collected = 0;
    const c = idleCollector(() => collected++);
    const seen = [0.9, 0.5, 0.02, 0.01, 0.0].map((u) => c.observe(u));
    expect(seen).toEqual([false, false, true, false, false]);
    expect(collected).toBe(1);
  });

  it("never collects in a process that stays quiet, nor in one that stays busy", () => {
    let collected = 0;
    const quiet = idleCollector(() => collected++);
    for (const u of [0, 0.04, 0.1, 0.2, 0.01]) quiet.observe(u);
    const busy = idleCollector(() => collected++);
    for (const u of [0.6, 0.9, 0.4, 0.35]) busy.observe(u);
    expect(collected).toBe(0);
  });

  it("waits through middling intervals after the burst, and collects again after the next burst", () => {
    let collected = 0;
    const c = idleCollector(() => collected++);
    const seen = [0.8, 0.2, 0.1, 0.03, 0.5, 0.04].map((u) => c.observe(u));
    expect(seen).toEqual([false, false, false, true, false, true]);
    expect(collected).toBe(2);
  });

  it("watches this process's own event loop: a busy spell, then quiet, and the process collects", async () => {
    const global = globalThis as { gc?: () => void };
    const before = global.gc;
    let collected = 0;
    global.gc = () => collected++;
    const stop = collectWhenIdle(50);
    try {
      const busyUntil = Date.now() + 120;
      while (Date.now() < busyUntil); // the event loop held, as a burst of requests holds it
      for (let waited = 0; collected === 0 && waited < 5_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
      expect(collected).toBe(1);
    } finally {
      stop();
      global.gc = before;
    }
  });
});
