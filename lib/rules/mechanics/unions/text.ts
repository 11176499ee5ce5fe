/**
 * Friendly move text: writing a move as actions, and reading the chain a player
 * wrote, step by step along its own path, with why it is not legal.
 */
import { makeActionText, type Action } from "../../actions";
import type { Move } from "../../move";
import { letterOf } from "../../notation/move";
import { OFF, typeOn, type Position } from "../../position";
import { needsPromotion, noSuchSquare, notLegal, pieceProblem, refused } from "../../refusals";
import { castlingSteps } from "./threats";
import {
  choicesOn, ctxFor, firstSteps, fromOf, kingInUnion, pendingSquares, pieceOf, promoOf, promoted, toOf, unionMove,
  type Ctx, type UnionMove,
} from "./steps";
import { Turn } from "./turn";

type StepAction = Extract<Action, { type: "step" }>;
type PromoteAction = Extract<Action, { type: "promote" }>;

/** The actions of a move, on the position before it. */
export function writeActions(pos: Position, { promos, steps }: UnionMove): Action[] {
  const us = pos.turn;
  const names = pos.geo.names;
  const out: Action[] = [];
  for (let i = 0; i < promos.length; i += 2) out.push(promoteAction(pos, promos[i], promos[i + 1]));
  for (const s of steps) {
    const a: Action = { type: "step", piece: letterOf(pos, pieceOf(s), us), from: names[fromOf(s)], to: names[toOf(s)] };
    if (promoOf(s)) a.promotion = letterOf(pos, promoOf(s), us);
    out.push(a);
  }
  return out;
}

/** The pending promotion of the side to move's piece on `sq` to type `p`. */
export function promoteAction(pos: Position, sq: number, p: number): PromoteAction {
  const us = pos.turn;
  return { type: "promote", piece: letterOf(pos, typeOn(pos.board[sq], us), us), square: pos.geo.names[sq], promotion: letterOf(pos, p, us) };
}

/** How far a list of actions gets: the turn, its path so far, and whether the move ended. */
export interface Walk {
  turn: Turn;
  promos: number[];
  steps: number[];
  /** The state the path is in (0 before the first step); -1 once the move ended. */
  state: number;
}

const letters = (c: Ctx, types: readonly number[]) => types.map((t) => c.v.types[t].letter).join(", ");

/**
 * Follows `actions` (pending promotions first, then steps) from the position.
 * `complete`: the actions must be a whole move. Returns why not, as text, when
 * they are no (beginning of a) legal path.
 */
