/**
 * Why a move is refused, worded the same way in every game: the move as written,
 * a colon, then the reason in the players' words ("P e2-e5: ...").
 */
import type { Action } from "./actions";
import { typeOn } from "./position";
import type { Side, Variant } from "./variant";

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
  v.royalKind === "extinction" ? "it would leave your last royal piece attacked" : "it would leave your king in check";

/** A move that takes nothing while captures are compulsory (Antichess): the captures there are, the first few. */
export const captureCompulsory = (captures: readonly string[]) =>
  `captures are compulsory, you must capture: ${captures.slice(0, 4).join(" or ")}${captures.length > 4 ? " or another capture" : ""}`;

/** None of the above: `part` (the whole move, or one step of it) is no legal `what` here. */
export const notLegal = (text: string, part: string = text, what: string = "move") =>
  part === text ? `${text} is not a legal ${what} here` : refused(text, `${part} is not a legal ${what} here`);
