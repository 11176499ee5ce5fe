/**
 * The static board drawing as plain data (see svgTree.ts): no React, no DOM, no state.
 * Coordinates: one square = 1 user unit; the square at the top-left is at (0, 0).
 * With coordinates on, a margin of MARGIN units holds rank numbers (left) and file
 * letters (bottom); in the shogi style, file numbers (top) and rank numerals (right).
 */
import { findVariantInfo, sideNameIn, type VariantInfo } from "@/lib/rules";
import { ART, DEFAULT_PIECE_SET, drawing, type PieceSet, type Shape } from "./art";
import { GLYPHS, type Glyph } from "./glyphs";
import { circle } from "./paths";
import { h, type SvgNode } from "./svgTree";

export type Color = "white" | "black";

export interface PieceOnBoard {
  color: Color;
  /** FEN letter, uppercase. */
  letter: string;
  /** Companion: a queen carrying a pawn. */
  carrying?: boolean;
  /** Crazyhouse: a promoted piece (`Q~` in FEN), which goes back to the hand as a pawn. */
  promoted?: boolean;
}

export interface SquareContent {
  /** 'e4': files a–p, ranks 1–16. */
  square: string;
  /** One piece, or two (White then Black) for a Friendly Chess union; none where the duck stands. */
  pieces: PieceOnBoard[];
  /** Duck chess: the duck, of neither side, stands here. */
  duck?: boolean;
  /** Fog of War: a square the viewer cannot see (lib/rules Game.board() of a view). */
  unseen?: boolean;
}

/** Everything the drawing needs: plain data, so a server can render it. */
export interface BoardDrawingProps {
  variant: string;
  files: number;
  ranks: number;
  squares: SquareContent[];
  /** 'black' flips the board. */
  orientation?: Color;
  /** Squares to highlight (the last move). */
  lastMove?: string[];
  /** Royal squares in check (threatened kings in Friendly): red glow. */
  checks?: string[];
  /** The square picked up. */
  selected?: string | null;
  /**
   * Legal destinations: a dot on an empty square, a ring on an occupied one; a dashed ring where
   * the picked-up piece goes onto a piece of its own side (a swap, an attach, a union), not a capture.
   */
  targets?: string[];
  /** File letters and rank numbers on the edges (default true). */
  coordinates?: boolean;
  /** A piece drawn floating slightly raised over its square (a released piece in a Friendly chain). */
  hovering?: { square: string; piece: PieceOnBoard } | null;
  /** The player's piece set (users.piece_set); default "traditional". */
  pieceSet?: PieceSet;
  /** "shogi": files numbered from the right and ranks 一–九 from the top, as shogi players write them. */
  coordinateStyle?: CoordinateStyle;
  /**
   * Pieces in hand, drawn in a band above and below the board (pictures; the game page
   * shows them beside the board instead): each side's beside its own side of the board.
   */
  hands?: Record<Color, { letter: string; count: number }[]>;
}

export type CoordinateStyle = "chess" | "shogi";

/** How pieces are drawn: in which set, and which side is at the bottom (tiles point away from it). */
export interface Look {
  pieceSet: PieceSet;
  orientation: Color;
}

export interface BoardProps extends BoardDrawingProps {
  onSquareClick?: (square: string) => void;
  onSquareDrop?: (from: string, to: string) => void;
}

/** Extra state the interactive board passes to the same drawing. */
export interface DrawingState {
  /** Pieces on this square are being dragged: drawn faded. */
  dragFrom?: string | null;
  /** The dragged pieces, centred on (x, y) in board units. */
  ghost?: { x: number; y: number; pieces: PieceOnBoard[] } | null;
  /** Keyboard cursor square, outlined. */
  cursor?: string | null;
  /** Slide the content of `to` in from `from` (CSS animation class with --dx/--dy). */
  animate?: { from: string; to: string; className: string; key: string } | null;
  /** Class names for the root and the dragged ghost. */
  className?: string;
  ghostClassName?: string;
}

// Presets may declare boards up to 16×16 (docs/presets.md).
export const MAX_FILES = 16;
export const MAX_RANKS = 16;
export const MARGIN = 0.34;
const FILE_LETTERS = "abcdefghijklmnop";

