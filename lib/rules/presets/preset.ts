/**
 * The project's own preset format (docs/presets.md): the engine's declaration as `key: value`
 * lines a player writes by hand, one line per piece. A bounded line reader splits the text,
 * zod reads each value, and anything not understood is refused naming its line. `makePreset`
 * writes a declaration back as canonical text, which `readPreset` reads to the same declaration.
 */
import { z } from "zod";
import { RulesError } from "../errors";
import type { Mechanic } from "../mechanic";
import { err, ok, type Result } from "../result";
import type { EndReason } from "../status";
import type { CastlingDecl, PieceDecl, Royalty, VariantDecl } from "../variant";

// The browser reads presets too, under a Content-Security-Policy without eval (proxy.ts). zod
// decides at each object schema's construction whether to compile it with `new Function`, which
// the browser reports as a CSP violation even though zod catches it: so before any schema here.
z.config({ jitless: true });
import { ART, type DeclPart } from "./limits";
import { switchMechanic, switchOf, type Switch } from "./switches";

/** A declaration read from a preset, and the line that declared each part (for the shared check's messages). */
export interface ReadPreset {
  decl: VariantDecl;
  lines: Map<DeclPart, number>;
}

class LineError extends Error {
  constructor(readonly line: number, message: string) {
    super(message);
  }
}

const LETTER = /^\+?[A-Z]$/;
const SQUARE = /^[a-p](?:1[0-6]|[1-9])$/;

/** A value read by zod, or the first issue's message. */
function read<T>(schema: z.ZodType<T>, value: string): T {
  const r = schema.safeParse(value);
  if (!r.success) throw new RulesError(r.error.issues[0]?.message ?? "cannot read this");
  return r.data;
}

const words = (s: string) => s.trim().split(/\s+/).filter(Boolean);
const letters = (what: string) => z.string().transform(words).pipe(
  z.array(z.string().regex(LETTER, `${what} are piece letters (capitals, a promoted piece + and its letter), separated by spaces`)).min(1, `name the ${what}`).max(32),
);
const lettersOrNone = (what: string) => z.string().transform((s) => (s.trim() === "none" ? "" : s)).pipe(
  z.string().transform(words).pipe(z.array(z.string().regex(LETTER, `${what} are piece letters separated by spaces, or none`)).max(32)),
);
const letter = (what: string) => z.string().trim().regex(LETTER, `${what} is one piece letter`);
const yesNo = z.enum(["yes", "no"], { error: "write yes or no" }).transform((v) => v === "yes");
const whole = (min: number, max: number, what: string) =>
  z.string().trim().regex(/^\d{1,5}$/, `${what} is a whole number`).transform(Number)
    .pipe(z.number().min(min, `${what} is ${min} to ${max}`).max(max, `${what} is ${min} to ${max}`));
const number = (what: string) =>
  z.string().trim().regex(/^\d{1,4}(?:\.\d{1,3})?$/, `${what} is a number like 3 or 1.5`).transform(Number);
const oneOf = <const T extends string>(values: readonly T[], what: string): z.ZodType<T> =>
  z.string().trim().refine((v): v is T => (values as readonly string[]).includes(v), `${what} is ${values.join(", ")}`) as unknown as z.ZodType<T>;

const END_REASONS: EndReason[] = [
  "checkmate", "stalemate", "extinction", "king-exploded", "king-captured", "all-pieces-lost", "bare-royal", "no-legal-move",
];

/**
 * A comma-separated value: its leading fields in order, then options that each begin with
 * their own words (`promotes to Q R`, `pawn-like`). Each option is read once.
 */
