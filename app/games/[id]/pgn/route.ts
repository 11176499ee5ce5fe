/** GET /games/<id>/pgn: an orthodox chess game as standard PGN with SAN, as a download; 404 for other games (a clear refusal for games for more than two). */
import { recordResponse } from "@/app/_records/download";

export async function GET(_request: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  return recordResponse((await ctx.params).id, "pgn");
}
