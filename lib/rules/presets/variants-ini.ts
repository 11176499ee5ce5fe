/**
 * A Fairy-Stockfish `variants.ini` section read into the engine's declaration: `[name:parent]`
 * inheritance (from chess, capablanca, the template with no pieces, or a section above), its
 * named pieces and `customPieceN = x:Betza`, and the options docs/presets-formats.md#variantsini
 * lists, with Fairy-Stockfish's defaults (its variant.h, at the commit that doc names). An option
 * not listed is refused with its name and line, never dropped.
 */
import { parseBetza } from "../betza";
import type { Result } from "../result";
import type { CastlingDecl, PieceDecl, Royalty, VariantDecl } from "../variant";
import type { DeclPart } from "./limits";
import { LONGEST_NAME, lineError, quoted, readLines } from "./line-error";
import { switchMechanic } from "./switches";

/** Fairy-Stockfish's named pieces in its own order (types.h: pawn first, king last), with their Betza moves. */
const NAMED_PIECES: [string, string][] = [
  ["pawn", "fmWfcF"], ["knight", "N"], ["bishop", "B"], ["rook", "R"], ["queen", "Q"], ["fers", "F"], ["alfil", "A"],
  ["fersAlfil", "FA"], ["silver", "FfW"], ["aiwok", "RNF"], ["bers", "RF"], ["archbishop", "BN"], ["chancellor", "RN"],
  ["amazon", "QN"], ["knibis", "mNcB"], ["biskni", "mBcN"], ["kniroo", "mNcR"], ["rookni", "mRcN"], ["shogiPawn", "fW"],
  ["lance", "fR"], ["shogiKnight", "fN"], ["gold", "WfF"], ["dragonHorse", "BW"], ["clobber", "cW"], ["breakthrough", "fmWfF"],
  ["cannon", "mRcpR"], ["horse", "nN"], ["elephant", "nA"], ["banner", "RcpRnN"], ["wazir", "W"], ["commoner", "K"],
  ["centaur", "KN"],
];
const CUSTOM_SLOTS = 25;
/** Every kind of piece in Fairy-Stockfish's order: the named ones, the custom slots, the king. */
const KINDS = [...NAMED_PIECES.map(([k]) => k), ...Array.from({ length: CUSTOM_SLOTS }, (_, i) => `customPiece${i + 1}`), "king"];
const NAMED_BETZA = new Map<string, string>([...NAMED_PIECES, ["king", "K"]]);
/** Named pieces with rules of their own beyond their moves there: refused, not read as plain movers. */
const SPECIAL_PIECES: Record<string, string> = {
  janggiCannon: "its cannon restrictions", soldier: "its river rule", janggiElephant: "its Janggi rules", immobile: "its wall rules",
};
/** Our drawings of Fairy-Stockfish's pieces; the others get the generated glyph (art ""). */
const ART: Record<string, string> = {
  pawn: "pawn", knight: "knight", bishop: "bishop", rook: "rook", queen: "queen", king: "king", fers: "ferz",
  alfil: "alfil", centaur: "centaur", dragonHorse: "dragonHorse",
};

/** Options that only concern Fairy-Stockfish's evaluation or the XBoard GUI: read and ignored, harmless to the rules. */
const IGNORED = new Set(["variantTemplate", "pieceToCharTable", "pocketSize", "pieceValueMg", "pieceValueEg", "nnueAlias"]);

/** Fairy-Stockfish's switches (default false) that this reader has no rule for: read only when false, which changes nothing. */
const FALSE_ONLY = new Set([
  "chess960", "twoBoards", "sittuyinPromotion", "piecePromotionOnCapture", "pieceDemotion", "blastOnCapture", "petrifyOnCapture",
  "castlingDroppedPiece", "mustDrop", "dropLoop", "firstRankPawnDrops", "promotionZonePawnDrops", "dropOnTop", "sittuyinRookDrop",
  "dropOppositeColoredBishop", "dropPromoted", "immobilityIllegal", "gating", "arrowGating", "duckGating", "staticGating",
  "pastGating", "seirawanGating", "cambodianMoves", "pass", "passOnStalemate", "makpongRule", "flyingGeneral",
  "perpetualCheckIllegal", "moveRepetitionIllegal", "stalematePieceCount", "shogiPawnDropMateIllegal", "shatarMateRule",
  "bikjangRule", "extinctionClaim", "dupleCheck", "flagMove", "checkCounting", "nFoldValueAbsolute", "flagPieceBlockedWin",
]);

