/**
 * The bot's search (docs/bot.md#search): iterative deepening negamax alpha-beta with principal
 * variation search, a quiet search of captures and promotions, a transposition table keyed by a
 * Zobrist hash of the generic board, and move ordering by hash move, captures by value (most
 * valuable victim, least valuable attacker), killers and history. It plays moves with the rules
 * module's makeMove and unmake on its own copy of the position, and judges game ends with the
 * module's positionStatus, so it needs nothing per game.
 *
 * Noisy moves are captures (en passant and explosions included: they take a piece on the move's
 * target) and promotions; captures that differ only in what they put down after the step (Duck
 * chess's duck) are tried once there. Drops and Friendly's chain steps change no material on the board, so
 * the quiet search stands pat on them; they are searched, as every move, in the main search.
 * In check, the quiet search tries every move.
 *
 * Friendly Chess: the search plays the moves a bounded listing gives (LISTING_LIMIT lowered to
 * `FRIENDLY_STATES` for the search). A position whose listing would pass it is judged by the
 * evaluation without searching further; at the root, the bot then chooses among a bounded
 * sample of moves built step by step by the board's builder (`randomMove`), each searched.
 */
import { RulesError } from "../rules/errors";
import { LISTING_LIMIT } from "../rules/mechanics/unions";
import type { Move } from "../rules/move";
import { MoveKind } from "../rules/move";
import { inCheck, isCapture, legalMoves, makeMove, protectedRoyal } from "../rules/movegen";
import { DUCK, PROMOTED, typeOn, type Position } from "../rules/position";
import { repetitionHash, repetitionTypes, zobristKeys } from "../rules/zobrist";
import { positionStatus, type Outcome } from "../rules/status";
import type { Side, Variant } from "../rules/variant";
import { evaluate, weights, type Weights } from "./evaluate";

export const MATE = 1_000_000;
const MATE_BOUND = MATE - 10_000;
const MAX_PLY = 64;
/** Friendly: the most chain states the search lists in one position. */
export const FRIENDLY_STATES = 2_000;

export interface Limits {
  nodes: number;
  depth: number;
  /** Date.now() after which the search stops. */
  deadline: number;
  /** Evaluation noise, up to ± this many centipawns, the same for the same position and seed. */
  noise: number;
  seed: number;
}

export interface RootMove {
  move: Move;
  text: string;
}

export interface SearchResult {
  best: RootMove;
  score: number;
  depth: number;
  nodes: number;
}

class Stop extends Error {}

/**
 * The position's hash: for repetition, the placement (as repetitions see the pieces), hands and
 * side to move, what the game's own record of positions tells apart too; `full`, for the table,
 * also castling and unmoved rights, en passant, counts, passes and promoted marks.
 */
export function positionHash(pos: Position, full: boolean): [number, number] {
  let [lo, hi] = repetitionHash(pos);
  if (!full) return [lo, hi];
  const k = zobristKeys(pos.variant);
  const asType = repetitionTypes(pos.variant);
  const { board, geo } = pos;
  const sqs = geo.squares;
  const misc = k.misc;
  const unmovedAt = 16 + geo.size;
  const turnAt = unmovedAt + 32;
  for (let b = 0; b < 16; b++) if (pos.castling & (1 << b)) {
    lo ^= misc[b * 2];
    hi ^= misc[b * 2 + 1];
  }
  for (let b = 0; b < 32; b++) if (pos.unmoved & (1 << b)) {
    lo ^= misc[(unmovedAt + b) * 2];
    hi ^= misc[(unmovedAt + b) * 2 + 1];
  }
  if (pos.ep >= 0) {
    lo ^= misc[(16 + pos.ep) * 2];
    hi ^= misc[(16 + pos.ep) * 2 + 1];
  }
  // What the table must tell apart beyond repetition: promoted marks, counts and passes.
  const extra = (pos.countLimit * 7 + pos.countPly * 3 + pos.passes + (pos.dropped << 4)) & 511;
  if (extra) {
    lo ^= misc[(turnAt + 2 + extra) * 2];
    hi ^= misc[(turnAt + 2 + extra) * 2 + 1];
  }
  for (let i = 0; i < sqs.length; i++) {
    const sq = sqs[i];
    const code = board[sq];
    if (code === 0 || code === DUCK) continue;
    if (code & (PROMOTED[0] | PROMOTED[1])) {
      const m = (sq * 5 + (code & PROMOTED[0] ? 2 : 3)) * 2;
      lo ^= k.mark[m];
      hi ^= k.mark[m + 1];
    }
    // The piece itself where repetitions take it for another (Shogi's tokin for a gold).
    for (let side = 0; side < 2; side++) {
      const t = typeOn(code, side as Side);
      const as = asType[t];
      if (as === t) continue;
      const j = ((sq * 2 + side) * 32 + t) * 2, a = ((sq * 2 + side) * 32 + as) * 2;
      lo ^= k.piece[j] ^ k.piece[a];
      hi ^= k.piece[j + 1] ^ k.piece[a + 1];
    }
  }
  return [lo, hi];
}