export const THEME = {
  light: "#eedcbc",
  dark: "#b48a66",
  margin: "#4b3a2c",
  marginText: "#f3e7d3",
  coordFont: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  lastMove: "#e7d23c",
  lastMoveOpacity: 0.5,
  selected: "#2f7d34",
  selectedOpacity: 0.5,
  // Dots and rings of 3:1 against both squares (WCAG non-text contrast, docs/accessibility.md#contrast).
  target: "#15401a",
  targetOpacity: 0.85,
  check: "#e3201b",
  /** The keyboard cursor: blue inside a light line, which stands out on dark squares and on wood. */
  cursor: "#1a56c4",
  cursorEdge: "#fbf8f1",
  /** Fog of War's unseen squares: one flat grey, the same whatever lies beneath. */
  fog: "#5d6066",
  white: { fill: "#fbf8f1", outline: "#1b1b1b", detail: "#1b1b1b" },
  black: { fill: "#2d2a27", outline: "#0d0d0d", detail: "#ece4d4" },
  badge: { fill: "#f6f0e2", outline: "#3a3a3a" },
  /** Duck chess's duck: yellow, of neither side's colours. */
  duck: { fill: "#f5c518", outline: "#5b4200", detail: "#5b4200" },
  /** Shogi: both sides' tiles are the same wood; promoted pieces are written in red. */
  tile: { wood: "#f8e2ae", edge: "#5a4326", ink: { black: "#1b1510", red: "#c21a14", blue: "#1f4fa3" } },
  promotedMark: { fill: "#c21a14", outline: "#fbf8f1" },
  /** The board of tile games: plain wood, ruled. */
  ruled: { wood: "#d6a24f", line: "#3b2a17" },
  /** A board of points (Xiangqi, Janggi): lighter wood, its lines, the river's words and point marks in dark ink. */
  points: { wood: "#e4bb76", line: "#4a2c12", lastMove: "#1d7a3a" },
} as const;

// ---------------------------------------------------------------- geometry

export function squareName(file: number, rank: number): string {
  return FILE_LETTERS[file] + String(rank + 1);
}

/** 'e4' → { file: 4, rank: 3 } (0-based), or null. */
export function parseSquare(square: string): { file: number; rank: number } | null {
  const m = /^([a-p])(1[0-6]|[1-9])$/.exec(square);
  if (!m) return null;
  return { file: FILE_LETTERS.indexOf(m[1]), rank: Number(m[2]) - 1 };
}

export interface BoardGeometry {
  files: number;
  ranks: number;
  orientation: Color;
}

/** Top-left corner of a square in board units, or null if off the board. */
export function squareOrigin(square: string, g: BoardGeometry): { x: number; y: number } | null {
  const p = parseSquare(square);
  if (!p || p.file >= g.files || p.rank >= g.ranks) return null;
  return g.orientation === "black"
    ? { x: g.files - 1 - p.file, y: p.rank }
    : { x: p.file, y: g.ranks - 1 - p.rank };
}

/** The square under a point given in board units, or null. */
export function squareAtPoint(x: number, y: number, g: BoardGeometry): string | null {
  const col = Math.floor(x);
  const row = Math.floor(y);
  if (col < 0 || row < 0 || col >= g.files || row >= g.ranks) return null;
  return g.orientation === "black" ? squareName(g.files - 1 - col, row) : squareName(col, g.ranks - 1 - row);
}

/** The height, in squares, of the band a picture draws one side's pieces in hand in. */
export const HAND_BAND = 0.9;

/** The viewBox of a board: [minX, minY, width, height]; with `hands`, a band above and below for the pieces in hand. */
export function boardViewBox(
  files: number, ranks: number, coordinates: boolean, style: CoordinateStyle = "chess", hands = false,
): [number, number, number, number] {
  const [x, y, w, h] = !coordinates ? [0, 0, files, ranks]
    : style === "shogi" ? [0, -MARGIN, files + MARGIN, ranks + MARGIN] : [-MARGIN, 0, files + MARGIN, ranks + MARGIN];
  return hands ? [x, y - HAND_BAND, w, h + 2 * HAND_BAND] : [x, y, w, h];
}

/** One side's pieces in hand in a band of the picture from `y`, left to right, a count beside each held more than once. */
function handBand(variant: string, color: Color, pieces: { letter: string; count: number }[], x: number, y: number, width: number, look: Look): SvgNode {
  const size = 0.7;
  const pad = (HAND_BAND - size) / 2;
  const text = { fill: THEME.marginText, "font-size": 0.3, "font-family": THEME.coordFont, "font-weight": 600, "dominant-baseline": "central" };
  const nodes: SvgNode[] = [h("rect", { x, y, width, height: HAND_BAND, fill: THEME.margin })];
  let at = x + pad;
  for (const { letter, count } of pieces) {
    nodes.push(pieceNode(variant, { color, letter }, at, y + pad, size, look, { "data-in-hand": String(count) }));
    at += size;
    if (count > 1) {
      nodes.push(h("text", { ...text, x: at, y: y + HAND_BAND / 2 }, `×${count}`));
      at += 0.45;
    }
    at += 0.1;
  }
  return h("g", { "data-hand": color }, ...nodes);
}

/** Whether a game's pieces are tiles (Shogi's): the games the shogi coordinates and the piece sets' choice apply to. */
export function hasTiles(variant: string): boolean {
  return findVariantInfo(variant)?.pieces.some((p) => pointsForward(artFor(variant, p.letter))) ?? false;
}

