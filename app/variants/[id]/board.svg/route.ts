/** GET /variants/<id>/board.svg?size=N&flip=1: a built-in game's start position as SVG (app/_pictures). */
import { variantPictureResponse } from "@/app/_pictures/board-picture";

export async function GET(request: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  return variantPictureResponse(request, (await ctx.params).id);
}