class Options {
  private readonly rest: string[];
  readonly positional: string[];
  constructor(value: string, count: number, what: string) {
    const fields = value.split(",").map((f) => f.trim());
    if (fields.length > 40) throw new RulesError(`too many parts in this ${what}`);
    if (fields.slice(0, count).some((f) => f === "") || fields.length < count) {
      throw new RulesError(`a ${what} begins with ${count} parts separated by commas`);
    }
    this.positional = fields.slice(0, count);
    this.rest = fields.slice(count);
    if (this.rest.some((f) => f === "")) throw new RulesError(`an empty part between commas in this ${what}`);
  }
  private used = new Set<number>();
  /** The option matching `re` (its groups), or undefined; refuses it twice. */
  take(re: RegExp): RegExpExecArray | undefined {
    let found: RegExpExecArray | undefined;
    this.rest.forEach((f, i) => {
      const m = re.exec(f);
      if (!m) return;
      if (found) throw new RulesError(`'${f.slice(0, 40)}' is given twice`);
      found = m;
      this.used.add(i);
    });
    return found;
  }
  flag(text: string): boolean {
    return this.take(new RegExp(`^${text}$`)) !== undefined;
  }
  /** Refuses what no `take` understood. */
  done(what: string, known: string): void {
    const i = this.rest.findIndex((_, j) => !this.used.has(j));
    if (i >= 0) throw new RulesError(`'${this.rest[i].slice(0, 40)}' is not something a ${what} can have (${known})`);
  }
}

function readPiece(value: string): PieceDecl {
  const o = new Options(value, 3, "piece line");
  const [l, name, betza] = o.positional;
  const p: PieceDecl = {
    letter: read(letter("a piece's letter"), l),
    name: read(z.string().max(60, "a piece's name is at most 60 characters"), name),
    art: "",
    betza: read(z.string().regex(/^[A-Za-z0-9]{1,40}$/, "Betza notation is letters and digits, at most 40"), betza),
  };
  let m: RegExpExecArray | undefined;
  if ((m = o.take(/^art\s+(.*)$/))) p.art = read(z.string().regex(ART, "art is the name of a drawing, like knight"), m[1]);
  if ((m = o.take(/^value\s+(.*)$/))) p.value = read(number("a value"), m[1]);
  if ((m = o.take(/^initial ranks?\s+(.*)$/))) p.initialRanks = read(z.string().transform(words).pipe(z.array(whole(1, 16, "a rank")).min(1).max(16)), m[1]);
  if (o.flag("never on first rank")) (p.forbiddenRanks ??= []).push("first");
  if (o.flag("never on last rank")) (p.forbiddenRanks ??= []).push("last");
  if ((m = o.take(/^promotes to\s+(.*)$/))) p.promotesTo = read(letters("promotions"), m[1]);
  if ((m = o.take(/^promotion zone\s+(.*)$/))) p.promotionRanks = read(whole(1, 15, "a promotion zone (ranks)"), m[1]);
  if (o.flag("optional promotion")) p.promotionOptional = true;
  if (o.flag("unmoved right")) p.unmovedRight = true;
  if ((m = o.take(/^unmoved right lost to\s+(.*)$/))) p.unmovedRightLostTo = read(letter("the piece"), m[1]);
  if (o.flag("pawn-like")) p.pawnLike = true;
  if ((m = o.take(/^repeats as\s+(.*)$/))) p.repetitionAs = read(letter("the piece"), m[1]);
  if ((m = o.take(/^keeps to\s+(.*)$/))) p.region = read(oneOf(["palace", "own half"], "a piece keeps to"), m[1]);
  if ((m = o.take(/^gains\s+(\S+)\s+from rank\s+(.*)$/))) {
    p.gains = { fromRank: read(whole(1, 16, "a rank"), m[2]), betza: read(z.string().regex(/^[A-Za-z0-9]{1,40}$/, "Betza notation is letters and digits"), m[1]) };
  }
  if ((m = o.take(/^hops not over\s+(.*)$/))) p.hopsNot = read(letters("pieces"), m[1]);
  o.done("piece", "art, value, initial ranks, never on first rank, never on last rank, promotes to, promotion zone, optional promotion, unmoved right, unmoved right lost to, pawn-like, repeats as, keeps to, gains … from rank, hops not over");
  return p;
}

