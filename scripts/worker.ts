// `npm run worker`: the background worker (game clock, bots, outbox) as its own process,
// for deployments where the app servers run with OUTBOX_WORKER=off.
import { runBots } from "@/lib/games/bots";
import { runClock } from "@/lib/games/clock";
import { startOutboxWorker } from "@/lib/mail/worker";

const worker = startOutboxWorker({ jobs: [runClock, runBots] });
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void worker.stop().then(() => process.exit(0));
  });
}
