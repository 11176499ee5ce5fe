/**
 * Board contents, side to move, castling and en passant rights, clocks.
 *
 * A square holds a 16-bit code: bits 0–4 White's piece type, 5–9 Black's (both set
 * for a Friendly union), bit 10/11 White/Black queen carries a pawn, bit 12/13 White's/Black's
 * piece is a promoted pawn (Crazyhouse's `Q~`, mechanics/drops.ts), bit 14 alone the duck
 * (Duck chess): a neutral piece of neither side, so every generator and attack test sees a
 * square that is not empty and holds no piece of either side to take. In a player's view of a
 * hidden game (Fog of War) the same code is a square they cannot see (UNSEEN): it blocks, and is
 * never entered nor taken, as the duck. Every write goes
 * through `put` (or `putHand`, for pieces in hand), which logs the old value, so any
 * move — however many actions — is undone by `unmake` without move-specific code.
 */
import type { Geometry } from "./geometry";
import type { CastleHomes, Side, Variant } from "./variant";

export const OFF = -1;
export const TYPE_MASK = 31;
export const CARRY = [1 << 10, 1 << 11] as const;
export const PROMOTED = [1 << 12, 1 << 13] as const;
/** The duck's square code (docs/games/duck.md#the-duck). */
export const DUCK = 1 << 14;
/** A square the player whose view this is cannot see (docs/games/fog-of-war.md#the-view-as-fen): the duck's code, in games without one. */
export const UNSEEN = DUCK;

/** Does the position hold squares its player cannot see (a view of a hidden game, lib/rules/view.ts)? */
export function hasUnseen(pos: Position): boolean {
  if (!pos.variant.decl.hidden) return false;
  for (const sq of pos.geo.squares) if (pos.board[sq] === UNSEEN) return true;
  return false;
}

/** May a piece of this type stand on `sq` at all (a drop, a guess at a hidden piece: its forbidden ranks, a square it could never move from, outside its region)? */
export function mayStand(pos: Position, type: number, sq: number, side: Side): boolean {
  const t = pos.variant.types[type];
  const rel = pos.relativeRank(sq, side);
  return !((t.forbiddenFirst && rel === 0) || (t.forbiddenLast && rel === pos.geo.ranks - 1) || t.deadEnds?.[side][sq] ||
    (t.region && !t.region[side][sq]));
}

export function pieceCode(side: Side, type: number): number {
  return type << (5 * side);
}
export function typeOn(code: number, side: Side): number {
  return (code >> (5 * side)) & TYPE_MASK;
}

// Castling right bits: White kingside, White queenside, Black kingside, Black queenside.
export const CASTLE_BITS = [
  [1, 2],
  [4, 8],
] as const;

// A saved state is FRAME numbers on a stack: log length, turn, castling, ep, halfmove, fullmove,
// unmoved, countLimit, countPly, dropped and passes.
const FRAME = 11;

export class Position {
  readonly variant: Variant;
  readonly geo: Geometry;
  board: Int16Array;
  turn: Side = 0;
  castling = 0;
  /** Where this game's castling pieces started: the declaration's, or a Chess960 FEN's. */
  castleHomes: CastleHomes;
  /** En passant target square (padded index) or -1. */
  ep = -1;
  halfmove = 0;
  fullmove = 1;
  /** Unmoved rights (variant.unmovedBit): pieces whose first-move-only moves are still allowed. */
  unmoved = 0;
  /** Counting rules (mechanics/counting.ts): the limit in plies once a count runs, else 0; and the plies counted. */
  countLimit = 0;
  countPly = 0;
  /** The type the last move put down from hand (mechanics/drops.ts), 0 for any other move and for a position read from FEN. */
  dropped = 0;
  /** Passes in a row that led to this position (Janggi, mechanics/bikjang.ts); 0 for a position read from FEN. */
  passes = 0;
  /** counts[side * 32 + type]: pieces of each type on the board. */
  counts = new Int16Array(64);
  /**
   * Square of each side's royal piece for single-royal variants; -1 if none (or still in hand).
   * Where an extinction game's royal pieces are of one type (Atomic's kings): the square of
   * one of them, -1 when none or not known (the one it followed is gone, others stand).
   */
  kingSq: [number, number] = [-1, -1];
  /** hand[side * 32 + type]: pieces a side holds to put down (Sittuyin's setup). */
  hand = new Int16Array(64);
  private log: number[] = [];
  private frames: number[] = [];

  constructor(variant: Variant) {
    this.variant = variant;
    this.geo = variant.geo;
    this.castleHomes = variant.castleHomes;
    this.board = new Int16Array(variant.geo.size).fill(OFF);
    for (const sq of variant.geo.squares) this.board[sq] = 0;
  }

