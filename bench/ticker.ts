/**
 * A ticker for stalls.ts: asks to be woken every TICK_MS and notes when each wake came and how
 * late. Imports nothing but Node's own, so that server-probe.ts can carry it into a server
 * process. Run as a program it writes its wakes to stdout: the machine's witness.
 */
import { fileURLToPath } from "node:url";

export const TICK_MS = 10;

/**
 * Wakes every TICK_MS, telling `onWake` when (epoch ms) and how late; returns the stop. Inside a
 * server it must not keep alive a process that would otherwise exit.
 */
export function startTicker(onWake: (at: number, late: number) => void, keepAlive = true): () => void {
  let due = performance.now() + TICK_MS;
  let timer: NodeJS.Timeout;
  const arm = () => {
    timer = setTimeout(wake, TICK_MS);
    if (!keepAlive) timer.unref();
  };
  const wake = () => {
    const now = performance.now();
    onWake(performance.timeOrigin + now, Math.max(0, now - due));
    due = now + TICK_MS;
    arm();
  };
  arm();
  return () => clearTimeout(timer);
}

/** One wake as a line: "<epoch ms> <ms late>". */
export const wakeLine = (at: number, late: number) => `${at.toFixed(1)} ${late.toFixed(1)}\n`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  startTicker((at, late) => process.stdout.write(wakeLine(at, late)));
}
