/** Board picture sizes, without the rasteriser (link previews state them without loading resvg). */
import { boardViewBox } from "@/app/_components/pieces";

export const DEFAULT_SQUARE_PX = 60;

/** Width and height in pixels of a board picture, as the PNG and the preview meta tags state them; `hands`: with the bands for pieces in hand. */
export function pictureSize(files: number, ranks: number, squarePx = DEFAULT_SQUARE_PX, hands = false): { width: number; height: number } {
  const [, , w, h] = boardViewBox(files, ranks, true, "chess", hands);
  return { width: Math.round(w * squarePx), height: Math.round(h * squarePx) };
}
