/**
 * FEN, extended (docs/notation.md#fen): `(Nb)` unions, `Q[P]` carrying queens, boards up to
 * 12×12 with two-digit empty counts. Parsing checks everything docs/notation.md lists and
 * names the problem in its error.
 */
import { RulesError } from "../errors";
import { parseSquare } from "../geometry";
import { castlingSquares, inCheck } from "../movegen";
import { CARRY, CASTLE_BITS, pieceCode, Position, typeOn } from "../position";
import type { Side, Variant } from "../variant";

const CASTLE_LETTERS = "KQkq";

/** A field as an error message quotes it: short, so hostile input cannot flood the message. */
function quote(field: string): string {
  return `'${field.length > 24 ? `${field.slice(0, 24)}…` : field}'`;
}

export function parseFen(variant: Variant, text: string): Position {
  if (text.length > 1000) throw new RulesError("FEN is too long");
  const fields = text.trim().split(/\s+/);
  if (fields.length !== 6) throw new RulesError(`FEN needs 6 fields (placement side castling en-passant halfmove fullmove), got ${fields.length}`);
  const [placementAndHand, side, castling, ep, half, full] = fields;
  const pos = new Position(variant);
  const { placement, hand } = splitHoldings(variant, placementAndHand);
  parsePlacement(pos, placement);
  if (hand !== undefined) parseHoldings(pos, hand);

  if (side !== "w" && side !== "b") throw new RulesError(`side to move must be 'w' or 'b', not ${quote(side)}`);
  pos.turn = side === "w" ? 0 : 1;

  pos.castling = parseCastling(pos, castling);
  if (variant.decl.counting && /^\d+$/.test(ep)) pos.countLimit = parseCountLimit(ep);
  else if (variant.mechanics.some((m) => m.fenMarks?.counting) && /^\d{1,4}$/.test(ep)) pos.countingLimit = Number(ep);
  else pos.ep = parseEnPassant(pos, ep);
  if (!/^\d{1,4}$/.test(half)) throw new RulesError(`halfmove clock must be a number, not ${quote(half)}`);
  if (!/^\d{1,5}$/.test(full) || Number(full) < 1) throw new RulesError(`fullmove number must be a number from 1, not ${quote(full)}`);
  // While a count runs the halfmove field holds the plies counted (Fairy-Stockfish's reading).
  if (pos.countingLimit) pos.countingPly = Number(half);
  else pos.halfmove = Number(half);
  pos.fullmove = Number(full);

  checkRoyals(pos);
  for (const m of variant.mechanics) m.validate?.(pos);
  pos.commit();
  return pos;
}

// Sticky: each matches where the placement is read, so no part of it is copied or read twice.
const EMPTY_COUNT = /\d+/y;
const UNION_MARK = /\(([A-Za-z])([A-Za-z])\)/y;
const CARRY_MARK = /\[([A-Za-z])\]/y;

function at(re: RegExp, text: string, index: number): RegExpExecArray | null {
  re.lastIndex = index;
  return re.exec(text);
}

function parsePlacement(pos: Position, placement: string): void {
  const v = pos.variant;
  const { files, ranks } = v.geo;
  const rows = placement.split("/");
  if (rows.length !== ranks) throw new RulesError(`placement has ${rows.length} ranks, ${v.decl.name} has ${ranks}`);
  const marks = {
    carrying: v.mechanics.some((m) => m.fenMarks?.carrying),
    unions: v.mechanics.some((m) => m.fenMarks?.unions),
  };
  const letterType = (ch: string): [Side, number] => {
    const t = v.byLetter.get(ch.toUpperCase());
    if (!t) throw new RulesError(`'${ch}' is not a piece of ${v.decl.name}`);
    return [ch === ch.toUpperCase() ? 0 : 1, t];
  };
  rows.forEach((row, i) => {
    const rank = ranks - 1 - i;
    let file = 0;
    let j = 0;
    const place = (code: number) => {
      if (file >= files) throw new RulesError(`rank ${rank + 1} has more than ${files} squares`);
      pos.put((rank + 3) * v.geo.stride + file + 3, code);
      file++;
    };
    while (j < row.length) {
      const ch = row[j];
      if (/\d/.test(ch)) {
        const m = at(EMPTY_COUNT, row, j)![0];
        const n = Number(m);
        if (n < 1 || m.startsWith("0")) throw new RulesError(`bad empty-square count ${quote(m)} on rank ${rank + 1}`);
        file += n;
        if (file > files) throw new RulesError(`rank ${rank + 1} has more than ${files} squares`);
        j += m.length;
      } else if (ch === "(") {
        const m = at(UNION_MARK, row, j);
        if (!m) throw new RulesError(`bad union mark on rank ${rank + 1}: write it like (Nb)`);
        if (!marks.unions) throw new RulesError(`${v.decl.name} has no unions`);
        const [s1, t1] = letterType(m[1]);
        const [s2, t2] = letterType(m[2]);
        if (s1 !== 0 || s2 !== 1) throw new RulesError(`a union is a White piece then a Black piece, like (Nb), not ${m[0]}`);
        place(pieceCode(0, t1) | pieceCode(1, t2));
        j += 4;
      } else if (/[A-Za-z]/.test(ch)) {
        const [s, t] = letterType(ch);
        let code = pieceCode(s, t);
        if (row[j + 1] === "[") {
          const m = at(CARRY_MARK, row, j + 1);
          if (!m) throw new RulesError(`bad carrying mark on rank ${rank + 1}: write it like Q[P]`);
          if (!marks.carrying) throw new RulesError(`${v.decl.name} has no carried pieces`);
          const expected = s === 0 ? "P" : "p";
          if (m[1] !== expected) throw new RulesError(`a ${s === 0 ? "White" : "Black"} piece can carry only ${expected}, not '${m[1]}'`);
          code |= CARRY[s];
          j += 3;
        }
        place(code);
        j++;
      } else {
        throw new RulesError(`unexpected '${ch}' in placement`);
      }
    }
    if (file !== files) throw new RulesError(`rank ${rank + 1} has ${file} squares, ${v.decl.name} has ${files} files`);
  });
  for (const sq of v.geo.squares) {
    for (const side of [0, 1] as Side[]) {
      const t = typeOn(pos.board[sq], side);
      if (!t) continue;
      const type = v.types[t];
      const rel = pos.relativeRank(sq, side);
      if ((type.forbiddenFirst && rel === 0) || (type.forbiddenLast && rel === ranks - 1)) {
        throw new RulesError(`a ${type.name} cannot stand on ${v.geo.names[sq]}`);
      }
    }
  }
}

