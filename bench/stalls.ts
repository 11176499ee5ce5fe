/**
 * Stalls: where a load's slowest requests lost their time. A ticker (ticker.ts) asks to be woken
 * every TICK_MS and notes how late each wake comes. Inside the load generator it sees the
 * generator's own stalls (its event loop busy, its garbage collection); in a process of its own
 * that does nothing else (`startWitness`), the machine's: the time a runnable process waits for a
 * core, or every process paused at once; loaded into each server process (`serverProbe`, with
 * the time each request took there), the server's event loop's. A slow request that overlaps none
 * of them lost its time waiting on something else: the database, a pooled connection, the network.
 */
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";

const TICKER = fileURLToPath(new URL("./ticker.ts", import.meta.url));
const SERVER_PROBE = fileURLToPath(new URL("./server-probe.ts", import.meta.url));
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

function readWake(stalls: Stalls, line: string) {
  const [at, late] = line.split(" ").map(Number);
  if (Number.isFinite(at) && Number.isFinite(late)) note(stalls, at, late);
}

/** The machine's witness: the ticker in a process of its own, its wakes read from its output. */
export function startWitness(): { stalls: Stalls; stop: () => void } {
  const stalls = noStalls();
  const child = spawn(process.execPath, ["--import", "tsx", TICKER], { stdio: ["ignore", "pipe", "inherit"] });
  createInterface({ input: child.stdout }).on("line", (line) => readWake(stalls, line));
  return { stalls, stop: () => child.kill() };
}

/** What one server process wrote: its stalls, and per request kind each request's [arrival (epoch ms), ms it took]. */
export interface ServerTimes {
  stalls: Stalls;
  requests: Record<string, [number, number][]>;
}

/**
 * server-probe.ts in every server process: built to plain JavaScript in `folder` (a server does
 * not run through tsx), with the environment that loads it, and the reading of what one process
 * wrote between two times (epoch ms).
 */
export function serverProbe(folder: string): { env: Record<string, string>; read: (pid: number, from: number, to: number) => ServerTimes } {
  const dir = resolve(folder);
  mkdirSync(dir, { recursive: true });
  const probe = join(dir, "server-probe.mjs");
  buildSync({ entryPoints: [SERVER_PROBE], outfile: probe, bundle: true, format: "esm", platform: "node", logLevel: "warning" });
  return {
    env: { PROBE_TO: dir, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import ${probe}`.trim() },
    read: (pid, from, to) => {
      const times: ServerTimes = { stalls: noStalls(), requests: {} };
      let text = "";
      try {
        text = readFileSync(join(dir, String(pid)), "utf8");
      } catch {
        return times;
      }
      for (const line of text.split("\n")) {
        const fields = line.split(" ");
        const at = Number(fields.at(-2));
        if (!(at >= from && at <= to)) continue;
        if (fields.length === 2) readWake(times.stalls, line);
        else (times.requests[fields[0]] ??= []).push([at, Number(fields[2])]);
      }
      return times;
    },
  };
}

/** Whether a request that ran from `start` to `end` (epoch ms) waited through one of the stalls. */
export function overlapsStall(stalls: Stalls, start: number, end: number): boolean {
  return stalls.long.some(([at, late]) => at - late < end && at > start);
}
