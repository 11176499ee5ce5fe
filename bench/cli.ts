/**
 * The rules tool as a whole process, start-up included: `perft chess start 5` through
 * `npm run -s rules` and through the launcher alone (`node scripts/rules.mjs`), against a
 * whole chessops process doing the same perft (bench/chessops-perft.mjs), plus the former
 * way (the TypeScript loader, `tsx scripts/rules-cli.ts`) for reference. The runs take turns
 * (one of each, `RUNS` times) so a change of load falls on all alike; the median wall time
 * and CPU time of each are reported.
 * Exits 1 when any process fails or counts other than 4,865,609 leaves.
 *
 *   npm run bench:cli            (add -- --runs 9, or -- --no-tsx to skip the former way)
 */
import { spawnSync } from "node:child_process";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { summary } from "./stats";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const args = process.argv.slice(2);
const RUNS = Number(args[args.indexOf("--runs") + 1]) || 5;
const EXPECTED = "4865609";

const contenders: { label: string; command: string[] }[] = [
  { label: "npm run -s rules -- perft chess start 5", command: ["npm", "run", "-s", "rules", "--", "perft", "chess", "start", "5"] },
  { label: "node scripts/rules.mjs perft chess start 5", command: [process.execPath, "scripts/rules.mjs", "perft", "chess", "start", "5"] },
  { label: "node bench/chessops-perft.mjs", command: [process.execPath, "bench/chessops-perft.mjs"] },
];
if (!args.includes("--no-tsx")) {
  contenders.push({ label: "former: tsx scripts/rules-cli.ts perft chess start 5", command: ["node_modules/.bin/tsx", "scripts/rules-cli.ts", "perft", "chess", "start", "5"] });
}

/**
 * Wall time and CPU time (user and system, of the process and all it started) of one whole
 * process in ms; exits when it fails or miscounts. Run through sh, whose `times` reports what
 * its children used: on a loaded machine the CPU time stays near what the work costs while
 * the wall time swings with everyone else's.
 */
function run(label: string, command: string[]): { wall: number; cpu: number } {
  const t0 = performance.now();
  const r = spawnSync("sh", ["-c", '"$@"; status=$?; times >&2; exit $status', "sh", ...command], { cwd: ROOT, encoding: "utf8" });
  const wall = performance.now() - t0;
  const count = r.stdout?.trim().split("\n").at(-1);
  const report = r.stderr.trimEnd().split("\n");
  // `times`: the shell's own user and system time, then its children's, as `0m0.57s 0m0.02s`.
  const children = /^(\d+)m([\d.]+)s (\d+)m([\d.]+)s$/.exec(report.at(-1) ?? "");
  if (r.status !== 0 || count !== EXPECTED || !children) {
    console.error(`${label}: status ${r.status}, counted ${count}, expected ${EXPECTED}\n${r.stderr}`);
    process.exit(1);
  }
  const [, um, us, sm, ss] = children.map(Number);
  return { wall, cpu: ((um + sm) * 60 + us + ss) * 1000 };
}

// Not timed: builds the bundle if a source changed, so every timed run starts from a fresh one.
run("warm-up", contenders[1].command);

const load = loadavg()[0];
const runs = contenders.map(() => [] as { wall: number; cpu: number }[]);
for (let i = 0; i < RUNS; i++) contenders.forEach((c, j) => runs[j].push(run(c.label, c.command)));
const wall = runs.map((r) => summary(r.map((x) => x.wall)).median);
const cpu = runs.map((r) => summary(r.map((x) => x.cpu)).median);

const s = (ms: number) => (ms / 1000).toFixed(2).padStart(6);
console.log(`node ${process.version}, median of ${RUNS} whole processes each, load average ${load.toFixed(1)} → ${loadavg()[0].toFixed(1)}`);
console.log(`${"".padEnd(52)}   wall     CPU`);
contenders.forEach((c, j) => console.log(`${c.label.padEnd(52)} ${s(wall[j])} s ${s(cpu[j])} s`));
const ratios = (t: number[]) => `npm run ${(t[0] / t[2]).toFixed(2)}, launcher ${(t[1] / t[2]).toFixed(2)}` + (t[3] ? `, former tsx ${(t[3] / t[2]).toFixed(2)}` : "");
console.log(`ratio to chessops, wall: ${ratios(wall)}`);
console.log(`ratio to chessops, CPU:  ${ratios(cpu)}`);