export class Searcher {
  readonly pos: Position;
  readonly v: Variant;
  private readonly w: Weights;
  private readonly limits: Limits;
  /** A view of a hidden game: taking the last royal piece it sees wins (its rules judge no extinction there). */
  private readonly view: boolean;
  /** The side the bot plays. */
  private readonly side: Side;
  nodes = 0;
  // The transposition table.
  private readonly ttBits = 18;
  private readonly ttHi: Int32Array;
  private readonly ttLo: Int32Array;
  private readonly ttScore: Int32Array;
  private readonly ttMove: Int16Array;
  private readonly ttDepth: Int8Array;
  private readonly ttFlag: Int8Array;
  private readonly killers = new Int32Array(MAX_PLY * 2 + 4);
  private readonly history: Int32Array;
  /** Hashes of the positions before this one (the game's since its last capture or pawn move, then the search's path), for repetition. */
  private readonly pathLo: number[];
  private readonly pathHi: number[];
  private hashLo = 0;
  private hashHi = 0;

  constructor(pos: Position, limits: Limits, history: [number, number][], view: boolean) {
    this.pos = pos;
    this.v = pos.variant;
    this.w = weights(this.v);
    this.limits = limits;
    this.view = view;
    this.side = pos.turn;
    const n = 1 << this.ttBits;
    this.ttHi = new Int32Array(n);
    this.ttLo = new Int32Array(n);
    this.ttScore = new Int32Array(n);
    this.ttMove = new Int16Array(n).fill(-1);
    this.ttDepth = new Int8Array(n).fill(-1);
    this.ttFlag = new Int8Array(n);
    this.history = new Int32Array(32 * this.v.geo.size);
    this.pathLo = history.map((h) => h[0]);
    this.pathHi = history.map((h) => h[1]);
  }


  /** The legal moves here; undefined where Friendly's listing would pass the search's bound. */
  private moves(): Move[] | undefined {
    try {
      return legalMoves(this.pos);
    } catch (e) {
      if (e instanceof RulesError) return undefined;
      throw e;
    }
  }

  private tick(): void {
    this.nodes++;
    if (this.nodes >= this.limits.nodes) throw new Stop();
    if ((this.nodes & 15) === 0 && Date.now() > this.limits.deadline) throw new Stop();
  }

  /** The score of a finished game for the side to move. */
  private endScore(o: Outcome, ply: number): number {
    if (o.result === "draw") return 0;
    const winner = o.result === "white-wins" ? 0 : 1;
    return winner === this.pos.turn ? MATE - ply : -MATE + ply;
  }

  private staticEval(): number {
    const e = evaluate(this.pos, this.w);
    const n = this.limits.noise;
    if (n === 0) return e;
    // The same noise for the same position and seed, so the table stays consistent.
    let x = Math.imul(this.hashLo ^ this.limits.seed, 0x9e3779b1) ^ this.hashHi;
    x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
    x ^= x >>> 13;
    return e + (((x >>> 0) % (2 * n + 1)) - n);
  }

  /** A capture of the last royal piece the bot sees, in a view of a hidden game: a win. */
  private takesLastRoyal(m: Move): boolean {
    if (!this.view || m.kind !== MoveKind.Step) return false;
    const them = (1 - this.pos.turn) as Side;
    const t = typeOn(this.pos.board[m.to], them);
    return t !== 0 && ((this.v.royalTypes >> t) & 1) === 1 && this.v.extinctionLoses && this.pos.royalCount(them) === 1;
  }

