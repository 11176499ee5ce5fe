/**
 * FEN, extended (docs/notation.md#fen): `(Nb)` unions, `Q[P]` carrying queens, `Q~` promoted pawns, `*` the duck, boards up to
 * 16×16 with two-digit empty counts. Parsing checks everything docs/notation.md lists and
 * names the problem in its error.
 */
import { RulesError } from "../errors";
import { FILE_LETTERS, squareAt, squareNamed } from "../geometry";
import type { Move } from "../move";
import { castlingSquares, extinct, generateEnPassant, inCheck } from "../movegen";
import { CARRY, CASTLE_BITS, DUCK, pieceCode, Position, PROMOTED, typeOn, UNSEEN } from "../position";
import { attempt, type Result } from "../result";
import { makeCastleHomes, type CastleHomes, type Side, type Variant } from "../variant";

const CASTLE_LETTERS = "KQkq";

/** A field as an error message quotes it: short, so hostile input cannot flood the message. */
function quote(field: string): string {
  return `'${field.length > 24 ? `${field.slice(0, 24)}…` : field}'`;
}

/** The position a FEN describes, or the first problem with it (docs/notation.md#refused-positions). */
export function parseFen(variant: Variant, text: string): Result<Position> {
  return attempt(() => readFen(variant, text));
}

