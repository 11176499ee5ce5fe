/**
 * Friendly Chess (docs/games/friendly.md): nothing is ever captured. A piece moving onto an
 * opponent's single piece forms a union; either player moves a union by their own
 * piece in it, taking the partner along, to empty squares only; a single piece
 * moving onto a union takes the place of its own colour's piece there, which is
 * released and must move on (a chain). Uniting with the opponent's king wins.
 *
 * A turn is a walk through states: the board, plus the released piece and its
 * square while a chain runs. The rule book forbids passing through a state twice
 * in a turn, and a step after which the move cannot be finished. The start has no
 * released piece, so a chain may end with the board as it began (a loop).
 *
 * Two ways to use that walk:
 *  - Step by step (what the game does: the board's builder, reading and judging a
 *    move, the status, threats). A move is checked along its own path; "can the
 *    move still be finished after this step?" is a search that stops at the first
 *    end it finds, over states stored once (memoised), after a cheap sound test
 *    that rules the answer "no" in most positions without searching (`abstractly`).
 *  - Listing every move (perft, the `moves` tool, Game.legalMoves): a breadth-first
 *    search over all states, each stored once. A move IS its result: chains that
 *    leave the same position (board, castling, en passant, fifty-move clock) are
 *    one move, listed once, with its shortest chain (the first in string order of
 *    its steps among the shortest) as text. Any walk to a result shortens to one
 *    with no repeated state, so these are exactly the results the rule allows.
 *    Their number is bounded by the positions reachable, not by the (exponential)
 *    number of chains — but that bound is itself large when many unions lie within
 *    reach of each other (chains permute pieces among them): random play reaches
 *    positions with tens of thousands. So the game never lists them to play.
 * Text read from a player is the chain they played: any valid chain is accepted
 * and kept as played (normalised); the listing shows one chain per result.
 */
import { actionText, type Action } from "../actions";
import { RulesError } from "../errors";
import type { Mechanic } from "../mechanic";
import { MoveKind, newMove, type Move } from "../move";
import { castlingPathClear, castlingSafe, castlingSquares } from "../movegen";
import { letterOf } from "../notation/move";
import { CASTLE_BITS, OFF, pieceCode, typeOn, type Position } from "../position";
import { win, type Outcome } from "../status";
import type { Side, Variant } from "../variant";

// ---------------------------------------------------------------------------
// Steps, packed into one integer: kind (2 bits), from and to (9 bits each, padded
// squares), the moving piece's type and the promotion (5 bits each).

const PIECE = 0; // a single piece (first step) or the released piece (chain step) moves
const UNION = 1; // a union moves, by the mover's piece, to an empty square
const EP = 2; // en passant: what stands beyond the passed square comes back to it
const CASTLE = 3;

const enc = (kind: number, from: number, to: number, piece: number, promo: number) =>
  kind | (from << 2) | (to << 11) | (piece << 20) | (promo << 25);
const kindOf = (s: number) => s & 3;
const fromOf = (s: number) => (s >> 2) & 511;
const toOf = (s: number) => (s >> 11) & 511;
const pieceOf = (s: number) => (s >> 20) & 31;
const promoOf = (s: number) => (s >> 25) & 31;

/** What a Friendly move carries: pending promotions (square, type pairs), then its steps. */
interface UnionMove {
  promos: number[];
  steps: number[];
}

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
function budgeted<T>(f: () => T): T {
  budget = SEARCH_BUDGET.states;
  return f();
}

// ---------------------------------------------------------------------------
// The side to move's view of the board.

interface Ctx {
  v: Variant;
  us: Side;
  them: Side;
  ourMask: number;
  themMask: number;
  fwd: number;
  pawn: number;
  king: number;
  /** Board rank (0-based) of our last rank. */
  lastRank: number;
  promos: number[];
  /** En passant target square usable by us, -1 for none. */
  ep: number;
}

function ctxFor(v: Variant, us: Side, ep: number): Ctx {
  const pawn = v.byLetter.get("P") ?? 0;
  return {
    v,
    us,
    them: (1 - us) as Side,
    ourMask: 31 << (5 * us),
    themMask: 31 << (5 * (1 - us)),
    fwd: us === 0 ? v.geo.stride : -v.geo.stride,
    pawn,
    king: v.kingType,
    lastRank: us === 0 ? v.geo.ranks - 1 : 0,
    promos: pawn ? v.types[pawn].promotesTo : [],
    ep,
  };
}

