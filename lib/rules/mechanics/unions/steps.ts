/**
 * Friendly Chess steps (docs/games/friendly.md): how they are packed, which ones a
 * piece has, and playing one. The roles come from the declaration: the king is its
 * royal piece, the pieces that give and take en passant are its `enPassant`, and
 * promotions are each piece's own (rank and choices).
 */
import type { Mechanic } from "../../mechanic";
import { MoveKind, newMove, type Move } from "../../move";
import { castlingSquares, ENEMY, newTargets, onInitialRank, pieceTargets, targetHolds, targetPromotion, targetSquare } from "../../movegen";
import { pieceCode, typeOn, type Position } from "../../position";
import { inPromotionZone, type Side, type Variant } from "../../variant";

// Steps, packed into one integer: kind (2 bits), from and to (9 bits each, padded
// squares), the moving piece's type and the promotion (5 bits each).

export const PIECE = 0; // a single piece (first step) or the released piece (chain step) moves
export const UNION = 1; // a union moves, by the mover's piece, to an empty square
export const EP = 2; // en passant: what stands beyond the passed square comes back to it
export const CASTLE = 3;

export const enc = (kind: number, from: number, to: number, piece: number, promo: number) =>
  kind | (from << 2) | (to << 11) | (piece << 20) | (promo << 25);
export const kindOf = (s: number) => s & 3;
export const fromOf = (s: number) => (s >> 2) & 511;
export const toOf = (s: number) => (s >> 11) & 511;
export const pieceOf = (s: number) => (s >> 20) & 31;
export const promoOf = (s: number) => (s >> 25) & 31;

/** What a Friendly move carries: pending promotions (square, type pairs), then its steps. */
export interface UnionMove {
  promos: number[];
  steps: number[];
}

/** The side to move's view of the board. */
export interface Ctx {
  v: Variant;
  us: Side;
  them: Side;
  ourMask: number;
  themMask: number;
  fwd: number;
  king: number;
  /** En passant target square usable by us, -1 for none. */
  ep: number;
  /** The mechanic its moves name: Friendly's moves all come from it (the variant's generator). */
  mechanic: Mechanic;
}

export function ctxFor(v: Variant, us: Side, ep: number): Ctx {
  return {
    v,
    us,
    them: (1 - us) as Side,
    ourMask: 31 << (5 * us),
    themMask: 31 << (5 * (1 - us)),
    fwd: us === 0 ? v.geo.stride : -v.geo.stride,
    king: v.kingType,
    ep,
    mechanic: v.generator!,
  };
}

export const isUnion = (c: Ctx, w: number) => (w & c.ourMask) !== 0 && (w & c.themMask) !== 0;
/** A step onto `w` ends the move: an empty square or an opponent's single piece (the king too). */
export const ends = (c: Ctx, w: number) => w === 0 || (w & c.ourMask) === 0;
/** What a step lands on: for en passant, what comes back from beyond the passed square. */
export const landing = (c: Ctx, b: Int16Array, s: number) => (kindOf(s) === EP ? b[toOf(s) - c.fwd] : b[toOf(s)]);
const relRank = (c: Ctx, sq: number) => (c.us === 0 ? c.v.geo.rankOf[sq] : c.v.geo.ranks - 1 - c.v.geo.rankOf[sq]);
/** A double step from the 2nd rank of a piece that gives the en passant right (not one from its 1st rank). */
const doubleStep = (c: Ctx, t: number, kind: number, from: number, to: number) =>
  ((c.v.epVictims >> t) & 1) === 1 && kind !== EP && relRank(c, from) === 1 && Math.abs(to - from) === 2 * c.v.geo.stride;

/** En passant is open: the passed square is empty and the opponent's piece that gave the right still stands beyond it. */
export const epOpen = (c: Ctx, b: Int16Array) =>
  c.ep !== -1 && b[c.ep] === 0 && ((c.v.epVictims >> typeOn(b[c.ep - c.fwd], c.them)) & 1) === 1;

