// `npm start`: the built app. APP_PROCESSES (default 1) `next start` processes share the port
// through node:cluster, whose primary (this process) accepts each connection and hands it to
// one of them in turn (a single app process accepts its own); on PostgreSQL the background
// worker runs beside them as one process of its own (`npm run worker`), and the app processes
// run none (OUTBOX_WORKER=off). On PGlite (no DATABASE_URL) there is one process, the worker
// inside it: PGlite allows one process per folder. A process that dies is started again; SIGTERM
// or SIGINT stops them all.
//
// Why cluster around `next start` itself and not a custom server: each process is exactly
// what `next start` runs (its request handling, keep-alive and shutdown), with no server code
// of ours to keep in step with Next.js; cluster only shares the listening socket.
//
//   node scripts/start.mjs [next start's options; default -p 3000]
import cluster from "node:cluster";
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
/** How long processes get to finish after SIGTERM before they are killed (open event streams never finish). */
const STOP_GRACE_MS = 10_000;
/** A process that dies is started again after this, doubled while it keeps dying within RESTART_RESET_MS. */
const RESTART_MS = 500;
const RESTART_MAX_MS = 30_000;
const RESTART_RESET_MS = 60_000;

const fail = (message) => {
  console.error(`npm start: ${message}`);
  process.exit(1);
};

const wanted = process.env.APP_PROCESSES ?? "1";
if (!/^[1-9]\d{0,2}$/.test(wanted)) fail(`APP_PROCESSES must be a whole number from 1 (it is "${wanted}")`);
const count = Number(wanted);
const postgres = Boolean(process.env.DATABASE_URL);
const policy = process.env.NODE_CLUSTER_SCHED_POLICY ?? "";
if (!["", "rr", "none"].includes(policy)) fail(`NODE_CLUSTER_SCHED_POLICY must be rr or none (it is "${policy}")`);
if (count > 1 && !postgres) {
  fail(`APP_PROCESSES=${count} needs DATABASE_URL (PostgreSQL): PGlite, the default database, allows one process per folder`);
}
// On PostgreSQL the worker is a process of its own, unless the deployment runs it elsewhere (OUTBOX_WORKER=off).
const ownWorker = postgres && process.env.OUTBOX_WORKER !== "off";

const args = process.argv.slice(2);
if (!args.some((a) => a === "-p" || a === "--port" || a.startsWith("--port="))) args.unshift("-p", process.env.PORT || "3000");

let stopping = false;

/** Starts `start` again each time what it returns exits, unless stopping; waits longer while it keeps dying. */
function keep(name, start) {
  let wait = RESTART_MS;
  const run = () => {
    if (stopping) return;
    const started = Date.now();
    start((code, signal) => {
      if (stopping) return;
      if (Date.now() - started > RESTART_RESET_MS) wait = RESTART_MS;
      console.error(`npm start: ${name} exited (${signal ?? `code ${code}`}); starting it again in ${wait} ms`);
      setTimeout(run, wait);
      wait = Math.min(wait * 2, RESTART_MAX_MS);
    });
  };
  run();
}

/**
 * jemalloc for the app and worker processes, where the machine has it (Debian and Ubuntu:
 * libjemalloc2): glibc's malloc keeps the memory Node's buffers freed after a burst of load, and
 * jemalloc gives it back to the system within seconds (BENCHMARKS.md, "Memory after the load").
 * JEMALLOC names the library, or "off"; unset, the usual places are looked in.
 */
function jemalloc() {
  const wanted = process.env.JEMALLOC;
  if (wanted === "off") return null;
  const candidates = wanted ? [wanted] : [`/usr/lib/${process.arch === "arm64" ? "aarch64" : "x86_64"}-linux-gnu/libjemalloc.so.2`, "/usr/lib/libjemalloc.so.2", "/usr/local/lib/libjemalloc.so.2"];
  const found = candidates.find((path) => existsSync(path));
  if (wanted && !found) fail(`JEMALLOC names ${wanted}, which does not exist`);
  return found ?? null;
}
const allocator = jemalloc();
const processEnv = allocator ? { LD_PRELOAD: [allocator, process.env.LD_PRELOAD].filter(Boolean).join(" ") } : {};

// One app process accepts its connections itself, from the socket the primary opened, rather
// than the primary accepting each and passing it on over IPC (cluster's default, round-robin): a
// hop and a message for the app on every connection. At 1,000 players, a connection a request,
// that took a tenth of the app's cores and made a move's median 1.5–2 times as long (BENCHMARKS.md,
// "Connections accepted by the app process"). Several keep round-robin, which spreads the
// connections evenly where the kernel's hand-out need not (node:cluster's documentation).
// NODE_CLUSTER_SCHED_POLICY (rr or none) chooses either way.
if (policy === "" && count === 1) cluster.schedulingPolicy = cluster.SCHED_NONE;
cluster.setupPrimary({ exec: require.resolve("next/dist/bin/next"), args: ["start", ...args], execArgv: [] });
// --expose-gc: each app process collects its garbage once after a burst of load (lib/server/idle-gc.ts).
// In NODE_OPTIONS rather than the arguments, which next start's process title overwrites: so it can be seen.
const appEnv = {
  ...processEnv,
  NODE_OPTIONS: [process.env.NODE_OPTIONS, "--expose-gc"].filter(Boolean).join(" "),
  ...(ownWorker ? { OUTBOX_WORKER: "off" } : {}),
};
for (let i = 0; i < count; i++) {
  keep(`app process ${i + 1}`, (onExit) => cluster.fork(appEnv).on("exit", onExit));
}

let worker = null;
if (ownWorker) {
  // tsx's loader in this node process (not tsx's CLI, which would put a process of its own between).
  keep("worker", (onExit) => {
    worker = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], { stdio: "inherit", env: { ...process.env, ...processEnv } });
    worker.on("exit", onExit);
  });
}

const stop = () => {
  if (stopping) return;
  stopping = true;
  const alive = [...Object.values(cluster.workers ?? {}).map((w) => w.process), ...(worker ? [worker] : [])]
    .filter((p) => p.exitCode === null && p.signalCode === null);
  for (const p of alive) p.kill("SIGTERM");
  const killer = setTimeout(() => {
    for (const p of alive) if (p.exitCode === null && p.signalCode === null) p.kill("SIGKILL");
  }, STOP_GRACE_MS);
  Promise.all(alive.map((p) => (p.exitCode === null && p.signalCode === null ? new Promise((r) => p.once("exit", r)) : null))).then(() => {
    clearTimeout(killer);
    process.exit(0);
  });
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
