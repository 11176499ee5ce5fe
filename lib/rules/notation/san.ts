/**
 * Standard Algebraic Notation for orthodox chess and Chess960 (docs/notation.md#san): written
 * for PGN and the move list, and read wherever move text is read (Game.play), so that
 * `e4`, `Nf3`, `O-O` are moves there too. Only for variants whose moves are single steps;
 * others have no SAN. What is stored stays the project's canonical text.
 */
import { castlingWing, inCheck, isCapture, legalMoves, makeMove, pseudoMoves } from "../movegen";
import { MoveKind, type Move } from "../move";
import type { MoveList } from "../listed";
import { typeOn, type Position } from "../position";
import { leavesRoyalAttacked, needsPromotion, refused, wayProblem } from "../refusals";
import { err, ok, type Result } from "../result";
import type { Side } from "../variant";

/** The games whose moves are also written in SAN and that export as standard PGN. */
const SAN_GAMES: ReadonlySet<string> = new Set(["chess", "chess960"]);

export function hasPgn(variantId: string): boolean {
  return SAN_GAMES.has(variantId);
}

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

// ---------------------------------------------------------------- reading

/** One way to read a piece move: its letter (`P` a pawn), what it says of the square it leaves, where it goes. */
interface Reading {
  piece: string;
  file?: string;
  rank?: string;
  capture: boolean;
  to: string;
  promotion?: string;
}

/** SAN as written: a castling, or the readings of a piece move, in order (a lower-case `b`: the b-file, then a bishop). */
export type SanText = { text: string; castle: 0 | 1 } | { text: string; readings: Reading[] };

/** Longer text is no SAN ("Qa1xb2=Q+" is 9 characters; room for marks and "e.p."), so reading it costs nothing. */
const SAN_MOST = 20;
// Piece letters in either case (a lower-case `b` read both ways below); files and squares of the 8×8 board.
// Any piece letter after `=`, so that `e8=K` is answered with the choices there are.
const PIECE_MOVE = /^([KQRBNPkqrbnp])?([a-h])?([1-8])?([x-])?([a-h][1-8])(?:=?([KQRBNPkqrbnp]))?$/;
const PAWN_MOVE = /^([a-h])?([1-8])?([x-])?([a-h][1-8])(?:=?([KQRBNPkqrbnp]))?$/;
const CASTLE = /^([O0])-\1(-\1)?$/i;

/** The written text with check and mate marks, annotations (`!?`) and an "e.p." left out. */
function bare(text: string): string {
  // Trimmed by hand: /[+#!?]+$/ retries from every mark of a run that is not at the end (quadratic).
  const marks = (s: string) => {
    let end = s.length;
    while (end > 0 && "+#!?".includes(s[end - 1])) end--;
    return s.slice(0, end);
  };
  return marks(marks(text).replace(/\s*e\.?p\.?$/i, ""));
}

const unreadable = (text: string) =>
  err<SanText>(`cannot read move '${text.slice(0, 40)}': write it in SAN like 'e4', 'Nf3', 'exd5', 'O-O', 'e8=Q', or like 'P e2-e4'`);

/**
 * Reads SAN, tolerantly: check marks and annotations are optional and not checked, `x` may be
 * left out, `0-0` is `O-O`, piece letters may be lower case, and the long
 * forms `Ng1f3`, `e2-e4`, `e7e8q` are read too. Only the text: `resolveSan` finds the move.
 */
export function parseSan(written: string): Result<SanText> {
  if (written.length > SAN_MOST * 4) return unreadable(written);
  const text = written.trim();
  if (text.length > SAN_MOST) return unreadable(written);
  const core = bare(text);
  const castle = CASTLE.exec(core);
  if (castle) return ok({ text, castle: castle[2] ? 1 : 0 });
  const m = PIECE_MOVE.exec(core);
  if (!m) return unreadable(written);
  // A pawn that names no file moves on its own file (a capture names the file it leaves).
  const reading = (piece: string, g: (string | undefined)[]): Reading => ({
    piece, file: g[0] ?? (piece === "P" ? g[3]![0] : undefined), rank: g[1], capture: g[2] === "x", to: g[3]!, promotion: g[4]?.toUpperCase(),
  });
  // `bxc4` is the b-pawn's, as SAN writes it; only where no b-pawn's move fits is it a bishop's in lower case.
  const pawn = m[1] === "b" ? PAWN_MOVE.exec(core) : null;
  const readings = [reading((m[1] ?? "P").toUpperCase(), m.slice(2))];
  if (pawn) readings.unshift(reading("P", pawn.slice(1)));
  return ok({ text, readings });
}