const MAX_SIDE = 16;

interface Entry {
  line: number;
  key: string;
  value: string;
}

interface Section {
  line: number;
  name: string;
  parent?: string;
  entries: Entry[];
}

type Value = "win" | "loss" | "draw";

/** A variant as Fairy-Stockfish holds it while sections are applied: pieces by kind, piece sets as kinds. */
interface State {
  files: number;
  ranks: number;
  pieces: Map<string, { letter: string; betza: string }>;
  startFen: string;
  promotionRegion: [string, string];
  doubleStepRegion: [string, string];
  promotionPawns: string[];
  promotionPieces: string[];
  enPassantTypes: string[];
  nMoveRuleTypes: string[];
  mandatoryPawnPromotion: boolean;
  doubleStep: boolean;
  enPassant: boolean;
  castling: boolean;
  castlingKingTo: [number, number];
  castlingKingFile?: number;
  castlingRookFiles?: [number, number];
  castlingKing: string;
  castlingRook: string;
  nMoveRule: number;
  stalemateValue: Value;
  extinctionValue?: Value;
  extinctionPieces: string[] | "*";
  extinctionPseudoRoyal: boolean;
  pieceDrops: boolean;
  capturesToHand: boolean;
  mustCapture: boolean;
}

/** Fairy-Stockfish's defaults (variant.h): standard chess's rules, and no pieces. */
function template(): State {
  return {
    files: 8, ranks: 8, pieces: new Map(),
    startFen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    // Its bitboards are absolute: rank 8 and 1, rank 2 and 7, whatever maxRank says.
    promotionRegion: ["*8", "*1"], doubleStepRegion: ["*2", "*7"],
    promotionPawns: ["pawn"], promotionPieces: ["queen", "rook", "bishop", "knight"], enPassantTypes: ["pawn"], nMoveRuleTypes: ["pawn"],
    mandatoryPawnPromotion: true, doubleStep: true, enPassant: true,
    castling: true, castlingKingTo: [6, 2], castlingKing: "king", castlingRook: "rook",
    nMoveRule: 50, stalemateValue: "draw", extinctionPieces: [], extinctionPseudoRoyal: false,
    pieceDrops: false, capturesToHand: false, mustCapture: false,
  };
}

const copy = (s: State): State => ({ ...s, pieces: new Map(s.pieces) });

/** Fairy-Stockfish's built-in games a section may inherit from (variant.cpp). */
function builtInParent(name: string): State | undefined {
  if (name !== "chess" && name !== "capablanca") return undefined;
  const s = template();
  for (const [kind, letter] of [["king", "k"], ["queen", "q"], ["rook", "r"], ["bishop", "b"], ["knight", "n"], ["pawn", "p"]]) {
    s.pieces.set(kind, { letter, betza: NAMED_BETZA.get(kind)! });
  }
  if (name === "capablanca") {
    s.files = 10;
    s.castlingKingTo = [8, 2];
    s.pieces.set("archbishop", { letter: "a", betza: "BN" });
    s.pieces.set("chancellor", { letter: "c", betza: "RN" });
    s.startFen = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";
    s.promotionPieces = ["archbishop", "chancellor", "queen", "rook", "bishop", "knight"];
  }
  return s;
}

/**
 * The lines that may declare a part of the declaration (limits.ts's DeclPart), for the shared
 * check's messages: the first line matching is named.
 */
