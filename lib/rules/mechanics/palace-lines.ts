/**
 * The diagonal lines of Janggi's palaces (docs/games/janggi.md#the-palace): in each palace
 * two lines cross at its centre, from corner to corner. A piece standing on one of their
 * five points may also move along them, as Fairy-Stockfish's `janggi` lets it:
 *
 * - `steppers` (general, guards): one step along a line;
 * - `forward` (soldiers): one step forward along a line, so only in the opponent's palace;
 * - `riders` (chariots): along a line as far as it is empty, capturing the first piece;
 * - `hoppers` (cannons): over exactly one piece on the line, the screen, to the points
 *   beyond it on the line, capturing the first piece there. The screen and the captured
 *   piece may not be hoppers themselves.
 *
 * These moves attack too: the mechanic judges check (royalThreat) as the core does, with the
 * palace lines added.
 */
import { makeActionText } from "../actions";
import { pseudoMoveWritten } from "../listed";
import { perVariant, type Mechanic } from "../mechanic";
import { MoveKind, newMove, type Move } from "../move";
import { attacked } from "../movegen";
import { typeOn, type Position } from "../position";
import { RulesError } from "../errors";
import { squareNamed } from "../geometry";
import { pieceProblem, refused } from "../refusals";
import type { Side } from "../variant";

export interface PalaceLineRoles {
  steppers: string[];
  forward: string[];
  riders: string[];
  hoppers: string[];
}

/** Bit masks of the types of each role, the line points, and the diagonal steps on this board. */
interface Tables {
  steppers: number;
  forward: number;
  riders: number;
  hoppers: number;
  onLine: Uint8Array;
  /** The line points of each palace, and for each square the points of its palace (none off the lines). */
  points: number[];
  palacePoints: (readonly number[])[];
  diagonals: number[];
}

