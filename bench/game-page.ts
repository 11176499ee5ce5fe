/**
 * The game page over real HTTP against `next start` (a production build served by
 * tests/e2e/support/serve.ts with a fresh PostgreSQL database, on a free port):
 *
 * 1. Sizes: the HTML of /games/<id> and its RSC payload (the same address asked with
 *    `RSC: 1`, as a client-side navigation does), raw and gzipped, and how much of the HTML
 *    is the payload inlined for hydration, for a short and a long chess game, a Shogi game
 *    with pieces in hand, a Fog of War game seen by a player, and a finished game; each
 *    read by its White player (signed in by a stored session).
 * 2. Throughput: requests/s of the game page (the short chess game, its player signed in)
 *    and, side by side in alternating rounds, of GET /variants (a page that reads no game
 *    data: the framework's floor); the ratio is what to compare between runs.
 *
 *   npx tsx bench/game-page.ts [--dir <checkout>] [--seconds 8] [--rounds 3] [--connections 16] [--sizes-only | --hold]
 *
 * `--dir` serves another checkout (built there, seeded from this one: the same schema),
 * so a run before a change and one after are measured alike.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { Agent, request } from "node:http";
import { gzipSync } from "node:zlib";
import { games, moves, sessions, users } from "../lib/db/schema";
import { openPostgres } from "../lib/db/client";
import { TEST_POSTGRES_URL } from "../lib/db/testing";
import { Game, variantInfo } from "../lib/rules";

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const DIR = opt("--dir", process.cwd());
const SECONDS = Number(opt("--seconds", "8"));
const ROUNDS = Number(opt("--rounds", "3"));
const CONNECTIONS = Number(opt("--connections", "16"));
const PORT = 4300 + Math.floor(Math.random() * 200) * 2;
const DB_NAME = `page_${Date.now().toString(36)}`;

const server = spawn("npx", ["tsx", "tests/e2e/support/serve.ts"], {
  cwd: DIR,
  env: { ...process.env, E2E_PORT: String(PORT), E2E_DB_NAME: DB_NAME, OUTBOX_WORKER: "off" },
  stdio: ["ignore", "ignore", "inherit"],
  detached: true,
});
const stopServer = () => {
  try {
    process.kill(-server.pid!, "SIGTERM");
  } catch {
    // already gone
  }
};
process.on("exit", stopServer);
process.on("SIGINT", () => process.exit(130));

async function waitReady() {
  for (let i = 0; i < 900; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT + 1}/ready`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error("the app did not start");
}

/** A small seeded generator (mulberry32): the same games in every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Up to `plies` random legal moves (fewer if the game ends), optionally until `until` holds. */
function playOut(variant: string, plies: number, seed: number, until?: (g: Game) => boolean) {
  const next = random(seed);
  const startFen = variantInfo(variant).startFen;
  const game = Game.start(variant, startFen);
  const played: { text: string; fenAfter: string }[] = [];
  while (played.length < plies && !(until?.(game))) {
    const legal = game.legalMoves();
    if (legal.length === 0) break;
    const text = game.play(legal[Math.floor(next() * legal.length)].text);
    played.push({ text, fenAfter: game.fen() });
  }
  return { startFen, game, played };
}

await waitReady();
const handle = await openPostgres(`${TEST_POSTGRES_URL}/${DB_NAME}`, { max: 4 });
const db = handle.db;
const [white, black] = await db.insert(users).values([
  { name: "Whitney", email: "whitney@bench.test" }, { name: "Blake", email: "blake@bench.test" },
]).returning();
const token = randomBytes(24).toString("hex");
await db.insert(sessions).values({ sessionToken: token, userId: white.id, expires: new Date(Date.now() + 86_400_000) });
const COOKIE = `authjs.session-token=${token}`;

async function storeGame(variant: string, plies: number, seed: number, finished = false, until?: (g: Game) => boolean): Promise<{ id: string; plies: number }> {
  const { startFen, game, played } = playOut(variant, plies, seed, until);
  const now = new Date();
  const [g] = await db.insert(games).values({
    variant, whiteId: white.id, blackId: black.id, status: finished ? "finished" : "active", startFen, currentFen: game.fen(),
    ply: played.length, daysPerMove: 3, deadline: finished ? null : new Date(now.getTime() + 3 * 86_400_000),
    ...(finished && { result: "1-0" as const, endReason: "resignation" }),
    visibility: "public", createdAt: now, updatedAt: now, lastMoveAt: played.length ? now : null,
  }).returning({ id: games.id });
  if (played.length) {
    await db.insert(moves).values(played.map((m, i) => ({
      gameId: g.id, ply: i + 1, text: m.text, fenAfter: m.fenAfter, playerId: i % 2 === 0 ? white.id : black.id, createdAt: now,
    })));
  }
  return { id: g.id, plies: played.length };
}

