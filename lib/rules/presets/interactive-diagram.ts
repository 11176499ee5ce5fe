/**
 * chessvariants.com Interactive Diagram settings (H. G. Muller's diagram) read into the engine's
 * declaration: `key=value` settings and piece lines `name:ID:Betza:image:white squares,,black
 * squares`, one per line as authors write them or run together on one line as the Royal
 * Substitute page shows them. docs/presets-formats.md#interactive-diagram says how each setting
 * is read; anything else is refused with the line it stands on, never dropped.
 */
import { parseBetza, type Atom } from "../betza";
import type { Result } from "../result";
import type { PieceDecl, Royalty, VariantDecl } from "../variant";
import type { DeclPart } from "./limits";
import { LONGEST_NAME, lineError, quoted, readLines } from "./line-error";

/** Settings that only change how the diagram looks or what its AI does: read and ignored, harmless to the rules. */
const DISPLAY_SETTINGS = new Set([
  "graphicsDir", "graphicsType", "squareSize", "whitePrefix", "blackPrefix", "lightShade", "darkShade", "oddShade",
  "coordColor", "holeColor", "rimColor", "borders", "satellite", "enableAI", "newClick", "useMarkers", "hideSettings",
]);

/** The rule settings this reader understands (docs/presets-formats.md#interactive-diagram). */
const RULE_SETTINGS = new Set([
  "files", "ranks", "promoZone", "promoChoice", "maxPromote", "stalemate", "baring", "royal", "morph", "holdings",
  "symmetry", "firstRank",
]);

/** Settings that may be given more than once, their values joined. */
const REPEATABLE = new Set(["royal", "baring"]);

/** The diagram's piece images (the Alfaerie names) that have a drawing of ours; others get the generated glyph (art ""). */
const IMAGE_ART: Record<string, string> = {
  king: "king", queen: "queen", rook: "rook", bishop: "bishop", knight: "knight", pawn: "pawn",
  ferz: "ferz", fers: "ferz", alfil: "alfil", elephant: "alfil", centaur: "centaur",
  promotedbishop: "dragonHorse", dragonhorse: "dragonHorse",
};

const MAX_SIDE = 16;
/** Words in a piece's name ("dragon horse"): more before a colon is not a piece line. */
const MAX_NAME_WORDS = 6;

interface Setting {
  line: number;
  key: string;
  value: string;
}

interface PieceLine {
  line: number;
  name: string;
  id: string;
  betza: string;
  image: string;
  squares: string;
  count: string;
  morph?: Setting;
}

/**
 * The lines that may declare a part of the declaration (limits.ts's DeclPart), for the shared
 * check's messages: the first line matching is named (a piece by its ID, or by its name's
 * first letter where the ID is left out).
 */
export function interactiveDiagramPartLines(part: DeclPart): RegExp | undefined {
  const piece = /^piece ([A-Z])$/.exec(part);
  if (piece) return new RegExp(`(^|\\s)(${piece[1]}[^\\s:=]*::|[^\\s:=]*:${piece[1]}:)`, "i");
  const keys: Record<string, string> = { board: "files|ranks", royalty: "royal", start: "symmetry|files" };
  return keys[part] === undefined ? undefined : new RegExp(`(^|\\s)(${keys[part]})=`);
}

/** The declaration Interactive Diagram settings describe, or the first line refused. */
export function parseInteractiveDiagram(text: string): Result<VariantDecl> {
  return readLines(() => readDiagram(text));
}

