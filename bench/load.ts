/**
 * Load: many games played at once over real HTTP against `next start` with real
 * PostgreSQL on loopback. PLAYERS signed-in players (two per game) each poll their
 * game's state, and when it is their turn load the game page and submit a random
 * legal move through the page's server action — bounded by DURATION seconds.
 * Peer, in the same run: GET /variants, a page that touches no game data (the
 * framework's floor on this machine). Errors must be zero, and every move
 * acknowledged to a player must be stored (exactly those): otherwise the run
 * exits non-zero.
 *
 *   npm run bench:load [-- --players 200 --seconds 60]
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { sessions, users } from "../lib/db/schema";
import { openPostgres } from "../lib/db/client";
import { TEST_POSTGRES_URL } from "../lib/db/testing";
import { acceptInvitation, createChallenge } from "../lib/games";
import { Game } from "../lib/rules";
import { ms, summary } from "./stats";

const args = process.argv.slice(2);
const PLAYERS = Number(args[args.indexOf("--players") + 1]) || 200;
const SECONDS = Number(args[args.indexOf("--seconds") + 1]) || 60;
const PORT = 3900 + Math.floor(Math.random() * 50) * 2;
const ORIGIN = `http://localhost:${PORT}`;
const DB_NAME = `load_${Date.now().toString(36)}`;

const server = spawn("npx", ["tsx", "tests/e2e/support/serve.ts"], {
  env: { ...process.env, E2E_PORT: String(PORT), E2E_DB_NAME: DB_NAME, OUTBOX_WORKER: process.env.OUTBOX_WORKER ?? "on" },
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

function moveActionId(): string {
  const manifest = JSON.parse(readFileSync(".next-e2e/server/server-reference-manifest.json", "utf8")) as {
    node: Record<string, { filename: string; exportedName: string }>;
  };
  const hit = Object.entries(manifest.node).find(([, v]) => v.filename === "app/games/[id]/actions.ts" && v.exportedName === "moveAction");
  if (!hit) throw new Error("moveAction not found in the server reference manifest");
  return hit[0];
}

await waitReady();
const handle = await openPostgres(`${TEST_POSTGRES_URL}/${DB_NAME}`, { max: 20 });
const db = handle.db;
const people = await db.insert(users).values(
  Array.from({ length: PLAYERS }, (_, i) => ({ name: `load${i}`, email: `load${i}@bench.test`, notify: "every-move" as const })),
).returning();
const tokens = people.map(() => randomBytes(24).toString("hex"));
await db.insert(sessions).values(people.map((p, i) => ({ sessionToken: tokens[i], userId: p.id, expires: new Date(Date.now() + 86_400_000) })));
const games: { id: string; white: number; black: number }[] = [];
for (let i = 0; i + 1 < PLAYERS; i += 2) {
  const c = await createChallenge(db, people[i].id, { variant: "chess", color: "white", daysPerMove: 3, opponent: { kind: "user", name: people[i + 1].name! } });
  await acceptInvitation(db, people[i + 1].id, { invitationId: c.invitationId });
  games.push({ id: c.gameId, white: i, black: i + 1 });
}
const actionId = moveActionId();

const pageTimes: number[] = [];
const pollTimes: number[] = [];
const moveTimes: number[] = [];
const floorTimes: number[] = [];
let errors = 0;
let accepted = 0;
const errorSamples: string[] = [];
const fail = (what: string) => {
  errors++;
  if (errorSamples.length < 5) errorSamples.push(what);
};
const end = Date.now() + SECONDS * 1000;

async function timed(times: number[], url: string, init: RequestInit = {}): Promise<Response> {
  const t0 = performance.now();
  const r = await fetch(url, init);
  const body = await r.arrayBuffer();
  times.push(performance.now() - t0);
  return new Response(r.status === 204 ? null : body, { status: r.status, headers: r.headers });
}

interface PolledState {
  status: string;
  startFen: string;
  moves: string[];
  variant: string;
  version: number;
}

/**
 * A player as the game page behaves: the page is loaded when it is their turn (as
 * when they follow the "your turn" email), the move goes through the server
 * action, and while waiting the page polls the state endpoint — here every 2 s,
 * twice as often as the real page does.
 */
