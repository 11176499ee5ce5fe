/**
 * React rendering of the board drawing. No hooks, no browser APIs: works in Server
 * Components, in renderToStaticMarkup and inside the interactive client Board.
 */
import { createElement, type ReactElement, type ReactNode } from "react";
import type { PieceSet, Shape } from "./art";
import { THEME, artFor, figureNodes, boardTree, type BoardDrawingProps, type Color, type DrawingState } from "./drawing";
import { h, type SvgChild } from "./svgTree";

function reactAttrName(name: string): string {
  if (name === "class") return "className";
  if (name.startsWith("data-") || name.startsWith("aria-")) return name;
  return name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

function parseStyle(style: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const decl of style.split(";")) {
    const i = decl.indexOf(":");
    if (i < 0) continue;
    const k = decl.slice(0, i).trim();
    const v = decl.slice(i + 1).trim();
    out[k.startsWith("--") ? k : k.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = v;
  }
  return out;
}

/** Converts an SvgNode tree to React elements. */
export function toReact(node: SvgChild, key?: string | number): ReactNode {
  if (typeof node === "string") return node;
  const props: Record<string, unknown> = { key: node.attrs.key ?? key };
  for (const [k, v] of Object.entries(node.attrs)) {
    if (v === undefined || v === null || v === false || k === "key") continue;
    if (k === "style") props.style = parseStyle(String(v));
    else props[reactAttrName(k)] = v;
  }
  return createElement(node.tag, props, ...node.children.map((c, i) => toReact(c, i)));
}

/** The static board: server-renderable, no interaction. */
export function BoardDrawing(props: BoardDrawingProps & { state?: DrawingState }): ReactElement {
  const { state, ...drawing } = props;
  return toReact(boardTree(drawing, state)) as ReactElement;
}

interface PieceSvgProps {
  variant: string;
  color: Color;
  letter: string;
  size?: number | string;
  title?: string;
  pieceSet?: PieceSet;
  /** A tile of the side at the top of the board (its hand, say): pointing down. */
  turned?: boolean;
}

/** A single piece as a standalone square <svg> (legends, promotion choices, hands). */
export function PieceSvg(props: PieceSvgProps): ReactElement {
  return toReact(pieceSvgTree(props)) as ReactElement;
}

export function pieceSvgTree(props: PieceSvgProps) {
  return figureSvgTree(artFor(props.variant, props.letter, props.color, props.pieceSet), props);
}

/** A drawing as a standalone square <svg>, the letter in the data and in the disc drawn when there is no drawing. */
export function figureSvgTree(art: Shape[] | undefined, props: { color: Color; letter: string; size?: number | string; title?: string; turned?: boolean }) {
  const { color, letter, size, title, turned } = props;
  return h(
    "svg",
    {
      xmlns: "http://www.w3.org/2000/svg",
      viewBox: "0 0 100 100",
      width: size,
      height: size,
      role: "img",
      "aria-label": title,
      "data-piece": (color === "white" ? "w" : "b") + letter.toUpperCase(),
    },
    h(
      "g",
      {
        fill: THEME[color].fill,
        stroke: THEME[color].outline,
        "stroke-width": 3.2,
        "stroke-linejoin": "round",
        "stroke-linecap": "round",
      },
      ...figureNodes(art, color, letter, turned),
    ),
  );
}
