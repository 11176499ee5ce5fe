/**
 * What a Friendly chain can do at most, without walking it: a cheap sound test
 * that answers "no" for most questions before any search.
 */
import { typeOn } from "../../position";
import { epOpen, isUnion, pieceSteps, PIECE, promoOf, toOf, type Ctx } from "./steps";

/** A goal as `abstractly` asks it: type `t` released on `from` (`to` = -1), or its step to `to` onto `w`. */
export type Sketch = (t: number, from: number, to: number, w: number) => boolean;

/**
 * A sound over-approximation of what a chain can do from our piece of type `x`
 * released on `u`, board `b`. During a chain the occupied squares do not change
 * (en passant aside: then no conclusion), so which squares a piece can reach is
 * fixed; only which of our pieces stands on each union square changes. The chain
 * is a hand travelling from union to union: arriving on a square, it leaves the
 * piece it carries there and takes the one there. On its first arrival that is the
 * piece standing there now; a piece left there can be taken later only if the
 * hand can come back, i.e. the square lies on a cycle of the possible moves. We
 * compute which pieces the hand may carry from each square (a fixpoint), assuming
 * returns only where such cycles exist, and repeat while new cycles appear.
 *
 * `goal` is asked whenever type `t` may be released on a square (`to` = -1) and
 * for every step such a piece may take. Returns null when it never holds (no
 * chain gets there); otherwise, per square, the types which, released there,
 * may still lead to it (a search may drop every other state).
 */
export function abstractly(c: Ctx, b: Int16Array, x: number, u: number, goal: Sketch): Int32Array | null {
  const size = b.length;
  if (epOpen(c, b)) return new Int32Array(size).fill(-1); // the geometry may change: no conclusion
  const carried = new Int32Array(size); // types the hand may carry away from each square
  const left = new Int32Array(size); // types the hand may leave on each square
  const done = new Int32Array(size);
  const returns = new Uint8Array(size); // the hand may come back to the square
  const hits = new Int32Array(size); // types that, released there, reach the goal at once
  let arcs: number[] = []; // (from, type, to) triples of the moves between unions
  const steps: number[] = [];
  for (;;) {
    carried.fill(0);
    left.fill(0);
    done.fill(0);
    hits.fill(0);
    arcs = [];
    carried[u] = 1 << x;
    const work = [u];
    const offer = (sq: number, types: number) => {
      if ((carried[sq] | types) !== carried[sq]) {
        carried[sq] |= types;
        work.push(sq);
      }
    };
    while (work.length) {
      const sq = work.pop()!;
      const todo = carried[sq] & ~done[sq];
      done[sq] |= todo;
      for (let t = 1; t < 32; t++) {
        if (!((todo >> t) & 1)) continue;
        if (goal(t, sq, -1, 0)) hits[sq] |= 1 << t;
        steps.length = 0;
        pieceSteps(c, b, t, sq, false, PIECE, steps);
        for (const s of steps) {
          const to = toOf(s);
          const w = b[to];
          if (goal(t, sq, to, w)) hits[sq] |= 1 << t;
          if (!isUnion(c, w)) continue;
          arcs.push(sq, t, to);
          left[to] |= promoOf(s) ? 1 << promoOf(s) : 1 << t;
          offer(to, (1 << typeOn(w, c.us)) | (returns[to] ? left[to] : 0));
        }
      }
    }
    // Squares on a cycle of the moves found: the hand may come back to them.
    const next = new Map<number, number[]>();
    for (let i = 0; i < arcs.length; i += 3) {
      const list = next.get(arcs[i]);
      if (list) list.push(arcs[i + 2]);
      else next.set(arcs[i], [arcs[i + 2]]);
    }
    let more = false;
    for (const sq of next.keys()) {
      if (returns[sq]) continue;
      const seen = new Set<number>();
      const stack = [...next.get(sq)!];
      while (stack.length) {
        const y = stack.pop()!;
        if (y === sq) {
          returns[sq] = 1;
          more = true;
          break;
        }
        if (seen.has(y)) continue;
        seen.add(y);
        for (const z of next.get(y) ?? []) stack.push(z);
      }
    }
    if (!more) break;
  }
  if (!hits.some((h) => h !== 0)) return null;
  // Backwards: a type released on a square is good when it reaches the goal at
  // once, or moves to a union from which the hand may carry a good type.
  const good = hits.slice();
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = 0; i < arcs.length; i += 3) {
      const [from, t, to] = [arcs[i], arcs[i + 1], arcs[i + 2]];
      if (!((good[from] >> t) & 1) && (carried[to] & good[to]) !== 0) {
        good[from] |= 1 << t;
        changed = true;
      }
    }
  }
  return good;
}
