/**
 * What every preset must satisfy, whatever format it was written in (docs/presets.md#limits):
 * one check, so the three formats get the same limits and the same messages. Preset text is
 * hostile input; the limits keep a move click in any accepted game under 100 ms (measured by
 * bench/preset-worst.ts, BENCHMARKS.md#presets).
 */
import { parseBetza } from "../betza";
import { FILE_LETTERS } from "../geometry";
import { perft } from "../movegen";
import { parseFen } from "../notation/fen";
import { attempt } from "../result";
import { compileVariant, type VariantDecl } from "../variant";
import { switchLetters, switchOf } from "./switches";

export const PRESET_LIMITS = {
  /** The whole text, and one line of it. */
  chars: 20_000,
  lines: 500,
  lineChars: 1_000,
  files: 16,
  ranks: 16,
  /** Kinds of piece (promoted forms included). */
  pieces: 24,
  /** One piece's Betza text, and the move directions it gives (a queen has 8, a knight 8, QAD 24). */
  betzaChars: 40,
  betzaDirections: 48,
  nameChars: 60,
  /** The duck multiplies every move by the empty squares it may go to: a board of at most this many squares. */
  duckSquares: 100,
  /** Drops: every kind a hand may hold on every empty square. The kinds times the board's squares, at most. */
  dropsTimesSquares: 1_600,
} as const;

/**
 * What part of the declaration a problem is in, so each format can name the line that
 * declared it: "board", "start", "royalty", "castling", "en passant", "piece X" (its letter),
 * "switch drops" (a mechanic), "name", or "declaration" for the game as a whole.
 */
export type DeclPart = string;

export interface DeclProblem {
  part: DeclPart;
  message: string;
}

const LETTER = /^\+?[A-Z]$/;

