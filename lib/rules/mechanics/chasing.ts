/**
 * Chasing (docs/games/xiangqi.md#chasing), the AXF rule as Fairy-Stockfish judges it: which
 * of the opponent's pieces a move attacks anew while they are unprotected (or always, for a
 * chariot attacked by a horse or cannon, and so on). The game keeps the pieces each move
 * chased; a repetition in which one side chased a piece with every move loses for that side
 * (VariantDecl.repetition, game.ts).
 *
 * Attacks are of two kinds, as Fairy-Stockfish has them: a piece's attacks on the board
 * (where it may stand, the soldier sideways only across the river), and its bare pattern
 * (no region, the soldier sideways anywhere), which the rule reads for discovered attacks
 * and for the pieces a newly pinned piece protected. Both come from the compiled atoms.
 */
import { perVariant, type Mechanic } from "../mechanic";
import type { Move } from "../move";
import { makeMove } from "../movegen";
import { OFF, typeOn, type Position } from "../position";
import type { PieceType, Side, Variant } from "../variant";

/** The letters of the pieces the rule names. */
export interface ChasingRoles {
  general: string;
  advisor: string;
  elephant: string;
  horse: string;
  chariot: string;
  cannon: string;
  soldier: string;
}

type Squares = Set<number>;

/** A square marked occupied in an occupancy board: any non-zero value that is no piece of either side. */
const FILLED = 1 << 15;

export function chasing(roles: ChasingRoles): Mechanic {
  const roleTypes = perVariant("chasing", (_, typeOf): Roles => ({
    general: typeOf(roles.general), advisor: typeOf(roles.advisor), elephant: typeOf(roles.elephant),
    horse: typeOf(roles.horse), chariot: typeOf(roles.chariot), cannon: typeOf(roles.cannon), soldier: typeOf(roles.soldier),
  }));
  return {
    name: "chasing",
    chases(pos, move) {
      const after = pos.clone();
      makeMove(after, move);
      return [...chased(pos, after, move, roleTypes(pos.variant))];
    },
  };
}

/** The type index of each role. */
type Roles = Record<keyof ChasingRoles, number>;

/**
 * The squares a piece of `type` and `side` on `sq` attacks, given the occupancy `occ`: on the
 * board (`bare` false: only where it may stand, atoms gained on a rank only from it) or its
 * bare pattern.
 */
function attacks(v: Variant, occ: Int16Array, type: PieceType, side: Side, sq: number, bare: boolean): number[] {
  const out: number[] = [];
  const geo = v.geo;
  const rank = side === 0 ? geo.rankOf[sq] : geo.ranks - 1 - geo.rankOf[sq];
  const region = bare ? undefined : type.region?.[side];
  for (const a of type.atoms[side]) {
    if (!a.capture || a.initial || (!bare && rank < a.fromRank)) continue;
    if (a.block !== 0 && occ[sq + a.block] !== 0) continue;
    let screened = !a.hop;
    let to = sq;
    for (let k = 1; k <= a.max; k++) {
      to += a.step;
      const w = occ[to];
      if (w === OFF) break;
      if (!screened) {
        if (w !== 0) screened = true;
        continue;
      }
      if (k < a.min) {
        if (w !== 0) break;
        continue;
      }
      if (!region || region[to]) out.push(to);
      if (w !== 0) break;
    }
  }
  return out;
}

/** The pieces of `side` (read from `board`) that attack `sq` on the board, given the occupancy `occ`. */
function attackersTo(v: Variant, board: Int16Array, occ: Int16Array, sq: number, side: Side): number[] {
  const out: number[] = [];
  for (const s of v.geo.squares) {
    const t = typeOn(board[s], side);
    if (t !== 0 && attacks(v, occ, v.types[t], side, s, false).includes(sq)) out.push(s);
  }
  return out;
}

/** The squares strictly between two squares on one file or rank, else none. */
function between(v: Variant, a: number, b: number): number[] {
  const geo = v.geo;
  let step = 0;
  if (geo.fileOf[a] === geo.fileOf[b]) step = b > a ? geo.stride : -geo.stride;
  else if (geo.rankOf[a] === geo.rankOf[b]) step = b > a ? 1 : -1;
  const out: number[] = [];
  if (step !== 0) for (let s = a + step; s !== b; s += step) out.push(s);
  return out;
}

/**
 * The pieces of either side whose leaving would uncover an attack on `side`'s general by a
 * chariot, cannon or horse of the other: the one piece on a chariot's line or a horse's leg,
 * or either of the two on a cannon's line (Fairy-Stockfish's blockers for the king).
 */
