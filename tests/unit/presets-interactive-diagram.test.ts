/**
 * chessvariants.com Interactive Diagram settings read as a game (lib/rules/presets/interactive-diagram.ts,
 * docs/presets-formats.md#interactive-diagram): the Royal Substitute page's own settings give the
 * built-in game, and every refusal names its line.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Game } from "@/lib/rules";
import { presetFormat } from "@/lib/rules/presets";
import { interactiveDiagramPartLines, parseInteractiveDiagram } from "@/lib/rules/presets/interactive-diagram";
import { makePreset, parsePreset } from "@/lib/rules/presets";
import { checkDeclaration } from "@/lib/rules/presets/limits";
import { getVariant } from "@/lib/rules/variants";
import { declared, firstDifference, perfts } from "@/tests/support/presets";

/** The page's "Setup" paragraph, as it shows it: every setting on one line (tests/fixtures/presets/README.md). */
const ROYAL_SUBSTITUTE = readFileSync("tests/fixtures/presets/royal-substitute.diagram.txt", "utf8");

describe("the Royal Substitute page's settings", () => {
  const decl = declared(parseInteractiveDiagram(ROYAL_SUBSTITUTE), "diagram-royal-substitute");

  it("are recognised as diagram settings by parsePreset's detection", () => {
    expect(presetFormat(ROYAL_SUBSTITUTE)).toBe("interactive-diagram");
  });

  it("give the built-in game's board, start position, pieces and rules", () => {
    const builtIn = getVariant("royal-substitute").decl;
    expect(decl.startFen).toBe(builtIn.startFen);
    expect([decl.files, decl.ranks]).toEqual([9, 7]);
    expect(decl.pieces.map((p) => [p.letter, p.name, p.betza, p.promotesTo])).toEqual(
      builtIn.pieces.map((p) => [p.letter, p.name, p.betza, p.promotesTo]));
    expect(decl.royalty).toEqual(builtIn.royalty);
    expect([decl.stalemate, decl.bareRoyal, decl.enPassant, decl.castling]).toEqual([builtIn.stalemate, builtIn.bareRoyal, undefined, undefined]);
  });

  it("give the built-in game's perft: 42 / 1,738 / 83,369", () => {
    expect(perfts("diagram-royal-substitute", 3)).toEqual([42, 1738, 83369]);
  });

  it("play as the built-in game: the same moves, FEN and ends in 1,500 positions of random games", () => {
    expect(firstDifference("diagram-royal-substitute", "royal-substitute", 1500, 17)).toBe("");
  });

  it("read the same written one per line", () => {
    const perLine = ROYAL_SUBSTITUTE.trim().replace(/ (?=[A-Za-z]+=)/g, "\n").replace(/(:[a-i0-9,]*) (?=[a-z ]+:)/g, "$1\n");
    expect(perLine.split("\n").length).toBeGreaterThan(15);
    expect(parseInteractiveDiagram(perLine).value).toEqual(parseInteractiveDiagram(ROYAL_SUBSTITUTE).value);
  });

  it("map the images the art library draws, and leave the others to the generated glyph", () => {
    expect(decl.pieces.map((p) => p.art)).toEqual(["", "knight", "rook", "dragonHorse", "queen", "king"]);
  });
});

describe("a chess diagram with mirror symmetry, ranges and promotion by choice", () => {
  const CHESS = [
    "files=8 ranks=8 symmetry=mirror promoChoice=QRBN",
    "pawn:P:fmWfceFifmnD:pawn:a2-h2",
    "knight:N:N:knight:b1,g1",
    "bishop:B:B:bishop:c1,f1",
    "rook:R:R:rook:a1,h1",
    "queen:Q:Q:queen:d1",
    "king:K:K:king:e1",
  ].join("\n");
  declared(parseInteractiveDiagram(CHESS), "diagram-chess");

  it("sets up chess, without castling (the diagram writes castling as a king's move this reader refuses)", () => {
    expect(Game.start("diagram-chess").fen()).toBe("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1");
    expect(perfts("diagram-chess", 3)).toEqual([20, 400, 8902]);
  });

  it("takes en passant only with captures marked e (XBetza's fceF)", () => {
    expect(getVariant("diagram-chess").decl.enPassant).toEqual({ victims: ["P"], capturers: ["P"] });
    expect(parseInteractiveDiagram(CHESS.replace("fceF", "fcF")).value?.enPassant).toBeUndefined();
  });

  it("promotes and takes en passant as chess does (chessprogramming.org position 3, no castling in it)", () => {
    const fen = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
    expect(perfts("diagram-chess", 4, fen)).toEqual(perfts("chess", 4, fen));
    const promotion = "8/P6k/8/8/8/8/8/K7 w - - 0 1";
    expect(perfts("diagram-chess", 2, promotion)).toEqual(perfts("chess", 2, promotion));
  });
});

