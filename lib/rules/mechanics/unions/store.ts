/**
 * The states of one Friendly turn, stored compactly, and their Zobrist keys.
 */
import type { Variant } from "../../variant";

// Zobrist keys per board size, from a fixed seed; equal keys are always confirmed
// by comparing the boards, so a collision costs time, never a wrong answer.

export interface Keys {
  sq: Int32Array; // [sq * 64 + side * 32 + type], 0 for type 0
  cast: Int32Array; // [rights]
  ep: Int32Array; // [sq]
  reset: number;
}
const keysBySize = new Map<number, Keys>();

export function keysFor(size: number): Keys {
  let k = keysBySize.get(size);
  if (k) return k;
  let x = 0x9e3779b9 ^ size;
  const rnd = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return x | 0;
  };
  const sq = new Int32Array(size * 64);
  for (let i = 0; i < sq.length; i++) sq[i] = i % 32 === 0 ? 0 : rnd();
  const cast = new Int32Array(16);
  for (let i = 1; i < 16; i++) cast[i] = rnd();
  const ep = new Int32Array(size);
  for (let i = 0; i < ep.length; i++) ep[i] = rnd();
  k = { sq, cast, ep, reset: rnd() };
  keysBySize.set(size, k);
  return k;
}

export const sqKey = (k: Keys, sq: number, code: number) => k.sq[sq * 64 + (code & 31)] ^ k.sq[sq * 64 + 32 + ((code >> 5) & 31)];

export function boardKey(k: Keys, v: Variant, b: Int16Array): number {
  let h = 0;
  for (const sq of v.geo.squares) if (b[sq] !== 0) h ^= sqKey(k, sq, b[sq]);
  return h;
}

export function sameBoard(v: Variant, a: Int16Array, b: Int16Array): boolean {
  const squares = v.geo.squares;
  for (let i = 0; i < squares.length; i++) if (a[squares[i]] !== b[squares[i]]) return false;
  return true;
}

const mix = (h: number, a: number, b: number) => (h ^ Math.imul(a + 1, 0x9e3779b1) ^ Math.imul(b + 7, 0x85ebca77)) | 0;

// The states of one turn, stored compactly (the board's squares in one pool) with
// an open-addressing index. Truncating to the first n states forgets the rest:
// index entries pointing past n count as free, and an entry of a kept state is
// never found behind one of a forgotten (later) state.

export class Store {
  readonly squares: readonly number[];
  readonly nsq: number;
  n = 0;
  private cap = 0;
  pool = new Int16Array(0);
  hash = new Int32Array(0);
  piece = new Uint8Array(0);
  at = new Int16Array(0);
  cast = new Uint8Array(0);
  parent = new Int32Array(0);
  step = new Int32Array(0);
  /**
   * The fifty-move count restarts on the way here: a pending promotion or one in the chain
   * (the same on every path to a state, as a promotion changes the pieces).
   */
  reset = new Uint8Array(0);
  private index = new Int32Array(0);
  private mask = 0;

  constructor(squares: readonly number[]) {
    this.squares = squares;
    this.nsq = squares.length;
    this.grow(16);
  }

  private grow(cap: number): void {
    const copy = <T extends Int16Array | Int32Array | Uint8Array>(a: T, n: number): T => {
      const b = new (a.constructor as new (n: number) => T)(n);
      b.set(a.subarray(0, Math.min(a.length, n)));
      return b;
    };
    this.pool = copy(this.pool, cap * this.nsq);
    this.hash = copy(this.hash, cap);
    this.piece = copy(this.piece, cap);
    this.at = copy(this.at, cap);
    this.cast = copy(this.cast, cap);
    this.parent = copy(this.parent, cap);
    this.step = copy(this.step, cap);
    this.reset = copy(this.reset, cap);
    this.cap = cap;
    this.index = new Int32Array(cap * 4);
    this.mask = cap * 4 - 1;
    for (let i = 0; i < this.n; i++) this.insert(i);
  }

  private slot(i: number): number {
    return mix(this.hash[i], this.piece[i] * 512 + this.at[i], this.cast[i]) & this.mask;
  }

  private insert(i: number): void {
    let s = this.slot(i);
    for (;;) {
      const e = this.index[s];
      if (e === 0 || e - 1 >= this.n || e - 1 === i) break;
      s = (s + 1) & this.mask;
    }
    this.index[s] = i + 1;
  }

  equal(i: number, b: Int16Array): boolean {
    const base = i * this.nsq;
    const sq = this.squares;
    for (let j = 0; j < sq.length; j++) if (this.pool[base + j] !== b[sq[j]]) return false;
    return true;
  }

  find(b: Int16Array, h: number, piece: number, at: number, cast: number): number {
    let s = mix(h, piece * 512 + at, cast) & this.mask;
    for (;;) {
      const e = this.index[s];
      if (e === 0 || e - 1 >= this.n) return -1;
      const i = e - 1;
      if (this.hash[i] === h && this.piece[i] === piece && this.at[i] === at && this.cast[i] === cast && this.equal(i, b)) return i;
      s = (s + 1) & this.mask;
    }
  }

  add(b: Int16Array, h: number, piece: number, at: number, cast: number, parent: number, step: number, reset: boolean): number {
    if (this.n === this.cap) this.grow(this.cap * 2);
    const i = this.n++;
    const base = i * this.nsq;
    const sq = this.squares;
    for (let j = 0; j < sq.length; j++) this.pool[base + j] = b[sq[j]];
    this.hash[i] = h;
    this.piece[i] = piece;
    this.at[i] = at;
    this.cast[i] = cast;
    this.parent[i] = parent;
    this.step[i] = step;
    this.reset[i] = reset ? 1 : 0;
    this.insert(i);
    return i;
  }

  load(i: number, dst: Int16Array): void {
    const base = i * this.nsq;
    const sq = this.squares;
    for (let j = 0; j < sq.length; j++) dst[sq[j]] = this.pool[base + j];
  }
}