const HOLDINGS = /^(.*)\[([A-Za-z]*)\]$/;

/** The board part of the placement field and the hand in brackets after it (docs/notation.md#holdings). */
function splitHoldings(v: Variant, field: string): { placement: string; hand?: string } {
  if (!v.mechanics.some((m) => m.fenMarks?.holdings)) return { placement: field };
  const m = HOLDINGS.exec(field);
  // Without brackets the hands are empty, as Fairy-Stockfish reads it.
  if (!m) {
    if (field.includes("[")) throw new RulesError(`bad hand in ${quote(field.slice(field.indexOf("[")))}: write it like [KSkss]`);
    return { placement: field };
  }
  return { placement: m[1], hand: m[2] };
}

function parseHoldings(pos: Position, hand: string): void {
  const v = pos.variant;
  const allowed = v.mechanics.flatMap((m) => m.fenMarks?.holdings ?? []);
  for (const ch of hand) {
    const letter = ch.toUpperCase();
    if (!allowed.includes(letter)) throw new RulesError(`'${ch}' cannot be held in hand in ${v.decl.name} (only ${allowed.join(" ")})`);
    const side: Side = ch === letter ? 0 : 1;
    const t = v.byLetter.get(letter)!;
    pos.putHand(side, t, pos.hand[side * 32 + t] + 1);
  }
}

/** Castling rights (KQkq), and unmoved rights as the file letters of the pieces' squares (Ouk Chatrang's `DEde`). */
function parseCastling(pos: Position, text: string): number {
  if (text === "-") return 0;
  const v = pos.variant;
  let rights = 0;
  for (const ch of text) {
    const i = CASTLE_LETTERS.indexOf(ch);
    if (i < 0 && /^[a-p]$/i.test(ch)) {
      parseUnmovedRight(pos, ch, text);
      continue;
    }
    if (i < 0 || !v.castling) throw new RulesError(`bad castling field ${quote(text)}`);
    const side = (i >> 1) as Side;
    const wing = (i & 1) as 0 | 1;
    const bit = CASTLE_BITS[side][wing];
    if (rights & bit) throw new RulesError(`castling right '${ch}' given twice`);
    const s = castlingSquares(pos, side, wing);
    if (typeOn(pos.board[s.king], side) !== v.castling.king || typeOn(pos.board[s.rook], side) !== v.castling.rook) {
      throw new RulesError(`castling right '${ch}' needs the king on ${v.geo.names[s.king]} and the rook on ${v.geo.names[s.rook]}`);
    }
    rights |= bit;
  }
  return rights;
}

function parseUnmovedRight(pos: Position, ch: string, text: string): void {
  const v = pos.variant;
  const side: Side = ch === ch.toUpperCase() ? 0 : 1;
  const file = ch.toLowerCase().charCodeAt(0) - 97;
  if (file >= v.geo.files || !v.types.some((t) => t?.unmovedRight)) throw new RulesError(`bad castling field ${quote(text)}`);
  const sq = (side === 0 ? 3 : v.geo.ranks + 2) * v.geo.stride + file + 3;
  const bit = v.unmovedBit[sq];
  if (pos.unmoved & bit) throw new RulesError(`first-move right '${ch}' given twice`);
  const t = typeOn(pos.board[sq], side);
  if (!t || !v.types[t].unmovedRight) {
    const names = v.types.filter((x) => x?.unmovedRight).map((x) => x.name).join(" or ");
    throw new RulesError(`first-move right '${ch}' needs a ${side === 0 ? "White" : "Black"} ${names} on ${v.geo.names[sq]}`);
  }
  pos.unmoved |= bit;
}