function readRoyalty(value: string): Royalty {
  const o = new Options(value, 1, "royalty");
  const [kind, ...pieces] = words(o.positional[0]);
  if (kind === "king") {
    o.done("king royalty", "nothing after the letter");
    return { kind: "king", piece: read(letter("the king"), pieces.join(" ")) };
  }
  if (kind !== "extinction") throw new RulesError("royalty is 'king K' (checkmate the one royal piece) or 'extinction P K' (capture them all)");
  const r: Royalty = { kind: "extinction", pieces: read(letters("royal pieces"), pieces.join(" ")) };
  if (o.flag("capturable")) r.check = false;
  if (o.flag("wins")) r.whenGone = "wins";
  o.done("royalty", "capturable, wins");
  return r;
}

function readCastling(value: string): CastlingDecl {
  const o = new Options(value, 1, "castling");
  const [king, rook] = read(letters("castling's king and rook").refine((ls) => ls.length === 2, "castling names its king and rook, like K R"), o.positional[0]);
  const pairOf = (re: RegExp, what: string): [string, string] => {
    const m = o.take(re);
    if (!m) throw new RulesError(`castling needs '${what}'`);
    return [m[1], m[2]];
  };
  const c: CastlingDecl = {
    king, rook,
    kingTo: pairOf(/^king to ([a-p]) ([a-p])$/, "king to g c"),
    rookTo: pairOf(/^rook to ([a-p]) ([a-p])$/, "rook to f d"),
  };
  const m = o.take(/^homes ([a-p]) ([a-p]) ([a-p])$/);
  if (m) c.homes = { king: m[1], rooks: [m[2], m[3]] };
  o.done("castling", "king to … …, rook to … …, homes … … …");
  return c;
}

function readEnPassant(value: string): NonNullable<VariantDecl["enPassant"]> {
  const o = new Options(value, 1, "en passant");
  const m = /^(.+?)\s+by\s+(.+)$/.exec(o.positional[0]);
  if (!m) throw new RulesError("en passant is 'P by P': the pieces taken, then the pieces that take");
  const e: NonNullable<VariantDecl["enPassant"]> = { victims: read(letters("pieces taken"), m[1]), capturers: read(letters("pieces that take"), m[2]) };
  if (o.flag("written when capturable")) e.writtenOnlyWhenCapturable = true;
  if (o.flag("repeats as written")) e.repeatsAsWritten = true;
  o.done("en passant", "written when capturable, repeats as written");
  return e;
}

function readRepetition(value: string): NonNullable<VariantDecl["repetition"]> {
  const o = new Options(value, 1, "repetition");
  const r: NonNullable<VariantDecl["repetition"]> = { count: read(whole(2, 10, "the repetitions"), o.positional[0]) };
  if (o.flag("perpetual check loses")) r.perpetualCheckLoses = true;
  if (o.flag("black wins")) r.result = "black-wins";
  o.done("repetition", "perpetual check loses, black wins");
  return r;
}

function readDeadPosition(value: string): NonNullable<VariantDecl["deadPosition"]> {
  const o = new Options(value, 1, "dead position");
  const m = /^minors\s+(.*)$/.exec(o.positional[0]);
  if (!m) throw new RulesError("a dead position begins with 'minors B N' (or 'minors none')");
  const d: NonNullable<VariantDecl["deadPosition"]> = { minors: read(lettersOrNone("minors"), m[1]) };
  let b: RegExpExecArray | undefined;
  if ((b = o.take(/^bishop\s+(.*)$/))) d.bishop = read(letter("the bishop"), b[1]);
  if ((b = o.take(/^harmless\s+(.*)$/))) d.harmless = read(letters("harmless pieces"), b[1]);
  o.done("dead position", "bishop B, harmless A E");
  return d;
}