const targets = newTargets();

/**
 * The steps of our piece of type `t` on `s`, walked by the core's atom walk.
 * `onlyEmpty`: a union (or the king) moves only to empty squares; otherwise a piece
 * also moves onto any square that holds an opponent's piece (a single piece, a
 * union, the king) by a capturing move — and a pawn goes en passant. A piece
 * uniting with the king does not promote: the game is over.
 */
export function pieceSteps(c: Ctx, b: Int16Array, t: number, s: number, onlyEmpty: boolean, kind: number, out: number[]): void {
  const type = c.v.types[t];
  const n = pieceTargets(b, c.v.geo, type, c.us, s, false, onInitialRank(type, c.v.geo, c.us, s), targets);
  for (let i = 0; i < n; i++) {
    const e = targets[i];
    if (onlyEmpty && targetHolds(e) === ENEMY) continue;
    const to = targetSquare(e);
    let promo = targetPromotion(e);
    if (promo && typeOn(b[to], c.them) === c.king) {
      if (promo !== type.promotesTo[0]) continue;
      promo = 0;
    }
    out.push(enc(kind, s, to, t, promo));
  }
  if (!onlyEmpty && (c.v.epCapturers >> t) & 1 && epOpen(c, b)) {
    const atoms = type.atoms[c.us];
    for (let j = 0; j < atoms.length; j++) {
      const a = atoms[j];
      if (a.capture && !a.move && a.min === 1 && s + a.step === c.ep) out.push(enc(EP, s, c.ep, t, 0));
    }
  }
}