const RANK_NUMERALS: Glyph[] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];

/**
 * Shogi coordinates: files numbered from 1 on the first player's right, ranks 一, 二, …
 * from the second player's side. Moves stay in the project's a1 squares (docs/notation.md).
 */
export function shogiCoordinate(square: string, files: number, ranks: number): { file: string; rank: string } | null {
  const p = parseSquare(square);
  if (!p) return null;
  const rank = ranks - p.rank;
  return { file: String(files - p.file), rank: RANK_NUMERALS[rank - 1] ?? String(rank) };
}

function checkSize(files: number, ranks: number): void {
  if (!Number.isInteger(files) || !Number.isInteger(ranks) || files < 1 || ranks < 1 || files > MAX_FILES || ranks > MAX_RANKS) {
    throw new Error(`Board: unsupported size ${files}×${ranks} (1–${MAX_FILES} files, 1–${MAX_RANKS} ranks)`);
  }
}

const r3 = (n: number) => Math.round(n * 1000) / 1000;
const r5 = (n: number) => Math.round(n * 100000) / 100000;

// ---------------------------------------------------------------- pieces

/** The piece a game declares under this letter (lib/rules/variants): its name and art id. */
function declaredPiece(variant: string, letter: string): VariantInfo["pieces"][number] | undefined {
  const upper = letter.toUpperCase();
  return findVariantInfo(variant)?.pieces.find((p) => p.letter === upper);
}

/** The drawing of a piece in a game; undefined for a letter the game does not have. */
export function artFor(variant: string, letter: string, color: Color = "white", set: PieceSet = DEFAULT_PIECE_SET): Shape[] | undefined {
  const art = declaredPiece(variant, letter)?.art;
  return art !== undefined && Object.hasOwn(ART, art) ? drawing(art as keyof typeof ART, set, color) : undefined;
}

/** A piece's display name in a game, as declared ("Rook-Alfil" in Compound); a foreign letter as itself. */
export function pieceName(variant: string, letter: string): string {
  return declaredPiece(variant, letter)?.name ?? letter.toUpperCase();
}

export function pieceCode(p: PieceOnBoard): string {
  return (p.color === "white" ? "w" : "b") + p.letter.toUpperCase();
}

function shapeNode(sh: Shape, colors: { detail: string }): SvgNode {
  const ink = sh.ink && THEME.tile.ink[sh.ink];
  switch (sh.kind) {
    case "body":
      return h("path", ink ? { d: sh.d, fill: ink, stroke: ink } : { d: sh.d });
    case "line":
      return h("path", { d: sh.d, fill: "none", stroke: ink ? THEME.tile.wood : colors.detail, "stroke-width": 2.6 });
    case "mark":
      return h("path", { d: sh.d, fill: ink ? THEME.tile.wood : colors.detail, stroke: "none" });
    case "tile":
    case "plate":
      return h("path", { d: sh.d, fill: THEME.tile.wood, stroke: THEME.tile.edge, "stroke-width": 2.4 });
    case "glyph":
      return h("path", { d: sh.d, fill: ink ?? THEME.tile.ink.black, stroke: "none" });
  }
}

/** Whether a drawing points towards the opponent (a Shogi tile): turned round for the side at the top. */
export function pointsForward(art: Shape[] | undefined): boolean {
  return art?.some((sh) => sh.kind === "tile") ?? false;
}

/** The badge of a Crazyhouse promoted piece, upper right: a red disc bearing FEN's tilde. */
const PROMOTED_BADGE = { disc: circle(84, 15, 11), tilde: "M77.5 16.5Q80.5 11 84 15Q87.5 19 90.5 13.5" };

/**
 * The figure alone, in the 100×100 artwork box (no transform); a lettered disc when there
 * is no drawing (a preset's piece without art, docs/presets.md#pieces-without-art): the disc in
 * the side's colour with an inner ring, the letter in the side's detail colour, alike on the
 * page and in pictures. `turned`: a tile of the side at the top, pointing down the board.
 */
export function figureNodes(art: Shape[] | undefined, color: Color, letter: string, turned = false): SvgNode[] {
  const colors = THEME[color];
  if (turned && pointsForward(art)) return [h("g", { transform: "rotate(180 50 50)" }, ...figureNodes(art, color, letter))];
  if (!art) {
    const text = letter.toUpperCase();
    return [
      h("path", { d: "M12 50A38 38 0 1 1 88 50A38 38 0 1 1 12 50Z", "data-glyph": text }),
      h("path", { d: "M20 50A30 30 0 1 1 80 50A30 30 0 1 1 20 50Z", fill: "none", stroke: colors.detail, "stroke-width": 2 }),
      h(
        "text",
        {
          x: 50,
          y: 52,
          "text-anchor": "middle",
          "dominant-baseline": "central",
          // "+P" (a promoted piece) in two characters fits the ring too.
          "font-size": text.length > 1 ? 34 : 46,
          "font-weight": 700,
          "font-family": THEME.coordFont,
          fill: colors.detail,
          stroke: "none",
        },
        text,
      ),
    ];
  }
  return art.map((sh) => shapeNode(sh, colors));
}

