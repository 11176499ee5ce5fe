/**
 * GET /games/<id>/state?since=<version>[&chat=<chat version>]: the game page polls this every few
 * seconds. 204 while nothing changed since the version the page shows (a cheap
 * answer for the common case of a correspondence game), else the state as JSON.
 * A player's page names the chat's version too, which only the players may learn
 * (docs/chat.md#how-a-message-reaches-the-opponent): its 204 waits for the session.
 * Private games are "not found" for everyone but their players, as on the page.
 */
import { z } from "zod";
import { getCurrentUser } from "@/lib/auth";
import { getDb } from "@/lib/db/client";
import { gameVersion } from "@/lib/games";
import { loadGame, toGameState } from "../load";
import { loadMultiGame } from "../multi-load";

const query = z.object({
  since: z.coerce.number().int().nonnegative().optional(),
  chat: z.coerce.number().int().nonnegative().optional(),
});

export async function GET(request: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await ctx.params;
  const parsed = query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return Response.json({ error: "since: a version number" }, { status: 400 });
  const db = await getDb();
  const noStore = { "Cache-Control": "no-store" };
  // The common poll: nothing changed in a game anyone may see — answered from one
  // small read, without the session lookup and the moves (the load test's hottest path).
  const { since, chat } = parsed.data;
  const quick = await gameVersion(db, id);
  if (quick && !quick.private && chat === undefined && since === quick.version) return new Response(null, { status: 204, headers: noStore });
  const user = await getCurrentUser();
  // A player's poll, nothing new in the game nor its chat: from the same read, once the session says it is a player's.
  const player = user !== null && quick !== null && quick.players.includes(user.id);
  if (player && since === quick.version && chat === quick.chatVersion) return new Response(null, { status: 204, headers: noStore });
  // A game for more than two answers its own state (app/_components/multi-game-state.ts), by the same rules.
  const multi = quick?.multi ? await loadMultiGame(db, id, user?.id ?? null) : "two";
  if (multi === null) return Response.json({ error: "no such game" }, { status: 404, headers: noStore });
  if (multi !== "two") {
    if (since === multi.version) return new Response(null, { status: 204, headers: noStore });
    return Response.json(multi, { headers: noStore });
  }
  const view = await loadGame(db, id, user?.id ?? null);
  if (!view) return Response.json({ error: "no such game" }, { status: 404, headers: noStore });
  if ("unreadable" in view) return Response.json({ error: view.unreadable }, { status: 409, headers: noStore });
  const state = toGameState(view);
  if (since === state.version && (chat === undefined || chat === state.chat?.version)) return new Response(null, { status: 204, headers: noStore });
  return Response.json(state, { headers: noStore });
}