const isUnion = (c: Ctx, w: number) => (w & c.ourMask) !== 0 && (w & c.themMask) !== 0;
/** A step onto `w` ends the move: an empty square or an opponent's single piece (the king too). */
const ends = (c: Ctx, w: number) => w === 0 || (w & c.ourMask) === 0;
/** What a step lands on: for en passant, what comes back from beyond the passed square. */
const landing = (c: Ctx, b: Int16Array, s: number) => (kindOf(s) === EP ? b[toOf(s) - c.fwd] : b[toOf(s)]);
const relRank = (c: Ctx, sq: number) => (c.us === 0 ? c.v.geo.rankOf[sq] : c.v.geo.ranks - 1 - c.v.geo.rankOf[sq]);
/** A pawn's double step from its 2nd rank, which gives the en passant right (not one from its 1st rank). */
const doubleStep = (c: Ctx, t: number, kind: number, from: number, to: number) =>
  t === c.pawn && kind !== EP && relRank(c, from) === 1 && Math.abs(to - from) === 2 * c.v.geo.stride;

/**
 * The steps of our piece of type `t` on `s`. `onlyEmpty`: a union (or the king)
 * moves only to empty squares; otherwise a piece also moves onto any square that
 * holds an opponent's piece (a single piece, a union, the king) by a capturing
 * move — and a pawn goes en passant.
 */
function pieceSteps(c: Ctx, b: Int16Array, t: number, s: number, onlyEmpty: boolean, kind: number, out: number[]): void {
  const type = c.v.types[t];
  const atoms = type.atoms[c.us];
  const rel = relRank(c, s);
  for (let j = 0; j < atoms.length; j++) {
    const a = atoms[j];
    if (a.initial && !type.initialRanks.includes(rel)) continue;
    if (a.block !== 0 && b[s + a.block] !== 0) continue;
    let to = s;
    for (let k = 1; k <= a.max; k++) {
      to += a.step;
      const w = b[to];
      if (w === OFF) break;
      if (k < a.min) {
        if (w !== 0) break;
        continue;
      }
      if (w === 0) {
        if (a.move) addStep(c, b, kind, s, to, t, out);
        continue;
      }
      if (!onlyEmpty && a.capture && (w & c.themMask) !== 0) addStep(c, b, kind, s, to, t, out);
      break;
    }
  }
  if (!onlyEmpty && t === c.pawn && epOpen(c, b)) {
    for (let j = 0; j < atoms.length; j++) {
      const a = atoms[j];
      if (a.capture && !a.move && a.min === 1 && s + a.step === c.ep) out.push(enc(EP, s, c.ep, t, 0));
    }
  }
}

/** En passant is open: the passed square is empty and the opponent's pawn still stands beyond it. */
const epOpen = (c: Ctx, b: Int16Array) => c.ep !== -1 && b[c.ep] === 0 && typeOn(b[c.ep - c.fwd], c.them) === c.pawn;

/** A step, with every promotion choice when a pawn reaches its last rank (but not onto the king). */
function addStep(c: Ctx, b: Int16Array, kind: number, from: number, to: number, t: number, out: number[]): void {
  if (t === c.pawn && c.v.geo.rankOf[to] === c.lastRank && typeOn(b[to], c.them) !== c.king) {
    for (let i = 0; i < c.promos.length; i++) out.push(enc(kind, from, to, t, c.promos[i]));
  } else {
    out.push(enc(kind, from, to, t, 0));
  }
}

/** First steps of the side to move on board `b`: pieces, unions, the king (castling apart). */
function firstSteps(c: Ctx, b: Int16Array, out: number[]): void {
  const shift = 5 * c.us;
  const squares = c.v.geo.squares;
  for (let i = 0; i < squares.length; i++) {
    const sq = squares[i];
    const code = b[sq];
    if (code === 0) continue;
    const t = (code >> shift) & 31;
    if (t === 0) continue;
    if (t === c.king) pieceSteps(c, b, t, sq, true, PIECE, out);
    else if (code & c.themMask) pieceSteps(c, b, t, sq, true, UNION, out);
    else pieceSteps(c, b, t, sq, false, PIECE, out);
  }
}

/** Does a first step enter a union (and so start a chain)? */
function startsChain(c: Ctx, b: Int16Array, step: number): boolean {
  const kind = kindOf(step);
  if (kind === PIECE) return isUnion(c, b[toOf(step)]);
  if (kind === EP) return (b[toOf(step) - c.fwd] & c.ourMask) !== 0;
  return false;
}

/** Our pawns on our last rank (in unions, carried there by the opponent), in square order. */
function pendingSquares(c: Ctx, b: Int16Array): number[] {
  const out: number[] = [];
  if (!c.pawn) return out;
  for (const sq of c.v.geo.squares) if (c.v.geo.rankOf[sq] === c.lastRank && typeOn(b[sq], c.us) === c.pawn) out.push(sq);
  return out;
}

/** Every way to promote the pending pawns: lists of (square, type) pairs. */
function promotionCombos(c: Ctx, pending: number[]): number[][] {
  let combos: number[][] = [[]];
  for (const sq of pending) combos = combos.flatMap((prev) => c.promos.map((p) => [...prev, sq, p]));
  return combos;
}

function promoted(c: Ctx, b: Int16Array, promos: number[]): Int16Array {
  const out = b.slice();
  for (let i = 0; i < promos.length; i += 2) out[promos[i]] = (out[promos[i]] & ~c.ourMask) | pieceCode(c.us, promos[i + 1]);
  return out;
}