async function player(index: number, game: { id: string; white: number; black: number }) {
  const colour = game.white === index ? 0 : 1;
  const cookie = `authjs.session-token=${tokens[index]}`;
  let version = -1;
  let state: PolledState | null = null;
  await new Promise((r) => setTimeout(r, Math.random() * 2000));
  while (Date.now() < end) {
    const t0 = performance.now();
    const poll = await fetch(`${ORIGIN}/games/${game.id}/state${version < 0 ? "" : `?since=${version}`}`, { headers: { cookie } });
    pollTimes.push(performance.now() - t0);
    if (poll.status === 200) {
      const fresh = (await poll.json()) as PolledState;
      state = fresh;
      version = fresh.version;
    } else if (poll.status !== 204) {
      fail(`state ${poll.status}`);
    }
    if (!state || state.status !== "active") return;
    if (state.moves.length % 2 !== colour) {
      await new Promise((r) => setTimeout(r, 2000));
      continue;
    }
    const page = await timed(pageTimes, `${ORIGIN}/games/${game.id}`, { headers: { cookie } });
    if (page.status !== 200) fail(`page ${page.status}`);
    const rules = Game.replay(state.variant, state.startFen, state.moves);
    const legal = rules.legalMoves();
    if (legal.length === 0) return;
    const move = legal[Math.floor(Math.random() * legal.length)].text;
    const res = await timed(moveTimes, `${ORIGIN}/games/${game.id}`, {
      method: "POST",
      headers: {
        cookie, "Next-Action": actionId, "Content-Type": "text/plain;charset=UTF-8", Accept: "text/x-component", Origin: ORIGIN,
      },
      body: JSON.stringify([{ gameId: game.id, expectedPly: state.moves.length, move }]),
    });
    const text = await res.text();
    if (res.status !== 200 || !text.includes('"ok":true')) fail(`move ${res.status} ${text.slice(0, 200)}`);
    else accepted++;
    await timed(floorTimes, `${ORIGIN}/variants`);
  }
}

const t0 = performance.now();
await Promise.all(games.flatMap((g) => [player(g.white, g), player(g.black, g)]));
const elapsed = (performance.now() - t0) / 1000;
const p = summary(pageTimes), m = summary(moveTimes), f = summary(floorTimes), q = summary(pollTimes);
console.log(`${PLAYERS} players in ${games.length} games for ${SECONDS} s (node ${process.version}, load average at end ${(await import("node:os")).loadavg()[0].toFixed(1)})`);
console.log(`game page loads: ${p.n} (${(p.n / elapsed).toFixed(1)}/s), median ${ms(p.median)}, p99 ${ms(p.p99)}`);
console.log(`state polls: ${q.n} (${(q.n / elapsed).toFixed(1)}/s), median ${ms(q.median)}, p99 ${ms(q.p99)}`);
console.log(`moves submitted: ${m.n} (${(m.n / elapsed).toFixed(1)}/s), median ${ms(m.median)}, p99 ${ms(m.p99)}`);
console.log(`peer GET /variants: ${f.n}, median ${ms(f.median)}, p99 ${ms(f.p99)}; ratio page/peer median ${(p.median / f.median).toFixed(1)}×`);
console.log(`errors: ${errors}${errorSamples.length ? ` e.g. ${errorSamples.join(" | ")}` : ""}`);
const [{ n: stored }] = (await handle.db.execute<{ n: number }>(
  (await import("drizzle-orm")).sql`select count(*)::int as n from moves`,
)) as unknown as { n: number }[];
console.log(`moves stored: ${stored} (acknowledged to the players: ${accepted})${stored === accepted ? "" : " — MISMATCH"}`);
await handle.close();
stopServer();
process.exit(errors === 0 && stored === accepted ? 0 : 1);