  private victim(m: Move): number {
    if (m.kind === MoveKind.EnPassant) return this.w.value[m.piece] || 100;
    return this.w.value[typeOn(this.pos.board[m.to], (1 - this.pos.turn) as Side)];
  }

  private noisy(m: Move): boolean {
    return m.promo !== 0 || isCapture(this.pos, m);
  }

  private killerKey(m: Move): number {
    return ((m.from + 1) | ((m.to + 1) << 10) | (m.piece << 20) | (m.promo << 25)) + m.kind * 0x40000000;
  }

  /** Ordering scores: hash move, captures and promotions by value, killers, history. */
  private order(moves: Move[], ttIndex: number, ply: number): Float64Array {
    const s = new Float64Array(moves.length);
    const k1 = this.killers[ply * 2], k2 = this.killers[ply * 2 + 1];
    for (let i = 0; i < moves.length; i++) {
      const m = moves[i];
      if (i === ttIndex) s[i] = 1e12;
      else if (this.noisy(m)) s[i] = 1e9 + this.victim(m) * 64 - this.w.value[m.piece] + (m.promo ? this.w.value[m.promo] * 64 : 0);
      else {
        const key = this.killerKey(m);
        if (key === k1) s[i] = 1e8;
        else if (key === k2) s[i] = 1e8 - 1;
        else s[i] = m.to >= 0 ? this.history[m.piece * this.v.geo.size + m.to] : 0;
      }
    }
    return s;
  }

  /** The index of the best-scored move from `from` on, swapped to `from`. */
  private static pick(moves: Move[], s: Float64Array, from: number): void {
    let best = from;
    for (let i = from + 1; i < moves.length; i++) if (s[i] > s[best]) best = i;
    if (best !== from) {
      const m = moves[best]; moves[best] = moves[from]; moves[from] = m;
      const x = s[best]; s[best] = s[from]; s[from] = x;
    }
  }

  private repeated(): boolean {
    const n = this.pathLo.length;
    const back = Math.min(this.pos.halfmove, n);
    for (let i = 2; i <= back; i += 2) {
      if (this.pathLo[n - i] === this.hashLo && this.pathHi[n - i] === this.hashHi) return true;
    }
    return false;
  }

  /** In a view, the opponent (the side the bot does not play) may have moves unseen: with none seen, it is not stalemated. */
  private unseenMover(): boolean {
    return this.view && this.pos.turn !== this.side;
  }

  /** The opponent's unseen move in a view: the turn passes, nothing else is known to change. */
  private pass(depth: number, alpha: number, beta: number, ply: number): number {
    this.pos.begin();
    this.pos.turn = this.side;
    this.pos.ep = -1;
    try {
      return -this.negamax(depth - 1, -beta, -alpha, ply + 1);
    } finally {
      this.pos.unmake();
    }
  }

  /** Plays `m`, keeps the path for repetition, and returns the child's score for the side that moved. */
  private child(m: Move, depth: number, alpha: number, beta: number, ply: number, [lo, hi]: [number, number]): number {
    if (this.takesLastRoyal(m)) return MATE - ply - 1;
    this.pathLo.push(lo);
    this.pathHi.push(hi);
    makeMove(this.pos, m);
    try {
      return -this.negamax(depth, -beta, -alpha, ply + 1);
    } finally {
      this.pos.unmake();
      this.pathLo.pop();
      this.pathHi.pop();
    }
  }

