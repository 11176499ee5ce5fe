/** GET /games/<id>/board.svg?ply=N&flip=1 (or &army=<letter> for more than two): the board as SVG (app/_pictures). */
import { boardPictureResponse } from "@/app/_pictures/board-picture";

export async function GET(request: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  return boardPictureResponse(request, (await ctx.params).id, "svg");
}
