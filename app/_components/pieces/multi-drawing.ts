/**
 * The board of a game for more than two (lib/rules/multi) as plain data, server-safe like
 * drawing.ts: squares with holes or hexagons, each army's pieces in its own colour (the
 * two-player art, filled per army; an army that is out greyed), the whole turned so that
 * one army sits at the bottom (docs/accessibility.md#boards-for-more-than-two).
 *
 * Units: a square is 1 wide; a hexagon is 1 wide between its flat sides (pointy at top and
 * bottom), its rows √3/2 apart, so neighbours touch.
 */
import { MultiGame, multiGameInfo, type MultiCell, type MultiGameInfo } from "@/lib/rules";
import { DEFAULT_PIECE_SET, drawing, type ArtId } from "./art";
import { THEME, figureNodes } from "./drawing";
import { h, toSvgString, type SvgNode } from "./svgTree";

/** Each army's colour by its name (the rule books name armies by colour): fill, and whether its lines are dark. */
const ARMY_COLOURS: Record<string, { fill: string; lines: "dark" | "light" }> = {
  White: { fill: "#fbf8f1", lines: "dark" },
  Black: { fill: "#2d2a27", lines: "light" },
  Red: { fill: "#d3322b", lines: "light" },
  Blue: { fill: "#2d62cc", lines: "light" },
  Yellow: { fill: "#f4cb1f", lines: "dark" },
  Green: { fill: "#2c9446", lines: "light" },
  Grey: { fill: "#8d949c", lines: "dark" },
  Purple: { fill: "#7a3db0", lines: "light" },
  Orange: { fill: "#ee7b1a", lines: "dark" },
};
/** An army that is out: pale, see-through, the same for every army. */
const OUT_COLOUR = { fill: "#cfc9bf", lines: "dark" as const, opacity: 0.55 };
const FALLBACK = { fill: "#9b7b5b", lines: "light" as const };

export function armyColour(name: string): { fill: string; lines: "dark" | "light" } {
  return ARMY_COLOURS[name] ?? FALLBACK;
}

const HEX_SHADES = { light: THEME.light, mid: "#d2b28f", dark: THEME.dark };
const SQUARE_SHADES = { light: THEME.light, mid: THEME.light, dark: THEME.dark };

/** The two-player drawing for each piece name of these rule books (a boat is a rook, Alfonso's general a ferz). */
const ART_BY_NAME: Record<string, ArtId> = {
  king: "king",
  queen: "queen",
  rook: "rook",
  boat: "rook",
  bishop: "bishop",
  alfil: "alfil",
  knight: "knight",
  general: "ferz",
  pawn: "pawn",
  "pawn along the rank": "pawn",
};

const infos = new Map<string, MultiGameInfo>();
/** A game's declaration as the drawing reads it, once per game (a board of 516 cells names each piece). */
function infoOf(variant: string): MultiGameInfo {
  let info = infos.get(variant);
  if (!info) infos.set(variant, (info = multiGameInfo(variant)));
  return info;
}

const SQRT3 = Math.sqrt(3);
/** A hexagon's corner distance when it is 1 wide. */
const HEX_R = 1 / SQRT3;
const r3 = (n: number) => Math.round(n * 1000) / 1000;

interface Point {
  x: number;
  y: number;
}

/** Where each cell's middle is before turning, in board units. */
function centreOf(c: Pick<MultiCell, "x" | "y">, hex: boolean): Point {
  return hex ? { x: c.x + 0.5, y: c.y * (SQRT3 / 2) + HEX_R } : { x: c.x + 0.5, y: c.y + 0.5 };
}

function centroid(points: Point[]): Point {
  const n = points.length;
  return { x: points.reduce((s, p) => s + p.x, 0) / n, y: points.reduce((s, p) => s + p.y, 0) / n };
}

const turnCache = new Map<string, number>();

/**
 * The turn (degrees, clockwise) that brings `army`'s king from where it starts to the bottom:
 * the multiple of the board's own symmetry step (90° for squares, 60° for hexagons) that
 * points the king's direction from the middle most nearly down. Derived from the start
 * position, so every game and army gets it the same way.
 */