function readEndNames(value: string): NonNullable<VariantDecl["endNames"]> {
  const o = new Options(value, 0, "end names");
  const e: NonNullable<VariantDecl["endNames"]> = {};
  let m: RegExpExecArray | undefined;
  if ((m = o.take(/^extinction\s+(.*)$/))) e.extinction = read(oneOf(END_REASONS, "an end's name"), m[1]);
  if ((m = o.take(/^stalemate\s+(.*)$/))) e.stalemate = read(oneOf(END_REASONS, "an end's name"), m[1]);
  o.done("end names", "extinction …, stalemate …");
  return e;
}

function readBotGoal(value: string): NonNullable<VariantDecl["botGoal"]> {
  const o = new Options(value, 0, "bot goal");
  const signed = z.string().trim().regex(/^-?\d{1,3}(?:\.\d{1,3})?$/, "a bot goal's term is a number like 1.3 or -1").transform(Number);
  const g: NonNullable<VariantDecl["botGoal"]> = {};
  let m: RegExpExecArray | undefined;
  if ((m = o.take(/^material\s+(.*)$/))) g.material = read(signed, m[1]);
  if ((m = o.take(/^hand\s+(.*)$/))) g.hand = read(signed, m[1]);
  if ((m = o.take(/^near king\s+(.*)$/))) g.nearKing = read(signed, m[1]);
  o.done("bot goal", "material …, hand …, near king …");
  return g;
}

function readPalaces(value: string): NonNullable<VariantDecl["palaces"]> {
  const square = z.string().regex(SQUARE, "a palace corner is a square like d1");
  const sides = value.split(",").map((s) => read(z.string().transform(words).pipe(z.tuple([square, square], { error: "a palace is its lower-left and upper-right corners, like d1 f3" })), s));
  if (sides.length !== 2) throw new RulesError("palaces are White's then Black's, like 'd1 f3, d8 f10'");
  return [sides[0], sides[1]];
}

function readDrops(value: string): Switch {
  const o = new Options(value, 1, "drops");
  const options: Extract<Switch, { kind: "drops" }>["options"] = { pieces: read(letters("pieces held in hand"), o.positional[0]), capturesToHand: o.flag("captures to hand") };
  let m: RegExpExecArray | undefined;
  if ((m = o.take(/^promoted from\s+(.*)$/))) options.promotedFrom = read(letter("the piece"), m[1]);
  if ((m = o.take(/^no doubled\s+(.*)$/))) options.noDoubled = read(letter("the piece"), m[1]);
  if ((m = o.take(/^drop mate loses\s+(.*)$/))) options.dropMateLoses = read(letter("the piece"), m[1]);
  o.done("drops", "captures to hand, promoted from P, no doubled P, drop mate loses P");
  return { kind: "drops", options };
}

function readCarrying(value: string): Switch {
  const o = new Options(value, 0, "carrying");
  const role = (name: string) => {
    const m = o.take(new RegExp(`^${name}\\s+(.*)$`));
    if (!m) throw new RulesError(`carrying names its ${name}, like '${name} Q'`);
    return read(letter(`the ${name}`), m[1]);
  };
  const options = { queen: role("queen"), pawn: role("pawn"), prince: role("prince"), way1: o.flag("way 1"), pregnancy: o.flag("pregnancy") };
  o.done("carrying", "queen Q, pawn P, prince I, way 1, pregnancy");
  return { kind: "carrying", options };
}

type State = { decl: Partial<VariantDecl> & { pieces: PieceDecl[]; summary: string[]; mechanics: Mechanic[] }; id?: string };

interface Key {
  /** The declaration part it declares (for the lines map). */
  part?: (s: State) => DeclPart;
  repeats?: boolean;
  apply(value: string, s: State): void;
}