/**
 * One piece as a <g data-piece="wQ"> scaled from the 100-unit artwork box to `size`
 * board units with its top-left at (x, y). A carrying queen gets a badge with a pawn.
 */
export function pieceNode(variant: string, piece: PieceOnBoard, x: number, y: number, size: number, look: Look, extra: Record<string, string> = {}): SvgNode {
  const colors = THEME[piece.color];
  const letter = piece.letter.toUpperCase();
  const art = artFor(variant, letter, piece.color, look.pieceSet);
  const turned = piece.color !== look.orientation;
  const children: SvgNode[] = [];
  if (piece.carrying) {
    children.push(h("g", { transform: "translate(0 12) scale(0.86)" }, ...figureNodes(art, piece.color, letter, turned)));
    children.push(
      h(
        "g",
        { "data-badge": "carrying", "data-carried": (piece.color === "white" ? "w" : "b") + "P" },
        h("path", {
          d: "M59 20A19 19 0 1 1 97 20A19 19 0 1 1 59 20Z",
          fill: THEME.badge.fill,
          stroke: THEME.badge.outline,
          "stroke-width": 2.5,
        }),
        h(
          "g",
          { transform: "translate(62.5 2.5) scale(0.31)", fill: colors.fill, stroke: colors.outline, "stroke-width": 7 },
          ...ART.pawn.map((sh) => shapeNode(sh, colors)),
        ),
      ),
    );
  } else {
    children.push(...figureNodes(art, piece.color, letter, turned));
  }
  if (piece.promoted) {
    const mark = THEME.promotedMark;
    children.push(
      h(
        "g",
        { "data-badge": "promoted" },
        h("path", { d: PROMOTED_BADGE.disc, fill: mark.fill, stroke: mark.outline, "stroke-width": 2.5 }),
        h("path", { d: PROMOTED_BADGE.tilde, fill: "none", stroke: mark.outline, "stroke-width": 3 }),
      ),
    );
  }
  return h(
    "g",
    {
      "data-piece": pieceCode(piece),
      "data-name": `${sideNameIn(variant, piece.color)} ${pieceName(variant, letter)}${piece.promoted ? " (promoted)" : ""}`,
      "data-carrying": piece.carrying ? "true" : undefined,
      "data-promoted": piece.promoted ? "true" : undefined,
      ...extra,
      transform: `translate(${r3(x)} ${r3(y)}) scale(${r5(size / 100)})`,
      fill: colors.fill,
      stroke: colors.outline,
      "stroke-width": 3.2,
      "stroke-linejoin": "round",
      "stroke-linecap": "round",
    },
    ...children,
  );
}

/** Duck chess's duck on `square`, a <g data-piece="duck"> like a piece's, in the duck's own colours. */
export function duckNode(square: string, x: number, y: number): SvgNode {
  const colors = THEME.duck;
  return h(
    "g",
    {
      "data-piece": "duck",
      "data-name": "Duck",
      "data-at": square,
      transform: `translate(${r3(x)} ${r3(y)}) scale(0.01)`,
      fill: colors.fill,
      stroke: colors.outline,
      "stroke-width": 3.2,
      "stroke-linejoin": "round",
      "stroke-linecap": "round",
    },
    ...ART.duck.map((sh) => shapeNode(sh, colors)),
  );
}

/**
 * The content of one square at (x, y): a single piece, or a Friendly union (the piece
 * of the colour at the bottom of the board in front, lower left; the other behind, upper right).
 */
export function squareContentNode(variant: string, pieces: PieceOnBoard[], x: number, y: number, look: Look, square: string): SvgNode | null {
  if (pieces.length === 0) return null;
  if (pieces.length === 1) return pieceNode(variant, pieces[0], x, y, 1, look, { "data-at": square });
  const front = pieces.find((p) => p.color === look.orientation) ?? pieces[0];
  const back = pieces.find((p) => p !== front) ?? pieces[1];
  const s = 0.68;
  return h(
    "g",
    { "data-union": pieces.map(pieceCode).join(" "), "data-at": square },
    pieceNode(variant, back, x + 1 - s + 0.01, y + 0.01, s, look, { "data-at": square }),
    pieceNode(variant, front, x - 0.01, y + 1 - s - 0.01, s, look, { "data-at": square }),
  );
}

/**
 * A piece floating raised over its square, with a shadow. Over an occupied square (a
 * union: front piece lower left, back piece upper right) it floats smaller in the free
 * upper-left corner. Never drawn above the top edge of the board.
 */
