/**
 * Companion Chess (docs/games/companion.md, its Extended form too): a queen carries a
 * pawn and puts it down later.
 *
 * - Attach: a queen carrying nothing moves (as a queen) onto a friendly pawn or
 *   Prince, which leaves the board and is carried (a Prince becomes a pawn again).
 *   The core finds these targets and calls `ontoOwnPiece`.
 * - Detach after a queen move (the core's own step or capture of a carrying queen):
 *   way 1 on an empty square orthogonally next to her new square, way 2 on the
 *   square she left. Way 1 also as a whole move without moving her.
 * - Extended: a pass makes a queen that carries nothing pregnant, while the side
 *   has fewer than eight pawns on the board.
 * - A pawn put down on its owner's 7th or 8th rank becomes a Prince at once.
 *
 * The carried pawn is the CARRY bit of the queen's square code, so a carrying queen
 * moved by the core takes it along, and a captured one loses it. Every move here
 * counts as a pawn move for the fifty-move rule.
 */
import type { Action } from "../actions";
import { RulesError } from "../errors";
import { perVariant, type Mechanic } from "../mechanic";
import { MoveKind, newMove, type Move } from "../move";
import { playStep } from "../movegen";
import { letterOf, stepAction } from "../notation/move";
import { CARRY, pieceCode, typeOn, type Position } from "../position";
import type { Side } from "../variant";

export interface CarryingOptions {
  /** The letters of the pieces it acts on: the queen that carries, the pawn she carries, the Prince a pawn put down on the far ranks becomes. */
  queen: string;
  pawn: string;
  prince: string;
  /** Way 1 (next to the queen, also without moving her); way 2 is always allowed. */
  way1: boolean;
  /** Companion Extended: the pregnancy pass. */
  pregnancy: boolean;
}

/** What a move of this mechanic does (its `data`). */
export const ATTACH = 1;
export const MOVE_AND_PLACE = 2;
export const PLACE = 3;
export const PASS = 4;

interface Types {
  queen: number;
  pawn: number;
  prince: number;
}

/** The pawn put down on `sq`: a Prince on the owner's 7th or 8th rank. */
function landed(pos: Position, sq: number, side: Side, t: Types): number {
  return pieceCode(side, pos.relativeRank(sq, side) >= pos.geo.ranks - 2 ? t.prince : t.pawn);
}

