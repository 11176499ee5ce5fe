import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import Board from "@/app/_components/Board";
import { Game, variantIds, variantInfo } from "@/lib/rules";
import { Resvg } from "@resvg/resvg-js";
import { GLYPHS } from "@/app/_components/pieces/glyphs";
import { transformPath } from "@/app/_components/pieces/paths";
import { figureSvgTree } from "@/app/_components/pieces/react";
import {
  ART,
  BoardDrawing,
  MARGIN,
  PIECE_SETS,
  THEME,
  drawing,
  shogiCoordinate,
  toSvgString,
  type ArtId,
  type Shape,
  PieceSvg,
  artFor,
  boardSvgString,
  pieceName,
  pointsForward,
  type BoardDrawingProps,
  type PieceOnBoard,
  type SquareContent,
} from "@/app/_components/pieces";

const piece = (code: string, carrying = false): PieceOnBoard => ({
  color: code[0] === "w" ? "white" : "black",
  letter: code.slice(1),
  ...(carrying ? { carrying } : {}),
});
const on = (square: string, ...codes: string[]): SquareContent => ({ square, pieces: codes.map((c) => piece(c)) });

const pathData = (markup: string): string[] => [...markup.matchAll(/<path[^>]*?\sd="([^"]+)"/g)].map((m) => m[1]);
const attr = (markup: string, tag: string, name: string, value: string): Record<string, string> => {
  const m = new RegExp(`<${tag}[^>]*\\s${name}="${value}"[^>]*>`).exec(markup);
  if (!m) throw new Error(`no <${tag} ${name}="${value}">`);
  return Object.fromEntries([...m[0].matchAll(/([\w:-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]]));
};
const render = (p: BoardDrawingProps) => renderToStaticMarkup(<BoardDrawing {...p} />);

// Each game's letters; a promoted piece's is two characters (Shogi's `+P`).
const LETTERS = Object.fromEntries(variantIds().map((id) => [id, variantInfo(id).pieces.map((p) => p.letter)]));

describe("piece artwork", () => {
  it("has a drawing for every declared piece of every game, and a display name", () => {
    const joined = Object.fromEntries(Object.entries(LETTERS).map(([id, letters]) => [id, letters.join(" ")]));
    expect(joined).toMatchObject({
      chess: "K Q R B N P", companion: "K Q R B N P I", compound: "K Q R B C D S", "royal-substitute": "P N R H Q K",
      minishogi: "K R +R B +B G S +S P +P",
    });
    for (const id of variantIds()) {
      const names = new Set<string>();
      for (const p of variantInfo(id).pieces) {
        expect(Object.hasOwn(ART, p.art), `${id} ${p.letter}: no drawing "${p.art}" in app/_components/pieces/art.ts`).toBe(true);
        expect(p.name, `${id} ${p.letter}: a display name starts with a capital`).toMatch(/^[A-Z][A-Za-z -]*$/);
        expect(names.has(p.name), `${id}: two pieces named ${p.name}`).toBe(false);
        names.add(p.name);
      }
    }
  });

  it("draws every piece type of a game differently (path data), in both colours", () => {
    for (const variant of variantIds()) {
      for (const color of ["white", "black"] as const) {
        const seen = new Map<string, string>();
        for (const letter of LETTERS[variant]) {
          const markup = renderToStaticMarkup(<PieceSvg variant={variant} color={color} letter={letter} />);
          const d = pathData(markup);
          // A shogi tile and its character are two paths; the figures have more.
          expect(d.length, `${variant} ${letter}`).toBeGreaterThan(pointsForward(artFor(variant, letter)) ? 1 : 2);
          expect(markup).not.toContain("<text");
          const key = d.join("|");
          expect(seen.get(key), `${variant}: ${letter} looks like ${seen.get(key)}`).toBeUndefined();
          seen.set(key, letter);
        }
      }
    }
  });

  it("has no two drawings alike, each of them drawn with several shapes", () => {
    const seen = new Map<string, string>();
    for (const [id, shapes] of Object.entries(ART)) {
      // A shogi tile and its character are two shapes; the figures have more.
      expect(shapes.length, id).toBeGreaterThan(pointsForward(shapes) ? 1 : 2);
      const key = shapes.map((sh) => `${sh.kind} ${sh.d}`).join("|");
      expect(seen.get(key), `${id} looks like ${seen.get(key)}`).toBeUndefined();
      seen.set(key, id);
    }
  });

  it("chooses artwork and name by (variant, letter) from the declaration, not by letter alone", () => {
    expect(artFor("chess", "R")).toBe(ART.rook);
    expect(artFor("compound", "R")).toBe(ART.rookAlfil);
    expect(artFor("chess", "Q")).toBe(ART.queen);
    expect(artFor("compound", "Q")).toBe(ART.qad);
    expect(artFor("royal-substitute", "Q")).toBe(ART.halfqueen);
    expect(artFor("chess", "p")).toBe(ART.pawn);
    expect(artFor("royal-substitute", "P")).toBe(ART.royalPawn);
    expect(artFor("companion", "I")).toBe(ART.prince);
    expect(artFor("chess", "I")).toBeUndefined();
    expect(artFor("no-such-game", "K")).toBeUndefined();
    expect(pieceName("chess", "k")).toBe("King");
    expect(pieceName("compound", "Q")).toBe("Queen-Alfil-Dabbabah");
    expect(pieceName("compound", "C")).toBe("Centaur");
    expect(pieceName("royal-substitute", "H")).toBe("Dragon horse");
    expect(pieceName("chess", "z")).toBe("Z");
    const rook = (v: string) => pathData(renderToStaticMarkup(<PieceSvg variant={v} color="white" letter="R" />)).join("|");
    expect(rook("compound")).not.toBe(rook("chess"));
    expect(rook("royal-substitute")).toBe(rook("chess"));
  });

  it("keeps the Prince apart from both King and Pawn, the royal pawn apart from the pawn", () => {
    const d = (v: string, l: string) => pathData(renderToStaticMarkup(<PieceSvg variant={v} color="white" letter={l} />)).join("|");
    expect(new Set([d("companion", "I"), d("companion", "K"), d("companion", "P"), d("royal-substitute", "P")]).size).toBe(4);
  });

  it("names the board and every piece on it as the game declares them", () => {
    const m = render({ variant: "compound", files: 10, ranks: 8, squares: [on("e1", "wK"), on("d8", "bQ"), on("a1", "wR")], orientation: "black" });
    expect(m).toContain('aria-label="Compound Chess board, 10×8, Black at the bottom"');
    expect(attr(m, "g", "data-piece", "wK")["data-name"]).toBe("White King");
    expect(attr(m, "g", "data-piece", "bQ")["data-name"]).toBe("Black Queen-Alfil-Dabbabah");
    expect(attr(m, "g", "data-piece", "wR")["data-name"]).toBe("White Rook-Alfil");
  });

  it("draws a foreign letter as a lettered disc instead of failing", () => {
    const m = render({ variant: "chess", files: 8, ranks: 8, squares: [on("d4", "wZ")] });
    expect(m).toContain('data-piece="wZ"');
    expect(m).toMatch(/<text[^>]*>Z<\/text>/);
  });
});

describe("board layout", () => {
  const sizes: Array<[string, number, number]> = [
    ["chess", 8, 8],
    ["compound", 10, 8],
    ["royal-substitute", 9, 7],
    ["chess", 12, 12],
  ];

  it.each(sizes)("%s %i×%i has a rect[data-square] for every square", (variant, files, ranks) => {
    const m = render({ variant, files, ranks, squares: [] });
    const found = [...m.matchAll(/<rect[^>]*data-square="([a-l]\d+)"/g)].map((x) => x[1]);
    const expected: string[] = [];
    for (let r = 1; r <= ranks; r++) for (let f = 0; f < files; f++) expected.push("abcdefghijkl"[f] + r);
    expect(found.sort()).toEqual(expected.sort());
    expect(m).toContain(`data-files="${files}"`);
  });

  it.each(sizes)("%s %i×%i: a1 bottom-left for White, top-right for Black", (variant, files, ranks) => {
    const top = `${"abcdefghijkl"[files - 1]}${ranks}`;
    const w = render({ variant, files, ranks, squares: [] });
    expect(attr(w, "rect", "data-square", "a1")).toMatchObject({ x: "0", y: String(ranks - 1) });
    expect(attr(w, "rect", "data-square", top)).toMatchObject({ x: String(files - 1), y: "0" });
    const b = render({ variant, files, ranks, squares: [], orientation: "black" });
    expect(attr(b, "rect", "data-square", "a1")).toMatchObject({ x: String(files - 1), y: "0" });
    expect(attr(b, "rect", "data-square", top)).toMatchObject({ x: "0", y: String(ranks - 1) });
    expect(b).toContain('data-orientation="black"');
    // The edge labels follow: rank 1 at the bottom for White, at the top for Black; file a left / right.
    expect(Number(attr(w, "text", "data-coord", "1").y)).toBeCloseTo(ranks - 0.5);
    expect(Number(attr(b, "text", "data-coord", "1").y)).toBeCloseTo(0.5);
    expect(Number(attr(w, "text", "data-coord", "a").x)).toBeCloseTo(0.5);
    expect(Number(attr(b, "text", "data-coord", "a").x)).toBeCloseTo(files - 0.5);
  });

  it("puts a dark square on a1 and alternates", () => {
    const m = render({ variant: "compound", files: 10, ranks: 8, squares: [] });
    expect(attr(m, "rect", "data-square", "a1")["data-color"]).toBe("dark");
    expect(attr(m, "rect", "data-square", "b1")["data-color"]).toBe("light");
    expect(attr(m, "rect", "data-square", "j1")["data-color"]).toBe("light"); // light square on the right
    expect(attr(m, "rect", "data-square", "j8")["data-color"]).toBe("dark");
  });

  it("draws pieces where they stand and lets clicks through to the squares", () => {
    const m = render({ variant: "chess", files: 8, ranks: 8, squares: [on("e2", "wP"), on("e7", "bP")] });
    expect(attr(m, "g", "data-piece", "wP")["data-at"]).toBe("e2");
    expect(attr(m, "g", "data-piece", "wP").transform).toBe("translate(4 6) scale(0.01)");
    expect(attr(m, "g", "data-piece", "bP").transform).toBe("translate(4 1) scale(0.01)");
    expect(attr(m, "g", "data-layer", "marks")["pointer-events"]).toBe("none");
  });

  it("omits the coordinates on request", () => {
    const m = render({ variant: "chess", files: 8, ranks: 8, squares: [], coordinates: false });
    expect(m).not.toContain("<text");
    expect(m).toContain('viewBox="0 0 8 8"');
  });

  it("rejects impossible sizes", () => {
    expect(() => render({ variant: "chess", files: 17, ranks: 8, squares: [] })).toThrow(/size/);
    expect(() => render({ variant: "chess", files: 8, ranks: 17, squares: [] })).toThrow(/size/);
    expect(() => render({ variant: "chess", files: 8, ranks: 0, squares: [] })).toThrow(/size/);
  });
});

describe("special pieces and highlights", () => {
  it("renders a Friendly union as two recognisable pieces on one square", () => {
    const m = render({ variant: "friendly", files: 8, ranks: 8, squares: [on("d5", "wN", "bB")] });
    const union = attr(m, "g", "data-union", "wN bB");
    expect(union["data-at"]).toBe("d5");
    expect(m.match(/data-piece="/g)).toHaveLength(2);
    expect(attr(m, "g", "data-piece", "wN")["data-at"]).toBe("d5");
    expect(attr(m, "g", "data-piece", "bB")["data-at"]).toBe("d5");
    // both smaller than a whole square, side by side
    expect(attr(m, "g", "data-piece", "wN").transform).toMatch(/scale\(0\.0068\)/);
    expect(attr(m, "g", "data-piece", "wN").transform).not.toBe(attr(m, "g", "data-piece", "bB").transform);
  });

  it("shows a carrying queen with a pawn badge of her colour", () => {
    const squares = [{ square: "d4", pieces: [piece("wQ", true)] }, { square: "d5", pieces: [piece("bQ", true)] }, on("e4", "wQ")];
    const m = render({ variant: "companion", files: 8, ranks: 8, squares });
    expect(m.match(/data-badge="carrying"/g)).toHaveLength(2);
    expect(m).toContain('data-carried="wP"');
    expect(m).toContain('data-carried="bP"');
    expect(m.match(/data-carrying="true"/g)).toHaveLength(2);
  });

  it("marks last move, selection, check and targets (dot on empty, ring on occupied)", () => {
    const m = render({
      variant: "chess",
      files: 8,
      ranks: 8,
      squares: [on("e1", "wK"), on("d2", "wQ"), on("d7", "bP")],
      lastMove: ["e7", "e5"],
      selected: "d2",
      checks: ["e1"],
      targets: ["d3", "d7"],
    });
    expect(m.match(/data-highlight="last-move"/g)).toHaveLength(2);
    expect(m.match(/data-highlight="selected"/g)).toHaveLength(1);
    expect(m.match(/data-highlight="check"/g)).toHaveLength(1);
    const targets = [...m.matchAll(/<circle[^>]*data-highlight="target"[^>]*>/g)].map((x) => x[0]);
    expect(targets).toHaveLength(2);
    expect(targets.some((t) => /r="0.16"/.test(t) && /cx="3.5" cy="5.5"/.test(t))).toBe(true); // d3 dot
    expect(targets.some((t) => /fill="none"/.test(t) && /cx="3.5" cy="1.5"/.test(t))).toBe(true); // d7 ring
    expect(m).not.toMatch(/data-onto/);
  });

  it("marks a target on a piece of the mover's own side (a Magicpawns swap) apart from a capture: a dashed ring", () => {
    const m = render({
      variant: "magicpawns",
      files: 8,
      ranks: 8,
      squares: [on("e1", "wK"), on("d1", "wQ"), on("d2", "wP"), on("a4", "bP")],
      selected: "d1",
      targets: ["d2", "a4"],
    });
    const ring = (cx: string, cy: string) => [...m.matchAll(/<circle[^>]*data-highlight="target"[^>]*>/g)].map((x) => x[0])
      .find((t) => t.includes(`cx="${cx}"`) && t.includes(`cy="${cy}"`))!;
    expect(ring("3.5", "6.5")).toMatch(/stroke-dasharray="[^"]+"/); // d2, the own pawn: a swap
    expect(ring("3.5", "6.5")).toContain('data-onto="own"');
    expect(ring("0.5", "4.5")).not.toMatch(/stroke-dasharray|data-onto/); // a4: a capture
  });

  it("draws a hovering piece raised over its square", () => {
    const m = render({
      variant: "friendly",
      files: 8,
      ranks: 8,
      squares: [on("c4", "wB", "bN")],
      hovering: { square: "c4", piece: piece("wN") },
    });
    expect(m).toContain('data-hovering="c4"');
    expect(m.match(/data-piece="/g)).toHaveLength(3);
    expect(m).toContain('data-raised="true"');
  });
});

describe("the duck", () => {
  it("is in the board data of a Duck chess game and drawn as the yellow duck, in the page's board and in pictures", () => {
    const game = Game.replay("duck", "start", ["P e2-e4; duck d5"]);
    const squares = game.board();
    expect(squares.filter((s) => s.duck)).toEqual([{ square: "d5", pieces: [], duck: true }]);
    const props: BoardDrawingProps = { variant: "duck", files: 8, ranks: 8, squares };
    const m = render(props);
    const duck = attr(m, "g", "data-piece", "duck");
    expect(duck).toMatchObject({ "data-at": "d5", "data-name": "Duck", fill: THEME.duck.fill, transform: "translate(3 3) scale(0.01)" });
    expect(m.match(/data-piece="duck"/g)).toHaveLength(1);
    expect(m.match(/data-piece="/g)).toHaveLength(33);
    // Its drawing is the art "duck", in both the React drawing and the standalone SVG.
    const duckPaths = ART.duck.map((sh) => sh.d);
    expect(pathData(m)).toEqual(expect.arrayContaining(duckPaths));
    expect(pathData(boardSvgString(props))).toEqual(pathData(m));
    const board = renderToStaticMarkup(<Board {...props} onSquareClick={() => {}} />);
    expect(attr(board, "g", "data-piece", "duck")["data-at"]).toBe("d5");
  });

  it("is drawn nowhere when no square holds it", () => {
    expect(render({ variant: "duck", files: 8, ranks: 8, squares: Game.start("duck").board() })).not.toContain('data-piece="duck"');
  });
});

describe("server rendering", () => {
  const start: BoardDrawingProps = {
    variant: "royal-substitute",
    files: 9,
    ranks: 7,
    squares: [on("a1", "wR"), on("b1", "wP"), on("c1", "wH"), on("e1", "wQ"), on("b2", "wN"), on("e7", "bQ")],
    lastMove: ["b1", "b2"],
  };

  it("boardSvgString is a standalone SVG document with a size, equal in drawing to the React output", () => {
    const s = boardSvgString(start, { squarePx: 50 });
    expect(s.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(s).toContain('width="467"'); // (9 + 0.34) × 50
    expect(s).toContain('height="367"');
    expect(s).not.toMatch(/\s(className|fillOpacity|key)=/);
    expect(pathData(s)).toEqual(pathData(render(start)));
    expect(boardSvgString({ ...start, coordinates: false }, { xmlDeclaration: false })).toMatch(/^<svg[^>]*width="540" height="420"/);
  });

  it("pictures of a game with hands draw each side's pieces in hand beside its own side, with counts", () => {
    const g = Game.start("shogi", "lnsgk2nl/1r4gb1/p1pppp2p/6pR1/1p7/2P6/PP1PPPP1P/1BG6/LNS1KGSNL[PPps] b - - 0 9");
    const props: BoardDrawingProps = { variant: "shogi", files: 9, ranks: 9, squares: g.board(), hands: g.hand() };
    const s = boardSvgString(props, { squarePx: 50 });
    expect(s).toContain(`height="${Math.round((9 + 0.34 + 2 * 0.9) * 50)}"`);
    const bands = [...s.matchAll(/data-hand="(white|black)"/g)].map((m) => m[1]);
    expect(bands).toEqual(["black", "white"]); // White at the bottom: Black's hand above the board
    expect(s).toMatch(/data-piece="wP"[^>]*data-in-hand="2"/);
    expect(s).toContain(">×2</text>");
    expect(s).toMatch(/data-piece="bS"[^>]*data-in-hand="1"/);
    const flipped = boardSvgString({ ...props, orientation: "black" });
    expect([...flipped.matchAll(/data-hand="(white|black)"/g)].map((m) => m[1])).toEqual(["white", "black"]);
    // Without hands, no bands and the board's own size.
    expect(boardSvgString({ ...props, hands: undefined }, { squarePx: 50 })).toContain(`height="${Math.round((9 + 0.34) * 50)}"`);
  });

  it("the interactive Board renders on the server with the same squares and pieces", () => {
    const m = renderToStaticMarkup(<Board {...start} onSquareClick={() => {}} onSquareDrop={() => {}} />);
    expect(m).toContain('role="application"');
    expect(m).toContain('tabindex="0"');
    expect(m.match(/<rect[^>]*data-square=/g)).toHaveLength(63);
    expect(pathData(m)).toEqual(pathData(render(start)));
  });

  // docs/accessibility.md#the-squares-names
  it("the interactive Board names every square for screen readers: the pieces by their declared names, the move's marks", () => {
    const label = (markup: string, square: string) => attr(markup, "rect", "data-square", square)["aria-label"];
    const m = renderToStaticMarkup(<Board {...start} selected="c1" targets={["d2", "e7"]} checks={["e7"]} onSquareClick={() => {}} />);
    const squares = (m.match(/<rect[^>]*data-square=[^>]*>/g) ?? []);
    expect(squares).toHaveLength(63);
    expect(squares.every((r) => r.includes('role="img"') && /aria-label="[^"]+"/.test(r))).toBe(true);
    expect(label(m, "a1")).toBe("a1, White Rook");
    expect(label(m, "c1")).toBe("c1, White Dragon horse, picked up");
    expect(label(m, "b2")).toBe("b2, White Knight, last move");
    expect(label(m, "d2")).toBe("d2, empty, can move here");
    expect(label(m, "e7")).toBe("e7, Black Halfqueen, can move here, in check");
    // The duck, and Fog of War's unseen squares, say only that.
    const duck = renderToStaticMarkup(<Board variant="duck" files={8} ranks={8} squares={Game.replay("duck", "start", ["P e2-e4; duck d5"]).board()} onSquareClick={() => {}} />);
    expect(label(duck, "d5")).toBe("d5, the duck");
    const fog = renderToStaticMarkup(<Board variant="chess" files={8} ranks={8} squares={[{ square: "e5", pieces: [], unseen: true }, on("e1", "wK")]} onSquareClick={() => {}} />);
    expect(label(fog, "e5")).toBe("e5, unseen");
    // A picture names the board alone, not each square.
    expect(render(start)).not.toMatch(/<rect[^>]*aria-label/);
  });

  it("names the squares in time linear in the board: each square's content and each target is read a few times, not once per square", () => {
    const files = "abcdefghijklmnop";
    const all = [...files].flatMap((f) => Array.from({ length: 16 }, (_, r) => `${f}${r + 1}`));
    let reads = 0;
    /** An array that counts how often its elements are read. */
    const counted = <T,>(items: T[]): T[] => new Proxy(items, {
      get(target, key, receiver) {
        if (typeof key === "string" && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    const squares = counted(all.map((sq, i) => on(sq, i % 2 ? "wP" : "bN")));
    const m = renderToStaticMarkup(<Board variant="chess" files={16} ranks={16} squares={squares} targets={counted([...all])} onSquareClick={() => {}} />);
    expect(attr(m, "rect", "data-square", "p16")["aria-label"]).toBe("p16, White Pawn, can move here");
    expect(reads).toBeLessThan(all.length * 10);
  });
});

describe("shogi pieces", () => {
  const SHOGI_ART = {
    shogiKing: "玉", shogiRook: "飛", shogiDragon: "龍", shogiBishop: "角", shogiHorse: "馬", shogiGold: "金",
    shogiSilver: "銀", shogiPromotedSilver: "全", shogiKnight: "桂", shogiPromotedKnight: "圭", shogiLance: "香",
    shogiPromotedLance: "杏", shogiPawn: "歩", shogiTokin: "と",
  } as const;
  const PROMOTED = ["shogiDragon", "shogiHorse", "shogiPromotedSilver", "shogiPromotedKnight", "shogiPromotedLance", "shogiTokin"];
  const glyphOf = (shapes: Shape[]) => shapes.find((sh) => sh.kind === "glyph");

  it("writes each piece's character on a pentagonal tile, the promoted ones in red", () => {
    for (const [id, character] of Object.entries(SHOGI_ART)) {
      const shapes = ART[id as ArtId];
      expect(shapes.map((sh) => sh.kind), id).toEqual(["tile", "glyph"]);
      expect(pointsForward(shapes), id).toBe(true);
      expect(glyphOf(shapes)!.ink, id).toBe(PROMOTED.includes(id) ? "red" : "black");
      // The character's outline, placed on the tile: the same path, moved and scaled.
      const d = glyphOf(shapes)!.d;
      expect(d.match(/[A-Z]/g)!.join(""), id).toBe(GLYPHS[character].match(/[A-Z]/g)!.join(""));
    }
    // A promoted piece keeps its tile's size; the higher pieces have the larger tiles.
    expect(ART.shogiTokin[0].d).toBe(ART.shogiPawn[0].d);
    expect(ART.shogiDragon[0].d).toBe(ART.shogiRook[0].d);
    const width = (id: ArtId) => { const xs = ART[id][0].d.match(/-?\d+(\.\d+)?/g)!.map(Number).filter((_, i) => i % 2 === 0); return Math.max(...xs) - Math.min(...xs); };
    expect(width("shogiKing")).toBeGreaterThan(width("shogiGold"));
    expect(width("shogiGold")).toBeGreaterThan(width("shogiPawn"));
  });

  it("gives the second player the king written 王, the first 玉, as a set has them", () => {
    expect(glyphOf(drawing("shogiKing", "traditional", "white"))!.d).toBe(glyphOf(ART.shogiKing)!.d);
    const second = glyphOf(drawing("shogiKing", "traditional", "black"))!.d;
    expect(second.match(/[A-Z]/g)!.join("")).toBe(GLYPHS["王"].match(/[A-Z]/g)!.join(""));
    expect(second).not.toBe(glyphOf(ART.shogiKing)!.d);
    expect(drawing("shogiPawn", "traditional", "black")).toBe(ART.shogiPawn);
  });

  it("draws the characters as paths: no text, so a picture needs no CJK font", () => {
    const markup = toSvgString(figureSvgTree(ART.shogiDragon, { color: "black", letter: "+R" }));
    expect(markup).not.toContain("<text");
    expect(markup).toContain(`fill="${THEME.tile.ink.red}"`);
    expect(markup).toContain(`fill="${THEME.tile.wood}"`);
    // Every outline is absolute path data the artwork's tools read, near its 100×100 em box.
    for (const [ch, d] of Object.entries(GLYPHS)) {
      expect(transformPath(d, 1, 0, 0), ch).toBe(d);
      const n = d.match(/-?\d+(\.\d+)?/g)!.map(Number);
      expect(Math.min(...n), ch).toBeGreaterThanOrEqual(-10);
      expect(Math.max(...n), ch).toBeLessThanOrEqual(110);
    }
  });

  it("rasterises the characters with no CJK font loaded (board.png)", () => {
    // resvg with no font at all: the character is ink on the tile all the same.
    const svg = toSvgString(figureSvgTree(ART.shogiKing, { color: "white", letter: "K", size: 100 }));
    const pixels = new Resvg(svg, { font: { loadSystemFonts: false } }).render().pixels;
    let ink = 0;
    for (let i = 0; i < pixels.length; i += 4) if (pixels[i + 3] > 200 && pixels[i] < 80 && pixels[i + 1] < 80) ink++;
    expect(ink).toBeGreaterThan(600);
  });

  it("turns a tile round for the side at the top, never a Western chess figure", () => {
    const turned = (art: Shape[]) => toSvgString(figureSvgTree(art, { color: "black", letter: "P", turned: true }));
    expect(turned(ART.shogiPawn)).toContain('transform="rotate(180 50 50)"');
    expect(turned(ART.pawn)).not.toContain("rotate");
    expect(toSvgString(figureSvgTree(ART.shogiPawn, { color: "black", letter: "P" }))).not.toContain("rotate");
  });

  it("has a Western set: chess-like figures on the same tiles, promoted ones in red", () => {
    for (const id of Object.keys(SHOGI_ART) as ArtId[]) {
      const western = drawing(id, "western", "white");
      expect(western[0], id).toEqual(ART[id][0]); // the same tile
      expect(western.some((sh) => sh.kind === "glyph"), id).toBe(false);
      expect(western.length, id).toBeGreaterThan(2);
      expect(new Set(western.slice(1).map((sh) => sh.ink)), id).toEqual(new Set([PROMOTED.includes(id) ? "red" : "black"]));
    }
    expect(drawing("shogiKing", "western", "black")).toBe(drawing("shogiKing", "western", "white"));
    // The set changes only the pieces it has figures for.
    expect(drawing("rook", "western", "white")).toBe(ART.rook);
    expect(PIECE_SETS).toEqual(["traditional", "western"]);
  });

  it("marks a promoted piece (Crazyhouse's Q~) and says so in its name", () => {
    const m = render({ variant: "chess", files: 8, ranks: 8, squares: [{ square: "d8", pieces: [{ color: "white", letter: "Q", promoted: true }] }, on("d1", "wQ")] });
    expect(attr(m, "g", "data-promoted", "true")["data-name"]).toBe("White Queen (promoted)");
    expect(m.match(/data-badge="promoted"/g)).toHaveLength(1);
  });
});

describe("shogi coordinates", () => {
  it("numbers files from the first player's right and ranks 一–九 from the top; squares keep their names", () => {
    expect(shogiCoordinate("a9", 9, 9)).toEqual({ file: "9", rank: "一" });
    expect(shogiCoordinate("i1", 9, 9)).toEqual({ file: "1", rank: "九" });
    expect(shogiCoordinate("e5", 9, 9)).toEqual({ file: "5", rank: "五" });
    expect(shogiCoordinate("a5", 5, 5)).toEqual({ file: "5", rank: "一" }); // Minishogi
    expect(shogiCoordinate("z9", 9, 9)).toBeNull();
  });

  const coordsOf = (m: string, tag: string) => [...m.matchAll(new RegExp(`<${tag}[^>]*data-coord="([^"]+)"`, "g"))].map((x) => x[1]);
  const board = (orientation: "white" | "black") =>
    render({ variant: "chess", files: 9, ranks: 9, squares: [], coordinateStyle: "shogi", orientation });

  it("puts the file numbers along the top and the rank numerals, drawn, down the right", () => {
    const m = board("white");
    expect(m).toContain(`viewBox="0 ${-MARGIN} ${9 + MARGIN} ${9 + MARGIN}"`);
    expect(coordsOf(m, "text")).toEqual(["9", "8", "7", "6", "5", "4", "3", "2", "1"]);
    expect(coordsOf(m, "path")).toEqual(["九", "八", "七", "六", "五", "四", "三", "二", "一"]);
    // Top to bottom on the page: 一 first.
    const ys = [...m.matchAll(/<path[^>]*transform="translate\([\d.]+ ([\d.]+)\)[^"]*"[^>]*data-coord="([^"]+)"/g)].map((x) => [Number(x[1]), x[2]] as const);
    expect(ys.sort((a, b) => a[0] - b[0]).map((x) => x[1]).join("")).toBe("一二三四五六七八九");
    expect(m).not.toMatch(/data-coord="a"/);
  });

  it("turns with the board: 1 on the left and 九 at the top for the second player", () => {
    const m = board("black");
    const texts = [...m.matchAll(/<text[^>]*x="([\d.]+)"[^>]*data-coord="([^"]+)"/g)].map((x) => [Number(x[1]), x[2]] as const);
    expect(texts.sort((a, b) => a[0] - b[0]).map((x) => x[1]).join("")).toBe("123456789");
  });

  it("keeps the chess style by default and in board.svg pictures", () => {
    const props: BoardDrawingProps = { variant: "chess", files: 9, ranks: 9, squares: [] };
    expect(coordsOf(render(props), "text")).toContain("a");
    expect(boardSvgString(props)).toContain(`viewBox="${-MARGIN} 0 ${9 + MARGIN} ${9 + MARGIN}"`);
    expect(boardSvgString({ ...props, coordinateStyle: "shogi" })).toContain(`height="${Math.round((9 + MARGIN) * 60)}"`);
  });
});