export function variantsIniPartLines(part: DeclPart): RegExp | undefined {
  if (part === "name") return /^\s*\[/;
  const piece = /^piece \+?([A-Z])$/.exec(part);
  if (piece) return new RegExp(`^\\s*\\w+\\s*=\\s*${piece[1]}(:|\\s|$)`, "i");
  const keys: Record<string, string> = {
    board: "maxFile|maxRank", start: "startFen", royalty: "king|extinctionValue|extinctionPieceTypes", castling: "castling\\w*",
    "en passant": "enPassant\\w*|doubleStep\\w*", "switch drops": "pieceDrops|capturesToHand",
  };
  return keys[part] === undefined ? undefined : new RegExp(`^\\s*(${keys[part]})\\s*=`);
}

/**
 * The declaration a section describes: `section` by name, else the last section of the text
 * (those above it may be its parents). Only the sections it inherits from are read for their
 * rules; every line is read for its shape.
 */
export function parseVariantsIni(text: string, section?: string): Result<VariantDecl> {
  return readLines(() => {
    const sections = readSections(text);
    const chosen = section === undefined ? sections[sections.length - 1] : sections.find((s) => s.name === section);
    if (!chosen) throw lineError(1, section === undefined ? "no [section]" : `no section [${section}]`);
    return toDecl(resolve(chosen, sections), chosen);
  });
}

function readSections(text: string): Section[] {
  const sections: Section[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const text = raw.replace(/#.*$/, "").trim();
    if (text === "" || text.startsWith(";")) return;
    const header = /^\[([A-Za-z0-9_-]+)(?::([A-Za-z0-9_-]+))?\]$/.exec(text);
    if (header) {
      for (const name of header.slice(1)) {
        if (name && name.length > LONGEST_NAME) throw lineError(line, `section name ${quoted(name)} is longer than ${LONGEST_NAME} characters`);
      }
      if (sections.some((s) => s.name === header[1])) throw lineError(line, `section [${header[1]}] is defined twice`);
      sections.push({ line, name: header[1], parent: header[2], entries: [] });
      return;
    }
    const entry = /^([A-Za-z][A-Za-z0-9]*)\s*=\s*(.*)$/.exec(text);
    if (!entry) throw lineError(line, `cannot read ${quoted(text)}: neither [section] nor key = value`);
    // Every key Fairy-Stockfish reads is shorter: the refusals below name a key whole.
    if (entry[1].length > LONGEST_NAME) throw lineError(line, `${quoted(entry[1])} is not a key of variants.ini (none is longer than ${LONGEST_NAME} characters)`);
    const current = sections[sections.length - 1];
    if (!current) throw lineError(line, `${entry[1]} before any [section]`);
    current.entries.push({ line, key: entry[1], value: entry[2].trim() });
  });
  return sections;
}

/** The state after the section's parents and then the section itself are applied. */
function resolve(section: Section, sections: Section[]): State {
  const chain: Section[] = [];
  let at: Section | undefined = section;
  let base: State | undefined;
  // Each step goes to a section above the last: the chain is at most as long as the text has sections.
  while (at) {
    chain.unshift(at);
    if (!at.parent) {
      base = template();
      break;
    }
    const parentName: string = at.parent;
    const index: number = sections.indexOf(at);
    const above = sections.slice(0, index).find((s) => s.name === parentName);
    if (above) {
      at = above;
      continue;
    }
    base = builtInParent(parentName);
    if (!base) throw lineError(at.line, `parent ${quoted(parentName)}: only chess, capablanca or a section above can be inherited from`);
    break;
  }
  let state = base!;
  for (const s of chain) state = apply(copy(state), s);
  return state;
}

/** One section's lines applied to its parent's state: pieces first, then the options, as Fairy-Stockfish's parser does. */
function apply(s: State, section: Section): State {
  const seen = new Map<string, number>();
  for (const e of section.entries) {
    const first = seen.get(e.key);
    if (first !== undefined) throw lineError(e.line, `${e.key} is set twice (first on line ${first})`);
    seen.set(e.key, e.line);
  }
  const pieceEntries = section.entries.filter((e) => NAMED_BETZA.has(e.key) || /^customPiece\d+$/.test(e.key) || e.key in SPECIAL_PIECES);
  for (const e of pieceEntries) definePiece(s, e);
  // In the order of Fairy-Stockfish's parser: the board first; pawnTypes before the three sets it
  // sets (a more specific option given too wins); the deprecated ranks last, over the regions.
  const rank = (e: Entry) => (e.key === "maxFile" || e.key === "maxRank" ? 0 : e.key === "pawnTypes" ? 1 : DEPRECATED_RANKS.has(e.key) ? 3 : 2);
  const options = section.entries.filter((e) => !pieceEntries.includes(e)).sort((a, b) => rank(a) - rank(b));
  for (const e of options) {
    if (e.key === "pawnTypes") s.promotionPawns = s.enPassantTypes = s.nMoveRuleTypes = kindsOf(s, e);
    else if (DEPRECATED_RANKS.has(e.key)) applyDeprecatedRank(s, e, options);
    else applyOption(s, e);
  }
  return s;
}

/** Fairy-Stockfish's older options, which it still reads: relative ranks rather than regions. */
const DEPRECATED_RANKS = new Set(["promotionRank", "doubleStepRank", "doubleStepRankMin"]);

/**
 * `promotionRank = N`: the promotion region is each side's relative ranks N to the last.
 * `doubleStepRank = N` / `doubleStepRankMin = M`: the double-step region is relative ranks M to N
 * (both 2 by default); as in Fairy-Stockfish's parser, doubleStepRankMin is read only when
 * doubleStepRank is not given.
 */
function applyDeprecatedRank(s: State, e: Entry, options: Entry[]): void {
  const n = int(e, s.ranks);
  if (n < 1) throw lineError(e.line, `${e.key} must be a rank from 1 to ${s.ranks}`);
  const ranks = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
  const region = (rel: number[]): [string, string] => [
    rel.map((r) => `*${r}`).join(" ") || "-", rel.map((r) => `*${s.ranks + 1 - r}`).join(" ") || "-",
  ];
  if (e.key === "promotionRank") s.promotionRegion = region(ranks(n, s.ranks));
  else if (e.key === "doubleStepRank") s.doubleStepRegion = region(ranks(2, n));
  else if (!options.some((o) => o.key === "doubleStepRank")) s.doubleStepRegion = region(ranks(n, 2));
}

function definePiece(s: State, e: Entry): void {
  if (e.key in SPECIAL_PIECES) throw lineError(e.line, `${e.key} is not read: ${SPECIAL_PIECES[e.key]} have no rule here; define it as a customPiece`);
  const custom = /^customPiece(\d+)$/.exec(e.key);
  if (custom && (Number(custom[1]) < 1 || Number(custom[1]) > CUSTOM_SLOTS)) throw lineError(e.line, `${e.key}: the slots are customPiece1 to customPiece${CUSTOM_SLOTS}`);
  if (e.value === "-") {
    s.pieces.delete(e.key);
    return;
  }
  const m = /^([A-Za-z])(?::(.*))?$/.exec(e.value);
  if (!m) throw lineError(e.line, `${e.key} = ${quoted(e.value)}: write a letter, or letter:Betza`);
  const letter = m[1].toLowerCase();
  // Fairy-Stockfish's Betza reader passes over `e` (its pawn is fmWfceF): en passant is enPassantTypes' to say.
  const betza = m[2]?.replace(/e/g, "") ?? (custom ? undefined : NAMED_BETZA.get(e.key));
  if (betza === undefined) throw lineError(e.line, `${e.key} needs its moves: ${letter}:Betza`);
  if (m[2] !== undefined && !custom && e.key !== "king") throw lineError(e.line, `${e.key} has its own moves; a piece with other moves is a customPiece`);
  const parsed = parseBetza(betza);
  if (!parsed.ok) throw lineError(e.line, `${e.key}: ${parsed.error}`);
  if (betza === "") throw lineError(e.line, `${e.key}: a piece that never moves is not read`);
  // One letter is one piece: a letter given again takes it from the piece that had it (Fairy-Stockfish's add_piece).
  for (const [kind, p] of s.pieces) if (p.letter === letter) s.pieces.delete(kind);
  s.pieces.set(e.key, { letter, betza });
}

/** Letters of defined pieces (`nbrq`, spaces allowed; `-` for none) as kinds. */
function kindsOf(s: State, e: Entry, allowStar = false): string[] {
  if (e.value === "-" || e.value === "") return [];
  if (allowStar && e.value === "*") return ["*"];
  return [...e.value.replace(/\s+/g, "")].map((c) => {
    const kind = [...s.pieces].find(([, p]) => p.letter === c.toLowerCase())?.[0];
    if (!kind) throw lineError(e.line, `${e.key}: ${quoted(c)} is not a piece of this variant`);
    return kind;
  });
}

function bool(e: Entry): boolean {
  if (e.value !== "true" && e.value !== "false") throw lineError(e.line, `${e.key} must be true or false, not ${quoted(e.value)}`);
  return e.value === "true";
}

function int(e: Entry, max: number): number {
  if (!/^\d{1,4}$/.test(e.value) || Number(e.value) > max) throw lineError(e.line, `${e.key} must be a number from 0 to ${max}, not ${quoted(e.value)}`);
  return Number(e.value);
}

/** A file as a letter (a…p) or a number (1…16), 0-based. */
function file(e: Entry): number {
  const v = e.value.toLowerCase();
  const n = /^[a-p]$/.test(v) ? v.charCodeAt(0) - 96 : /^\d{1,2}$/.test(v) ? Number(v) : 0;
  if (n < 1 || n > MAX_SIDE) throw lineError(e.line, `${e.key} must be a file a to p (or 1 to ${MAX_SIDE}), not ${quoted(e.value)}`);
  return n - 1;
}

function value(e: Entry): Value {
  if (e.value !== "win" && e.value !== "loss" && e.value !== "draw") throw lineError(e.line, `${e.key} must be win, loss or draw, not ${quoted(e.value)}`);
  return e.value;
}

function applyOption(s: State, e: Entry): void {
  const { key } = e;
  if (IGNORED.has(key)) return;
  if (FALSE_ONLY.has(key)) {
    if (bool(e)) throw lineError(e.line, `${key} = true is not supported`);
    return;
  }
  switch (key) {
    case "maxFile":
      s.files = file(e) + 1;
      return;
    case "maxRank": {
      const n = int(e, MAX_SIDE);
      if (n < 2) throw lineError(e.line, `maxRank must be from 2 to ${MAX_SIDE}`);
      s.ranks = n;
      return;
    }
    case "startFen":
      s.startFen = e.value;
      return;
    case "promotionRegionWhite":
      s.promotionRegion[0] = e.value;
      return;
    case "promotionRegionBlack":
      s.promotionRegion[1] = e.value;
      return;
    case "doubleStepRegionWhite":
      s.doubleStepRegion[0] = e.value;
      return;
    case "doubleStepRegionBlack":
      s.doubleStepRegion[1] = e.value;
      return;
    case "promotionPawnTypes":
      s.promotionPawns = kindsOf(s, e);
      return;
    case "promotionPieceTypes":
      s.promotionPieces = kindsOf(s, e);
      return;
    case "enPassantTypes":
      s.enPassantTypes = kindsOf(s, e);
      return;
    case "nMoveRuleTypes":
      s.nMoveRuleTypes = kindsOf(s, e);
      return;
    case "mandatoryPawnPromotion":
      s.mandatoryPawnPromotion = bool(e);
      if (!s.mandatoryPawnPromotion) throw lineError(e.line, "mandatoryPawnPromotion = false is not supported: promotion here is compulsory");
      return;
    case "doubleStep":
      s.doubleStep = bool(e);
      return;
    case "enPassantRegion":
      // Only all squares or none: a region in between has no rule here.
      if (e.value === "-") s.enPassant = false;
      else throw lineError(e.line, "enPassantRegion is read only as '-' (no en passant); en passant elsewhere is on every square");
      return;
    case "castling":
      s.castling = bool(e);
      return;
    case "castlingKingsideFile":
      s.castlingKingTo = [file(e), s.castlingKingTo[1]];
      return;
    case "castlingQueensideFile":
      s.castlingKingTo = [s.castlingKingTo[0], file(e)];
      return;
    case "castlingKingFile":
      s.castlingKingFile = file(e);
      return;
    case "castlingRookKingsideFile":
      s.castlingRookFiles = [file(e), s.castlingRookFiles?.[1] ?? 0];
      return;
    case "castlingRookQueensideFile":
      s.castlingRookFiles = [s.castlingRookFiles?.[0] ?? s.files - 1, file(e)];
      return;
    case "castlingRank":
      if (e.value !== "1") throw lineError(e.line, "castlingRank other than 1 is not supported");
      return;
    case "castlingKingPiece":
    case "castlingRookPiece":
    case "castlingRookPieces": {
      const kinds = kindsOf(s, e);
      if (kinds.length !== 1) throw lineError(e.line, `${key}: one piece castles, not ${kinds.length}`);
      if (key === "castlingKingPiece") s.castlingKing = kinds[0];
      else s.castlingRook = kinds[0];
      return;
    }
    case "checking":
    case "dropChecks":
      if (!bool(e)) throw lineError(e.line, `${key} = false is not supported`);
      return;
    case "mustCapture":
      s.mustCapture = bool(e);
      return;
    case "pieceDrops":
      s.pieceDrops = bool(e);
      return;
    case "capturesToHand":
      s.capturesToHand = bool(e);
      return;
    case "nMoveRule":
      s.nMoveRule = int(e, 1000);
      return;
    case "nFoldRule":
      if (e.value !== "3") throw lineError(e.line, "nFoldRule other than 3 is not supported: repetition is threefold");
      return;
    case "nFoldValue":
      if (value(e) !== "draw") throw lineError(e.line, "nFoldValue other than draw is not supported");
      return;
    case "stalemateValue":
      s.stalemateValue = value(e);
      return;
    case "checkmateValue":
      if (value(e) !== "loss") throw lineError(e.line, "checkmateValue other than loss is not supported");
      return;
    case "extinctionValue":
      s.extinctionValue = value(e);
      if (s.extinctionValue === "draw") throw lineError(e.line, "extinctionValue = draw is not supported");
      return;
    case "extinctionPieceTypes": {
      const kinds = kindsOf(s, e, true);
      s.extinctionPieces = kinds[0] === "*" ? "*" : kinds;
      return;
    }
    case "extinctionPseudoRoyal":
      s.extinctionPseudoRoyal = bool(e);
      return;
    default:
      throw lineError(e.line, `${key} is not supported (docs/presets-formats.md#variantsini lists what is read)`);
  }
}

/** The ranks (1-based) a region holds, where it is whole ranks: `*8`, `*6 *7 *8`, or squares filling ranks. */
function regionRanks(text: string, files: number, ranks: number, what: string, line: number): number[] {
  if (text === "-" || text === "") return [];
  const squares = new Set<string>();
  for (const token of text.split(/\s+/)) {
    const m = /^([a-p*])(\d{1,2})$/.exec(token);
    if (!m || Number(m[2]) < 1 || Number(m[2]) > ranks || (m[1] !== "*" && m[1].charCodeAt(0) - 97 >= files)) {
      throw lineError(line, `${what}: ${quoted(token)} is not a square or rank (*N) of the board`);
    }
    const rank = Number(m[2]);
    if (m[1] === "*") for (let f = 0; f < files; f++) squares.add(`${f},${rank}`);
    else squares.add(`${m[1].charCodeAt(0) - 97},${rank}`);
  }
  const out: number[] = [];
  for (let r = 1; r <= ranks; r++) {
    const n = Array.from({ length: files }, (_, f) => squares.has(`${f},${r}`)).filter(Boolean).length;
    if (n === files) out.push(r);
    else if (n > 0) throw lineError(line, `${what} is read only as whole ranks`);
  }
  return out;
}

/** The line an option of the section chain was set on, for refusals found only once the section is read whole. */
function lineOf(section: Section, key: string): number {
  return section.entries.find((e) => e.key === key)?.line ?? section.line;
}

function toDecl(s: State, section: Section): VariantDecl {
  const at = (key: string) => lineOf(section, key);
  const letter = (kind: string) => s.pieces.get(kind)!.letter.toUpperCase();
  const has = (kind: string) => s.pieces.has(kind);
  const kinds = KINDS.filter(has);
  const region = (pair: [string, string], key: string) => {
    const white = regionRanks(pair[0], s.files, s.ranks, `${key}White`, at(`${key}White`));
    const black = regionRanks(pair[1], s.files, s.ranks, `${key}Black`, at(`${key}Black`));
    if (white.map((r) => s.ranks + 1 - r).sort((a, b) => a - b).join() !== black.join()) {
      throw lineError(at(`${key}White`), `${key}White and ${key}Black are not mirror images on this ${s.ranks}-rank board (Fairy-Stockfish's defaults are rank 8 and 1, 2 and 7): give both`);
    }
    return white;
  };

  const promoting = s.promotionPawns.filter(has);
  const promotionPieces = s.promotionPieces.filter(has).map(letter);
  const promotionRanks = promoting.length && promotionPieces.length ? region(s.promotionRegion, "promotionRegion") : [];
  if (promotionRanks.length && promotionRanks[0] !== s.ranks - promotionRanks.length + 1) {
    throw lineError(at("promotionRegionWhite"), "the promotion region must be the last ranks of the board");
  }
  const victims = kinds.filter((k) => (k === "pawn" && s.doubleStep) || (k !== "pawn" && atomsOf(s.pieces.get(k)!.betza).some((a) => a.initial)));
  const initial = victims.length ? region(s.doubleStepRegion, "doubleStepRegion") : [];

  const pieces: PieceDecl[] = kinds.map((kind) => {
    const p = s.pieces.get(kind)!;
    const decl: PieceDecl = {
      letter: p.letter.toUpperCase(),
      name: kind.startsWith("customPiece") ? `Piece ${p.letter.toUpperCase()}` : pieceName(kind),
      art: ART[kind] ?? "",
      betza: kind === "pawn" && s.doubleStep ? `${p.betza}ifmnD` : p.betza,
    };
    if (victims.includes(kind)) decl.initialRanks = initial;
    if (promoting.includes(kind) && promotionRanks.length) {
      decl.promotesTo = promotionPieces.filter((l) => l !== decl.letter);
      decl.forbiddenRanks = ["first", "last"];
      if (promotionRanks.length > 1) decl.promotionRanks = promotionRanks.length;
    }
    if (s.nMoveRuleTypes.includes(kind)) decl.pawnLike = true;
    return decl;
  });

  const decl: VariantDecl = {
    id: section.name.toLowerCase(),
    name: section.name,
    files: s.files,
    ranks: s.ranks,
    startFen: fullFen(s.startFen),
    pieces,
    royalty: royalty(s, section, letter),
    stalemate: s.stalemateValue,
    summary: [`Read from a Fairy-Stockfish variants.ini section [${section.name}${section.parent ? `:${section.parent}` : ""}].`],
  };
  const castling = castlingOf(s, section, letter);
  if (castling) decl.castling = castling;
  const capturers = s.enPassantTypes.filter(has);
  if (s.enPassant && victims.length && capturers.length) {
    // Fairy-Stockfish writes the square after a pawn's double step only when a pawn stands to take it, unless other pieces take en passant; after any other piece's, always.
    const onlyPawns = victims.every((k) => k === "pawn") && capturers.every((k) => k === "pawn");
    if (!onlyPawns && victims.includes("pawn") && capturers.every((k) => k === "pawn")) {
      throw lineError(at("enPassantTypes"), "en passant of pawns and of other double-steppers by pawns alone is not supported");
    }
    decl.enPassant = { victims: victims.map(letter), capturers: capturers.map(letter), ...(onlyPawns ? { writtenOnlyWhenCapturable: true } : {}) };
  }
  if (s.nMoveRule !== 50) decl.moveRule = s.nMoveRule;
  if (s.mustCapture) decl.mustCapture = true;
  if (s.pieceDrops !== s.capturesToHand) throw lineError(at(s.pieceDrops ? "pieceDrops" : "capturesToHand"), "pieceDrops and capturesToHand are read only together (captured pieces are dropped, as in Crazyhouse)");
  if (s.pieceDrops) {
    if (promotionRanks.length > 1) throw lineError(at("pieceDrops"), "drops with a promotion zone deeper than one rank are not supported");
    const dropped = [...kinds].reverse().filter((k) => k !== "king").map(letter);
    const options = { pieces: dropped, capturesToHand: true, ...(promoting.length === 1 ? { promotedFrom: letter(promoting[0]) } : {}) };
    decl.mechanics = [switchMechanic({ kind: "drops", options })];
  } else if (s.stalemateValue === "draw" && s.extinctionValue === undefined) {
    // Too little to mate, as Fairy-Stockfish judges it: a king with knights or bishops all on one colour (a custom piece always may mate).
    decl.deadPosition = { minors: ["knight", "bishop"].filter(has).map(letter), ...(has("bishop") ? { bishop: letter("bishop") } : {}) };
  }
  return decl;
}

/** A piece's atoms; its Betza was read when the piece was defined. */
function atomsOf(betza: string) {
  return parseBetza(betza).value ?? [];
}

/** `dragonHorse` → "Dragon horse". */
function pieceName(kind: string): string {
  const words = kind.replace(/([A-Z])/g, " $1").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** FEN with its six fields: Fairy-Stockfish's may leave out the move counters. */
function fullFen(fen: string): string {
  const fields = fen.trim().split(/\s+/);
  return fields.length === 4 ? `${fields.join(" ")} 0 1` : fen.trim();
}

function royalty(s: State, section: Section, letter: (kind: string) => string): Royalty {
  if (s.extinctionValue !== undefined) {
    if (s.pieces.has("king")) throw lineError(lineOf(section, "extinctionValue"), "extinction rules beside a king are not supported (write king = - and name the pieces)");
    const pieces = s.extinctionPieces === "*" ? [...s.pieces.keys()] : s.extinctionPieces.filter((k) => s.pieces.has(k));
    if (!pieces.length) throw lineError(lineOf(section, "extinctionValue"), "extinctionValue without extinctionPieceTypes");
    return { kind: "extinction", pieces: pieces.map(letter), check: s.extinctionPseudoRoyal, ...(s.extinctionValue === "win" ? { whenGone: "wins" as const } : {}) };
  }
  if (!s.pieces.has("king")) throw lineError(section.line, `[${section.name}] has no king (king = k) and no extinctionValue`);
  return { kind: "king", piece: letter("king") };
}

/**
 * Castling as Fairy-Stockfish plays it outside Chess960: the king from its file on rank 1 (the
 * start position's) to castlingKingsideFile or castlingQueensideFile, the rook from the corner
 * (or castlingRook…File) to the square beside the king, on the inside.
 */
function castlingOf(s: State, section: Section, letter: (kind: string) => string): CastlingDecl | undefined {
  if (!s.castling || !s.pieces.has(s.castlingKing) || !s.pieces.has(s.castlingRook)) return undefined;
  const fileLetter = (f: number) => String.fromCharCode(97 + f);
  const king = letter(s.castlingKing);
  const firstRank = fullFen(s.startFen).split(/[\s/]/)[s.ranks - 1] ?? "";
  let kingFile = s.castlingKingFile;
  if (kingFile === undefined) {
    let f = 0;
    // The rank's text is bounded by the FEN's length.
    for (const [token] of firstRank.matchAll(/\d+|./g)) {
      if (token === king) kingFile = f;
      f += /\d/.test(token) ? Number(token) : 1;
    }
  }
  if (kingFile === undefined) return undefined;
  const [ks, qs] = s.castlingKingTo;
  const rooks = s.castlingRookFiles ?? [s.files - 1, 0];
  if (ks >= s.files || qs >= s.files || rooks[0] >= s.files) throw lineError(lineOf(section, "castlingKingsideFile"), "a castling file lies off the board");
  return {
    king,
    rook: letter(s.castlingRook),
    kingTo: [fileLetter(ks), fileLetter(qs)],
    rookTo: [fileLetter(ks - 1), fileLetter(qs + 1)],
    homes: { king: fileLetter(kingFile), rooks: [fileLetter(rooks[0]), fileLetter(rooks[1])] },
  };
}
