/**
 * One Friendly turn of one side from a start board (after pending promotions): a
 * walk through states, each stored once, and the searches over them.
 */
import { RulesError } from "../../errors";
import { typeOn, type Position } from "../../position";
import { abstractly, type Sketch } from "./sketch";
import { ends, EP, isUnion, kindOf, landing, pieceSteps, PIECE, played, playStep, startsChain, toOf, type Ctx } from "./steps";
import { boardKey, keysFor, sqKey, Store, type Keys } from "./store";

/** Listing stops with a RulesError beyond this many states in one turn (memory); the rules tool lifts it. */
export const LISTING_LIMIT = { states: 400_000 };

/**
 * The searches of one step-by-step question (a click on the board, reading a move,
 * a threat) may add at most this many states. Beyond, the question gets the
 * careful answer of the over-approximation: a step is offered, a move exists, a
 * square or king counts as threatened (so castling there is refused). Reached
 * only in constructed positions so far (see the tests), never in play-outs.
 */
export const SEARCH_BUDGET = { states: 30_000 };
let budget = 0;
class OverBudget extends Error {}
/** Runs one step-by-step question with a fresh budget. */
export function budgeted<T>(f: () => T): T {
  budget = SEARCH_BUDGET.states;
  return f();
}

export class Turn {
  readonly c: Ctx;
  readonly pos: Position;
  readonly k: Keys;
  readonly root: Int16Array;
  readonly store: Store;
  /** The board of state `loaded`. */
  private cur: Int16Array;
  private loaded = -1;
  readonly scratch: Int16Array;
  // Result of the last `play`.
  rh = 0;
  rReleased = 0;
  rCast = 0;
  rReset = false;
  rEp = -1;
  private dst: Int16Array;

  /** `startReset`: the fifty-move count restarts whatever the step (pending promotions came first). */
  constructor(c: Ctx, pos: Position, root: Int16Array, startReset: boolean) {
    this.c = c;
    this.pos = pos;
    this.k = keysFor(c.v.geo.size);
    this.root = root;
    this.store = new Store(c.v.geo.squares);
    this.cur = root.slice();
    this.scratch = root.slice();
    this.dst = this.scratch;
    this.store.add(root, boardKey(this.k, c.v, root), 0, 0, pos.castling, -1, 0, startReset);
    this.loaded = 0;
  }

  board(i: number): Int16Array {
    if (this.loaded !== i) {
      this.store.load(i, this.cur);
      this.loaded = i;
    }
    return this.cur;
  }

  /** Writes a square of the board being built, keeping its key and castling rights. */
  private readonly put = (sq: number, code: number): void => {
    this.rh ^= sqKey(this.k, sq, this.cur[sq]) ^ sqKey(this.k, sq, code);
    const g = this.c.v.castleHomes.guard[sq];
    if (g && this.rCast) for (const [bit, side, type] of g) if (typeOn(code, side) !== type) this.rCast &= ~bit;
    this.dst[sq] = code;
  };

  /**
   * Plays `step` from state `i` on paper into `dst`: the new board and its key, the
   * released piece, castling rights, whether the fifty-move clock restarts, the en
   * passant square.
   */
  play(i: number, step: number, dst: Int16Array): void {
    const b = this.board(i);
    this.dst = dst;
    dst.set(b);
    this.rh = this.store.hash[i];
    this.rCast = this.store.cast[i];
    playStep(this.c, this.pos, b, step, i === 0, this.put);
    this.rReleased = played.released;
    this.rCast &= ~played.lostRights;
    this.rReset = this.store.reset[i] === 1 || played.reset;
    this.rEp = played.ep;
  }

  /** The steps of the piece released in state `i` (i > 0). */
  chainSteps(i: number, out: number[]): void {
    out.length = 0;
    pieceSteps(this.c, this.board(i), this.store.piece[i], this.store.at[i], false, PIECE, out);
  }

  /** Whether the state (board, released piece, square) lies on the path to state `i` (castling aside). */
  private onPath(i: number, b: Int16Array, h: number, piece: number, at: number): boolean {
    const st = this.store;
    for (let j = i; j > 0; j = st.parent[j]) {
      if (st.piece[j] === piece && st.at[j] === at && st.hash[j] === h && st.equal(j, b)) return true;
    }
    return false;
  }