function hoveringNodes(variant: string, piece: PieceOnBoard, square: string, o: { x: number; y: number }, occupied: boolean, look: Look): SvgNode[] {
  const [s, dx, dy, sx, sy] = occupied ? [0.62, -0.02, -0.2, 0.3, 0.5] : [0.76, 0.12, -0.22, 0.5, 0.86];
  return [
    h("ellipse", { cx: o.x + sx, cy: o.y + sy, rx: s * 0.34, ry: s * 0.08, fill: "#000", "fill-opacity": 0.35 }),
    pieceNode(variant, piece, o.x + dx, Math.max(0, o.y + dy), s, look, { "data-at": square, "data-raised": "true" }),
  ];
}

// ---------------------------------------------------------------- the board

/** The shogi style's margins: file numbers along the top, rank numerals (drawn, not text) down the right. */
function shogiCoordinateNodes(files: number, ranks: number, at: (sq: string) => { x: number; y: number } | null): SvgNode[] {
  const out: SvgNode[] = [
    h("rect", { x: 0, y: -MARGIN, width: files + MARGIN, height: MARGIN, fill: THEME.margin }),
    h("rect", { x: files, y: 0, width: MARGIN, height: ranks, fill: THEME.margin }),
  ];
  const text = { fill: THEME.marginText, "font-size": 0.21, "font-family": THEME.coordFont, "font-weight": 600, "text-anchor": "middle", "dominant-baseline": "central" };
  for (let file = 0; file < files; file++) {
    const sq = squareName(file, 0);
    const label = shogiCoordinate(sq, files, ranks)!.file;
    out.push(h("text", { ...text, x: at(sq)!.x + 0.5, y: -MARGIN / 2, "data-coord": label }, label));
  }
  for (let rank = 0; rank < ranks; rank++) {
    const sq = squareName(0, rank);
    const label = shogiCoordinate(sq, files, ranks)!.rank;
    const y = at(sq)!.y + 0.5;
    const glyph = GLYPHS[label as Glyph];
    const em = 0.22;
    out.push(
      glyph
        ? h("path", { d: glyph, transform: `translate(${r3(files + MARGIN / 2 - em / 2)} ${r3(y - em / 2)}) scale(${em / 100})`, fill: THEME.marginText, "data-coord": label })
        : h("text", { ...text, x: files + MARGIN / 2, y, "data-coord": label }, label),
    );
  }
  return out;
}

/** What the drawing of a board of points needs to know of its game (lib/rules VariantInfo). */
export type PointsLayout = Pick<VariantInfo, "files" | "ranks" | "points" | "palaces" | "startFen" | "pieces">;

/** Arts whose start points a Xiangqi board marks with little corners (the cannons' and soldiers'). */
const MARKED_ARTS = new Set(["xiangqiCannon", "xiangqiSoldier"]);

/** The squares a start FEN puts pieces of these arts on. */
function startSquares(layout: PointsLayout, arts: Set<string>): string[] {
  const letters = new Set(layout.pieces.filter((p) => arts.has(p.art)).map((p) => p.letter));
  const out: string[] = [];
  layout.startFen.split(" ")[0].split("[")[0].split("/").forEach((row, i) => {
    let file = 0;
    for (const m of row.matchAll(/(\d+)|(\+?[A-Za-z]~?)/g)) {
      if (m[1]) file += Number(m[1]);
      else {
        if (letters.has(m[2].toUpperCase())) out.push(squareName(file, layout.ranks - 1 - i));
        file++;
      }
    }
  });
  return out;
}

/** A character of the river's words, `em` board units high, centred on (x, y). */
const riverGlyph = (glyph: Glyph, x: number, y: number, em: number): SvgNode =>
  h("path", { d: GLYPHS[glyph], transform: `translate(${r3(x - em / 2)} ${r3(y - em / 2)}) scale(${r5(em / 100)})`, "data-river": glyph });

/**
 * The lines of a board of points (docs/games/xiangqi.md, docs/games/janggi.md): each point
 * in the middle of its square's cell, so that a click, a drop or a highlight finds it as on
 * a board of squares. Ranks and files as lines, a frame, the palaces' diagonals; with a
 * river, the files broken between the two halves and 楚河 漢界 written in the gap (as paths:
 * pictures need no CJK font); the Xiangqi marks at the cannons' and soldiers' start points.
 */
