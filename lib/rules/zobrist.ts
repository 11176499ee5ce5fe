/**
 * The repetition hash: a 64-bit Zobrist hash (two 32-bit halves) of what a repetition tells
 * apart on the board — each square's pieces as repetitions see them (PieceDecl.repetitionAs:
 * Shogi's tokin is a gold), carried pawns, the duck, the hands and the side to move; not the
 * promoted marks (Crazyhouse's `~`), which Fairy-Stockfish does not count in repetitions either.
 * The game keeps it for every position (with castling rights and en passant apart, game.ts),
 * so neither the game nor its stored rules state holds whole positions; Fairy-Stockfish itself
 * compares 64-bit Zobrist keys. The bot hashes its search's positions with it too (lib/bot), so a
 * position the game stood in before is one its search recognises.
 */
import { CARRY, DUCK, typeOn, type Position } from "./position";
import type { Side, Variant } from "./variant";

/** Zobrist keys per variant, two 32-bit halves each: (square, side, type), the mark bits, the duck, hands, rights, turn. */
export interface ZobristKeys {
  piece: Int32Array; // [(sq * 2 + side) * 32 + type] * 2 + half
  mark: Int32Array; // [(sq * 5 + bit) * 2 + half]: carry ×2, promoted ×2, duck
  hand: Int32Array; // [((side * 32 + type) * 64 + count) * 2 + half]
  misc: Int32Array; // castling bits (16), ep square (size), unmoved bits (32), turn, count
}
const keysOf = new WeakMap<Variant, ZobristKeys>();

export function zobristKeys(v: Variant): ZobristKeys {
  let k = keysOf.get(v);
  if (k) return k;
  // A fixed seed: the same keys in every process, so stored hashes and a search repeat exactly.
  let s = 0x9e3779b9;
  const rnd = () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return t ^ (t >>> 14);
  };
  const fill = (n: number) => Int32Array.from({ length: n }, rnd);
  const size = v.geo.size;
  k = { piece: fill(size * 2 * 32 * 2), mark: fill(size * 5 * 2), hand: fill(64 * 64 * 2), misc: fill((16 + size + 32 + 2 + 512) * 2) };
  keysOf.set(v, k);
  return k;
}

/** Types as repetitions see them (PieceDecl.repetitionAs): the hash of a position is the same for both. */
const asTypes = new WeakMap<Variant, Int8Array>();
export function repetitionTypes(v: Variant): Int8Array {
  const known = asTypes.get(v);
  if (known) return known;
  const out = new Int8Array(32);
  for (let t = 1; t < v.types.length; t++) {
    const as = v.decl.pieces[t - 1].repetitionAs;
    out[t] = as ? v.byLetter.get(as) ?? t : t;
  }
  asTypes.set(v, out);
  return out;
}

/** The position's repetition hash as [low, high] halves. */
export function repetitionHash(pos: Position): [number, number] {
  const k = zobristKeys(pos.variant);
  const asType = repetitionTypes(pos.variant);
  let lo = 0, hi = 0;
  const { board, geo } = pos;
  const sqs = geo.squares;
  for (let i = 0; i < sqs.length; i++) {
    const sq = sqs[i];
    const code = board[sq];
    if (code === 0) continue;
    if (code === DUCK) {
      const j = (sq * 5 + 4) * 2;
      lo ^= k.mark[j];
      hi ^= k.mark[j + 1];
      continue;
    }
    for (let side = 0; side < 2; side++) {
      const t = asType[typeOn(code, side as Side)];
      if (t === 0) continue;
      const j = ((sq * 2 + side) * 32 + t) * 2;
      lo ^= k.piece[j];
      hi ^= k.piece[j + 1];
      if (code & CARRY[side]) {
        const m = (sq * 5 + side) * 2;
        lo ^= k.mark[m];
        hi ^= k.mark[m + 1];
      }
    }
  }
  for (let i = 0; i < 64; i++) {
    const c = pos.hand[i];
    if (c === 0) continue;
    // Counts past 63 share a key (no game holds that many of one piece in hand).
    const j = (i * 64 + Math.min(c, 63)) * 2;
    lo ^= k.hand[j];
    hi ^= k.hand[j + 1];
  }
  if (pos.turn) {
    const turnAt = (16 + geo.size + 32) * 2;
    lo ^= k.misc[turnAt];
    hi ^= k.misc[turnAt + 1];
  }
  return [lo, hi];
}

/** The hash as 16 hex digits, high half first. */
export function hashText([lo, hi]: readonly [number, number]): string {
  return (hi >>> 0).toString(16).padStart(8, "0") + (lo >>> 0).toString(16).padStart(8, "0");
}

/** 16 hex digits back to [low, high] halves. */
export function readHashText(text: string): [number, number] {
  return [Number.parseInt(text.slice(8, 16), 16) | 0, Number.parseInt(text.slice(0, 8), 16) | 0];
}