function readDiagram(text: string): VariantDecl {
  const { settings, pieces } = tokenize(text);
  const get = (key: string) => settings.get(key);
  const files = boardSide(get("files"), "files");
  const ranks = boardSide(get("ranks"), "ranks");
  for (const key of ["holdings", "firstRank"] as const) {
    const s = get(key);
    const allowed = key === "holdings" ? ["", "0"] : ["", "1"];
    if (s && !allowed.includes(s.value)) {
      throw lineError(s.line, key === "holdings"
        ? "holdings (pieces in hand) are not read from diagram settings"
        : "firstRank other than 1 is not read: squares are named from rank 1");
    }
  }
  if (pieces.length === 0) throw lineError(1, "no piece lines (name:ID:Betza:image:squares)");

  // Letters and moves first: promotion choices and royalty name pieces by ID.
  const letters = new Map<string, number>();
  const atoms: Atom[][] = [];
  const enPassantCapturers = new Set<PieceLine>();
  pieces.forEach((p, i) => {
    const id = (p.id || p.name.charAt(0)).toUpperCase();
    if (!/^[A-Z]$/.test(id)) throw lineError(p.line, `piece ID ${quoted(id)} must be one letter`);
    if (letters.has(id)) throw lineError(p.line, `piece ID ${id} is used twice`);
    letters.set(id, i);
    p.id = id;
    if (p.betza === "") throw lineError(p.line, `${p.name} has no moves: write its Betza notation (the diagram's defaults for known names are not read)`);
    p.betza = withoutEnPassant(p, enPassantCapturers);
    const parsed = parseBetza(p.betza);
    if (!parsed.ok) throw lineError(p.line, `${p.name}: ${parsed.error}`);
    atoms.push(parsed.value);
    if (p.count !== "" && p.count !== "0") throw lineError(p.line, `${p.name}: pieces in hand (${quoted(p.count)}) are not read`);
  });
  const idsIn = (s: Setting, value: string): string[] =>
    [...value].map((c) => {
      const id = c.toUpperCase();
      if (!letters.has(id)) throw lineError(s.line, `${s.key}: ${quoted(c)} is not a piece ID`);
      return id;
    });

  const board = placePieces(pieces, files, ranks, get("symmetry"));

  // Promotion: the first maxPromote piece types promote to promoChoice in the promoZone; a morph board gives its piece's own.
  const promoZone = count(get("promoZone"), 1, ranks, "promoZone");
  const maxPromote = count(get("maxPromote"), 1, pieces.length, "maxPromote", 0);
  const choiceSetting = get("promoChoice");
  const choice = choiceSetting && choiceSetting.value !== "" ? idsIn(choiceSetting, choiceSetting.value) : [];
  const promotions = pieces.map((p, i): { to: string[]; ranks: number } | undefined => {
    const byChoice = i < maxPromote && choice.length > 0;
    if (p.morph && byChoice) throw lineError(p.morph.line, `${p.name} promotes both by promoChoice and by morph`);
    if (p.morph) return readMorph(p, p.morph, files, ranks, atoms[i], letters);
    return byChoice ? { to: choice, ranks: promoZone } : undefined;
  });

  const decls: PieceDecl[] = pieces.map((p, i) => {
    const promotion = promotions[i];
    const decl: PieceDecl = {
      letter: p.id,
      name: p.name.charAt(0).toUpperCase() + p.name.slice(1),
      art: IMAGE_ART[p.image.toLowerCase()] ?? "",
      betza: p.betza,
    };
    if (promotion) {
      if (promotion.to.includes(p.id)) throw lineError(p.line, `${p.name} would promote into itself`);
      Object.assign(decl, { promotesTo: promotion.to, forbiddenRanks: ["last"], pawnLike: true });
      if (promotion.ranks !== 1) decl.promotionRanks = promotion.ranks;
    }
    if (atoms[i].some((a) => a.initial)) decl.initialRanks = initialRanks(p, atoms[i], board, ranks);
    return decl;
  });

  // En passant: a piece with an initial double step straight forward may be taken as it passes by the pieces whose captures say `e`.
  const doubleSteppers = decls.filter((_, i) => atoms[i].some((a) => a.initial && a.dx === 0 && a.move && !a.capture && a.max >= 2));
  const capturers = pieces.filter((p) => enPassantCapturers.has(p)).map((p) => p.id);
  const enPassant = doubleSteppers.length && capturers.length ? { victims: doubleSteppers.map((d) => d.letter), capturers } : undefined;

  return {
    id: "diagram",
    name: "Interactive Diagram game",
    files,
    ranks,
    startFen: `${makePlacement(board, files, ranks)} w - - 0 1`,
    pieces: decls,
    royalty: readRoyalty(get("royal"), pieces, letters, board),
    stalemate: readStalemate(get("stalemate")),
    ...(readBaring(get("baring")) ? { bareRoyal: "lookahead" as const } : {}),
    ...(enPassant ? { enPassant } : {}),
    summary: ["Read from chessvariants.com Interactive Diagram settings."],
  };
}

