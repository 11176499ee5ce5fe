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
  /** A hexagonal diagonal step's two straight parts: one of the cells they lead to must be empty (the rule of the corner). */
  corner: readonly [Vec, Vec] | null;
}



const ORTHOGONAL: Vec[] = [[1, 0], [-1, 0], [0, 1], [0, -1]];
const DIAGONAL: Vec[] = [[1, 1], [1, -1], [-1, 1], [-1, -1]];
const scaled = (vs: Vec[], k: number): Vec[] => vs.map(([x, y]) => [x * k, y * k] as const);
const KNIGHT: Vec[] = [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]];

// docs/games/three-player.md#directions: straight steps in order round the cell; each diagonal the sum of two neighbouring ones.
const HEX_STRAIGHT: Vec[] = [[1, 0], [1, 1], [0, 1], [-1, 0], [-1, -1], [0, -1]];
const HEX_DIAGONAL = HEX_STRAIGHT.map((u, i) => {
  const w = HEX_STRAIGHT[(i + 1) % 6];
  return { v: [u[0] + w[0], u[1] + w[1]] as Vec, corner: [u, w] as const };
});
const HEX_KNIGHT: Vec[] = [[3, 1], [2, -1], [3, 2], [2, 3], [1, 3], [-1, 2], [-3, -1], [-2, 1], [-3, -2], [-2, -3], [-1, -3], [1, -2]];

interface Atom {
  vs: { v: Vec; corner: readonly [Vec, Vec] | null }[];
  ride: boolean;
}
const plain = (vs: Vec[]) => vs.map((v) => ({ v, corner: null }));
const HEX_ATOMS: Record<string, Atom> = {
  W: { vs: plain(HEX_STRAIGHT), ride: false },
  F: { vs: HEX_DIAGONAL, ride: false },
  N: { vs: plain(HEX_KNIGHT), ride: false },
  D: { vs: plain(scaled(HEX_STRAIGHT, 2)), ride: false },
  K: { vs: [...plain(HEX_STRAIGHT), ...HEX_DIAGONAL], ride: false },
  R: { vs: plain(HEX_STRAIGHT), ride: true },
  B: { vs: HEX_DIAGONAL, ride: true },
  Q: { vs: [...plain(HEX_STRAIGHT), ...HEX_DIAGONAL], ride: true },
};

const SQUARE_ATOMS: Record<string, { vs: Vec[]; ride: boolean }> = {
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

/**
 * A declaration's atoms. On squares forward is (0, 1), turned per army later (turnAtoms); on
 * hexagons `f` keeps the army's own forward steps (`forward`: its straight and diagonal ones).
 * Declarations are the games' own, so a bad one is a programming error.
 */
export function parseBetza(text: string, lattice: "square" | "hex" = "square", forward?: readonly Vec[]): MoveAtom[] {
  const out: MoveAtom[] = [];
  const re = /([fmcin]*)([WFNADKRBQ])/gy;
  const isForward = (v: Vec) => {
    if (lattice === "square") return v[1] > 0;
    return (forward ?? []).some((f) => (f[0] === v[0] && f[1] === v[1]) || (2 * f[0] === v[0] && 2 * f[1] === v[1]));
  };
  let m: RegExpExecArray | null;
  let at = 0;
  while ((m = re.exec(text))) {
    at = re.lastIndex;
    const mods = m[1];
    const atom: Atom | undefined = lattice === "hex" ? HEX_ATOMS[m[2]] : SQUARE_ATOMS[m[2]] && { vs: plain(SQUARE_ATOMS[m[2]].vs), ride: SQUARE_ATOMS[m[2]].ride };
    if (!atom) throw new RulesError(`not a move on this board: ${m[2]}`);
    for (const { v, corner } of atom.vs) {
      if (mods.includes("f") && !isForward(v)) continue;
      const lame = mods.includes("n") && v[0] % 2 === 0 && v[1] % 2 === 0 ? ([v[0] / 2, v[1] / 2] as const) : null;
      out.push({ v, ride: atom.ride, move: !mods.includes("c"), capture: !mods.includes("m"), initial: mods.includes("i"), lame, corner });
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
  return atoms.map((a) => ({ ...a, v: turn(a.v, forward), lame: a.lame && turn(a.lame, forward), corner: a.corner && [turn(a.corner[0], forward), turn(a.corner[1], forward)] }));
}
