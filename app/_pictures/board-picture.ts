/**
 * The board picture routes: /games/<id>/board.svg and /games/<id>/board.png
 * (?ply=N, &flip=1, &size=px per square; a game for more than two: &army=<letter> at the bottom),
 * for forum posts, emails and link previews.
 */
import { z } from "zod";
import { getCurrentUser } from "@/lib/auth";
import { getDb, type Executor } from "@/lib/db/client";
import { sentence } from "@/app/_components/sentence";
import { multiPositionAt } from "@/lib/games/multi-views";
import { positionAt } from "@/lib/games/pictures";
import { UNREADABLE_PRESET } from "@/lib/games/presets";
import { Game, MultiGame, isMultiVariant, multiGameInfo, variantIds, variantInfo } from "@/lib/rules";
import { DEFAULT_SQUARE_PX, boardSvg, multiBoardSvg, svgToPng } from "./render";

export const pictureQuery = z.object({
  ply: z.coerce.number().int().min(0).max(100_000).optional(),
  flip: z.enum(["0", "1", "true", "false"]).optional(),
  size: z.coerce.number().int().min(16).max(128).optional(),
  /** A game for more than two: the army drawn at the bottom, by its letter (the first army's by default). */
  army: z.string().regex(/^[a-z]$/).optional(),
});

type PictureQuery = z.infer<typeof pictureQuery>;
const TEXT = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };

/** The headers both kinds of game share: a named ply is cached for a year, the current position for a minute, a private game by its player's browser only. */
function cacheHeaders(isPrivate: boolean, fixed: boolean, etag: string): Record<string, string> {
  return {
    "Cache-Control": isPrivate ? fixed ? "private, max-age=86400" : "private, no-cache"
      : fixed ? "public, max-age=31536000, immutable" : "public, max-age=60, stale-while-revalidate=600",
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
    ...(isPrivate ? { Vary: "Cookie" } : {}),
  };
}

function pictureOf(svg: string, format: "svg" | "png", headers: Record<string, string>): Response {
  if (format === "svg") {
    // An SVG opened directly runs no script of ours, but say so anyway.
    return new Response(svg, { headers: { ...headers, "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'", "Content-Type": "image/svg+xml; charset=utf-8" } });
  }
  return new Response(new Uint8Array(svgToPng(svg)), { headers: { ...headers, "Content-Type": "image/png" } });
}

/**
 * A game for more than two: its position turned to ?army= (docs/games-for-more-than-two-service.md#pictures-records-and-the-archive);
 * null for a game of two (the caller draws it).
 */
async function multiPictureResponse(request: Request, db: Executor, gameId: string, q: PictureQuery, format: "svg" | "png"): Promise<Response | null> {
  let lookup = await multiPositionAt(db, gameId, null, q.ply);
  if (!lookup.ok && lookup.reason === "two") return null;
  // A private game's picture needs its seated player's session.
  if (!lookup.ok && lookup.reason === "no-game") {
    const user = await getCurrentUser();
    if (user) lookup = await multiPositionAt(db, gameId, user.id, q.ply);
  }
  if (!lookup.ok) return new Response(lookup.reason === "no-ply" ? "No such position in this game.\n" : "No such game.\n", { status: 404, headers: TEXT });
  const p = lookup.position;
  const armies = multiGameInfo(p.game.variant).armies.map((a) => a.letter);
  if (q.army !== undefined && !armies.includes(q.army)) {
    return new Response(`Bad picture request: army is one of ${armies.join(", ")} (the army at the bottom).\n`, { status: 400, headers: TEXT });
  }
  const army = q.army ?? armies[0];
  const squarePx = q.size ?? DEFAULT_SQUARE_PX;
  // The current position changes without a move too (an army resigns): its tag follows the game's last change.
  const key = p.fixed ? String(p.ply) : `${p.ply}-${p.game.updatedAt.getTime()}`;
  const etag = `"${p.game.id}-${key}-${army}-${squarePx}-${format}"`;
  const headers = cacheHeaders(p.game.visibility === "private", p.fixed, etag);
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return pictureOf(multiBoardSvg(p.game.variant, p.cells, army, squarePx), format, headers);
}

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
  if (!parsed.success) {
    return new Response("Bad picture request: ply is a move number (0 = the start), flip=1 turns the board, size is 16–128 pixels per square, army is an army's letter.\n", { status: 400, headers: TEXT });
  }
  const q = parsed.data;
  const db = await getDb();
  // A private game's picture needs its player's session, as does a game in fog (each player
  // sees their own view); other public ones need no session read.
  let lookup = await positionAt(db, gameId, null, q.ply);
  if (!lookup.ok && lookup.reason === "no-game") {
    const multi = await multiPictureResponse(request, db, gameId, q, format);
    if (multi) return multi;
  }
  if ((!lookup.ok && lookup.reason === "no-game") || (lookup.ok && lookup.position.hidden)) {
    const user = await getCurrentUser();
    if (user) lookup = await positionAt(db, gameId, user.id, q.ply);
  }
  if (!lookup.ok) {
    return new Response(lookup.reason === "no-game" ? "No such game.\n" : lookup.reason === "unreadable" ? `${sentence(UNREADABLE_PRESET)}\n` : "No such position in this game.\n", { status: 404, headers: TEXT });
  }
  const p = lookup.position;
  const options = { flip: q.flip === "1" || q.flip === "true", squarePx: q.size ?? DEFAULT_SQUARE_PX };
  const etag = `"${p.view.game.id}-${p.key}-${options.flip ? "b" : "w"}-${options.squarePx}-${format}"`;
  // A game in fog: this viewer's picture only, and not for long (at the end the whole board
  // shows): never stored by a shared cache, never matched by an ETag another viewer got.
  const headers = cacheHeaders(p.view.game.visibility === "private", p.fixed, etag);
  if (p.hidden) {
    headers["Cache-Control"] = "private, no-store";
    headers.Vary = "Cookie";
    delete headers.ETag;
  }
  if (!p.hidden && request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return pictureOf(boardSvg(p.drawing, options), format, headers);
}

/**
 * GET /variants/<id>/board.svg?size=N: a built-in game's start position (the variant cards);
 * a game for more than two turned to one army with &army=<its letter> (the first army's by default).
 * It changes only with a release of the rules, so it is cached for a day.
 */
export function variantPictureResponse(request: Request, variantId: string): Response {
  const query = Object.fromEntries([...new URL(request.url).searchParams].filter(([, v]) => v !== ""));
  let svg: string;
  if (isMultiVariant(variantId)) {
    const parsed = pictureQuery.pick({ size: true, army: true }).safeParse(query);
    const armies = multiGameInfo(variantId).armies.map((a) => a.letter);
    if (!parsed.success || (parsed.data.army !== undefined && !armies.includes(parsed.data.army))) {
      return new Response(`Bad picture request: army is one of ${armies.join(", ")} (the army at the bottom), size is 16–128 pixels per cell.\n`, { status: 400, headers: TEXT });
    }
    svg = multiBoardSvg(variantId, MultiGame.start(variantId).board(), parsed.data.army ?? null, parsed.data.size ?? DEFAULT_SQUARE_PX);
  } else {
    const parsed = pictureQuery.pick({ size: true, flip: true }).safeParse(query);
    if (!parsed.success) return new Response("Bad picture request: flip=1 turns the board, size is 16–128 pixels per square.\n", { status: 400, headers: TEXT });
    // Only the built-in games: a preset's start position is its own page's business.
    if (!variantIds().includes(variantId)) return new Response("No such game.\n", { status: 404, headers: TEXT });
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
