/**
 * Load: issue 18's scenario over real HTTP against `npm start` (scripts/start.mjs: APP_PROCESSES
 * app processes and the worker beside them), built as for the browser tests into .next-bench,
 * with real PostgreSQL on loopback. PLAYERS signed-in players, two per chess game; every
 * player's game page is open the whole run: loaded (GET /games/<id>, then /state, as the page
 * reads its state), subscribed to its event stream (/games/<id>/events), applying the move an event
 * carries as the page does (withPushedMove) and reading /state when the stream names a version it
 * cannot make so, and polling it every 30 s as the page's fallback.
 * Players arrive over --ramp seconds, each opening their page; once every page is open, SECONDS
 * are measured: each game moves about once every --move-every seconds (5–15 s for 10), the
 * player to move sending a random legal move through the page's own server action, and each page
 * is loaded again about every --reload seconds. Peer, side by side: GET /variants twice a
 * second, a page that reads no game data.
 *
 * Measured per round: move latency (the action, as the page sends it), page loads, push
 * delivery (from the mover's acknowledgement to each stream of the game hearing the new
 * version), the cores each process used, the stalls of the generator, the machine and the app
 * and which of the slowest moves and peer requests waited through them (stalls.ts), the times of
 * those that waited through no stall of the machine's or the generator's (the app's own), the time the
 * app itself took over each kind of request (server-probe.ts) and, for a move, over each of its
 * stages (lib/stages.ts: the session, for a move only its cookie's read, the game's read with the
 * session's check, the rules' judgement, the write), errors, acknowledged
 * against stored moves per game, the app processes' resident memory (idle before the load, at
 * its peak, and every 15 s for AFTER seconds after the streams closed: the app's idle collection
 * and then V8's memory reducer give memory back in steps), then the capacity: 32 players taking
 * turns (page load, then move) as fast as they are answered, for 20 s. A benchmark that counts
 * losses fails when it finds one: any error or any game whose stored moves differ from those
 * acknowledged exits non-zero.
 *
 *   npm run bench:load -- [--players 200] [--seconds 60] [--processes 1,2,3] [--ramp s] [--move-every 10] [--reload 300] [--after 90] [--notify every-move] [--no-build] [--heap-snapshots] [--cpu-profiles]
 *
 * --notify: the players' email setting (every-move, digest or none), to see what the worker's
 * emails cost the app beside them.
 *
 * --cpu-profiles: each Node process of the served stack (serve.ts, npm start's primary, the apps,
 * the worker) writes a CPU profile of its whole run when it exits (.bench/profiles-<round's
 * database>/<pid>.cpuprofile, server-probe.ts; open one in Chrome's DevTools), to see where an
 * app's time goes under the load. A process killed outright (SIGKILL) writes none.
 *
 * --heap-snapshots: each app process writes a heap snapshot (Heap.*.heapsnapshot, in the project
 * folder; --heapsnapshot-signal) when idle and after the load, to see what it kept.
 *
 * BENCH_PORT picks the port (default: a free one). One build for all rounds, into .next-bench,
 * so the browser tests' build and lock (serve.ts) are never touched; --no-build serves the one there.
 */
import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { resolve } from "node:path";
import http from "node:http";
import { randomBytes } from "node:crypto";
import { cpus, loadavg } from "node:os";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { notifyMode, sessions, users } from "../lib/db/schema";
import { openPostgres } from "../lib/db/client";
import { TEST_POSTGRES_URL } from "../lib/db/testing";
import { acceptInvitation, createChallenge } from "../lib/games";
import { currentGame, withMove, withPushedMove, type GameState, type MoveActionResult } from "../app/_components/game-state";
import { readEvent } from "../app/_components/use-game-updates";
import { actionId, cpuSeconds, rssMb, startServed, type Served } from "../tests/e2e/support/served";
import { ms, percentile, summary } from "./stats";
import { noStalls, note, overlapsStall, serverProbe, stageSplit, startWitness, STALL_MS, type Stalls } from "./stalls";
import { startTicker, TICK_MS } from "./ticker";

