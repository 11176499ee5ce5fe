/** Board picture sizes, without the rasteriser (link previews state them without loading resvg). */
import { boardViewBox } from "@/app/_components/pieces";
import { multiLayout } from "@/app/_components/pieces/multi-drawing";
import { MultiGame } from "@/lib/rules";

export const DEFAULT_SQUARE_PX = 60;

/** Width and height in pixels of a board picture, as the PNG and the preview meta tags state them; `hands`: with the bands for pieces in hand. */
export function pictureSize(files: number, ranks: number, squarePx = DEFAULT_SQUARE_PX, hands = false): { width: number; height: number } {
  const [, , w, h] = boardViewBox(files, ranks, true, "chess", hands);
  return { width: Math.round(w * squarePx), height: Math.round(h * squarePx) };
}

/** The same for a game for more than two at its start, `cellPx` pixels a cell (every army's turn gives the same size but hexagons' turns by 60°: the first army's). */
export function multiPictureSize(variant: string, cellPx = DEFAULT_SQUARE_PX, army: string | null = null): { width: number; height: number } {
  const [, , w, h] = multiLayout(variant, MultiGame.start(variant).board(), army).viewBox;
  return { width: Math.round(w * cellPx), height: Math.round(h * cellPx) };
}