const switchKey = (readSwitch: (value: string) => Switch): Key => ({
  apply: (v, s) => void s.decl.mechanics.push(switchMechanic(readSwitch(v))),
  part: (s) => `switch ${switchOf(s.decl.mechanics[s.decl.mechanics.length - 1])!.kind}`,
});

const KEYS: Record<string, Key> = {
  name: { part: () => "name", apply: (v, s) => void (s.decl.name = read(z.string().trim().min(1, "the game needs a name").max(60, "a name is at most 60 characters"), v)) },
  id: {
    part: () => "id",
    apply: (v, s) => void (s.id = read(z.string().trim().regex(/^[a-z0-9][a-z0-9.-]{0,79}$/, "an id is lowercase letters, digits, dots and hyphens, like my-chess"), v)),
  },
  board: {
    part: () => "board",
    apply: (v, s) => {
      const [files, ranks] = read(z.string().trim().regex(/^\d{1,3}\s*[x×]\s*\d{1,3}$/, "write the board as files x ranks, like 9x7").transform((t) => t.split(/\s*[x×]\s*/).map(Number)), v);
      Object.assign(s.decl, { files, ranks });
    },
  },
  start: { part: () => "start", apply: (v, s) => void (s.decl.startFen = read(z.string().trim().min(1, "write the start position as FEN").max(1000, "FEN is at most 1000 characters"), v)) },
  piece: { repeats: true, part: (s) => `piece ${s.decl.pieces[s.decl.pieces.length - 1].letter}`, apply: (v, s) => void s.decl.pieces.push(readPiece(v)) },
  royalty: { part: () => "royalty", apply: (v, s) => void (s.decl.royalty = readRoyalty(v)) },
  castling: { part: () => "castling", apply: (v, s) => void (s.decl.castling = readCastling(v)) },
  "en passant": { part: () => "en passant", apply: (v, s) => void (s.decl.enPassant = readEnPassant(v)) },
  stalemate: { apply: (v, s) => void (s.decl.stalemate = read(oneOf(["draw", "loss", "win"], "stalemate"), v)) },
  "must capture": { apply: (v, s) => void (s.decl.mustCapture = read(yesNo, v) || undefined) },
  "end names": { apply: (v, s) => void (s.decl.endNames = readEndNames(v)) },
  "automatic draws": { apply: (v, s) => void (s.decl.automaticDraws = read(yesNo, v) || undefined) },
  "bare royal": { apply: (v, s) => void (s.decl.bareRoyal = read(oneOf(["lookahead", "counted"], "bare royal"), v)) },
  "move rule": { apply: (v, s) => void (s.decl.moveRule = read(whole(0, 1000, "the move rule"), v)) },
  "move rule checks": { apply: (v, s) => void (s.decl.moveRuleChecks = read(whole(0, 1000, "the checks"), v)) },
  "no dead ends": { apply: (v, s) => void (s.decl.noDeadEnds = read(yesNo, v) || undefined) },
  repetition: { apply: (v, s) => void (s.decl.repetition = readRepetition(v)) },
  "flying general": { apply: (v, s) => void (s.decl.flyingGeneral = read(yesNo, v) || undefined) },
  "dead position": { part: () => "dead position", apply: (v, s) => void (s.decl.deadPosition = readDeadPosition(v)) },
  points: { apply: (v, s) => void (s.decl.points = read(oneOf(["yes", "river"], "points"), v) === "river" ? { river: true } : {}) },
  palaces: { part: () => "palaces", apply: (v, s) => void (s.decl.palaces = readPalaces(v)) },
  hidden: { apply: (v, s) => void (s.decl.hidden = read(yesNo, v) || undefined) },
  "bot goal": { apply: (v, s) => void (s.decl.botGoal = readBotGoal(v)) },
  "side names": {
    part: () => "side names",
    apply: (v, s) => {
      const names = v.split(",").map((n) => read(z.string().trim().min(1).max(20, "a side's name is at most 20 characters"), n));
      if (names.length !== 2) throw new RulesError("side names are White's then Black's, like 'Cho, Han'");
      s.decl.sideNames = [names[0], names[1]];
    },
  },
  rules: { repeats: true, part: () => "rules", apply: (v, s) => void s.decl.summary.push(read(z.string().trim().min(1, "a rules line says something"), v)) },
  drops: switchKey(readDrops),
  explosions: switchKey((v) => {
    const m = /^survivors\s+(.*)$/.exec(v.trim());
    if (!m) throw new RulesError("explosions name the pieces a blast spares: 'survivors P' (or 'survivors none')");
    return { kind: "explosions", survivors: read(lettersOrNone("survivors"), m[1]) };
  }),
  duck: switchKey((v) => {
    if (v.trim() !== "yes") throw new RulesError("write 'duck: yes' to play with the duck");
    return { kind: "duck" };
  }),
  swapping: switchKey((v) => {
    const m = /^pawn\s+(.*)$/.exec(v.trim());
    if (!m) throw new RulesError("swapping names the pawn pieces change places with: 'pawn P'");
    return { kind: "swapping", pawn: read(letter("the pawn"), m[1]) };
  }),
  carrying: switchKey(readCarrying),
};

