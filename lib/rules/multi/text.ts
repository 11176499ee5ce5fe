/**
 * Move text of the games for more than two (docs/notation.md#moves): `P h2-h4`, `K h1-j1`
 * (castling as the king's step), `P g7-g8=Q`, `pass`, `claim`. Read tolerantly (lower case,
 * `x` for `-`, spaces), written canonically; anything longer than a move can be is refused.
 */
import { err, ok, type Result } from "../result";
import type { MultiMove } from "./attacks";
import type { CompiledGame, Position } from "./position";

export const MOVE_TEXT_MAX = 40;

export function makeMoveText(g: CompiledGame, pos: Position, m: MultiMove): string {
  if (m.type !== "move") return m.type;
  const piece = pos.board[m.from]!;
  return `${piece.kind} ${g.board.name(m.from)}-${g.board.name(m.to)}${m.promo ? "=" + m.promo : ""}`;
}

export interface ParsedMoveText {
  type: "move" | "pass" | "claim";
  kind?: string;
  from?: number;
  to?: number;
  promo?: string;
}

export function parseMoveText(g: CompiledGame, text: string): Result<ParsedMoveText> {
  if (typeof text !== "string") return err("move: not text");
  if (text.length > MOVE_TEXT_MAX) return err(`move: longer than ${MOVE_TEXT_MAX} characters`);
  const t = text.trim();
  if (/^pass$/i.test(t)) return ok({ type: "pass" });
  if (/^claim$/i.test(t)) return ok({ type: "claim" });
  const m = /^([A-Za-z])\s*([a-x][0-9]{1,2})\s*[-x]\s*([a-x][0-9]{1,2})\s*(?:=\s*([A-Za-z]))?$/.exec(t);
  if (!m) return err(`move: "${t}" is not a move (like P h2-h4, P g7-g8=Q, pass or claim)`);
  const from = g.board.cell(m[2]);
  const to = g.board.cell(m[3]);
  if (from < 0) return err(`move: ${m[2]} is not a square of this board`);
  if (to < 0) return err(`move: ${m[3]} is not a square of this board`);
  return ok({ type: "move", kind: m[1].toUpperCase(), from, to, promo: m[4]?.toUpperCase() });
}
