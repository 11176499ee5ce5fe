/**
 * Squares on a padded mailbox board. Every board is stored with PAD off-board
 * squares around it, so any leap of up to PAD squares lands on a sentinel instead
 * of wrapping to another rank: move generation needs no bounds arithmetic.
 */
import { RulesError } from "./errors";

export const PAD = 3;
// 16×16 at most: a padded square index stays below 512 (the 9 bits move targets give it, movegen.ts),
// and each side's unmoved rights fit 16 bits of one number (variant.ts's unmovedBit).
export const MAX_FILES = 16;
export const MAX_RANKS = 16;
export const FILE_LETTERS = "abcdefghijklmnop";

export interface Geometry {
  readonly files: number;
  readonly ranks: number;
  /** Distance between vertically adjacent squares. */
  readonly stride: number;
  /** Length of the padded array. */
  readonly size: number;
  /** The on-board squares in a1, b1, …, a2, … order. */
  readonly squares: readonly number[];
  /** File (0-based) of each padded index, -1 off the board. */
  readonly fileOf: Int8Array;
  /** Rank (0-based) of each padded index, -1 off the board. */
  readonly rankOf: Int8Array;
  readonly names: readonly string[];
}

export function makeGeometry(files: number, ranks: number): Geometry {
  if (files < 1 || files > MAX_FILES || ranks < 2 || ranks > MAX_RANKS) {
    throw new RulesError(`board size ${files}x${ranks} is not supported (at most ${MAX_FILES}x${MAX_RANKS})`);
  }
  const stride = files + 2 * PAD;
  const size = stride * (ranks + 2 * PAD);
  const fileOf = new Int8Array(size).fill(-1);
  const rankOf = new Int8Array(size).fill(-1);
  const names: string[] = new Array(size).fill("");
  const squares: number[] = [];
  for (let r = 0; r < ranks; r++) {
    for (let f = 0; f < files; f++) {
      const sq = (r + PAD) * stride + f + PAD;
      fileOf[sq] = f;
      rankOf[sq] = r;
      names[sq] = FILE_LETTERS[f] + String(r + 1);
      squares.push(sq);
    }
  }
  return { files, ranks, stride, size, squares, fileOf, rankOf, names };
}

export function squareAt(g: Geometry, file: number, rank: number): number {
  return (rank + PAD) * g.stride + file + PAD;
}

/**
 * The padded index of the square named like "e4" or "j10"; -1 when no square of this
 * board has that name. A lookup, like `names.indexOf`, not a parser: its callers name
 * the field in their errors (docs/notation.md#en-passant-square), so it has no message.
 */
export function squareNamed(g: Geometry, name: string): number {
  const m = /^([a-p])(\d{1,2})$/.exec(name);
  if (!m) return -1;
  const file = FILE_LETTERS.indexOf(m[1]);
  const rank = Number(m[2]) - 1;
  if (file >= g.files || rank < 0 || rank >= g.ranks || String(rank + 1) !== m[2]) return -1;
  return squareAt(g, file, rank);
}