function readFen(variant: Variant, text: string): Position {
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
  if (variant.mechanics.some((m) => m.fenMarks?.counting) && /^\d+$/.test(ep)) pos.countLimit = parseCountLimit(ep);
  else pos.ep = parseEnPassant(pos, ep);
  if (!/^\d{1,4}$/.test(half)) throw new RulesError(`halfmove clock must be a number, not ${quote(half)}`);
  if (!/^\d{1,5}$/.test(full) || Number(full) < 1) throw new RulesError(`fullmove number must be a number from 1, not ${quote(full)}`);
  // While a count runs the halfmove field holds the plies counted, and the fifty-move clock
  // starts at 0 (Fairy-Stockfish's reading).
  if (pos.countLimit) pos.countPly = Number(half);
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
    promoted: v.mechanics.find((m) => m.fenMarks?.promoted)?.fenMarks?.promoted,
    duck: v.mechanics.some((m) => m.fenMarks?.duck),
    unseen: v.decl.hidden ?? false,
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
      pos.put(squareAt(v.geo, file, rank), code);
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
      } else if (ch === "*") {
        if (!marks.duck) throw new RulesError(`${v.decl.name} has no duck ('*')`);
        place(DUCK);
        j++;
      } else if (ch === "?") {
        // A square the player cannot see, one `?` each (docs/games/fog-of-war.md#the-view-as-fen).
        if (!marks.unseen) throw new RulesError(`${v.decl.name} hides no squares ('?')`);
        place(UNSEEN);
        j++;
      } else if (/[A-Za-z+]/.test(ch)) {
        // A promoted piece is `+` and its base letter (docs/notation.md#promoted-pieces).
        const letter = ch === "+" ? row.slice(j, j + 2) : ch;
        const [s, t] = letterType(letter);
        let code = pieceCode(s, t);
        j += letter.length - 1;
        if (row[j + 1] === "[") {
          const m = at(CARRY_MARK, row, j + 1);
          if (!m) throw new RulesError(`bad carrying mark on rank ${rank + 1}: write it like Q[P]`);
          if (!marks.carrying) throw new RulesError(`${v.decl.name} has no carried pieces`);
          const expected = s === 0 ? "P" : "p";
          if (m[1] !== expected) throw new RulesError(`a ${s === 0 ? "White" : "Black"} piece can carry only ${expected}, not '${m[1]}'`);
          code |= CARRY[s];
          j += 3;
        }
        if (row[j + 1] === "~") {
          if (!marks.promoted) throw new RulesError(`${v.decl.name} has no promoted pieces to mark with '~'`);
          const into = v.types[v.byLetter.get(marks.promoted)!];
          if (!into.promotesTo.includes(t)) throw new RulesError(`'~' marks a piece promoted from a ${into.name}: '${ch}' cannot be one`);
          code |= PROMOTED[s];
          j++;
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
      if ((type.forbiddenFirst && rel === 0) || (type.forbiddenLast && rel === ranks - 1) || type.deadEnds?.[side][sq]) {
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
  const c = v.castling;
  if (c && text.length > 4) throw new RulesError(`bad castling field ${quote(text)}`);
  const king: CastleHomes["king"] = [-1, -1];
  const rooks: CastleHomes["rooks"] = [[-1, -1], [-1, -1]];
  let rights = 0;
  for (const ch of text) {
    // Makruk, Ouk Chatrang: a file letter is an unmoved piece's first-move right; in Chess960 it names a rook.
    if (!(c && !c.fixedHomes) && !CASTLE_LETTERS.includes(ch) && /^[a-p]$/i.test(ch)) {
      parseUnmovedRight(pos, ch, text);
      continue;
    }
    if (!c) throw new RulesError(`bad castling field ${quote(text)}`);
    const [side, wing] = c.fixedHomes ? declaredRight(pos, ch, text) : namedRight(pos, ch, text, king, rooks);
    const bit = CASTLE_BITS[side][wing];
    if (rights & bit) throw new RulesError(`castling right '${ch}' given twice`);
    rights |= bit;
  }
  if (c && !c.fixedHomes) pos.castleHomes = makeCastleHomes(v.geo, c, king, rooks);
  return rights;
}

function parseUnmovedRight(pos: Position, ch: string, text: string): void {
  const v = pos.variant;
  const side: Side = ch === ch.toUpperCase() ? 0 : 1;
  const file = ch.toLowerCase().charCodeAt(0) - 97;
  if (file >= v.geo.files || !v.types.some((t) => t?.unmovedRight)) throw new RulesError(`bad castling field ${quote(text)}`);
  const sq = squareAt(v.geo, file, side === 0 ? 0 : v.geo.ranks - 1);
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

/** A right of a game with declared homes: one of `KQkq`, its king and rook on their squares. */
function declaredRight(pos: Position, ch: string, text: string): [Side, 0 | 1] {
  const v = pos.variant;
  const i = CASTLE_LETTERS.indexOf(ch);
  if (i < 0) throw new RulesError(`bad castling field ${quote(text)}`);
  const side = (i >> 1) as Side;
  const wing = (i & 1) as 0 | 1;
  const s = castlingSquares(pos, side, wing);
  if (typeOn(pos.board[s.king], side) !== v.castling!.king || typeOn(pos.board[s.rook], side) !== v.castling!.rook) {
    throw new RulesError(`castling right '${ch}' needs the king on ${v.geo.names[s.king]} and the rook on ${v.geo.names[s.rook]}`);
  }
  return [side, wing];
}

/**
 * A Chess960 right (docs/notation.md#castling-rights): the file letter of its rook
 * (Shredder-FEN, uppercase for White), or `KQkq` for the outermost rook on that side
 * of the king (X-FEN). The king stands on its first rank; its square and the rook's
 * become the game's homes.
 */
function namedRight(
  pos: Position, ch: string, text: string, king: CastleHomes["king"], rooks: CastleHomes["rooks"],
): [Side, 0 | 1] {
  const v = pos.variant;
  const c = v.castling!;
  const { files, ranks } = v.geo;
  const lower = ch.toLowerCase();
  const side: Side = ch === lower ? 1 : 0;
  const file = FILE_LETTERS.indexOf(lower);
  if (!/^[A-Za-z]$/.test(ch) || (!"kq".includes(lower) && (file < 0 || file >= files))) throw new RulesError(`bad castling field ${quote(text)}`);
  const rank = side === 0 ? 0 : ranks - 1;
  const on = (f: number, type: number) => typeOn(pos.board[squareAt(v.geo, f, rank)], side) === type;
  let kingFile = 0;
  while (kingFile < files && !on(kingFile, c.king)) kingFile++;
  if (kingFile === files) throw new RulesError(`castling right '${ch}' needs the king on rank ${rank + 1}`);
  let rookFile = file;
  let wing: 0 | 1;
  if (lower === "k" || lower === "q") {
    wing = lower === "k" ? 0 : 1;
    const step = wing === 0 ? -1 : 1;
    rookFile = wing === 0 ? files - 1 : 0;
    while (rookFile !== kingFile && !on(rookFile, c.rook)) rookFile += step;
    if (rookFile === kingFile) throw new RulesError(`castling right '${ch}' needs a rook on rank ${rank + 1} ${wing === 0 ? "right" : "left"} of the king`);
  } else {
    if (!on(file, c.rook)) throw new RulesError(`castling right '${ch}' needs a rook on ${v.geo.names[squareAt(v.geo, file, rank)]}`);
    wing = file > kingFile ? 0 : 1;
  }
  king[side] = squareAt(v.geo, kingFile, rank);
  rooks[side][wing] = squareAt(v.geo, rookFile, rank);
  return [side, wing];
}

function parseEnPassant(pos: Position, text: string): number {
  if (text === "-") return -1;
  const v = pos.variant;
  const sq = squareNamed(v.geo, text);
  if (sq < 0) throw new RulesError(`bad en passant square ${quote(text)}`);
  if (!v.epVictims) throw new RulesError(`${v.decl.name} has no en passant`);
  const us = pos.turn;
  const them = (1 - us) as Side;
  const victim = sq - pos.forward(us);
  const origin = sq + pos.forward(us);
  const vt = typeOn(pos.board[victim], them);
  // In a view the pawn to be taken may stand unseen (docs/games/fog-of-war.md#what-each-player-sees).
  const unseenVictim = v.decl.hidden && pos.board[victim] === UNSEEN;
  // The piece that stepped twice: the one on the square, or, unseen, any that could have.
  const stepped = unseenVictim ? v.types.filter((t) => t && (v.epVictims >> t.index) & 1) : vt && (v.epVictims >> vt) & 1 ? [v.types[vt]] : [];
  // In Friendly Chess the square a pawn left may be refilled in the same chain.
  const originMustBeEmpty = !v.mechanics.some((m) => m.fenMarks?.unions);
  if (
    pos.board[sq] !== 0 ||
    !stepped.some((t) => t.initialRanks.includes(pos.relativeRank(origin, them))) ||
    // The duck may have gone to the square the pawn left (docs/games/duck.md#the-duck).
    (originMustBeEmpty && pos.board[origin] !== 0 && pos.board[origin] !== DUCK)
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
  // A game just won by taking the last royal piece may leave the winner's attacked (Atomic).
  // Nor a side that passed in check where the game lets it (Janggi's bikjang).
  if (v.royalKind !== "none" && !extinct(pos, pos.turn) && inCheck(pos, other) && !v.mechanics.some((m) => m.passedInCheck?.(pos))) {
    throw new RulesError(`the side not to move (${other === 0 ? "White" : "Black"}) is in check`);
  }
}

/** The position as FEN, as Fairy-Stockfish writes it: `parseFen` reads it back. */
export function makeFen(pos: Position): string {
  const v = pos.variant;
  const { files, ranks } = v.geo;
  const rows: string[] = [];
  for (let r = ranks - 1; r >= 0; r--) {
    let row = "";
    let empty = 0;
    for (let f = 0; f < files; f++) {
      const code = pos.board[squareAt(v.geo, f, r)];
      if (code === 0) {
        empty++;
        continue;
      }
      if (empty) row += String(empty);
      empty = 0;
      if (code === DUCK) {
        row += v.decl.hidden ? "?" : "*";
        continue;
      }
      const w = typeOn(code, 0);
      const b = typeOn(code, 1);
      if (w && b) row += `(${v.types[w].letter}${v.types[b].letter.toLowerCase()})`;
      else if (w) row += v.types[w].letter + (code & CARRY[0] ? "[P]" : "") + (code & PROMOTED[0] ? "~" : "");
      else row += v.types[b].letter.toLowerCase() + (code & CARRY[1] ? "[p]" : "") + (code & PROMOTED[1] ? "~" : "");
    }
    if (empty) row += String(empty);
    rows.push(row);
  }
  const ep = pos.countLimit ? String(pos.countLimit)
    : pos.ep === -1 || (v.decl.enPassant?.writtenOnlyWhenCapturable && !enPassantCapturable(pos)) ? "-" : v.geo.names[pos.ep];
  const half = pos.countLimit ? pos.countPly : pos.halfmove;
  return `${rows.join("/")}${holdingsText(pos)} ${pos.turn === 0 ? "w" : "b"} ${castlingField(pos)} ${ep} ${half} ${pos.fullmove}`;
}

/**
 * Fairy-Stockfish's field: each side's castling rights (`KQkq` where the homes are
 * declared, else each right's rook file, Shredder-FEN), then its unmoved pieces' files.
 */
function castlingField(pos: Position): string {
  let field = "";
  for (let i = 0; i < 4; i++) {
    if (pos.castling & (1 << i)) {
      if (pos.variant.castling!.fixedHomes) {
        field += CASTLE_LETTERS[i];
      } else {
        const letter = FILE_LETTERS[pos.geo.fileOf[pos.castleHomes.rooks[i >> 1][i & 1]]];
        field += i < 2 ? letter.toUpperCase() : letter;
      }
    }
    if (i % 2 === 0) continue;
    const side = i >> 1;
    for (let f = 0; f < pos.geo.files; f++) if (pos.unmoved & (1 << (16 * side + f))) field += String.fromCharCode((side ? 97 : 65) + f);
  }
  return field || "-";
}

/** Whether a pawn of the side to move stands to take en passant (legal or not, as Fairy-Stockfish asks). */
function enPassantCapturable(pos: Position): boolean {
  const out: Move[] = [];
  generateEnPassant(pos, out);
  return out.length > 0;
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
