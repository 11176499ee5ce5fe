/**
 * The archive with a large database: 100,000 finished games with real moves
 * (npm run seed) in a scratch PostgreSQL database, then
 *   - the archive query (lib/games/archive.listArchive) for common searches: median, p99;
 *   - EXPLAIN (ANALYZE) of each: the plan's key lines, to see the indexes used;
 *   - the page render over HTTP (next start on that database): /games?… and a player page;
 *   - board pictures: position read, SVG, PNG (and the PNG endpoint over HTTP).
 * Results are printed and appended to BENCHMARKS.md.
 *
 *   npm run bench:archive [-- --games 100000 --runs 200 --reseed --no-http]
 *
 * The database (bench_archive on the test server, or BENCH_DATABASE_URL) is kept
 * between runs and seeded again only when it holds fewer games than asked for.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import postgres from "postgres";
import { boardSvg, svgToPng } from "../app/_pictures/render";
import { openPostgres } from "../lib/db/client";
import { TEST_POSTGRES_URL } from "../lib/db/testing";
import { archiveSql, listArchive } from "../lib/games/archive";
import { parseArchiveQuery } from "../lib/games/archive-params";
import { positionAt } from "../lib/games/pictures";
import { ms, summary } from "./stats";

const args = process.argv.slice(2);
const num = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const GAMES = num("games", 100_000);
const RUNS = num("runs", 200);
const HTTP = !args.includes("--no-http");
const DB_NAME = "bench_archive";
const URL_ = process.env.BENCH_DATABASE_URL ?? `${TEST_POSTGRES_URL}/${DB_NAME}`;
const PORT = 3390;
// How long the kept database took to seed, for the report of a later run.
const SEED_NOTE = ".bench/archive-seed.json";

const lines: string[] = [];
const out = (s = "") => {
  console.log(s);
  lines.push(s);
};

async function ensureSeeded(): Promise<{ seeded: boolean; seconds: number }> {
  const admin = postgres(`${TEST_POSTGRES_URL}/postgres`, { max: 1, onnotice: () => {} });
  try {
    const exists = (await admin`select 1 from pg_database where datname = ${DB_NAME}`).length > 0;
    if (exists && !args.includes("--reseed")) {
      const sql = postgres(URL_, { max: 1, onnotice: () => {} });
      try {
        const [{ n }] = await sql`select count(*)::int as n from games where status = 'finished'`;
        if (n >= GAMES) {
          const note = existsSync(SEED_NOTE) ? (JSON.parse(readFileSync(SEED_NOTE, "utf8")) as { seconds: number }) : null;
          return { seeded: false, seconds: note?.seconds ?? 0 };
        }
      } catch {
        // not migrated yet: seed below
      } finally {
        await sql.end();
      }
    }
    if (!process.env.BENCH_DATABASE_URL) {
      await admin.unsafe(`drop database if exists "${DB_NAME}" with (force)`);
      await admin.unsafe(`create database "${DB_NAME}"`);
    }
  } finally {
    await admin.end();
  }
  const t = performance.now();
  const r = spawnSync("npx", ["tsx", "scripts/seed.ts", "--games", String(GAMES), "--finished-only", "--seed", "1"], {
    stdio: "inherit", env: { ...process.env, DATABASE_URL: URL_ },
  });
  if (r.status !== 0) throw new Error("seeding failed");
  const seconds = (performance.now() - t) / 1000;
  mkdirSync(".bench", { recursive: true });
  writeFileSync(SEED_NOTE, JSON.stringify({ seconds, games: GAMES, at: new Date().toISOString() }));
  return { seeded: true, seconds };
}

/** Common searches, as the archive's query strings. */
function searches(player: string, opponent: string, deep: string): [string, string][] {
  return [
    ["all games, last move first (the default /games)", ""],
    ["all games, page ~50 (keyset cursor 1,000 rows in)", `after=${deep}`],
    ["one game (variant=compound)", "variant=compound"],
    ["one game, by start date, oldest first", "variant=chess&sort=started&order=oldest"],
    ["a player", `player=${player}`],
    ["a player against an opponent", `player=${player}&opponent=${opponent}`],
    ["a player's wins in one game", `player=${player}&variant=chess&result=won`],
    ["draws", "result=draw"],
    ["how it ended (checkmate)", "ended=checkmate"],
    ["rare ending (bare royal)", "ended=bare-royal"],
    ["one month of last moves", "from=2025-03-01&to=2025-03-31"],
    ["long games (min_moves=60)", "min_moves=60"],
    ["one game, short games, a month", "variant=friendly&max_moves=20&from=2024-01-01&to=2024-12-31"],
  ];
}

