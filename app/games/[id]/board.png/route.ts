/** GET /games/<id>/board.png?ply=N&flip=1 (or &army=<letter> for more than two): the board as PNG, for emails and link previews (app/_pictures). */
import { boardPictureResponse } from "@/app/_pictures/board-picture";

export async function GET(request: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  return boardPictureResponse(request, (await ctx.params).id, "png");
}
