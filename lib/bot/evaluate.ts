/**
 * The bot's judgement of a position it does not search further (docs/bot.md#evaluation):
 * material, mobility, a little king safety where a royal piece must be kept safe, a pawn's way
 * to promotion, and the game's declared goal terms (VariantDecl.botGoal). Nothing per game:
 * everything comes from the declaration, so a preset is judged as a built-in game.
 */
import { newTargets, pieceTargets, protectedRoyal } from "../rules/movegen";
import { DUCK, Position, typeOn } from "../rules/position";
import type { PieceType, Side, Variant } from "../rules/variant";

/** Centipawns: a pawn is about 100. */
export const PAWN = 100;
/** Per square a piece could move to. */
const MOBILITY = 4;
/** Per own piece beside a royal piece that must not be left attacked, up to three. */
const SHELTER = 8;

export interface Weights {
  /** Per piece type, its value on the board in centipawns; 0 for royal pieces. */
  value: Int32Array;
  /** Per piece type, its value in hand. */
  inHand: Int32Array;
  /** How material counts (botGoal.material). */
  material: number;
  /** Per step closer to the opponent's king, for each piece but the king (botGoal.nearKing). */
  nearKing: number;
  /** Per piece type: the most a promotion gains, for a pawn-like piece that promotes; else 0. */
  promotionGain: Int32Array;
  /** Per piece type, per square it could move to: less for the valuable pieces, which should not lead the game; none for a royal piece. */
  mobility: Float64Array;
}

const weightsOf = new WeakMap<Variant, Weights>();

/** The variant's weights, worked out once. */
export function weights(v: Variant): Weights {
  let w = weightsOf.get(v);
  if (w) return w;
  const n = v.types.length;
  // A royal piece is worth nothing as material where losing it ends the game (a king); where
  // the game ends only once several kinds of royal pieces are all gone (Antichess: every piece),
  // each one is material like any other.
  const { royalty } = v.decl;
  const shared = royalty.kind === "extinction" && royalty.pieces.length > 1;
  const priceless = (t: number) => !shared && ((v.royalTypes >> t) & 1) === 1;
  const value = new Int32Array(n);
  for (let t = 1; t < n; t++) value[t] = priceless(t) ? 0 : Math.round(pieceValue(v, t) * PAWN);
  const goal = v.decl.botGoal ?? {};
  const inHand = value.map((x) => Math.round(x * (goal.hand ?? 1)));
  const promotionGain = new Int32Array(n);
  for (let t = 1; t < n; t++) {
    const type = v.types[t];
    if (!type.pawnLike || type.promotesTo.length === 0) continue;
    promotionGain[t] = Math.max(0, ...type.promotesTo.map((p) => value[p] - value[t]));
  }
  const mobility = new Float64Array(n);
  for (let t = 1; t < n; t++) mobility[t] = priceless(t) ? 0 : MOBILITY * Math.min(1, (3.5 * PAWN) / Math.max(value[t], 1));
  w = { value, inHand, material: goal.material ?? 1, nearKing: Math.round((goal.nearKing ?? 0) * PAWN), promotionGain, mobility };
  weightsOf.set(v, w);
  return w;
}

/**
 * A piece's value in pawns: declared (PieceDecl.value), or estimated from its Betza moves as
 * Fairy-Stockfish estimates pieces it has no table for, by how many squares it reaches on an
 * empty board of the game's size, on average over the squares where it may stand. A step
 * (a leap) counts more than a square along a line, since a line is blocked in play; a move
 * that only moves or only captures counts half, a hopper's line half (it needs a screen),
 * and first-move-only moves not at all. The two rates put the orthodox pieces near their
 * usual values (knight 3.0, bishop 3.2, rook 5.0, queen 8.2). A piece that promotes is
 * worth at least a pawn.
 */