describe("royal pieces by number, and a rotated setup", () => {
  it("royal=N is the N-th piece line; rotate turns White's setup half round for Black", () => {
    const text = "files=6 ranks=6 symmetry=rotate royal=2\nman:M:K:man:a1,b2\ngeneral:G:K:king:c1";
    const decl = parseInteractiveDiagram(text).value!;
    expect(decl.royalty).toEqual({ kind: "king", piece: "G" });
    expect(decl.startFen).toBe("3g1m/4m1/6/6/1M4/M1G3 w - - 0 1");
  });

  it("two royal pieces a side are extinction royalty", () => {
    const decl = parseInteractiveDiagram("files=6 ranks=6 symmetry=mirror royal=K\nking:K:K:king:a1,f1").value!;
    expect(decl.royalty).toEqual({ kind: "extinction", pieces: ["K"] });
  });

  it("the documentation page's own example leaves moves to the names: refused, naming the piece", () => {
    const example = "files=10 graphicsDir=/membergraphics/MSinteractivedia/ graphicsType=png squareSize=36 whitePrefix=White " +
      "blackPrefix=Black symmetry=mirror satellite=demo firstRank=1 royal=8 Pawn::::a2-j2 Knight:N:::b1,i1 King::::f1";
    expect(parseInteractiveDiagram(example).error).toMatch(/^line 1: Pawn has no moves/);
  });
});

describe("the shared check of every preset (lib/rules/presets/limits.ts)", () => {
  it("passes the Royal Substitute page's settings", () => {
    expect(checkDeclaration(parseInteractiveDiagram(ROYAL_SUBSTITUTE).value!)).toBeUndefined();
  });

  it("writes back as the project's preset format, which reads back to the same game", () => {
    const decl = parseInteractiveDiagram(ROYAL_SUBSTITUTE).value!;
    expect(parsePreset(makePreset(decl)).value?.decl).toEqual(decl);
  });

  it("is run by parsePreset on diagram settings, its problems named at their line", () => {
    expect(parsePreset(ROYAL_SUBSTITUTE).value?.format).toBe("interactive-diagram");
    const lines = ["files=8 ranks=8", "king:K:K:king:e1,,e8", "wide:W:WDHNCZAFGWDHNCZAFGWDHNCZAFGWDHNCZAFGWDH:x:a1"];
    expect(parsePreset(lines.join("\n")).error).toMatch(/^line 3: .* move directions, at most/);
  });

  it("finds the line its problems are about: a piece by its ID, the board by files and ranks", () => {
    const lines = ["files=8 ranks=8", "king:K:K:king:e1,,e8", "wide:W:WDHNCZAFGWDHNCZAFGWDHNCZAFGWDHNCZAFGWDH:x:a1"];
    const problem = checkDeclaration(parseInteractiveDiagram(lines.join("\n")).value!)!;
    expect(problem.part).toBe("piece W");
    expect(lines.findIndex((l) => interactiveDiagramPartLines(problem.part)!.test(l)) + 1).toBe(3);
    expect(lines.findIndex((l) => interactiveDiagramPartLines("piece K")!.test(l)) + 1).toBe(2);
    expect(lines.findIndex((l) => interactiveDiagramPartLines("board")!.test(l)) + 1).toBe(1);
  });

  it("plays a 16×16 diagram", () => {
    declared(parseInteractiveDiagram("files=16 ranks=16 symmetry=mirror\nking:K:K:king:h1\nrook:R:R:rook:a1,p1"), "diagram-16");
    expect(Game.start("diagram-16").fen()).toBe("r6k7r/16/16/16/16/16/16/16/16/16/16/16/16/16/16/R6K7R w - - 0 1");
    // King h1: 5 steps; rook a1: 15 up the file (the last takes) and 6 along the rank; rook p1: 15 and 7.
    expect(perfts("diagram-16", 1)).toEqual([5 + 21 + 22]);
  });
});

