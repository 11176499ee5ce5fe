/**
 * Fuzz of the rules module's parsers, the text every player can send: FEN
 * (parseFen, through Game.start), move text (parseActions, Game.play) and game
 * records (parseGameRecord). FUZZ_INPUTS inputs per parser (a sample in `npm test`;
 * `npm run fuzz` runs 100,000), from random play-outs of every variant, mutated,
 * plus random and hostile strings. Each input must be accepted or refused with a
 * message (a parser's Result error, unwrapped here into a RulesError; Game.play's
 * RulesError) — no other exception; each parser must both
 * accept and refuse some of its inputs (one that only refuses checks nothing
 * below); and:
 *   - an accepted FEN gives a playable game (legal moves, status) whose FEN reads back the same;
 *   - parsed move text prints and parses back to the same actions;
 *   - a refused move leaves the game exactly as it was; an accepted one advances it by one ply;
 *   - an accepted record replays to the moves it lists;
 *   - a preset (parsePreset, docs/presets.md) is refused naming its line, or declares a game that
 *     plays and that makePreset writes back to the same declaration; inputs near the size limits
 *     are in the mix. The Interactive Diagram and variants.ini readers join this case, with texts of
 *     their own format in PRESET_TEXTS, when they land (lib/rules/presets/index.ts, OTHER_FORMATS).
 * The slowest input of each parser is reported (a parser that can be made slow is a denial of service).
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { Game, RulesError, makePgn, makeGameRecord, makeMoveText, makePreset, parseActions, parseGameRecord, parsePreset, PRESET_LIMITS, variantIds } from "@/lib/rules";
import { switchOf } from "@/lib/rules/presets/switches";
import { declareVariant, getVariant } from "@/lib/rules/variants";
import { parseFen, makeFen } from "@/lib/rules/notation/fen";
import { unwrap } from "@/lib/rules/result";
import { fuzzCount, hostileString, mutate, randomString, Rng, SEED } from "./random";

const N = fuzzCount(1500);
const TIMEOUT = 60_000 + N * 20;

/** Positions from random play-outs of every variant, with the moves legal there. */
function corpus(r: Rng) {
  const out: { variant: string; startFen: string; fen: string; moves: string[]; legal: string[] }[] = [];
  for (const variant of variantIds()) {
    for (let k = 0; k < 6; k++) {
      const g = Game.start(variant);
      const length = r.int(k * 12 + 1);
      for (let i = 0; i < length; i++) {
        const legal = g.legalMoves();
        if (legal.length === 0) break;
        g.play(r.pick(legal).text);
      }
      out.push({ variant, startFen: g.startFen, fen: g.fen(), moves: [...g.moves], legal: g.legalMoves().map((m) => m.text) });
    }
  }
  return out;
}

/**
 * A random position: the start position's pieces (kings always, others at random)
 * scattered over the board, or any of the variant's pieces anywhere; random side,
 * castling rights, en-passant square and counters.
 */
