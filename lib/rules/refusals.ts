/**
 * Why a move is refused, worded the same way in every game: the move as written,
 * a colon, then the reason in the players' words ("P e2-e5: ...").
 */
import type { Action } from "./actions";
import { OFF, typeOn } from "./position";
import { onInitialRank } from "./movegen";
import type { PieceType, Side, Variant } from "./variant";

type StepAction = Extract<Action, { type: "step" }>;

export const refused = (text: string, reason: string) => `${text}: ${reason}`;

export const noSuchSquare = (v: Variant) => `no such square on this ${v.geo.files}×${v.geo.ranks} board`;

/**
 * Why the step `a` cannot be a move of `side` on `board` whatever the rules of the
 * game: a square that is not on the board, no piece of the side on its square, or
 * another piece there than the letter says. Undefined when none of these.
 */
export function pieceProblem(v: Variant, board: Int16Array, side: Side, a: StepAction): string | undefined {
  const names = v.geo.names;
  if (names.indexOf(a.from) < 0 || names.indexOf(a.to) < 0) return noSuchSquare(v);
  const code = board[names.indexOf(a.from)];
  const t = typeOn(code, side);
  if (!t) {
    const name = v.sideNames[side];
    return typeOn(code, (1 - side) as Side)
      ? `the piece on ${a.from} is not yours; it is ${name}'s turn`
      : `there is no ${name} piece on ${a.from}`;
  }
  const type = v.types[t];
  if (type.letter !== a.piece.toUpperCase()) return `the piece on ${a.from} is a ${type.name} (${type.letter}), not ${a.piece.toUpperCase()}`;
  return undefined;
}

/** The step reaches a promotion square and does not say what the piece becomes. */
export const needsPromotion = (choices: readonly string[], example: string) =>
  `say what the piece promotes to (${choices.join(", ")}), e.g. ${example}`;

export const leavesRoyalAttacked = (v: Variant) =>
  v.royalKind === "extinction" ? "it would leave your last royal piece attacked" : `it would leave your ${v.types[v.kingType].name} in check`;

/** A move that would leave the two generals facing each other (VariantDecl.flyingGeneral, docs/games/xiangqi.md#flying-general). */
export const generalsWouldFace = (file: string) => `the generals would face each other on the ${file}-file`;

/** "an elephant", "the general": the royal piece is the only one of its side. */
const article = (v: Variant, type: PieceType) =>
  type.index === v.kingType ? `the ${type.name}` : `${/^[aeiou]/.test(type.name) ? "an" : "a"} ${type.name}`;

/**
 * Why the piece of `type` on `from` cannot go to `to` the way one of its atoms points there,
 * where the reason is one of the rules of where pieces stand and how they are blocked: its
 * region (the palace, the river), a move it gains only further on (the soldier across the
 * river), a blocked leg or eye (the horse, the elephant), a hopper's screen (the cannon).
 * Undefined when none of these is why.
 */
export function wayProblem(v: Variant, board: Int16Array, side: Side, type: PieceType, from: number, to: number): string | undefined {
  const geo = v.geo;
  const names = geo.names;
  const rank = side === 0 ? geo.rankOf[from] : geo.ranks - 1 - geo.rankOf[from];
  for (const a of type.atoms[side]) {
    let k = 0;
    for (let s = from + a.step, i = 1; i <= a.max && board[s] !== OFF; s += a.step, i++) if (s === to) k = i;
    if (k === 0 || k < a.min) continue;
    // An initial move (a pawn's double step) says nothing about a piece that is not where it may make one.
    if (a.initial && (type.unmovedRight || !onInitialRank(type, geo, side, from))) continue;
    if (type.region && !type.region[side][to]) {
      const leaving = type.keepsTo === "palace" ? "leave the palace" : v.decl.points?.river ? "cross the river" : "leave its own half";
      return `${article(v, type)} may not ${leaving}`;
    }
    if (a.fromRank > rank) {
      const river = v.decl.points?.river && a.fromRank === geo.ranks / 2;
      return `${article(v, type)} moves this way only ${river ? "once it has crossed the river" : `from rank ${a.fromRank + 1} on`}`;
    }
    if (a.block !== 0 && board[from + a.block] !== 0) return `the ${type.name} is blocked at ${names[from + a.block]}`;
    if (a.block2 !== 0 && board[from + a.block2] !== 0) return `the ${type.name} is blocked at ${names[from + a.block2]}`;
    const between: number[] = [];
    for (let s = from + a.step; s !== to; s += a.step) if (board[s] !== 0) between.push(s);
    if (a.min > 1 && between.length > 0) return `the ${type.name} is blocked at ${names[between[0]]}`;
    if (a.hop) {
      // Xiangqi's cannon never jumps onto an empty point, whatever stands between.
      if (board[to] === 0 && !a.move) return `the ${type.name} jumps only to capture`;
      if (between.length !== 1) return `the ${type.name} must jump exactly one piece${between.length ? `, not ${between.length}` : ""}`;
      // Janggi's cannon neither jumps over nor captures a cannon (PieceDecl.hopsNot).
      const shunned = (sq: number) => (((a.hopsNot >> (board[sq] & 31)) | (a.hopsNot >> ((board[sq] >> 5) & 31))) & 1) !== 0;
      if (shunned(between[0])) return `the ${type.name} may not jump over the ${v.types[typeOn(board[between[0]], side) || typeOn(board[between[0]], (1 - side) as Side)].name} on ${names[between[0]]}`;
      if (board[to] !== 0 && shunned(to)) return `the ${type.name} may not capture the ${v.types[typeOn(board[to], (1 - side) as Side)].name} on ${names[to]}`;
    }
  }
  return undefined;
}

/** A move that takes nothing while captures are compulsory (Antichess): the captures there are, the first few. */
export const captureCompulsory = (captures: readonly string[]) =>
  `captures are compulsory, you must capture: ${captures.slice(0, 4).join(" or ")}${captures.length > 4 ? " or another capture" : ""}`;

/** None of the above: `part` (the whole move, or one step of it) is no legal `what` here. */
export const notLegal = (text: string, part: string = text, what: string = "move") =>
  part === text ? `${text} is not a legal ${what} here` : refused(text, `${part} is not a legal ${what} here`);