export function turnFor(variant: string, army: string | null): number {
  const info = infoOf(variant);
  const letter = army ?? info.armies[0].letter;
  const key = `${variant} ${letter}`;
  const known = turnCache.get(key);
  if (known !== undefined) return known;
  const hex = info.lattice === "hex";
  const cells = MultiGame.start(variant).board();
  const royal = info.pieces.find((p) => p.royal)?.letter;
  const king = cells.find((c) => c.piece?.army === letter && c.piece.kind === royal);
  let turn = 0;
  if (king) {
    const mid = centroid(cells.map((c) => centreOf(c, hex)));
    const k = centreOf(king, hex);
    const angle = (Math.atan2(k.y - mid.y, k.x - mid.x) * 180) / Math.PI;
    const step = hex ? 60 : 90;
    turn = (((Math.round((90 - angle) / step) * step) % 360) + 360) % 360;
  }
  turnCache.set(key, turn);
  return turn;
}

/** Whether two labels in 0.3-unit type (a character about 0.18 wide, 0.22 high) would stand too near to be read apart. */
export function labelsCrowd(a: Point & { text: string }, b: Point & { text: string }): boolean {
  const width = (t: string) => 0.18 * t.length;
  return Math.abs(a.x - b.x) < (width(a.text) + width(b.text)) / 2 + 0.12 && Math.abs(a.y - b.y) < 0.22 + 0.12;
}

export interface MultiLayout {
  hex: boolean;
  /** Each cell's middle, turned. */
  at: Map<string, Point>;
  /** File letters and rank numbers just beyond the lower or left end of each line of cells. */
  labels: { text: string; x: number; y: number }[];
  viewBox: [number, number, number, number];
}

/** Where every cell is drawn with `bottom`'s army at the bottom (null: the first army). */
export function multiLayout(variant: string, cells: readonly MultiCell[], bottom: string | null): MultiLayout {
  const info = infoOf(variant);
  const hex = info.lattice === "hex";
  const raw = new Map(cells.map((c) => [c.name, centreOf(c, hex)]));
  const mid = centroid([...raw.values()]);
  const t = (turnFor(variant, bottom) * Math.PI) / 180;
  const [cos, sin] = [Math.cos(t), Math.sin(t)];
  const turn = (p: Point): Point => {
    const dx = p.x - mid.x;
    const dy = p.y - mid.y;
    return { x: r3(mid.x + dx * cos - dy * sin), y: r3(mid.y + dx * sin + dy * cos) };
  };
  const at = new Map([...raw].map(([name, p]) => [name, turn(p)]));

  // Lines of cells: files and ranks, each cell named file letter + rank number.
  const lines = new Map<string, { text: string; cells: { order: number; p: Point }[] }>();
  for (const c of info.cells) {
    const p = at.get(c.name);
    if (!p) continue;
    const file = c.name.replace(/\d+$/, "");
    const rank = c.name.slice(file.length);
    for (const [key, text, order] of [[`f${file}`, file, c.rank], [`r${rank}`, rank, c.file]] as const) {
      const line = lines.get(key) ?? { text, cells: [] };
      line.cells.push({ order, p });
      lines.set(key, line);
    }
  }
  const labels: MultiLayout["labels"] = [];
  const gap = hex ? 0.78 : 0.62;
  const beyond = (end: Point, next: Point) => {
    const len = Math.hypot(end.x - next.x, end.y - next.y) || 1;
    return { x: r3(end.x + ((end.x - next.x) / len) * gap), y: r3(end.y + ((end.y - next.y) / len) * gap) };
  };
  const crowded = (p: Point & { text: string }) => labels.some((l) => labelsCrowd(l, p));
  // Files first, then ranks: a rank whose label would crowd a file's (a cell at the edge ends both) is labelled at its other end.
  for (const [, { text, cells: line }] of [...lines].sort(([a], [b]) => a[0].localeCompare(b[0]))) {
    if (line.length < 2) continue;
    line.sort((a, b) => a.order - b.order);
    const first = beyond(line[0].p, line[1].p);
    const last = beyond(line[line.length - 1].p, line[line.length - 2].p);
    // The end lower on the drawing, or the left one of a line across.
    const lowerFirst = Math.abs(first.y - last.y) > 0.01 ? first.y > last.y : first.x < last.x;
    const [preferred, other] = lowerFirst ? [first, last] : [last, first];
    labels.push(crowded({ text, ...preferred }) && !crowded({ text, ...other }) ? { text, ...other } : { text, ...preferred });
  }

  const half = hex ? HEX_R : 0.5;
  const xs = [...[...at.values()].flatMap((p) => [p.x - 0.5, p.x + 0.5]), ...labels.flatMap((l) => [l.x - 0.3, l.x + 0.3])];
  const ys = [...[...at.values()].flatMap((p) => [p.y - half, p.y + half]), ...labels.flatMap((l) => [l.y - 0.3, l.y + 0.3])];
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const pad = 0.1;
  return { hex, at, labels, viewBox: [r3(x0 - pad), r3(y0 - pad), r3(x1 - x0 + 2 * pad), r3(y1 - y0 + 2 * pad)] };
}