const args = process.argv.slice(2);
/** A number given as `--name N` (0 included: `--after 0` reads nothing after the load), else the fallback. */
const arg = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  const given = at >= 0 ? Number(args[at + 1]) : NaN;
  return Number.isFinite(given) ? given : fallback;
};
const PLAYERS = arg("players", 200);
const SECONDS = arg("seconds", 60);
const MOVE_EVERY_S = arg("move-every", 10);
const RELOAD_S = arg("reload", 300);
const AFTER_S = arg("after", 90);
const SNAPSHOTS = args.includes("--heap-snapshots");
const PROFILES = args.includes("--cpu-profiles");
const NOTIFY = z.enum(notifyMode.enumValues).parse(args.includes("--notify") ? args[args.indexOf("--notify") + 1] : "every-move");
const PROCESSES = (args.includes("--processes") ? args[args.indexOf("--processes") + 1] : "1").split(",").map(Number);
if (PROCESSES.some((n) => !Number.isInteger(n) || n < 1)) throw new Error("--processes: 1, or a list such as 1,2,3");
const DIST = ".next-bench";
const SLOW_POLL_MS = 30_000;
/** Players arrive over this many seconds, each opening their page; the measured SECONDS begin once every page is open. */
const RAMP_S = arg("ramp", Math.max(10, Math.ceil(PLAYERS / 20)));
const CAPACITY_PLAYERS = 32;
const CAPACITY_S = 20;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const between = (lo: number, hi: number) => lo + Math.random() * (hi - lo);

interface Round {
  processes: number;
  lines: string[];
  ok: boolean;
  turnsPerS: number;
}

