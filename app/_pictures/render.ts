/**
 * Drawing board pictures, without any request handling (the routes, link previews
 * and the benchmark share it). SVG straight from the board drawing; PNG rasterised
 * by resvg, whose binary ships inside its npm package (nothing downloads at run
 * time). The coordinates' font comes from the machine: DejaVu, Liberation or Noto
 * when present, else whatever the system has.
 */
import { existsSync } from "node:fs";
import { Resvg, type ResvgRenderOptions } from "@resvg/resvg-js";
import { boardSvgString } from "@/app/_components/pieces";
import type { Position } from "@/lib/games/pictures";
import type { MultiCell } from "@/lib/rules";
import { multiBoardSvgString } from "@/app/_components/pieces/multi-drawing";

export interface PictureOptions {
  flip: boolean;
  squarePx: number;
}

export { DEFAULT_SQUARE_PX, pictureSize } from "./size";

export function boardSvg(drawing: Position["drawing"], o: PictureOptions): string {
  return boardSvgString(
    { ...drawing, orientation: o.flip ? "black" : "white", coordinates: true },
    { squarePx: o.squarePx },
  );
}

/** A position of a game for more than two, turned so that `army` is at the bottom (null: the first army), `cellPx` pixels a cell. */
export function multiBoardSvg(variant: string, cells: readonly MultiCell[], army: string | null, cellPx: number): string {
  return multiBoardSvgString({ variant, cells, bottom: army, coordinates: true }, cellPx);
}

const FONT_FILES = [
  "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
  "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
  "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf",
];

const FAMILY: Record<string, string> = { DejaVuSans: "DejaVu Sans", LiberationSans: "Liberation Sans", NotoSans: "Noto Sans" };

let fontOptions: ResvgRenderOptions["font"] | undefined;
function fonts(): ResvgRenderOptions["font"] {
  if (!fontOptions) {
    // One known file loads in well under a millisecond; scanning every system font takes ~70 ms.
    const file = FONT_FILES.find((f) => existsSync(f));
    const family = file && FAMILY[file.replace(/^.*\//, "").replace(/(-Regular)?\.ttf$/, "")];
    fontOptions = file && family
      ? { loadSystemFonts: false, fontFiles: [file], defaultFontFamily: family, sansSerifFamily: family }
      : { loadSystemFonts: true };
  }
  return fontOptions;
}

export function svgToPng(svg: string): Buffer {
  return new Resvg(svg, { font: fonts(), background: "rgba(0,0,0,0)" }).render().asPng();
}

