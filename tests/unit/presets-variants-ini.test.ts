/**
 * Fairy-Stockfish variants.ini sections read as games (lib/rules/presets/variants-ini.ts,
 * docs/presets-formats.md#variantsini): Compound Chess gives the built-in game, Capablanca chess
 * as Fairy-Stockfish defines it plays as Fairy-Stockfish's own (ffish 0.7.10, tests/support/oracle.ts),
 * and every refusal names its line.
 */
import { readFileSync } from "node:fs";
import type { FairyStockfish } from "ffish";
import { beforeAll, describe, expect, it } from "vitest";
import { Game, unwrap } from "@/lib/rules";
import { parseBetza } from "@/lib/rules/betza";
import { makePreset, parsePreset, presetFormat } from "@/lib/rules/presets";
import { checkDeclaration } from "@/lib/rules/presets/limits";
import { switchOf } from "@/lib/rules/presets/switches";
import { parseVariantsIni, variantsIniPartLines } from "@/lib/rules/presets/variants-ini";
import { getVariant } from "@/lib/rules/variants";
import { Rng } from "@/tests/fuzz/random";
import { describeGame, differences, loadFairyStockfish, oraclePerft, playRandomGame, withOracleBoard, type OracleGame } from "@/tests/support/oracle";
import { declared, firstDifference, perfts } from "@/tests/support/presets";

const fixture = (name: string) => readFileSync(`tests/fixtures/presets/${name}`, "utf8");

describe("Compound Chess as a variants.ini section", () => {
  const text = fixture("compound.ini");
  const decl = declared(parseVariantsIni(text), "ini-compound");

  it("is recognised as a variants.ini by parsePreset's detection", () => {
    expect(presetFormat(text)).toBe("variants-ini");
    expect(presetFormat(fixture("capablanca.ini"))).toBe("variants-ini");
  });

  it("gives the built-in game's start, castling and en passant", () => {
    const builtIn = getVariant("compound").decl;
    expect(decl.startFen).toBe(builtIn.startFen);
    expect(decl.castling).toEqual(builtIn.castling);
    expect(decl.enPassant).toEqual(builtIn.enPassant);
    // The same moves, however spelt (the centaur is Fairy-Stockfish's KN, the rule book's NK).
    const atoms = (betza: string) => unwrap(parseBetza(betza)).map((a) => JSON.stringify(a)).sort();
    const moves = (d: typeof decl) => Object.fromEntries(d.pieces.map((p) => [p.letter, [atoms(p.betza), p.promotesTo]]));
    expect(moves(decl)).toEqual(moves(builtIn));
  });

  it("gives the built-in game's perft: 53 / 2,809 / 155,275", () => {
    expect(perfts("ini-compound", 3)).toEqual([53, 2809, 155275]);
  });

  it("plays as the built-in game: the same moves, FEN and ends in 1,000 positions of random games", () => {
    expect(firstDifference("ini-compound", "compound", 1000, 17)).toBe("");
  });
});