async function round(processes: number, skipBuild: boolean): Promise<Round> {
  const dbName = `load_${Date.now().toString(36)}`;
  const stallsFolder = `.bench/stalls-${dbName}`;
  const probe = serverProbe(stallsFolder);
  const served: Served = await startServed({
    dbName, processes, dist: DIST, skipBuild, port: Number(process.env.BENCH_PORT) || undefined,
    env: {
      // Every player's stream comes from this one address: lift the per-client share (docs/pushed-updates.md#the-fallback-poll).
      STREAMS_PER_CLIENT: String(PLAYERS),
      ...probe.env,
      ...(SNAPSHOTS ? { NODE_OPTIONS: `${probe.env.NODE_OPTIONS} --heapsnapshot-signal=SIGUSR2` } : {}),
      ...(PROFILES ? { PROBE_CPU_PROFILE: resolve(`.bench/profiles-${dbName}`) } : {}),
    },
  });
  const ORIGIN = served.origin;
  const handle = await openPostgres(`${TEST_POSTGRES_URL}/${dbName}`, { max: 10 });
  const db = handle.db;
  const moveId = actionId(DIST, "app/games/[id]/actions.ts", "moveAction");

  const people = await db.insert(users).values(
    Array.from({ length: PLAYERS }, (_, i) => ({ name: `load${i}`, email: `load${i}@bench.test`, notify: NOTIFY })),
  ).returning();
  const tokens = people.map(() => randomBytes(24).toString("hex"));
  await db.insert(sessions).values(people.map((p, i) => ({ sessionToken: tokens[i], userId: p.id, expires: new Date(Date.now() + 86_400_000) })));
  interface BenchGame {
    id: string;
    players: [number, number];
    /** When the player to move sends their move. */
    dueAt: number;
    acknowledged: number;
    /** The version each acknowledged move made, and when its acknowledgement came; and when it was sent. */
    ackAt: Map<number, number>;
    sentAt: Map<number, number>;
  }
  const games: BenchGame[] = [];
  for (let i = 0; i + 1 < PLAYERS; i += 2) {
    const c = await createChallenge(db, people[i].id, { variant: "chess", color: "white", daysPerMove: 3, opponent: { kind: "user", name: people[i + 1].name! } });
    await acceptInvitation(db, people[i + 1].id, { invitationId: c.invitationId });
    games.push({ id: c.gameId, players: [i, i + 1], dueAt: Infinity, acknowledged: 0, ackAt: new Map(), sentAt: new Map() });
  }

  const times = { firstPage: [] as number[], page: [] as number[], state: [] as number[], move: [] as number[], peer: [] as number[], turnPage: [] as number[], turnMove: [] as number[] };
  /** When each measured move and peer request ran, [start, end] in epoch ms, to set beside the stalls. */
  const spans = { move: [] as [number, number][], page: [] as [number, number][], peer: [] as [number, number][] };
  /** Each stream's hearing of a version: [game index, version, when]. */
  const heard: [number, number, number][] = [];
  let errors = 0;
  const samples: string[] = [];
  const fail = (what: string) => {
    errors++;
    if (samples.length < 5) samples.push(what);
  };
  const timed = async (into: number[], url: string, init: RequestInit = {}, span?: [number, number][]) => {
    const t0 = performance.now();
    const r = await fetch(url, init);
    const body = await r.text();
    const t1 = performance.now();
    into.push(t1 - t0);
    span?.push([performance.timeOrigin + t0, performance.timeOrigin + t1]);
    return { status: r.status, body };
  };

  // Memory: every app process (and the worker) read now, each second of the load, and after it.
  const { apps, worker } = served.children();
  const primary = served.primary();
  const rss = () => apps.map((pid) => rssMb(pid));
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  // Warm up each process: a page, a state read, a stream and the peer, on fresh connections.
  const warm = new http.Agent({ keepAlive: false });
  for (let i = 0; i < 4 * processes; i++) {
    const g = games[i % games.length];
    const cookie = `authjs.session-token=${tokens[g.players[0]]}`;
    await fetch(`${ORIGIN}/games/${g.id}`, { headers: { cookie, connection: "close" } }).then((r) => r.text());
    await fetch(`${ORIGIN}/games/${g.id}/state`, { headers: { cookie, connection: "close" } }).then((r) => r.text());
    await fetch(`${ORIGIN}/variants`, { headers: { connection: "close" } }).then((r) => r.text());
    await new Promise<void>((resolve) => {
      const req = http.get({ host: "127.0.0.1", port: served.port, path: `/games/${g.id}/events`, agent: warm }, (res) => {
        res.once("data", () => {
          req.destroy();
          resolve();
        });
      });
      req.on("error", () => resolve());
    });
  }
  await sleep(5000);
  const idle = rss();
  await snapshot(apps, "idle");
  let peak = idle.slice();
  const sampler = setInterval(() => {
    peak = rss().map((v, i) => Math.max(v, peak[i]));
  }, 1000);

  const streamAgent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const start = Date.now();
  // The measured part begins once every page is open (the machine may take longer than the ramp).
  let end = Infinity;
  let steadyAt = Infinity;
  let opened = 0;
  const steady = () => Date.now() >= steadyAt;
  // From the moment every page is open: the CPU used, the generator's own stalls, and the
  // machine's (a process that does nothing else).
  const generatorStalls = noStalls();
  const measuring: { cpu?: CpuSeconds; stopTicker?: () => void; witness?: ReturnType<typeof startWitness> } = {};
  const allOpen = () => {
    measuring.cpu = cpuNow(primary, apps, worker);
    measuring.stopTicker = startTicker((at, late) => note(generatorStalls, at, late));
    measuring.witness = startWitness();
    steadyAt = Date.now();
    end = steadyAt + SECONDS * 1000;
    for (const g of games) g.dueAt = steadyAt + between(0, MOVE_EVERY_S * 1000);
  };
  let closing = false;

  /** One player's open game page, for the whole run. */
  async function page(index: number, g: number) {
    const game = games[g];
    const colour = game.players[0] === index ? 0 : 1;
    const cookie = `authjs.session-token=${tokens[index]}`;
    let state: GameState | null = null;
    let stream: http.ClientRequest | null = null;
    let newest = -1;
    let newestChat = -1;
    let polledAt = 0;
    let reloadAt = 0;
    const readState = async () => {
      polledAt = Date.now();
      const since = state ? `?since=${state.version}${state.chat ? `&chat=${state.chat.version}` : ""}` : "";
      try {
        const r = await timed(times.state, `${ORIGIN}/games/${game.id}/state${since}`, { headers: { cookie } });
        if (r.status === 200) {
          const fresh = JSON.parse(r.body) as GameState;
          if (!state || fresh.version >= state.version) state = fresh;
        } else if (r.status !== 204) fail(`state ${r.status}`);
      } catch (e) {
        fail(`state: ${(e as Error).message}`);
      }
    };
    const subscribe = () => {
      const s = state!;
      const req = http.get({
        host: "127.0.0.1", port: served.port, agent: streamAgent, headers: { cookie },
        path: `/games/${game.id}/events?since=${s.version}${s.chat ? `.${s.chat.version}` : ""}`,
      }, (res) => {
        if (res.statusCode !== 200) {
          fail(`events ${res.statusCode}`);
          res.resume();
          return;
        }
        res.setEncoding("utf8");
        let buffered = "";
        res.on("data", (chunk: string) => {
          const at = performance.now();
          buffered += chunk;
          for (let end = buffered.indexOf("\n\n"); end >= 0; end = buffered.indexOf("\n\n")) {
            const data = buffered.slice(0, end).split("\n").find((l) => l.startsWith("data: "));
            buffered = buffered.slice(end + 2);
            const event = data === undefined ? null : readEvent(data.slice(6));
            if (!event) continue;
            heard.push([g, event.version, at]);
            newest = Math.max(newest, event.version);
            if (event.chat !== undefined) newestChat = Math.max(newestChat, event.chat);
            // As the page: a move the event carries is applied, not read, and the fallback poll's clock starts again.
            const next = event.move && state ? withPushedMove(state, event.move, event.version) : null;
            if (next) {
              state = next;
              polledAt = Date.now();
            }
          }
        });
        res.on("end", () => {
          if (!closing && stream === req) fail("event stream ended by the server");
        });
      });
      req.on("error", (e) => {
        if (!closing && stream === req) fail(`events: ${e.message}`);
      });
      stream = req;
    };
    const open = async () => {
      const old = stream;
      stream = null;
      old?.destroy();
      try {
        const r = await timed(old ? times.page : times.firstPage, `${ORIGIN}/games/${game.id}`, { headers: { cookie } }, old ? spans.page : undefined);
        if (r.status !== 200) fail(`page ${r.status}`);
      } catch (e) {
        fail(`page: ${(e as Error).message}`);
      }
      state = null;
      await readState();
      if (state) subscribe();
      reloadAt = Date.now() + between(0, 2) * RELOAD_S * 1000;
    };

    await sleep(between(0, RAMP_S * 1000));
    await open();
    if (++opened === PLAYERS) allOpen();
    while (Date.now() < end) {
      const s = state as GameState | null;
      if (!s) {
        await open();
        continue;
      }
      if (newest > s.version || (s.chat && newestChat > s.chat.version) || Date.now() - polledAt >= SLOW_POLL_MS) await readState();
      else if (steady() && Date.now() >= reloadAt) await open();
      else if (s.status === "active" && s.moves.length % 2 === colour && Date.now() >= game.dueAt) {
        const legal = currentGame(s).legalMoves();
        if (legal.length === 0) break;
        const move = legal[Math.floor(Math.random() * legal.length)].text;
        // The game's next move is due from this one's sending: the opponent, who may hear of it
        // (the push) before this page has the answer, must not find the old time already passed.
        game.dueAt = Date.now() + between(0.5, 1.5) * MOVE_EVERY_S * 1000;
        const sent = performance.now();
        try {
          const r = await timed(times.move, `${ORIGIN}/games/${game.id}`, {
            method: "POST",
            headers: { cookie, "Next-Action": moveId, "Content-Type": "text/plain;charset=UTF-8", Accept: "text/x-component", Origin: ORIGIN },
            body: JSON.stringify([{ gameId: game.id, expectedPly: s.moves.length, move }]),
          }, spans.move);
          const answer = actionAnswer(r.body);
          if (r.status !== 200 || !answer?.ok) fail(`move ${r.status} ${r.body.slice(0, 200)}`);
          else {
            game.acknowledged++;
            // The usual answer is what the move changed (the page's withMove); an end or a conditional answer brings the whole state.
            const version = "played" in answer ? answer.played.version : answer.state.version;
            game.ackAt.set(version, performance.now());
            game.sentAt.set(version, sent);
            const held = state ?? s;
            if ("played" in answer) state = withMove(held, answer.played, colour === 0 ? "white" : "black");
            else if (version >= held.version) state = answer.state;
          }
        } catch (e) {
          fail(`move: ${(e as Error).message}`);
        }
      } else await sleep(100);
    }
    closing = true;
    (stream as http.ClientRequest | null)?.destroy();
  }

  async function peer() {
    while (Date.now() < end) {
      try {
        const r = steady() ? await timed(times.peer, `${ORIGIN}/variants`, {}, spans.peer) : await timed([], `${ORIGIN}/variants`);
        if (r.status !== 200) fail(`peer ${r.status}`);
      } catch (e) {
        fail(`peer: ${(e as Error).message}`);
      }
      await sleep(500);
    }
  }

  const t0 = performance.now();
  await Promise.all([peer(), ...games.flatMap((game, g) => game.players.map((p) => page(p, g)))]);
  const elapsed = (performance.now() - t0) / 1000;
  const cpuUsed = measuring.cpu && cores(measuring.cpu, cpuNow(primary, apps, worker), (Date.now() - steadyAt) / 1000);
  measuring.stopTicker?.();
  measuring.witness?.stop();
  const machineStalls = measuring.witness?.stalls ?? noStalls();
  const measuredUntil = Date.now();
  const appTimes = apps.map((pid) => probe.read(pid, steadyAt, measuredUntil));
  const appStalls = appTimes.map((a) => a.stalls);
  const workerStalls = worker === null ? null : probe.read(worker, steadyAt, measuredUntil).stalls;
  const appTook = (kind: string) => {
    const t = summary(appTimes.flatMap((a) => (a.requests[kind] ?? []).map(([, took]) => took)));
    return `${t.n}, ${ms(t.median)} / ${ms(t.p99)}`;
  };
  const moveStages = stageSplit(appTimes.flatMap((a) => a.requests.action ?? []));
  rmSync(stallsFolder, { recursive: true, force: true });
  clearInterval(sampler);
  const load = loadavg()[0];

  // After the load, every stream closed: does each process give back what it took?
  const afterSeries: { s: number; mb: number[] }[] = [];
  for (let s = 15; s <= AFTER_S; s += 15) {
    await sleep(15_000);
    afterSeries.push({ s, mb: rss() });
  }
  const after = afterSeries.at(-1)?.mb ?? rss();
  await snapshot(apps, "after");
  // A heap snapshot collects all garbage first: what the process holds then is what a full GC leaves.
  const collected = SNAPSHOTS ? rss() : null;

  // Capacity: players taking turns (the page, then a move) as fast as they are answered.
  const capStart = Date.now();
  const capEnd = capStart + CAPACITY_S * 1000;
  let turns = 0;
  await Promise.all(games.slice(0, CAPACITY_PLAYERS).map(async (game) => {
    while (Date.now() < capEnd) {
      const state = JSON.parse((await fetch(`${ORIGIN}/games/${game.id}/state`, { headers: { cookie: `authjs.session-token=${tokens[game.players[0]]}` } }).then((r) => r.text()))) as GameState;
      if (state.status !== "active") return;
      const mover = game.players[state.moves.length % 2];
      const cookie = `authjs.session-token=${tokens[mover]}`;
      const legal = currentGame(state).legalMoves();
      const page = await timed(times.turnPage, `${ORIGIN}/games/${game.id}`, { headers: { cookie } });
      if (page.status !== 200) fail(`page ${page.status}`);
      const r = await timed(times.turnMove, `${ORIGIN}/games/${game.id}`, {
        method: "POST",
        headers: { cookie, "Next-Action": moveId, "Content-Type": "text/plain;charset=UTF-8", Accept: "text/x-component", Origin: ORIGIN },
        body: JSON.stringify([{ gameId: game.id, expectedPly: state.moves.length, move: legal[Math.floor(Math.random() * legal.length)].text }]),
      });
      if (r.status !== 200 || !actionAnswer(r.body)?.ok) fail(`move ${r.status} ${r.body.slice(0, 200)}`);
      else {
        game.acknowledged++;
        turns++;
      }
    }
  }));
  // Over the time the last turn took to end: under load one turn may outlast the window.
  const turnsPerS = turns / ((Date.now() - capStart) / 1000);

  // Push delivery: each hearing of a version a move made, from that move's acknowledgement.
  // The stream usually hears of a move before its mover's answer arrives (the answer carries the
  // rendered state): so also from the move's sending, which bounds the push from above.
  const delays: number[] = [];
  const fromSent: number[] = [];
  let early = 0;
  for (const [g, v, at] of heard) {
    const ack = games[g].ackAt.get(v);
    if (ack === undefined) continue;
    if (at < ack) early++;
    delays.push(Math.max(0, at - ack));
    fromSent.push(at - games[g].sentAt.get(v)!);
  }
  const expected = sum(games.map((game) => game.ackAt.size)) * 2;

  const stored = new Map(
    ((await db.execute(sql`select game_id as id, count(*)::int as n from moves group by game_id`)) as unknown as { id: string; n: number }[]).map((r) => [r.id, r.n]),
  );
  const lost = games.filter((game) => (stored.get(game.id) ?? 0) !== game.acknowledged);
  const [{ waiting }] = (await db.execute(sql`select count(*)::int as waiting from email_outbox where status in ('pending', 'sending')`)) as unknown as { waiting: number }[];
  await handle.close();
  await served.stop();

  const fp = summary(times.firstPage), p = summary(times.page), m = summary(times.move), q = summary(times.state), f = summary(times.peer), d = summary(delays), ds = summary(fromSent);
  const tp = summary(times.turnPage), tm = summary(times.turnMove);
  const mb = (xs: number[]) => `${sum(xs).toFixed(0)} MB (${xs.map((x) => x.toFixed(0)).join(" + ")})`;
  const lines = [
    `${processes} app process${processes > 1 ? "es" : ""} + worker: ${PLAYERS} players (emails: ${NOTIFY}) in ${games.length} games arriving over ${RAMP_S} s, every page open after ${((steadyAt - start) / 1000).toFixed(0)} s, then ${SECONDS} s measured (load average at the end ${load.toFixed(1)}; node ${process.version})`,
    `  game page loads, opening: ${fp.n}, median ${ms(fp.median)}, p99 ${ms(fp.p99)}`,
    `  moves (server action): ${m.n} (${(m.n / SECONDS).toFixed(1)}/s), median ${ms(m.median)}, p99 ${ms(m.p99)}`,
    `  game pages loaded again (each about every ${RELOAD_S} s): ${p.n} (${(p.n / SECONDS).toFixed(1)}/s), median ${ms(p.median)}, p99 ${ms(p.p99)}`,
    `  state reads: ${q.n} (${(q.n / elapsed).toFixed(1)}/s), median ${ms(q.median)}, p99 ${ms(q.p99)}`,
    `  push delivery (acknowledgement → each stream of the game): ${d.n} of ${expected}, median ${ms(d.median)}, p99 ${ms(d.p99)} (${early} heard before the mover's acknowledgement, counted 0); from the move's sending: median ${ms(ds.median)}, p99 ${ms(ds.p99)}`,
    `  peer GET /variants: ${f.n}, median ${ms(f.median)}, p99 ${ms(f.p99)}; measured page loads/peer median ${(p.median / f.median).toFixed(1)}×`,
    `  stalls while measured, a wake asked for every ${TICK_MS} ms, late: the machine's (a process of its own) ${stallSummary(machineStalls)}; the generator's ${stallSummary(generatorStalls)}; ${appStalls.map((a, i) => `app ${i + 1}'s ${stallSummary(a)}`).join("; ")}${workerStalls ? `; the worker's ${stallSummary(workerStalls)}` : ""}`,
    ...(["move", "peer"] as const).map((kind) => `  the slowest 1 % of ${kind === "move" ? "moves" : "peer requests"}: ${slowest(spans[kind], machineStalls, generatorStalls, appStalls)}`),
    `  those that waited through no stall of the machine's or the generator's (what the app gives when it has the cores to itself), median / p99: ${(["move", "page", "peer"] as const).map((kind) => `${kind === "move" ? "moves" : kind === "page" ? "pages loaded again" : "peer"} ${clearOf(spans[kind], [machineStalls, generatorStalls])}`).join("; ")}`,
    `  as the app took them (arrival to the answer's last byte handed on), median / p99: moves ${appTook("action")}; pages ${appTook("page")}; state reads ${appTook("state")}; peer ${appTook("peer")}`,
    `  a move's stages in the app (lib/stages.ts): ${moveStages}`,
    `  statements to PostgreSQL as the app took them (handed to the socket to their answer read; no wait in the driver's queue), median / p99: ${appTook("db")}`,
    `  cores used while measured (of ${cpus().length}): ${cpuUsed ? Object.entries(cpuUsed).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(", ") : "(the pages never all opened)"}`,
    `  app memory (RSS): idle ${mb(idle)}, peak ${mb(peak)}, ${afterSeries.length ? `after ${afterSeries.map((a) => `${a.s} s ${sum(a.mb).toFixed(0)}`).join(", ")}; ` : ""}${AFTER_S} s after ${mb(after)}: ${((sum(after) / sum(idle) - 1) * 100).toFixed(0)} % above idle${worker ? "" : " (no worker process)"}${collected ? `; after the heap snapshot's full GC ${mb(collected)}` : ""}`,
    `  capacity: ${CAPACITY_PLAYERS} players taking turns as fast as answered: ${turnsPerS.toFixed(1)} turns/s (page median ${ms(tp.median)}, move median ${ms(tm.median)})`,
    `  errors: ${errors}${samples.length ? ` e.g. ${samples.join(" | ")}` : ""}`,
    `  moves acknowledged ${sum(games.map((game) => game.acknowledged))}, stored ${sum([...stored.values()])}; games where they differ: ${lost.length}; emails still queued at the end: ${waiting}`,
  ];
  for (const l of lines) console.log(l);
  return { processes, lines, ok: errors === 0 && lost.length === 0, turnsPerS };
}

