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
import { ms, summary } from "./stats";

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

/** One request as a server process took it: its arrival (epoch ms), the ms it took, and the stages the app marked in it (name, ms). */
export type ServerRequest = [number, number, [string, number][]];

/** What one server process wrote: its stalls, and per request kind each request. */
export interface ServerTimes {
  stalls: Stalls;
  requests: Record<string, ServerRequest[]>;
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
        // A wake: "<at> <late>"; a request: "<kind> <at> <took> [<stage>=<ms>,…]" (server-probe.ts requestLine).
        const wake = fields.length === 2;
        const at = Number(fields[wake ? 0 : 1]);
        if (!(at >= from && at <= to)) continue;
        if (wake) readWake(times.stalls, line);
        else {
          const stages = (fields[3] ?? "").split(",").filter(Boolean).map((s): [string, number] => [s.split("=")[0], Number(s.split("=")[1])]);
          (times.requests[fields[0]] ??= []).push([at, Number(fields[2]), stages]);
        }
      }
      return times;
    },
  };
}

/** Whether a request that ran from `start` to `end` (epoch ms) waited through one of the stalls. */
export function overlapsStall(stalls: Stalls, start: number, end: number): boolean {
  return stalls.long.some(([at, late]) => at - late < end && at > start);
}

/**
 * Where a server's time went in the requests that marked the stages most of them marked (a move:
 * the usual path, parsed → session → read → judged → written → out): each stage's median and p99,
 * and its mean in the slowest 1 % of those requests, whose time is the tail to explain.
 */
export function stageSplit(requests: ServerRequest[]): string {
  const paths = new Map<string, ServerRequest[]>();
  for (const r of requests) {
    if (!r[2].length) continue;
    const path = r[2].map(([name]) => name).join(" → ");
    const same = paths.get(path);
    if (same) same.push(r);
    else paths.set(path, [r]);
  }
  const [path, usual] = [...paths].sort((a, b) => b[1].length - a[1].length)[0] ?? ["", []];
  if (!usual.length) return "no stages marked";
  const slow = [...usual].sort((a, b) => b[1] - a[1]).slice(0, Math.ceil(usual.length / 100));
  const stages = usual[0][2].map(([name], i) => {
    const t = summary(usual.map((r) => r[2][i][1]));
    const slowMean = slow.reduce((sum, r) => sum + r[2][i][1], 0) / slow.length;
    return `${name} ${ms(t.median)} / ${ms(t.p99)} (${ms(slowMean)})`;
  });
  return `${usual.length} of ${requests.length} took ${path}; median / p99 (mean in their slowest 1 %): ${stages.join(", ")}`;
}