  /**
   * After `play(i, step, scratch)` released a piece: the state reached, added if new;
   * -1 when it was reached before (or, castling rights having changed, lies on its
   * own path: the key then no longer tells).
   */
  chainState(i: number, step: number): number {
    const piece = this.rReleased;
    const at = toOf(step);
    const st = this.store;
    if (st.find(this.scratch, this.rh, piece, at, this.rCast) >= 0) return -1;
    // Castling rights only shrink, and only when a rook leaves home in a chain.
    if (this.rCast !== st.cast[0] && this.onPath(i, this.scratch, this.rh, piece, at)) return -1;
    if (st.n >= LISTING_LIMIT.states) {
      throw new RulesError(`more than ${LISTING_LIMIT.states} chain states in one turn: too many moves to list here; play moves step by step`);
    }
    return st.add(this.scratch, this.rh, piece, at, this.rCast, i, step, this.rReset);
  }

  /**
   * Can the move be finished from state `i`, the states already stored being out of
   * bounds (the path to `i`, in the builder)? Stops at the first end.
   */
  finishable(i: number): boolean {
    const c = this.c;
    const steps: number[] = [];
    this.chainSteps(i, steps);
    const b = this.board(i);
    for (const s of steps) {
      if (ends(c, landing(c, b, s))) {
        this.found = [i, s];
        return true;
      }
    }
    const good = abstractly(c, b, this.store.piece[i], this.store.at[i], (_t, _from, to, w) => to >= 0 && ends(c, w));
    if (!good) return false;
    const first = this.store.n;
    return this.guided(good, () => this.expandChains(i, steps) && this.search(first, (_j, _s, w) => ends(c, w)));
  }

  /**
   * From the start: does a chain begun by one of the first steps `first` take a
   * step meeting `goal` (before it is played)? `sketch` is the goal as `abstractly`
   * asks it, with the view `sketchCtx`. Forgets the states earlier searches added.
   */
  chainFinds(first: number[], sketch: Sketch, goal: (step: number) => boolean, sketchCtx: Ctx = this.c): boolean {
    this.store.n = 1;
    for (const s of first) {
      if (!startsChain(this.c, this.root, s) || kindOf(s) === EP) continue;
      this.play(0, s, this.scratch);
      const good = abstractly(sketchCtx, this.scratch, this.rReleased, toOf(s), sketch);
      if (!good) continue;
      const j = this.chainState(0, s);
      if (j < 0) continue;
      if (this.guided(good, () => this.search(j, (_i, step) => goal(step)))) return true;
    }
    return false;
  }

  /** Runs a search keeping only the states `good` allows; over budget, the over-approximation's answer: yes. */
  private guided(good: Int32Array, search: () => boolean): boolean {
    this.good = good;
    try {
      return search();
    } catch (e) {
      if (e instanceof OverBudget) return true;
      throw e;
    } finally {
      this.good = null;
    }
  }

  /** The last end `finishable` or `search` found: the state and the step. */
  found: [number, number] = [0, 0];

  /** The steps from the start to state `i`, then `step`. */
  path(i: number, step: number): number[] {
    const out = [step];
    for (let j = i; j > 0; j = this.store.parent[j]) out.push(this.store.step[j]);
    return out.reverse();
  }

  /** When set, a search keeps only states whose released piece may still lead to its goal (see `abstractly`). */
  good: Int32Array | null = null;

  /** Adds the states that `steps` from state `i` reach through unions; whether any is new. */
  private expandChains(i: number, steps: number[]): boolean {
    const before = this.store.n;
    for (const s of steps) {
      if (!isUnion(this.c, landing(this.c, this.board(i), s))) continue;
      this.play(i, s, this.scratch);
      if (!this.rReleased || (this.good && !((this.good[toOf(s)] >> this.rReleased) & 1))) continue;
      if (this.chainState(i, s) >= 0 && --budget < 0) throw new OverBudget();
    }
    return this.store.n > before;
  }

  /** Breadth first from state `first` on: does a step satisfy `goal` (before being played)? */
  private search(first: number, goal: (i: number, step: number, w: number) => boolean): boolean {
    const steps: number[] = [];
    for (let i = first; i < this.store.n; i++) {
      this.chainSteps(i, steps);
      const b = this.board(i);
      for (const s of steps) {
        if (goal(i, s, landing(this.c, b, s))) {
          this.found = [i, s];
          return true;
        }
      }
      this.expandChains(i, steps);
    }
    return false;
  }
}