function blockersForGeneral(pos: Position, side: Side, roles: Roles): Squares {
  const out: Squares = new Set();
  const v = pos.variant;
  const king = pos.kingSq[side];
  if (king === -1) return out;
  const them = (1 - side) as Side;
  const board = pos.board;
  const snipers: number[] = [];
  const sliding: Squares = new Set();
  for (const s of v.geo.squares) {
    const t = typeOn(board[s], them);
    if (t !== roles.chariot && t !== roles.cannon && t !== roles.horse) continue;
    if (attacks(v, board, v.types[t], them, s, false).includes(king)) continue;
    // On the attacker's line or at a horse's leap from the general, on an empty board.
    const line = t !== roles.horse && (v.geo.fileOf[s] === v.geo.fileOf[king] || v.geo.rankOf[s] === v.geo.rankOf[king]);
    const df = Math.abs(v.geo.fileOf[s] - v.geo.fileOf[king]);
    const dr = Math.abs(v.geo.rankOf[s] - v.geo.rankOf[king]);
    if (!line && !(t === roles.horse && ((df === 1 && dr === 2) || (df === 2 && dr === 1)))) continue;
    snipers.push(s);
    if (t !== roles.cannon) sliding.add(s);
  }
  for (const s of snipers) {
    const t = typeOn(board[s], them);
    let squares: number[];
    if (t === roles.horse) {
      // The horse's leg: next to the horse, diagonally next to the general.
      const leg = v.geo.squares.filter((q) => isNeighbour(v, q, s, false) && isNeighbour(v, q, king, true));
      squares = leg.filter((q) => board[q] !== 0 && !sliding.has(q));
    } else {
      squares = between(v, king, s).filter((q) => board[q] !== 0 && (t === roles.cannon || !sliding.has(q)));
    }
    if (squares.length === 1 || (t === roles.cannon && squares.length === 2)) for (const q of squares) out.add(q);
  }
  return out;
}

/** Are two squares a step apart, diagonally (`diagonal`) or straight? */
function isNeighbour(v: Variant, a: number, b: number, diagonal: boolean): boolean {
  const df = Math.abs(v.geo.fileOf[a] - v.geo.fileOf[b]);
  const dr = Math.abs(v.geo.rankOf[a] - v.geo.rankOf[b]);
  return diagonal ? df === 1 && dr === 1 : df + dr === 1;
}

