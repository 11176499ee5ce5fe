/**
 * Judging one move of a stored game, side by side in one process: replaying the game from its
 * start (what the server did) against resuming it from its rules state (docs/notation.md#the-rules-state),
 * at plies 20, 100 and 300 of a seeded random chess game and Xiangqi game (and Shogi, whose
 * captured pieces come back, so its state keeps every position), and of Chaturaji for four
 * (MultiGame.replay against MultiGame.resume). Each way then plays the
 * next move and asks the status; resuming also writes the new state, as the server stores it.
 * Rounds alternate the two ways; the medians are reported, with the state's size.
 *
 *   npx tsx bench/resume.ts            (add -- --rounds 200)
 */
import { Game, makeMultiRulesState, makeRulesState, MultiGame } from "../lib/rules";
import { Rng } from "../tests/fuzz/random";

const args = process.argv.slice(2);
const ROUNDS = Number(args[args.indexOf("--rounds") + 1]) || 100;
const PLIES = [20, 100, 300];

interface Way {
  replay(moves: readonly string[]): { play(m: string): string; status(): unknown; fen(): string };
  state(moves: readonly string[]): string;
  resume(state: string): { play(m: string): string; status(): unknown; fen(): string };
  write(game: unknown): string;
  legal(moves: readonly string[]): string[];
}

const two = (variant: string): Way => ({
  replay: (moves) => Game.replay(variant, "start", moves),
  state: (moves) => makeRulesState(Game.replay(variant, "start", moves)),
  resume: (state) => Game.resume(variant, "start", state),
  write: (g) => makeRulesState(g as Game),
  legal: (moves) => Game.replay(variant, "start", moves).legalMoves().map((m) => m.text),
});
const multi = (variant: string): Way => ({
  replay: (moves) => MultiGame.replay(variant, "start", moves),
  state: (moves) => makeMultiRulesState(MultiGame.replay(variant, "start", moves)),
  resume: (state) => MultiGame.resume(variant, "start", state),
  write: (g) => makeMultiRulesState(g as MultiGame),
  legal: (moves) => MultiGame.replay(variant, "start", moves).legalMoves().map((m) => m.text),
});

/** A seeded random game that is still going at its 301st move. */
function longGame(way: Way): string[] {
  for (let seed = 1; ; seed++) {
    const rng = new Rng(seed);
    const moves: string[] = [];
    while (moves.length <= PLIES[PLIES.length - 1]) {
      const legal = way.legal(moves);
      if (legal.length === 0) break;
      moves.push(rng.pick(legal));
    }
    if (moves.length > PLIES[PLIES.length - 1]) return moves;
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

console.log(`node ${process.version}, ${ROUNDS} rounds each, medians`);
console.log("game      ply   replay µs   resume µs   ratio   state chars   positions kept");
const WAYS: [string, Way][] = [["chess", two("chess")], ["xiangqi", two("xiangqi")], ["shogi", two("shogi")], ["chaturaji", multi("chaturaji")]];
for (const [variant, way] of WAYS) {
  const moves = longGame(way);
  for (const ply of PLIES) {
    const state = way.state(moves.slice(0, ply));
    const next = moves[ply];
    const replayed: number[] = [];
    const resumed: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      let t0 = performance.now();
      const a = way.replay(moves.slice(0, ply));
      a.play(next);
      a.status();
      replayed.push(performance.now() - t0);
      t0 = performance.now();
      const b = way.resume(state);
      b.play(next);
      b.status();
      way.write(b);
      resumed.push(performance.now() - t0);
      if (a.fen() !== b.fen()) throw new Error(`${variant} ply ${ply}: the two ways disagree`);
    }
    const [ra, rb] = [median(replayed) * 1000, median(resumed) * 1000];
    const kept = state.split(";")[6].split(" ").filter(Boolean).length;
    console.log(`${variant.padEnd(9)} ${String(ply).padStart(3)} ${ra.toFixed(0).padStart(11)} ${rb.toFixed(0).padStart(11)} ${(ra / rb).toFixed(1).padStart(7)} ${String(state.length).padStart(13)} ${String(kept).padStart(16)}`);
  }
}