/**
 * XBetza's `e` (with `c`: these captures also take en passant, the diagram's pawn `fmWfceFifmnD`)
 * taken out of a piece's moves, the piece noted as a capturer. `e` without `c` is refused.
 */
function withoutEnPassant(p: PieceLine, capturers: Set<PieceLine>): string {
  if (!p.betza.includes("e")) return p.betza;
  for (const [, mods] of p.betza.matchAll(/([a-z]*)[A-Z]/g)) {
    if (mods.includes("e") && !mods.includes("c")) throw lineError(p.line, `${p.name}: 'e' (en passant) is read only with 'c' (as in fceF)`);
  }
  capturers.add(p);
  return p.betza.replace(/e/g, "");
}

/** Settings and piece lines, each with its line; words before a piece line's first colon are its name. */
function tokenize(text: string): { settings: Map<string, Setting>; pieces: PieceLine[] } {
  const settings = new Map<string, Setting>();
  const pieces: PieceLine[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    let words: string[] = [];
    // Token by token, so a refusal comes as soon as a line goes wrong, however long the line.
    for (const [token] of raw.matchAll(/\S+/g)) {
      const setting = /^([A-Za-z][A-Za-z0-9]*)=(.*)$/.exec(token);
      if (setting && words.length === 0) {
        const [, key, value] = setting;
        if (key === "morph") {
          const last = pieces[pieces.length - 1];
          if (!last) throw lineError(line, "morph before any piece line: it belongs to the piece defined before it");
          if (last.morph) throw lineError(line, `${last.name} has two morph settings`);
          last.morph = { line, key, value };
          continue;
        }
        if (DISPLAY_SETTINGS.has(key)) continue;
        if (!RULE_SETTINGS.has(key)) throw lineError(line, `unknown setting ${quoted(key)}`);
        const before = settings.get(key);
        if (before && !REPEATABLE.has(key)) throw lineError(line, `${key} is set twice (first on line ${before.line})`);
        settings.set(key, before ? { ...before, value: `${before.value},${value}` } : { line, key, value });
      } else if (token.includes(":") && !setting) {
        const fields = [...words, token].join(" ").split(":");
        words = [];
        if (fields.length < 5 || fields.length > 6) {
          throw lineError(line, `a piece line has 5 or 6 fields (name:ID:Betza:image:squares), not ${fields.length}: ${quoted(token)}`);
        }
        const [name, id, betza, image, squares, count = ""] = fields;
        if (name.trim() === "") throw lineError(line, "a piece line without a name");
        // The refusals about a piece name it whole.
        if (name.trim().length > LONGEST_NAME) throw lineError(line, `piece name ${quoted(name.trim())} is longer than ${LONGEST_NAME} characters`);
        pieces.push({ line, name: name.trim(), id, betza, image, squares, count });
      } else {
        words.push(token);
        if (words.length > MAX_NAME_WORDS) throw lineError(line, `cannot read ${quoted(words.join(" "))}: neither a setting (key=value) nor a piece line`);
      }
    }
    if (words.length) throw lineError(line, `cannot read ${quoted(words.join(" "))}: neither a setting (key=value) nor a piece line`);
  });
  return { settings, pieces };
}

function boardSide(s: Setting | undefined, key: string): number {
  if (!s) return 8;
  if (!/^\d{1,2}$/.test(s.value) || Number(s.value) < 2 || Number(s.value) > MAX_SIDE) {
    throw lineError(s.line, `${key} must be a number from 2 to ${MAX_SIDE}, not ${quoted(s.value)}`);
  }
  return Number(s.value);
}

/** A count setting; empty means its default, as on the Royal Substitute page (`promoZone=`). */
function count(s: Setting | undefined, fallback: number, max: number, key: string, min = 1): number {
  if (!s || s.value === "") return fallback;
  if (!/^\d{1,3}$/.test(s.value) || Number(s.value) < min || Number(s.value) > max) {
    throw lineError(s.line, `${key} must be a number from ${min} to ${max}, not ${quoted(s.value)}`);
  }
  return Number(s.value);
}