/** The first problem with a declaration read from a preset, or undefined when it is a playable game within the limits. */
export function checkDeclaration(decl: VariantDecl): DeclProblem | undefined {
  const problem = (part: DeclPart, message: string): DeclProblem => ({ part, message });
  const L = PRESET_LIMITS;
  if (!decl.name.trim()) return problem("name", "the game needs a name");
  if (decl.name.length > L.nameChars) return problem("name", `the name is longer than ${L.nameChars} characters`);
  const size = (n: number, most: number) => Number.isInteger(n) && n >= 2 && n <= most;
  if (!size(decl.files, L.files) || !size(decl.ranks, L.ranks)) {
    return problem("board", `a board is 2 to ${L.files} files by 2 to ${L.ranks} ranks, not ${decl.files}×${decl.ranks}`);
  }
  if (decl.pieces.length === 0) return problem("declaration", "the game has no pieces");
  if (decl.pieces.length > L.pieces) return problem(`piece ${decl.pieces[L.pieces].letter}`, `at most ${L.pieces} kinds of piece`);
  const letters = new Set<string>();
  for (const p of decl.pieces) {
    const part = `piece ${p.letter}`;
    if (!LETTER.test(p.letter)) return problem(part, `a piece's letter is one capital letter A–Z (a promoted piece + and its base letter), not '${p.letter.slice(0, 8)}'`);
    if (letters.has(p.letter)) return problem(part, `two pieces have the letter ${p.letter}`);
    letters.add(p.letter);
    if (!p.name.trim() || p.name.length > L.nameChars) return problem(part, `a piece's name is 1 to ${L.nameChars} characters`);
    if (p.value !== undefined && !(Number.isFinite(p.value) && p.value >= 0 && p.value <= 1000)) return problem(part, "a piece's value is a number from 0 to 1000");
    for (const betza of [p.betza, ...(p.gains ? [p.gains.betza] : [])]) {
      const bad = betzaProblem(betza);
      if (bad) return problem(part, bad);
    }
  }
  const known = (l: string) => letters.has(l);
  for (const p of decl.pieces) {
    const part = `piece ${p.letter}`;
    if (p.letter.startsWith("+") && !known(p.letter.slice(1))) return problem(part, `${p.letter} is a promoted ${p.letter.slice(1)}, but the game has no piece ${p.letter.slice(1)}`);
    const named = [...(p.promotesTo ?? []), ...(p.hopsNot ?? []), ...[p.unmovedRightLostTo, p.repetitionAs].filter((l): l is string => l !== undefined)];
    const unknown = named.find((l) => !known(l));
    if (unknown) return problem(part, `it names a piece ${unknown.slice(0, 8)} the game does not have`);
    const rankOk = (r: number) => Number.isInteger(r) && r >= 1 && r <= decl.ranks;
    if ((p.initialRanks ?? []).some((r) => !rankOk(r))) return problem(part, `initial ranks are 1 to ${decl.ranks}`);
    if (p.promotionRanks !== undefined && !(Number.isInteger(p.promotionRanks) && p.promotionRanks >= 1 && p.promotionRanks < decl.ranks)) {
      return problem(part, `a promotion zone is 1 to ${decl.ranks - 1} ranks`);
    }
    if (p.gains && !rankOk(p.gains.fromRank)) return problem(part, `a piece gains moves from a rank 1 to ${decl.ranks}`);
    if (p.region === "palace" && !decl.palaces) return problem(part, "it keeps to the palace, but the game has no palaces");
  }
  const royals = decl.royalty.kind === "extinction" ? decl.royalty.pieces : [decl.royalty.piece];
  if (royals.length === 0) return problem("royalty", "name the royal pieces");
  const unknownRoyal = royals.find((l) => !known(l));
  if (unknownRoyal) return problem("royalty", `the royal piece ${unknownRoyal.slice(0, 8)} is not one of the game's pieces`);
  const c = decl.castling;
  if (c) {
    const unknownPiece = [c.king, c.rook].find((l) => !known(l));
    if (unknownPiece) return problem("castling", `castling names a piece ${unknownPiece.slice(0, 8)} the game does not have`);
    const files = [...c.kingTo, ...c.rookTo, ...(c.homes ? [c.homes.king, ...c.homes.rooks] : [])];
    const off = files.find((f) => !FILE_LETTERS.slice(0, decl.files).includes(f) || f.length !== 1);
    if (off !== undefined) return problem("castling", `castling names a file '${off.slice(0, 8)}' the board does not have`);
  }
  if (decl.enPassant) {
    const unknownPiece = [...decl.enPassant.victims, ...decl.enPassant.capturers].find((l) => !known(l));
    if (unknownPiece) return problem("en passant", `en passant names a piece ${unknownPiece.slice(0, 8)} the game does not have`);
  }
  if (decl.deadPosition) {
    const d = decl.deadPosition;
    const unknownPiece = [...d.minors, ...(d.bishop ? [d.bishop] : []), ...(d.harmless ?? [])].find((l) => !known(l));
    if (unknownPiece) return problem("dead position", `it names a piece ${unknownPiece.slice(0, 8)} the game does not have`);
  }
  for (const m of decl.mechanics ?? []) {
    const s = switchOf(m);
    const unknownPiece = s && switchLetters(s).find((l) => !known(l));
    if (s && unknownPiece) return problem(`switch ${s.kind}`, `${s.kind} names a piece ${unknownPiece.slice(0, 8)} the game does not have`);
  }
  if ((decl.mechanics ?? []).some((m) => m.name === "duck") && decl.files * decl.ranks > L.duckSquares) {
    return problem("switch duck", `the duck plays on boards of at most ${L.duckSquares} squares (10×10), not ${decl.files}×${decl.ranks}`);
  }
  for (const m of decl.mechanics ?? []) {
    const kinds = m.fenMarks?.holdings?.length ?? 0;
    if (kinds * decl.files * decl.ranks > L.dropsTimesSquares) {
      return problem(`switch ${m.name}`, `${kinds} kinds of piece dropped on ${decl.files * decl.ranks} squares is too many moves: the kinds held times the squares is at most ${L.dropsTimesSquares}`);
    }
  }
  // The rest the engine itself judges: the tables compile, the start FEN reads, the start position's moves list.
  const compiled = attempt(() => compileVariant(decl));
  if (!compiled.ok) return problem("declaration", compiled.error);
  const start = parseFen(compiled.value, decl.startFen);
  if (!start.ok) return problem("start", `the start position: ${start.error}`);
  const moves = attempt(() => perft(start.value, 1));
  if (!moves.ok) return problem("declaration", moves.error);
  return undefined;
}

/** What is wrong with one piece's Betza text for a preset: unreadable, or beyond the limits. */
export function betzaProblem(betza: string): string | undefined {
  const L = PRESET_LIMITS;
  if (betza.length === 0) return "a piece needs its moves in Betza notation";
  if (betza.length > L.betzaChars) return `Betza notation is at most ${L.betzaChars} characters`;
  const atoms = parseBetza(betza);
  if (!atoms.ok) return atoms.error;
  if (atoms.value.length === 0) return `'${betza}' gives the piece no move`;
  if (atoms.value.length > L.betzaDirections) return `'${betza}' gives ${atoms.value.length} move directions, at most ${L.betzaDirections}`;
  return undefined;
}
