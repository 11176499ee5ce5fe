/**
 * The bot's strength, game by game (issue 16): bot games refereed by the rules module
 * (bench/bot-games.ts), colours alternating, every game seeded so a run repeats.
 *
 * Two checks, each a pairing of `--per-pairing` games (20) in every chosen game:
 * - top: the highest chosen level against level 1 (random legal moves) wins at least 95 %;
 * - ladder: each chosen level against the chosen level below it wins more than it loses.
 * A pairing stops once its verdict is decided, when no result of the games left could change it
 * (--every-game plays them all, for the score). Prints a row per pairing (games played; wins,
 * draws, losses of the higher level; its mean time a move; both sides' thinking time a game, which
 * says how long a bigger run would take) and exits with 1 when a check fails or a bot errs (a
 * throw, an illegal move): a benchmark that counts losses fails when it finds one.
 *
 * --record FILE keeps the games from one run to the next (bench/game-record.ts): each game
 * finished is appended to it, and a game it holds, played by the same rules and bot sources with
 * the same settings, is not played again. So a run cut off goes on where it stopped; the ladder's
 * top pairings, tens of core-hours, are played over several sittings into
 * bench/records/bot-ladder.jsonl.
 *
 *   npm run -s bench:bot-strength                               (everything: 23 games × 8 pairings × 20)
 *   npm run -s bench:bot-strength -- --games chess,xiangqi --levels 1,4,8 --per-pairing 6 --nodes 5000
 *
 * Options: --games a,b (every variantIds()), --levels 1,2,…,8 (every level; 1 is always the
 * random side of "top"), --check top|ladder|both, or --pairings 5-4,6-5 (just these), --per-pairing N, --max-plies N (300; a game
 * that long is a draw), the bot's budget a move: each level's own (lib/bot LEVELS) unless
 * --ms N caps its time (a run no longer repeats move for move) or --nodes N gives every
 * searching level that many nodes (a lighter run; the levels then differ by depth and noise),
 * --seed N, --workers N (one per core the load average leaves free, at least 1).
 */
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { isMainThread } from "node:worker_threads";
import { BOT_LEVELS } from "../lib/bot";
import { variantIds } from "../lib/rules";
import { botPlayer, commandLine, freeCores, inWorkers, load, playGame, seedOf, serveJobs, type Budget, type GameResult } from "./bot-games";
import { codeVersion, readRecord, recordLine, verdictSoFar, type Tally } from "./game-record";

interface Job {
  index: number;
  variant: string;
  /** The higher level and the lower one; `highWhite` says who has White. */
  high: number;
  low: number;
  highWhite: boolean;
  seed: number;
  /** The game's name in a record (bench/game-record.ts): all that decides it beside the code (the game, the levels, who has White, the seed). */
  game: string;
}

interface Settings {
  budget: Budget;
  maxPlies: number;
}

function runJob(job: Job, settings: Settings): Promise<GameResult> {
  const high = botPlayer(job.high, settings.budget);
  const low = botPlayer(job.low, settings.budget);
  const [white, black] = job.highWhite ? [high, low] : [low, high];
  return playGame(job.variant, white, black, job.seed, { maxPlies: settings.maxPlies });
}

