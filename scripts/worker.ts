// `npm run worker`: the background worker (game clock and outbox; the bots, in a loop of their
// own) as its own process, for deployments where the app servers run with OUTBOX_WORKER=off.
import { startBackgroundWorker } from "@/lib/games/worker";

const worker = startBackgroundWorker();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void worker.stop().then(() => process.exit(0));
  });
}