describe("refusals name their line", () => {
  const base = ["files=8 ranks=8", "king:K:K:king:e1,,e8"];
  const refused = (lines: string[]) => parseInteractiveDiagram(lines.join("\n")).error;

  it.each([
    [["files=8 ranks=8 castling=1", "king:K:K:king:e1,,e8"], /^line 1: unknown setting 'castling'/],
    [[...base, "dragon:D:NmQ2yW:dragon:d1,,d8"], /^line 3: dragon: cannot read Betza/],
    [[...base, "man:M:K:man:e1,,d8"], /^line 3: e1 is given two pieces/],
    [[...base, "man:M:K:man:z9"], /^line 3: man: 'z9' is not a square/],
    [[...base, "man:K:K:man:a1"], /^line 3: piece ID K is used twice/],
    [[...base, "man:MM:K:man:a1"], /^line 3: piece ID 'MM' must be one letter/],
    [[...base, "pawn:P:fW:pawn:a2,,a7", "morph=Q//////"], /^line 4: morph of pawn has 7 ranks, the board 8/],
    [[...base, "pawn:P:fW:pawn:a2,,a7", "morph=QQQQQQQQ/Q//////"], /^line 4: morph of pawn: 'Q' is not one ID on every square/],
    [[...base, "pawn:P:W:pawn:a2,,a7", "morph=QQQQQQQQ///////QQQQQQQQ"], /^line 4: morph of pawn: 'Q' is not a piece ID/],
    [[...base, "pawn:P:W:pawn:a2,,a7", "morph=QQQQQQQQ///////QQQQQQQQ", "queen:Q:Q:queen:"], /^line 4: morph of pawn also changes it on its own side/],
    [[...base, "morph=QQQQQQQQ///////"], /^line 3: morph of king: 'Q' is not a piece ID/],
    [["morph=Q", ...base], /^line 1: morph before any piece line/],
    [["files=8 ranks=8 royal=X", "king:K:K:king:e1,,e8"], /^line 1: royal: 'X' is neither/],
    [["files=8 stalemate=maybe", "king:K:K:king:e1,,e8"], /^line 1: stalemate must be win, draw or lose/],
    [["files=8", "baring=3", "king:K:K:king:e1,,e8"], /^line 2: only baring=0 is read/],
    [["files=8", "holdings=2", "king:K:K:king:e1,,e8"], /^line 2: holdings/],
    [["files=8", "files=9", "king:K:K:king:e1,,e8"], /^line 2: files is set twice \(first on line 1\)/],
    [["files=99", "king:K:K:king:e1,,e8"], /^line 1: files must be a number from 2 to 16/],
    [[...base, "lion:L:::a1"], /^line 3: lion has no moves/],
    [[...base, "some words here"], /^line 3: cannot read 'some words here'/],
    [[...base, "man:M:K:man:a1:3"], /^line 3: man: pieces in hand/],
    [[...base, "pawn:P:fmWfeFifmnD:pawn:a2,,a7"], /^line 3: pawn: 'e' \(en passant\) is read only with 'c'/],
    [[...base, "pawn:P:bWifmnD:pawn:a2,,a7"], /^line 3: pawn: first-move-only \(i\) moves are read only for pieces that move only forwards/],
    [["files=8 ranks=8 promoChoice=QZ", "queen:Q:Q:queen:", "king:K:K:king:e1,,e8"], /^line 1: promoChoice: 'Z' is not a piece ID/],
    [["files=8 ranks=8"], /^line 1: no piece lines/],
    [["files=8 ranks=8", "man:M:K:man:a1,,a8"], /^line 1: no royal piece/],
  ])("%j → %s", (lines, message) => {
    expect(refused(lines as string[])).toMatch(message as RegExp);
  });

  it("reads display settings and ignores them, harmlessly", () => {
    const shown = parseInteractiveDiagram(["files=8 ranks=8 squareSize=50 graphicsDir=/x/ lightShade=#fff", "king:K:K:king:e1,,e8"].join("\n"));
    expect(shown.value?.startFen).toBe("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    expect(shown.value?.royalty).toEqual({ kind: "king", piece: "K" });
  });

  it("never throws, whatever the text", () => {
    for (const text of ["", ":", "::::", "a=b=c", "=", "x:".repeat(500), ROYAL_SUBSTITUTE.slice(0, 300), ROYAL_SUBSTITUTE.replace(/,/g, "-")]) {
      const r = parseInteractiveDiagram(text);
      if (!r.ok) expect(r.error).toMatch(/^line \d+: /);
    }
  });
});
