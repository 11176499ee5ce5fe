/**
 * The game record (docs/notation.md "Game record"): PGN-style tag pairs, then the
 * numbered moves in the project's notation, then the result. Orthodox chess also
 * exports as standard PGN with SAN. Import reads both and replays every move.
 */
import { RulesError } from "../errors";
import { Game, playNamed } from "../game";
import { legalMoves, makeMove } from "../movegen";
import { hasUnseen } from "../position";
import { getVariant, isKnownVariant, variantIds } from "../variants";
import { parseFen, makeFen } from "./fen";
import { attempt, unwrap, type Result } from "../result";
import { moveActions } from "./move";
import { makeMoveText } from "../actions";
import { hasPgn, san } from "./san";

export type RecordResult = "1-0" | "0-1" | "1/2-1/2" | "*";
export type Tags = Record<string, string>;

const ROSTER = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

function tagLines(tags: Tags): string {
  const order = [...ROSTER, ...Object.keys(tags).filter((k) => !ROSTER.includes(k))];
  return order
    .filter((k) => tags[k] !== undefined)
    .map((k) => `[${k} "${tags[k].replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"]`)
    .join("\n");
}

/** Numbered movetext wrapped at 80 columns; Black's first move gets "N..." when the game starts with Black. */
function movetext(startFen: string, moves: readonly string[], result: RecordResult): string {
  const [, side, , , , full] = startFen.split(" ");
  let number = Number(full) || 1;
  let black = side === "b";
  const tokens: string[] = [];
  moves.forEach((m, i) => {
    if (!black) tokens.push(`${number}. ${m}`);
    else tokens.push(i === 0 ? `${number}... ${m}` : m);
    if (black) number++;
    black = !black;
  });
  tokens.push(result);
  const lines: string[] = [];
  let line = "";
  for (const t of tokens) {
    if (line && line.length + 1 + t.length > 80) {
      lines.push(line);
      line = t;
    } else {
      line = line ? `${line} ${t}` : t;
    }
  }
  lines.push(line);
  return lines.join("\n");
}

export interface RecordInput {
  variant: string;
  startFen: string;
  moves: readonly string[];
  result: RecordResult;
  /** Event, Site, Date, White, Black, TimeControl … (Result, Variant and FEN are filled in). */
  tags?: Tags;
}

/** The game in the project's notation: readable by people and by `parseGameRecord`. */
export function makeGameRecord(r: RecordInput): string {
  const v = getVariant(r.variant);
  const tags: Tags = { Event: "?", Site: "?", Date: "????.??.??", Round: "-", White: "?", Black: "?", ...r.tags, Result: r.result, Variant: v.id };
  if (r.startFen !== v.decl.startFen) tags.FEN = r.startFen;
  return `${tagLines(tags)}\n\n${movetext(r.startFen, r.moves, r.result)}\n`;
}

/** Chess960's Variant tag in PGN; orthodox chess has none. */
const PGN_VARIANT_TAG: Record<string, string | undefined> = { chess960: "Chess960" };

export { hasPgn };

/**
 * Each move of a game in SAN, for the games that have it (`hasPgn`): the moves of its PGN,
 * and of the move list for a player who chose SAN.
 */
export function sanRecord(variant: string, startFen: string, moves: readonly string[]): string[] {
  if (!hasPgn(variant)) throw new RulesError("SAN and PGN exist for orthodox chess and Chess960 only");
  const pos = unwrap(parseFen(getVariant(variant), startFen));
  return moves.map((text, i) => {
    const legal = legalMoves(pos);
    const m = legal.find((x) => makeMoveText(moveActions(pos, x)) === text);
    if (!m) throw new RulesError(`move ${i + 1} (${text}) is not legal`);
    const s = san(pos, m, legal);
    makeMove(pos, m);
    return s;
  });
}

/** Standard PGN with SAN, for orthodox chess and Chess960 (`hasPgn`); `parseGameRecord` reads it back. */
export function makePgn(r: RecordInput): string {
  const sans = sanRecord(r.variant, r.startFen, r.moves);
  const v = getVariant(r.variant);
  const tags: Tags = { Event: "?", Site: "?", Date: "????.??.??", Round: "-", White: "?", Black: "?", ...r.tags, Result: r.result };
  const variantTag = PGN_VARIANT_TAG[r.variant];
  if (variantTag) tags.Variant = variantTag;
  if (variantTag || r.startFen !== v.decl.startFen) {
    tags.SetUp = "1";
    tags.FEN = r.startFen;
  }
  return `${tagLines(tags)}\n\n${movetext(r.startFen, sans, r.result)}\n`;
}

export interface ParsedRecord {
  tags: Tags;
  variant: string;
  startFen: string;
  /** Canonical move texts, every one checked by replaying the game. */
  moves: string[];
  result: RecordResult;
  /** The rules module's verdict on the final position. */
  game: Game;
}

/** Record text quoted in an error: a few words, not a pasted megabyte. */
const clip = (s: string) => (s.length > 60 ? `${s.slice(0, 60)}…` : s);

const TAG = /^\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]$/;

function variantFromTag(value: string | undefined): string {
  if (!value || /^(standard|chess|orthodox)$/i.test(value)) return "chess";
  const key = value.trim().toLowerCase();
  // A declared game (a preset's version) by its id; the built-in ones by id or name.
  const id = variantIds().find((i) => i === key || getVariant(i).decl.name.toLowerCase() === key) ?? (isKnownVariant(key) ? key : undefined);
  if (!id) throw new RulesError(`unknown Variant "${clip(value)}" (known: ${variantIds().join(", ")})`);
  return id;
}

