// `npm run worker`: the outbox worker as its own process, for deployments where the
// app servers run with OUTBOX_WORKER=off. Stops cleanly on SIGINT/SIGTERM.
import { startOutboxWorker } from "@/lib/mail/worker";

const worker = startOutboxWorker();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void worker.stop().then(() => process.exit(0));
  });
}
