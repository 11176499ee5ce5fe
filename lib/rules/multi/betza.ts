/**
 * The Betza-like move declarations of the games for more than two: the atoms W F N A D and
 * the compounds K R B Q, with the modifiers f (forward), m (moves only), c (takes only),
 * i (only from the pawn's starting line) and n (lame: the step between must be empty).
 * "Forward" is declared as rank-wise up and each army's moves are turned to its own forward
 * direction, so one declaration (`fmWfcFifmnD`) serves every seat.
 */
import { RulesError } from "../errors";
import type { Vec } from "./board";

export interface MoveAtom {
  v: Vec;
  ride: boolean;
  move: boolean;
  capture: boolean;
  /** Only from the pawn's starting line (Betza `i`). */
  initial: boolean;
  /** The cell that must be empty on the way (Betza `n` on a two-step leap), or null. */
  lame: Vec | null;
}

const ORTHOGONAL: Vec[] = [[1, 0], [-1, 0], [0, 1], [0, -1]];
const DIAGONAL: Vec[] = [[1, 1], [1, -1], [-1, 1], [-1, -1]];
const scaled = (vs: Vec[], k: number): Vec[] => vs.map(([x, y]) => [x * k, y * k] as const);
const KNIGHT: Vec[] = [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]];

const ATOMS: Record<string, { vs: Vec[]; ride: boolean }> = {
  W: { vs: ORTHOGONAL, ride: false },
  F: { vs: DIAGONAL, ride: false },
  N: { vs: KNIGHT, ride: false },
  A: { vs: scaled(DIAGONAL, 2), ride: false },
  D: { vs: scaled(ORTHOGONAL, 2), ride: false },
  K: { vs: [...ORTHOGONAL, ...DIAGONAL], ride: false },
  R: { vs: ORTHOGONAL, ride: true },
  B: { vs: DIAGONAL, ride: true },
  Q: { vs: [...ORTHOGONAL, ...DIAGONAL], ride: true },
};

/** A declaration's atoms, forward being (0, 1). Declarations are the games' own, so a bad one is a programming error. */
export function parseBetza(text: string): MoveAtom[] {
  const out: MoveAtom[] = [];
  const re = /([fmcin]*)([WFNADKRBQ])/gy;
  let m: RegExpExecArray | null;
  let at = 0;
  while ((m = re.exec(text))) {
    at = re.lastIndex;
    const mods = m[1];
    const atom = ATOMS[m[2]];
    const forwardOnly = mods.includes("f");
    const onlyMove = mods.includes("m");
    const onlyCapture = mods.includes("c");
    for (const v of atom.vs) {
      if (forwardOnly && v[1] <= 0) continue;
      const lame = mods.includes("n") && (Math.abs(v[0]) === 2 || Math.abs(v[1]) === 2) && (v[0] % 2 === 0 && v[1] % 2 === 0) ? ([v[0] / 2, v[1] / 2] as const) : null;
      out.push({ v, ride: atom.ride, move: !onlyCapture, capture: !onlyMove, initial: mods.includes("i"), lame });
    }
  }
  if (at !== text.length || out.length === 0) throw new RulesError(`not a move declaration: ${text}`);
  return out;
}

/** `v` turned so that (0, 1) becomes `forward`. */
export function turn(v: Vec, forward: Vec): Vec {
  const [x, y] = v;
  const [fx, fy] = forward;
  return [x * fy + y * fx, -x * fx + y * fy];
}

export function turnAtoms(atoms: MoveAtom[], forward: Vec): MoveAtom[] {
  return atoms.map((a) => ({ ...a, v: turn(a.v, forward), lame: a.lame && turn(a.lame, forward) }));
}
