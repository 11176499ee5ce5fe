/**
 * Board and piece drawing, server-safe (no 'use client', no hooks, no DOM).
 *
 *   boardSvgString(props)          → a standalone board.svg document (no React needed)
 *   <BoardDrawing {...props} />    → the static board as a React element (Server Components)
 *   <PieceSvg variant color letter /> → one piece as a small svg
 *   artFor / pieceName             → a (variant, letter)'s drawing and name, from its declaration (lib/rules)
 *   ART                            → every drawing by art id
 *
 * The interactive board (drag and drop, clicks, keyboard) is app/_components/Board.tsx.
 */
import { boardTree, boardViewBox, type BoardDrawingProps } from "./drawing";
import { ART, type ArtId } from "./art";
import { figureSvgTree, pieceSvgTree } from "./react";
import { toSvgString } from "./svgTree";

export { ART, DEFAULT_PIECE_SET, PIECE_SETS, drawing, type ArtId, type PieceSet, type Shape } from "./art";
export {
  MARGIN,
  MAX_FILES,
  MAX_RANKS,
  THEME,
  artFor,
  boardTree,
  boardViewBox,
  hasTiles,
  parseSquare,
  pointsForward,
  shogiCoordinate,
  pieceCode,
  pieceName,
  squareAtPoint,
  squareName,
  squareOrigin,
  type BoardDrawingProps,
  type BoardGeometry,
  type BoardProps,
  type Color,
  type CoordinateStyle,
  type DrawingState,
  type PieceOnBoard,
  type SquareContent,
} from "./drawing";
export { BoardDrawing, PieceSvg, toReact } from "./react";
export { toSvgString, type SvgNode } from "./svgTree";

export interface BoardSvgOptions {
  /** Pixels per square for the width/height attributes (default 60). */
  squarePx?: number;
  /** Prepend an XML declaration (default true). */
  xmlDeclaration?: boolean;
}

/**
 * A standalone SVG document of the board, for a route that serves board.svg images
 * (Content-Type: image/svg+xml). Accepts BoardProps too; handlers are ignored.
 */
export function boardSvgString(props: BoardDrawingProps, options: BoardSvgOptions = {}): string {
  const px = options.squarePx ?? 60;
  const tree = boardTree(props);
  const [, , w, h] = boardViewBox(props.files, props.ranks, props.coordinates !== false, props.coordinateStyle, props.hands !== undefined);
  tree.attrs.width = Math.round(w * px);
  tree.attrs.height = Math.round(h * px);
  const svg = toSvgString(tree);
  return options.xmlDeclaration === false ? svg : `<?xml version="1.0" encoding="UTF-8"?>\n${svg}`;
}

/** One piece as a standalone SVG document (e.g. pieces/compound/wR.svg). */
export function pieceSvgString(variant: string, color: "white" | "black", letter: string, size = 100): string {
  return toSvgString(pieceSvgTree({ variant, color, letter, size }));
}

/** One drawing by art id as a standalone SVG document (the gallery shows drawings no game uses yet). */
export function artSvgString(art: ArtId, color: "white" | "black", size = 100): string {
  return toSvgString(figureSvgTree(ART[art], { color, letter: art, size }));
}
