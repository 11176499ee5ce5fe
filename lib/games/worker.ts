/**
 * The service's background worker (lib/mail/worker.ts), as the app process (instrumentation.ts)
 * and `npm run worker` (scripts/worker.ts) both start it: the game clock before each drain of the
 * outbox, and the bots' turns in a loop of their own, so a search never holds up mail or a timeout.
 * Stopping it gives up a search under way and stops the bots' thread: nothing is left running.
 */
import { startOutboxWorker, type Worker } from "@/lib/mail/worker";
import { stopBotThread } from "./bot-think";
import { runBots } from "./bots";
import { runClock } from "./clock";

export function startBackgroundWorker(): Worker {
  return startOutboxWorker({
    jobs: [runClock],
    slowJobs: [(db, now, { signal }) => runBots(db, now, { signal })],
    onStop: stopBotThread,
  });
}
