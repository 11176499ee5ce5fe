/**
 * Betza notation → move atoms. An atom is one direction a piece may go, with how
 * far (min..max steps of the vector), whether it may move, capture, only from its
 * initial ranks, and (for lame oblique leaps) which square must be empty.
 *
 * Supported: W F D N A H C Z G and shorthands R B Q K; riders by doubling (WW, NN)
 * or a range digit (Q3, W2); modifiers f b l r v s (and pairs such as fl, ff, fs),
 * m (move only), c (capture only), n (lame: blocked by a piece on the way: the knight
 * on its straight step, the zebra, Janggi's elephant `nZ`, on its straight step and its first diagonal one),
 * i (initial move only), p (hopper: over exactly one piece of either side on the line,
 * then as far as the atom goes: Xiangqi's cannon captures `cpR`, Janggi's moves `pR`).
 * Directions are from White's side; Black's are mirrored.
 */
import { err, ok, type Result } from "./result";

export interface Atom {
  dx: number;
  dy: number;
  /** Steps of the vector: a plain leap is min = max = 1; a rider 1..Infinity. */
  min: number;
  max: number;
  move: boolean;
  capture: boolean;
  initial: boolean;
  /** For a lame oblique leap: the square (relative to the start) that must be empty. */
  via?: [number, number];
  /** For a lame zebra: the second square on its way that must be empty. */
  via2?: [number, number];
  /** A hopper: it goes over exactly one piece (the screen) and reaches only squares beyond it. */
  hop: boolean;
}

const LEAPS: Record<string, [number, number]> = {
  W: [0, 1], F: [1, 1], D: [0, 2], N: [1, 2], A: [2, 2], H: [0, 3], C: [1, 3], Z: [2, 3], G: [3, 3],
};
const SHORTHANDS: Record<string, string[]> = { R: ["W"], B: ["F"], Q: ["W", "F"], K: ["W", "F"] };
const RIDING_SHORTHANDS = new Set(["R", "B", "Q"]);

/** All distinct vectors obtained from (a, b) by symmetry. */
function symmetric(a: number, b: number): [number, number][] {
  const out: [number, number][] = [];
  for (const [x, y] of [[a, b], [b, a]]) {
    for (const sx of [1, -1]) {
      for (const sy of [1, -1]) {
        const v: [number, number] = [x * sx, y * sy];
        if (!out.some(([p, q]) => p === v[0] && q === v[1])) out.push(v);
      }
    }
  }
  return out;
}

type Predicate = (dx: number, dy: number) => boolean;
const DIRECTION: Record<string, Predicate> = {
  f: (_, dy) => dy > 0,
  b: (_, dy) => dy < 0,
  l: (dx) => dx < 0,
  r: (dx) => dx > 0,
  v: (dx, dy) => Math.abs(dy) > Math.abs(dx),
  s: (dx, dy) => Math.abs(dx) > Math.abs(dy),
};

/** Splits direction modifiers into tokens; a token keeps the vectors matching all its letters. */
function directionTokens(mods: string, diagonal: boolean, orthogonal: boolean): Predicate[] {
  const tokens: Predicate[] = [];
  let i = 0;
  while (i < mods.length) {
    const a = mods[i];
    const b = mods[i + 1];
    const pair = b !== undefined && !orthogonal && (
      ("fb".includes(a) && "lrs".includes(b)) || ("lr".includes(a) && "fbv".includes(b)) || (a === b && !diagonal)
    );
    if (pair) {
      // ff = forward and narrow (vertical-ish), ll = left and wide, fs = forward and wide …
      const second = a === b ? ("fb".includes(a) ? "v" : "s") : b;
      const p = DIRECTION[a];
      const q = DIRECTION[second];
      tokens.push((dx, dy) => p(dx, dy) && q(dx, dy));
      i += 2;
    } else {
      // On diagonal atoms v and s select nothing by the definitions above; Betza reads them as "all".
      tokens.push(diagonal && (a === "v" || a === "s") ? () => true : DIRECTION[a]);
      i += 1;
    }
  }
  return tokens;
}

/** The atoms of a piece's moves, or what in the notation cannot be read. */
export function parseBetza(text: string): Result<Atom[]> {
  const atoms: Atom[] = [];
  const re = /([fblrvsmcnip]*)([WFDNAHCZGRBQK])(\2?)(\d*)/y;
  let pos = 0;
  while (pos < text.length) {
    re.lastIndex = pos;
    const m = re.exec(text);
    if (!m || m[0].length === 0) return err(`cannot read Betza notation '${text}' at '${text.slice(pos)}'`);
    pos = re.lastIndex;
    const [, mods, letter, doubled, range] = m;
    const letters = SHORTHANDS[letter] ?? [letter];
    let max = range ? Number(range) : doubled || RIDING_SHORTHANDS.has(letter) ? Infinity : 1;
    if (letter === "K" && !range) max = 1;
    if (max < 1) return err(`range 0 in Betza notation '${text}'`);
    const moveOnly = mods.includes("m");
    const captureOnly = mods.includes("c");
    const lame = mods.includes("n");
    const initial = mods.includes("i");
    const hop = mods.includes("p");
    if (hop && (lame || max === 1)) return err(`only riders hop ('${text}')`);
    const dirMods = mods.replace(/[mcnip]/g, "");
    for (const l of letters) {
      const [a, b] = LEAPS[l];
      const diagonal = a === b;
      const orthogonal = a === 0;
      const tokens = directionTokens(dirMods, diagonal, orthogonal);
      for (const [dx, dy] of symmetric(a, b)) {
        if (tokens.length > 0 && !tokens.some((t) => t(dx, dy))) continue;
        const atom: Atom = { dx, dy, min: 1, max, move: !captureOnly, capture: !moveOnly, initial, hop };
        if (lame && (diagonal || orthogonal)) {
          // A lame linear leap is a slide of exactly that many unit steps.
          const n = Math.max(Math.abs(dx), Math.abs(dy));
          if (max !== 1) return err(`lame riders are not supported ('${text}')`);
          atom.dx = Math.sign(dx);
          atom.dy = Math.sign(dy);
          atom.min = atom.max = n;
        } else if (lame) {
          if (l !== "N" && l !== "Z") return err(`lame ${l} is not supported ('${text}')`);
          // Blocked on the orthogonal step towards its longer leg (the xiangqi horse), and the zebra
          // (the Janggi elephant) on the diagonal step after it too.
          const wide = Math.abs(dx) > Math.abs(dy);
          const sx = Math.sign(dx), sy = Math.sign(dy);
          atom.via = wide ? [sx, 0] : [0, sy];
          if (l === "Z") atom.via2 = wide ? [2 * sx, sy] : [sx, 2 * sy];
        }
        atoms.push(atom);
      }
    }
  }
  return ok(atoms);
}
