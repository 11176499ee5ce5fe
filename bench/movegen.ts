/**
 * Legal-move listing per position — what a click on the board costs in the
 * browser — for every variant, over positions from random play-outs, plus perft(3)
 * from each start. Peer, side by side: chessops' legal move generation on the same
 * orthodox-chess positions.
 *
 * Worst-case search: besides uniform random play-outs, a second set of play-outs
 * prefers the moves that leave the most legal moves for the next player (greedy
 * towards crowded, union- and carrier-rich positions, where chains and placements
 * multiply), and the slowest position of all is reported with its FEN.
 *
 *   npm run bench:movegen [-- --games 40 --plies 120]
 */
import { Chess } from "chessops/chess";
import { parseFen as chessopsFen } from "chessops/fen";
import { Game, RulesError, variantIds, type LegalMove } from "../lib/rules";
import { perft } from "../lib/rules/movegen";
import { parseFen } from "../lib/rules/notation/fen";
import { unwrap } from "../lib/rules/result";
import { getVariant } from "../lib/rules/variants";
import { summary } from "./stats";

const args = process.argv.slice(2);
const GAMES = Number(args[args.indexOf("--games") + 1]) || 40;
const PLIES = Number(args[args.indexOf("--plies") + 1]) || 120;

let seed = 12345;
const random = () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32);

/** Times reading the FEN and listing every legal move with its text (nothing cached), median of 3. */
function timeListing(variant: string, fen: string): number {
  const t: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    Game.start(variant, fen).legalMoves();
    t.push(performance.now() - t0);
  }
  return t.sort((a, b) => a - b)[1];
}

/** The legal moves; null beyond the listing limit (a dense Friendly position, which the game never lists). */
function listed(g: Game): LegalMove[] | null {
  try {
    return g.legalMoves();
  } catch (e) {
    if (e instanceof RulesError) return null;
    throw e;
  }
}

function positions(variant: string, greedy: boolean): string[] {
  const out: string[] = [];
  for (let n = 0; n < GAMES; n++) {
    const g = Game.start(variant);
    for (let ply = 0; ply < PLIES; ply++) {
      const moves = listed(g);
      if (!moves) break;
      out.push(g.fen());
      if (moves.length === 0) break;
      let pick = moves[Math.floor(random() * moves.length)].text;
      if (greedy && random() < 0.7) {
        // Look at a few candidates and keep the one that leaves the most moves.
        let best = -1;
        for (let k = 0; k < 4; k++) {
          const cand = moves[Math.floor(random() * moves.length)].text;
          const next = Game.start(variant, g.fen());
          next.play(cand);
          const count = listed(next)?.length ?? -1;
          if (count > best) [best, pick] = [count, cand];
        }
      }
      g.play(pick);
    }
  }
  return out;
}

console.log(`node ${process.version}; ${GAMES} random + ${GAMES} greedy play-outs of up to ${PLIES} plies per variant`);
console.log("variant              positions  median     p99   worst  (worst position)");
let chessFens: string[] = [];
for (const id of variantIds()) {
  const fens = [...positions(id, false), ...positions(id, true)];
  if (id === "chess") chessFens = fens;
  const times = fens.map((f) => timeListing(id, f));
  const s = summary(times);
  const worst = Math.max(...times);
  const worstFen = fens[times.indexOf(worst)];
  console.log(
    `${id.padEnd(20)} ${String(fens.length).padStart(9)} ${s.median.toFixed(3).padStart(7)} ${s.p99.toFixed(3).padStart(7)} ${worst.toFixed(3).padStart(7)} ms  ${worstFen}`,
  );
}

// The peer: chessops listing every legal move of the same chess positions.
const ours: number[] = [];
const peer: number[] = [];
for (const fen of chessFens) {
  ours.push(timeListing("chess", fen));
  const t0 = performance.now();
  const pos = Chess.fromSetup(chessopsFen(fen).unwrap()).unwrap();
  let n = 0;
  for (const [, dests] of pos.allDests()) n += dests.size();
  peer.push(performance.now() - t0);
  if (n < 0) throw new Error("unreachable");
}
const o = summary(ours), p = summary(peer);
console.log(`chess listing vs chessops allDests (same ${chessFens.length} positions): median ${o.median.toFixed(3)} vs ${p.median.toFixed(3)} ms (ratio ${(o.median / p.median).toFixed(1)}×); p99 ${o.p99.toFixed(3)} vs ${p.p99.toFixed(3)} ms`);

console.log("perft(3) from the start:");
for (const id of variantIds()) {
  const v = getVariant(id);
  const t0 = performance.now();
  const n = perft(unwrap(parseFen(v, v.decl.startFen)), 3);
  console.log(`  ${id.padEnd(20)} ${String(n).padStart(9)} leaves  ${(performance.now() - t0).toFixed(0)} ms`);
}
