/**
 * The step-by-step interface for games whose legal moves can be listed (every game
 * but Friendly): reading a move, the board's builder and the status, all from the
 * list of legal moves with their canonical text.
 */
import { makeActionText, makeMoveText, type Action } from "./actions";
import type { Stepwise } from "./mechanic";
import { MoveKind, type Move } from "./move";
import { generalsFace, inCheck, isCapture, legalMoves, makeMove, pseudoMoves } from "./movegen";
import { makeFen } from "./notation/fen";
import { castleAction, moveActions } from "./notation/move";
import { typeOn, type Position } from "./position";
import { captureCompulsory, generalsWouldFace, leavesRoyalAttacked, needsPromotion, notLegal, pieceProblem, refused, wayProblem } from "./refusals";
import type { Side } from "./variant";

/** A legal move with its canonical actions and text. */
export interface LegalMove {
  actions: Action[];
  text: string;
}

export interface MoveList {
  legal: Move[];
  listed: LegalMove[];
}

/** Each legal move with its canonical actions and text, in generation order; a move reached two ways once. */
export function forEachMove(pos: Position, f: (move: Move, actions: Action[], text: string) => void): void {
  const seen = new Set<string>();
  for (const m of legalMoves(pos)) {
    const actions = moveActions(pos, m);
    const text = makeMoveText(actions);
    if (seen.has(text)) continue;
    seen.add(text);
    f(m, actions, text);
  }
}

/** Legal moves with their canonical actions and text; a move reached two ways is listed once. */
export function listMoves(pos: Position): MoveList {
  const legal: Move[] = [];
  const listed: LegalMove[] = [];
  forEachMove(pos, (m, actions, text) => {
    legal.push(m);
    listed.push({ actions, text });
  });
  return { legal, listed };
}

const lists = new WeakMap<Position, { fen: string; list: MoveList }>();

/** The position's legal moves, listed once for as long as it stays the same. */
export function listed(pos: Position): MoveList {
  const fen = makeFen(pos);
  const known = lists.get(pos);
  if (known?.fen === fen) return known.list;
  const list = listMoves(pos);
  lists.set(pos, { fen, list });
  return list;
}

/** Move text with every naming (`Q d4`) left out. */
const withoutNames = (acts: readonly Action[]) => makeMoveText(acts.filter((a) => a.type !== "name"));

/** Indices of the listed moves that read as `actions` once every naming is left out. */
function fitsWithoutNames({ listed }: MoveList, actions: readonly Action[]): number[] {
  const bare = withoutNames(actions);
  return listed.flatMap((m, j) => (withoutNames(m.actions) === bare ? [j] : []));
}

/** The listed move `actions` mean, -1 for none. */
function findMove(pos: Position, list: MoveList, actions: readonly Action[]): number {
  const { legal, listed } = list;
  const text = makeMoveText(actions);
  const lower = text.toLowerCase();
  let i = listed.findIndex((m) => m.text === text);
  if (i < 0) i = listed.findIndex((m, j) => legal[j].mechanic?.aliases?.(pos, legal[j]).includes(text));
  if (i < 0) {
    // A redundant naming is accepted, but a name must be the moving piece's, and
    // leaving out a name the move needs is ambiguous.
    const fits = fitsWithoutNames(list, actions);
    const names = actions.filter((a) => a.type === "name");
    const agree = fits.filter((j) => names.every((n) =>
      n.square === pos.geo.names[legal[j].from] && n.piece.toUpperCase() === pos.variant.types[legal[j].piece].letter));
    if (agree.length === 1) i = agree[0];
  }
  // Letter case is the colour; only one side moves, so a wrong case is a typo.
  if (i < 0) i = listed.findIndex((m) => m.text.toLowerCase() === lower);
  // `O-O` / `O-O-O` where castling is written as the king's step (docs/notation.md#castling), the
  // rest of the move as written (Duck chess: `O-O; duck h1`): never the first of several castlings.
  const [castle, ...rest] = actions;
  if (i < 0 && castle?.type === "castle") {
    const wing = makeActionText(castle);
    const after = makeMoveText(rest);
    i = legal.findIndex((m, j) => m.kind === MoveKind.Castle && makeActionText(castleAction(pos, m)) === wing &&
      makeMoveText(listed[j].actions.slice(1)) === after);
  }
  return i;
}