const handsFilled = (g: Game) => g.hand().white.length >= 2 && g.hand().black.length >= 2;
const cases = [
  { name: "chess, short", ...(await storeGame("chess", 12, 1)) },
  { name: "chess, long", ...(await storeGame("chess", 200, 2)) },
  { name: "shogi, pieces in hand", ...(await storeGame("shogi", 120, 3, false, (g) => handsFilled(g) && g.turn() === "white")) },
  { name: "fog of war, as a player", ...(await storeGame("fog-of-war", 40, 4)) },
  { name: "chess, finished", ...(await storeGame("chess", 80, 5, true)) },
];

const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });

/** One GET: status and body bytes. */
function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Buffer; location?: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port: PORT, path, agent, headers: { cookie: COOKIE, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), location: res.headers.location }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** The RSC payload inlined into the HTML for hydration (the `self.__next_f.push` scripts). */
function inlinedPayload(html: string): number {
  let bytes = 0;
  for (const m of html.matchAll(/<script[^>]*>(self\.__next_f\.push\([\s\S]*?\))<\/script>/g)) bytes += Buffer.byteLength(m[1]);
  return bytes;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
console.log(`checkout ${DIR}, node ${process.version}, load average ${(await import("node:os")).loadavg().map((l) => l.toFixed(1)).join(" ")}`);
console.log("\nSizes (each read by White, signed in):");
console.log("| game | plies | HTML | HTML gzip | of it, inlined payload | RSC payload | RSC gzip |");
console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
for (const c of cases) {
  const html = await get(`/games/${c.id}`);
  // Next.js answers an RSC request without its cache-busting `_rsc` parameter with a redirect to the address with it.
  let rsc = await get(`/games/${c.id}`, { RSC: "1" });
  if (rsc.status === 307 && rsc.location) rsc = await get(new URL(rsc.location, "http://x").pathname + new URL(rsc.location, "http://x").search, { RSC: "1" });
  if (html.status !== 200 || rsc.status !== 200) throw new Error(`${c.name}: ${html.status} / ${rsc.status}`);
  console.log(`| ${c.name} | ${c.plies} | ${kb(html.body.length)} | ${kb(gzipSync(html.body).length)} | ${kb(inlinedPayload(html.body.toString()))} | ${kb(rsc.body.length)} | ${kb(gzipSync(rsc.body).length)} |`);
}

if (args.includes("--hold")) {
  // For looking into the payloads by hand: the server stays up until this process is interrupted.
  console.log(`\nholding http://127.0.0.1:${PORT} (cookie ${COOKIE}); games: ${cases.map((c) => `${c.name} ${c.id}`).join("; ")}`);
  await new Promise(() => {});
}

if (!args.includes("--sizes-only")) {
  /** Requests/s of `path` over SECONDS with CONNECTIONS concurrent keep-alive connections. */
  async function rate(path: string): Promise<number> {
    const end = Date.now() + SECONDS * 1000;
    let done = 0;
    await Promise.all(Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < end) {
        const r = await get(path);
        if (r.status !== 200) throw new Error(`${path}: ${r.status}`);
        done++;
      }
    }));
    return done / SECONDS;
  }
  const page = `/games/${cases[0].id}`;
  // Warm both up (compiled routes, connections, caches) before counting.
  await rate(page);
  await rate("/variants");
  const pages: number[] = [], floors: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    pages.push(await rate(page));
    floors.push(await rate("/variants"));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`\nThroughput, ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s each (median):`);
  console.log(`| GET /games/<id> (12 plies, White signed in) | ${median(pages).toFixed(0)}/s | rounds ${pages.map((x) => x.toFixed(0)).join(", ")} |`);
  console.log(`| peer: GET /variants | ${median(floors).toFixed(0)}/s | rounds ${floors.map((x) => x.toFixed(0)).join(", ")} |`);
  console.log(`ratio page / variants: ${(median(pages) / median(floors)).toFixed(2)}`);
}
agent.destroy();
await handle.close();
stopServer();
process.exit(0);
