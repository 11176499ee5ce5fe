/**
 * Idle event streams (docs/pushed-updates.md): how many subscribed game pages one `next start`
 * process holds, and what they cost. Against the app as the browser tests serve it (serve.ts; a
 * production build of its own in .next-bench, PostgreSQL on loopback), STREAMS event streams (GET /games/<id>/events) are opened on
 * GAMES public games; the app process's resident memory is read before and after, its CPU while
 * the streams sit idle, and then one move per game is made from this process (another database
 * client, as another app process would) and its delivery to every stream of the game is timed.
 *
 *   npm run bench:streams [-- --streams 10000 --games 100 --idle 30] [--no-build]
 */
import http from "node:http";
import { users } from "../lib/db/schema";
import { openPostgres } from "../lib/db/client";
import { TEST_POSTGRES_URL } from "../lib/db/testing";
import { acceptInvitation, createChallenge, gameVersion, submitMove } from "../lib/games";
import { cpuSeconds, rssMb, startServed } from "../tests/e2e/support/served";
import { ms, summary } from "./stats";

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => Number(args[args.indexOf(`--${name}`) + 1]) || fallback;
const STREAMS = arg("streams", 10_000);
const GAMES = arg("games", 100);
const IDLE_S = arg("idle", 30);
const PORT = Number(process.env.BENCH_PORT) || undefined;
const DB_NAME = `streams_${Date.now().toString(36)}`;

// The app as `npm start` runs it, one app process and no worker, built into the benchmarks' own folder.
// Every stream comes from this one address: lift the per-client share (docs/pushed-updates.md#the-fallback-poll).
const served = await startServed({
  dbName: DB_NAME, processes: 1, dist: ".next-bench", skipBuild: args.includes("--no-build"), port: PORT,
  env: { OUTBOX_WORKER: "off", STREAMS_PER_CLIENT: String(STREAMS) },
});

const pid = served.children().apps[0];
const handle = await openPostgres(`${TEST_POSTGRES_URL}/${DB_NAME}`, { max: 4 });
const db = handle.db;
const people = await db.insert(users).values(
  Array.from({ length: 2 * GAMES }, (_, i) => ({ name: `stream${i}`, email: `stream${i}@bench.test`, notify: "digest" as const })),
).returning();
const games: { id: string; white: string; version: number }[] = [];
for (let i = 0; i < GAMES; i++) {
  const c = await createChallenge(db, people[2 * i].id, { variant: "chess", color: "white", daysPerMove: 3, opponent: { kind: "user", name: people[2 * i + 1].name! } });
  await acceptInvitation(db, people[2 * i + 1].id, { invitationId: c.invitationId });
  games.push({ id: c.gameId, white: people[2 * i].id, version: (await gameVersion(db, c.gameId))!.version });
}

const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
interface Stream {
  game: number;
  heard: number | null;
  request: http.ClientRequest;
}
const streams: Stream[] = [];
let errors = 0;
let moveStarted = 0;
/** Opens one stream; resolves when its first bytes (the retry line) have come. */
function open(game: number): Promise<void> {
  return new Promise((resolve) => {
    const s: Stream = { game, heard: null, request: null! };
    s.request = http.get({ host: "127.0.0.1", port: served.port, path: `/games/${games[game].id}/events?since=${games[game].version}`, agent }, (res) => {
      if (res.statusCode !== 200) {
        errors++;
        res.resume();
        return resolve();
      }
      res.setEncoding("utf8");
      let first = true;
      res.on("data", (chunk: string) => {
        if (first) {
          first = false;
          resolve();
        }
        if (chunk.includes("data: ") && s.heard === null && moveStarted) s.heard = performance.now() - moveStarted;
      });
    });
    s.request.on("error", () => {
      errors++;
      resolve();
    });
    streams.push(s);
  });
}

// Warm up: the route's code loaded, one stream opened and closed.
await open(0);
streams.pop()!.request.destroy();
await new Promise((r) => setTimeout(r, 2000));
const rss0 = rssMb(pid);
const openedAt = performance.now();
for (let i = 0; i < STREAMS; i += 200) {
  await Promise.all(Array.from({ length: Math.min(200, STREAMS - i) }, (_, k) => open((i + k) % GAMES)));
}
const openS = (performance.now() - openedAt) / 1000;
await new Promise((r) => setTimeout(r, 3000));
const rss1 = rssMb(pid);
const cpu0 = cpuSeconds(pid);
await new Promise((r) => setTimeout(r, IDLE_S * 1000));
const idleCpu = (cpuSeconds(pid) - cpu0) / IDLE_S;
const rss2 = rssMb(pid);

// One move per game, one game at a time: each move's delivery to that game's streams.
const delays: number[] = [];
for (const [i, g] of games.entries()) {
  moveStarted = performance.now();
  await submitMove(db, g.white, { gameId: g.id, expectedPly: 0, move: "P e2-e4" });
  const mine = streams.filter((s) => s.game === i);
  const until = Date.now() + 10_000;
  while (mine.some((s) => s.heard === null) && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
  for (const s of mine) {
    if (s.heard === null) errors++;
    else delays.push(s.heard);
    s.heard = null;
  }
  moveStarted = 0;
}
const delivery = summary(delays);

for (const s of streams) s.request.destroy();
await handle.close();
console.log(`streams: ${STREAMS} on ${GAMES} games, opened in ${openS.toFixed(1)} s; errors ${errors}`);
console.log(`app RSS: ${rss0.toFixed(0)} MB before, ${rss1.toFixed(0)} MB with the streams (+${(rss1 - rss0).toFixed(0)} MB, ${((rss1 - rss0) * 1024 / STREAMS).toFixed(1)} KB a stream), ${rss2.toFixed(0)} MB after ${IDLE_S} s idle`);
console.log(`app CPU while idle: ${(idleCpu * 100).toFixed(2)} % of a core (heartbeats every 25 s)`);
console.log(`delivery of a move to its game's ${STREAMS / GAMES} streams: median ${ms(delivery.median)}, p99 ${ms(delivery.p99)} (n ${delivery.n}; from the service call on another client)`);
process.exit(errors === 0 ? 0 : 1);
