/** GET /games/<id>/record: the game record in the project's notation, as a download (app/_records). */
import { recordResponse } from "@/app/_records/download";

export async function GET(_request: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  return recordResponse((await ctx.params).id, "record");
}
