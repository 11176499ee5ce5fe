/**
 * The service's background worker (lib/mail/worker.ts), as the app process (instrumentation.ts)
 * and `npm run worker` (scripts/worker.ts) both start it: the game clock before each drain of the
 * outbox, the pruning of dead reply tokens, and the bots' turns in a loop of their own, so a search never holds up mail or a timeout;
 * and, with REPLY_SMTP_PORT set, the reply server (lib/games/reply-server.ts).
 * Stopping it gives up a search under way, stops the bots' thread and the reply server: nothing is left running.
 */
import { getDb, type DbHandle } from "@/lib/db/client";
import { inboundMailSettings } from "@/lib/mail/settings";
import { startOutboxWorker, type Worker, type WorkerJob } from "@/lib/mail/worker";
import { stopBotThread } from "./bot-think";
import { runBots } from "./bots";
import { runClock } from "./clock";
import { GAME_CHANNEL } from "./push";
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

/**
 * A worker in a process of its own (`npm run worker`; `npm start` on PostgreSQL) is not woken by
 * the app's actions, which run in other processes: it hears every game's change instead (the
 * trigger's NOTIFY, docs/pushed-updates.md), so a move's email and a bot's answer go out at once
 * rather than at the next tick. Woken too whenever the LISTEN is (re)established, for what came
 * meanwhile. Resolves to the unlisten.
 */
export function wakeOnGameChanges(handle: Pick<DbHandle, "listen">, worker: Pick<Worker, "wake">): Promise<() => Promise<void>> {
  return handle.listen(GAME_CHANNEL, () => worker.wake(), () => worker.wake());
}