describe("Capablanca chess as Fairy-Stockfish defines it", () => {
  declared(parseVariantsIni(fixture("capablanca.ini")), "ini-capablanca");
  const row: OracleGame = { id: "ini-capablanca", ffish: "capablanca" };
  let ff: FairyStockfish;
  beforeAll(async () => {
    ff = await loadFairyStockfish();
  });

  it("has Fairy-Stockfish's start position", () => {
    expect(Game.start("ini-capablanca").fen()).toBe(withOracleBoard(ff, row, getVariant("ini-capablanca").decl.startFen, (b) => b.fen()));
  });

  it("gives Fairy-Stockfish's perft from the start, depth 3", () => {
    const theirs = withOracleBoard(ff, row, getVariant("ini-capablanca").decl.startFen, (b) => [1, 2, 3].map((d) => oraclePerft(b, d)));
    expect(perfts("ini-capablanca", 3)).toEqual(theirs);
    expect(theirs).toEqual([28, 784, 25228]);
  });

  it.each([
    ["castling both ways, both sides", "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1"],
    ["castling through and out of check", "r4k3r/10/10/10/2b7/10/10/R4K3R w KQkq - 0 1"],
    ["en passant", "5k4/10/10/3pP5/10/10/10/5K4 w - d6 0 1"],
    ["promotion to any of six", "5k4/1P8/10/10/10/10/8p1/5K4 w - - 0 1"],
  ])("gives Fairy-Stockfish's perft(3): %s", (_, fen) => {
    expect(perfts("ini-capablanca", 3, fen)).toEqual(withOracleBoard(ff, row, fen, (b) => [1, 2, 3].map((d) => oraclePerft(b, d))));
  });

  it("gives Fairy-Stockfish's perft(2) from middlegame positions of random games (castling, en passant, promotion)", () => {
    const rng = new Rng(20261201);
    const fens: string[] = [];
    while (fens.length < 12) fens.push(...playRandomGame(ff, row, rng, { maxPlies: 120, captureBias: 0.5 }).fens.filter((_, i) => i % 20 === 19));
    for (const fen of fens.slice(0, 12)) expect(perfts("ini-capablanca", 2, fen), fen).toEqual(withOracleBoard(ff, row, fen, (b) => [1, 2].map((d) => oraclePerft(b, d))));
  });

  it("plays as Fairy-Stockfish in 600 positions of seeded random games: the same moves, FEN and ends", () => {
    const rng = new Rng(17);
    const reports: string[] = [];
    for (let seen = 0; seen < 600 && reports.length === 0;) {
      const r = playRandomGame(ff, row, rng, { maxPlies: 300, captureBias: 0.6, repeatBias: 0.3, visit: (game, board) => differences(game, board, row) });
      seen += r.positions;
      if (r.problems.length) reports.push(`${describeGame(r.game)}\n  ${r.problems.join("\n  ")}`);
    }
    expect(reports.join("\n")).toBe("");
  });
});

describe("Gothic chess, inheriting from Fairy-Stockfish's capablanca", () => {
  // variant.cpp's gothic_variant(): capablanca with another start position.
  const text = "[gothic-ini:capablanca]\nstartFen = rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR w KQkq - 0 1\n";
  declared(parseVariantsIni(text), "ini-gothic");
  const row: OracleGame = { id: "ini-gothic", ffish: "gothic" };
  let ff: FairyStockfish;
  beforeAll(async () => {
    ff = await loadFairyStockfish();
  });

  it("gives Fairy-Stockfish's perft from the start, depth 3, and plays as it in 400 positions", () => {
    const start = getVariant("ini-gothic").decl.startFen;
    expect(perfts("ini-gothic", 3)).toEqual(withOracleBoard(ff, row, start, (b) => [1, 2, 3].map((d) => oraclePerft(b, d))));
    const rng = new Rng(23);
    const reports: string[] = [];
    for (let seen = 0; seen < 400 && reports.length === 0;) {
      const r = playRandomGame(ff, row, rng, { maxPlies: 200, captureBias: 0.6, visit: (game, board) => differences(game, board, row) });
      seen += r.positions;
      if (r.problems.length) reports.push(`${describeGame(r.game)}\n  ${r.problems.join("\n  ")}`);
    }
    expect(reports.join("\n")).toBe("");
  });
});