const SPACE = /\s/;
const isDigit = (c: string | undefined) => c !== undefined && c >= "0" && c <= "9";

/**
 * The movetext's tokens, in one pass: whitespace, `{comments}` and NAGs (`$14`)
 * separate them. A scanner rather than regular expressions, so that hostile text
 * (a `{` that is never closed, a megabyte of one token) costs time in proportion
 * to its length: `/\{[^}]*\}/g` rescans the rest of the text from every unclosed `{`.
 */
function movetextTokens(text: string): string[] {
  const tokens: string[] = [];
  let start = -1;
  const endToken = (at: number) => {
    if (start >= 0) tokens.push(text.slice(start, at));
    start = -1;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "{") {
      const close = text.indexOf("}", i + 1);
      if (close < 0) throw new RulesError(`a comment is never closed: the '{' at character ${i + 1} of the moves has no '}'`);
      endToken(i);
      i = close;
    } else if (c === "$" && isDigit(text[i + 1])) {
      endToken(i);
      while (isDigit(text[i + 1])) i++;
    } else if (c === "(" || c === ")") {
      throw new RulesError(`variations in parentheses cannot be imported: remove the '${c}' at character ${i + 1} of the moves, and what it encloses`);
    } else if (SPACE.test(c)) {
      endToken(i);
    } else if (start < 0) {
      start = i;
    }
  }
  endToken(text.length);
  return tokens;
}

/** Tokens that only go with their neighbours joined to them, as hand-written records space them: `= +B`, a lone `;`. */
function joinSpaced(tokens: string[]): string[] {
  const out: string[] = [];
  for (const t of tokens) {
    const last = out.length - 1;
    if (last >= 0 && (t === ";" || t.startsWith("=") || out[last].endsWith("="))) out[last] += t;
    else out.push(t);
  }
  return out;
}

/** Splits movetext into moves: actions run on while a token ends with ";". At most `maxMoves` moves. */
function splitMoves(text: string, maxMoves: number): { moves: string[]; result: RecordResult } {
  const tokens = joinSpaced(movetextTokens(text));
  let result: RecordResult = "*";
  const moves: string[] = [];
  let current: string[] = [];
  let action: string[] = [];
  const endAction = (continues: boolean) => {
    current.push(action.join(" "));
    action = [];
    if (!continues) {
      if (moves.length === maxMoves) throw new RulesError(`too many moves (at most ${maxMoves.toLocaleString("en")} plies)`);
      moves.push(current.join("; "));
      current = [];
    }
  };
  for (let t of tokens) {
    if (/^(1-0|0-1|1\/2-1\/2|\*)$/.test(t)) {
      result = t as RecordResult;
      continue;
    }
    t = t.replace(/^\d+\.(\.\.)?/, "");
    if (!t) continue;
    const continues = t.endsWith(";");
    if (continues) t = t.slice(0, -1);
    action.push(t);
    // An action is complete after a square-bearing token, "pass", a placement or SAN; a piece
    // letter (Shogi's promoted `+B` too) or "duck" (Duck chess's step) waits for its squares.
    const complete = action.length === 2 || /^(pass|[A-Za-z]\*\S+)$/i.test(t) || (action.length === 1 && !/^(\+?[A-Za-z]|duck)$/i.test(t));
    if (complete) endAction(continues);
  }
  if (action.length) throw new RulesError(`the movetext ends in the middle of a move ('${clip(action.join(" "))}')`);
  if (current.length) throw new RulesError("the movetext ends after a ';'");
  return { moves, result };
}

/**
 * Reads a record in the project's notation or, for orthodox chess, standard PGN
 * with SAN; replays every move, and the error names the first one that is not legal.
 */
export function parseGameRecord(text: string, options: { maxMoves?: number } = {}): Result<ParsedRecord> {
  return attempt(() => readRecord(text, options));
}

function readRecord(text: string, { maxMoves = Infinity }: { maxMoves?: number }): ParsedRecord {
  if (text.length > 1_000_000) throw new RulesError("the record is too long");
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const tags: Tags = {};
  let i = 0;
  for (; i < lines.length; i++) {
    const line = lines[i].trim();
    if (!line) continue;
    if (!line.startsWith("[")) break;
    const m = TAG.exec(line);
    if (!m) throw new RulesError(`cannot read the tag line ${line.slice(0, 80)}`);
    tags[m[1]] = m[2].replace(/\\(["\\])/g, "$1");
  }
  const variant = variantFromTag(tags.Variant);
  const v = getVariant(variant);
  const start = tags.FEN ? unwrap(parseFen(v, tags.FEN)) : undefined;
  // A record is the real game: a player's view is no start (docs/games/fog-of-war.md#the-view-as-fen).
  if (start && hasUnseen(start)) throw new RulesError("the FEN tag is a player's view ('?'), not a position a game can start from");
  const startFen = start ? makeFen(start) : v.decl.startFen;
  const { moves: written, result } = splitMoves(lines.slice(i).join("\n"), maxMoves);
  const game = Game.start(variant, startFen);
  // SAN too, in the games that have it: Game.play reads it.
  const moves = written.map((w) => playNamed(game, w));
  const tagged = tags.Result as RecordResult | undefined;
  return { tags, variant, startFen, moves, result: tagged && /^(1-0|0-1|1\/2-1\/2|\*)$/.test(tagged) ? tagged : result, game };
}
