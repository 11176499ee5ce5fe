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
import { PREVIEW_ID, errorLine, previewPreset, targetsFrom } from "@/app/presets/preview";
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
