/**
 * Small helpers for the rules tests. They go through the public Game API where it
 * is enough, and through the internals only for pure move generation (moves listed
 * even where the game is already over) and perft.
 */
import { Game } from "@/lib/rules";
import { listMoves } from "@/lib/rules/game";
import { perft } from "@/lib/rules/movegen";
import { parseFen } from "@/lib/rules/notation/fen";
import { unwrap } from "@/lib/rules/result";
import type { Position } from "@/lib/rules/position";
import { getVariant } from "@/lib/rules/variants";

export function position(variant: string, fen: string): Position {
  const v = getVariant(variant);
  return unwrap(parseFen(v, fen === "start" ? v.decl.startFen : fen));
}

/** Every legal move of the position as canonical text, sorted (pure generation). */
export function moves(variant: string, fen: string): string[] {
  return listMoves(position(variant, fen)).listed.map((m) => m.text).sort();
}

/** The legal moves whose (first) step starts on `square`, sorted. */
export function movesFrom(variant: string, fen: string, square: string): string[] {
  const re = new RegExp(`^\\+?[A-Za-z] ${square}-`);
  return moves(variant, fen).filter((m) => re.test(m));
}

/** Number of generated legal moves, duplicates included (perft 1). */
export function rawCount(variant: string, fen: string): number {
  return perft(position(variant, fen), 1);
}

/** Plays the moves from the FEN and returns the game. */
export function play(variant: string, fen: string, ...texts: string[]): Game {
  const g = Game.start(variant, fen);
  for (const t of texts) g.play(t);
  return g;
}

/** The FEN after playing the moves. */
export function fenAfter(variant: string, fen: string, ...texts: string[]): string {
  return play(variant, fen, ...texts).fen();
}

/** The error message a function throws (fails the test when it does not throw). */
export function errorOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
  throw new Error("expected an error, none was thrown");
}

const FILES = "abcdefghijkl";

/**
 * An independent reading of a piece's moves: vectors [dx, dy, max steps] (max 1 for
 * a leap), on a board where `pieces` maps square → "own" | "enemy". Returns the
 * target squares, sorted.
 */
export function reach(
  files: number, ranks: number, from: string, vectors: [number, number, number][],
  pieces: Record<string, "own" | "enemy">,
): string[] {
  const f0 = FILES.indexOf(from[0]);
  const r0 = Number(from.slice(1)) - 1;
  const out = new Set<string>();
  for (const [dx, dy, max] of vectors) {
    for (let k = 1; k <= max; k++) {
      const f = f0 + dx * k;
      const r = r0 + dy * k;
      if (f < 0 || f >= files || r < 0 || r >= ranks) break;
      const sq = FILES[f] + (r + 1);
      const there = pieces[sq];
      if (there === "own") break;
      out.add(sq);
      if (there === "enemy") break;
    }
  }
  return [...out].sort();
}

const ALL8: [number, number][] = [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]];
const sym = (a: number, b: number): [number, number][] => {
  const set = new Map<string, [number, number]>();
  for (const [x, y] of [[a, b], [b, a]]) for (const sx of [1, -1]) for (const sy of [1, -1]) set.set(`${x * sx},${y * sy}`, [x * sx, y * sy]);
  return [...set.values()];
};
export const V = {
  rook: (max = 99) => ALL8.slice(0, 4).map(([x, y]) => [x, y, max] as [number, number, number]),
  bishop: (max = 99) => ALL8.slice(4).map(([x, y]) => [x, y, max] as [number, number, number]),
  queen: (max = 99) => ALL8.map(([x, y]) => [x, y, max] as [number, number, number]),
  leap: (a: number, b: number) => sym(a, b).map(([x, y]) => [x, y, 1] as [number, number, number]),
};

/** Target squares of the listed moves from `square` (promotion suffixes dropped), sorted and de-duplicated. */
export function targets(variant: string, fen: string, square: string): string[] {
  return [...new Set(movesFrom(variant, fen, square).map((m) => m.split("-")[1].split("=")[0]))].sort();
}