describe("the shared check of every preset (lib/rules/presets/limits.ts)", () => {
  it("passes both sections", () => {
    for (const f of ["compound.ini", "capablanca.ini"]) expect(checkDeclaration(parseVariantsIni(fixture(f)).value!), f).toBeUndefined();
  });

  it("writes back as the project's preset format, which reads back to the same game (drops included)", () => {
    const house = ["[house:chess]", "pieceDrops = true", "capturesToHand = true", "startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"].join("\n");
    for (const text of [fixture("compound.ini"), fixture("capablanca.ini"), house]) {
      const decl = parseVariantsIni(text).value!;
      const back = parsePreset(makePreset(decl)).value!.decl;
      const plain = (d: typeof decl) => ({ ...d, mechanics: (d.mechanics ?? []).map(switchOf) });
      expect(plain(back), decl.name).toEqual(plain(decl));
    }
  });

  it("is run by parsePreset on a variants.ini, its problems named at their line", () => {
    expect(parsePreset(fixture("compound.ini")).value?.format).toBe("variants-ini");
    const lines = ["[x:chess]", "maxFile = 9", "customPiece1 = w:WDHNCZAFGWDHNCZAFGWDHNCZAFGWDHNCZAFGWDH", "startFen = 4k4/9/9/9/9/9/9/4K4 w - - 0 1"];
    expect(parsePreset(lines.join("\n")).error).toMatch(/^line 3: .* move directions, at most/);
  });

  it("finds the line its problems are about", () => {
    const lines = ["[x:chess]", "maxFile = 9", "customPiece1 = w:WDHNCZAFGWDHNCZAFGWDHNCZAFGWDHNCZAFGWDH", "startFen = 4k4/9/9/9/9/9/9/4K4 w - - 0 1"];
    const problem = checkDeclaration(parseVariantsIni(lines.join("\n")).value!)!;
    expect(problem.part).toBe("piece W");
    const lineOf = (part: string) => lines.findIndex((l) => variantsIniPartLines(part)!.test(l)) + 1;
    expect([lineOf(problem.part), lineOf("board"), lineOf("start"), lineOf("name")]).toEqual([3, 2, 4, 1]);
  });
});

