/**
 * The bot's search for the games for more than two (docs/bot.md#games-for-more-than-two):
 * paranoid alpha-beta. The bot's side (its army, or its team or pair) maximizes its value
 * and every other army minimizes it, as if all the others played together against it; a
 * partner's turn maximizes with the bot. That keeps alpha-beta's cut-offs, which max-n loses,
 * at the price of fearing alliances that may never form: at the shallow depths these games
 * allow (a round is four or eight plies), the cheaper search sees further.
 *
 * Iterative deepening: first each move judged by the position it leads to (always finished:
 * a king taken, a mate, a claim are seen whatever the budget), then searches one ply deeper
 * each time, each ending in a quiet search of captures and promotions, until the budget of
 * nodes or time is spent. Moves ordered: a claim, captures by value taken (a king first) then
 * by value risked, promotions, two killer moves per ply, the rest as generated.
 */
import type { MultiMove } from "../rules/multi/attacks";
import { endOf, legalMoves, playMove } from "../rules/multi/engine";
import type { CompiledGame, Position } from "../rules/multi/position";
import { endValue, evaluateMulti, MULTI_WIN, multiWeights, type MultiWeights } from "./multi-evaluate";

/** Plies of captures the quiet search goes on after the depth. */
const QUIET_PLIES = 4;
/** A king's value in move ordering: taking one comes first. */
const KING_ORDER = 1_000_000;

export interface MultiBudget {
  nodes: number;
  depth: number;
  deadline: number;
  noise: number;
  seed: number;
}

export interface MultiResult {
  best: MultiMove;
  score: number;
  nodes: number;
  depth: number;
}

class Stop extends Error {}

export class MultiSearcher {
  private readonly w: MultiWeights;
  private readonly side: number;
  nodes = 0;
  private readonly killers: number[][] = [];
  /** Whether the search may stop for its budget (not during the first look at each move). */
  private stoppable = false;

  constructor(
    private readonly g: CompiledGame,
    private readonly root: Position,
    private readonly budget: MultiBudget,
  ) {
    this.w = multiWeights(g);
    this.side = g.side[root.toMove];
  }

  search(moves: MultiMove[]): MultiResult {
    // Depth 0: each move judged by where it leads, unconditionally (bounded by the moves' number).
    let scored = moves.map((m) => ({ m, score: this.after(m, 0, -Infinity, Infinity, 1) }));
    scored = stableSort(scored);
    let best = scored[0];
    let depth = 0;
    this.stoppable = true;
    for (let d = 1; d <= this.budget.depth && Math.abs(best.score) < MULTI_WIN - 1000; d++) {
      const order = scored.map((s) => s.m);
      const done: { m: MultiMove; score: number }[] = [];
      let alpha = -Infinity;
      try {
        for (const m of order) {
          const score = this.after(m, d, alpha, Infinity, 1);
          done.push({ m, score });
          if (score > alpha) alpha = score;
        }
      } catch (e) {
        if (!(e instanceof Stop)) throw e;
        // An unfinished search began with the best move so far: once that is searched, its best is the better judged.
        if (done.length) best = stableSort(done)[0];
        break;
      }
      // Moves not better than alpha got bounds, not values: the order keeps them after the best.
      scored = stableSort(done);
      best = scored[0];
      depth = d;
    }
    return { best: best.m, score: best.score, nodes: this.nodes, depth };
  }

  private tick() {
    this.nodes++;
    if (!this.stoppable) return;
    if (this.nodes > this.budget.nodes || ((this.nodes & 15) === 0 && Date.now() > this.budget.deadline)) throw new Stop();
  }

  private leaf(pos: Position): number {
    return evaluateMulti(this.g, this.w, pos, this.side, this.budget.noise, this.budget.seed);
  }

  /** The value of the root's (or a node's) move m, searched `depth` plies further. */
  private after(m: MultiMove, depth: number, alpha: number, beta: number, ply: number, pos = this.root): number {
    if (m.type === "claim") {
      // A claim ends the game, the claimer first (docs/games/chaturaji.md#game-end).
      return this.g.side[pos.toMove] === this.side ? MULTI_WIN - ply : -(MULTI_WIN - ply);
    }
    const next = playMove(this.g, pos, m);
    return depth > 0 ? this.value(next, depth, alpha, beta, ply) : this.quiet(next, alpha, beta, ply, QUIET_PLIES, !this.stoppable);
  }

