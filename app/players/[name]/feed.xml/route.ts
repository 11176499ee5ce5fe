/** GET /players/<name>/feed.xml: Atom feed of the player's public games where a move was made (lib/games/feed). */
import { getDb } from "@/lib/db/client";
import { playerFeed } from "@/lib/games/feed";
import { mailSettings } from "@/lib/mail";

export async function GET(request: Request, ctx: { params: Promise<{ name: string }> }): Promise<Response> {
  let name: string;
  try {
    name = decodeURIComponent((await ctx.params).name);
  } catch {
    name = "";
  }
  const feed = /^[A-Za-z0-9_-]{1,40}$/.test(name) ? await playerFeed(await getDb(), name, mailSettings().siteUrl) : null;
  if (!feed) {
    return new Response("No such player.\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
  const lastModified = new Date(Math.floor(feed.updated.getTime() / 1000) * 1000);
  const headers = {
    "Content-Type": "application/atom+xml; charset=utf-8",
    "Cache-Control": "public, max-age=300",
    "Last-Modified": lastModified.toUTCString(),
    "X-Content-Type-Options": "nosniff",
  };
  const since = Date.parse(request.headers.get("if-modified-since") ?? "");
  if (!Number.isNaN(since) && lastModified.getTime() <= since) return new Response(null, { status: 304, headers });
  return new Response(feed.xml, { headers });
}
