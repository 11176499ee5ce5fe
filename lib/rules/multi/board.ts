/**
 * The boards of the games for more than two (docs/notation.md#games-for-more-than-two): cells
 * on a file × rank grid, an existence predicate (the cross's missing corners and notches) and a
 * lattice that turns Betza atoms into steps. The two-army engine packs squares into 16 bits on
 * at most 16 × 16; these boards reach 24 × 24 and hold up to eight armies, so they are their own.
 */
export type Vec = readonly [number, number];

export const FILE_LETTERS = "abcdefghijklmnopqrstuvwx";

export interface BoardDecl {
  /** Squares, or hexagons whose six neighbours are (±1, 0), (0, ±1), (1, 1), (−1, −1) (docs/games/three-player.md#directions). */
  lattice: "square" | "hex";
  files: number;
  ranks: number;
  /** Whether the cell on 0-based file f and rank r exists. */
  exists(f: number, r: number): boolean;
}

export interface Cell {
  name: string;
  file: number;
  rank: number;
}

export class Board {
  readonly cells: Cell[] = [];
  readonly files: number;
  readonly ranks: number;
  readonly lattice: BoardDecl["lattice"];
  /** Cell index by file + rank × files, -1 where no cell is. */
  private readonly grid: Int16Array;
  private readonly byName = new Map<string, number>();
  /** Per rank (0 = rank 1), its cells from the lowest file up: N-FEN's order. */
  readonly rankCells: number[][] = [];

  constructor(decl: BoardDecl) {
    this.files = decl.files;
    this.ranks = decl.ranks;
    this.lattice = decl.lattice;
    this.grid = new Int16Array(decl.files * decl.ranks).fill(-1);
    for (let r = 0; r < decl.ranks; r++) {
      const row: number[] = [];
      for (let f = 0; f < decl.files; f++) {
        if (!decl.exists(f, r)) continue;
        const i = this.cells.length;
        const name = FILE_LETTERS[f] + String(r + 1);
        this.cells.push({ name, file: f, rank: r });
        this.grid[f + r * decl.files] = i;
        this.byName.set(name, i);
        row.push(i);
      }
      this.rankCells.push(row);
    }
  }

  at(f: number, r: number): number {
    if (f < 0 || r < 0 || f >= this.files || r >= this.ranks) return -1;
    return this.grid[f + r * this.files];
  }

  /** The cell one step `v` from `cell`, or -1 (off the board or a missing cell). */
  step(cell: number, v: Vec): number {
    const c = this.cells[cell];
    return this.at(c.file + v[0], c.rank + v[1]);
  }

  cell(name: string): number {
    return this.byName.get(name) ?? -1;
  }

  name(cell: number): string {
    return this.cells[cell].name;
  }
}