/** board[rank][file] (0-based) = FEN letter, case its side. */
function placePieces(pieces: PieceLine[], files: number, ranks: number, symmetry: Setting | undefined): string[][] {
  const mode = symmetry?.value ?? "none";
  if (!["none", "mirror", "rotate"].includes(mode)) throw lineError(symmetry!.line, `symmetry must be none, mirror or rotate, not ${quoted(mode)}`);
  const board = Array.from({ length: ranks }, () => new Array<string>(files).fill(""));
  const put = (p: PieceLine, file: number, rank: number, letter: string) => {
    if (board[rank][file]) throw lineError(p.line, `${String.fromCharCode(97 + file)}${rank + 1} is given two pieces`);
    board[rank][file] = letter;
  };
  for (const p of pieces) {
    const parts = p.squares.split(",,");
    if (parts.length > 2) throw lineError(p.line, `${p.name}: squares are White's, then ',,', then Black's`);
    const [white, black = []] = parts.map((part) => squareList(p, part, files, ranks));
    for (const [f, r] of white) {
      put(p, f, r, p.id);
      if (mode === "mirror") put(p, f, ranks - 1 - r, p.id.toLowerCase());
      if (mode === "rotate") put(p, files - 1 - f, ranks - 1 - r, p.id.toLowerCase());
    }
    for (const [f, r] of black) put(p, f, r, p.id.toLowerCase());
  }
  return board;
}

/** `a2,c2,e2` or ranges along a rank or file (`a2-j2`), as [file, rank] (0-based). */
function squareList(p: PieceLine, text: string, files: number, ranks: number): [number, number][] {
  if (text === "") return [];
  const square = (name: string): [number, number] => {
    const m = /^([a-p])(\d{1,2})$/.exec(name);
    const f = m ? m[1].charCodeAt(0) - 97 : -1;
    const r = m ? Number(m[2]) - 1 : -1;
    if (!m || f >= files || r < 0 || r >= ranks) throw lineError(p.line, `${p.name}: ${quoted(name)} is not a square of the board`);
    return [f, r];
  };
  const out: [number, number][] = [];
  for (const item of text.split(",")) {
    const range = item.split("-");
    if (range.length === 1) {
      out.push(square(item));
      continue;
    }
    if (range.length !== 2) throw lineError(p.line, `${p.name}: cannot read the squares ${quoted(item)}`);
    const [[f1, r1], [f2, r2]] = range.map(square);
    if (f1 !== f2 && r1 !== r2) throw lineError(p.line, `${p.name}: the range ${quoted(item)} is neither along a rank nor a file`);
    // At most 16 squares: the range lies on one rank or file of the board.
    for (let f = Math.min(f1, f2); f <= Math.max(f1, f2); f++) {
      for (let r = Math.min(r1, r2); r <= Math.max(r1, r2); r++) out.push([f, r]);
    }
  }
  return out;
}

function makePlacement(board: string[][], files: number, ranks: number): string {
  const rows: string[] = [];
  for (let r = ranks - 1; r >= 0; r--) {
    let row = "";
    let empty = 0;
    for (let f = 0; f < files; f++) {
      const c = board[r][f];
      if (!c) {
        empty++;
        continue;
      }
      if (empty) row += String(empty);
      empty = 0;
      row += c;
    }
    rows.push(empty ? row + String(empty) : row);
  }
  return rows.join("/");
}

/**
 * A morph board (ranks from the top, as FEN, `/` between them): the squares where the piece
 * turns into another. Read only where it is a promotion zone: the same ID on every square of
 * White's last n ranks, and either nothing else (Black's zone is its mirror image) or the
 * same on the first n ranks too, as the Royal Substitute page writes it, which the piece
 * reaches only moving backwards: so it must move only forwards.
 */