describe("refusals name their line", () => {
  const refused = (...lines: string[]) => parseVariantsIni(lines.join("\n")).error;

  it.each([
    [["[x:chess]", "flagPiece = k"], /^line 2: flagPiece is not supported/],
    [["[x:chess]", "blastOnCapture = true"], /^line 2: blastOnCapture = true is not supported/],
    [["[x:chess]", "customPiece1 = z:NmQ2yW"], /^line 2: customPiece1: cannot read Betza/],
    [["[x:chess]", "customPiece30 = z:N"], /^line 2: customPiece30: the slots are/],
    [["[x:chess]", "customPiece1 = zz"], /^line 2: customPiece1 = 'zz': write a letter/],
    [["[x:chess]", "customPiece1 = z"], /^line 2: customPiece1 needs its moves/],
    [["[x:chess]", "knight = n:NN"], /^line 2: knight has its own moves/],
    [["[x:chess]", "soldier = s"], /^line 2: soldier is not read/],
    [["[x:shogi]"], /^line 1: parent 'shogi': only chess, capablanca or a section above/],
    [["maxFile = 9"], /^line 1: maxFile before any \[section\]/],
    [["[x:chess]", "what is this"], /^line 2: cannot read 'what is this'/],
    [["[x:chess]", "nMoveRule = 50", "nMoveRule = 40"], /^line 3: nMoveRule is set twice \(first on line 2\)/],
    [["[x:chess]", "promotionPieceTypes = qz"], /^line 2: promotionPieceTypes: 'z' is not a piece/],
    [["[x:chess]", "maxFile = z"], /^line 2: maxFile must be a file/],
    [["[x:chess]", "maxRank = 10"], /^line 1: promotionRegionWhite and promotionRegionBlack are not mirror images on this 10-rank board/],
    [["[x:chess]", "maxRank = 10", "promotionRegionWhite = *10", "promotionRegionBlack = *1"], /^line 1: doubleStepRegionWhite and doubleStepRegionBlack are not mirror images/],
    [["[x:chess]", "promotionRegionWhite = a8 b8"], /^line 2: promotionRegionWhite is read only as whole ranks/],
    [["[x:chess]", "enPassantRegion = e3 e6"], /^line 2: enPassantRegion is read only as '-'/],
    [["[x:chess]", "nFoldRule = 4"], /^line 2: nFoldRule other than 3/],
    [["[x:chess]", "checkmateValue = win"], /^line 2: checkmateValue other than loss/],
    [["[x:chess]", "stalemateValue = maybe"], /^line 2: stalemateValue must be win, loss or draw/],
    [["[x:chess]", "castling = yes"], /^line 2: castling must be true or false/],
    [["[x:chess]", "pieceDrops = true"], /^line 2: pieceDrops and capturesToHand are read only together/],
    [["[x:chess]", "king = -"], /^line 1: \[x\] has no king/],
    [["[x:chess]", "extinctionValue = loss", "extinctionPieceTypes = k"], /^line 2: extinction rules beside a king/],
    [["[x]", "[x:chess]"], /^line 2: section \[x\] is defined twice/],
  ])("%j → %s", (lines, message) => {
    expect(refused(...(lines as string[]))).toMatch(message as RegExp);
  });

  it("reads a section by name, inheriting from one above; ignores Fairy-Stockfish's GUI and evaluation settings", () => {
    const text = ["[base:chess]", "castling = false", "pieceValueMg = p:150", "", "[child:base] # a comment", "mustCapture = true", "stalemateValue = win", "[other:chess]"].join("\n");
    const child = parseVariantsIni(text, "child").value!;
    expect([child.castling, child.mustCapture, child.stalemate]).toEqual([undefined, true, "win"]);
    expect(parseVariantsIni(text).value?.id).toBe("other");
    expect(parseVariantsIni(text, "nope").error).toBe("line 1: no section [nope]");
  });

  it("reads Fairy-Stockfish's pawn written out as a custom piece, its `e` passed over as Fairy-Stockfish does", () => {
    const text = ["[custompawns:chess]", "customPiece1 = p:fmWfceFifmnD", "pawnTypes = p"].join("\n");
    declared(parseVariantsIni(text), "ini-custom-pawns");
    const fen = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
    expect(perfts("ini-custom-pawns", 4, fen)).toEqual(perfts("chess", 4, fen));
  });

  it("reads Fairy-Stockfish's deprecated relative ranks: promotionRank, doubleStepRank", () => {
    const text = ["[tall:chess]", "maxRank = 10", "promotionRank = 9", "doubleStepRank = 3", "startFen = 4k3/pppppppp/8/8/8/8/8/8/PPPPPPPP/4K3 w - - 0 1"].join("\n");
    const pawn = parseVariantsIni(text).value!.pieces.find((p) => p.letter === "P")!;
    expect([pawn.promotionRanks, pawn.initialRanks]).toEqual([2, [2, 3]]);
    expect(parseVariantsIni(text.replace("doubleStepRank = 3", "doubleStepRankMin = 1")).value!.pieces[0].initialRanks).toEqual([1, 2]);
  });

  it("switches on Crazyhouse's drops by data: pieceDrops with capturesToHand", () => {
    const house = declared(parseVariantsIni(["[house:chess]", "pieceDrops = true", "capturesToHand = true", "startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"].join("\n")), "ini-house");
    expect(house.mechanics?.length).toBe(1);
    const fen = "r1bqkbnr/pppp1ppp/2n5/4p3/3P4/8/PPP1PPPP/RNBQKBNR[] w KQkq - 0 3";
    expect(perfts("ini-house", 3, fen)).toEqual(perfts("crazyhouse", 3, fen));
  });

  it("never throws, whatever the text", () => {
    for (const text of ["", "[", "[]", "[a:a]", "[a:b]\n[b:a]", "=", "[x:chess]\n=x", "[x:chess]\nstartFen = ", "[x:chess]\ncastlingKingsideFile = p", fixture("compound.ini").replace(/=/g, "")]) {
      const r = parseVariantsIni(text);
      if (!r.ok) expect(r.error).toMatch(/^line \d+: /);
    }
  });
});
