/**
 * The preset editor's preview (app/presets/preview.ts) and how a preset's pieces are drawn:
 * the start position, perft to depth 2 counted by hand, a clicked piece's legal moves, the
 * parser's problem with its line, and the lettered disc of a piece without a drawing, the same
 * on the page and in pictures (docs/presets.md#pieces-without-art).
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import Board from "@/app/_components/Board";
import { THEME, boardSvgString } from "@/app/_components/pieces";
import { PERFT_CAP, PREVIEW_ID, errorLine, previewPreset, targetsFrom } from "@/app/presets/preview";
import { Game } from "@/lib/rules";
import { WAZIR_GAME, wazirGame } from "../support/presets";

describe("the preset editor's preview", () => {
  it("shows the start position and counts perft 1 and 2 as by hand", () => {
    const p = previewPreset(WAZIR_GAME);
    if (!p.ok) throw new Error(p.error);
    expect(p.info).toMatchObject({ name: "Wazir Chess", files: 6, ranks: 6 });
    expect(p.squares.find((s) => s.square === "c1")?.pieces).toEqual([{ color: "white", letter: "W" }]);
    // White: six pawn steps and the wazir c1-b1; Black the same whatever White did.
    expect(p.perft).toEqual([7, 49]);
    expect(p.turn).toBe("white");
  });

  it("stops counting perft 2 past its cap, where the limits allow thousands of moves a side", () => {
    // The duck on its largest board with open queens (bench/preset-worst.ts): every piece move
    // once per empty square, so perft 1 is in the thousands and perft 2 in the millions.
    const rank = (r: string) => r.padEnd(10, ".").replace(/\.+/g, (d) => String(d.length));
    const rows = ["k", "", "..q..q..q", ...Array(4).fill(""), "..Q..Q..Q", "", "K"].map(rank);
    const duck = [
      "name: Open Duck", "board: 10x10", `start: ${rows.join("/")} w - - 0 1`,
      "piece: K, King, K", "piece: Q, Queen, Q", "royalty: extinction K, capturable", "duck: yes",
    ].join("\n");
    const p = previewPreset(duck);
    if (!p.ok) throw new Error(p.error);
    expect(p.perft[0]).toBeGreaterThan(PERFT_CAP / 10);
    expect(p.perft[1]).toBeNull();
    // The same counter counts exactly up to its cap and refuses one short of the count.
    const game = Game.start(PREVIEW_ID);
    expect(game.countPositions(1, p.perft[0])).toBe(p.perft[0]);
    expect(game.countPositions(1, p.perft[0] - 1)).toBeNull();
    const wazir = previewPreset(WAZIR_GAME);
    if (!wazir.ok) throw new Error(wazir.error);
    expect(Game.start(PREVIEW_ID).countPositions(3, 10_000)).toBe(Game.start(PREVIEW_ID).countPositions(3, 1e9));
    expect(Game.start(PREVIEW_ID).countPositions(2, 48)).toBeNull();
    expect(Game.start(PREVIEW_ID).countPositions(2, 49)).toBe(49);
  });

  it("gives a clicked piece's legal destinations, none for a blocked one", () => {
    const p = previewPreset(WAZIR_GAME);
    if (!p.ok) throw new Error(p.error);
    expect(targetsFrom(p.moves, "c1")).toEqual(["b1"]);
    expect(targetsFrom(p.moves, "a2")).toEqual(["a3"]);
    expect(targetsFrom(p.moves, "d1")).toEqual([]);
    expect(targetsFrom(p.moves, "c6")).toEqual([]);
  });

  it("a new text replaces the preview's game", () => {
    const p = previewPreset(wazirGame("WD"));
    if (!p.ok) throw new Error(p.error);
    // The wazir-dabbaba also leaps two squares: from c1 to a1 and over the pawn to c3; from e1 to e3.
    expect(targetsFrom(p.moves, "c1").sort()).toEqual(["a1", "b1", "c3"]);
    expect(targetsFrom(p.moves, "e1")).toEqual(["e3"]);
    expect(Game.start(PREVIEW_ID).legalMoves().length).toBe(10);
  });

  it("names the line of the problem", () => {
    const text = WAZIR_GAME.replace("piece: W, Wazir, W", "piece: W, Wazir, W, bogus option");
    const p = previewPreset(text);
    expect(p.ok).toBe(false);
    if (p.ok) return;
    expect(p.line).toBe(text.split("\n").findIndex((l) => l.includes("bogus")) + 1);
    expect(p.error).toMatch(/^line \d+: /);
    expect(errorLine("line 12: no such piece")).toEqual({ line: 12, message: "no such piece" });
    expect(errorLine("something else")).toEqual({ line: null, message: "something else" });
  });
});

describe("the preview on the largest boards and on points", () => {
  // A 16×16 game whose amazon (QN) has no drawing, and the same on the points of a 16×16 board.
  const big = (extra: string[] = []) => [
    "name: Big Amazons", "board: 16x16", "start: 7ka7/16/16/16/16/16/16/16/16/16/16/16/16/16/16/7KA7 w - - 0 1",
    "piece: K, King, K, art king", "piece: A, Amazon, QN", "royalty: king K", ...extra,
  ].join("\n");

  it.each([["squares", big()], ["points", big(["points: yes"])]])("a clicked artless piece's moves are marked on 16×16 %s", (kind, text) => {
    const p = previewPreset(text);
    if (!p.ok) throw new Error(p.error);
    expect(p.info).toMatchObject({ files: 16, ranks: 16 });
    expect(Boolean(p.info.points)).toBe(kind === "points");
    // From i1: the queen's 15 + 7 + 8 + 7 + 8 less the king's h1, and the knight's g2 h3 j3 k2.
    const targets = targetsFrom(p.moves, "i1");
    expect(targets).toHaveLength(15 + 7 + 8 + 7 + 4);
    expect(targets).toEqual(expect.arrayContaining(["i16", "p1", "p8", "a9", "g2", "h3", "j3", "k2"]));
    const markup = renderToStaticMarkup(
      <Board variant={PREVIEW_ID} files={16} ranks={16} squares={p.squares} selected="i1" targets={targets} />,
    );
    expect(markup.match(/data-square="/g)).toHaveLength(256);
    expect(markup.match(/data-highlight="target"/g)).toHaveLength(targets.length);
    // On points the board is the lines' wood, not chequered squares.
    expect(markup.includes(`fill="${THEME.points.wood}"`)).toBe(kind === "points");
    expect(/<g[^>]*data-piece="wA"[^>]*>[\s\S]*?data-glyph="A"/.test(markup)).toBe(true);
  });
});

describe("a preset's piece without a drawing", () => {
  const squares = [
    { square: "c1", pieces: [{ color: "white" as const, letter: "W" }] },
    { square: "c6", pieces: [{ color: "black" as const, letter: "W" }] },
  ];

  it("is its letter in a disc in the side's colour, on the page and in the picture", () => {
    const p = previewPreset(WAZIR_GAME);
    if (!p.ok) throw new Error(p.error);
    for (const markup of [
      renderToStaticMarkup(<Board variant={PREVIEW_ID} files={6} ranks={6} squares={squares} />),
      boardSvgString({ variant: PREVIEW_ID, files: 6, ranks: 6, squares }),
    ]) {
      for (const [code, colour] of [["wW", "white"], ["bW", "black"]] as const) {
        const piece = new RegExp(`<g[^>]*data-piece="${code}"[^>]*>([\\s\\S]*?)</g>`).exec(markup);
        expect(piece, code).not.toBeNull();
        expect(piece![0]).toContain(`fill="${THEME[colour].fill}"`);
        expect(piece![1]).toContain('data-glyph="W"');
        expect(piece![1]).toMatch(new RegExp(`<text[^>]*fill="${THEME[colour].detail}"[^>]*>W</text>`));
      }
    }
  });

  it("a hostile piece name is text in the picture and on the page, never markup", () => {
    const evil = '"><script>alert(1)</script>';
    const p = previewPreset(WAZIR_GAME.replace("piece: W, Wazir, W", `piece: W, ${evil}, W`));
    if (!p.ok) throw new Error(p.error);
    for (const markup of [
      boardSvgString({ variant: PREVIEW_ID, files: 6, ranks: 6, squares }),
      renderToStaticMarkup(<Board variant={PREVIEW_ID} files={6} ranks={6} squares={squares} />),
    ]) {
      expect(markup).not.toContain("<script");
      expect(markup).toContain("&lt;script&gt;");
    }
  });

  it("boards up to 16×16 are drawn, square p16 included", () => {
    const markup = boardSvgString({ variant: "chess", files: 16, ranks: 16, squares: [] });
    expect(markup).toContain('data-square="p16"');
    expect(markup).toContain('data-square="a1"');
  });
});