async function timeIt(runs: number, f: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < Math.min(20, runs); i++) await f();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await f();
    samples.push(performance.now() - t);
  }
  return samples;
}

/** The lines of a plan that say how the games are found: scans and the indexes they use, sorts, filters, time. */
function keyPlanLines(plan: string[]): string[] {
  return plan
    .filter((l) => /Index Scan|Index Only Scan|Bitmap|Seq Scan on games|Sort Key|Sort Method|Limit|Execution Time|Rows Removed by Filter/.test(l))
    .filter((l) => !/users_pkey|on users/.test(l))
    .map((l) => l.replace(/\s+\(cost=[^)]*\)/, "").replace(/ \(actual time=([\d.]+)\.\.([\d.]+) rows=(\d+) loops=(\d+)\)/, " (rows=$3, $2 ms)").trimEnd())
    .slice(0, 14);
}

async function startServer(): Promise<ChildProcess> {
  if (!existsSync(".next-bench/BUILD_ID") || args.includes("--build")) {
    const b = spawnSync("npx", ["next", "build"], { stdio: "inherit", env: { ...process.env, NEXT_DIST_DIR: ".next-bench" } });
    if (b.status !== 0) throw new Error("next build failed");
  }
  const app = spawn("npx", ["next", "start", "-p", String(PORT)], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env, NODE_ENV: "production", NEXT_DIST_DIR: ".next-bench", DATABASE_URL: URL_,
      SITE_URL: `http://localhost:${PORT}`, AUTH_URL: `http://localhost:${PORT}`, AUTH_SECRET: "bench-secret-not-for-production-0123456789", OUTBOX_WORKER: "off",
    },
    detached: true,
  });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://localhost:${PORT}/games`)).status === 200) return app;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("next start did not answer");
}