  negamax(depth: number, alpha: number, beta: number, ply: number): number {
    this.tick();
    const here = positionHash(this.pos, false);
    [this.hashLo, this.hashHi] = here;
    if (this.repeated()) return 0;
    const moves = this.moves();
    if (moves === undefined) return this.staticEval();
    if (moves.length === 0 && this.unseenMover()) return this.pass(depth, alpha, beta, ply);
    const status = positionStatus(this.pos, moves);
    if (status.result !== "ongoing") return this.endScore(status, ply);
    if (ply >= MAX_PLY) return this.staticEval();
    const checked = protectedRoyal(this.pos, this.pos.turn) !== -1 && inCheck(this.pos, this.pos.turn);
    if (checked && ply < MAX_PLY / 2) depth++;
    if (depth <= 0) return this.quiesce(alpha, beta, ply, moves, checked, 0);

    const [tlo, thi] = positionHash(this.pos, true);
    const slot = tlo & ((1 << this.ttBits) - 1);
    let ttIndex = -1;
    if (this.ttHi[slot] === thi && this.ttLo[slot] === tlo && this.ttDepth[slot] >= 0) {
      ttIndex = this.ttMove[slot] < moves.length ? this.ttMove[slot] : -1;
      if (this.ttDepth[slot] >= depth) {
        const sc = fromTable(this.ttScore[slot], ply);
        const flag = this.ttFlag[slot];
        if (flag === EXACT || (flag === LOWER && sc >= beta) || (flag === UPPER && sc <= alpha)) return sc;
      }
    }
    const original = moves.slice();
    const s = this.order(moves, ttIndex, ply);
    const alpha0 = alpha;
    let best = -Infinity;
    let bestMove = -1;
    for (let i = 0; i < moves.length; i++) {
      Searcher.pick(moves, s, i);
      const m = moves[i];
      let score: number;
      if (i === 0) score = this.child(m, depth - 1, alpha, beta, ply, here);
      else {
        score = this.child(m, depth - 1, alpha, alpha + 1, ply, here);
        if (score > alpha && score < beta) score = this.child(m, depth - 1, alpha, beta, ply, here);
      }
      if (score > best) {
        best = score;
        bestMove = i;
      }
      if (score > alpha) alpha = score;
      if (alpha >= beta) {
        if (!this.noisy(m)) {
          const key = this.killerKey(m);
          if (this.killers[ply * 2] !== key) {
            this.killers[ply * 2 + 1] = this.killers[ply * 2];
            this.killers[ply * 2] = key;
          }
          if (m.to >= 0) this.history[m.piece * this.v.geo.size + m.to] += depth * depth;
        }
        break;
      }
    }
    const flag = best >= beta ? LOWER : best > alpha0 ? EXACT : UPPER;
    this.ttHi[slot] = thi;
    this.ttLo[slot] = tlo;
    this.ttScore[slot] = toTable(best, ply);
    this.ttDepth[slot] = Math.min(depth, 127);
    this.ttFlag[slot] = flag;
    this.ttMove[slot] = original.indexOf(moves[bestMove]);
    return best;
  }

  private quiesce(alpha: number, beta: number, ply: number, given: Move[] | undefined, checkedGiven: boolean | undefined, q: number): number {
    let moves = given;
    let checked = checkedGiven;
    if (moves === undefined) {
      this.tick();
      const [lo, hi] = positionHash(this.pos, false);
      this.hashLo = lo;
      this.hashHi = hi;
      moves = this.moves();
      if (moves === undefined || (moves.length === 0 && this.unseenMover())) return this.staticEval();
      const status = positionStatus(this.pos, moves);
      if (status.result !== "ongoing") return this.endScore(status, ply);
      checked = protectedRoyal(this.pos, this.pos.turn) !== -1 && inCheck(this.pos, this.pos.turn);
    }
    // Standing pat means some quiet move would keep the value; where every move is a capture
    // (Antichess, where capturing is compulsory) there is none, so every move is tried.
    const forced = checked || moves.every((m) => this.noisy(m));
    let best = -Infinity;
    if (!forced || q >= 6 || ply >= MAX_PLY) {
      best = this.staticEval();
      if (best >= beta || q >= 6 || ply >= MAX_PLY) return best;
      if (best > alpha) alpha = best;
    }
    // Captures that differ only in what they put down after the step (Duck chess's duck) count once here.
    const once = new Set<number>();
    const tried = forced ? moves : moves.filter((m) => {
      if (!this.noisy(m)) return false;
      if (m.place === undefined) return true;
      const key = this.killerKey(m);
      if (once.has(key)) return false;
      once.add(key);
      return true;
    });
    const s = this.order(tried, -1, ply);
    for (let i = 0; i < tried.length; i++) {
      Searcher.pick(tried, s, i);
      const m = tried[i];
      let score: number;
      if (this.takesLastRoyal(m)) score = MATE - ply - 1;
      else {
        makeMove(this.pos, m);
        try {
          score = -this.quiesce(-beta, -alpha, ply + 1, undefined, undefined, q + 1);
        } finally {
          this.pos.unmake();
        }
      }
      if (score > best) best = score;
      if (score > alpha) alpha = score;
      if (alpha >= beta) break;
    }
    return best;
  }

