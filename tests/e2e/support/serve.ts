/**
 * The app as the browser tests see it: `next build` into .next-e2e, then
 * `npm start`'s script (scripts/start.mjs: APP_PROCESSES app processes and the worker beside
 * them) with a fresh PostgreSQL database and a real SMTP server on
 * 127.0.0.1 whose mail the tests read over a small HTTP API. Playwright starts and
 * stops this. Runs in one checkout take turns through a lock folder, since they
 * share its build folder; runs in other checkouts (CI's clean clone, a worktree) do not wait.
 * E2E_DIST names another build folder (the load benchmark's, so it never waits for the browser
 * tests nor holds them up); E2E_SKIP_BUILD=1 serves the build already there, without the lock
 * (a second server beside a run that holds it, the benchmark's later rounds).
 *
 *   GET  /ready          200 once the app answers
 *   GET  /mails          every email received, oldest first
 *   GET  /outbox         {"waiting": n}: outbox rows not yet sent or given up (0: the worker is idle)
 *   POST /refuse?on=1    make the SMTP server refuse (451) until /refuse?on=0
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import postgres from "postgres";
import { TEST_POSTGRES_URL } from "../../../lib/db/testing";
import { startSmtpServer } from "../../support/smtp";
import { DIST, REPLY_SMTP_PORT } from "./fixtures";

const APP_PORT = Number(process.env.E2E_PORT ?? 3100);
const MAIL_API_PORT = APP_PORT + 1;
const LOCK = `/tmp/courier-variants-e2e-${createHash("sha256").update(`${process.cwd()} ${DIST}`).digest("hex").slice(0, 12)}.lock`;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function acquireLock(): Promise<void> {
  for (;;) {
    try {
      mkdirSync(LOCK);
      writeFileSync(`${LOCK}/pid`, String(process.pid));
      return;
    } catch {
      let owner = 0;
      try {
        owner = Number(readFileSync(`${LOCK}/pid`, "utf8"));
      } catch {
        // being created or removed right now
      }
      if (owner && !alive(owner)) rmSync(LOCK, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

function releaseLock(): void {
  try {
    if (Number(readFileSync(`${LOCK}/pid`, "utf8")) === process.pid) rmSync(LOCK, { recursive: true, force: true });
  } catch {
    // already gone
  }
}

async function main() {
  if (process.env.E2E_SKIP_BUILD !== "1") {
    await acquireLock();
    process.on("exit", releaseLock);
    const build = spawnSync("npx", ["next", "build"], { stdio: "inherit", env: { ...process.env, NEXT_DIST_DIR: DIST } });
    if (build.status !== 0) {
      console.error("next build failed");
      process.exit(1);
    }
  }

  const smtp = await startSmtpServer();
  // A fresh database per run, named by playwright.config.ts (the tests reach it too) or by the
  // load benchmark, which seeds it.
  const dbName = process.env.E2E_DB_NAME ?? `e2e_${Date.now().toString(36)}_${APP_PORT}`;
  const admin = postgres(`${TEST_POSTGRES_URL}/postgres`, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${dbName}"`);
  const appDb = postgres(`${TEST_POSTGRES_URL}/${dbName}`, { max: 1, onnotice: () => {} });

  const app: ChildProcess = spawn(process.execPath, ["scripts/start.mjs", "-p", String(APP_PORT)], {
    stdio: "inherit",
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_DIST_DIR: DIST,
      DATABASE_URL: `${TEST_POSTGRES_URL}/${dbName}`,
      SMTP_URL: smtp.url,
      SITE_URL: `http://localhost:${APP_PORT}`,
      AUTH_URL: `http://localhost:${APP_PORT}`,
      AUTH_SECRET: "e2e-secret-not-for-production-0123456789abcdef",
      MAIL_FROM: "Courier Variants <noreply@localhost>",
      // Every browser test signs in from 127.0.0.1; the per-address limits stay (lib/auth/rate-limit.ts).
      SIGNIN_LIMIT_PER_CLIENT_HOUR: "100000",
      // Moves by replying to the email (docs/reply-by-email.md), to the worker's reply server.
      REPLY_MAIL_DOMAIN: "reply.example.test",
      REPLY_SMTP_PORT: String(REPLY_SMTP_PORT),
    },
  });

  let ready = false;
  const poll = setInterval(async () => {
    try {
      const r = await fetch(`http://localhost:${APP_PORT}/signin`);
      if (r.status < 500) {
        ready = true;
        clearInterval(poll);
      }
    } catch {
      // not listening yet
    }
  }, 500);

  const api = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/ready") {
      res.writeHead(ready ? 200 : 503).end();
    } else if (url.pathname === "/mails") {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(smtp.received));
    } else if (url.pathname === "/outbox") {
      appDb`select count(*)::int as waiting from email_outbox where status in ('pending', 'sending')`.then(
        ([row]) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(row)),
        (error: unknown) => res.writeHead(503).end(String(error)),
      );
    } else if (url.pathname === "/refuse" && req.method === "POST") {
      smtp.refusing = url.searchParams.get("on") === "1";
      res.writeHead(204).end();
    } else {
      res.writeHead(404).end();
    }
  });
  api.listen(MAIL_API_PORT, "127.0.0.1");

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    clearInterval(poll);
    app.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 500));
    api.close();
    await smtp.close();
    await appDb.end({ timeout: 1 }).catch(() => {});
    await admin.unsafe(`drop database if exists "${dbName}" with (force)`).catch(() => {});
    await admin.end();
    process.exit(0);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  app.on("exit", (code) => {
    if (!stopping) {
      console.error(`the app exited with ${code}`);
      void stop();
    }
  });
}

void main();
