/**
 * Asks the bot's thread for a move (lib/games/bot-thread.ts). One thread per process,
 * started on first use and kept, one question at a time (the worker's jobs run one after
 * another). A thread that does not answer within THINK_LIMIT_MS is stopped, and a fresh
 * one plays level 1 (a random legal move, at once), so the bot always moves within a
 * minute of its turn; a thread that dies is replaced at the next question.
 */
import { Worker } from "node:worker_threads";
import type { BotAnswer, BotRequest } from "./bot-request";

/** How long a search may take before the bot plays a random legal move instead (docs/playing-bots.md#time). */
export const THINK_LIMIT_MS = 40_000;

let thread: Worker | null = null;
let asked = 0;

function startThread(): Worker {
  // In the Next.js server (NEXT_RUNTIME set), Turbopack bundles the thread as an entry of its
  // own. From source (vitest; `npm run worker` under tsx) the thread is TypeScript: it first
  // registers tsx's loader, which a worker does not inherit. (Not told by import.meta.url:
  // Turbopack gives the bundle the source's path.)
  const worker = process.env.NEXT_RUNTIME
    ? new Worker(new URL("./bot-thread.ts", import.meta.url))
    : new Worker(`import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url.replace(/bot-think\.ts$/, "bot-thread.ts"))}); });`, { eval: true });
  // The thread must not keep a process alive that is otherwise done (a test, `npm run worker` stopping).
  worker.unref();
  worker.on("error", () => {
    if (thread === worker) thread = null;
  });
  worker.on("exit", () => {
    if (thread === worker) thread = null;
  });
  return worker;
}

function ask(request: BotRequest, limitMs: number): Promise<string> {
  thread ??= startThread();
  const worker = thread;
  const id = ++asked;
  return new Promise<string>((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
    };
    const onMessage = (m: { id: number; answer: BotAnswer }) => {
      if (m.id !== id) return;
      done();
      if ("move" in m.answer) resolve(m.answer.move);
      else reject(new Error(`the bot could not move: ${m.answer.error}`));
    };
    const onError = (e: Error) => {
      done();
      reject(e);
    };
    const onExit = () => {
      done();
      reject(new Error("the bot's thread stopped"));
    };
    const timer = setTimeout(() => {
      done();
      if (thread === worker) thread = null;
      void worker.terminate();
      reject(new ThinkTimeout());
    }, limitMs);
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
    worker.postMessage({ id, request });
  });
}

class ThinkTimeout extends Error {
  constructor() {
    super("the bot took too long");
  }
}

/** The bot's move for the request, from its thread; level 1's move (with the whole limit) should the search run out of `limitMs`. */
export async function thinkInThread(request: BotRequest, limitMs = THINK_LIMIT_MS): Promise<string> {
  try {
    return await ask(request, limitMs);
  } catch (e) {
    if (!(e instanceof ThinkTimeout)) throw e;
    return ask({ ...request, level: 1 }, THINK_LIMIT_MS);
  }
}

/** Stops this process's bot thread (tests; a stopping worker). */
export async function stopBotThread(): Promise<void> {
  const t = thread;
  thread = null;
  await t?.terminate();
}