  /** The root moves with captures and promotions first, by value, so that a first search cut short has looked at them. */
  private rootOrder(root: RootMove[]): RootMove[] {
    const first = this.order(root.map((r) => r.move), -1, 0);
    return root.map((r, i) => ({ r, s: first[i] })).sort((a, b) => b.s - a.s).map((x) => x.r);
  }

  /**
   * Every root move's score (for the side to move), by iterative deepening, from the deepest
   * depth finished; undefined if not even depth 1 was. A move worse than the best by more than
   * `margin` gets only its bound (its true score is at most that): pooling over guessed
   * positions (guess.ts) needs how good each move is, not how bad the bad ones are.
   */
  scoreEach(root: RootMove[], margin: number): { scores: number[]; depth: number } | undefined {
    const order = this.rootOrder(root);
    const here = positionHash(this.pos, false);
    let done: Map<RootMove, number> | undefined;
    let depthDone = 0;
    const saved = LISTING_LIMIT.states;
    LISTING_LIMIT.states = FRIENDLY_STATES;
    try {
      for (let depth = 1; depth <= this.limits.depth; depth++) {
        const scores = new Map<RootMove, number>();
        let best = -Infinity;
        try {
          for (const rm of order) {
            const score = this.child(rm.move, depth - 1, best - margin, Infinity, 0, here);
            scores.set(rm, score);
            if (score > best) best = score;
          }
        } catch (e) {
          if (!(e instanceof Stop)) throw e;
          break;
        }
        done = scores;
        depthDone = depth;
        order.sort((a, b) => scores.get(b)! - scores.get(a)!);
        if (best >= MATE_BOUND) break;
      }
    } finally {
      LISTING_LIMIT.states = saved;
    }
    return done && { scores: root.map((rm) => done!.get(rm)!), depth: depthDone };
  }

  /** Iterative deepening over the root moves; the best of the deepest search finished (or begun, with its first move done). */
  search(root: RootMove[]): SearchResult {
    const here = positionHash(this.pos, false);
    const order = this.rootOrder(root);
    let best = order[0];
    let bestScore = 0;
    let depthDone = 0;
    const saved = LISTING_LIMIT.states;
    LISTING_LIMIT.states = FRIENDLY_STATES;
    try {
      // In a view a search that ends on the bot's own move is too hopeful: the opponent answers
      // only with what the bot sees, so a last move seems to take for free. Its depth is even there.
      const deepest = this.view && this.limits.depth > 1 ? this.limits.depth - (this.limits.depth % 2) : this.limits.depth;
      for (let depth = 1; depth <= deepest; depth++) {
        let alpha = -Infinity;
        let iterBest: RootMove | undefined;
        const scores = new Map<RootMove, number>();
        try {
          for (let i = 0; i < order.length; i++) {
            const rm = order[i];
            let score: number;
            if (i === 0) score = this.child(rm.move, depth - 1, -Infinity, Infinity, 0, here);
            else {
              score = this.child(rm.move, depth - 1, alpha, alpha + 1, 0, here);
              if (score > alpha) score = this.child(rm.move, depth - 1, alpha, Infinity, 0, here);
            }
            scores.set(rm, score);
            if (score > alpha) {
              alpha = score;
              iterBest = rm;
            }
          }
        } catch (e) {
          if (!(e instanceof Stop)) throw e;
          if (iterBest) {
            best = iterBest;
            bestScore = alpha;
          }
          break;
        }
        best = iterBest!;
        bestScore = alpha;
        depthDone = depth;
        // The best first next time; the rest by this iteration's scores.
        order.sort((a, b) => (a === best ? -1 : b === best ? 1 : (scores.get(b) ?? -Infinity) - (scores.get(a) ?? -Infinity)));
        if (Math.abs(bestScore) >= MATE_BOUND) break;
      }
    } finally {
      LISTING_LIMIT.states = saved;
    }
    return { best, score: bestScore, depth: depthDone, nodes: this.nodes };
  }
}

const EXACT = 0, LOWER = 1, UPPER = 2;

/** Mate scores are stored from the node, not the root, so a table hit at another ply reads right. */
function toTable(score: number, ply: number): number {
  if (score >= MATE_BOUND) return score + ply;
  if (score <= -MATE_BOUND) return score - ply;
  return score;
}
function fromTable(score: number, ply: number): number {
  if (score >= MATE_BOUND) return score - ply;
  if (score <= -MATE_BOUND) return score + ply;
  return score;
}
