/**
 * Standard Algebraic Notation for orthodox chess and Chess960, so games export as PGN
 * any chess program reads, and PGN from elsewhere imports. Only for variants whose moves
 * are single steps; others have no SAN.
 */
import { castlingWing, inCheck, legalMoves, makeMove } from "../movegen";
import { MoveKind, type Move } from "../move";
import type { Position } from "../position";
import type { Side } from "../variant";

export function san(pos: Position, m: Move, legal: Move[] = legalMoves(pos)): string {
  const names = pos.geo.names;
  const v = pos.variant;
  let text: string;
  if (m.kind === MoveKind.Castle) {
    text = castlingWing(pos, m) === 0 ? "O-O" : "O-O-O";
  } else {
    const letter = v.types[m.piece].letter;
    const pawn = letter === "P";
    const capture = m.kind === MoveKind.EnPassant || pos.board[m.to] !== 0;
    let from = "";
    if (pawn) {
      if (capture) from = names[m.from][0];
    } else {
      const rivals = legal.filter((o) => o.piece === m.piece && o.to === m.to && o.from !== m.from && o.kind === m.kind);
      if (rivals.length) {
        const file = (sq: number) => pos.geo.fileOf[sq];
        const rank = (sq: number) => pos.geo.rankOf[sq];
        if (rivals.every((o) => file(o.from) !== file(m.from))) from = names[m.from][0];
        else if (rivals.every((o) => rank(o.from) !== rank(m.from))) from = names[m.from].slice(1);
        else from = names[m.from];
      }
    }
    text = `${pawn ? "" : letter}${from}${capture ? "x" : ""}${names[m.to]}${m.promo ? `=${v.types[m.promo].letter}` : ""}`;
  }
  makeMove(pos, m);
  const them = pos.turn as Side;
  if (inCheck(pos, them)) text += legalMoves(pos).length === 0 ? "#" : "+";
  pos.unmake();
  return text;
}

const MARKS = "+#!?";

/** SAN without check marks and annotations, for matching input. */
export function sanKey(text: string): string {
  // Trimmed by hand: /[+#!?]+$/ retries from every mark of a long run that is not at the end (quadratic).
  let end = text.length;
  while (end > 0 && MARKS.includes(text[end - 1])) end--;
  const bare = text.slice(0, end);
  return bare === "0-0-0" ? "O-O-O" : bare === "0-0" ? "O-O" : bare;
}