export function pointsNodes(layout: PointsLayout, orientation: Color): SvgNode[] {
  const { files, ranks } = layout;
  const g: BoardGeometry = { files, ranks, orientation };
  const pt = (file: number, rank: number) => {
    const o = squareOrigin(squareName(file, rank), g)!;
    return { x: o.x + 0.5, y: o.y + 0.5 };
  };
  const seg = (a: { x: number; y: number }, b: { x: number; y: number }) => `M${r3(a.x)} ${r3(a.y)}L${r3(b.x)} ${r3(b.y)}`;
  const river = layout.points?.river ? Math.floor(ranks / 2) : null; // the river runs below this rank (0-based)
  const lines: string[] = [];
  for (let rank = 0; rank < ranks; rank++) lines.push(seg(pt(0, rank), pt(files - 1, rank)));
  for (let file = 0; file < files; file++) {
    const edge = file === 0 || file === files - 1;
    if (river === null || edge) lines.push(seg(pt(file, 0), pt(file, ranks - 1)));
    else lines.push(seg(pt(file, 0), pt(file, river - 1)), seg(pt(file, river), pt(file, ranks - 1)));
  }
  const diagonals: string[] = [];
  for (const [low, high] of layout.palaces ?? []) {
    const a = parseSquare(low);
    const b = parseSquare(high);
    if (!a || !b) continue;
    diagonals.push(seg(pt(a.file, a.rank), pt(b.file, b.rank)), seg(pt(a.file, b.rank), pt(b.file, a.rank)));
  }
  const corners: string[] = [];
  const [gap, arm] = [0.07, 0.15];
  for (const sq of startSquares(layout, MARKED_ARTS)) {
    const p = parseSquare(sq)!;
    const c = pt(p.file, p.rank);
    for (const dx of [-1, 1]) {
      // No corner off the edge of the board: a point on the edge file is marked on its inner side only.
      const onBoard = p.file + (orientation === "black" ? -dx : dx);
      if (onBoard < 0 || onBoard >= files) continue;
      for (const dy of [-1, 1]) {
        corners.push(`M${r3(c.x + dx * gap)} ${r3(c.y + dy * (gap + arm))}L${r3(c.x + dx * gap)} ${r3(c.y + dy * gap)}L${r3(c.x + dx * (gap + arm))} ${r3(c.y + dy * gap)}`);
      }
    }
  }
  const ink = THEME.points.line;
  const frame = { x: 0.5 - 0.13, y: 0.5 - 0.13, width: files - 1 + 0.26, height: ranks - 1 + 0.26 };
  const nodes: SvgNode[] = [
    h("rect", { ...frame, fill: "none", stroke: ink, "stroke-width": 0.05, "data-points": "frame" }),
    h("path", { d: lines.join(""), fill: "none", stroke: ink, "stroke-width": 0.025, "stroke-linecap": "square", "data-points": "lines" }),
  ];
  if (diagonals.length > 0) nodes.push(h("path", { d: diagonals.join(""), fill: "none", stroke: ink, "stroke-width": 0.025, "data-points": "palaces" }));
  if (corners.length > 0) nodes.push(h("path", { d: corners.join(""), fill: "none", stroke: ink, "stroke-width": 0.025, "data-points": "marks" }));
  if (river !== null) {
    const y = (pt(0, river - 1).y + pt(0, river).y) / 2;
    const mid = files / 2;
    const em = 0.52;
    nodes.push(
      h(
        "g",
        { fill: ink, "fill-opacity": 0.85, "data-points": "river" },
        riverGlyph("楚", mid - 2.6, y, em), riverGlyph("河", mid - 1.6, y, em),
        riverGlyph("漢", mid + 1.6, y, em), riverGlyph("界", mid + 2.6, y, em),
      ),
    );
  }
  return nodes;
}

/** Four corners framing a point, just outside a piece on it (the last move on a board of points). */
function pointFrame(x: number, y: number): string {
  const [r, arm] = [0.49, 0.16];
  return [-1, 1].flatMap((dx) => [-1, 1].map((dy) =>
    `M${r3(x + dx * r)} ${r3(y + dy * (r - arm))}L${r3(x + dx * r)} ${r3(y + dy * r)}L${r3(x + dx * (r - arm))} ${r3(y + dy * r)}`)).join("");
}