function stallSummary(stalls: Stalls): string {
  const late = [...stalls.late].sort((a, b) => a - b);
  return `p99 ${ms(percentile(late, 99))}, max ${ms(late.at(-1) ?? NaN)}, ${stalls.long.length} of ${late.length} wakes ${STALL_MS} ms or more late`;
}

/**
 * The slowest 1 % of `spans`, by the first of these they waited through: a stall of the machine's
 * witness (every process paused, or short of a core), one of the generator's own (the answer read
 * late), one of an app process's event loop (with several processes, any one's: which served the
 * request is not known); or none (waiting on the database, a pooled connection or the network).
 */
function slowest(spans: [number, number][], machine: Stalls, generator: Stalls, apps: Stalls[]): string {
  if (spans.length === 0) return "none measured";
  const slow = [...spans].sort((a, b) => b[1] - b[0] - (a[1] - a[0])).slice(0, Math.ceil(spans.length / 100));
  const causes = [machine, generator, { late: [], long: apps.flatMap((a) => a.long) }];
  const counts = [0, 0, 0, 0];
  for (const [s, e] of slow) {
    const i = causes.findIndex((c) => overlapsStall(c, s, e));
    counts[i < 0 ? 3 : i]++;
  }
  const shortest = slow.at(-1)!;
  return `${slow.length} of ${spans.length}, ${ms(shortest[1] - shortest[0])} or more, waited through a stall of the machine ${counts[0]}, else of the generator ${counts[1]}, else of an app's event loop ${counts[2]}, none ${counts[3]}`;
}

