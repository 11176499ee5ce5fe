/**
 * The project's preset format (docs/presets.md): its examples play the built-in games (same
 * perft), every refusal names its line, the limits refuse the oversize, a 16×16 preset plays,
 * and makePreset's text reads back to the same declaration.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Game, makePreset, parsePreset, presetErrorLine, PRESET_LIMITS, type VariantDecl } from "@/lib/rules";
import { perft } from "@/lib/rules/movegen";
import { parseFen } from "@/lib/rules/notation/fen";
import { switchOf } from "@/lib/rules/presets/switches";
import { unwrap } from "@/lib/rules/result";
import { declareVariant, getVariant } from "@/lib/rules/variants";

const example = (name: string) => readFileSync(`docs/presets/${name}.txt`, "utf8");

function declared(text: string) {
  const read = parsePreset(text);
  if (!read.ok) throw new Error(read.error);
  return declareVariant(read.value.decl);
}

const perftOf = (text: string, depth: number, fen?: string) => {
  const v = declared(text);
  return perft(unwrap(parseFen(v, fen ?? v.decl.startFen)), depth);
};

/** A small valid preset whose lines the refusal tests replace one at a time. */
const BASE = [
  "name: Little chess", // 1
  "board: 4x4", // 2
  "start: rk2/pp2/2PP/2KR w - - 0 1", // 3
  "piece: K, King, K", // 4
  "piece: R, Rook, R", // 5
  "piece: P, Pawn, fmWfcF, promotes to R, never on last rank, pawn-like", // 6
  "royalty: king K", // 7
];
const withLine = (n: number, line: string) => BASE.map((l, i) => (i === n - 1 ? line : l)).join("\n");

function refusal(text: string): string {
  const read = parsePreset(text);
  expect(read.ok, `accepted: ${text.slice(0, 200)}`).toBe(false);
  return read.error!;
}

describe("the format's examples play the built-in games", () => {
  it("Royal Substitute Chess: perft 42 / 1,738 / 83,369 (docs/games/royal-substitute.md#perft)", () => {
    expect([1, 2, 3].map((d) => perftOf(example("royal-substitute"), d))).toEqual([42, 1738, 83369]);
  });
  it("Compound Chess: perft 53 / 2,809 / 155,275 (docs/games/compound.md#perft)", () => {
    expect([1, 2, 3].map((d) => perftOf(example("compound"), d))).toEqual([53, 2809, 155275]);
  });
  it("the examples declare what the built-in games declare, but for the rules text and the art the app draws", () => {
    for (const [file, builtIn] of [["royal-substitute", "royal-substitute"], ["compound", "compound"]]) {
      const decl = unwrap(parsePreset(example(file))).decl;
      const original = getVariant(builtIn).decl;
      const strip = (d: VariantDecl) => ({ ...d, id: "", summary: [], pieces: d.pieces.map((p) => ({ ...p, value: undefined })) });
      expect(strip(decl)).toEqual(strip(original));
    }
  });
  it("a preset with a switch plays it: drops as in Crazyhouse", () => {
    const text = makePreset({ ...getVariant("crazyhouse").decl, id: "my-crazyhouse", mechanics: undefined }) + "drops: Q R B N P, captures to hand, promoted from P\n";
    const v = declared(text);
    expect(perft(unwrap(parseFen(v, "r1bqkbnr/pppppppp/2n5/8/4P3/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 1")), 1)).toBe(
      perft(unwrap(parseFen(getVariant("crazyhouse"), "r1bqkbnr/pppppppp/2n5/8/4P3/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 1")), 1),
    );
  });
});

