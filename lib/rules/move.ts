import type { Mechanic } from "./mechanic";

/** How the core plays a move; mechanics add their own kinds and play them themselves. */
export const enum MoveKind {
  Step = 0,
  Castle = 1,
  EnPassant = 2,
  Mechanic = 3,
}

/**
 * A move as the engine handles it. `from`/`to` are padded square indices (-1 when
 * the move has none, e.g. a pass). A move of several actions keeps its extra
 * actions in mechanic-owned fields; `actions()` turns any move into text.
 */
export interface Move {
  kind: MoveKind;
  from: number;
  to: number;
  /** Type index of the moving piece (0 for moves without one). */
  piece: number;
  /** Type index promoted to, 0 for none. */
  promo: number;
  /** Set when kind is Mechanic, or when a mechanic decorated a core move. */
  mechanic?: Mechanic;
  /** Square something is put down on after the step: Companion's carried pawn, Duck chess's duck. */
  place?: number;
  /** Mechanic-specific details (chains, pending promotions, naming). */
  data?: unknown;
}

/**
 * Builds a move with every field present, so all moves share one object shape
 * (monomorphic property access in the hot loops). Mechanics build theirs here too.
 */
export function newMove(
  kind: MoveKind, from: number, to: number, piece: number, promo: number,
  mechanic?: Mechanic, place?: number, data?: unknown,
): Move {
  return { kind, from, to, piece, promo, mechanic, place, data };
}
