// `npm run worker`: the background worker (game clock and outbox; the bots, in a loop of their
// own) as its own process, for deployments where the app servers run with OUTBOX_WORKER=off
// (and beside the app processes `npm start` runs on PostgreSQL, scripts/start.mjs).
import { getDbHandle } from "@/lib/db/client";
import { startBackgroundWorker, wakeOnGameChanges } from "@/lib/games/worker";

const worker = startBackgroundWorker();
// The database down at start: the loops retry on their own; without the LISTEN they work at each tick.
const listening = getDbHandle().then((handle) => wakeOnGameChanges(handle, worker)).catch((e: unknown) => {
  console.error(`worker: not woken by game changes: ${e instanceof Error ? e.message : String(e)}`);
  return null;
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void listening.then((unlisten) => unlisten?.()).catch(() => {}).then(() => worker.stop()).then(() => process.exit(0));
  });
}
