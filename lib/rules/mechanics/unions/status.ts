/**
 * How Friendly games end, what a Friendly FEN may hold, and the threat shown as check.
 */
import { RulesError } from "../../errors";
import type { Move } from "../../move";
import { typeOn, type Position } from "../../position";
import { win, type Outcome } from "../../status";
import { inPromotionZone, type Side } from "../../variant";
import { kingInUnion } from "./steps";
import { threatened } from "./threats";

export function status(pos: Position, legal: Move[]): Outcome | undefined {
  const loser = kingInUnion(pos);
  if (loser !== -1) return win((1 - loser) as Side, "union-with-king");
  const king = pos.variant.kingType;
  let single = false;
  for (const sq of pos.geo.squares) {
    const code = pos.board[sq];
    if (code === 0) continue;
    const w = code & 31;
    const b = (code >> 5) & 31;
    if ((w === 0) !== (b === 0) && w !== king && b !== king) {
      single = true;
      break;
    }
  }
  if (!single) return { result: "draw", reason: "all-pieces-in-unions" };
  if (legal.length === 0) return { result: "draw", reason: "no-legal-move" };
  return undefined;
}

export function validate(pos: Position): void {
  const v = pos.variant;
  const king = v.kingType;
  const names = v.geo.names;
  for (const sq of v.geo.squares) {
    const code = pos.board[sq];
    const w = typeOn(code, 0);
    const b = typeOn(code, 1);
    if (w === king && b === king) throw new RulesError(`the two kings cannot stand together on ${names[sq]}`);
    for (const side of [0, 1] as Side[]) {
      const t = side === 0 ? w : b;
      const name = v.sideNames[side];
      const partner = side === 0 ? b : w;
      // Pending promotion; or the winning union with the king (a piece doing it does not promote).
      if (t && inPromotionZone(v.types[t], v.geo, side, sq) && !(partner && (pos.turn === side || partner === king))) {
        throw new RulesError(`a ${name} ${v.types[t].name} can stand on its last rank (${names[sq]}) only inside a union, with ${name} to move (a pending promotion)`);
      }
      if (t === king && w && b && pos.turn !== side) {
        throw new RulesError(`the ${name} king stands in a union on ${names[sq]}: the game is over, and ${name} would be to move`);
      }
    }
  }
  // The passed square of a double step from the 2nd rank lies on the 3rd.
  if (pos.ep !== -1 && pos.relativeRank(pos.ep, (1 - pos.turn) as Side) !== 2) {
    throw new RulesError(`en passant square ${names[pos.ep]} is impossible here: only a pawn's double step from its 2nd rank gives the right`);
  }
}

/** The side to move's king, when the opponent could unite a piece with it in one turn. */
export function checks(pos: Position): number[] {
  if (kingInUnion(pos) !== -1) return [];
  const us = pos.turn;
  const k = pos.kingSq[us];
  return k >= 0 && threatened(pos, pos.board, k, (1 - us) as Side) ? [k] : [];
}