describe("the rule book's examples", () => {
  it("every preset written out in docs/presets.md reads, and the two built-in games' are their files", () => {
    const blocks = [...readFileSync("docs/presets.md", "utf8").matchAll(/^```\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    for (const block of blocks) expect(parsePreset(block).error).toBeUndefined();
    for (const file of ["royal-substitute", "compound"]) {
      const inBook = blocks.map((b) => unwrap(parsePreset(b)).decl).find((d) => d.id === `${file}-preset`);
      expect({ ...inBook, summary: [] }).toEqual({ ...unwrap(parsePreset(example(file))).decl, summary: [] });
    }
  });
});

describe("refusals name their line", () => {
  const cases: [string, string, number, RegExp][] = [
    ["an unknown key", withLine(5, "peice: R, Rook, R"), 5, /'peice' is not a preset key/],
    ["a line that is no key: value", withLine(3, "rk2/pp2/2PP/2KR w - - 0 1"), 3, /write 'key: value'/],
    ["a key given twice", withLine(7, "board: 4x4"), 7, /'board' is given twice/],
    ["a bad board", withLine(2, "board: four by four"), 2, /files x ranks/],
    ["a board too big", withLine(2, "board: 17x8"), 2, /2 to 16 files/],
    ["unreadable Betza", withLine(5, "piece: R, Rook, Xyz"), 5, /cannot read Betza/],
    ["an unknown piece option", withLine(5, "piece: R, Rook, R, flies"), 5, /'flies' is not something a piece can have/],
    ["two pieces with one letter", withLine(5, "piece: K, Rook, R"), 5, /two pieces have the letter K/],
    ["promotion to a piece the game lacks", withLine(6, "piece: P, Pawn, fmWfcF, promotes to Q"), 6, /names a piece Q/],
    ["a royal piece the game lacks", withLine(7, "royalty: king X"), 7, /royal piece X/],
    ["a start position the FEN reader refuses", withLine(3, "start: rk2/pp2/2PP/2KQ w - - 0 1"), 3, /start position: 'Q' is not a piece/],
    ["a start with no king", withLine(3, "start: r3/pp2/2PP/2KR w - - 0 1"), 3, /start position/],
    ["a switch naming a piece the game lacks", BASE.join("\n") + "\ndrops: Q R", 8, /drops names a piece Q/],
    ["a bad yes or no", BASE.join("\n") + "\nmust capture: maybe", 8, /yes or no/],
    ["a bot goal that is no number", BASE.join("\n") + "\nbot goal: material lots", 8, /bot goal: a bot goal's term is a number/],
    ["castling without its king's squares", BASE.join("\n") + "\ncastling: K R, rook to c b", 8, /castling needs 'king to g c'/],
  ];
  for (const [what, text, line, message] of cases) {
    it(what, () => {
      const error = refusal(text);
      expect(presetErrorLine(error), error).toBe(line);
      expect(error).toMatch(message);
    });
  }
  it("a missing line is named", () => {
    expect(refusal(BASE.filter((l) => !l.startsWith("royalty")).join("\n"))).toMatch(/^line \d+: the preset has no 'royalty:' line/);
  });
  it("text in no format is refused on line 1", () => {
    expect(refusal("hello")).toMatch(/^line 1: this is no preset/);
  });
});

describe("limits refuse the oversize", () => {
  it("text over the size limit, before reading it", () => {
    expect(refusal(BASE.join("\n") + "\n#" + "x".repeat(PRESET_LIMITS.chars))).toMatch(/^line 1: a preset is at most/);
  });
  it("too many lines, and a line too long", () => {
    expect(refusal(BASE.join("\n") + "\n".repeat(PRESET_LIMITS.lines))).toMatch(/at most \d+ lines/);
    expect(presetErrorLine(refusal(withLine(4, `piece: K, King, K${", art king".repeat(200)}`)))).toBe(4);
  });
  it("too many kinds of piece", () => {
    const letters = "ABCDEFGHIJLMNOQSTUVWXYZ";
    const text = [...BASE, ...[...letters].map((l) => `piece: ${l}, Piece ${l}, W`)].join("\n");
    expect(refusal(text)).toMatch(new RegExp(`at most ${PRESET_LIMITS.pieces} kinds of piece`));
  });
  it("Betza text too long, or giving too many directions", () => {
    expect(refusal(withLine(5, `piece: R, Rook, ${"W".repeat(PRESET_LIMITS.betzaChars + 1)}`))).toMatch(/at most 40/);
    expect(refusal(withLine(5, "piece: R, Rook, QNCZGADHW"))).toMatch(/move directions, at most/);
  });
});

describe("16×16", () => {
  const big = [
    "name: Big chess",
    "board: 16x16",
    "start: rnbqkbnrrnbqkbnr/pppppppppppppppp/16/16/16/16/16/16/16/16/16/16/16/16/PPPPPPPPPPPPPPPP/RNBQKBNRRNBQKBNR w - - 0 1",
    "piece: K, King, K", "piece: Q, Queen, Q", "piece: R, Rook, R", "piece: B, Bishop, B", "piece: N, Knight, N",
    "piece: P, Pawn, fmWfcFifmnD, never on first rank, never on last rank, promotes to Q R B N, pawn-like",
    "royalty: extinction K",
  ].join("\n");
  it("a 16×16 preset plays: squares to p16, moves in text", () => {
    declared(big.replace("name: Big chess", "name: Big chess\nid: big-chess"));
    const g = Game.start("big-chess");
    expect(g.legalMoves().length).toBe(16 * 2 + 4 * 2);
    g.play("P p2-p4");
    g.play("p a15-a13");
    g.play("N o1-p3");
    expect(g.fen()).toBe("rnbqkbnrrnbqkbnr/1ppppppppppppppp/16/p15/16/16/16/16/16/16/16/16/15P/15N/PPPPPPPPPPPPPPP1/RNBQKBNRRNBQKB1R b - - 1 2");
    expect(perft(unwrap(parseFen(getVariant("big-chess"), g.fen())), 2)).toBeGreaterThan(0);
  });
});

describe("makePreset", () => {
  const expressible = ["chess", "compound", "royal-substitute", "shatranj", "chaturanga", "makruk", "crazyhouse", "atomic", "antichess", "duck", "fog-of-war", "magicpawns", "companion", "shogi", "minishogi", "janggi", "xiangqi"];
  it("writes the examples' declarations as text that reads back to them", () => {
    for (const file of ["royal-substitute", "compound"]) {
      const decl = unwrap(parsePreset(example(file))).decl;
      const text = makePreset(decl);
      expect(unwrap(parsePreset(text)).decl).toEqual(decl);
      expect(makePreset(unwrap(parsePreset(text)).decl)).toBe(text);
    }
  });
  it("round trip of every built-in game a preset can say: parse(make(decl)) is decl, switches included", () => {
    let written = 0;
    for (const id of expressible) {
      const original = getVariant(id).decl;
      let text: string;
      try {
        text = makePreset({ ...original, id: `${id}-preset` });
      } catch {
        continue; // code no preset can say (counting rules, palace lines …)
      }
      written++;
      const back = unwrap(parsePreset(text)).decl;
      const { mechanics: m1 = [], ...rest1 } = back;
      const { mechanics: m2 = [], ...rest2 } = { ...original, id: `${id}-preset` };
      expect(rest1, id).toEqual(rest2);
      expect(m1.map(switchOf)).toEqual(m2.map(switchOf));
    }
    expect(written).toBeGreaterThanOrEqual(7);
  });
  it("refuses what no preset can say", () => {
    expect(() => makePreset(getVariant("chess960").decl)).toThrow(/numbered setups/);
    expect(() => makePreset(getVariant("friendly").decl)).toThrow(/unions/);
  });
});