  /** An ended game's value, or null; a side all out has lost where points do not count, and is judged as it stands where they do. */
  private settled(pos: Position, ply: number): number | null {
    const end = endOf(this.g, pos);
    if (end) return endValue(this.g, this.w, end, this.side, ply);
    if (pos.states.some((s, a) => s === "" && this.g.side[a] === this.side)) return null;
    return this.w.points ? this.leaf(pos) : -(MULTI_WIN - ply);
  }

  private value(pos: Position, depth: number, alpha: number, beta: number, ply: number): number {
    this.tick();
    const settled = this.settled(pos, ply);
    if (settled !== null) return settled;
    const moves = legalMoves(this.g, pos);
    if (moves.length === 0) return this.leaf(pos);
    const maximizing = this.g.side[pos.toMove] === this.side;
    this.order(pos, moves, ply);
    let best = maximizing ? -Infinity : Infinity;
    for (const m of moves) {
      const v = this.after(m, depth - 1, alpha, beta, ply + 1, pos);
      if (maximizing ? v > best : v < best) best = v;
      if (maximizing) alpha = Math.max(alpha, v);
      else beta = Math.min(beta, v);
      if (alpha >= beta) {
        if (m.type === "move" && !pos.board[m.to]) this.killer(ply, m);
        break;
      }
    }
    return best;
  }

  /** Captures and promotions only, each side free to stand on the position's value instead. `bare`: the first look at a root move, no captures after. */
  private quiet(pos: Position, alpha: number, beta: number, ply: number, plies: number, bare = false): number {
    this.tick();
    const settled = this.settled(pos, ply);
    if (settled !== null) return settled;
    const stand = this.leaf(pos);
    if (bare || plies === 0) return stand;
    const maximizing = this.g.side[pos.toMove] === this.side;
    if (maximizing ? stand >= beta : stand <= alpha) return stand;
    if (maximizing) alpha = Math.max(alpha, stand);
    else beta = Math.min(beta, stand);
    const moves = legalMoves(this.g, pos).filter((m) => m.type === "claim" || (m.type === "move" && (pos.board[m.to] || m.passant || m.promo)));
    this.order(pos, moves, ply);
    let best = stand;
    for (const m of moves) {
      const v = m.type === "claim" ? this.after(m, 0, alpha, beta, ply + 1, pos) : this.quiet(playMove(this.g, pos, m), alpha, beta, ply + 1, plies - 1);
      if (maximizing ? v > best : v < best) best = v;
      if (maximizing) alpha = Math.max(alpha, v);
      else beta = Math.min(beta, v);
      if (alpha >= beta) break;
    }
    return best;
  }

  private killer(ply: number, m: MultiMove) {
    const k = (this.killers[ply] ??= []);
    const key = m.from * 4096 + m.to;
    if (k[0] === key) return;
    k[1] = k[0];
    k[0] = key;
  }

  /** Sorts the moves best-looking first, in place. */
  private order(pos: Position, moves: MultiMove[], ply: number) {
    const k = this.killers[ply] ?? [];
    const key = (m: MultiMove): number => {
      if (m.type === "claim") return 2 * KING_ORDER;
      if (m.type === "pass") return 0;
      const victim = pos.board[m.to];
      const mover = pos.board[m.from]!;
      let s = 0;
      if (victim) s += victim.kind === "K" ? KING_ORDER : 10 * (this.w.value.get(victim.kind)! + 1) - (this.w.value.get(mover.kind)! / 10);
      if (m.promo) s += this.w.promotionGain.get(mover.kind)!;
      if (!victim && (k[0] === m.from * 4096 + m.to || k[1] === m.from * 4096 + m.to)) s += 1;
      return s;
    };
    const keyed = moves.map((m, i) => ({ m, k: key(m), i }));
    keyed.sort((a, b) => b.k - a.k || a.i - b.i);
    keyed.forEach((x, i) => (moves[i] = x.m));
  }
}

/** Best score first; equal scores keep their order. */
function stableSort<T extends { score: number }>(xs: T[]): T[] {
  return xs.map((x, i) => ({ x, i })).sort((a, b) => b.x.score - a.x.score || a.i - b.i).map((y) => y.x);
}
