/**
 * The bot's search speed, nodes per second, against Fairy-Stockfish's move generation (npm
 * `ffish`, as the oracle drives it: tests/support/oracle.ts) on the same positions in the same
 * run, for every game Fairy-Stockfish plays (ORACLE_GAMES). Positions: `--positions` (5) per
 * game, each after a seeded random play-out of 6 to 40 plies from the game's start (Chess960's
 * and Janggi's chosen at random, seeded). On each, the bot searches for `--ms` (300) at level 8
 * and reports its nodes; Fairy-Stockfish walks the same position's tree by iterative
 * deepening for as long — at every node it lists the legal moves, then makes and unmakes each
 * (a node is a position made, as in the bot's count) — and the ratio is bot nodes/s over
 * Fairy-Stockfish's. The bot does more at a node (evaluation, the hash table, ordering), so a
 * ratio near 1 means its search costs about what move generation alone costs Fairy-Stockfish.
 * Fog of War searches the true position here (speed, not what a player sees).
 *
 *   npm run -s bench:bot-nps                    (add -- --ms 1000, -- --positions 10, -- --only chess,xiangqi)
 */
import type { Board } from "ffish";
import { analyse, randomMove, randomSource } from "../lib/bot";
import { Game } from "../lib/rules";
import { ORACLE_GAMES, loadFairyStockfish, oracleBoard, oracleMoves } from "../tests/support/oracle";
import { Rng } from "../tests/fuzz/random";
import { commandLine, load, seedOf } from "./bot-games";

const { option, whole } = commandLine(process.argv.slice(2));
const MS = whole("--ms", 300);
const POSITIONS = whole("--positions", 5);
const LEVEL = whole("--level", 8);
const SEED = whole("--seed", 1, 0);
const ONLY = option("--only")?.split(",");

/** Positions of a game after random play-outs: each from its own, seeded by the game's id. */
function positions(row: (typeof ORACLE_GAMES)[number]): string[] {
  const rng = new Rng(seedOf(`${SEED}/${row.id}`));
  const random = randomSource(rng.int(2 ** 32));
  const out: string[] = [];
  for (let tries = 0; out.length < POSITIONS && tries < 20 * POSITIONS; tries++) {
    const game = Game.start(row.id, row.startFen?.(rng) ?? "start");
    const plies = 6 + rng.int(35);
    while (game.ply < plies && game.status().result === "ongoing") game.play(randomMove(game, random));
    if (game.status().result === "ongoing") out.push(game.fen());
  }
  return out;
}

/**
 * Fairy-Stockfish's tree from the board, deeper and deeper until `ms` have gone (a depth under
 * way stops at three times that): the positions made and the time taken.
 */
function ffishWalk(board: Board, ms: number): { nodes: number; ms: number } {
  const t0 = performance.now();
  let nodes = 0;
  let stopped = false;
  const walk = (depth: number): void => {
    const moves = oracleMoves(board);
    for (const m of moves) {
      board.push(m);
      nodes++;
      if ((nodes & 1023) === 0 && performance.now() - t0 > 3 * ms) stopped = true;
      if (depth > 1 && !stopped) walk(depth - 1);
      board.pop();
      if (stopped) return;
    }
  };
  for (let depth = 1; !stopped && performance.now() - t0 < ms; depth++) {
    const before = nodes;
    walk(depth);
    // No move at all (a position with no legal move): nothing deeper to walk.
    if (nodes === before) break;
  }
  return { nodes, ms: performance.now() - t0 };
}

const ff = await loadFairyStockfish();
console.log(`node ${process.version}, ${ff.info()}, ${new Date().toISOString()}, load ${load()}`);
console.log(`bot level ${LEVEL}, ${MS} ms a position; ${POSITIONS} positions a game, seed ${SEED}`);
console.log(`${"game".padEnd(14)} ${"positions".padStart(9)} ${"bot nodes/s".padStart(12)} ${"depth".padStart(6)} ${"ffish nodes/s".padStart(14)} ${"bot/ffish".padStart(10)}`);
// A search and a walk first, untimed, so the first game's row does not pay for compiling the code.
analyse(Game.start("chess"), { level: LEVEL, ms: MS, nodes: 1e9, seed: SEED });
const warm = oracleBoard(ff, ORACLE_GAMES[0]);
ffishWalk(warm, MS);
warm.delete();
const ratios: number[] = [];
for (const row of ORACLE_GAMES.filter((r) => !ONLY || ONLY.includes(r.id))) {
  const fens = positions(row);
  const bot = { nodes: 0, ms: 0, depth: 0 };
  const theirs = { nodes: 0, ms: 0 };
  for (const fen of fens) {
    const game = Game.start(row.id, fen);
    const t0 = performance.now();
    const search = analyse(game, { level: LEVEL, ms: MS, nodes: 1e9, seed: SEED });
    bot.ms += performance.now() - t0;
    bot.nodes += search.nodes;
    bot.depth += search.depth;
    const board = oracleBoard(ff, row, fen);
    try {
      const walk = ffishWalk(board, MS);
      theirs.nodes += walk.nodes;
      theirs.ms += walk.ms;
    } finally {
      board.delete();
    }
  }
  const botRate = (1000 * bot.nodes) / bot.ms;
  const ffRate = (1000 * theirs.nodes) / theirs.ms;
  ratios.push(botRate / ffRate);
  console.log(`${row.id.padEnd(14)} ${String(fens.length).padStart(9)} ${Math.round(botRate).toLocaleString("en").padStart(12)} ${(bot.depth / fens.length).toFixed(1).padStart(6)} ${Math.round(ffRate).toLocaleString("en").padStart(14)} ${(botRate / ffRate).toFixed(2).padStart(10)}`);
}
ratios.sort((a, b) => a - b);
console.log(`median bot/ffish ${ratios[Math.floor(ratios.length / 2)].toFixed(2)}; load ${load()}`);
