// Next.js calls register() once per server process. There: stamp each request with
// its connection's address (the client address of the sign-in limits; a malformed
// TRUSTED_PROXIES throws here, and then every request fails with the reason in the
// log), and start the background worker (game clock and outbox; the bots in a loop of their own) unless the deployment
// runs workers separately (OUTBOX_WORKER=off, `npm run worker`).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { stampPeerAddresses, trustedProxies } = await import("./lib/auth/client-address");
  trustedProxies(process.env.TRUSTED_PROXIES);
  stampPeerAddresses();
  // A render's memory goes with its request (React keeps it through its abort reason's unread stack otherwise).
  const { formatAbortStacks } = await import("./lib/server/abort-stacks");
  formatAbortStacks();
  // Under `npm start` (node --expose-gc), memory grown in a burst of load is given back once it ends.
  const { collectWhenIdle } = await import("./lib/server/idle-gc");
  collectWhenIdle();
  if (process.env.OUTBOX_WORKER === "off") return;
  const { startBackgroundWorker } = await import("./lib/games/worker");
  startBackgroundWorker();
}