/** First steps of the side to move on board `b`: pieces, unions, the king (castling apart). */
export function firstSteps(c: Ctx, b: Int16Array, out: number[]): void {
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
export function startsChain(c: Ctx, b: Int16Array, step: number): boolean {
  const kind = kindOf(step);
  if (kind === PIECE) return isUnion(c, b[toOf(step)]);
  if (kind === EP) return (b[toOf(step) - c.fwd] & c.ourMask) !== 0;
  return false;
}

// ---------------------------------------------------------------------------
// Pending promotions: our pieces standing on their promotion rank, carried there
// in a union by the opponent, promote at the start of our turn.

/** The squares of our pieces waiting to promote, in square order. */
export function pendingSquares(c: Ctx, b: Int16Array): number[] {
  const out: number[] = [];
  for (const sq of c.v.geo.squares) {
    const t = typeOn(b[sq], c.us);
    if (t && inPromotionZone(c.v.types[t], c.v.geo, c.us, sq)) out.push(sq);
  }
  return out;
}

/** The promotion choices of our piece waiting on `sq`. */
export const choicesOn = (c: Ctx, b: Int16Array, sq: number) => c.v.types[typeOn(b[sq], c.us)].promotesTo;

/** Every way to promote the pending pieces: lists of (square, type) pairs. */
export function promotionCombos(c: Ctx, b: Int16Array, pending: number[]): number[][] {
  let combos: number[][] = [[]];
  for (const sq of pending) combos = combos.flatMap((prev) => choicesOn(c, b, sq).map((p) => [...prev, sq, p]));
  return combos;
}

export function promoted(c: Ctx, b: Int16Array, promos: number[]): Int16Array {
  const out = b.slice();
  for (let i = 0; i < promos.length; i += 2) out[promos[i]] = (out[promos[i]] & ~c.ourMask) | pieceCode(c.us, promos[i + 1]);
  return out;
}

/** The boards the side to move may start its move from: after each way to do its pending promotions. */
export function startBoards(c: Ctx, b: Int16Array): { b: Int16Array; promos: number[] }[] {
  const pending = pendingSquares(c, b);
  if (pending.length === 0) return [{ b, promos: [] }];
  return promotionCombos(c, b, pending).map((promos) => ({ b: promoted(c, b, promos), promos }));
}

/** A king standing in a union: the game is over. Returns the side whose king it is. */
export function kingInUnion(pos: Position): Side | -1 {
  for (const side of [0, 1] as Side[]) {
    const k = pos.kingSq[side];
    if (k >= 0 && typeOn(pos.board[k], (1 - side) as Side)) return side;
  }
  return -1;
}

// ---------------------------------------------------------------------------
// Playing a step.

/** What the last `playStep` did besides writing squares. */
export const played = {
  /** Our piece released from a union (0 for none): the chain goes on with it. */
  released: 0,
  /** A new union was formed, or a piece promoted: the fifty-move count restarts. */
  reset: false,
  /** The en passant square the step gives, -1 for none. */
  ep: -1,
  /** Castling rights lost by releasing a rook from its home square. */
  lostRights: 0,
};

/**
 * Plays `step` from board `b`, writing each square through `put`; `b` is only
 * read, each square before any write it depends on, so `put` may write `b` itself
 * (a position) or a copy (a search). `first`: the first step of the move (the
 * piece leaves its square; a chain's released piece stands nowhere).
 */
export function playStep(c: Ctx, pos: Position, b: Int16Array, step: number, first: boolean, put: (sq: number, code: number) => void): void {
  played.released = 0;
  played.ep = -1;
  played.lostRights = 0;
  const kind = kindOf(step);
  const from = fromOf(step);
  const to = toOf(step);
  const t = pieceOf(step);
  const promo = promoOf(step);
  played.reset = promo !== 0;
  if (kind === CASTLE) {
    const s = castlingSquares(pos, c.us, to > from ? 0 : 1);
    const king = b[s.king];
    const rook = b[s.rook];
    put(s.king, 0);
    put(s.rook, 0);
    put(s.kingTo, king);
    put(s.rookTo, rook);
    return;
  }
  if (kind === UNION) {
    const code = b[from];
    put(from, 0);
    put(to, promo ? (code & ~c.ourMask) | pieceCode(c.us, promo) : code);
  } else {
    if (first) put(from, 0);
    let w = b[to];
    if (kind === EP) {
      w = b[to - c.fwd];
      put(to - c.fwd, 0);
    }
    // A new union restarts the count; entering a union only changes its partner.
    if (w !== 0 && (w & c.ourMask) === 0) played.reset = true;
    put(to, (w & ~c.ourMask) | pieceCode(c.us, promo || t));
    const x = typeOn(w, c.us);
    if (x) {
      played.released = x;
      // That piece leaves its square: a rook released from its home square loses its right,
      // even if another rook took its place.
      const g = c.v.castleHomes.guard[to];
      if (g) for (const [bit, side, type] of g) if (side === c.us && type === x) played.lostRights |= bit;
    }
  }
  if (doubleStep(c, t, kind, from, to)) played.ep = (from + to) / 2;
}

/** Plays a whole Friendly move on the position (through pos.put, so it can be undone). */
export function make(pos: Position, m: Move): void {
  const { promos, steps } = m.data as UnionMove;
  const c = ctxFor(pos.variant, pos.turn, pos.ep);
  const board = pos.board;
  const put = (sq: number, code: number) => pos.put(sq, code);
  let reset = promos.length > 0;
  for (let i = 0; i < promos.length; i += 2) put(promos[i], (board[promos[i]] & ~c.ourMask) | pieceCode(c.us, promos[i + 1]));
  for (let i = 0; i < steps.length; i++) {
    playStep(c, pos, board, steps[i], i === 0, put);
    if (played.reset) reset = true;
    pos.castling &= ~played.lostRights;
    if (played.ep !== -1) pos.ep = played.ep;
  }
  if (reset) pos.halfmove = 0;
}

export function unionMove(c: Ctx, promos: number[], steps: number[]): Move {
  const first = steps[0];
  const last = steps[steps.length - 1];
  const data: UnionMove = { promos, steps };
  return newMove(MoveKind.Mechanic, fromOf(first), toOf(last), pieceOf(first), 0, c.mechanic, undefined, data);
}
