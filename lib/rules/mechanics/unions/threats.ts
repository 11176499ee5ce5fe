/**
 * Friendly threats: could a side, to move, unite a piece with the king on a square?
 * What the game shows as check, and what castling must avoid.
 */
import { castlingPathClear, castlingSafe, castlingSquares } from "../../movegen";
import { CASTLE_BITS, type Position } from "../../position";
import type { Side } from "../../variant";
import { CASTLE, ctxFor, enc, firstSteps, startBoards, startsChain, toOf, type Ctx } from "./steps";
import { Turn } from "./turn";

/** Could side `by`, to move on board `b`, unite a piece with the king on `kingSq`? */
export function threatened(pos: Position, b: Int16Array, kingSq: number, by: Side): boolean {
  const c = ctxFor(pos.variant, by, -1);
  return startBoards(c, b).some((start) => reaches(c, pos, start.b, kingSq));
}

function reaches(c: Ctx, pos: Position, b0: Int16Array, kingSq: number): boolean {
  // Only single pieces (not the king, not a union) end on an occupied square.
  const first: number[] = [];
  firstSteps(c, b0, first);
  if (first.some((s) => toOf(s) === kingSq)) return true;
  if (!first.some((s) => startsChain(c, b0, s))) return false;
  const turn = new Turn(c, pos, b0, false);
  return turn.chainFinds(first, (_t, _from, to) => to === kingSq, (step) => toOf(step) === kingSq);
}

/** Castling for the side to move on board `b`: rights, empty path, no threatened square for the king. */
export function castlingSteps(c: Ctx, pos: Position, b: Int16Array, out: number[]): void {
  const cd = c.v.castling;
  if (!cd || !(pos.castling & (CASTLE_BITS[c.us][0] | CASTLE_BITS[c.us][1]))) return;
  let home: boolean | undefined;
  for (const wing of [0, 1] as const) {
    if (!(pos.castling & CASTLE_BITS[c.us][wing])) continue;
    const s = castlingSquares(pos, c.us, wing);
    if (!castlingPathClear(pos, s)) continue;
    const safe = castlingSafe(pos, s, (sq) => {
      if (sq === s.king) return (home ??= threatened(pos, b, sq, c.them));
      const moved = b.slice();
      moved[sq] = moved[s.king];
      moved[s.king] = 0;
      return threatened(pos, moved, sq, c.them);
    });
    if (safe) out.push(enc(CASTLE, s.king, s.kingTo, cd.king, 0));
  }
}