if (isMainThread) await main();
else serveJobs((job: Job, settings) => runJob(job, settings as Settings));

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const { option, whole } = commandLine(args);
  const games = option("--games")?.split(",") ?? variantIds();
  for (const g of games) if (!variantIds().includes(g)) throw new Error(`--games: no game ${g} (${variantIds().join(", ")})`);
  const levels = [...new Set([1, ...(option("--levels")?.split(",").map(Number) ?? BOT_LEVELS)])].sort((a, b) => a - b);
  for (const l of levels) if (!(BOT_LEVELS as readonly number[]).includes(l)) throw new Error(`--levels: ${l} is not a level (${BOT_LEVELS.join(", ")})`);
  const check = option("--check") ?? "both";
  if (!["top", "ladder", "both"].includes(check)) throw new Error("--check takes top, ladder or both");
  const perPairing = whole("--per-pairing", 20);
  const everyGame = args.includes("--every-game");
  const budget: Budget = {
    ...(option("--ms") !== undefined && { ms: whole("--ms", 0) }),
    ...(option("--nodes") !== undefined && { nodes: whole("--nodes", 0) }),
  };
  const settings: Settings = { budget, maxPlies: whole("--max-plies", 300) };
  const seed = whole("--seed", 1, 0);
  const workers = freeCores(option("--workers") === undefined ? undefined : whole("--workers", 1));

  const top = levels[levels.length - 1];
  const pairings: { high: number; low: number; kind: "top" | "ladder" }[] = [];
  if (check !== "ladder" && top > 1) pairings.push({ high: top, low: 1, kind: "top" });
  // With --levels 1,8 the ladder's one pairing is top's, already played (and held to 95 %).
  if (check !== "top")
    for (let i = 1; i < levels.length; i++)
      if (!pairings.some((p) => p.high === levels[i] && p.low === levels[i - 1])) pairings.push({ high: levels[i], low: levels[i - 1], kind: "ladder" });
  // --pairings 5-4,6-5: just these (a run that takes up where another stopped); 8-1 is held to top's 95 %.
  const explicit = option("--pairings")?.split(",").map((text) => {
    const [high, low] = text.split("-").map(Number);
    if (![high, low].every((l) => (BOT_LEVELS as readonly number[]).includes(l)) || high <= low) throw new Error(`--pairings: ${text} is not higher-lower, as 5-4`);
    return { high, low, kind: high === 8 && low === 1 ? ("top" as const) : ("ladder" as const) };
  });
  if (explicit) pairings.splice(0, pairings.length, ...explicit);
  if (pairings.length === 0) throw new Error("no pairing to play: give --levels with a level above 1");

  const jobs: Job[] = [];
  for (const variant of games)
    for (const p of pairings)
      for (let i = 0; i < perPairing; i++) {
        const highWhite = i % 2 === 0;
        const gameSeed = seedOf(`${seed}/${variant}/${p.high}-${p.low}/${i}`);
        jobs.push({ index: jobs.length, variant, high: p.high, low: p.low, highWhite, seed: gameSeed, game: `${variant}/${p.high}-${p.low}/${highWhite ? "high-white" : "high-black"}/${gameSeed}` });
      }

  const budgetText = `${budget.nodes !== undefined ? `${budget.nodes} nodes` : "each level's own nodes"}${budget.ms !== undefined ? `, at most ${budget.ms} ms` : ""}`;
  console.log(`node ${process.version}, ${new Date().toISOString()}, load ${load()}, ${workers} worker(s)`);
  console.log(`${games.length} game(s) × ${pairings.map((p) => `${p.high}-${p.low}`).join(", ")} × ${perPairing}; ${budgetText} a move, ${settings.maxPlies} plies a draw, seed ${seed}${everyGame ? "" : "; a pairing stops once its verdict is decided"}`);

  // Games kept from earlier runs of the same code and settings (bench/game-record.ts).
  const recordFile = option("--record");
  if (recordFile !== undefined && budget.ms !== undefined) throw new Error("--record keeps games that repeat move for move: not with --ms");
  const code = codeVersion(process.cwd());
  const settingsKey = JSON.stringify(settings);
  const finished: (GameResult | undefined)[] = new Array(jobs.length);
  if (recordFile !== undefined) {
    const text = existsSync(recordFile) ? readFileSync(recordFile, "utf8") : "";
    // A line a stopped run left half written ends there, so the next game starts a line of its own.
    if (text !== "" && !text.endsWith("\n")) appendFileSync(recordFile, "\n");
    const { games: kept, other } = readRecord(text, code, settingsKey);
    for (const j of jobs) finished[j.index] = kept.get(j.game);
    console.log(`record ${recordFile}: code ${code}; ${finished.filter(Boolean).length} of these games already played${other ? `, ${other} line(s) of other code or settings left aside` : ""}`);
  }

  const kindOf = (job: Job) => pairings.find((p) => p.high === job.high && p.low === job.low)!.kind;
  // Each pairing's games, found once: asked of every job given out and every game finished.
  const pairingKey = (job: Job) => `${job.variant} ${job.high}-${job.low}`;
  const pairingJobs = new Map<string, Job[]>();
  for (const j of jobs) pairingJobs.set(pairingKey(j), [...(pairingJobs.get(pairingKey(j)) ?? []), j]);
  const pairingOf = (job: Job) => pairingJobs.get(pairingKey(job))!;
  const highColour = (j: Job) => (j.highWhite ? "white" : "black");
  const tallyOf = (mine: Job[]): Tally => {
    const t = { wins: 0, draws: 0, losses: 0, errors: 0 };
    for (const j of mine) {
      const r = finished[j.index];
      if (!r) continue;
      if (r.reason.startsWith("error")) t.errors++;
      if (r.winner === "draw") t.draws++;
      else if (r.winner === highColour(j)) t.wins++;
      else t.losses++;
    }
    return t;
  };
  const decided = (job: Job) => !everyGame && verdictSoFar(kindOf(job), perPairing, tallyOf(pairingOf(job))) !== "open";

  // A pairing's row once every game is in, or once its verdict is decided and none of its games is still being played; the table again at the end.
  const playing = new Set<number>();
  const reported = new Set<string>();
  const rows: string[] = [];
  const failures: string[] = [];
  const header = `${"game".padEnd(19)} ${"pairing".padEnd(8)} ${"games".padStart(5)} ${"W".padStart(3)} ${"D".padStart(3)} ${"L".padStart(3)} ${"score".padStart(6)} ${"plies".padStart(6)} ${"ms/move".padStart(8)} ${"s/game".padStart(7)}  verdict`;
  const t0 = performance.now();
  let playedPlies = 0;
  let played = 0;
  for (const j of jobs) reportIfDone(j);
  await inWorkers<Job, GameResult>(new URL(import.meta.url), jobs, workers, settings, (job, result) => {
    finished[job.index] = result;
    playing.delete(job.index);
    playedPlies += result.plies;
    played++;
    if (recordFile !== undefined) appendFileSync(recordFile, recordLine(code, settingsKey, job.game, result, result.winner !== highColour(job) || result.reason.startsWith("error")));
    reportIfDone(job);
  }, (job) => {
    const play = !finished[job.index] && !decided(job);
    if (play) playing.add(job.index);
    return play;
  });
  const wall = (performance.now() - t0) / 1000;

  function reportIfDone(job: Job): void {
    const mine = pairingOf(job);
    const pairing = pairingKey(job);
    if (reported.has(pairing) || mine.some((j) => playing.has(j.index))) return;
    if (mine.some((j) => !finished[j.index]) && !decided(job)) return;
    reported.add(pairing);
    const counted = mine.filter((j) => finished[j.index]);
    let plies = 0, ms = 0, moves = 0, both = 0;
    const errors: string[] = [];
    const notWon: string[] = [];
    for (const j of counted) {
      const r = finished[j.index]!;
      const high = highColour(j);
      plies += r.plies;
      ms += r.ms[high];
      moves += r.moves[high];
      both += r.ms.white + r.ms.black;
      if (r.winner !== high && !r.reason.startsWith("error")) notWon.push(`${pairing} game ${j.index} (level ${j.high} ${high}): ${r.winner === "draw" ? "draw" : `${r.winner} won`} by ${r.reason} in ${r.plies} plies; start ${r.startFen}; moves ${r.record.join(" ")}`);
      if (r.reason.startsWith("error")) errors.push(`${pairing} game ${j.index}: ${r.reason}; start ${r.startFen}; moves ${r.record.join(" ")}`);
    }
    const tally = tallyOf(mine);
    const { wins: w, draws: d, losses: l } = tally;
    const n = counted.length;
    const kind = kindOf(job);
    const ok = verdictSoFar(kind, perPairing, tally) === "pass";
    const early = n < perPairing ? ` (decided after ${n} of ${perPairing})` : "";
    const verdict = errors.length ? `FAIL (${errors.length} error(s))` : ok ? `ok${early}` : kind === "top" ? `FAIL (< 95 % wins)${early}` : `FAIL (not more wins than losses)${early}`;
    const row = `${job.variant.padEnd(19)} ${`${job.high}-${job.low}`.padEnd(8)} ${String(n).padStart(5)} ${String(w).padStart(3)} ${String(d).padStart(3)} ${String(l).padStart(3)} ${`${Math.round((100 * (w + d / 2)) / n)}%`.padStart(6)} ${(plies / n).toFixed(0).padStart(6)} ${(moves ? ms / moves : 0).toFixed(0).padStart(8)} ${(both / 1000 / n).toFixed(1).padStart(7)}  ${verdict}`;
    if (rows.length === 0) console.log(header);
    console.log(row);
    rows.push(row);
    // A failed pairing lists every game its higher level did not win, to replay (npm run rules).
    if (!ok) failures.push(`${pairing}: ${verdict}`, ...errors, ...notWon);
  }

  console.log(`\n${header}\n${rows.join("\n")}`);
  console.log(`${played} games played, ${playedPlies} plies in ${wall.toFixed(0)} s wall (${((60 * played) / wall).toFixed(1)} games/min with ${workers} worker(s)); load ${load()}`);
  if (failures.length) {
    console.error(`\n${failures.length} failure(s):\n${failures.join("\n")}`);
    process.exit(1);
  }
  console.log("every check passed");
}
