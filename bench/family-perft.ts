/**
 * Perft speed against Fairy-Stockfish for every game of the oracle's table
 * (tests/support/oracle.ts ORACLE_GAMES): our perft(4) and a recursion over ffish's
 * legalMoves()/push/pop (it has no perft of its own), side by side in one process, from
 * each game's start position (Chess960: the setup the oracle's perft test uses), then from
 * the middlegames below one ply shallower (a row's perftDepth, "(2)" after its label, caps
 * both where perft(4) would take hours). Each runs `--runs` times (3), the median is
 * reported. Exits with 1 when a count differs.
 *
 *   npm run bench:family            (add -- --depth 3 for a quicker run, -- --runs 1, -- --only crazyhouse,chess)
 */
import { perft } from "../lib/rules/movegen";
import { parseFen } from "../lib/rules/notation/fen";
import { unwrap } from "../lib/rules/result";
import { getVariant } from "../lib/rules/variants";
import { ORACLE_GAMES, loadFairyStockfish, oracleBoard, oraclePerft, oracleRow, perftStart, type OracleGame } from "../tests/support/oracle";

const args = process.argv.slice(2);
const DEPTH = args.includes("--depth") ? Number(args[args.indexOf("--depth") + 1]) : 4;
const RUNS = args.includes("--runs") ? Number(args[args.indexOf("--runs") + 1]) : 3;
if (!Number.isInteger(DEPTH) || DEPTH < 1 || DEPTH > 6) throw new Error("--depth takes a whole number from 1 to 6");
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error("--runs takes a whole number from 1");
/** `--only crazyhouse,chess`: just these games' rows. */
const ONLY = args.includes("--only") ? args[args.indexOf("--only") + 1].split(",") : undefined;
const chosen = (id: string) => !ONLY || ONLY.includes(id);

/** The count and the median time in seconds. */
function timed(fn: () => number): { n: number; s: number } {
  const times: number[] = [];
  let n = 0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    n = fn();
    times.push((performance.now() - t0) / 1000);
  }
  times.sort((a, b) => a - b);
  return { n, s: times[Math.floor(RUNS / 2)] };
}

/** Positions whose moves the start does not show (Crazyhouse's drops, Janggi's palace lines), counted one ply shallower than the starts. */
const MIDDLEGAMES: { id: string; label: string; fen: string }[] = [
  // Both hands full, castling rights left: about 200 moves a position, most of them drops.
  { id: "crazyhouse", label: "crazyhouse hands", fen: "1n3br1/2p1k3/1p6/3P4/8/6P1/r3PP2/RN2KB1R[QBNPPPqbnppppppp] b KQ - 0 25" },
  // Shogi after 40 random plies: eleven pieces in hand, promoted lance and pawns (docs/games/shogi.md#perft).
  { id: "shogi", label: "shogi hands", fen: "1n2kgrr1/P2g5/3p2np1/5p2l/nl2S1P1p/3P3P1/2P2P2P/2S5L/+l4KSNS[PPPPggpppbb] w - - 0 41" },
  { id: "minishogi", label: "minishogi hands", fen: "2s1k/p2rg/4P/1K3/G4[SRBb] w - - 0 11" },
  // Janggi after 40 random plies: Han's cannon on d1 in Cho's palace, chariots and cannons on the palace lines (docs/games/janggi.md#perft).
  { id: "janggi", label: "janggi palace", fen: "1rb1aa1br/4k4/n8/p1p1p2n1/6pcp/P5PCP/1P1P5/1C2R4/3K1A2R/2BcA1NB1 w - - 6 21" },
];

const ff = await loadFairyStockfish();
console.log(`node ${process.version}, ${ff.info()}, perft(${DEPTH}) from the start position, median of ${RUNS} runs`);
console.log(`${"game".padEnd(18)} ${"ffish name".padEnd(12)} ${"leaves".padStart(12)} ${"ours s".padStart(8)} ${"ffish s".padStart(8)} ${"ours/ffish".padStart(10)}`);
let differ = false;
function compare(row: OracleGame, label: string, fen: string, wanted: number): void {
  const v = getVariant(row.id);
  // Duck chess counts less deep: its row says so (perftDepth).
  const depth = Math.min(wanted, row.perftDepth ?? wanted);
  const ours = timed(() => perft(unwrap(parseFen(v, fen)), depth));
  const board = oracleBoard(ff, row, fen);
  const theirs = timed(() => oraclePerft(board, depth));
  board.delete();
  const counts = ours.n === theirs.n ? String(ours.n) : `${ours.n} vs ffish ${theirs.n}`;
  console.log(`${(depth === wanted ? label : `${label} (${depth})`).padEnd(18)} ${row.ffish.padEnd(12)} ${counts.padStart(12)} ${ours.s.toFixed(2).padStart(8)} ${theirs.s.toFixed(2).padStart(8)} ${(ours.s / theirs.s).toFixed(2).padStart(10)}`);
  if (ours.n !== theirs.n) differ = true;
}
for (const row of ORACLE_GAMES.filter((r) => chosen(r.id))) compare(row, row.id, perftStart(row), DEPTH);
if (DEPTH > 1) {
  console.log(`perft(${DEPTH - 1}) from a middlegame`);
  for (const m of MIDDLEGAMES.filter((g) => chosen(g.id))) compare(oracleRow(m.id), m.label, m.fen, DEPTH - 1);
}
if (differ) {
  console.error("perft counts differ from Fairy-Stockfish");
  process.exit(1);
}