/** The pseudo-legal move whose canonical text is `text`: a move the rules allow but for its legality, to say why it is refused. */
export function pseudoMoveWritten(pos: Position, text: string): Move | undefined {
  return pseudoMoves(pos).find((m) => makeMoveText(moveActions(pos, m)) === text);
}

function whyIllegal(pos: Position, list: MoveList, actions: readonly Action[]): string {
  for (const m of pos.variant.mechanics) {
    const why = m.explain?.(pos, actions);
    if (why) return why;
  }
  const text = makeMoveText(actions);
  const fits = fitsWithoutNames(list, actions).map((j) => list.listed[j].text);
  if (fits.length > 0) return refused(text, `it is ambiguous or names the wrong piece: write ${fits.join(" or ")}`);
  const first = actions[0];
  if (first.type !== "step") return notLegal(text);
  const why = pieceProblem(pos.variant, pos.board, pos.turn, first);
  if (why) return refused(text, why);
  // The choices this piece really has here (Royal Substitute: only K; Compound: D B R Q C).
  const choices = first.promotion ? [] : [...new Set(list.listed.flatMap((m) => {
    const a = m.actions[0];
    return a.type === "step" && a.from === first.from && a.to === first.to && a.promotion ? [a.promotion] : [];
  }))];
  if (choices.length) return refused(text, needsPromotion(choices, makeActionText({ ...first, promotion: choices[0] })));
  const pseudo = pseudoMoveWritten(pos, text);
  const v = pos.variant;
  const names = pos.geo.names;
  if (!pseudo) {
    const from = names.indexOf(first.from);
    const way = wayProblem(v, pos.board, pos.turn, v.types[typeOn(pos.board[from], pos.turn)], from, names.indexOf(first.to));
    return way ? refused(text, way) : notLegal(text);
  }
  if (v.decl.mustCapture && !isCapture(pos, pseudo)) {
    const captures = list.legal.flatMap((m, j) => (isCapture(pos, m) ? [list.listed[j].text] : []));
    if (captures.length > 0) return refused(text, captureCompulsory(captures));
  }
  if (v.flyingGeneral) {
    makeMove(pos, pseudo);
    const general = pos.kingSq[1 - pos.turn];
    const facing = !inCheck(pos, (1 - pos.turn) as Side) && generalsFace(pos, (1 - pos.turn) as Side, general);
    pos.unmake();
    if (facing) return refused(text, generalsWouldFace(names[general][0]));
  }
  return refused(text, leavesRoyalAttacked(v));
}

export const listedSteps: Stepwise = {
  read(pos, actions) {
    const list = listed(pos);
    const i = findMove(pos, list, actions);
    return i < 0 ? whyIllegal(pos, list, actions) : { move: list.legal[i], actions: list.listed[i].actions };
  },

  next(pos, prefix) {
    // Canonical action texts hold no "; ", so a move goes on from the prefix exactly when its
    // text starts with the prefix's text and "; ": one string test a listed move (Duck chess lists hundreds).
    const key = makeMoveText(prefix);
    const start = prefix.length === 0 ? "" : `${key}; `;
    const next = new Map<string, Action>();
    let complete = false;
    for (const m of listed(pos).listed) {
      if (prefix.length > 0 && m.text === key && m.actions.length === prefix.length) complete = true;
      else if (m.text.startsWith(start)) next.set(makeActionText(m.actions[prefix.length]), m.actions[prefix.length]);
    }
    return { actions: [...next.values()], complete };
  },

  judgedMoves: (pos) => listed(pos).legal,

  enPassantPossible: (pos) => listed(pos).legal.some((m) => m.kind === MoveKind.EnPassant),
};
