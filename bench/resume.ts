/**
 * Judging one move of a stored game, side by side in one process: replaying the game from its
 * start (what the server did) against resuming it from its rules state (docs/notation.md#the-rules-state),
 * at plies 20, 100 and 300 of a seeded random chess game and Xiangqi game (and Shogi, whose
 * captured pieces come back, so its state keeps every position). Each way then plays the
 * next move and asks the status; resuming also writes the new state, as the server stores it.
 * Rounds alternate the two ways; the medians are reported, with the state's size.
 *
 *   npx tsx bench/resume.ts            (add -- --rounds 200)
 */
import { Game, makeRulesState } from "../lib/rules";
import { Rng } from "../tests/fuzz/random";

const args = process.argv.slice(2);
const ROUNDS = Number(args[args.indexOf("--rounds") + 1]) || 100;
const PLIES = [20, 100, 300];

/** A seeded random game that is still going at its 301st move. */
function longGame(variant: string): string[] {
  for (let seed = 1; ; seed++) {
    const rng = new Rng(seed);
    const g = Game.start(variant);
    while (g.ply <= PLIES[PLIES.length - 1]) {
      const legal = g.legalMoves();
      if (legal.length === 0) break;
      g.play(rng.pick(legal).text);
    }
    if (g.ply > PLIES[PLIES.length - 1]) return [...g.moves];
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

console.log(`node ${process.version}, ${ROUNDS} rounds each, medians`);
console.log("game      ply   replay µs   resume µs   ratio   state chars   positions kept");
for (const variant of ["chess", "xiangqi", "shogi"]) {
  const moves = longGame(variant);
  for (const ply of PLIES) {
    const state = makeRulesState(Game.replay(variant, "start", moves.slice(0, ply)));
    const next = moves[ply];
    const replayed: number[] = [];
    const resumed: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      let t0 = performance.now();
      const a = Game.replay(variant, "start", moves.slice(0, ply));
      a.play(next);
      a.status();
      replayed.push(performance.now() - t0);
      t0 = performance.now();
      const b = Game.resume(variant, "start", state);
      b.play(next);
      b.status();
      makeRulesState(b);
      resumed.push(performance.now() - t0);
      if (a.fen() !== b.fen()) throw new Error(`${variant} ply ${ply}: the two ways disagree`);
    }
    const [ra, rb] = [median(replayed) * 1000, median(resumed) * 1000];
    const kept = state.split(";")[6].split(" ").length;
    console.log(`${variant.padEnd(9)} ${String(ply).padStart(3)} ${ra.toFixed(0).padStart(11)} ${rb.toFixed(0).padStart(11)} ${(ra / rb).toFixed(1).padStart(7)} ${String(state.length).padStart(13)} ${String(kept).padStart(16)}`);
  }
}
