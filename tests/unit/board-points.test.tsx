/**
 * Boards of points and their pieces (Xiangqi, Janggi): the lines, the river, the palaces'
 * diagonals and the point marks drawn from a game's VariantInfo; the pieces on the
 * points; Xiangqi's discs and Janggi's octagons with their characters, and the Western set
 * on the same plates. The layouts are built here as the declarations give them
 * (docs/games/xiangqi.md, docs/games/janggi.md); the whole board is Xiangqi's own.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { Resvg } from "@resvg/resvg-js";
import { describe, expect, it } from "vitest";
import { variantInfo } from "@/lib/rules";
import { GLYPHS, type Glyph } from "@/app/_components/pieces/glyphs";
import { pointsNodes, type PointsLayout } from "@/app/_components/pieces/drawing";
import { figureSvgTree } from "@/app/_components/pieces/react";
import { ART, BoardDrawing, artFor, THEME, boardSvgString, drawing, pointsForward, toSvgString, type ArtId, type BoardDrawingProps, type Shape } from "@/app/_components/pieces";

const piece = (letter: string, name: string, art: string) => ({ letter, name, art, betza: "" });
const XIANGQI: PointsLayout = {
  files: 9,
  ranks: 10,
  points: { river: true },
  palaces: [["d1", "f3"], ["d8", "f10"]],
  startFen: "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
  pieces: [
    piece("K", "General", "xiangqiGeneral"), piece("A", "Advisor", "xiangqiAdvisor"), piece("B", "Elephant", "xiangqiElephant"),
    piece("N", "Horse", "xiangqiHorse"), piece("R", "Chariot", "xiangqiChariot"), piece("C", "Cannon", "xiangqiCannon"),
    piece("P", "Soldier", "xiangqiSoldier"),
  ],
};
const JANGGI: PointsLayout = {
  ...XIANGQI,
  points: { river: false },
  startFen: "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1",
  pieces: XIANGQI.pieces.map((p) => ({ ...p, art: p.art.replace("xiangqi", "janggi").replace("Advisor", "Guard") })),
};

const render = (p: BoardDrawingProps) => renderToStaticMarkup(<BoardDrawing {...p} />);
const markup = (layout: PointsLayout, orientation: "white" | "black" = "white") => pointsNodes(layout, orientation).map(toSvgString).join("");
const dOf = (m: string, part: string) => new RegExp(`<path d="([^"]+)"[^>]*data-points="${part}"`).exec(m)?.[1] ?? "";
const segments = (d: string) => d.split("M").filter(Boolean).map((s) => "M" + s);
const glyphOf = (shapes: Shape[]) => shapes.filter((sh) => sh.kind === "glyph").at(-1)!;
const sameOutline = (d: string, ch: Glyph) => d.match(/[A-Z]/g)!.join("") === GLYPHS[ch].match(/[A-Z]/g)!.join("");

describe("a board of points", () => {
  it("is drawn from the game's declaration: Xiangqi's and Janggi's are the layouts tested here", () => {
    const info = variantInfo("xiangqi");
    expect({ ...XIANGQI, pieces: XIANGQI.pieces.map((p) => p.art) }).toEqual({
      files: info.files, ranks: info.ranks, points: info.points, palaces: info.palaces, startFen: info.startFen, pieces: info.pieces.map((p) => p.art),
    });
    const janggi = variantInfo("janggi");
    expect({ ...JANGGI, pieces: JANGGI.pieces.map((p) => p.art) }).toEqual({
      files: janggi.files, ranks: janggi.ranks, points: janggi.points, palaces: janggi.palaces, startFen: janggi.startFen, pieces: janggi.pieces.map((p) => p.art),
    });
    expect(variantInfo("chess").points).toBeUndefined();
    expect(render({ variant: "chess", files: 8, ranks: 8, squares: [] })).not.toContain("data-points");
  });

  it("draws every rank and file as a line through the middle of its cells, the files broken by the river", () => {
    const lines = segments(dOf(markup(XIANGQI), "lines"));
    // 10 ranks; the two edge files whole; the 7 inner files in two halves.
    expect(lines).toHaveLength(10 + 2 + 7 * 2);
    expect(lines).toContain("M0.5 9.5L8.5 9.5"); // rank 1, at the bottom
    expect(lines).toContain("M0.5 9.5L0.5 0.5"); // file a, whole
    expect(lines).toContain("M4.5 9.5L4.5 5.5"); // file e, rank 1 to 5
    expect(lines).toContain("M4.5 4.5L4.5 0.5"); // file e, rank 6 to 10
    expect(lines).not.toContain("M4.5 9.5L4.5 0.5");
    // Janggi has no river: every file whole.
    const janggi = segments(dOf(markup(JANGGI), "lines"));
    expect(janggi).toHaveLength(10 + 9);
    expect(janggi).toContain("M4.5 9.5L4.5 0.5");
    expect(markup(JANGGI)).not.toContain("data-river");
  });

  it("draws both palaces' diagonals, turned with the board", () => {
    const white = segments(dOf(markup(XIANGQI), "palaces"));
    expect(white).toEqual(["M3.5 9.5L5.5 7.5", "M3.5 7.5L5.5 9.5", "M3.5 2.5L5.5 0.5", "M3.5 0.5L5.5 2.5"]);
    const black = segments(dOf(markup(JANGGI, "black"), "palaces"));
    expect(black.slice(0, 2)).toEqual(["M5.5 0.5L3.5 2.5", "M5.5 2.5L3.5 0.5"]); // White's palace at the top
  });

  it("writes 楚河 漢界 in the river as paths, no text, so a picture needs no CJK font", () => {
    const m = markup(XIANGQI);
    const words = [...m.matchAll(/<path d="([^"]+)"[^>]*data-river="(.)"/g)];
    expect(words.map((w) => w[2]).join("")).toBe("楚河漢界");
    for (const [, d, ch] of words) expect(d, ch).toBe(GLYPHS[ch as Glyph]);
    // Between the lines of ranks 5 and 6, left and right of the middle file.
    const at = [...m.matchAll(/translate\(([\d.]+) ([\d.]+)\) scale\([\d.]+\)" data-river/g)].map((t) => [Number(t[1]), Number(t[2])]);
    for (const [, y] of at) expect(y + 0.26).toBeCloseTo(5);
    expect(at.slice(0, 2).every(([x]) => x < 4)).toBe(true);
    expect(at.slice(2).every(([x]) => x > 5)).toBe(true);
    expect(m).not.toContain("<text");
  });

  it("marks the cannons' and soldiers' start points with corners, none off the edge", () => {
    const marks = segments(dOf(markup(XIANGQI), "marks"));
    // Cannons b3 h3 b8 h8: four corners each; soldiers: four, but two on the a and i files.
    expect(marks).toHaveLength(4 * 4 + 6 * 4 + 4 * 2);
    // Each corner's elbow sits a little off its point (a4 is at 0.5, 6.5): only to the right of a4.
    const a4 = marks.filter((s) => /L0\.57 6\.[45]\d*L/.test(s) || /L0\.43 /.test(s));
    expect(a4).toHaveLength(2);
    expect(markup(JANGGI)).not.toContain('data-points="marks"');
  });

  const board = (p: Partial<BoardDrawingProps> = {}) =>
    renderToStaticMarkup(<BoardDrawing variant="xiangqi" files={9} ranks={10} squares={[]} {...p} />);

  it("keeps a cell for every point, named as a square, which clicks and drops find; pieces stand on the points", () => {
    const m = board({ squares: [{ square: "e1", pieces: [{ color: "white", letter: "K" }] }] });
    const cells = [...m.matchAll(/<rect[^>]*data-square="([a-i]\d+)"[^>]*>/g)];
    expect(cells).toHaveLength(90);
    const e1 = cells.find((c) => c[1] === "e1")![0];
    expect(e1).toContain('x="4"');
    expect(e1).toContain('y="9"');
    expect(e1).toContain('fill="transparent"');
    // The piece's 100-unit box over the cell: its middle (50, 50) on the point (4.5, 9.5).
    expect(m).toMatch(/data-at="e1"[^>]*transform="translate\(4 9\) scale\(0.01\)"/);
    expect(m).toContain(`fill="${THEME.points.wood}"`);
    expect(m).not.toContain(THEME.dark);
  });

  it("shows the last move, the picked-up piece, targets and check on the points", () => {
    const m = board({ lastMove: ["h3", "e3"], selected: "b3", targets: ["b4", "b10"], checks: ["e10"], squares: [{ square: "b10", pieces: [{ color: "black", letter: "N" }] }] });
    const circle = (what: string) => [...m.matchAll(new RegExp(`<circle cx="([\\d.]+)" cy="([\\d.]+)"[^>]*data-highlight="${what}"`, "g"))].map((c) => `${c[1]},${c[2]}`);
    expect(circle("last-move")).toEqual(["7.5,7.5", "4.5,7.5"]);
    // A disc under the piece and a ring over it, which the piece cannot hide.
    expect(circle("selected")).toEqual(["1.5,7.5", "1.5,7.5"]);
    expect(circle("target").sort()).toEqual(["1.5,0.5", "1.5,6.5"]);
    expect(m).toMatch(/data-highlight="check"><circle cx="4.5" cy="0.5"/);
    expect(circle("check")).toEqual(["4.5,0.5"]);
    const marks = m.slice(m.indexOf('data-piece="bN"'));
    for (const what of ["selected", "check", "target"]) expect(marks, `${what} ring over the pieces`).toMatch(new RegExp(`<circle[^>]*fill="none"[^>]*data-highlight="${what}"`));
    expect(m).not.toMatch(/<rect[^>]*data-highlight/);
    // The last move's points framed over the pieces too, four corners each.
    const frames = [...m.matchAll(/<path d="([^"]+)"[^>]*data-highlight="last-move"/g)].map((f) => segments(f[1]).length);
    expect(frames).toEqual([4, 4]);
  });

  it("labels the files a–i and ranks 1–10 beside the lines, and draws the same in a picture", () => {
    const m = board();
    const coords = [...m.matchAll(/<text[^>]*data-coord="([^"]+)"/g)].map((c) => c[1]);
    expect(coords).toEqual(["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "a", "b", "c", "d", "e", "f", "g", "h", "i"]);
    // board.svg comes from the same drawing: its lines and river, and it rasterises with no font at all.
    const svg = boardSvgString({ variant: "xiangqi", files: 9, ranks: 10, squares: [] }, { squarePx: 40 });
    expect(svg).toContain(`d="${dOf(markup(XIANGQI), "lines")}"`);
    expect(svg).toContain('data-river="楚"');
    const png = new Resvg(svg, { font: { loadSystemFonts: false } }).render();
    // The river's words are ink on the wood: dark pixels in the gap between ranks 5 and 6, left of the middle.
    let ink = 0;
    for (let y = Math.round(4.75 * 40); y < Math.round(5.25 * 40); y++) {
      for (let x = Math.round((0.34 + 1.5) * 40); x < Math.round((0.34 + 3.5) * 40); x++) {
        const i = (y * png.width + x) * 4;
        if (png.pixels[i] < 120 && png.pixels[i + 1] < 90) ink++;
      }
    }
    expect(ink).toBeGreaterThan(100);
  });
});

const XIANGQI_CHARACTERS: Record<string, [Glyph, Glyph]> = {
  xiangqiGeneral: ["帥", "將"], xiangqiAdvisor: ["仕", "士"], xiangqiElephant: ["相", "象"], xiangqiHorse: ["傌", "馬"],
  xiangqiChariot: ["俥", "車"], xiangqiCannon: ["炮", "砲"], xiangqiSoldier: ["兵", "卒"],
};
const JANGGI_CHARACTERS: Record<string, [Glyph, Glyph]> = {
  janggiGeneral: ["楚", "漢"], janggiGuard: ["士", "士"], janggiElephant: ["象", "象"], janggiHorse: ["馬", "馬"],
  janggiChariot: ["車", "車"], janggiCannon: ["包", "包"], janggiSoldier: ["卒", "兵"],
};
const numbers = (d: string) => d.match(/-?\d+(\.\d+)?/g)!.map(Number);
const width = (d: string) => { const xs = numbers(d).filter((_, i) => i % 2 === 0); return Math.max(...xs) - Math.min(...xs); };

describe("Xiangqi and Janggi pieces", () => {
  it("writes Xiangqi's characters on round discs, Red's in red and Black's in black, each side's own", () => {
    for (const [id, [red, black]] of Object.entries(XIANGQI_CHARACTERS)) {
      for (const [color, ch, ink] of [["white", red, "red"], ["black", black, "black"]] as const) {
        const shapes = drawing(id as ArtId, "traditional", color);
        expect(shapes.map((sh) => sh.kind), id).toEqual(["plate", "glyph", "glyph"]);
        expect(shapes[0].d, id).toMatch(/A45 45 0 1 1/); // a disc
        expect(sameOutline(glyphOf(shapes).d, ch), `${id} ${color}: ${ch}`).toBe(true);
        expect(new Set(shapes.slice(1).map((sh) => sh.ink)), id).toEqual(new Set([ink]));
      }
    }
    expect(ART.xiangqiGeneral).toBe(drawing("xiangqiGeneral", "traditional", "white"));
    // The game's pieces are drawn so: Black's general is 將, in the Western set a king.
    expect(artFor("xiangqi", "k", "black")).toBe(drawing("xiangqiGeneral", "traditional", "black"));
    expect(artFor("xiangqi", "C", "white", "western")).toBe(drawing("xiangqiCannon", "western", "white"));
  });

  it("draws Janggi's octagons in three sizes, Cho's characters in blue and Han's in red", () => {
    for (const [id, [cho, han]] of Object.entries(JANGGI_CHARACTERS)) {
      for (const [color, ch, ink] of [["white", cho, "blue"], ["black", han, "red"]] as const) {
        const shapes = drawing(id as ArtId, "traditional", color);
        expect(shapes[0].kind, id).toBe("plate");
        expect(shapes[0].d.split("L"), id).toHaveLength(8); // eight corners
        expect(sameOutline(glyphOf(shapes).d, ch), `${id} ${color}: ${ch}`).toBe(true);
        expect(new Set(shapes.slice(1).map((sh) => sh.ink)), id).toEqual(new Set([ink]));
      }
    }
    const size = (id: ArtId) => width(ART[id][0].d);
    expect(size("janggiGeneral")).toBeGreaterThan(size("janggiChariot"));
    for (const middle of ["janggiHorse", "janggiElephant", "janggiCannon"] as const) expect(size(middle)).toBe(size("janggiChariot"));
    expect(size("janggiChariot")).toBeGreaterThan(size("janggiGuard"));
    expect(size("janggiSoldier")).toBe(size("janggiGuard"));
  });

  it("has a Western set for both games: a chess-like figure in the side's ink on the same plate, no character", () => {
    for (const id of [...Object.keys(XIANGQI_CHARACTERS), ...Object.keys(JANGGI_CHARACTERS)] as ArtId[]) {
      for (const color of ["white", "black"] as const) {
        const traditional = drawing(id, "traditional", color);
        const western = drawing(id, "western", color);
        expect(western.slice(0, 2), id).toEqual(traditional.slice(0, 2)); // the same plate and ring
        expect(western.filter((sh) => sh.kind === "glyph"), id).toHaveLength(1);
        expect(western.filter((sh) => sh.kind === "body").length, id).toBeGreaterThan(0);
        expect(new Set(western.slice(1).map((sh) => sh.ink)), id).toEqual(new Set([traditional[1].ink]));
      }
    }
    // The chariot is the rook, the horse the knight, the general the king, the soldier the pawn.
    const figure = (id: ArtId) => drawing(id, "western", "white").slice(2).map((sh) => sh.d.match(/[A-Z]/g)!.join(""));
    const of = (shapes: Shape[]) => shapes.map((sh) => sh.d.match(/[A-Z]/g)!.join(""));
    expect(figure("xiangqiChariot")).toEqual(of(ART.rook));
    expect(figure("janggiHorse")).toEqual(of(ART.knight));
    expect(figure("xiangqiGeneral")).toEqual(of(ART.king));
    expect(figure("janggiSoldier")).toEqual(of(ART.pawn));
  });

  it("never turns a plate round for the side at the top (discs and octagons read the same from both sides)", () => {
    for (const id of ["xiangqiCannon", "janggiCannon"] as const) {
      expect(pointsForward(ART[id])).toBe(false);
      expect(toSvgString(figureSvgTree(drawing(id, "traditional", "black"), { color: "black", letter: "C", turned: true }))).not.toContain("rotate");
    }
  });

  it("rasterises a disc's character with no CJK font loaded, in red ink", () => {
    const svg = toSvgString(figureSvgTree(ART.xiangqiHorse, { color: "white", letter: "N", size: 100 }));
    expect(svg).toContain(`fill="${THEME.tile.ink.red}"`);
    const pixels = new Resvg(svg, { font: { loadSystemFonts: false } }).render().pixels;
    let red = 0;
    for (let i = 0; i < pixels.length; i += 4) if (pixels[i + 3] > 200 && pixels[i] > 150 && pixels[i + 1] < 60) red++;
    expect(red).toBeGreaterThan(900);
  });
});
