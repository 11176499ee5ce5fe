/**
 * The app as serve.ts serves it, started from a test or a benchmark of its own (not Playwright's
 * web server): on free ports, with APP_PROCESSES app processes; and what such a caller needs to
 * see inside it: which process is which, which one holds a connection, a server action's id.
 */
import { execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import net from "node:net";

export interface Served {
  port: number;
  origin: string;
  /** serve.ts's mail API (GET /mails, /outbox). */
  mailApi: string;
  /** `npm start`'s primary: the process that opened the listening socket. */
  primary(): number;
  /** The processes that hold the listening socket: the primary, and the app processes when each accepts its own connections (scripts/start.mjs). */
  listening(): number[];
  /** The app processes (`next start`), then the worker (none when OUTBOX_WORKER=off). */
  children(): { apps: number[]; worker: number | null };
  stop(): Promise<void>;
}

const free = (port: number) => new Promise<boolean>((resolve) => {
  const s = net.createServer().once("error", () => resolve(false)).listen(port, () => s.close(() => resolve(true)));
});

/** A port whose pair (the mail API) and reply server's port (+1000, fixtures.ts) are free too. */
export async function freePort(from = 4200, span = 400): Promise<number> {
  for (;;) {
    const port = from + 2 * Math.floor(Math.random() * (span / 2));
    if ((await free(port)) && (await free(port + 1)) && (await free(port + 1000))) return port;
  }
}

/**
 * Starts serve.ts (a fresh database `dbName`, a test SMTP server) and waits until it answers.
 * `skipBuild` serves the build already in `dist` (E2E_SKIP_BUILD).
 */
export async function startServed(options: { dbName: string; processes: number; dist: string; skipBuild?: boolean; port?: number; env?: Record<string, string> }): Promise<Served> {
  const port = options.port ?? (await freePort());
  const child = spawn("npx", ["tsx", "tests/e2e/support/serve.ts"], {
    env: {
      ...process.env, ...options.env, E2E_PORT: String(port), E2E_DB_NAME: options.dbName, E2E_DIST: options.dist,
      APP_PROCESSES: String(options.processes), ...(options.skipBuild ? { E2E_SKIP_BUILD: "1" } : {}),
    },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  const stop = async () => {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      // already gone
    }
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  };
  process.once("exit", () => void stop());
  const mailApi = `http://127.0.0.1:${port + 1}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error("serve.ts exited before the app answered");
    try {
      if ((await fetch(`${mailApi}/ready`)).ok) break;
    } catch {
      // not yet
    }
    if (i > 1200) throw new Error("the app did not start within 20 minutes");
    await new Promise((r) => setTimeout(r, 1000));
  }
  const listening = () => {
    const out = execFileSync("ss", ["-ltnpH", `sport = :${port}`], { encoding: "utf8" });
    return [...new Set([...out.matchAll(/pid=(\d+)/g)].map((m) => Number(m[1])))];
  };
  // Of the listening socket's holders, the one that is no other holder's child.
  const primary = () => {
    const pids = listening();
    // /proc/<pid>/stat: "pid (name) state ppid …", the name possibly holding spaces and brackets.
    const parentOf = (pid: number) => {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    };
    const pid = pids.find((p) => !pids.includes(parentOf(p)));
    if (pid === undefined) throw new Error(`no process listens on ${port}`);
    return pid;
  };
  const children = () => {
    const out = execFileSync("ps", ["-o", "pid=,args=", "--ppid", String(primary())], { encoding: "utf8" });
    const rows = out.trim().split("\n").filter(Boolean).map((l) => /^\s*(\d+)\s+(.*)$/.exec(l)!);
    const worker = rows.find((r) => r[2].includes("scripts/worker.ts"));
    return { apps: rows.filter((r) => r !== worker).map((r) => Number(r[1])), worker: worker ? Number(worker[1]) : null };
  };
  return { port, origin: `http://localhost:${port}`, mailApi, primary, listening, children, stop };
}

/** The app process holding the server's end of the connection from our `localPort`. */
export function processOfConnection(port: number, localPort: number): number | null {
  const out = execFileSync("ss", ["-tnpH", "state", "established", `( sport = :${port} and dport = :${localPort} )`], { encoding: "utf8" });
  const pid = /pid=(\d+)/.exec(out)?.[1];
  return pid ? Number(pid) : null;
}

/** A server action's id in the build in `dist`, as the page's request names it (header Next-Action). */
export function actionId(dist: string, file: string, name: string): string {
  const manifest = JSON.parse(readFileSync(`${dist}/server/server-reference-manifest.json`, "utf8")) as {
    node: Record<string, { filename: string; exportedName: string }>;
  };
  const hit = Object.entries(manifest.node).find(([, v]) => v.filename === file && v.exportedName === name);
  if (!hit) throw new Error(`${name} not found in the server reference manifest`);
  return hit[0];
}

/** CPU seconds a process has used so far (user + system, at 100 ticks a second); with `reaped`, also its exited children's. */
export const cpuSeconds = (pid: number, reaped = false) => {
  const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(f[11]) + Number(f[12]) + (reaped ? Number(f[13]) + Number(f[14]) : 0)) / 100;
};

/** Resident memory of a process, in MB. */
export const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;