/** A cell's outline at its middle: a unit square, or a hexagon pointy at top and bottom. */
function cellShape(p: Point, hex: boolean, attrs: Record<string, string | number | undefined>, inset = 0): SvgNode {
  if (!hex) return h("rect", { x: r3(p.x - 0.5 + inset), y: r3(p.y - 0.5 + inset), width: r3(1 - 2 * inset), height: r3(1 - 2 * inset), ...attrs });
  const r = HEX_R - inset * (2 / SQRT3);
  const points = [-90, -30, 30, 90, 150, 210]
    .map((deg) => `${r3(p.x + r * Math.cos((deg * Math.PI) / 180))},${r3(p.y + r * Math.sin((deg * Math.PI) / 180))}`)
    .join(" ");
  return h("polygon", { points, ...attrs });
}

/** "Red king", "Blue pawn (out)": how a piece is named on the page and to screen readers. */
export function multiPieceName(variant: string, piece: NonNullable<MultiCell["piece"]>): string {
  const info = infoOf(variant);
  const army = info.armies.find((a) => a.letter === piece.army)?.name ?? piece.army;
  const kind = info.pieces.find((p) => p.letter === piece.kind)?.name ?? piece.kind;
  return `${army} ${kind}${piece.promoted ? " (promoted)" : ""}${piece.dead ? " (out)" : ""}`;
}

/** One piece, upright whatever the turn, `size` units wide, centred on `p`. */
function multiPieceNode(variant: string, piece: NonNullable<MultiCell["piece"]>, cell: string, p: Point, size: number): SvgNode {
  const info = infoOf(variant);
  const armyName = info.armies.find((a) => a.letter === piece.army)?.name ?? "";
  const kindName = info.pieces.find((k) => k.letter === piece.kind)?.name ?? "";
  const colour = piece.dead ? OUT_COLOUR : armyColour(armyName);
  // The art's detail lines are drawn in the two-player colours: dark lines on a light army.
  const tone = colour.lines === "dark" ? "white" : "black";
  const artId = ART_BY_NAME[kindName];
  const art = artId ? drawing(artId, DEFAULT_PIECE_SET, tone) : undefined;
  return h(
    "g",
    {
      "data-piece": piece.army + piece.kind,
      "data-army": piece.army,
      "data-at": cell || undefined,
      "data-name": multiPieceName(variant, piece),
      "data-dead": piece.dead ? "true" : undefined,
      transform: `translate(${r3(p.x - size / 2)} ${r3(p.y - size / 2)}) scale(${r3(size / 100)})`,
      fill: colour.fill,
      stroke: THEME[tone].outline,
      "stroke-width": 3.2,
      "stroke-linejoin": "round",
      "stroke-linecap": "round",
      opacity: piece.dead ? OUT_COLOUR.opacity : undefined,
    },
    ...figureNodes(art, tone, piece.kind),
  );
}

/** One piece as a standalone square <svg> (the variant page's list of pieces), in `army`'s colour. */
export function multiPieceSvgTree(variant: string, army: string, kind: string, size: number): SvgNode {
  const piece = { army, kind, promoted: false, dead: false };
  return h(
    "svg",
    { xmlns: "http://www.w3.org/2000/svg", viewBox: "0 0 100 100", width: size, height: size, role: "img", "aria-label": multiPieceName(variant, piece) },
    multiPieceNode(variant, piece, "", { x: 50, y: 50 }, 100),
  );
}