/** Lowercase words, hyphens and digits: "my-chess" from "My Chess!". */
export function slug(name: string): string {
  return name.toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 60) || "preset";
}

/** Reads a preset in the project's format (docs/presets.md); the error names the line. The text's size is bounded by the caller. */
export function readPreset(text: string): Result<ReadPreset> {
  const s: State = { decl: { pieces: [], summary: [], mechanics: [] } };
  const lines = new Map<DeclPart, number>();
  const seen = new Set<string>();
  const raw = text.split(/\r?\n|\r/);
  try {
    raw.forEach((line, i) => {
      const n = i + 1;
      const t = line.trim();
      if (t === "" || t.startsWith("#")) return;
      const m = /^([a-z][a-z0-9 -]{0,30}?)\s*:\s*(.*)$/i.exec(t);
      if (!m) throw new LineError(n, `write 'key: value' (like 'board: 8x8'), not '${t.slice(0, 40)}'`);
      const key = m[1].toLowerCase().replace(/\s+/g, " ");
      const k = KEYS[key];
      if (!k) throw new LineError(n, `'${m[1]}' is not a preset key (${Object.keys(KEYS).join(", ")})`);
      if (seen.has(key) && !k.repeats) throw new LineError(n, `'${key}' is given twice`);
      seen.add(key);
      try {
        k.apply(m[2], s);
      } catch (e) {
        if (e instanceof RulesError) throw new LineError(n, `${key}: ${e.message}`);
        throw e;
      }
      if (k.part) lines.set(k.part(s), n);
      if (!lines.has("declaration")) lines.set("declaration", n);
    });
  } catch (e) {
    if (e instanceof LineError) return err(`line ${e.line}: ${e.message}`);
    throw e;
  }
  const missing = ["name", "board", "start", "royalty"].find((k) => !seen.has(k)) ?? (s.decl.pieces.length ? undefined : "piece");
  // Named at the last line written, where a player adds it.
  const last = raw.reduce((n, l, i) => (l.trim() ? i + 1 : n), 1);
  if (missing) return err(`line ${last}: the preset has no '${missing}:' line`);
  const d = s.decl;
  const decl: VariantDecl = {
    id: s.id ?? slug(d.name!),
    name: d.name!,
    files: d.files!,
    ranks: d.ranks!,
    startFen: fullFen(d.startFen!, d.castling !== undefined, d.ranks!),
    pieces: d.pieces,
    royalty: d.royalty!,
    stalemate: d.stalemate ?? "draw",
    summary: d.summary,
  };
  for (const key of ["castling", "enPassant", "mustCapture", "endNames", "automaticDraws", "bareRoyal", "moveRule", "noDeadEnds", "repetition",
    "moveRuleChecks", "flyingGeneral", "deadPosition", "points", "palaces", "hidden", "sideNames", "botGoal"] as const) {
    if (d[key] !== undefined) (decl as unknown as Record<string, unknown>)[key] = d[key];
  }
  if (d.mechanics.length) decl.mechanics = d.mechanics;
  return ok({ decl, lines });
}