export function walk(pos: Position, actions: readonly Action[], complete: boolean): Walk | string {
  const v = pos.variant;
  const c = ctxFor(v, pos.turn, pos.ep);
  const names = v.geo.names;
  const text = actions.map(makeActionText).join("; ");
  const pending = pendingSquares(c, pos.board);
  const promos: number[] = [];
  let n = 0;
  for (; n < actions.length && actions[n].type === "promote"; n++) {
    const a = actions[n] as PromoteAction;
    const sq = names.indexOf(a.square);
    if (!pending.includes(sq) || promos.some((x, i) => i % 2 === 0 && x === sq)) {
      return refused(text, `there is nothing of yours to promote on ${a.square} (only a piece carried to its last rank by the opponent is promoted before the move)`);
    }
    const choices = choicesOn(c, pos.board, sq);
    const t = typeOn(pos.board[sq], c.us);
    const p = a.piece.toUpperCase() === v.types[t].letter ? v.byLetter.get(a.promotion.toUpperCase()) ?? 0 : 0;
    if (!choices.includes(p)) {
      return refused(text, `write the promotion as ${makeActionText(promoteAction(pos, sq, choices[0]))} (${letters(c, choices)})`);
    }
    promos.push(sq, p);
  }
  const rest = actions.slice(n);
  if (rest.some((a) => a.type !== "step")) return notLegal(text);
  if (promos.length / 2 < pending.length && (rest.length > 0 || complete)) {
    const missing = pending.filter((sq) => !promos.some((x, i) => i % 2 === 0 && x === sq));
    const name = v.types[typeOn(pos.board[missing[0]], c.us)].name;
    const example = makeActionText(promoteAction(pos, missing[0], choicesOn(c, pos.board, missing[0])[0]));
    return refused(text, `first promote your ${name}${missing.length > 1 ? "s" : ""} on ${missing.map((sq) => names[sq]).join(", ")}, e.g. ${example}; then move`);
  }
  // Canonical order of the promotions: square order.
  const sorted: number[] = [];
  for (const sq of pending) {
    const i = promos.findIndex((x, j) => j % 2 === 0 && x === sq);
    if (i >= 0) sorted.push(sq, promos[i + 1]);
  }
  const turn = new Turn(c, pos, promoted(c, pos.board, sorted), sorted.length > 0);
  const w: Walk = { turn, promos: sorted, steps: [], state: 0 };
  if (rest.length === 0 && complete) return refused(text, "a move needs a step after the promotions");
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i] as StepAction;
    if (w.state === -1) return refused(text, `the move ended with ${makeActionText(rest[i - 1])}; nothing is released there to move on`);
    const from = names.indexOf(a.from);
    const to = names.indexOf(a.to);
    if (from < 0 || to < 0) return refused(text, noSuchSquare(v));
    const cands: number[] = [];
    const b = turn.board(w.state);
    if (w.state === 0) {
      const why = firstStepProblem(c, b, a, from, to);
      if (why) return refused(text, why);
      firstSteps(c, b, cands);
      // Castling needs threat searches: only when the step is no ordinary one.
      if (!cands.some((s) => fromOf(s) === from && toOf(s) === to)) castlingSteps(c, pos, b, cands);
    } else {
      const at = turn.store.at[w.state];
      const name = v.types[turn.store.piece[w.state]].name;
      if (from !== at) return refused(text, `the released ${name} on ${names[at]} must move on from there, not from ${a.from}`);
      if (v.types[turn.store.piece[w.state]].letter !== a.piece.toUpperCase()) return refused(text, `the piece released on ${names[at]} is a ${name}, not ${a.piece}`);
      turn.chainSteps(w.state, cands);
    }
    const fits = cands.filter((s) => fromOf(s) === from && toOf(s) === to && v.types[pieceOf(s)].letter === a.piece.toUpperCase());
    if (fits.length === 0) return notLegal(text, makeActionText(a), w.state === 0 ? "move" : "chain step");
    const promo = a.promotion ? v.byLetter.get(a.promotion.toUpperCase()) ?? -1 : 0;
    const step = fits.find((s) => promoOf(s) === promo);
    if (step === undefined) {
      const choices = v.types[pieceOf(fits[0])].promotesTo;
      return promo === 0
        ? refused(text, needsPromotion(choices.map((t) => v.types[t].letter), makeActionText({ ...a, promotion: letterOf(pos, choices[0], c.us) })))
        : refused(text, `${a.piece} ${a.from}-${a.to} promotes to ${letters(c, choices)}${promoOf(fits[0]) === 0 ? " only on its last rank, and not onto the king" : ""}`);
    }
    w.steps.push(step);
    turn.play(w.state, step, turn.scratch);
    if (!turn.rReleased) {
      w.state = -1;
      continue;
    }
    const piece = turn.rReleased;
    w.state = turn.chainState(w.state, step);
    if (w.state < 0) {
      return refused(text, `the chain passes through the same state twice (this board with the released ${v.types[piece].name} on ${a.to})`);
    }
  }
  if (complete && w.state !== -1) {
    const st = turn.store;
    return refused(text, `the released ${v.types[st.piece[w.state]].name} on ${names[st.at[w.state]]} must move on`);
  }
  return w;
}

/** Why a first step cannot be one, in the players' words (undefined: look further). */
function firstStepProblem(c: Ctx, b: Int16Array, a: StepAction, from: number, to: number): string | undefined {
  const why = pieceProblem(c.v, b, c.us, a);
  if (why) return why;
  const code = b[from];
  const t = typeOn(code, c.us);
  const w = b[to];
  if (w !== 0 && w !== OFF) {
    if (t === c.king) return `the ${c.v.types[t].name} only steps to empty squares (it never joins a union)`;
    if (code & c.themMask) return "a union moves only to empty squares";
    if (!(w & c.themMask)) return `${a.to} holds your own piece`;
  }
  return undefined;
}

/** The move a whole list of actions means, with its normalised actions; or why it is not legal. */
export function read(pos: Position, actions: readonly Action[]): { move: Move; actions: Action[] } | string {
  if (kingInUnion(pos) !== -1) return "the game is over: a king stands in a union";
  const w = walk(pos, actions, true);
  if (typeof w === "string") return w;
  const data: UnionMove = { promos: w.promos, steps: w.steps };
  return { move: unionMove(w.turn.c, w.promos, w.steps), actions: writeActions(pos, data) };
}