export function carrying(options: CarryingOptions): Mechanic {
  const types = perVariant<Types>("carrying", (_, typeOf) =>
    ({ queen: typeOf(options.queen), pawn: typeOf(options.pawn), prince: typeOf(options.prince) }));
  const orth = (pos: Position) => [1, -1, pos.geo.stride, -pos.geo.stride];

  const mech: Mechanic = {
    name: options.way1 ? (options.pregnancy ? "carrying+pregnancy" : "carrying") : "carrying-way2",
    ...(options.pregnancy && { passMeans: "the queen takes a new pawn to carry, to put down later" }),
    fenMarks: { carrying: true },

    ontoOwnPiece(pos, from, to, out) {
      const us = pos.turn;
      const t = types(pos.variant);
      const q = pos.board[from];
      if (typeOn(q, us) !== t.queen || q & CARRY[us]) return;
      const target = typeOn(pos.board[to], us);
      if (target !== t.pawn && target !== t.prince) return;
      out.push(newMove(MoveKind.Mechanic, from, to, t.queen, 0, mech, undefined, ATTACH));
    },

    extend(pos, out) {
      const us = pos.turn;
      const t = types(pos.variant);
      if (pos.count(us, t.queen) === 0) return;
      const board = pos.board;
      const carry = CARRY[us];
      const dirs = orth(pos);
      // Detach after a queen move: the core listed her plain steps and captures.
      const n = out.length;
      for (let i = 0; i < n; i++) {
        const m = out[i];
        if (m.kind !== MoveKind.Step || m.piece !== t.queen || !(board[m.from] & carry)) continue;
        const add = (place: number) => out.push(newMove(MoveKind.Mechanic, m.from, m.to, t.queen, 0, mech, place, MOVE_AND_PLACE));
        add(m.from); // way 2 (and way 1 when she stepped orthogonally by one)
        if (options.way1) {
          for (const d of dirs) {
            const s = m.to + d;
            if (s !== m.from && board[s] === 0) add(s);
          }
        }
      }
      // Whole moves of a queen that stays: way 1 without moving, or the pregnancy pass.
      const pregnancy = options.pregnancy && pos.count(us, t.pawn) < 8;
      if (!options.way1 && !pregnancy) return;
      const squares = pos.geo.squares;
      for (let i = 0; i < squares.length; i++) {
        const sq = squares[i];
        const code = board[sq];
        if (typeOn(code, us) !== t.queen) continue;
        if (code & carry) {
          if (!options.way1) continue;
          for (const d of dirs) {
            if (board[sq + d] === 0) {
              out.push(newMove(MoveKind.Mechanic, sq, -1, t.queen, 0, mech, sq + d, PLACE));
            }
          }
        } else if (pregnancy) {
          out.push(newMove(MoveKind.Mechanic, sq, -1, t.queen, 0, mech, undefined, PASS));
        }
      }
    },

    make(pos, m) {
      const us = pos.turn;
      const t = types(pos.variant);
      const carry = CARRY[us];
      switch (m.data) {
        case ATTACH: {
          const q = pos.board[m.from];
          pos.put(m.from, 0);
          pos.put(m.to, q | carry);
          break;
        }
        case MOVE_AND_PLACE:
          playStep(pos, m.from, m.to, 0);
          pos.put(m.to, pos.board[m.to] & ~carry);
          pos.put(m.place!, landed(pos, m.place!, us, t));
          break;
        case PLACE:
          pos.put(m.from, pos.board[m.from] & ~carry);
          pos.put(m.place!, landed(pos, m.place!, us, t));
          break;
        case PASS:
          pos.put(m.from, pos.board[m.from] | carry);
          break;
        default:
          throw new Error(`carrying: unknown move ${String(m.data)}`);
      }
      pos.halfmove = 0; // attach, placement and pass all count as pawn moves
    },

    actions(pos, m) {
      if (m.mechanic !== mech) return undefined;
      const us = pos.turn;
      const t = types(pos.variant);
      const names = pos.geo.names;
      const place = (): Action => ({ type: "place", piece: letterOf(pos, t.pawn, us), to: names[m.place!] });
      const name = (): Action => ({ type: "name", piece: letterOf(pos, t.queen, us), square: names[m.from] });
      switch (m.data) {
        case ATTACH:
          return [stepAction(pos, m)];
        case MOVE_AND_PLACE:
          return [stepAction(pos, m), place()];
        case PLACE:
          return placeNeedsName(pos, m, t) ? [name(), place()] : [place()];
        case PASS:
          return passNeedsName(pos, t) ? [name(), { type: "pass" }] : [{ type: "pass" }];
      }
      return undefined;
    },

    validate(pos) {
      const t = types(pos.variant);
      for (const sq of pos.geo.squares) {
        const code = pos.board[sq];
        for (const side of [0, 1] as Side[]) {
          if (code & CARRY[side] && typeOn(code, side) !== t.queen) {
            throw new RulesError(`only a queen can carry a pawn (${pos.geo.names[sq]})`);
          }
        }
      }
    },
  };

  /**
   * Another carrying queen could put her pawn on the same square. (Both moves leave
   * the same squares occupied, so one is legal exactly when the other is.)
   */
  function placeNeedsName(pos: Position, m: Move, t: Types): boolean {
    const us = pos.turn;
    for (const d of orth(pos)) {
      const q = m.place! + d;
      if (q !== m.from && typeOn(pos.board[q], us) === t.queen && pos.board[q] & CARRY[us]) return true;
    }
    return false;
  }

  /** Two or more queens carry nothing: the pass names the one that becomes pregnant. */
  function passNeedsName(pos: Position, t: Types): boolean {
    const us = pos.turn;
    let n = 0;
    for (const sq of pos.geo.squares) {
      const code = pos.board[sq];
      if (typeOn(code, us) === t.queen && !(code & CARRY[us]) && ++n > 1) return true;
    }
    return false;
  }

  return mech;
}
