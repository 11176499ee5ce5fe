/** Moves as actions and canonical text (docs/notation.md "Moves"). */
import type { Action } from "../actions";
import { castlingSquares, castlingWing } from "../movegen";
import { MoveKind, type Move } from "../move";
import type { Position } from "../position";
import type { Side } from "../variant";

/** A piece letter in the colour's case. */
export function letterOf(pos: Position, type: number, side: Side): string {
  const l = pos.variant.types[type].letter;
  return side === 0 ? l : l.toLowerCase();
}

/** The core's reading of a single-step move (steps, captures, castling, en passant, promotion). */
export function stepAction(pos: Position, m: Move): Action {
  const side = pos.turn;
  const names = pos.geo.names;
  const a: Action = { type: "step", piece: letterOf(pos, m.piece, side), from: names[m.from], to: names[m.to] };
  if (m.promo) a.promotion = letterOf(pos, m.promo, side);
  return a;
}

/**
 * A castling as `O-O` / `O-O-O` with its squares (docs/notation.md#castling), where the
 * king's step cannot say it (Chess960); elsewhere it is the king's step, `K e1-g1`.
 */
export function castleAction(pos: Position, m: Move): Action {
  const wing = castlingWing(pos, m);
  const s = castlingSquares(pos, pos.turn, wing);
  const names = pos.geo.names;
  return { type: "castle", wing: wing === 0 ? "kingside" : "queenside", king: names[s.king], rook: names[s.rook], kingTo: names[s.kingTo] };
}

/** The move as actions, in canonical form, for the position before it is played. */
export function moveActions(pos: Position, m: Move): Action[] {
  if (m.mechanic?.actions) {
    const acts = m.mechanic.actions(pos, m);
    if (acts) return acts;
  }
  if (m.kind === MoveKind.Mechanic) throw new Error(`mechanic ${m.mechanic?.name} cannot write its move`);
  return [coreAction(pos, m)];
}

/** The core's own move (step, capture, castling, en passant, promotion) as its one action; a mechanic that decorates it adds its own after. */
export function coreAction(pos: Position, m: Move): Action {
  return m.kind === MoveKind.Castle && !pos.variant.castling!.fixedHomes ? castleAction(pos, m) : stepAction(pos, m);
}