function randomFen(r: Rng, variant: string): string {
  const v = getVariant(variant);
  const { files, ranks } = v.geo;
  const cells: string[] = Array(files * ranks).fill("");
  if (r.chance(0.7)) {
    const pieces = [...v.decl.startFen.split(" ")[0].replace(/\d+|\//g, "")].filter((c) => /[Kk]/.test(c) || r.chance(0.6));
    for (const piece of pieces) cells[r.int(cells.length)] = piece;
  } else {
    const letters = [...v.byLetter.keys()];
    const density = r.pick([0.05, 0.2, 0.5]);
    for (let i = 0; i < cells.length; i++) if (r.next() < density) cells[i] = r.chance(0.5) ? r.pick(letters) : r.pick(letters).toLowerCase();
  }
  const rows: string[] = [];
  for (let rank = 0; rank < ranks; rank++) {
    let row = "";
    let empty = 0;
    for (const c of cells.slice(rank * files, (rank + 1) * files)) {
      if (!c) {
        empty++;
        continue;
      }
      row += (empty ? String(empty) : "") + c;
      empty = 0;
    }
    rows.push(row + (empty ? String(empty) : ""));
  }
  const castling = r.chance(0.85) ? "-" : [..."KQkq"].filter(() => r.chance(0.5)).join("") || "-";
  const ep = r.chance(0.9) ? "-" : `${"abcdefghijkl"[r.int(files)]}${r.pick([3, 6, 1, ranks])}`;
  return `${rows.join("/")} ${r.pick(["w", "b"])} ${castling} ${ep} ${r.int(120)} ${1 + r.int(200)}`;
}

/** Calls `f`; a RulesError with a message is a refusal, anything else thrown fails the test with the input. */
function judge<T>(what: string, input: unknown, f: () => T): { ok: true; value: T } | { ok: false } {
  try {
    return { ok: true, value: f() };
  } catch (e) {
    // A refusal says what is wrong in a line or two, quoting little of a huge input.
    if (e instanceof RulesError && e.message.length > 0 && e.message.length < 400) return { ok: false };
    const shown = typeof input === "string" ? JSON.stringify(input.slice(0, 300)) : String(input);
    throw new Error(`${what} threw ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)} on input ${shown} (FUZZ_SEED=${SEED})`, { cause: e });
  }
}

class Stats {
  accepted = 0;
  refused = 0;
  slowestMs = 0;
  slowest = "";
  time<T>(input: string, f: () => T): T {
    const t = performance.now();
    const v = f();
    const ms = performance.now() - t;
    if (ms > this.slowestMs) [this.slowestMs, this.slowest] = [ms, input.length > 60 ? `${input.slice(0, 40)}… (${input.length} chars)` : input];
    return v;
  }
  /** Prints the counts; both ways must have occurred (a fuzz that only ever refuses never checks an accepted input). */
  report(name: string) {
    const line = `fuzz ${name}: ${this.accepted + this.refused} inputs (seed ${SEED}), ${this.accepted} accepted, ${this.refused} refused; slowest ${this.slowestMs.toFixed(1)} ms on ${JSON.stringify(this.slowest)}`;
    console.log(line);
    expect(this.accepted, line).toBeGreaterThan(0);
    expect(this.refused, line).toBeGreaterThan(0);
  }
}

/** Valid presets to mutate: the rule book's examples and every built-in game a preset can say. */
const PRESET_TEXTS = [
  readFileSync("docs/presets/royal-substitute.txt", "utf8"),
  readFileSync("docs/presets/compound.txt", "utf8"),
  ...variantIds().flatMap((id) => {
    try {
      return [makePreset({ ...getVariant(id).decl, id: `${id}-preset` })];
    } catch {
      return []; // code no preset can say
    }
  }),
  makePreset({ ...getVariant("crazyhouse").decl, id: "zh", mechanics: undefined }) + "drops: Q R B N P, captures to hand, promoted from P\n",
  makePreset({ ...getVariant("atomic").decl, id: "at", mechanics: undefined }) + "explosions: survivors P\n",
  makePreset({ ...getVariant("duck").decl, id: "du", mechanics: undefined }) + "duck: yes\n",
];

const PRESET_KEYS = ["name", "id", "board", "start", "piece", "royalty", "castling", "en passant", "stalemate", "must capture", "drops", "explosions", "duck",
  "swapping", "carrying", "repetition", "dead position", "palaces", "points", "side names", "rules", "end names", "bare royal", "move rule"];
const BETZAS = ["K", "Q", "R", "B", "N", "NN", "pR", "pQ", "QNNCCZZAADDHH", "fmWfcFifmnD", "nN", "nZ", "W3", "Q99", "ifmnD", "mQcpQ", "fsW", "ffN", ""];

/** A preset near the limits: the largest board, many kinds of heavy piece, padding up to (or past) the size limit. */
function bigPreset(r: Rng): string {
  const files = r.pick([12, 15, 16, 17]);
  const ranks = r.pick([12, 16, 17]);
  const kinds = r.int(PRESET_LIMITS.pieces + 3);
  const letters = "ABCDEFGHIJLMNOPQRSTUVWXYZ".slice(0, kinds);
  const empty = (n: number) => (n > 0 ? String(n) : "");
  const rows = Array.from({ length: ranks }, (_, i) => {
    if (i === 0) return `k${empty(files - 1)}`;
    if (i === ranks - 1) return `${empty(files - 1)}K`;
    if (i < ranks - 3 || !letters.length) return String(files);
    return [...Array(files)].map(() => r.pick([...letters])).join("");
  });
  const lines = [`name: Big ${r.int(1000)}`, `board: ${files}x${ranks}`, `start: ${rows.join("/")} w - - 0 1`, "piece: K, King, K",
    ...[...letters].map((l) => `piece: ${l}, Piece ${l}, ${r.pick(BETZAS)}${r.chance(0.2) ? ", promotes to K" : ""}`), "royalty: king K"];
  if (r.chance(0.2)) lines.push(`drops: ${[...letters].slice(0, 1 + r.int(8)).join(" ") || "K"}`);
  if (r.chance(0.1)) lines.push("duck: yes");
  let text = lines.join("\n");
  if (r.chance(0.5)) {
    const target = PRESET_LIMITS.chars + r.pick([-2, -1, 0, 1, 50]) - text.length - 1;
    const pad = r.chance(0.5) ? "#".repeat(Math.max(0, target)) : Array(Math.max(0, Math.floor(target / 40))).fill("# " + "x".repeat(37)).join("\n");
    text += "\n" + pad;
  }
  return text;
}

/** Line-level edits: lines deleted, doubled, swapped, or given a known key with hostile values. */
function mutatePresetLines(r: Rng, text: string): string {
  const lines = text.split("\n");
  for (let e = 1 + r.int(3); e > 0; e--) {
    const i = r.int(lines.length);
    switch (r.int(5)) {
      case 0:
        lines.splice(i, 1);
        break;
      case 1:
        lines.splice(i, 0, lines[r.int(lines.length)] ?? "");
        break;
      case 2: {
        const j = r.int(lines.length);
        [lines[i], lines[j]] = [lines[j], lines[i]];
        break;
      }
      case 3:
        lines.splice(i, 0, `${r.pick(PRESET_KEYS)}: ${r.chance(0.5) ? hostileString(r).slice(0, 2000) : randomString(r, 60)}`);
        break;
      default:
        lines[i] = (lines[i] ?? "").replace(/:.*/, `: ${r.chance(0.5) ? mutate(r, lines[i] ?? "", 2).replace(/^[^:]*:/, "") : randomString(r, 30)}`);
    }
  }
  return lines.join("\n");
}

describe(`parser fuzz (${N} inputs each, FUZZ_SEED=${SEED})`, () => {
  const r = new Rng(SEED);
  const positions = corpus(r);

  it("FEN: refused with a RulesError, or a playable position that reads back the same", { timeout: TIMEOUT }, () => {
    const stats = new Stats();
    for (let i = 0; i < N; i++) {
      const p = r.pick(positions);
      const variant = r.chance(0.9) ? p.variant : r.pick(variantIds());
      const roll = r.next();
      const text = roll < 0.35 ? randomFen(r, variant)
        : roll < 0.75 ? mutate(r, r.chance(0.5) ? p.fen : p.startFen, r.chance(0.5) ? 1 : 4)
        : roll < 0.9 ? hostileString(r) : randomString(r, 120);
      const v = getVariant(variant);
      const res = stats.time(text, () => judge(`parseFen(${variant})`, text, () => unwrap(parseFen(v, text))));
      if (!res.ok) {
        stats.refused++;
        continue;
      }
      stats.accepted++;
      const fen = makeFen(res.value);
      expect(makeFen(unwrap(parseFen(v, fen)))).toBe(fen);
      // Accepted means playable: the game service will list, judge and play moves here.
      const g = judge(`Game.start(${variant})`, fen, () => Game.start(variant, fen));
      expect(g.ok, `Game.start refused a FEN parseFen accepted: ${fen}`).toBe(true);
      const game = (g as { value: Game }).value;
      const legal = judge("legalMoves", fen, () => game.legalMoves());
      judge("status", fen, () => game.status());
      if (legal.ok && legal.value.length) judge("play", fen, () => game.play(r.pick(legal.value).text));
    }
    stats.report("FEN");
  });

  it("move text: parseActions never throws, and what it reads prints back the same", { timeout: TIMEOUT }, () => {
    const stats = new Stats();
    for (let i = 0; i < N; i++) {
      const p = r.pick(positions);
      const text = p.legal.length && r.chance(0.6) ? mutate(r, r.pick(p.legal)) : hostileString(r);
      const read = stats.time(text, () => parseActions(text));
      if (!read.ok) {
        stats.refused++;
        expect(read.error).toMatch(/^cannot read move /);
        continue;
      }
      stats.accepted++;
      expect(read.value.length).toBeGreaterThan(0);
      expect(unwrap(parseActions(makeMoveText(read.value)))).toEqual(read.value);
    }
    stats.report("parseActions");
  });

  it("Game.play: a refused move leaves the game unchanged; an accepted one is legal and advances one ply", { timeout: TIMEOUT }, () => {
    const stats = new Stats();
    for (let i = 0; i < N; i++) {
      const p = r.pick(positions);
      const game = Game.replay(p.variant, p.startFen, p.moves);
      const before = { fen: game.fen(), ply: game.ply };
      const legalBefore = p.legal;
      const roll = r.next();
      const input = roll < 0.2 && legalBefore.length ? r.pick(legalBefore)
        : roll < 0.7 && legalBefore.length ? mutate(r, r.pick(legalBefore))
        : hostileString(r);
      const res = stats.time(input, () => judge(`play(${p.variant} ${before.fen})`, input, () => game.play(input)));
      if (!res.ok) {
        stats.refused++;
        expect({ fen: game.fen(), ply: game.ply }).toEqual(before);
        continue;
      }
      stats.accepted++;
      expect(legalBefore).toContain(res.value);
      expect(game.ply).toBe(before.ply + 1);
      // The stored form replays to the same position.
      expect(Game.replay(p.variant, p.startFen, [...p.moves, res.value]).fen()).toBe(game.fen());
    }
    stats.report("Game.play");
  });

  it("presets: refused naming the line, or a game that plays and that makePreset writes back the same", { timeout: TIMEOUT * 2 }, () => {
    const stats = new Stats();
    for (let i = 0; i < N; i++) {
      const roll = r.next();
      const text = roll < 0.35 ? mutate(r, r.pick(PRESET_TEXTS), r.chance(0.5) ? 1 : 4)
        : roll < 0.65 ? mutatePresetLines(r, r.pick(PRESET_TEXTS))
        : roll < 0.8 ? bigPreset(r)
        : roll < 0.9 ? hostileString(r)
        : `board: 8x8\n${randomString(r, 300)}`;
      let read: ReturnType<typeof parsePreset>;
      try {
        read = stats.time(text, () => parsePreset(text));
      } catch (e) {
        throw new Error(`parsePreset threw ${e instanceof Error ? e.message : String(e)} on ${JSON.stringify(text.slice(0, 300))} (FUZZ_SEED=${SEED})`, { cause: e });
      }
      if (!read.ok) {
        stats.refused++;
        expect(read.error, text.slice(0, 300)).toMatch(/^line \d+: \S/);
        expect(read.error.length).toBeLessThan(400);
        continue;
      }
      stats.accepted++;
      const decl = { ...read.value.decl, id: "fuzz-preset" };
      const written = makePreset(decl);
      const back = parsePreset(written);
      expect(back.ok, `${back.error}: ${written}`).toBe(true);
      const { mechanics: m1 = [], ...rest1 } = back.value!.decl;
      const { mechanics: m2 = [], ...rest2 } = decl;
      expect(rest1).toEqual(rest2);
      expect(m1.map(switchOf)).toEqual(m2.map(switchOf));
      // Accepted means playable: the service will list, judge and play its moves.
      declareVariant(decl);
      const g = judge("Game.start(preset)", text, () => Game.start("fuzz-preset"));
      expect(g.ok, `an accepted preset does not start: ${text.slice(0, 300)}`).toBe(true);
      const game = (g as { value: Game }).value;
      const legal = judge("legalMoves(preset)", text, () => game.legalMoves());
      expect(legal.ok).toBe(true);
      judge("status(preset)", text, () => game.status());
      if (legal.ok && legal.value.length) judge("play(preset)", text, () => game.play(r.pick(legal.value).text));
    }
    stats.report("parsePreset");
  });

  it("game records: refused with a RulesError, or replayed to the moves they list", { timeout: TIMEOUT }, () => {
    const stats = new Stats();
    const records = positions.flatMap((p) => {
      const input = { variant: p.variant, startFen: p.startFen, moves: p.moves, result: "*" as const, tags: { White: "Alice", Black: "Bob \"the\" \\ Builder" } };
      return p.variant === "chess" ? [makeGameRecord(input), makePgn(input)] : [makeGameRecord(input)];
    });
    for (let i = 0; i < N; i++) {
      const text = r.chance(0.75) ? mutate(r, r.pick(records)) : r.chance(0.5) ? hostileString(r) : `[Variant "${r.pick(variantIds())}"]\n\n${randomString(r, 200)}`;
      const res = stats.time(text, () => judge("parseGameRecord", text, () => unwrap(parseGameRecord(text))));
      if (!res.ok) {
        stats.refused++;
        continue;
      }
      stats.accepted++;
      const rec = res.value;
      expect(Game.replay(rec.variant, rec.startFen, rec.moves).fen()).toBe(rec.game.fen());
    }
    stats.report("parseGameRecord");
  });
});