export function pieceValue(v: Variant, t: number): number {
  const type = v.types[t];
  const declared = v.decl.pieces[t - 1].value;
  if (declared !== undefined) return declared;
  const empty = new Position(v).board;
  const region = type.region?.[0];
  let reached = 0;
  let places = 0;
  for (const sq of v.geo.squares) {
    if (region && !region[sq]) continue;
    const rank = v.geo.rankOf[sq];
    if ((type.forbiddenFirst && rank === 0) || (type.forbiddenLast && rank === v.geo.ranks - 1)) continue;
    places++;
    for (const a of type.atoms[0]) {
      if (a.initial || rank < a.fromRank || !(a.move || a.capture)) continue;
      const weight = reachWeight(a.max > 1, a.move, a.capture, a.hop);
      let to = sq;
      for (let k = 1; k <= a.max; k++) {
        to += a.step;
        const code = empty[to];
        if (code === undefined || code === -1) break;
        if (k < a.min || (region && !region[to])) continue;
        reached += weight;
      }
    }
  }
  return estimatedValue(reached, places, type.promotesTo.length > 0);
}
const STEP = 0.58;
const LINE = 0.36;

/**
 * What one square a move reaches on an empty board adds to the estimate (pieceValue): a step
 * more than a square along a line, half for a move that only moves or only captures, half again
 * for a hopper's. The games for more than two estimate their pieces the same way (multi-evaluate.ts).
 */
export function reachWeight(line: boolean, move: boolean, capture: boolean, hop: boolean): number {
  return (line ? LINE : STEP) * (move && capture ? 1 : 0.5) * (hop ? 0.5 : 1);
}

/** The estimate from the weights reached summed over the places a piece may stand: their average, at least a pawn for a piece that promotes. */
export function estimatedValue(reached: number, places: number, promotes: boolean): number {
  const estimate = places ? reached / places : 0;
  return promotes ? Math.max(1, estimate) : estimate;
}

const targets = newTargets();

/** The position's worth to the side to move, in centipawns. */
export function evaluate(pos: Position, w: Weights): number {
  const v = pos.variant;
  const { board, geo } = pos;
  const squares = geo.squares;
  let material = 0;
  let positional = 0;
  const kings = [pos.kingSq[0], pos.kingSq[1]];
  const dim = Math.max(geo.files, geo.ranks);
  for (let i = 0; i < squares.length; i++) {
    const sq = squares[i];
    const code = board[sq];
    if (code === 0 || code === DUCK) continue;
    for (let side = 0 as Side; side < 2; side++) {
      const t = typeOn(code, side);
      if (t === 0) continue;
      const sign = side === pos.turn ? 1 : -1;
      const type: PieceType = v.types[t];
      material += sign * w.value[t];
      if (w.mobility[t]) positional += sign * w.mobility[t] * pieceTargets(board, geo, type, side, sq, false, false, targets);
      const gain = w.promotionGain[t];
      if (gain) {
        const progress = Math.min(1, pos.relativeRank(sq, side) / Math.max(1, type.promotionFrom));
        positional += sign * Math.round(gain * 0.2 * progress * progress * progress);
      }
      if (w.nearKing && t !== v.kingType) {
        const king = kings[1 - side];
        if (king >= 0) {
          const d = Math.max(Math.abs(geo.fileOf[sq] - geo.fileOf[king]), Math.abs(geo.rankOf[sq] - geo.rankOf[king]));
          positional += sign * w.nearKing * (dim - d);
        }
      }
    }
  }
  for (let t = 1; t < v.types.length; t++) {
    const mine = pos.hand[pos.turn * 32 + t];
    const theirs = pos.hand[(1 - pos.turn) * 32 + t];
    if (mine || theirs) material += (mine - theirs) * w.inHand[t];
  }
  for (let side = 0 as Side; side < 2; side++) {
    const royal = protectedRoyal(pos, side);
    if (royal < 0) continue;
    let shelter = 0;
    for (const d of [1, -1, geo.stride, -geo.stride, geo.stride + 1, geo.stride - 1, -geo.stride + 1, -geo.stride - 1]) {
      const code = board[royal + d];
      if (code > 0 && code !== DUCK && typeOn(code, side) && !typeOn(code, (1 - side) as Side)) shelter++;
    }
    positional += (side === pos.turn ? 1 : -1) * SHELTER * Math.min(shelter, 3);
  }
  return Math.round(w.material * material + positional);
}
