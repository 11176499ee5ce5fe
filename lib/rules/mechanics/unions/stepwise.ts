/**
 * Friendly moves step by step, never listed: the board's builder, whether a move
 * exists, whether en passant can be taken. "Can the move still be finished after
 * this step?" is a search that stops at the first end it finds.
 */
import { makeActionText, type Action } from "../../actions";
import type { Move } from "../../move";
import type { Position } from "../../position";
import { writeActions, promoteAction, walk } from "./text";
import { castlingSteps } from "./threats";
import {
  choicesOn, ctxFor, EP, epOpen, firstSteps, kindOf, kingInUnion, pendingSquares, promoted, promotionCombos, startBoards,
  startsChain, unionMove, type Ctx,
} from "./steps";
import { Turn } from "./turn";

/** The builder: the next actions that can still be finished, and whether the move is complete. */
export function next(pos: Position, prefix: readonly Action[]): { actions: Action[]; complete: boolean } {
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
    for (const p of choicesOn(c, pos.board, sq)) {
      const chosen = [...w.promos, sq, p];
      const rest = pending.slice(given + 1);
      const ok = promotionCombos(c, pos.board, rest).some((more) => {
        const all = [...chosen, ...more];
        return anyMoveFrom(c, pos, promoted(c, pos.board, all), all) !== undefined;
      });
      if (ok) out.push(promoteAction(pos, sq, p));
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
    const key = makeActionText(a);
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
  if (plain !== undefined) return unionMove(c, promos, [plain]);
  const castle: number[] = [];
  castlingSteps(c, pos, b, castle);
  if (castle.length) return unionMove(c, promos, [castle[0]]);
  // Every first step left starts a chain.
  const turn = new Turn(c, pos, b, promos.length > 0);
  for (const s of first) if (stepFinishable(turn, 0, s, 1)) return unionMove(c, promos, turn.path(turn.found[0], turn.found[1]));
  return undefined;
}

/** A legal move of the side to move, if there is one (for the status: whether there is one). */
export function anyMove(pos: Position): Move | undefined {
  if (kingInUnion(pos) !== -1) return undefined;
  const c = ctxFor(pos.variant, pos.turn, pos.ep);
  for (const { b, promos } of startBoards(c, pos.board)) {
    const m = anyMoveFrom(c, pos, b, promos);
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
export function enPassantPossible(pos: Position): boolean {
  if (pos.ep === -1 || kingInUnion(pos) !== -1) return false;
  const c = ctxFor(pos.variant, pos.turn, pos.ep);
  if (!epOpen(c, pos.board)) return false;
  const beside = [c.ep - c.fwd - 1, c.ep - c.fwd + 1];
  // The geometry stays fixed until the en passant step itself.
  const closed = { ...c, ep: -1 };
  const capturerBeside = (t: number, from: number, to: number) => to === -1 && ((c.v.epCapturers >> t) & 1) === 1 && beside.includes(from);
  return startBoards(c, pos.board).some(({ b, promos }) => {
    const turn = new Turn(c, pos, b, promos.length > 0);
    const first: number[] = [];
    firstSteps(c, b, first);
    if (first.some((s) => kindOf(s) === EP && stepFinishable(turn, 0, s, 1))) return true;
    return turn.chainFinds(first, capturerBeside, (step) => kindOf(step) === EP, closed);
  });
}