/** A start given as the placement alone gets White to move, every castling right, no en passant, clocks at 0 and 1. */
function fullFen(fen: string, castling: boolean, ranks: number): string {
  const fields = fen.split(/\s+/);
  if (fields.length !== 1 || fields[0].split("/").length !== ranks) return fen;
  return `${fen} w ${castling ? "KQkq" : "-"} - 0 1`;
}

/**
 * A declaration as canonical preset text, which readPreset reads back to the same declaration.
 * Throws RulesError for what no preset can say (numbered setups, a mechanic that is no switch): a
 * caller's mistake, not bad text.
 */
export function makePreset(decl: VariantDecl): string {
  if (decl.setups) throw new RulesError(`${decl.name} has numbered setups, which no preset can declare`);
  const out: string[] = [`name: ${decl.name}`, `id: ${decl.id}`, `board: ${decl.files}x${decl.ranks}`, `start: ${decl.startFen}`];
  for (const p of decl.pieces) out.push(`piece: ${pieceText(p)}`);
  const r = decl.royalty;
  if (r.kind === "none") throw new RulesError(`${decl.name}'s royalty (a king never captured) needs unions, which no preset can declare`);
  out.push(r.kind === "king" ? `royalty: king ${r.piece}` : ["royalty: extinction " + r.pieces.join(" "), ...(r.check === false ? ["capturable"] : []), ...(r.whenGone === "wins" ? ["wins"] : [])].join(", "));
  if (decl.castling) {
    const c = decl.castling;
    out.push(`castling: ${[`${c.king} ${c.rook}`, `king to ${c.kingTo.join(" ")}`, `rook to ${c.rookTo.join(" ")}`, ...(c.homes ? [`homes ${c.homes.king} ${c.homes.rooks.join(" ")}`] : [])].join(", ")}`);
  }
  const e = decl.enPassant;
  if (e) out.push(`en passant: ${[`${e.victims.join(" ")} by ${e.capturers.join(" ")}`, ...(e.writtenOnlyWhenCapturable ? ["written when capturable"] : []), ...(e.repeatsAsWritten ? ["repeats as written"] : [])].join(", ")}`);
  out.push(`stalemate: ${decl.stalemate}`);
  if (decl.mustCapture) out.push("must capture: yes");
  if (decl.endNames && Object.keys(decl.endNames).length) {
    out.push(`end names: ${[...(decl.endNames.extinction ? [`extinction ${decl.endNames.extinction}`] : []), ...(decl.endNames.stalemate ? [`stalemate ${decl.endNames.stalemate}`] : [])].join(", ")}`);
  }
  if (decl.automaticDraws) out.push("automatic draws: yes");
  if (decl.bareRoyal) out.push(`bare royal: ${decl.bareRoyal}`);
  if (decl.moveRule !== undefined) out.push(`move rule: ${decl.moveRule}`);
  if (decl.moveRuleChecks !== undefined) out.push(`move rule checks: ${decl.moveRuleChecks}`);
  if (decl.noDeadEnds) out.push("no dead ends: yes");
  if (decl.repetition) {
    const rep = decl.repetition;
    out.push(`repetition: ${[String(rep.count), ...(rep.perpetualCheckLoses ? ["perpetual check loses"] : []), ...(rep.result === "black-wins" ? ["black wins"] : [])].join(", ")}`);
  }
  if (decl.flyingGeneral) out.push("flying general: yes");
  if (decl.deadPosition) {
    const d = decl.deadPosition;
    out.push(`dead position: ${[`minors ${d.minors.length ? d.minors.join(" ") : "none"}`, ...(d.bishop ? [`bishop ${d.bishop}`] : []), ...(d.harmless ? [`harmless ${d.harmless.join(" ")}`] : [])].join(", ")}`);
  }
  if (decl.points) out.push(`points: ${decl.points.river ? "river" : "yes"}`);
  if (decl.palaces) out.push(`palaces: ${decl.palaces.map((p) => p.join(" ")).join(", ")}`);
  if (decl.hidden) out.push("hidden: yes");
  if (decl.sideNames) out.push(`side names: ${decl.sideNames.join(", ")}`);
  if (decl.botGoal && Object.keys(decl.botGoal).length) {
    const g = decl.botGoal;
    out.push(`bot goal: ${[...(g.material !== undefined ? [`material ${g.material}`] : []), ...(g.hand !== undefined ? [`hand ${g.hand}`] : []),
      ...(g.nearKing !== undefined ? [`near king ${g.nearKing}`] : [])].join(", ")}`);
  }
  for (const m of decl.mechanics ?? []) {
    const s = switchOf(m);
    if (!s) throw new RulesError(`${decl.name} uses ${m.name}, which no preset can switch on`);
    out.push(switchText(s));
  }
  for (const line of decl.summary) out.push(`rules: ${line}`);
  return out.join("\n") + "\n";
}

