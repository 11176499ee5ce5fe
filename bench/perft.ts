/**
 * Perft speed, side by side in one process: our generic engine against chessops
 * (lichess, bitboards) and chess.js on orthodox perft(5), plus our Compound and
 * Royal Substitute perft(4). Each engine runs `RUNS` times; the median is reported.
 *
 *   npm run bench:perft            (add -- --runs 5, or -- --no-chessjs to skip the slow one)
 */
import { Chess as ChessJs } from "chess.js";
import { Chess } from "chessops/chess";
import { perft as chessopsPerft } from "chessops/debug";
import { perft } from "../lib/rules/movegen";
import { parseFen } from "../lib/rules/notation/fen";
import { unwrap } from "../lib/rules/result";
import { getVariant } from "../lib/rules/variants";

const args = process.argv.slice(2);
const RUNS = Number(args[args.indexOf("--runs") + 1]) || 3;
const withChessJs = !args.includes("--no-chessjs");

function time(label: string, expected: number, fn: () => number, runs = RUNS): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const n = fn();
    times.push(performance.now() - t0);
    if (n !== expected) throw new Error(`${label}: got ${n}, expected ${expected}`);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(`${label.padEnd(34)} ${(median / 1000).toFixed(2).padStart(7)} s  (${(expected / median / 1000).toFixed(2)} M leaves/s)`);
  return median;
}

const ours = (id: string, depth: number) => () => {
  const v = getVariant(id);
  return perft(unwrap(parseFen(v, v.decl.startFen)), depth);
};

console.log(`node ${process.version}, median of ${RUNS} runs`);
const tOurs = time("ours: chess perft(5)", 4865609, ours("chess", 5));
const tChessops = time("chessops: chess perft(5)", 4865609, () => chessopsPerft(Chess.default(), 5));
const tChessJs = withChessJs ? time("chess.js: chess perft(5)", 4865609, () => new ChessJs().perft(5), 1) : NaN;
time("ours: compound perft(4)", 8539426, ours("compound", 4));
time("ours: royal-substitute perft(4)", 3948317, ours("royal-substitute", 4));
console.log(`ratio ours/chessops: ${(tOurs / tChessops).toFixed(2)}` + (withChessJs ? `, ours/chess.js: ${(tOurs / tChessJs).toFixed(2)}` : ""));
