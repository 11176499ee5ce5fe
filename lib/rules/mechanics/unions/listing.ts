/**
 * Listing every Friendly move (perft, the `moves` tool, Game.legalMoves): a
 * breadth-first search over all states of the turn, each stored once. A move IS
 * its result: chains that leave the same position are one move, listed once.
 */
import type { Move } from "../../move";
import type { Position } from "../../position";
import type { Variant } from "../../variant";
import { castlingSteps } from "./threats";
import {
  ctxFor, firstSteps, fromOf, kingInUnion, pieceOf, promoOf, startBoards, startsChain, toOf, unionMove, type Ctx,
} from "./steps";
import { sameBoard } from "./store";
import { Turn } from "./turn";

/** Sort order of square names ("a1" < "a2" < … < "b1"), for the canonical text. */
const nameOrders = new WeakMap<Variant, Int16Array>();
function nameOrder(v: Variant): Int16Array {
  let o = nameOrders.get(v);
  if (!o) {
    o = new Int16Array(v.geo.size);
    const sorted = [...v.geo.squares].sort((a, b) => (v.geo.names[a] < v.geo.names[b] ? -1 : 1));
    sorted.forEach((sq, i) => (o![sq] = i));
    nameOrders.set(v, o);
  }
  return o;
}

/** Per type index: its letter's place in the alphabet (1 = A), 0 for none — step text order. */
function letterOrder(v: Variant): number[] {
  return v.types.map((t) => (t ? t.letter.charCodeAt(0) - 64 : 0));
}

function listFrom(c: Ctx, pos: Position, b: Int16Array, promos: number[], out: Move[]): void {
  const first: number[] = [];
  firstSteps(c, b, first);
  castlingSteps(c, pos, b, first);
  if (!first.some((s) => startsChain(c, b, s))) {
    // Without a chain every step leaves a different position: nothing to merge.
    for (const s of first) out.push(unionMove(c, promos, [s]));
    return;
  }
  const order = nameOrder(c.v);
  const letters = letterOrder(c.v);
  const rootKey = (s: number) => ((letters[pieceOf(s)] * 512 + order[fromOf(s)]) * 512 + order[toOf(s)]) * 32 + letters[promoOf(s)];
  const chainKey = (s: number) => order[toOf(s)] * 32 + letters[promoOf(s)];
  first.sort((x, y) => rootKey(x) - rootKey(y));
  const turn = new Turn(c, pos, b, promos.length > 0);
  const st = turn.store;
  const v = c.v;
  const k = turn.k;
  const ends = new Ends();
  const a = new Int16Array(b.length);
  const e2 = new Int16Array(b.length);
  const steps: number[] = [];
  for (let i = 0; i < st.n; i++) {
    let list = first;
    if (i > 0) {
      turn.chainSteps(i, steps);
      steps.sort((x, y) => chainKey(x) - chainKey(y));
      list = steps;
    }
    for (const s of list) {
      turn.play(i, s, turn.scratch);
      if (turn.rReleased) {
        turn.chainState(i, s);
        continue;
      }
      const info = turn.rCast | (turn.rReset ? 16 : 0) | ((turn.rEp + 1) << 5);
      const key = turn.rh ^ k.cast[turn.rCast] ^ (turn.rEp === -1 ? 0 : k.ep[turn.rEp]) ^ (turn.rReset ? k.reset : 0);
      const same = ends.find(key);
      if (same >= 0) {
        a.set(turn.scratch);
        let dup = false;
        for (let e = same; e >= 0 && !dup; e = ends.next[e]) {
          if (ends.info[e] !== info) continue;
          turn.play(ends.parent[e], ends.step[e], e2);
          dup = sameBoard(v, e2, a);
        }
        if (dup) continue;
      }
      ends.add(key, i, s, info, same);
    }
  }
  for (let e = 0; e < ends.n; e++) {
    const path = [ends.step[e]];
    for (let j = ends.parent[e]; j > 0; j = st.parent[j]) path.push(st.step[j]);
    out.push(unionMove(c, promos, path.reverse()));
  }
}

/**
 * The results of one listing: the state each leaves from and its last step, found
 * by a key (board, castling, en passant, fifty-move clock); results sharing a key
 * are chained (`next`), and told apart by comparing boards.
 */
class Ends {
  n = 0;
  key = new Int32Array(64);
  parent = new Int32Array(64);
  step = new Int32Array(64);
  /** castling | reset << 4 | (ep + 1) << 5 */
  info = new Int32Array(64);
  next = new Int32Array(64);
  private table = new Int32Array(256); // 1 + the first result with a key, 0 free
  private mask = 255;

  /** The first result with this key, -1 for none. */
  find(key: number): number {
    for (let s = key & this.mask; ; s = (s + 1) & this.mask) {
      const e = this.table[s] - 1;
      if (e < 0 || this.key[e] === key) return e;
    }
  }

  /** Adds a result; `same` is the first result with its key (from `find`), or -1. */
  add(key: number, parent: number, step: number, info: number, same: number): void {
    if (this.n === this.key.length) this.grow();
    const e = this.n++;
    this.key[e] = key;
    this.parent[e] = parent;
    this.step[e] = step;
    this.info[e] = info;
    if (same >= 0) {
      this.next[e] = this.next[same];
      this.next[same] = e;
      return;
    }
    this.next[e] = -1;
    this.place(e);
    if (this.n * 2 > this.table.length) this.rehash();
  }

  private place(e: number): void {
    let s = this.key[e] & this.mask; // Zobrist keys: the low bits are random already
    while (this.table[s] !== 0) s = (s + 1) & this.mask;
    this.table[s] = e + 1;
  }

  private grow(): void {
    const more = (a: Int32Array) => {
      const b = new Int32Array(a.length * 2);
      b.set(a);
      return b;
    };
    this.key = more(this.key);
    this.parent = more(this.parent);
    this.step = more(this.step);
    this.info = more(this.info);
    this.next = more(this.next);
  }

  private rehash(): void {
    this.table = new Int32Array(this.table.length * 2);
    this.mask = this.table.length - 1;
    // The first result of each key is the one not reached through another's `next`.
    const chained = new Uint8Array(this.n);
    for (let e = 0; e < this.n; e++) if (this.next[e] >= 0) chained[this.next[e]] = 1;
    for (let e = 0; e < this.n; e++) if (!chained[e]) this.place(e);
  }
}

export function generate(pos: Position, out: Move[]): void {
  if (kingInUnion(pos) !== -1) return;
  const c = ctxFor(pos.variant, pos.turn, pos.ep);
  for (const { b, promos } of startBoards(c, pos.board)) listFrom(c, pos, b, promos, out);
}