/** The pieces of the side to move in `after` that `move`, played from `before`, chases. */
function chased(before: Position, after: Position, move: Move, roles: Roles): Squares {
  const v = after.variant;
  const geo = v.geo;
  const board = after.board;
  const us = after.turn;
  const them = (1 - us) as Side;
  const b: Squares = new Set();
  if (move.from === -1) return b;
  const ours = (s: number) => typeOn(board[s], us);
  const theirs = (s: number) => typeOn(board[s], them);
  const oursAmong = (squares: number[]) => squares.filter((s) => ours(s) !== 0);
  const acrossRiver = (s: number) => v.types[roles.soldier].atoms[us].some((a) => a.fromRank > 0 && after.relativeRank(s, us) >= a.fromRank);
  // The general and soldiers that have not crossed the river are never chased.
  const chaseable = (s: number) => ours(s) !== roles.general && (ours(s) !== roles.soldier || acrossRiver(s));

  const blockersNow = blockersForGeneral(after, us, roles);
  const pins = new Set(blockersNow);
  const theirKing = after.kingSq[them];
  const ourKing = after.kingSq[us];
  if (v.flyingGeneral && theirKing !== -1) {
    // The pieces on the other general's file, where ours is too and one other piece at most.
    const onFile = geo.squares.filter((s) => geo.fileOf[s] === geo.fileOf[theirKing] && ours(s) !== 0);
    const others = onFile.filter((s) => ours(s) !== roles.general);
    if (onFile.length > others.length && others.length <= 1) for (const s of others) pins.add(s);
  }

  const addChased = (from: number, type: number, attacked: number[]) => {
    if (attacked.every((s) => b.has(s))) return;
    let targets = attacked.filter(chaseable);
    // Always chased, protected or not: a chariot by a horse or cannon; a chariot, cannon or horse by an elephant or advisor.
    if (type === roles.horse || type === roles.cannon) for (const s of targets) if (ours(s) === roles.chariot) b.add(s);
    if (type === roles.elephant || type === roles.advisor) {
      for (const s of targets) if ([roles.chariot, roles.cannon, roles.horse].includes(ours(s))) b.add(s);
    }
    // Two of a kind attacking each other chase nothing; a horse blocked on its way back is chased.
    const diagonalFilled = geo.squares.some((q) => isNeighbour(v, q, from, true) && board[q] !== 0);
    if (type === roles.horse && diagonalFilled) {
      targets = targets.filter((s) => ours(s) !== roles.horse || !attacks(v, board, v.types[roles.horse], us, s, true).includes(from));
    } else {
      targets = targets.filter((s) => ours(s) !== type || pins.has(s));
    }
    const occ = board.slice();
    occ[from] = 0;
    for (const s of targets) {
      const roots = attackersTo(v, board, occ, s, us).filter((r) => !pins.has(r));
      const onlyGeneral = roots.length === 1 && roots[0] === ourKing;
      if (roots.length === 0 || (v.flyingGeneral && onlyGeneral && theirKing !== -1 && rookLine(v, occ, theirKing).includes(s))) b.add(s);
    }
  };

  // Direct attacks: the moved piece's new attacks (along its own line, nothing new).
  const { from, to } = move;
  const moved = theirs(to);
  if (moved !== roles.general && moved !== roles.soldier) {
    let direct = oursAmong(attacks(v, board, v.types[moved], them, to, false));
    if (moved === roles.chariot || moved === roles.cannon) direct = direct.filter((s) => !onLine(v, from, to, s));
    addChased(to, moved, direct);
  }

  // Discovered attacks: a horse's leg or an elephant's eye freed, a line opened, a cannon's new screen.
  const captured = typeOn(before.board[to], us) !== 0;
  const previous = board.slice();
  if (!captured) previous[to] = 0;
  previous[from] = FILLED;
  for (const s of geo.squares) {
    const t = theirs(s);
    const candidate =
      (t === roles.horse && isNeighbour(v, s, from, false)) ||
      (t === roles.elephant && isNeighbour(v, s, from, true)) ||
      ((t === roles.chariot || t === roles.cannon) && s !== from && onLine(v, from, from, s)) ||
      (t === roles.cannon && s !== to && onLine(v, to, to, s));
    if (!candidate) continue;
    const type = v.types[t];
    const was = new Set(attacks(v, previous, type, them, s, true));
    addChased(s, t, oursAmong(attacks(v, board, type, them, s, true)).filter((q) => !was.has(q)));
  }

  // Protection lost to a new pin, and attacks uncovered by a discovered check waiting.
  const blockersBefore = blockersForGeneral(before, us, roles);
  const theirBlockers = blockersForGeneral(after, them, roles);
  for (const s of blockersNow) {
    if (blockersBefore.has(s)) continue;
    if (ours(s) !== 0) {
      for (const q of oursAmong(attacks(v, board, v.types[ours(s)], us, s, true))) {
        if (!chaseable(q)) continue;
        if (attackersTo(v, board, board, q, them).some((a) => !theirBlockers.has(a))) b.add(q);
      }
    } else if (ourKing !== -1) {
      const uncovered = oursAmong(attacks(v, board, v.types[theirs(s)], them, s, false));
      const reach = new Set(attacks(v, board, v.types[roles.general], us, ourKing, false));
      for (const q of uncovered) {
        if (!reach.has(q)) {
          b.add(q);
          continue;
        }
        // The general could take back, unless another piece attacks the point with the discoverer and the general gone.
        const occ = board.slice();
        occ[s] = 0;
        occ[ourKing] = 0;
        if (attackersTo(v, board, occ, q, them).some((a) => a !== s)) b.add(q);
      }
    }
  }
  return b;
}

/** Is `sq` on the file or rank through `a` and `b` (one square: either line through it)? */
function onLine(v: Variant, a: number, b: number, sq: number): boolean {
  const geo = v.geo;
  const sameFile = geo.fileOf[a] === geo.fileOf[b];
  const sameRank = geo.rankOf[a] === geo.rankOf[b];
  return (sameFile && geo.fileOf[sq] === geo.fileOf[a]) || (sameRank && geo.rankOf[sq] === geo.rankOf[a]);
}

/** The squares a chariot on `sq` would attack, given the occupancy `occ`. */
function rookLine(v: Variant, occ: Int16Array, sq: number): number[] {
  const out: number[] = [];
  for (const step of [1, -1, v.geo.stride, -v.geo.stride]) {
    for (let s = sq + step; occ[s] !== OFF; s += step) {
      out.push(s);
      if (occ[s] !== 0) break;
    }
  }
  return out;
}
