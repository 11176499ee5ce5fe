/**
 * The board picture routes: /games/<id>/board.svg and /games/<id>/board.png
 * (?ply=N, &flip=1, &size=px per square), for forum posts, emails and link previews.
 */
import { z } from "zod";
import { getCurrentUser } from "@/lib/auth";
import { getDb } from "@/lib/db/client";
import { sentence } from "@/app/_components/sentence";
import { positionAt } from "@/lib/games/pictures";
import { UNREADABLE_PRESET } from "@/lib/games/presets";
import { Game, MultiGame, isMultiVariant, multiGameInfo, variantIds, variantInfo } from "@/lib/rules";
import { DEFAULT_SQUARE_PX, boardSvg, multiBoardSvg, svgToPng } from "./render";

export const pictureQuery = z.object({
  ply: z.coerce.number().int().min(0).max(100_000).optional(),
  flip: z.enum(["0", "1", "true", "false"]).optional(),
  size: z.coerce.number().int().min(16).max(128).optional(),
});

/**
 * The response for a board picture request. Cache: a named ply of a visible game
 * never changes (moves are never taken back), so it is cached for a year; the
 * current position for a minute; a private game's picture only by the browser of
 * a player; "not found" not at all (that ply may be played tomorrow).
 */
export async function boardPictureResponse(request: Request, gameId: string, format: "svg" | "png"): Promise<Response> {
  const url = new URL(request.url);
  // An empty value (ply=) means "not given", not 0.
  const parsed = pictureQuery.safeParse(Object.fromEntries([...url.searchParams].filter(([, v]) => v !== "")));
  const text = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };
  if (!parsed.success) {
    return new Response("Bad picture request: ply is a move number (0 = the start), flip=1 turns the board, size is 16–128 pixels per square.\n", { status: 400, headers: text });
  }
  const q = parsed.data;
  const db = await getDb();
  // A private game's picture needs its player's session, as does a game in fog (each player
  // sees their own view); other public ones need no session read.
  let lookup = await positionAt(db, gameId, null, q.ply);
  if ((!lookup.ok && lookup.reason === "no-game") || (lookup.ok && lookup.position.hidden)) {
    const user = await getCurrentUser();
    if (user) lookup = await positionAt(db, gameId, user.id, q.ply);
  }
  if (!lookup.ok) {
    return new Response(lookup.reason === "no-game" ? "No such game.\n" : lookup.reason === "unreadable" ? `${sentence(UNREADABLE_PRESET)}\n` : "No such position in this game.\n", { status: 404, headers: text });
  }
  const p = lookup.position;
  const options = { flip: q.flip === "1" || q.flip === "true", squarePx: q.size ?? DEFAULT_SQUARE_PX };
  const etag = `"${p.view.game.id}-${p.key}-${options.flip ? "b" : "w"}-${options.squarePx}-${format}"`;
  const isPrivate = p.view.game.visibility === "private";
  // A game in fog: this viewer's picture only, and not for long (at the end the whole board
  // shows): never stored by a shared cache, never matched by an ETag another viewer got.
  const cache = p.hidden ? "private, no-store"
    : isPrivate ? p.fixed ? "private, max-age=86400" : "private, no-cache"
    : p.fixed ? "public, max-age=31536000, immutable" : "public, max-age=60, stale-while-revalidate=600";
  const headers: Record<string, string> = {
    "Cache-Control": cache,
    ...(p.hidden ? {} : { ETag: etag }),
    "X-Content-Type-Options": "nosniff",
    ...(isPrivate || p.hidden ? { Vary: "Cookie" } : {}),
  };
  if (!p.hidden && request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  const svg = boardSvg(p.drawing, options);
  if (format === "svg") {
    // An SVG opened directly runs no script of ours, but say so anyway.
    headers["Content-Security-Policy"] = "default-src 'none'; style-src 'unsafe-inline'";
    return new Response(svg, { headers: { ...headers, "Content-Type": "image/svg+xml; charset=utf-8" } });
  }
  const png = svgToPng(svg);
  return new Response(new Uint8Array(png), { headers: { ...headers, "Content-Type": "image/png" } });
}

/**
 * GET /variants/<id>/board.svg?size=N: a built-in game's start position (the variant cards);
 * a game for more than two turned to one army with &army=<its letter> (the first army's by default).
 * It changes only with a release of the rules, so it is cached for a day.
 */
export function variantPictureResponse(request: Request, variantId: string): Response {
  const text = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };
  const query = Object.fromEntries([...new URL(request.url).searchParams].filter(([, v]) => v !== ""));
  let svg: string;
  if (isMultiVariant(variantId)) {
    const parsed = pictureQuery.pick({ size: true }).extend({ army: z.string().regex(/^[a-z]$/).optional() }).safeParse(query);
    const armies = multiGameInfo(variantId).armies.map((a) => a.letter);
    if (!parsed.success || (parsed.data.army !== undefined && !armies.includes(parsed.data.army))) {
      return new Response(`Bad picture request: army is one of ${armies.join(", ")} (the army at the bottom), size is 16–128 pixels per cell.\n`, { status: 400, headers: text });
    }
    svg = multiBoardSvg(variantId, MultiGame.start(variantId).board(), parsed.data.army ?? null, parsed.data.size ?? DEFAULT_SQUARE_PX);
  } else {
    const parsed = pictureQuery.pick({ size: true, flip: true }).safeParse(query);
    if (!parsed.success) return new Response("Bad picture request: flip=1 turns the board, size is 16–128 pixels per square.\n", { status: 400, headers: text });
    // Only the built-in games: a preset's start position is its own page's business.
    if (!variantIds().includes(variantId)) return new Response("No such game.\n", { status: 404, headers: text });
    const info = variantInfo(variantId);
    const start = Game.start(variantId);
    svg = boardSvg(
      { variant: variantId, files: info.files, ranks: info.ranks, squares: start.board(), lastMove: [], checks: [], ...(info.hands ? { hands: start.hand() } : {}) },
      { flip: parsed.data.flip === "1" || parsed.data.flip === "true", squarePx: parsed.data.size ?? DEFAULT_SQUARE_PX },
    );
  }
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