/** Builds the whole board drawing as an SvgNode tree. */
export function boardTree(props: BoardDrawingProps, state: DrawingState = {}): SvgNode {
  const { variant, files, ranks } = props;
  checkSize(files, ranks);
  const orientation: Color = props.orientation === "black" ? "black" : "white";
  const look: Look = { orientation, pieceSet: props.pieceSet ?? DEFAULT_PIECE_SET };
  const coordinates = props.coordinates !== false;
  const style: CoordinateStyle = props.coordinateStyle ?? "chess";
  const g: BoardGeometry = { files, ranks, orientation };
  const at = (sq: string) => squareOrigin(sq, g);
  const [vx, vy, vw, vh] = boardViewBox(files, ranks, coordinates, style, props.hands !== undefined);

  const contents = new Map<string, PieceOnBoard[]>();
  for (const c of props.squares) if (at(c.square) && c.pieces.length > 0) contents.set(c.square, c.pieces);

  // Squares: chequered, or for tiles (Shogi) one board of plain wood ruled in ink, as a shogiban
  // is; on a board of points (Xiangqi, Janggi) the cells are invisible, under the lines' wood.
  const info = findVariantInfo(variant);
  const layout = info?.points ? info : undefined;
  const ruled = !layout && hasTiles(variant);
  const squares: SvgNode[] = layout ? [h("rect", { x: 0, y: 0, width: files, height: ranks, fill: THEME.points.wood })] : [];
  for (let rank = ranks - 1; rank >= 0; rank--) {
    for (let file = 0; file < files; file++) {
      const sq = squareName(file, rank);
      const o = at(sq)!;
      squares.push(
        h("rect", {
          x: o.x,
          y: o.y,
          width: 1,
          height: 1,
          fill: layout ? "transparent" : ruled ? THEME.ruled.wood : (file + rank) % 2 === 0 ? THEME.dark : THEME.light,
          ...(ruled ? { stroke: THEME.ruled.line, "stroke-width": 0.025 } : {}),
          "data-square": sq,
          "data-color": (file + rank) % 2 === 0 ? "dark" : "light",
        }),
      );
    }
  }

  // Highlights under the pieces: on a board of points, a disc on the point rather than the cell.
  const under: SvgNode[] = layout ? pointsNodes(layout, orientation) : [];
  const cell = (o: { x: number; y: number }, fill: string, opacity: number, highlight: string) =>
    layout
      ? h("circle", { cx: o.x + 0.5, cy: o.y + 0.5, r: 0.48, fill, "fill-opacity": opacity, "data-highlight": highlight })
      : h("rect", { x: o.x, y: o.y, width: 1, height: 1, fill, "fill-opacity": opacity, "data-highlight": highlight });
  // Fog of War: a square the viewer cannot see (docs/games/fog-of-war.md#what-each-surface-shows).
  for (const c of props.squares) {
    const o = c.unseen ? at(c.square) : null;
    if (o) under.push(h("rect", { x: o.x, y: o.y, width: 1, height: 1, fill: THEME.fog, "data-fog": c.square }));
  }
  for (const sq of new Set(props.lastMove ?? [])) {
    const o = at(sq);
    if (o) under.push(cell(o, THEME.lastMove, layout ? 0.75 : THEME.lastMoveOpacity, "last-move"));
  }
  if (props.selected) {
    const o = at(props.selected);
    if (o) under.push(cell(o, THEME.selected, THEME.selectedOpacity, "selected"));
  }
  for (const sq of new Set(props.checks ?? [])) {
    const o = at(sq);
    if (!o) continue;
    const rings = [0.5, 0.42, 0.34, 0.26, 0.18].map((r) =>
      h("circle", { cx: o.x + 0.5, cy: o.y + 0.5, r, fill: THEME.check, "fill-opacity": 0.2 }),
    );
    under.push(h("g", { "data-highlight": "check" }, ...rings));
  }
  // A target ring around an occupied square; on points it goes over the piece, which would hide it.
  const targets = [...new Set(props.targets ?? [])];
  const targetRings: SvgNode[] = [];
  const mover = props.selected ? contents.get(props.selected)?.[0]?.color : undefined;
  for (const sq of targets) {
    const o = at(sq);
    if (!o || !contents.has(sq)) continue;
    const ontoOwn = mover !== undefined && contents.get(sq)!.some((p) => p.color === mover);
    targetRings.push(
      h("circle", {
        cx: o.x + 0.5,
        cy: o.y + 0.5,
        r: layout ? 0.47 : 0.455,
        fill: "none",
        stroke: THEME.target,
        "stroke-opacity": layout ? 0.8 : THEME.targetOpacity,
        "stroke-width": layout ? 0.06 : 0.075,
        "data-highlight": "target",
        ...(ontoOwn && { "stroke-dasharray": "0.1 0.07", "data-onto": "own" }),
      }),
    );
  }
  if (!layout) under.push(...targetRings);

  // Pieces.
  const pieces: SvgNode[] = [];
  for (const [sq, ps] of contents) {
    const o = at(sq)!;
    let node = squareContentNode(variant, ps, o.x, o.y, look, sq);
    if (!node) continue;
    if (state.dragFrom === sq) node = h("g", { opacity: 0.35 }, node);
    const anim = state.animate;
    if (anim && anim.to === sq && state.dragFrom !== sq) {
      const from = at(anim.from);
      if (from) {
        node = h(
          "g",
          { key: anim.key, class: anim.className, style: `--dx:${from.x - o.x}px;--dy:${from.y - o.y}px` },
          node,
        );
      }
    }
    pieces.push(node);
  }
  for (const c of props.squares) {
    const o = c.duck ? at(c.square) : null;
    if (o) pieces.push(duckNode(c.square, o.x, o.y));
  }

  // Marks over the pieces.
  const over: SvgNode[] = [];
  for (const sq of targets) {
    const o = at(sq);
    if (!o || contents.has(sq)) continue;
    over.push(h("circle", { cx: o.x + 0.5, cy: o.y + 0.5, r: 0.16, fill: THEME.target, "fill-opacity": THEME.targetOpacity, "data-highlight": "target" }));
  }
  // On points a piece covers the disc under it: the last move's points are framed by corners
  // over the pieces too, and the picked-up piece, a general in check and the targets ringed.
  if (layout) {
    for (const sq of new Set(props.lastMove ?? [])) {
      const o = at(sq);
      if (o) over.push(h("path", { d: pointFrame(o.x + 0.5, o.y + 0.5), fill: "none", stroke: THEME.points.lastMove, "stroke-width": 0.06, "data-highlight": "last-move" }));
    }
    const ring = (sq: string, stroke: string, highlight: string) => {
      const o = at(sq);
      if (o) over.push(h("circle", { cx: o.x + 0.5, cy: o.y + 0.5, r: 0.47, fill: "none", stroke, "stroke-width": 0.07, "data-highlight": highlight }));
    };
    if (props.selected) ring(props.selected, THEME.selected, "selected");
    for (const sq of new Set(props.checks ?? [])) ring(sq, THEME.check, "check");
    over.push(...targetRings);
  }
  if (props.hovering) {
    const o = at(props.hovering.square);
    if (o) {
      over.push(
        h(
          "g",
          { "data-hovering": props.hovering.square },
          ...hoveringNodes(variant, props.hovering.piece, props.hovering.square, o, contents.has(props.hovering.square), look),
        ),
      );
    }
  }
  if (state.cursor) {
    const o = at(state.cursor);
    if (o) {
      const outline = (stroke: string, width: number) => layout
        ? h("circle", { cx: o.x + 0.5, cy: o.y + 0.5, r: 0.47, fill: "none", stroke, "stroke-width": width })
        : h("rect", { x: o.x + 0.05, y: o.y + 0.05, width: 0.9, height: 0.9, fill: "none", stroke, "stroke-width": width, rx: 0.06 });
      over.push(h("g", { "data-highlight": "cursor" }, outline(THEME.cursorEdge, 0.11), outline(THEME.cursor, 0.06)));
    }
  }

  // Coordinates.
  const coords: SvgNode[] = [];
  if (coordinates && style === "shogi") {
    coords.push(...shogiCoordinateNodes(files, ranks, at));
  } else if (coordinates) {
    coords.push(h("rect", { x: -MARGIN, y: 0, width: MARGIN, height: ranks + MARGIN, fill: THEME.margin }));
    coords.push(h("rect", { x: 0, y: ranks, width: files, height: MARGIN, fill: THEME.margin }));
    const text = { fill: THEME.marginText, "font-size": 0.21, "font-family": THEME.coordFont, "font-weight": 600, "text-anchor": "middle", "dominant-baseline": "central" };
    for (let rank = 0; rank < ranks; rank++) {
      const o = at(squareName(0, rank))!;
      coords.push(h("text", { ...text, x: -MARGIN / 2, y: o.y + 0.5, "data-coord": String(rank + 1) }, String(rank + 1)));
    }
    for (let file = 0; file < files; file++) {
      const o = at(squareName(file, 0))!;
      coords.push(h("text", { ...text, x: o.x + 0.5, y: ranks + MARGIN / 2, "data-coord": FILE_LETTERS[file] }, FILE_LETTERS[file]));
    }
  }

  const ghost = state.ghost
    ? h(
        "g",
        { class: state.ghostClassName, "data-ghost": "true" },
        ...(state.ghost.pieces.length === 1
          ? [pieceNode(variant, state.ghost.pieces[0], state.ghost.x - 0.55, state.ghost.y - 0.6, 1.1, look)]
          : [squareContentNode(variant, state.ghost.pieces, state.ghost.x - 0.5, state.ghost.y - 0.55, look, "") as SvgNode]),
      )
    : null;

  return h(
    "svg",
    {
      xmlns: "http://www.w3.org/2000/svg",
      viewBox: `${vx} ${vy} ${vw} ${vh}`,
      class: state.className,
      role: "img",
      "aria-label": `${findVariantInfo(variant)?.name ?? variant} board, ${files}×${ranks}, ${sideNameIn(variant, orientation)} at the bottom`,
      "data-variant": variant,
      "data-orientation": orientation,
      "data-files": files,
      "data-ranks": ranks,
    },
    h("g", { "data-layer": "squares" }, ...squares),
    h("g", { "data-layer": "marks", "pointer-events": "none" }, ...under, ...pieces, ...over, ...coords, ghost),
    ...(props.hands
      ? [
          // The side at the top holds its pieces above the board, the side at the bottom below it.
          handBand(variant, orientation === "white" ? "black" : "white", props.hands[orientation === "white" ? "black" : "white"], vx, vy, vw, look),
          handBand(variant, orientation, props.hands[orientation], vx, vy + vh - HAND_BAND, vw, look),
        ]
      : []),
  );
}
