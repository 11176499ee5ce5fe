/**
 * N-FEN, the position text of the games for more than two (docs/notation.md#n-fen): read with
 * a one-line error for the first problem, work bounded by the text (which is refused past a
 * length no board of these games needs), and written canonically.
 */
import { err, ok, type Result } from "../result";
import { clonePosition, type ArmyState, type CompiledGame, type EnPassant, type Piece, type Position } from "./position";

/** Longer than any position of these games can be written (the eight-player start is about 420). */
export const NFEN_MAX_LENGTH = 4000;

const COUNT = /^[0-9]{1,6}$/;

export function parseNfen(g: CompiledGame, text: string): Result<Position> {
  if (typeof text !== "string") return err("N-FEN: not text");
  if (text.length > NFEN_MAX_LENGTH) return err(`N-FEN: longer than ${NFEN_MAX_LENGTH} characters`);
  const fields = text.trim().split(/\s+/);
  if (fields.length !== 7) return err(`N-FEN: ${fields.length} fields, a position has 7 (placement, to move, armies, castling, en passant, halfmove, round)`);
  const [placement, toMoveText, armiesText, castlingText, epText, halfText, roundText] = fields;
  const b = g.board;
  const armyOf = (letter: string) => g.letters.indexOf(letter);

  const board: (Piece | null)[] = new Array(b.cells.length).fill(null);
  const rows = placement.split("/");
  if (rows.length !== b.ranks) return err(`N-FEN: ${rows.length} ranks, the board has ${b.ranks}`);
  for (let i = 0; i < rows.length; i++) {
    const rank = b.ranks - 1 - i;
    const cells = b.rankCells[rank];
    const row = rows[i];
    let at = 0;
    let k = 0;
    while (k < row.length) {
      const ch = row[k];
      if (ch >= "0" && ch <= "9") {
        let j = k;
        while (j < row.length && row[j] >= "0" && row[j] <= "9") j++;
        if (row[k] === "0" || j - k > 3) return err(`N-FEN: rank ${rank + 1}: ${row.slice(k, j)} is not a count of empty squares`);
        at += Number(row.slice(k, j));
        k = j;
        if (at > cells.length) break;
        continue;
      }
      const army = armyOf(ch);
      if (army < 0) return err(`N-FEN: rank ${rank + 1}: "${ch}" is not an army letter (${g.letters.join(" ")})`);
      const kind = row[k + 1];
      if (kind === undefined || !g.pieces.has(kind)) return err(`N-FEN: rank ${rank + 1}: "${ch}${kind ?? ""}" is not a piece of this game (${[...g.pieces.keys()].join(" ")})`);
      const promoted = row[k + 2] === "~";
      if (at >= cells.length) return err(`N-FEN: rank ${rank + 1} has more than its ${cells.length} squares`);
      board[cells[at++]] = { army, kind, promoted };
      k += promoted ? 3 : 2;
    }
    if (at !== cells.length) return err(`N-FEN: rank ${rank + 1} has ${at > cells.length ? "more" : "fewer"} than its ${cells.length} squares`);
  }

  const armyTexts = armiesText.split(",");
  if (armyTexts.length !== g.letters.length) return err(`N-FEN: ${armyTexts.length} armies listed, the game has ${g.letters.length} (${g.letters.join(",")})`);
  const scores: number[] = [];
  const states: ArmyState[] = [];
  const liveKingState = g.decl.mode === "points";
  for (let i = 0; i < armyTexts.length; i++) {
    const m = /^([a-z])([0-9]{1,6})([xk]?)$/.exec(armyTexts[i]);
    if (!m) return err(`N-FEN: "${armyTexts[i].slice(0, 20)}" is not an army's letter, score and state (like r12 or b0x)`);
    if (m[1] !== g.letters[i]) return err(`N-FEN: armies must be listed in turn order ${g.letters.join(",")}; found ${m[1]} in place ${i + 1}`);
    if (m[3] === "k" && !liveKingState) return err(`N-FEN: state k (a live king left) is not used in this game`);
    scores.push(Number(m[2]));
    states.push(m[3] as ArmyState);
  }

  const toMove = armyOf(toMoveText);
  if (toMoveText.length !== 1 || toMove < 0) return err(`N-FEN: "${toMoveText.slice(0, 20)}" is not an army letter (${g.letters.join(" ")})`);
  if (states[toMove] !== "") return err(`N-FEN: the army to move, ${toMoveText}, is out`);

  const castling: number[] = g.letters.map(() => 0);
  if (castlingText !== "-") {
    let last = -1;
    let army = -1;
    for (const ch of castlingText) {
      const a = armyOf(ch);
      if (a >= 0) {
        if (a <= last) return err(`N-FEN: castling rights must be in turn order, each army once`);
        last = army = a;
        continue;
      }
      if ((ch !== "K" && ch !== "Q") || army < 0) return err(`N-FEN: "${castlingText.slice(0, 40)}" is not castling rights (like rKQbK, or -)`);
      const sides = g.castling[army];
      if (!sides) return err(`N-FEN: ${g.letters[army]} cannot castle in this game`);
      const side = sides[ch];
      const king = board[side.king];
      const rook = board[side.rook];
      if (king?.army !== army || king.kind !== "K" || rook?.army !== army || rook.kind !== "R")
        return err(`N-FEN: castling right ${g.letters[army]}${ch} needs its king on ${g.board.name(side.king)} and rook on ${g.board.name(side.rook)}`);
      const bit = ch === "K" ? 1 : 2;
      if (castling[army] & bit || (bit === 1 && castling[army] & 2)) return err(`N-FEN: castling rights are written K before Q, each once`);
      castling[army] |= bit;
    }
    if (castling.every((c) => c === 0)) return err(`N-FEN: "${castlingText.slice(0, 40)}" is not castling rights (like rKQbK, or -)`);
  }

  const ep: EnPassant[] = [];
  if (epText !== "-") {
    if (!g.decl.enPassant) return err(`N-FEN: this game has no en passant; the field must be -`);
    const entries = epText.split(",");
    if (entries.length > g.letters.length) return err(`N-FEN: more en passant entries than armies`);
    for (const entry of entries) {
      const m = /^([a-z])([a-x][0-9]{1,2}):([a-x][0-9]{1,2})$/.exec(entry);
      const army = m ? armyOf(m[1]) : -1;
      const passed = m ? b.cell(m[2]) : -1;
      const pawn = m ? b.cell(m[3]) : -1;
      if (army < 0 || passed < 0 || pawn < 0) return err(`N-FEN: "${entry.slice(0, 20)}" is not an en passant entry (like wd3:d4)`);
      if (board[pawn]?.army !== army || board[pawn]?.kind !== "P") return err(`N-FEN: en passant ${entry}: no pawn of ${m![1]} on ${m![3]}`);
      if (board[passed]) return err(`N-FEN: en passant ${entry}: the passed square ${m![2]} is not empty`);
      if (ep.length && ep[ep.length - 1].army >= army) return err(`N-FEN: en passant entries must be in turn order, one an army`);
      ep.push({ army, passed, pawn });
    }
  }

  if (!COUNT.test(halfText)) return err(`N-FEN: halfmove "${halfText.slice(0, 20)}" is not a whole number`);
  if (!COUNT.test(roundText) || Number(roundText) < 1) return err(`N-FEN: round "${roundText.slice(0, 20)}" is not a whole number from 1`);

  if (g.decl.mode === "seasons") {
    for (const p of board) if (p && states[p.army] !== "") return err(`N-FEN: ${g.letters[p.army]} is out but has pieces on the board (an army out leaves the board)`);
  }
  return ok({ board, toMove, scores, states, castling, ep, halfmove: Number(halfText), round: Number(roundText) });
}