/** The times of the `spans` that overlapped none of the `stalls`: n of all, median / p99. */
function clearOf(spans: [number, number][], stalls: Stalls[]): string {
  const clear = summary(spans.filter(([s, e]) => !stalls.some((st) => overlapsStall(st, s, e))).map(([s, e]) => e - s));
  return `${clear.n} of ${spans.length}, ${ms(clear.median)} / ${ms(clear.p99)}`;
}

/** CPU seconds so far, by who used them. */
type CpuSeconds = Record<"apps" | "primary" | "worker" | "PostgreSQL" | "generator" | "machine" | "steal", number>;

/**
 * Who uses the cores while the load is measured: on one machine the generator and PostgreSQL
 * share them with the app, and a request that waits to be scheduled is slow for no fault of the
 * app's. PostgreSQL's processes are read with their exited children (backends that closed).
 */
function cpuNow(primary: number, apps: number[], worker: number | null): CpuSeconds {
  const postgres = readdirSync("/proc").filter((d) => /^\d+$/.test(d) && comm(d) === "postgres");
  const [, ...ticks] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).map(Number);
  // user nice system idle iowait irq softirq steal: busy is what this machine ran; steal is the
  // time its virtual cores wanted to run and the host ran something else.
  const busy = ticks[0] + ticks[1] + ticks[2] + ticks[5] + ticks[6];
  const own = process.cpuUsage();
  return {
    apps: apps.reduce((a, pid) => a + cpuSeconds(pid), 0),
    // npm start's primary: with Node's cluster it accepts each connection and hands it to an app process.
    primary: cpuSeconds(primary),
    worker: worker === null ? 0 : cpuSeconds(worker),
    PostgreSQL: postgres.reduce((a, pid) => a + safely(() => cpuSeconds(Number(pid), true)), 0),
    generator: (own.user + own.system) / 1e6,
    machine: busy / 100,
    steal: (ticks[7] ?? 0) / 100,
  };
}

