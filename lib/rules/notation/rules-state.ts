/**
 * The rules state's text (docs/notation.md#the-rules-state): what a game's rules still need of
 * its past, so a stored game is resumed (`Game.resume`) instead of replayed. This module reads
 * and writes the text; game.ts says what goes in it. The reader's work is linear in the text,
 * which is refused past RULES_STATE_LIMITS before anything else is read.
 */
import { squareNamed } from "../geometry";
import { attempt, type Result } from "../result";
import { RulesError } from "../errors";
import type { Variant } from "../variant";

export const RULES_STATE_LIMITS = {
  /** Positions kept: the most any game keeps (with drops, every one since the start). */
  positions: 20_000,
  /** Characters of one position's entry: a key with its marks and a move's chases. */
  entry: 128,
  /** Characters of the whole text: the positions at their longest, and the rest. */
  chars: 20_000 * 129 + 2_000,
};

const VERSION = "1";

/** One position the rules may look back on: its repetition key, and what the repetition rules read of it. */
export interface PastPosition {
  /** The repetition key (game.ts): 16 hex digits of the repetition hash, then `k` castling rights and `e` en passant where set. */
  key: string;
  /** Whether the side to move stood in check. */
  checked: boolean;
  /** Xiangqi's chases (Mechanic.chases): the move that led here, from and to (-1 where none), and the pieces it chased. */
  arrival: [number, number];
  chased: number[];
}

export interface RulesState {
  variant: string;
  ply: number;
  /** The position, as FEN, with the en passant square as the position holds it (also where FEN leaves it out). */
  fen: string;
  /** The position's fields FEN does not hold: the fifty-move clock under a count, the type last dropped (0: none), passes in a row. */
  halfmove: number;
  dropped: number;
  passes: number;
  /** The ply since which the material (pieces on the board, carried and in hand) is what it is now. */
  materialSince: number;
  /** The positions kept, oldest first, the current one last; the first stood at ply `ply - positions.length + 1`. */
  positions: PastPosition[];
}

const KEY = /^[0-9a-f]{16}(?:k\d{1,2})?(?:e[a-p0-9]{1,4})?$/;
const ENTRY = /^([^+>x]+)(\+)?(?:>([^.x]+)\.([^.x]+))?(?:x(.+))?$/;
const NUMBER = /^\d{1,6}$/;

/** The text `parseRulesState` reads back. */
export function makeRulesStateText(v: Variant, s: RulesState): string {
  const name = (sq: number) => (sq === -1 ? "-" : v.geo.names[sq]);
  const entries = s.positions.map((p) => {
    let e = p.key + (p.checked ? "+" : "");
    if (p.arrival[0] !== -1 || p.arrival[1] !== -1) e += `>${name(p.arrival[0])}.${name(p.arrival[1])}`;
    if (p.chased.length > 0) e += `x${p.chased.map(name).join(".")}`;
    return e;
  });
  const dropped = s.dropped ? v.types[s.dropped].letter : "-";
  return [VERSION, s.variant, s.ply, s.fen, `${s.halfmove},${dropped},${s.passes}`, s.materialSince, entries.join(" ")].join(";");
}

/**
 * Reads a rules state of the game `v` (its form only: game.ts checks it against the position).
 * The error names the first problem; hostile text is refused, never thrown past the Result.
 */
export function parseRulesState(v: Variant, text: string): Result<RulesState> {
  return attempt(() => readRulesState(v, text));
}

function readRulesState(v: Variant, text: string): RulesState {
  if (typeof text !== "string") throw new RulesError("the rules state is not text");
  if (text.length > RULES_STATE_LIMITS.chars) throw new RulesError(`the rules state is too long (over ${RULES_STATE_LIMITS.chars} characters)`);
  const fields = text.split(";");
  if (fields.length !== 7) throw new RulesError(`the rules state needs 7 fields separated by ';', got ${fields.length}`);
  const [version, variant, plyText, fen, extra, sinceText, entryText] = fields;
  if (version !== VERSION) throw new RulesError(`the rules state's version is not ${VERSION}`);
  if (variant !== v.id) throw new RulesError(`the rules state is of another game than ${v.decl.name}`);
  if (!NUMBER.test(plyText)) throw new RulesError("the rules state's ply is not a number");
  const ply = Number(plyText);
  const m = /^(\d{1,4}),([^,]{1,3}),(\d{1,2})$/.exec(extra);
  if (!m) throw new RulesError("the rules state's position fields are not 'halfmove,dropped,passes'");
  const halfmove = Number(m[1]);
  const passes = Number(m[3]);
  const dropped = m[2] === "-" ? 0 : v.byLetter.get(m[2]) ?? -1;
  if (dropped < 0 || (dropped > 0 && !v.mechanics.some((x) => x.fenMarks?.holdings?.includes(m[2])))) {
    throw new RulesError("the rules state's dropped piece is not one held in hand in this game");
  }
  const list = entryText.split(" ");
  if (list.length > RULES_STATE_LIMITS.positions) throw new RulesError(`the rules state keeps more than ${RULES_STATE_LIMITS.positions} positions`);
  if (list.length > ply + 1) throw new RulesError(`the rules state keeps ${list.length} positions, more than a game of ${ply} plies has`);
  if (!NUMBER.test(sinceText)) throw new RulesError("the rules state's material ply is not a number");
  const materialSince = Number(sinceText);
  if (materialSince > ply) throw new RulesError("the rules state's material ply is after its ply");
  const square = (name: string) => {
    if (name === "-") return -1;
    const sq = squareNamed(v.geo, name);
    if (sq < 0) throw new RulesError(`the rules state names no square of ${v.decl.name}: '${name.slice(0, 8)}'`);
    return sq;
  };
  const positions = list.map((entry, i): PastPosition => {
    const e = entry.length <= RULES_STATE_LIMITS.entry ? ENTRY.exec(entry) : null;
    if (!e || !KEY.test(e[1])) throw new RulesError(`the rules state's position ${i + 1} is not a key with its marks`);
    const chased = e[5] === undefined ? [] : e[5].split(".").map(square);
    return { key: e[1], checked: e[2] === "+", arrival: e[3] === undefined ? [-1, -1] : [square(e[3]), square(e[4])], chased };
  });
  return { variant, ply, fen, halfmove, dropped, passes, materialSince, positions };
}