function pieceText(p: PieceDecl): string {
  const parts = [p.letter, p.name, p.betza];
  if (p.art) parts.push(`art ${p.art}`);
  if (p.value !== undefined) parts.push(`value ${p.value}`);
  if (p.initialRanks) parts.push(`initial ranks ${p.initialRanks.join(" ")}`);
  if (p.forbiddenRanks?.includes("first")) parts.push("never on first rank");
  if (p.forbiddenRanks?.includes("last")) parts.push("never on last rank");
  if (p.promotesTo) parts.push(`promotes to ${p.promotesTo.join(" ")}`);
  if (p.promotionRanks !== undefined) parts.push(`promotion zone ${p.promotionRanks}`);
  if (p.promotionOptional) parts.push("optional promotion");
  if (p.unmovedRight) parts.push("unmoved right");
  if (p.unmovedRightLostTo) parts.push(`unmoved right lost to ${p.unmovedRightLostTo}`);
  if (p.pawnLike) parts.push("pawn-like");
  if (p.repetitionAs) parts.push(`repeats as ${p.repetitionAs}`);
  if (p.region) parts.push(`keeps to ${p.region}`);
  if (p.gains) parts.push(`gains ${p.gains.betza} from rank ${p.gains.fromRank}`);
  if (p.hopsNot) parts.push(`hops not over ${p.hopsNot.join(" ")}`);
  return parts.join(", ");
}

function switchText(s: Switch): string {
  switch (s.kind) {
    case "drops": {
      const o = s.options;
      return `drops: ${[o.pieces.join(" "), ...(o.capturesToHand ? ["captures to hand"] : []), ...(o.promotedFrom ? [`promoted from ${o.promotedFrom}`] : []),
        ...(o.noDoubled ? [`no doubled ${o.noDoubled}`] : []), ...(o.dropMateLoses ? [`drop mate loses ${o.dropMateLoses}`] : [])].join(", ")}`;
    }
    case "explosions":
      return `explosions: survivors ${s.survivors.length ? s.survivors.join(" ") : "none"}`;
    case "duck":
      return "duck: yes";
    case "swapping":
      return `swapping: pawn ${s.pawn}`;
    case "carrying": {
      const o = s.options;
      return `carrying: ${[`queen ${o.queen}`, `pawn ${o.pawn}`, `prince ${o.prince}`, ...(o.way1 ? ["way 1"] : []), ...(o.pregnancy ? ["pregnancy"] : [])].join(", ")}`;
    }
  }
}
