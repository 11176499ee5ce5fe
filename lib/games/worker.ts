/**
 * The service's background worker (lib/mail/worker.ts), as the app process (instrumentation.ts)
 * and `npm run worker` (scripts/worker.ts) both start it: the game clock before each drain of the
 * outbox, the pruning of dead reply tokens, and the bots' turns in a loop of their own, so a search never holds up mail or a timeout;
 * and, with REPLY_SMTP_PORT set, the reply server (lib/games/reply-server.ts).
 * Stopping it gives up a search under way, stops the bots' thread and the reply server: nothing is left running.
 */
import { getDb } from "@/lib/db/client";
import { inboundMailSettings } from "@/lib/mail/settings";
import { startOutboxWorker, type Worker, type WorkerJob } from "@/lib/mail/worker";
import { stopBotThread } from "./bot-think";
import { runBots } from "./bots";
import { runClock } from "./clock";
import { startReplyServer } from "./reply-server";
import { pruneReplyTokens } from "./reply-tokens";

/** Dead reply tokens go once an hour, not every tick: the delete reads the whole table. */
export function hourlyPrune(): WorkerJob {
  let last = -Infinity;
  return async (db, now) => {
    if (now.getTime() - last < 3_600_000) return;
    last = now.getTime();
    await pruneReplyTokens(db, now);
  };
}

export function startBackgroundWorker(): Worker {
  const { smtpPort, smtpHost } = inboundMailSettings();
  let replies: ReturnType<typeof startReplyServer> | null = null;
  return startOutboxWorker({
    jobs: [runClock, hourlyPrune()],
    slowJobs: [(db, now, { signal }) => runBots(db, now, { signal })],
    onStart: () => {
      if (smtpPort === null) return;
      replies = startReplyServer(getDb, { port: smtpPort, host: smtpHost });
      replies.catch((e: unknown) => console.error(`reply server on ${smtpHost}:${smtpPort} did not start: ${e instanceof Error ? e.message : String(e)}`));
    },
    onStop: async () => {
      await stopBotThread();
      await replies?.then((server) => server.close(), () => {});
    },
  });
}