const comm = (pid: string) => safely(() => readFileSync(`/proc/${pid}/comm`, "utf8").trim(), "");

/** A process may exit between listing /proc and reading it. */
function safely<T>(read: () => T, otherwise: T = 0 as T): T {
  try {
    return read();
  } catch {
    return otherwise;
  }
}

/** Cores each used between two readings `seconds` apart, and what the machine used besides. */
function cores(before: CpuSeconds, after: CpuSeconds, seconds: number): Record<string, number> {
  const used = Object.fromEntries(Object.keys(after).map((k) => [k, (after[k as keyof CpuSeconds] - before[k as keyof CpuSeconds]) / seconds])) as CpuSeconds;
  const { steal, ...ran } = used;
  return { ...ran, "anything else": used.machine - used.apps - used.primary - used.worker - used.PostgreSQL - used.generator, "stolen by the host": steal };
}

/** With --heap-snapshots: each process writes one (as it gets to it), and we wait until every file is whole. */
async function snapshot(pids: number[], label: string) {
  if (!SNAPSHOTS) return;
  const mine = () => readdirSync(".").filter((f) => f.endsWith(".heapsnapshot") && pids.some((pid) => f.includes(`.${pid}.`)));
  const before = new Set(mine());
  for (const pid of pids) process.kill(pid, "SIGUSR2");
  let sizes = "";
  for (;;) {
    await sleep(2000);
    const fresh = mine().filter((f) => !before.has(f));
    const now = fresh.map((f) => statSync(f).size).join();
    if (fresh.length === pids.length && now === sizes) {
      console.log(`  heap snapshots (${label}): ${fresh.join(", ")}`);
      return;
    }
    sizes = now;
  }
}

/** The server action's answer in its RSC payload: the line that carries `{"ok":…}`. */
function actionAnswer(body: string): MoveActionResult | null {
  for (const line of body.split("\n")) {
    const json = line.replace(/^[0-9a-f]+:/, "");
    if (!json.startsWith('{"ok":')) continue;
    try {
      return JSON.parse(json) as MoveActionResult;
    } catch {
      return null;
    }
  }
  return null;
}

const rounds: Round[] = [];
for (const [i, n] of PROCESSES.entries()) rounds.push(await round(n, i > 0 || args.includes("--no-build")));
if (rounds.length > 1) {
  const base = rounds[0];
  console.log(`capacity scaling: ${rounds.map((r) => `${r.processes} → ${r.turnsPerS.toFixed(1)} turns/s (${(r.turnsPerS / base.turnsPerS).toFixed(2)}×)`).join(", ")}`);
}
process.exit(rounds.every((r) => r.ok) ? 0 : 1);