/** Does the legal or pseudo-legal move `m` fit the reading? `promoting`: the promotion too. */
function fits(pos: Position, m: Move, r: Reading, promoting: boolean): boolean {
  const v = pos.variant;
  const names = pos.geo.names;
  if (v.types[m.piece].letter !== r.piece || names[m.to] !== r.to) return false;
  // Castling is O-O; only where the king's step says it (orthodox chess) is Kg1 that castling too.
  if (m.kind === MoveKind.Castle && !v.castling!.fixedHomes) return false;
  const from = names[m.from];
  if ((r.file && from[0] !== r.file) || (r.rank && from.slice(1) !== r.rank)) return false;
  return !promoting || (r.promotion ? m.promo !== 0 && v.types[m.promo].letter === r.promotion : m.promo === 0);
}

/**
 * The listed move (its index in `list`) that SAN means, or why there is none, in the players'
 * words: the candidates of an ambiguous move, the choices of a promotion, what stands in the way.
 */
export function resolveSan(pos: Position, list: MoveList, s: SanText): Result<number> {
  const { legal } = list;
  const text = s.text;
  if ("castle" in s) {
    const i = legal.findIndex((m) => m.kind === MoveKind.Castle && castlingWing(pos, m) === s.castle);
    return i >= 0 ? ok(i) : err(`${text} is not a legal move here`);
  }
  const fitting = (r: Reading, promoting: boolean) => legal.flatMap((m, i) => (fits(pos, m, r, promoting) ? [i] : []));
  // The first reading that some legal move fits, but for its promotion.
  const r = s.readings.find((x) => fitting(x, false).length > 0);
  if (!r) return err(refused(text, whyNot(pos, s.readings)));
  const found = fitting(r, true);
  if (found.length > 1) return err(refused(text, `it is ambiguous: write ${found.map((i) => san(pos, legal[i], legal)).sort().join(" or ")}`));
  if (found.length === 1) {
    if (r.capture && !isCapture(pos, legal[found[0]])) return err(refused(text, `there is nothing to capture on ${r.to}`));
    return ok(found[0]);
  }
  // Right but for the promotion: it is missing, not one the piece may take, or there is none to make.
  const promotions = fitting(r, false);
  const choices = [...new Set(promotions.flatMap((i) => (legal[i].promo ? [pos.variant.types[legal[i].promo].letter] : [])))];
  if (choices.length === 0) return err(refused(text, "a pawn promotes only on the last rank"));
  const first = legal[promotions.find((i) => legal[i].promo)!];
  return err(refused(text, needsPromotion(choices, san(pos, { ...first, promo: pos.variant.byLetter.get(choices[0])! }, legal))));
}

/** Why no legal move fits: the king would be in check, or what keeps the piece from the square. */
function whyNot(pos: Position, readings: Reading[]): string {
  const v = pos.variant;
  if (pseudoMoves(pos).some((m) => readings.some((r) => fits(pos, m, r, true)))) return leavesRoyalAttacked(v);
  if (readings.length > 1) return `no b-file pawn and no bishop of yours can go to ${readings[0].to}`;
  const [r] = readings;
  const side = pos.turn;
  const names = pos.geo.names;
  const type = v.byLetter.get(r.piece);
  const name = type === undefined ? r.piece : v.types[type].name;
  const where = r.file && r.rank ? ` on ${r.file}${r.rank}` : r.file ? ` on the ${r.file}-file` : r.rank ? ` on rank ${r.rank}` : "";
  const pieces = pos.geo.squares.filter((sq) => {
    const t = typeOn(pos.board[sq], side);
    return t !== 0 && t === type && (!r.file || names[sq][0] === r.file) && (!r.rank || names[sq].slice(1) === r.rank);
  });
  if (pieces.length === 0) return `you have no ${name}${where}`;
  const how = r.capture ? "capture on" : "go to";
  const to = names.indexOf(r.to);
  if (pieces.length > 1) return `no ${name}${where} of yours can ${how} ${r.to}`;
  return wayProblem(v, pos.board, side, v.types[type!], pieces[0], to) ?? `the ${name} on ${names[pieces[0]]} cannot ${how} ${r.to}`;
}