function readMorph(p: PieceLine, s: Setting, files: number, ranks: number, atoms: Atom[], letters: Map<string, number>) {
  const rows = s.value.split("/");
  if (rows.length !== ranks) throw lineError(s.line, `morph of ${p.name} has ${rows.length} ranks, the board ${ranks}`);
  const ids = new Set<string>();
  rows.forEach((row) => {
    if (row === "") return;
    if (row.length !== files || new Set(row).size !== 1) {
      throw lineError(s.line, `morph of ${p.name}: ${quoted(row)} is not one ID on every square of a rank (only whole-rank promotion zones are read)`);
    }
    ids.add(row[0].toUpperCase());
  });
  if (ids.size !== 1) throw lineError(s.line, `morph of ${p.name} turns it into ${ids.size === 0 ? "nothing" : "several pieces"}: one is read`);
  const to = [...ids][0];
  if (!letters.has(to)) throw lineError(s.line, `morph of ${p.name}: ${quoted(to)} is not a piece ID`);
  const filled = rows.map((row) => row !== "");
  let top = 0;
  while (top < ranks && filled[top]) top++;
  const bottom = filled.slice(ranks - top).every(Boolean) && 2 * top <= ranks ? top : 0;
  const rest = filled.slice(top, ranks - bottom).some(Boolean);
  if (top === 0 || rest) {
    throw lineError(s.line, `morph of ${p.name} is not a promotion zone at the far end of the board (White's last ranks, Black's mirrored)`);
  }
  if (bottom && atoms.some((a) => a.dy <= 0)) {
    throw lineError(s.line, `morph of ${p.name} also changes it on its own side, which it reaches moving sideways or back: not read`);
  }
  return { to: [to], ranks: top };
}

/** Ranks (1-based, from the owner's side) where a piece with `i` moves starts: those moves are its first, so it must only move forwards. */
function initialRanks(p: PieceLine, atoms: Atom[], board: string[][], ranks: number): number[] {
  if (atoms.some((a) => a.dy <= 0)) {
    throw lineError(p.line, `${p.name}: first-move-only (i) moves are read only for pieces that move only forwards`);
  }
  const white = new Set<number>();
  const black = new Set<number>();
  board.forEach((row, r) => row.forEach((c) => {
    if (c === p.id) white.add(r + 1);
    if (c === p.id.toLowerCase()) black.add(ranks - r);
  }));
  const sorted = (s: Set<number>) => [...s].sort((a, b) => a - b);
  if (sorted(white).join() !== sorted(black).join()) throw lineError(p.line, `${p.name}: its first moves start on different ranks for White and Black`);
  return sorted(white);
}

/**
 * `royal=` IDs or piece numbers (1-based, the diagram's own). One royal type with one piece a
 * side is a king; several royal types or pieces are extinction royalty, the last one left
 * royal as a king (docs/games/royal-substitute.md#extinction-royalty).
 */
function readRoyalty(s: Setting | undefined, pieces: PieceLine[], letters: Map<string, number>, board: string[][]): Royalty {
  let royal: string[];
  if (!s) {
    const king = pieces.find((p) => p.name.toLowerCase() === "king");
    if (!king) throw lineError(1, "no royal piece: add royal=ID (or a piece named king)");
    royal = [king.id];
  } else {
    royal = s.value.split(",").filter((v) => v !== "").map((v) => {
      if (/^\d{1,2}$/.test(v) && Number(v) >= 1 && Number(v) <= pieces.length) return pieces[Number(v) - 1].id;
      if (letters.has(v.toUpperCase())) return v.toUpperCase();
      throw lineError(s.line, `royal: ${quoted(v)} is neither a piece ID nor a piece number`);
    });
    royal = [...new Set(royal)];
    if (royal.length === 0) throw lineError(s.line, "royal names no piece");
  }
  const onBoard = (c: string) => board.reduce((n, row) => n + row.filter((x) => x === c).length, 0);
  if (royal.length === 1 && onBoard(royal[0]) === 1 && onBoard(royal[0].toLowerCase()) === 1) return { kind: "king", piece: royal[0] };
  return { kind: "extinction", pieces: royal };
}

/** `stalemate=win`: the side that stalemates wins, so the stalemated side loses. */
function readStalemate(s: Setting | undefined): VariantDecl["stalemate"] {
  const values: Record<string, VariantDecl["stalemate"]> = { "": "draw", draw: "draw", win: "loss", lose: "win", loss: "win" };
  if (!s) return "draw";
  const v = values[s.value];
  if (!v) throw lineError(s.line, `stalemate must be win, draw or lose, not ${quoted(s.value)}`);
  return v;
}

/** `baring=0`: every non-royal piece counts, so a side left with royal pieces alone is bare (the shatranj rule). */
function readBaring(s: Setting | undefined): boolean {
  if (!s || s.value === "") return false;
  if (s.value !== "0") throw lineError(s.line, "only baring=0 is read (every non-royal piece counts); baring by piece numbers is not");
  return true;
}