export function palaceLines(roles: PalaceLineRoles): Mechanic {
  const tables = perVariant<Tables>("palace lines", (v, typeOf) => {
    const mask = (letters: string[]) => letters.reduce((m, l) => m | (1 << typeOf(l)), 0);
    const palaces = v.decl.palaces;
    if (!palaces) throw new RulesError(`${v.id}: palace lines need the game's palaces`);
    const onLine = new Uint8Array(v.geo.size);
    const palacePoints: (readonly number[])[] = new Array(v.geo.size).fill([]);
    const points: number[] = [];
    for (const [lo, hi] of palaces) {
      const inThis: number[] = [];
      const a = squareNamed(v.geo, lo);
      const b = squareNamed(v.geo, hi);
      const fa = v.geo.fileOf[a], ra = v.geo.rankOf[a], fb = v.geo.fileOf[b], rb = v.geo.rankOf[b];
      // The corners and the centre: the points the two diagonals pass through.
      for (const sq of v.geo.squares) {
        const f = v.geo.fileOf[sq], r = v.geo.rankOf[sq];
        if (f < fa || f > fb || r < ra || r > rb) continue;
        const corner = (f === fa || f === fb) && (r === ra || r === rb);
        const centre = 2 * f === fa + fb && 2 * r === ra + rb;
        if (corner || centre) {
          onLine[sq] = 1;
          inThis.push(sq);
        }
      }
      for (const sq of inThis) palacePoints[sq] = inThis;
      points.push(...inThis);
    }
    const s = v.geo.stride;
    return {
      steppers: mask(roles.steppers), forward: mask(roles.forward), riders: mask(roles.riders), hoppers: mask(roles.hoppers),
      onLine, points, palacePoints, diagonals: [s + 1, s - 1, -s + 1, -s - 1],
    };
  });

  /** The type of the piece on a square, of either side. */
  const anyType = (code: number) => (code & 31) | ((code >> 5) & 31);

  /** Does a piece of `side` go forward by the diagonal step `d`? */
  const goesForward = (side: Side, d: number) => (side === 0 ? d > 1 : d < -1);

  function extend(pos: Position, out: Move[]): void {
    const t = tables(pos.variant);
    const us = pos.turn;
    const them = (1 - us) as Side;
    const board = pos.board;
    for (const sq of t.points) {
      const type = typeOn(board[sq], us);
      if (type === 0) continue;
      const bit = 1 << type;
      if (!((t.steppers | t.forward | t.riders | t.hoppers) & bit)) continue;
      for (const d of t.diagonals) {
        if (t.forward & bit && !goesForward(us, d)) continue;
        const add = (to: number) => out.push(newMove(MoveKind.Step, sq, to, type, 0));
        if (t.hoppers & bit) {
          let to = sq + d;
          while (t.onLine[to] && board[to] === 0) to += d;
          // `to` is the screen, if it is on the line and no hopper.
          if (!t.onLine[to] || t.hoppers & (1 << anyType(board[to]))) continue;
          for (to += d; t.onLine[to]; to += d) {
            if (board[to] === 0) add(to);
            else {
              if (typeOn(board[to], them) && !(t.hoppers & (1 << anyType(board[to])))) add(to);
              break;
            }
          }
          continue;
        }
        const far = (t.riders & bit) !== 0;
        for (let to = sq + d; t.onLine[to]; to += d) {
          if (board[to] === 0) add(to);
          else if (typeOn(board[to], them)) add(to);
          if (board[to] !== 0 || !far) break;
        }
      }
    }
  }

  /** Is the royal piece on `sq` (never a hopper) attacked by `by` along the palace lines? */
  function lineAttack(pos: Position, sq: number, by: Side): boolean {
    const t = tables(pos.variant);
    if (!t.onLine[sq]) return false;
    const board = pos.board;
    for (const d of t.diagonals) {
      let s = sq + d;
      if (!t.onLine[s]) continue;
      const first = typeOn(board[s], by);
      // A soldier steps forward onto sq: it stands behind it, seen from its side.
      if (first && (t.steppers & (1 << first) || (t.forward & (1 << first) && goesForward(by, -d)))) return true;
      while (t.onLine[s] && board[s] === 0) s += d;
      if (!t.onLine[s]) continue;
      if (t.riders & (1 << typeOn(board[s], by))) return true;
      if (t.hoppers & (1 << anyType(board[s]))) continue;
      for (s += d; t.onLine[s]; s += d) {
        if (board[s] !== 0) {
          if (t.hoppers & (1 << typeOn(board[s], by))) return true;
          break;
        }
      }
    }
    return false;
  }

  return {
    name: "palace lines",
    extend,
    royalThreat: (pos, side, sq) => {
      const them = (1 - side) as Side;
      return attacked(pos, sq, them) || lineAttack(pos, sq, them);
    },
    // A royal piece on a line point is attacked along the lines only through the points of its palace.
    exposing: (pos, royal) => tables(pos.variant).palacePoints[royal],

    explain(pos, actions) {
      const [step] = actions;
      if (actions.length !== 1 || step.type !== "step" || pieceProblem(pos.variant, pos.board, pos.turn, step)) return undefined;
      const text = makeActionText(step);
      if (pseudoMoveWritten(pos, text)) return undefined;
      const type = typeOn(pos.board[squareNamed(pos.geo, step.from)], pos.turn);
      const name = pos.variant.types[type].name;
      const to = squareNamed(pos.geo, step.to);
      const t = tables(pos.variant);
      if (t.hoppers & (1 << type)) return refused(text, `a ${name} moves only by jumping over exactly one piece, and never over or onto another ${name}`);
      if (!(t.steppers & (1 << type))) return undefined;
      if (pos.variant.types[type].region?.[pos.turn][to] === 0) return refused(text, `the ${name} never leaves its palace`);
      const from = squareNamed(pos.geo, step.from);
      const diagonal = Math.abs(pos.geo.fileOf[to] - pos.geo.fileOf[from]) === 1 && Math.abs(pos.geo.rankOf[to] - pos.geo.rankOf[from]) === 1;
      return diagonal ? refused(text, `the ${name} steps diagonally only along the palace lines, from a corner or the centre`) : undefined;
    },
  };
}
