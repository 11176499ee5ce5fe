/**
 * The rules tool as a whole process, start-up included: `perft chess start 5` through
 * `npm run -s rules` and through the launcher alone (`node scripts/rules.mjs`), against a
 * whole chessops process doing the same perft (bench/chessops-perft.mjs), plus the former
 * way (the TypeScript loader, `tsx lib/rules/cli.ts`) for reference. The runs take turns
 * (one of each, `RUNS` times) so a change of load falls on all alike; medians are reported.
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
  contenders.push({ label: "former: tsx lib/rules/cli.ts perft chess start 5", command: ["node_modules/.bin/tsx", "lib/rules/cli.ts", "perft", "chess", "start", "5"] });
}

/** Wall time of one whole process in ms; exits when it fails or miscounts. */
function run(label: string, [file, ...rest]: string[]): number {
  const t0 = performance.now();
  const r = spawnSync(file, rest, { cwd: ROOT, encoding: "utf8" });
  const ms = performance.now() - t0;
  const count = r.stdout?.trim().split("\n").at(-1);
  if (r.status !== 0 || count !== EXPECTED) {
    console.error(`${label}: status ${r.status}, counted ${count}, expected ${EXPECTED}${r.stderr ? `\n${r.stderr}` : ""}`);
    process.exit(1);
  }
  return ms;
}

// Not timed: builds the bundle if a source changed, so every timed run starts from a fresh one.
run("warm-up", contenders[1].command);

const load = loadavg()[0];
const times = contenders.map(() => [] as number[]);
for (let i = 0; i < RUNS; i++) contenders.forEach((c, j) => times[j].push(run(c.label, c.command)));
const medians = times.map((t) => summary(t).median);

console.log(`node ${process.version}, median of ${RUNS} whole processes each, load average ${load.toFixed(1)} → ${loadavg()[0].toFixed(1)}`);
contenders.forEach((c, j) => console.log(`${c.label.padEnd(52)} ${(medians[j] / 1000).toFixed(2).padStart(6)} s`));
const chessops = medians[2];
console.log(`ratio to chessops: npm run ${(medians[0] / chessops).toFixed(2)}, launcher ${(medians[1] / chessops).toFixed(2)}` +
  (medians[3] ? `, former tsx ${(medians[3] / chessops).toFixed(2)}` : ""));