const handleSeed = await ensureSeeded();
const handle = await openPostgres(URL_, { max: 4 });
const db = handle.db;
const raw = postgres(URL_, { max: 1, onnotice: () => {} });
let server: ChildProcess | null = null;
try {
  await raw`analyze`;
  const [{ games, moves, publicGames }] = await raw`select (select count(*)::int from games) as games,
    (select count(*)::int from moves) as moves, (select count(*)::int from games where visibility = 'public') as "publicGames"`;
  const [{ player, opponent }] = await raw`select w.name as player, b.name as opponent from games g join users w on w.id = g.white_id
    join users b on b.id = g.black_id where g.visibility = 'public' order by g.id limit 1`;
  const [deepRow] = await raw`select to_char(coalesce(last_move_at, created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id
    from games where visibility = 'public' and status <> 'cancelled' order by coalesce(last_move_at, created_at) desc, id desc offset 1000 limit 1`;
  const deep = Buffer.from(`${deepRow.at}|${deepRow.id}`).toString("base64url");
  const load = os.loadavg().map((x) => x.toFixed(1)).join(" ");

  out(`## Archive with ${games.toLocaleString("en")} games (issue 6)`);
  out("");
  out(`    npm run bench:archive${args.length ? ` -- ${args.join(" ")}` : ""}`);
  out("");
  out(`${new Date().toISOString().slice(0, 10)}, PostgreSQL 15 on 127.0.0.1, Node ${process.version}, ${os.cpus().length} cores, load average ${load}.`);
  out(`Data: \`npm run seed -- --games ${GAMES} --finished-only --seed 1\`: ${games.toLocaleString("en")} finished games (${publicGames.toLocaleString("en")} public), ${moves.toLocaleString("en")} moves` +
    (handleSeed.seeded ? `, seeded in ${handleSeed.seconds.toFixed(0)} s.` : handleSeed.seconds ? `, seeded by an earlier run in ${handleSeed.seconds.toFixed(0)} s.` : " (seeded by an earlier run)."));
  out(`Each figure: ${RUNS} runs after 20 warm-up runs; page size 20 (21 rows read).`);
  out("");
  out("### Archive query (listArchive: name lookup + page query)");
  out("");
  out("| search | query string | rows | median | p99 |");
  out("| --- | --- | ---: | ---: | ---: |");
  const plans: [string, string[]][] = [];
  for (const [label, qs] of searches(player, opponent, deep)) {
    const q = parseArchiveQuery(new URLSearchParams(qs));
    if (q.problems.length) throw new Error(`${qs}: ${q.problems.join("; ")}`);
    let rows = 0;
    const s = summary(await timeIt(RUNS, async () => {
      rows = (await listArchive(db, q)).entries.length;
    }));
    out(`| ${label} | \`${qs || "(none)"}\` | ${rows} | ${ms(s.median)} | ${ms(s.p99)} |`);
    const { sql: text, params } = await archiveSql(db, q);
    const plan = (await raw.unsafe(`explain (analyze, buffers) ${text}`, params as never[])).map((r) => r["QUERY PLAN"] as string);
    plans.push([label, keyPlanLines(plan)]);
  }
  out("");
  out("### Query plans (EXPLAIN ANALYZE, key lines)");
  out("");
  for (const [label, plan] of plans) {
    out(`${label}:`);
    out("");
    for (const l of plan) out(`    ${l}`);
    out("");
  }

  // Board pictures: a position of a random game at a random ply.
  const sample = await raw`select id, ply from games where visibility = 'public' order by md5(id) limit 300`;
  const picks = sample.map((r, i) => ({ id: r.id as string, ply: Math.floor(((i * 7919) % 1000) / 1000 * ((r.ply as number) + 1)) }));
  const read: number[] = [];
  const svgT: number[] = [];
  const pngT: number[] = [];
  const byVariant = new Map<string, number[]>();
  for (let round = 0; round < 2; round++) {
    for (const p of picks) {
      let t = performance.now();
      const lookup = await positionAt(db, p.id, null, p.ply);
      const tRead = performance.now() - t;
      if (!lookup.ok) throw new Error(`no position for ${p.id} at ${p.ply}`);
      t = performance.now();
      const svg = boardSvg(lookup.position.drawing, { flip: false, squarePx: 60 });
      const tSvg = performance.now() - t;
      t = performance.now();
      svgToPng(svg);
      const tPng = performance.now() - t;
      if (round === 0) continue; // warm-up
      read.push(tRead);
      svgT.push(tSvg);
      pngT.push(tPng);
      const v = lookup.position.view.game.variant;
      byVariant.set(v, [...(byVariant.get(v) ?? []), tRead + tSvg + tPng]);
    }
  }
  out("### Board pictures (300 positions: random games, random plies)");
  out("");
  out("| step | median | p99 |");
  out("| --- | ---: | ---: |");
  for (const [label, s] of [["read the position (one game row + one move row)", read], ["draw the SVG", svgT], ["rasterise to PNG (resvg, 60 px squares)", pngT]] as const) {
    const x = summary(s);
    out(`| ${label} | ${ms(x.median)} | ${ms(x.p99)} |`);
  }
  const total = summary(read.map((r, i) => r + svgT[i] + pngT[i]));
  out(`| **PNG in all** | **${ms(total.median)}** | **${ms(total.p99)}** |`);
  out("");
  out("Per game (PNG in all, median): " + [...byVariant].map(([v, s]) => `${v} ${ms(summary(s).median)}`).join(", ") + ".");
  out("");

  if (HTTP) {
    server = await startServer();
    const get = async (path: string) => {
      const r = await fetch(`http://localhost:${PORT}${path}`);
      if (r.status !== 200) throw new Error(`${path}: ${r.status}`);
      await r.arrayBuffer();
    };
    out("### Page render over HTTP (next start, production build, no session)");
    out("");
    out("| page | median | p99 |");
    out("| --- | ---: | ---: |");
    const pages: [string, string][] = [
      ["/games", "/games"],
      ["/games, deep page", `/games?after=${deep}`],
      ["/games?variant=compound", "/games?variant=compound"],
      [`/games?player=…&opponent=…`, `/games?player=${player}&opponent=${opponent}`],
      ["/games?ended=checkmate&min_moves=30", "/games?ended=checkmate&min_moves=30"],
      [`/players/… (summary, games in progress, search)`, `/players/${player}`],
      [`/players/…/feed.xml`, `/players/${player}/feed.xml`],
      ["/games/…/board.png?ply=N", `/games/${picks[0].id}/board.png?ply=${picks[0].ply}`],
      ["/games/…/record", `/games/${picks[1].id}/record`],
    ];
    const httpRuns = Math.max(20, Math.floor(RUNS / 2));
    for (const [label, path] of pages) {
      const s = summary(await timeIt(httpRuns, () => get(path)));
      out(`| \`${label}\` | ${ms(s.median)} | ${ms(s.p99)} |`);
    }
    out("");
    out(`(${httpRuns} sequential requests each, after 20 warm-up requests, from this process to 127.0.0.1.)`);
    out("");
  }
} finally {
  if (server?.pid) {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
  await raw.end();
  await handle.close();
}

appendFileSync("BENCHMARKS.md", `\n${lines.join("\n")}\n`);
console.log("\nAppended to BENCHMARKS.md");
