/**
 * GET /games/<id>/events: the game page's pushed updates (docs/pushed-updates.md), a stream of
 * server-sent events, each saying "the game changed; its version is N" (id and data N), and to
 * the game's players also the chat's version, "N.C" (docs/chat.md: strangers never hear of messages).
 * When the change was a move of a game whose moves the page shows anyway (not in fog, not a game
 * for more than two), the event carries the move too, as JSON after the version, and the page
 * applies it; on any other event the page reads its own state from /games/<id>/state, which
 * authorizes it. A private game's stream is not found for everyone but its players, as on the
 * state endpoint. The version the page has (Last-Event-ID on a reconnect, else ?since=) is
 * answered at once when the game has moved on since.
 */
import { z } from "zod";
import { getCurrentUser } from "@/lib/auth";
import { clientAddress } from "@/lib/auth/client-address";
import { getDb } from "@/lib/db/client";
import { gameVersion } from "@/lib/games";
import { gameFeed, type NotifiedMove } from "@/lib/games/push";

/** The versions the page has: the game's, and for a player the chat's ("N" or "N.C"). */
const versions = z
  .string()
  .regex(/^\d{1,15}(\.\d{1,15})?$/)
  .optional();
/** A comment line now and then, so proxies and browsers keep an idle stream open. */
export const HEARTBEAT_MS = 25_000;
/** Streams one process holds before it refuses more (the page then polls); BENCHMARKS.md has their cost. */
export const MAX_STREAMS = 10_000;
/**
 * Streams one client address holds in one process before it is refused more (its pages then poll),
 * so that one client cannot take all MAX_STREAMS and leave every other page polling
 * (docs/pushed-updates.md#the-fallback-poll). `STREAMS_PER_CLIENT` sets it for a benchmark or a
 * deployment whose clients share an address.
 */
export const STREAMS_PER_CLIENT = z.coerce.number().int().positive().default(100)
  .parse(process.env.STREAMS_PER_CLIENT || undefined);
/** Open streams per client address, in this process. */
const streamsByClient = new Map<string, number>();

/** Counts a stream against its client's share; null when the client holds its share already. */
function holdStream(client: string): (() => void) | null {
  const held = streamsByClient.get(client) ?? 0;
  if (held >= STREAMS_PER_CLIENT) return null;
  streamsByClient.set(client, held + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (streamsByClient.get(client) ?? 1) - 1;
    if (left > 0) streamsByClient.set(client, left);
    else streamsByClient.delete(client);
  };
}

export async function GET(request: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await ctx.params;
  const noStore = { "Cache-Control": "no-store" };
  const since = versions.safeParse(request.headers.get("last-event-id") ?? new URL(request.url).searchParams.get("since") ?? undefined);
  if (!since.success) return Response.json({ error: "since: a version number" }, { status: 400, headers: noStore });
  const busy = () => Response.json({ error: "too many open streams: the page polls instead" }, { status: 503, headers: { ...noStore, "Retry-After": "30" } });
  const [db, feed] = await Promise.all([getDb(), gameFeed().catch(() => null)]);
  if (!feed || feed.watching() >= MAX_STREAMS) return busy();
  const release = holdStream(clientAddress(request.headers));
  if (!release) {
    return Response.json({ error: "too many open streams from your address: the page polls instead" }, { status: 429, headers: { ...noStore, "Retry-After": "30" } });
  }

  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  let authorized = false;
  let sent = since.data ?? null;
  let player = false;
  let movesShown = false;
  let latest = -1;
  let latestChat = -1;
  const write = (text: string) => {
    if (closed) return;
    try {
      controller.enqueue(encoder.encode(text));
    } catch {
      // The stream failed under us (its client gone): this watch ends, the game's other streams go on.
      stop();
    }
  };
  const tell = (v: number, chat: number, move: NotifiedMove | null) => {
    // A notification older than one heard already carries no move: the page reads what it missed.
    const newest = v >= latest;
    latest = Math.max(latest, v);
    latestChat = Math.max(latestChat, chat);
    // A stranger's stream says nothing of the chat: a message alone is no news to it.
    const said = player ? `${latest}.${latestChat}` : String(latest);
    if (!authorized || said === sent) return;
    sent = said;
    // The gate: a move travels only where the page would show it (never in fog).
    const carried = move && newest && movesShown
      ? ` ${JSON.stringify({ ply: move.ply, text: move.text, deadline: move.deadline === null ? null : new Date(move.deadline).toISOString(), drawOffer: move.drawOffer })}`
      : "";
    write(`id: ${said}\ndata: ${said}${carried}\n\n`);
  };
  // Watched before the version is read, so a change between the two is not missed.
  let unwatch: () => void;
  try {
    unwatch = await feed.watch(id, tell);
  } catch (error) {
    release();
    throw error;
  }
  const heartbeat = setInterval(() => write(": \n\n"), HEARTBEAT_MS);
  const stop = () => {
    if (closed) return;
    closed = true;
    release();
    clearInterval(heartbeat);
    unwatch();
    request.signal.removeEventListener("abort", stop);
    try {
      controller.close();
    } catch {
      // Already closed by the client going.
    }
  };
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
    cancel: stop,
  });
  try {
    const game = await gameVersion(db, id);
    const viewer = game ? (await getCurrentUser())?.id ?? null : null;
    if (!game || !game.visibleTo(viewer)) {
      stop();
      return Response.json({ error: "no such game" }, { status: 404, headers: noStore });
    }
    request.signal.addEventListener("abort", stop);
    if (request.signal.aborted) stop();
    authorized = true;
    player = viewer !== null && game.players.includes(viewer);
    movesShown = game.movesShown;
    write("retry: 5000\n\n");
    tell(Math.max(latest, game.version), Math.max(latestChat, game.chatVersion), null);
  } catch (error) {
    stop();
    throw error;
  }
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: a compressing layer (Next.js's own, a proxy) must not hold events back.
      "Cache-Control": "no-store, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