/** A king standing in a union: the game is over. Returns the side whose king it is. */
function kingInUnion(pos: Position): Side | -1 {
  for (const side of [0, 1] as Side[]) {
    const k = pos.kingSq[side];
    if (k >= 0 && typeOn(pos.board[k], (1 - side) as Side)) return side;
  }
  return -1;
}

// ---------------------------------------------------------------------------
// Zobrist keys per board size, from a fixed seed; equal keys are always confirmed
// by comparing the boards, so a collision costs time, never a wrong answer.

interface Keys {
  sq: Int32Array; // [sq * 64 + side * 32 + type], 0 for type 0
  cast: Int32Array; // [rights]
  ep: Int32Array; // [sq]
  reset: number;
}
const keysBySize = new Map<number, Keys>();

function keysFor(size: number): Keys {
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

const sqKey = (k: Keys, sq: number, code: number) => k.sq[sq * 64 + (code & 31)] ^ k.sq[sq * 64 + 32 + ((code >> 5) & 31)];

function boardKey(k: Keys, v: Variant, b: Int16Array): number {
  let h = 0;
  for (const sq of v.geo.squares) if (b[sq] !== 0) h ^= sqKey(k, sq, b[sq]);
  return h;
}

function sameBoard(v: Variant, a: Int16Array, b: Int16Array): boolean {
  const squares = v.geo.squares;
  for (let i = 0; i < squares.length; i++) if (a[squares[i]] !== b[squares[i]]) return false;
  return true;
}

const mix = (h: number, a: number, b: number) => (h ^ Math.imul(a + 1, 0x9e3779b1) ^ Math.imul(b + 7, 0x85ebca77)) | 0;

// ---------------------------------------------------------------------------
// The states of one turn, stored compactly (the board's squares in one pool) with
// an open-addressing index. Truncating to the first n states forgets the rest:
// index entries pointing past n count as free, and an entry of a kept state is
// never found behind one of a forgotten (later) state.

class Store {
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

// ---------------------------------------------------------------------------
// One turn of one side from a start board (after pending promotions).

class Turn {
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
  private dst: Int16Array | null = null;

  /** `startReset`: the fifty-move count restarts whatever the step (pending promotions came first). */
  constructor(c: Ctx, pos: Position, root: Int16Array, startReset: boolean) {
    this.c = c;
    this.pos = pos;
    this.k = keysFor(c.v.geo.size);
    this.root = root;
    this.store = new Store(c.v.geo.squares);
    this.cur = root.slice();
    this.scratch = root.slice();
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

  private write(b: Int16Array, sq: number, code: number): void {
    this.rh ^= sqKey(this.k, sq, b[sq]) ^ sqKey(this.k, sq, code);
    const g = this.pos.castleHomes.guard[sq];
    if (g && this.rCast) for (const [bit, side, type] of g) if (typeOn(code, side) !== type) this.rCast &= ~bit;
    if (this.dst) this.dst[sq] = code;
  }

  /**
   * Plays `step` from state `i` on paper: the new board key, the released piece,
   * castling rights, whether the fifty-move clock restarts, the en passant square;
   * and writes the new board into `dst` when given.
   */
  play(i: number, step: number, dst: Int16Array | null): void {
    const c = this.c;
    const b = this.board(i);
    this.dst = dst;
    if (dst) dst.set(b);
    this.rh = this.store.hash[i];
    this.rCast = this.store.cast[i];
    this.rReleased = 0;
    this.rReset = this.store.reset[i] === 1;
    this.rEp = -1;
    const kind = kindOf(step);
    const from = fromOf(step);
    const to = toOf(step);
    const t = pieceOf(step);
    const promo = promoOf(step);
    if (promo) this.rReset = true;
    if (kind === CASTLE) {
      const s = castlingSquares(this.pos, c.us, to > from ? 0 : 1);
      const king = b[s.king];
      const rook = b[s.rook];
      this.write(b, s.king, 0);
      this.write(b, s.rook, 0);
      this.write(b, s.kingTo, king);
      this.write(b, s.rookTo, rook);
      return;
    }
    if (kind === UNION) {
      const code = b[from];
      this.write(b, from, 0);
      this.write(b, to, promo ? (code & ~c.ourMask) | pieceCode(c.us, promo) : code);
    } else {
      if (i === 0) this.write(b, from, 0);
      let w = b[to];
      if (kind === EP) {
        w = b[to - c.fwd];
        this.write(b, to - c.fwd, 0);
      }
      // A new union restarts the count; entering a union only changes its partner.
      if (w !== 0 && (w & c.ourMask) === 0) this.rReset = true;
      this.write(b, to, (w & ~c.ourMask) | pieceCode(c.us, promo || t));
      const x = typeOn(w, c.us);
      if (x) {
        this.rReleased = x;
        // That piece leaves its square: a rook released from its home square loses its right.
        const g = this.pos.castleHomes.guard[to];
        if (g && this.rCast) for (const [bit, side, type] of g) if (side === c.us && type === x) this.rCast &= ~bit;
      }
    }
    if (doubleStep(c, t, kind, from, to)) this.rEp = (from + to) / 2;
  }

  /** The steps of the piece released in state `i` (i > 0). */
  chainSteps(i: number, out: number[]): void {
    out.length = 0;
    pieceSteps(this.c, this.board(i), this.store.piece[i], this.store.at[i], false, PIECE, out);
  }

  /** Whether the state (board, released piece, square) lies on the path to state `i` (castling aside). */
  onPath(i: number, b: Int16Array, h: number, piece: number, at: number): boolean {
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
    this.good = good;
    try {
      return this.expandChains(i, steps) && this.search(first, (_j, _s, w) => ends(c, w));
    } catch (e) {
      if (e instanceof OverBudget) return true; // the over-approximation's answer
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
  search(first: number, goal: (i: number, step: number, w: number) => boolean): boolean {
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
function abstractly(
  c: Ctx, b: Int16Array, x: number, u: number, goal: (t: number, from: number, to: number, w: number) => boolean,
): Int32Array | null {
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

// ---------------------------------------------------------------------------
// Threats: could side `by`, to move on board `b`, unite a piece with the king on `kingSq`?

function threatened(pos: Position, b: Int16Array, kingSq: number, by: Side): boolean {
  const c = ctxFor(pos.variant, by, -1);
  const pending = pendingSquares(c, b);
  if (pending.length === 0) return reaches(c, pos, b, kingSq);
  return promotionCombos(c, pending).some((promos) => reaches(c, pos, promoted(c, b, promos), kingSq));
}

function reaches(c: Ctx, pos: Position, b0: Int16Array, kingSq: number): boolean {
  // Only single pieces (not the king) may end on an occupied square.
  const first: number[] = [];
  const shift = 5 * c.us;
  for (const sq of c.v.geo.squares) {
    const code = b0[sq];
    const t = (code >> shift) & 31;
    if (t === 0 || t === c.king || (code & c.themMask) !== 0) continue;
    pieceSteps(c, b0, t, sq, false, PIECE, first);
  }
  for (const s of first) if (toOf(s) === kingSq) return true;
  const hit = (_t: number, _from: number, to: number) => to === kingSq;
  let turn: Turn | undefined;
  for (const s of first) {
    if (!startsChain(c, b0, s)) continue;
    turn ??= new Turn(c, pos, b0, false);
    turn.play(0, s, turn.scratch);
    const good = abstractly(c, turn.scratch, turn.rReleased, toOf(s), hit);
    if (!good) continue;
    const i = turn.chainState(0, s);
    if (i < 0) continue;
    turn.good = good;
    try {
      if (turn.search(i, (_j, step) => toOf(step) === kingSq)) return true;
    } catch (e) {
      if (e instanceof OverBudget) return true; // the over-approximation's answer
      throw e;
    } finally {
      turn.good = null;
    }
  }
  return false;
}

/** Castling for the side to move on board `b`: rights, empty path, no threatened square for the king. */
function castlingSteps(c: Ctx, pos: Position, b: Int16Array, out: number[]): void {
  const cd = c.v.castling;
  if (!cd || !(pos.castling & (CASTLE_BITS[c.us][0] | CASTLE_BITS[c.us][1]))) return;
  let home: boolean | undefined;
  for (const wing of [0, 1] as const) {
    if (!(pos.castling & CASTLE_BITS[c.us][wing])) continue;
    const s = castlingSquares(pos, c.us, wing);
    if (!castlingPathClear(pos, s)) continue;
    const safe = castlingSafe(pos, s, (sq) => {
      if (sq === s.king) return (home ??= threatened(pos, b, sq, c.them));
      const moved = b.slice();
      moved[sq] = moved[s.king];
      moved[s.king] = 0;
      return threatened(pos, moved, sq, c.them);
    });
    if (safe) out.push(enc(CASTLE, s.king, s.kingTo, cd.king, 0));
  }
}

// ---------------------------------------------------------------------------
// Listing every move (perft, the `moves` tool).

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
    for (const s of first) out.push(unionMove(promos, [s]));
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
    out.push(unionMove(promos, path.reverse()));
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

function unionMove(promos: number[], steps: number[]): Move {
  const first = steps[0];
  const last = steps[steps.length - 1];
  const data: UnionMove = { promos, steps };
  return newMove(MoveKind.Mechanic, fromOf(first), toOf(last), pieceOf(first), 0, unions, undefined, data);
}

function generate(pos: Position, out: Move[]): void {
  if (kingInUnion(pos) !== -1) return;
  const c = ctxFor(pos.variant, pos.turn, pos.ep);
  const pending = pendingSquares(c, pos.board);
  if (pending.length === 0) {
    listFrom(c, pos, pos.board, [], out);
    return;
  }
  for (const promos of promotionCombos(c, pending)) listFrom(c, pos, promoted(c, pos.board, promos), promos, out);
}

// ---------------------------------------------------------------------------
// Playing and writing a move.

function make(pos: Position, m: Move): void {
  const { promos, steps } = m.data as UnionMove;
  const c = ctxFor(pos.variant, pos.turn, pos.ep);
  const board = pos.board;
  let reset = promos.length > 0;
  for (let i = 0; i < promos.length; i += 2) pos.put(promos[i], (board[promos[i]] & ~c.ourMask) | pieceCode(c.us, promos[i + 1]));
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    const kind = kindOf(step);
    const from = fromOf(step);
    const to = toOf(step);
    const t = pieceOf(step);
    const promo = promoOf(step);
    if (promo) reset = true;
    if (kind === CASTLE) {
      const s = castlingSquares(pos, c.us, to > from ? 0 : 1);
      const king = board[s.king];
      const rook = board[s.rook];
      pos.put(s.king, 0);
      pos.put(s.rook, 0);
      pos.put(s.kingTo, king);
      pos.put(s.rookTo, rook);
      continue;
    }
    if (kind === UNION) {
      const code = board[from];
      pos.put(from, 0);
      pos.put(to, promo ? (code & ~c.ourMask) | pieceCode(c.us, promo) : code);
    } else {
      if (i === 0) pos.put(from, 0);
      let w = board[to];
      if (kind === EP) {
        w = board[to - c.fwd];
        pos.put(to - c.fwd, 0);
      }
      if (w !== 0 && (w & c.ourMask) === 0) reset = true; // a new union
      pos.put(to, (w & ~c.ourMask) | pieceCode(c.us, promo || t));
      const x = typeOn(w, c.us);
      const g = pos.castleHomes.guard[to];
      // The released rook leaves its home square, even if another rook took its place.
      if (x && g) for (const [bit, side, type] of g) if (side === c.us && type === x) pos.castling &= ~bit;
    }
    if (doubleStep(c, t, kind, from, to)) pos.ep = (from + to) / 2;
  }
  if (reset) pos.halfmove = 0;
}

function actions(pos: Position, m: Move): Action[] {
  return writeActions(pos, m.data as UnionMove);
}

function writeActions(pos: Position, { promos, steps }: UnionMove): Action[] {
  const us = pos.turn;
  const names = pos.geo.names;
  const pawn = pos.variant.byLetter.get("P")!;
  const out: Action[] = [];
  for (let i = 0; i < promos.length; i += 2) {
    out.push({ type: "promote", piece: letterOf(pos, pawn, us), square: names[promos[i]], promotion: letterOf(pos, promos[i + 1], us) });
  }
  for (const s of steps) {
    const a: Action = { type: "step", piece: letterOf(pos, pieceOf(s), us), from: names[fromOf(s)], to: names[toOf(s)] };
    if (promoOf(s)) a.promotion = letterOf(pos, promoOf(s), us);
    out.push(a);
  }
  return out;
}

// ---------------------------------------------------------------------------
// Step by step: reading a move, the builder, whether a move exists.

type StepAction = Extract<Action, { type: "step" }>;
type PromoteAction = Extract<Action, { type: "promote" }>;

/** How far a list of actions gets: the turn, its path so far, and whether the move ended. */
interface Walk {
  turn: Turn;
  promos: number[];
  steps: number[];
  /** The state the path is in (0 before the first step); -1 once the move ended. */
  state: number;
}

/**
 * Follows `actions` (pending promotions first, then steps) from the position.
 * `complete`: the actions must be a whole move. Returns why not, as text, when
 * they are no (beginning of a) legal path.
 */
function walk(pos: Position, actions: readonly Action[], complete: boolean): Walk | string {
  const v = pos.variant;
  const c = ctxFor(v, pos.turn, pos.ep);
  const names = v.geo.names;
  const text = actions.map(actionText).join("; ");
  const pending = pendingSquares(c, pos.board);
  const promos: number[] = [];
  let n = 0;
  for (; n < actions.length && actions[n].type === "promote"; n++) {
    const a = actions[n] as PromoteAction;
    const sq = names.indexOf(a.square);
    if (!pending.includes(sq) || promos.some((x, i) => i % 2 === 0 && x === sq)) {
      return `${text}: there is no pawn of yours to promote on ${a.square} (only a pawn carried to its last rank by the opponent is promoted before the move)`;
    }
    const p = a.piece.toUpperCase() === "P" ? v.byLetter.get(a.promotion.toUpperCase()) ?? 0 : 0;
    if (!c.promos.includes(p)) return `${text}: write the promotion as ${letterOf(pos, c.pawn, c.us)} ${a.square}=${letterOf(pos, c.promos[0], c.us)} (${c.promos.map((t) => v.types[t].letter).join(", ")})`;
    promos.push(sq, p);
  }
  const rest = actions.slice(n);
  if (rest.some((a) => a.type !== "step")) return `${text} is not a legal move here`;
  if (promos.length / 2 < pending.length && (rest.length > 0 || complete)) {
    const missing = pending.filter((sq) => !promos.some((x, i) => i % 2 === 0 && x === sq)).map((sq) => names[sq]);
    return `${text}: first promote your pawn${missing.length > 1 ? "s" : ""} on ${missing.join(", ")}, e.g. ${letterOf(pos, c.pawn, c.us)} ${missing[0]}=${letterOf(pos, c.promos[0], c.us)}; then move`;
  }
  // Canonical order of the promotions: square order.
  const sorted: number[] = [];
  for (const sq of pending) {
    const i = promos.findIndex((x, j) => j % 2 === 0 && x === sq);
    if (i >= 0) sorted.push(sq, promos[i + 1]);
  }
  const turn = new Turn(c, pos, promoted(c, pos.board, sorted), sorted.length > 0);
  const w: Walk = { turn, promos: sorted, steps: [], state: 0 };
  if (rest.length === 0 && complete) return `${text}: a move needs a step after the promotions`;
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i] as StepAction;
    if (w.state === -1) return `${text}: the move ended with ${actionText(rest[i - 1])}; nothing is released there to move on`;
    const from = names.indexOf(a.from);
    const to = names.indexOf(a.to);
    if (from < 0 || to < 0) return `${text}: no such square on this ${v.geo.files}×${v.geo.ranks} board`;
    const cands: number[] = [];
    const b = turn.board(w.state);
    if (w.state === 0) {
      const why = firstStepProblem(c, b, a, from, to);
      if (why) return `${text}: ${why}`;
      firstSteps(c, b, cands);
      // Castling needs threat searches: only when the step is no ordinary one.
      if (!cands.some((s) => fromOf(s) === from && toOf(s) === to)) castlingSteps(c, pos, b, cands);
    } else {
      const at = turn.store.at[w.state];
      const name = v.types[turn.store.piece[w.state]].name;
      if (from !== at) return `${text}: the released ${name} on ${names[at]} must move on from there, not from ${a.from}`;
      if (v.types[turn.store.piece[w.state]].letter !== a.piece.toUpperCase()) return `${text}: the piece released on ${names[at]} is a ${name}, not ${a.piece}`;
      turn.chainSteps(w.state, cands);
    }
    const fits = cands.filter((s) => fromOf(s) === from && toOf(s) === to && v.types[pieceOf(s)].letter === a.piece.toUpperCase());
    if (fits.length === 0) return `${text}: ${actionText(a)} is not a legal ${w.state === 0 ? "move" : "chain step"} here`;
    const promo = a.promotion ? v.byLetter.get(a.promotion.toUpperCase()) ?? -1 : 0;
    const step = fits.find((s) => promoOf(s) === promo);
    if (step === undefined) {
      return promo === 0
        ? `${text}: say what the pawn promotes to, e.g. ${actionText({ ...a, promotion: letterOf(pos, c.promos[0], c.us) })}`
        : `${text}: ${a.piece} ${a.from}-${a.to} promotes to ${c.promos.map((t) => v.types[t].letter).join(", ")}${promoOf(fits[0]) === 0 ? " only on its last rank, and not onto the king" : ""}`;
    }
    w.steps.push(step);
    turn.play(w.state, step, turn.scratch);
    if (!turn.rReleased) {
      w.state = -1;
      continue;
    }
    const piece = turn.rReleased;
    const st = turn.store;
    const seen = st.find(turn.scratch, turn.rh, piece, to, turn.rCast);
    if (seen >= 0 || turn.onPath(w.state, turn.scratch, turn.rh, piece, to)) {
      return `${text}: the chain passes through the same state twice (this board with the released ${v.types[piece].name} on ${a.to})`;
    }
    w.state = st.add(turn.scratch, turn.rh, piece, to, turn.rCast, w.state, step, turn.rReset);
  }
  if (complete && w.state !== -1) {
    const st = turn.store;
    return `${text}: the released ${v.types[st.piece[w.state]].name} on ${names[st.at[w.state]]} must move on`;
  }
  return w;
}

/** Why a first step cannot be one, in the players' words (undefined: look further). */
function firstStepProblem(c: Ctx, b: Int16Array, a: StepAction, from: number, to: number): string | undefined {
  const v = c.v;
  const code = b[from];
  const t = typeOn(code, c.us);
  const color = c.us === 0 ? "White" : "Black";
  if (!t) return typeOn(code, c.them) ? `the piece on ${a.from} is not yours; it is ${color}'s turn` : `there is no ${color} piece on ${a.from}`;
  if (v.types[t].letter !== a.piece.toUpperCase()) return `the piece on ${a.from} is a ${v.types[t].name} (${v.types[t].letter}), not ${a.piece.toUpperCase()}`;
  const w = b[to];
  if (w !== 0 && w !== OFF) {
    if (t === c.king) return "the king only steps to empty squares (it never joins a union)";
    if (code & c.themMask) return "a union moves only to empty squares";
    if (!(w & c.themMask)) return `${a.to} holds your own piece`;
  }
  return undefined;
}

/** The move a whole list of actions means, with its normalised actions; or why it is not legal. */
function read(pos: Position, actions: readonly Action[]): { move: Move; actions: Action[] } | string {
  if (kingInUnion(pos) !== -1) return "the game is over: a king stands in a union";
  const w = walk(pos, actions, true);
  if (typeof w === "string") return w;
  const data: UnionMove = { promos: w.promos, steps: w.steps };
  return { move: unionMove(w.promos, w.steps), actions: writeActions(pos, data) };
}

/** The builder: the next actions that can still be finished, and whether the move is complete. */
function next(pos: Position, prefix: readonly Action[]): { actions: Action[]; complete: boolean } {
  const none = { actions: [], complete: false };
  if (kingInUnion(pos) !== -1) return none;
  const c = ctxFor(pos.variant, pos.turn, pos.ep);
  const pending = pendingSquares(c, pos.board);
  const given = prefix.filter((a) => a.type === "promote").length;
  if (given < pending.length) {
    // Promotions come first, in square order: offer the choices that leave a legal move.
    if (prefix.some((a) => a.type !== "promote")) return none;
    const w = walk(pos, prefix, false);
    if (typeof w === "string") return none;
    const sq = pending[given];
    const out: Action[] = [];
    for (const p of c.promos) {
      const chosen = [...w.promos, sq, p];
      const rest = pending.slice(given + 1);
      const ok = promotionCombos(c, rest).some((more) => {
        const all = [...chosen, ...more];
        return anyMoveFrom(c, pos, promoted(c, pos.board, all), all) !== undefined;
      });
      if (ok) out.push({ type: "promote", piece: letterOf(pos, c.pawn, c.us), square: pos.geo.names[sq], promotion: letterOf(pos, p, c.us) });
    }
    return { actions: out, complete: false };
  }
  const w = walk(pos, prefix, false);
  if (typeof w === "string") return none;
  if (w.state === -1) return { actions: [], complete: true };
  const turn = w.turn;
  const steps: number[] = [];
  if (w.state === 0) {
    firstSteps(c, turn.root, steps);
    castlingSteps(c, pos, turn.root, steps);
  } else {
    turn.chainSteps(w.state, steps);
  }
  const keep = turn.store.n; // the path: out of bounds for every search below
  const out: Action[] = [];
  const seen = new Set<string>();
  for (const s of steps) {
    if (!stepFinishable(turn, w.state, s, keep)) continue;
    const a = writeActions(pos, { promos: [], steps: [s] })[0];
    const key = actionText(a);
    if (!seen.has(key)) {
      seen.add(key);
      out.push(a);
    }
  }
  return { actions: out, complete: false };
}

/** After `step` from state `i` (the path being the first `keep` states), can the move be finished? */
function stepFinishable(turn: Turn, i: number, step: number, keep: number): boolean {
  turn.store.n = keep; // forget what earlier searches added
  turn.play(i, step, turn.scratch);
  if (!turn.rReleased) return true;
  const j = turn.chainState(i, step);
  return j >= 0 && turn.finishable(j);
}

/** A legal move of the side to move from board `b` (pending promotions `promos` done), if there is one. */
function anyMoveFrom(c: Ctx, pos: Position, b: Int16Array, promos: number[]): Move | undefined {
  const first: number[] = [];
  firstSteps(c, b, first);
  const plain = first.find((s) => !startsChain(c, b, s));
  if (plain !== undefined) return unionMove(promos, [plain]);
  const castle: number[] = [];
  castlingSteps(c, pos, b, castle);
  if (castle.length) return unionMove(promos, [castle[0]]);
  const turn = new Turn(c, pos, b, promos.length > 0);
  for (const s of first) {
    turn.store.n = 1;
    turn.play(0, s, turn.scratch);
    const j = turn.chainState(0, s);
    if (j >= 0 && turn.finishable(j)) return unionMove(promos, turn.path(turn.found[0], turn.found[1]));
  }
  return undefined;
}

/** A legal move of the side to move, if there is one (for the status: whether there is one). */
function anyMove(pos: Position): Move | undefined {
  if (kingInUnion(pos) !== -1) return undefined;
  const c = ctxFor(pos.variant, pos.turn, pos.ep);
  const pending = pendingSquares(c, pos.board);
  if (pending.length === 0) return anyMoveFrom(c, pos, pos.board, []);
  for (const promos of promotionCombos(c, pending)) {
    const m = anyMoveFrom(c, pos, promoted(c, pos.board, promos), promos);
    if (m) return m;
  }
  return undefined;
}

/**
 * Can the side to move take en passant in some legal move? By a single pawn as
 * the first step (exactly), or by a pawn released next to the passed square inside
 * a chain (whether that chain could then be finished is not asked: a corner of a
 * corner, which only decides whether two positions count as the same).
 */
function enPassantPossible(pos: Position): boolean {
  if (pos.ep === -1 || kingInUnion(pos) !== -1) return false;
  const c = ctxFor(pos.variant, pos.turn, pos.ep);
  if (!epOpen(c, pos.board)) return false;
  const pending = pendingSquares(c, pos.board);
  const combos = pending.length ? promotionCombos(c, pending) : [[]];
  const beside = [c.ep - c.fwd - 1, c.ep - c.fwd + 1];
  const cNoEp = { ...c, ep: -1 };
  const pawnBeside = (t: number, from: number, to: number) => to === -1 && t === c.pawn && beside.includes(from);
  return combos.some((promos) => {
    const b = promos.length ? promoted(c, pos.board, promos) : pos.board;
    const turn = new Turn(c, pos, b, promos.length > 0);
    const first: number[] = [];
    firstSteps(c, b, first);
    if (first.some((s) => kindOf(s) === EP && stepFinishable(turn, 0, s, 1))) return true;
    turn.store.n = 1;
    for (const s of first) {
      if (!startsChain(c, b, s) || kindOf(s) === EP) continue;
      turn.play(0, s, turn.scratch);
      // The geometry stays fixed until the en passant step itself.
      const good = abstractly(cNoEp, turn.scratch, turn.rReleased, toOf(s), pawnBeside);
      if (!good) continue;
      const j = turn.chainState(0, s);
      if (j < 0) continue;
      turn.good = good;
      try {
        if (turn.search(j, (_i, step) => kindOf(step) === EP)) return true;
      } catch (e) {
        if (e instanceof OverBudget) return true; // the over-approximation's answer
        throw e;
      } finally {
        turn.good = null;
      }
    }
    return false;
  });
}

// ---------------------------------------------------------------------------
// How games end, FEN checks, threats shown.

function status(pos: Position, legal: Move[]): Outcome | undefined {
  const loser = kingInUnion(pos);
  if (loser !== -1) return win((1 - loser) as Side, "union-with-king");
  const king = pos.variant.kingType;
  let single = false;
  for (const sq of pos.geo.squares) {
    const code = pos.board[sq];
    if (code === 0) continue;
    const w = code & 31;
    const b = (code >> 5) & 31;
    if ((w === 0) !== (b === 0) && w !== king && b !== king) {
      single = true;
      break;
    }
  }
  if (!single) return { result: "draw", reason: "all-pieces-in-unions" };
  if (legal.length === 0) return { result: "draw", reason: "no-legal-move" };
  return undefined;
}

function validate(pos: Position): void {
  const v = pos.variant;
  const pawn = v.byLetter.get("P") ?? 0;
  const king = v.kingType;
  const names = v.geo.names;
  for (const sq of v.geo.squares) {
    const code = pos.board[sq];
    const w = typeOn(code, 0);
    const b = typeOn(code, 1);
    if (w === king && b === king) throw new RulesError(`the two kings cannot stand together on ${names[sq]}`);
    for (const side of [0, 1] as Side[]) {
      const t = side === 0 ? w : b;
      const name = side === 0 ? "White" : "Black";
      const partner = side === 0 ? b : w;
      // Pending promotion; or the winning union with the king (a pawn doing it does not promote).
      if (t === pawn && pos.relativeRank(sq, side) === v.geo.ranks - 1 && !(partner && (pos.turn === side || partner === king))) {
        throw new RulesError(`a ${name} pawn can stand on its last rank (${names[sq]}) only inside a union, with ${name} to move (a pending promotion)`);
      }
      if (t === king && w && b && pos.turn !== side) {
        throw new RulesError(`the ${name} king stands in a union on ${names[sq]}: the game is over, and ${name} would be to move`);
      }
    }
  }
  // The passed square of a double step from the 2nd rank lies on the 3rd.
  if (pos.ep !== -1 && pos.relativeRank(pos.ep, (1 - pos.turn) as Side) !== 2) {
    throw new RulesError(`en passant square ${names[pos.ep]} is impossible here: only a pawn's double step from its 2nd rank gives the right`);
  }
}

/** The side to move's king, when the opponent could unite a piece with it in one turn. */
function checks(pos: Position): number[] {
  if (kingInUnion(pos) !== -1) return [];
  const us = pos.turn;
  const k = pos.kingSq[us];
  return k >= 0 && threatened(pos, pos.board, k, (1 - us) as Side) ? [k] : [];
}

export const unions: Mechanic = {
  name: "unions",
  fenMarks: { unions: true },
  generate: (pos, out) => budgeted(() => generate(pos, out)),
  make,
  actions,
  status,
  validate,
  checks: (pos) => budgeted(() => checks(pos)),
  stepwise: {
    read: (pos, actions) => budgeted(() => read(pos, actions)),
    next: (pos, prefix) => budgeted(() => next(pos, prefix)),
    anyMove: (pos) => budgeted(() => anyMove(pos)),
    enPassantPossible: (pos) => budgeted(() => enPassantPossible(pos)),
  },
};