/** The counting limit in plies, where Fairy-Stockfish writes it (the en passant field). */
function parseCountLimit(text: string): number {
  const n = Number(text);
  if (text.length > 4 || n < 1) throw new RulesError(`bad counting limit ${quote(text)}`);
  return n;
}

function parseEnPassant(pos: Position, text: string): number {
  if (text === "-") return -1;
  const v = pos.variant;
  const sq = parseSquare(v.geo, text);
  if (sq < 0) throw new RulesError(`bad en passant square ${quote(text)}`);
  if (!v.epVictims) throw new RulesError(`${v.decl.name} has no en passant`);
  const us = pos.turn;
  const them = (1 - us) as Side;
  const victim = sq - pos.forward(us);
  const origin = sq + pos.forward(us);
  const vt = typeOn(pos.board[victim], them);
  // In Friendly Chess the square a pawn left may be refilled in the same chain.
  const originMustBeEmpty = !v.mechanics.some((m) => m.fenMarks?.unions);
  if (
    !vt || !((v.epVictims >> vt) & 1) || pos.board[sq] !== 0 ||
    !v.types[vt].initialRanks.includes(pos.relativeRank(origin, them)) ||
    (originMustBeEmpty && pos.board[origin] !== 0)
  ) {
    throw new RulesError(`en passant square ${text} is impossible here`);
  }
  return sq;
}

function checkRoyals(pos: Position): void {
  const v = pos.variant;
  if (v.royalKind !== "extinction") {
    for (const side of [0, 1] as Side[]) {
      if (pos.count(side, v.kingType) + pos.hand[side * 32 + v.kingType] !== 1) {
        throw new RulesError(`${side === 0 ? "White" : "Black"} must have exactly one king`);
      }
    }
  }
  const other = (1 - pos.turn) as Side;
  if (v.royalKind !== "none" && inCheck(pos, other)) {
    throw new RulesError(`the side not to move (${other === 0 ? "White" : "Black"}) is in check`);
  }
}

export function toFen(pos: Position): string {
  const v = pos.variant;
  const { files, ranks } = v.geo;
  const rows: string[] = [];
  for (let r = ranks - 1; r >= 0; r--) {
    let row = "";
    let empty = 0;
    for (let f = 0; f < files; f++) {
      const code = pos.board[(r + 3) * v.geo.stride + f + 3];
      if (code === 0) {
        empty++;
        continue;
      }
      if (empty) row += String(empty);
      empty = 0;
      const w = typeOn(code, 0);
      const b = typeOn(code, 1);
      if (w && b) row += `(${v.types[w].letter}${v.types[b].letter.toLowerCase()})`;
      else if (w) row += v.types[w].letter + (code & CARRY[0] ? "[P]" : "");
      else row += v.types[b].letter.toLowerCase() + (code & CARRY[1] ? "[p]" : "");
    }
    if (empty) row += String(empty);
    rows.push(row);
  }
  // Fairy-Stockfish's order: each side's castling letters, then its unmoved pieces' files.
  let castling = "";
  for (let i = 0; i < 4; i++) {
    if (pos.castling & (1 << i)) castling += CASTLE_LETTERS[i];
    if (i % 2 === 0) continue;
    const side = i >> 1;
    for (let f = 0; f < files; f++) if (pos.unmoved & (1 << (16 * side + f))) castling += String.fromCharCode((side ? 97 : 65) + f);
  }
  const limit = pos.countLimit || pos.countingLimit;
  const ep = limit ? String(limit) : pos.ep === -1 ? "-" : v.geo.names[pos.ep];
  const half = pos.countingLimit ? pos.countingPly : pos.halfmove;
  return `${rows.join("/")}${holdingsText(pos)} ${pos.turn === 0 ? "w" : "b"} ${castling || "-"} ${ep} ${half} ${pos.fullmove}`;
}

/** The hands as Fairy-Stockfish writes them: White's then Black's, each in the declared order; "" for games without. */
function holdingsText(pos: Position): string {
  const letters = pos.variant.mechanics.flatMap((m) => m.fenMarks?.holdings ?? []);
  if (letters.length === 0) return "";
  let out = "";
  for (const side of [0, 1] as Side[]) {
    for (const letter of letters) {
      const n = pos.hand[side * 32 + pos.variant.byLetter.get(letter)!];
      out += (side === 0 ? letter : letter.toLowerCase()).repeat(n);
    }
  }
  return `[${out}]`;
}
