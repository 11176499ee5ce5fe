/**
 * Stalls: where a load's slowest requests lost their time. A ticker (ticker.ts) asks to be woken
 * every TICK_MS and notes how late each wake comes. Inside the load generator it sees the
 * generator's own stalls (its event loop busy, its garbage collection); in a process of its own
 * that does nothing else (`startWitness`), the machine's: the time a runnable process waits for a
 * core, or every process paused at once; loaded into each server process (`serverProbe`), the
 * server's event loop's. A slow request that overlaps none of them lost its time waiting on
 * something else: the database, a pooled connection, the network.
 */
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";

const TICKER = fileURLToPath(new URL("./ticker.ts", import.meta.url));
/** A wake this late counts as a stall a request could have waited through. */
export const STALL_MS = 50;

/** How late each wake came, and the stalls among them as [epoch ms the wake came, how late]. */
export interface Stalls {
  late: number[];
  long: [number, number][];
}

export function noStalls(): Stalls {
  return { late: [], long: [] };
}

export function note(stalls: Stalls, at: number, late: number) {
  stalls.late.push(late);
  if (late >= STALL_MS) stalls.long.push([at, late]);
}

function readWake(stalls: Stalls, line: string, from = -Infinity, to = Infinity) {
  const [at, late] = line.split(" ").map(Number);
  if (Number.isFinite(at) && Number.isFinite(late) && at >= from && at <= to) note(stalls, at, late);
}

/** The machine's witness: the ticker in a process of its own, its wakes read from its output. */
export function startWitness(): { stalls: Stalls; stop: () => void } {
  const stalls = noStalls();
  const child = spawn(process.execPath, ["--import", "tsx", TICKER], { stdio: ["ignore", "pipe", "inherit"] });
  createInterface({ input: child.stdout }).on("line", (line) => readWake(stalls, line));
  return { stalls, stop: () => child.kill() };
}

/**
 * The ticker in every server process: built to plain JavaScript in `folder` (a server does not
 * run through tsx), with the environment that loads it, and the reading of one process's wakes
 * between two times (epoch ms).
 */
export function serverProbe(folder: string): { env: Record<string, string>; read: (pid: number, from: number, to: number) => Stalls } {
  const dir = resolve(folder);
  mkdirSync(dir, { recursive: true });
  const probe = join(dir, "ticker.mjs");
  buildSync({ entryPoints: [TICKER], outfile: probe, format: "esm", platform: "node", logLevel: "warning" });
  return {
    env: { STALLS_TO: dir, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import ${probe}`.trim() },
    read: (pid, from, to) => {
      const stalls = noStalls();
      let text = "";
      try {
        text = readFileSync(join(dir, String(pid)), "utf8");
      } catch {
        return stalls;
      }
      for (const line of text.split("\n")) readWake(stalls, line, from, to);
      return stalls;
    },
  };
}

/** Whether a request that ran from `start` to `end` (epoch ms) waited through one of the stalls. */
export function overlapsStall(stalls: Stalls, start: number, end: number): boolean {
  return stalls.long.some(([at, late]) => at - late < end && at > start);
}
