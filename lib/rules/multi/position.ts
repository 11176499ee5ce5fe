/**
 * A game for more than two, compiled from its declaration, and its positions.
 */
import { Board } from "./board";
import { parseBetza, turnAtoms, type MoveAtom } from "./betza";
import type { MultiGameDecl, MultiPieceDecl } from "./declare";

export interface Piece {
  army: number;
  kind: string;
  /** A pawn that promoted (N-FEN `~`): it scores as a pawn. */
  promoted: boolean;
}

/** Playing; out (`x`); out with its king left live (`k`, four- and eight-player all against all). */
export type ArmyState = "" | "x" | "k";

export interface EnPassant {
  army: number;
  passed: number;
  pawn: number;
}

export interface Position {
  board: (Piece | null)[];
  toMove: number;
  scores: number[];
  states: ArmyState[];
  /** Per army: bit 1 the short side `K`, bit 2 the long side `Q`. */
  castling: number[];
  ep: EnPassant[];
  halfmove: number;
  round: number;
}

export interface CastlingSide {
  king: number;
  kingTo: number;
  rook: number;
  rookTo: number;
  /** Cells between king and rook, which must be empty. */
  empty: number[];
  /** The king's cell, the cells it crosses and its landing cell: none may be attacked. */
  safe: number[];
}

export class CompiledGame {
  readonly board: Board;
  readonly letters: string[];
  readonly pieces = new Map<string, MultiPieceDecl>();
  /** atoms[army].get(kind): the piece's moves turned to that army's forward. */
  readonly atoms: Map<string, MoveAtom[]>[] = [];
  readonly castling: ({ K: CastlingSide; Q: CastlingSide } | null)[];
  /** side[army]: armies with the same side never take each other (teams, pairs); -1 each for itself. */
  readonly side: number[];

  constructor(readonly decl: MultiGameDecl) {
    this.board = new Board(decl.board);
    this.letters = decl.armies.map((a) => a.letter);
    for (const p of decl.pieces) this.pieces.set(p.letter, p);
    for (const a of decl.armies) {
      const byKind = new Map<string, MoveAtom[]>();
      for (const p of decl.pieces)
        byKind.set(
          p.letter,
          decl.board.lattice === "hex"
            ? parseBetza(p.betza, "hex", a.hexPawn?.forward)
            : turnAtoms(parseBetza(p.betza), a.forward[p.letter] ?? a.forward.P ?? [0, 1]),
        );
      this.atoms.push(byKind);
    }
    this.side = decl.armies.map((a, i) => a.side ?? -1 - i);
    this.castling = decl.armies.map((a) => {
      if (!a.castling) return null;
      const side = (c: (typeof a.castling)["K"]): CastlingSide => {
        const b = this.board;
        const king = b.cell(c.king);
        const rook = b.cell(c.rook);
        const kingTo = b.cell(c.kingTo);
        const safe = decl.castlingSafe === "between" ? [king, ...this.between(king, rook)] : [king, ...this.between(king, kingTo), kingTo];
        return { king, kingTo, rook, rookTo: b.cell(c.rookTo), empty: this.between(king, rook), safe };
      };
      return { K: side(a.castling.K), Q: side(a.castling.Q) };
    });
  }

  /** The cells strictly between two cells of one line. */
  private between(a: number, b: number): number[] {
    const ca = this.board.cells[a];
    const cb = this.board.cells[b];
    const v = [Math.sign(cb.file - ca.file), Math.sign(cb.rank - ca.rank)] as const;
    const out: number[] = [];
    for (let c = this.board.step(a, v); c !== b && c >= 0; c = this.board.step(c, v)) out.push(c);
    return out;
  }

  opponents(a: number, b: number): boolean {
    return a !== b && this.side[a] !== this.side[b];
  }

  /** Whether a pawn of the army may double-step from the cell (Betza `i`). */
  isPawnStart(army: number, kind: string, cell: number): boolean {
    const hex = this.decl.armies[army].hexPawn;
    const c = this.board.cells[cell];
    return hex ? hex.startRow(c.file, c.rank) : this.ownRank(army, kind, cell) === this.decl.pawnStart;
  }

  promotes(army: number, kind: string, cell: number): boolean {
    const hex = this.decl.armies[army].hexPawn;
    const c = this.board.cells[cell];
    return hex ? hex.promotes(c.file, c.rank) : this.ownRank(army, kind, cell) >= this.decl.promotionRank;
  }

  /** The pawn's own rank (1 = its army's first line) of a cell, along the pawn's forward. */
  ownRank(army: number, kind: string, cell: number): number {
    const f = this.decl.armies[army].forward[kind] ?? this.decl.armies[army].forward.P;
    const c = this.board.cells[cell];
    if (f[1] > 0) return c.rank + 1;
    if (f[1] < 0) return this.board.ranks - c.rank;
    if (f[0] > 0) return c.file + 1;
    return this.board.files - c.file;
  }
}

export function clonePosition(p: Position): Position {
  return {
    board: p.board.slice(),
    toMove: p.toMove,
    scores: p.scores.slice(),
    states: p.states.slice(),
    castling: p.castling.slice(),
    ep: p.ep.slice(),
    halfmove: p.halfmove,
    round: p.round,
  };
}

export const isPlaying = (p: Position, army: number) => p.states[army] === "";
export const playingArmies = (p: Position) => p.states.flatMap((s, i) => (s === "" ? [i] : []));

/** The next playing army after `from` in turn order (`from` itself when no other plays). */
export function nextPlaying(p: Position, from: number): number {
  const n = p.states.length;
  for (let k = 1; k <= n; k++) {
    const a = (from + k) % n;
    if (p.states[a] === "") return a;
  }
  return from;
}