  clone(): Position {
    const p = new Position(this.variant);
    p.board.set(this.board);
    p.turn = this.turn;
    p.castling = this.castling;
    p.castleHomes = this.castleHomes;
    p.ep = this.ep;
    p.halfmove = this.halfmove;
    p.fullmove = this.fullmove;
    p.unmoved = this.unmoved;
    p.countLimit = this.countLimit;
    p.countPly = this.countPly;
    p.dropped = this.dropped;
    p.passes = this.passes;
    p.counts.set(this.counts);
    p.kingSq = [this.kingSq[0], this.kingSq[1]];
    p.hand.set(this.hand);
    return p;
  }

  /** Writes a square, keeping counts and royal squares current, and logs it for unmake. */
  put(sq: number, code: number): void {
    const old = this.board[sq];
    this.log.push(sq, old);
    this.write(sq, old, code);
    if (this.castling !== 0) {
      const guard = this.castleHomes.guard[sq];
      // A right is lost as soon as its king or rook is no longer on its home square.
      if (guard) for (const [bit, side, type] of guard) if (typeOn(code, side) !== type) this.castling &= ~bit;
    }
    // Whatever leaves or lands on the square, its piece is no longer unmoved.
    if (this.unmoved !== 0) this.unmoved &= ~this.variant.unmovedBit[sq];
  }

  /** Sets how many pieces of a type a side holds in hand, logged for unmake (as square -1 - index). */
  putHand(side: Side, type: number, n: number): void {
    const i = side * 32 + type;
    this.log.push(-1 - i, this.hand[i]);
    this.hand[i] = n;
  }

  private write(sq: number, old: number, code: number): void {
    const c = this.counts;
    const k = this.variant.trackedRoyal;
    const ow = old & TYPE_MASK, ob = (old >> 5) & TYPE_MASK;
    const nw = code & TYPE_MASK, nb = (code >> 5) & TYPE_MASK;
    c[ow]--; c[32 + ob]--; c[nw]++; c[32 + nb]++;
    if (k) {
      if (nw === k) this.kingSq[0] = sq;
      else if (ow === k && this.kingSq[0] === sq) this.kingSq[0] = -1;
      if (nb === k) this.kingSq[1] = sq;
      else if (ob === k && this.kingSq[1] === sq) this.kingSq[1] = -1;
    }
    this.board[sq] = code;
  }

  /** Starts a move: remembers the state so unmake can restore it. */
  begin(): void {
    this.frames.push(
      this.log.length, this.turn, this.castling, this.ep, this.halfmove, this.fullmove,
      this.unmoved, this.countLimit, this.countPly, this.dropped, this.passes,
    );
  }

  unmake(): void {
    const f = this.frames;
    const base = f.length - FRAME;
    const log = this.log;
    const logLength = f[base];
    while (log.length > logLength) {
      const old = log.pop()!;
      const sq = log.pop()!;
      if (sq < 0) this.hand[-1 - sq] = old;
      else this.write(sq, this.board[sq], old);
    }
    this.turn = f[base + 1] as Side;
    this.castling = f[base + 2];
    this.ep = f[base + 3];
    this.halfmove = f[base + 4];
    this.fullmove = f[base + 5];
    this.unmoved = f[base + 6];
    this.countLimit = f[base + 7];
    this.countPly = f[base + 8];
    this.dropped = f[base + 9];
    this.passes = f[base + 10];
    f.length = base;
  }

  /** Forgets undo information (after a move is final, so the log does not grow forever). */
  commit(): void {
    this.log.length = 0;
    this.frames.length = 0;
  }

  count(side: Side, type: number): number {
    return this.counts[side * 32 + type];
  }

  /** Number of royal pieces a side has. */
  royalCount(side: Side): number {
    let n = 0;
    const list = this.variant.royalList;
    for (let i = 0; i < list.length; i++) n += this.counts[side * 32 + list[i]];
    return n;
  }

  /** Number of pieces (union partners included) a side has. */
  pieceCount(side: Side): number {
    let n = 0;
    for (let t = 1; t < 32; t++) n += this.counts[side * 32 + t];
    return n;
  }

  /** Squares of a side's royal pieces. */
  royalSquares(side: Side): number[] {
    const out: number[] = [];
    const m = this.variant.royalTypes;
    for (const sq of this.geo.squares) {
      const t = typeOn(this.board[sq], side);
      if (t && (m >> t) & 1) out.push(sq);
    }
    return out;
  }

  /** Rank of a square counted from a side's own first rank (0-based). */
  relativeRank(sq: number, side: Side): number {
    const r = this.geo.rankOf[sq];
    return side === 0 ? r : this.geo.ranks - 1 - r;
  }

  /** +stride for White, -stride for Black. */
  forward(side: Side): number {
    return side === 0 ? this.geo.stride : -this.geo.stride;
  }
}
