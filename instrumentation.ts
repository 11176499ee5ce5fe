// Next.js calls register() once per server process: start the outbox worker there,
// unless the deployment runs workers separately (OUTBOX_WORKER=off, `npm run worker`).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.OUTBOX_WORKER === "off") return;
  const { startOutboxWorker } = await import("./lib/mail/worker");
  startOutboxWorker();
}
