// Next.js calls register() once per server process: start the background worker
// (game clock + outbox) there, unless the deployment runs workers separately
// (OUTBOX_WORKER=off, `npm run worker`).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.OUTBOX_WORKER === "off") return;
  const [{ startOutboxWorker }, { runClock }] = await Promise.all([import("./lib/mail/worker"), import("./lib/games/clock")]);
  startOutboxWorker({ jobs: [runClock] });
}