export function makeNfen(g: CompiledGame, pos: Position): string {
  const b = g.board;
  const rows: string[] = [];
  for (let rank = b.ranks - 1; rank >= 0; rank--) {
    let row = "";
    let empty = 0;
    for (const c of b.rankCells[rank]) {
      const p = pos.board[c];
      if (!p) {
        empty++;
        continue;
      }
      if (empty) row += String(empty);
      empty = 0;
      row += g.letters[p.army] + p.kind + (p.promoted ? "~" : "");
    }
    if (empty) row += String(empty);
    rows.push(row);
  }
  const armies = g.letters.map((l, i) => `${l}${pos.scores[i]}${pos.states[i]}`).join(",");
  const castling = g.letters.map((l, i) => (pos.castling[i] ? l + (pos.castling[i] & 1 ? "K" : "") + (pos.castling[i] & 2 ? "Q" : "") : "")).join("") || "-";
  const ep = pos.ep.length ? pos.ep.map((e) => `${g.letters[e.army]}${b.name(e.passed)}:${b.name(e.pawn)}`).join(",") : "-";
  return [rows.join("/"), g.letters[pos.toMove], armies, castling, ep, pos.halfmove, pos.round].join(" ");
}

/** The first five fields: what makes two positions the same for repetition (docs/common-rules.md#which-end-comes-first-and-the-same-position-for-more-than-two). */
export function repetitionKey(g: CompiledGame, pos: Position): string {
  return makeNfen(g, { ...clonePosition(pos), halfmove: 0, round: 1 }).split(" ").slice(0, 5).join(" ");
}