export interface MultiDrawingProps {
  variant: string;
  cells: readonly MultiCell[];
  /** The army at the bottom (the viewer's); null: the first army. */
  bottom: string | null;
  selected?: string | null;
  targets?: readonly string[];
  lastMove?: readonly string[];
  cursor?: string | null;
  coordinates?: boolean;
  className?: string;
}

/** The whole board as an SvgNode tree: cells `[data-cell]` in one layer, everything drawn over them in another that never takes the pointer. */
export function multiBoardTree(props: MultiDrawingProps): SvgNode {
  const { variant, cells } = props;
  const info = infoOf(variant);
  const layout = multiLayout(variant, cells, props.bottom);
  const { hex, at } = layout;
  const shades = hex ? HEX_SHADES : SQUARE_SHADES;
  const pieceSize = hex ? 0.86 : 1;

  const squares = cells.map((c) =>
    cellShape(at.get(c.name)!, hex, { fill: shades[c.shade], "data-cell": c.name, "data-shade": c.shade }));

  const under: SvgNode[] = [];
  const mark = (name: string, fill: string, opacity: number, highlight: string) => {
    const p = at.get(name);
    if (p) under.push(cellShape(p, hex, { fill, "fill-opacity": opacity, "data-highlight": highlight }));
  };
  for (const name of new Set(props.lastMove ?? [])) mark(name, THEME.lastMove, THEME.lastMoveOpacity, "last-move");
  if (props.selected) mark(props.selected, THEME.selected, THEME.selectedOpacity, "selected");

  const occupied = new Set(cells.filter((c) => c.piece).map((c) => c.name));
  const pieces = cells.filter((c) => c.piece).map((c) => multiPieceNode(variant, c.piece!, c.name, at.get(c.name)!, pieceSize));

  const over: SvgNode[] = [];
  for (const name of new Set(props.targets ?? [])) {
    const p = at.get(name);
    if (!p) continue;
    over.push(
      occupied.has(name)
        ? h("circle", { cx: p.x, cy: p.y, r: 0.44, fill: "none", stroke: THEME.target, "stroke-opacity": THEME.targetOpacity, "stroke-width": 0.075, "data-highlight": "target" })
        : h("circle", { cx: p.x, cy: p.y, r: 0.16, fill: THEME.target, "fill-opacity": THEME.targetOpacity, "data-highlight": "target" }),
    );
  }
  if (props.cursor) {
    const p = at.get(props.cursor);
    if (p) {
      over.push(h("g", { "data-highlight": "cursor", fill: "none" },
        cellShape(p, hex, { stroke: THEME.cursorEdge, "stroke-width": 0.11 }, 0.06),
        cellShape(p, hex, { stroke: THEME.cursor, "stroke-width": 0.06 }, 0.06)));
    }
  }

  const coords = props.coordinates === false ? [] : layout.labels.map((l) =>
    h("text", {
      x: l.x, y: l.y, fill: THEME.margin, "font-size": 0.3, "font-family": THEME.coordFont, "font-weight": 600,
      "text-anchor": "middle", "dominant-baseline": "central", "data-coord": l.text,
    }, l.text));

  const bottomName = info.armies.find((a) => a.letter === (props.bottom ?? info.armies[0].letter))?.name ?? "";
  return h(
    "svg",
    {
      xmlns: "http://www.w3.org/2000/svg",
      viewBox: layout.viewBox.join(" "),
      class: props.className,
      role: "img",
      "aria-label": `${info.name} board, ${cells.length} ${hex ? "hexagons" : "squares"}, ${bottomName} at the bottom`,
      "data-variant": variant,
      "data-bottom": props.bottom ?? info.armies[0].letter,
    },
    h("g", { "data-layer": "cells" }, ...squares),
    h("g", { "data-layer": "marks", "pointer-events": "none" }, ...under, ...pieces, ...over, ...coords),
  );
}

/** A standalone SVG document of the board (pictures), `unitPx` pixels a cell. */
export function multiBoardSvgString(props: MultiDrawingProps, unitPx = 40): string {
  const tree = multiBoardTree(props);
  const [, , w, h_] = multiLayout(props.variant, props.cells, props.bottom).viewBox;
  tree.attrs.width = Math.round(w * unitPx);
  tree.attrs.height = Math.round(h_ * unitPx);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${toSvgString(tree)}`;
}
