/**
 * npm run seed -- --games N [--players 40] [--finished-only] [--seed S] [--pool P] [--max-ply 160]
 *
 * Fills the database with N demo games between demo players across every variant
 * (scripts/seed-lib.ts says how). The database: PostgreSQL when DATABASE_URL is
 * set, else the embedded PGlite folder the dev server uses (.data/pglite, or
 * PGLITE_DIR) — stop the dev server first, as PGlite allows one process per folder.
 *
 * Internal: `--playouts VARIANT COUNT MAX_PLY SEED` prints random play-outs as JSON
 * lines; the command runs one such child per variant, two at a time.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { openPglite, openPostgres, type DbHandle } from "@/lib/db/client";
import { variantIds } from "@/lib/rules";
import { demoPlayers, insertGames, planGame, playout, prng, type PlannedGame, type Playout } from "./seed-lib";

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function intArg(name: string, fallback: number, min: number, max: number): number {
  const raw = arg(name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    console.error(`--${name} must be a whole number from ${min} to ${max}`);
    process.exit(2);
  }
  return n;
}

async function childMode(): Promise<void> {
  const i = process.argv.indexOf("--playouts");
  const [variant, count, maxPly, seed] = process.argv.slice(i + 1, i + 5);
  const random = prng(Number(seed));
  for (let k = 0; k < Number(count); k++) {
    const p = playout(variant, Number(maxPly), random);
    process.stdout.write(`${JSON.stringify(p)}\n`);
  }
}

/**
 * Play-outs of one variant from a child process. A child that runs past its time
 * (a rules bug, a position that explodes) is stopped; what it wrote is kept.
 */
function playoutsOf(variant: string, count: number, maxPly: number, seed: number, timeoutMs: number): Promise<Playout[]> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...process.execArgv, process.argv[1], "--playouts", variant, String(count), String(maxPly), String(seed)], {
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --max-old-space-size=2048`.trim() },
    });
    const out: Playout[] = [];
    createInterface({ input: child.stdout! }).on("line", (line) => {
      if (line.startsWith("{")) out.push(JSON.parse(line) as Playout);
    });
    const timer = setTimeout(() => {
      console.warn(`  ${variant}: play-outs took over ${Math.round(timeoutMs / 1000)} s; stopped with ${out.length} of ${count}`);
      child.kill("SIGKILL");
    }, timeoutMs);
    child.on("close", (code) => {
      clearTimeout(timer);
      if (code !== 0 && code !== null) console.warn(`  ${variant}: play-out process exited with ${code} after ${out.length} of ${count}`);
      resolve(out);
    });
  });
}

async function pool(variants: string[], perVariant: number, maxPly: number, seed: number, timeoutMs: number): Promise<Map<string, Playout[]>> {
  const result = new Map<string, Playout[]>();
  const queue = [...variants];
  const worker = async () => {
    for (let v = queue.shift(); v; v = queue.shift()) {
      const t = performance.now();
      const list = await playoutsOf(v, perVariant, maxPly, seed + v.length * 7919 + v.charCodeAt(0), timeoutMs);
      const ended = list.filter((p) => p.end).length;
      console.log(`  ${v}: ${list.length} play-outs (${ended} ended by the rules) in ${((performance.now() - t) / 1000).toFixed(1)} s`);
      result.set(v, list);
    }
  };
  await Promise.all([worker(), worker()]);
  return result;
}

async function open(): Promise<DbHandle> {
  const url = process.env.DATABASE_URL;
  if (url) return openPostgres(url, { max: 3 });
  return openPglite(path.resolve(process.env.PGLITE_DIR ?? path.join(process.cwd(), ".data", "pglite")));
}

async function main(): Promise<void> {
  if (process.argv.includes("--playouts")) return childMode();
  const games = intArg("games", 200, 1, 10_000_000);
  const playerCount = intArg("players", 40, 2, 40);
  const finishedOnly = process.argv.includes("--finished-only");
  const seed = intArg("seed", Math.floor(Math.random() * 1e9), 0, 2 ** 31);
  const variants = variantIds();
  const poolTotal = intArg("pool", Math.min(2400, Math.max(Math.min(games, 20 * variants.length), Math.ceil(games / 25))), variants.length, 100_000);
  const maxPly = intArg("max-ply", 160, 1, 2000);
  const perVariant = Math.ceil(poolTotal / variants.length);
  const started = performance.now();

  console.log(`Seeding ${games} games (${finishedOnly ? "finished only" : "every status"}, seed ${seed}) into ${process.env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : "PGlite"}`);
  console.log(`Random play-outs: ${perVariant} per game, up to ${maxPly} plies`);
  const playouts = await pool(variants, perVariant, maxPly, seed, Math.max(60_000, perVariant * 400));
  const usable = variants.filter((v) => (playouts.get(v)?.length ?? 0) > 0);
  if (usable.length === 0) throw new Error("no play-outs: the rules module produced nothing");
  const skipped = variants.filter((v) => !usable.includes(v));
  if (skipped.length) console.warn(`  no play-outs for ${skipped.join(", ")}: no games of ${skipped.length === 1 ? "it" : "them"}`);

  const handle = await open();
  try {
    const players = await demoPlayers(handle.db, playerCount);
    const random = prng(seed ^ 0x5eed);
    const now = new Date();
    let made = 0;
    let moveRows = 0;
    let written = 0;
    const inflight = new Set<Promise<void>>();
    // PGlite is one connection: one transaction at a time.
    const maxInflight = process.env.DATABASE_URL ? 2 : 1;
    const BATCH = 2000;
    while (made < games) {
      const batch: PlannedGame[] = [];
      for (let i = 0; i < BATCH && made + i < games; i++) {
        // Round robin over the games, so every variant is there even for small N.
        const v = usable[(made + i) % usable.length];
        const list = playouts.get(v)!;
        batch.push(planGame(list[Math.floor(random() * list.length)], players, random, now, { finishedOnly }));
      }
      made += batch.length;
      // Two batches in flight: the next one is planned while the database writes.
      const writing: Promise<void> = handle.db.transaction(async (tx) => insertGames(tx, batch)).then((n) => {
        moveRows += n;
        written += batch.length;
        if (written % 20_000 < BATCH) console.log(`  ${written} games, ${moveRows} moves (${((performance.now() - started) / 1000).toFixed(0)} s)`);
      });
      inflight.add(writing);
      void writing.finally(() => inflight.delete(writing)).catch(() => {});
      if (inflight.size >= maxInflight) await Promise.race(inflight);
    }
    await Promise.all(inflight);
    const s = (performance.now() - started) / 1000;
    console.log(`Done: ${made} games with ${moveRows} moves between ${players.length} demo players in ${s.toFixed(1)} s.`);
  } finally {
    await handle.close();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
