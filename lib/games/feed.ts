/**
 * /players/<name>/feed.xml: an Atom feed (RFC 4287) of a player's public games in
 * which a move was made, the latest move first: one entry per game, updated with
 * each move, so a feed reader shows a game again when it moves. Only public games:
 * a feed reader carries no session, and unlisted games are never listed.
 */
import { aliasedTable, and, desc, eq, isNotNull, or, sql } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { games, moves, users } from "@/lib/db/schema";
import { findVariantInfo } from "@/lib/rules";
import { hiddenNow } from "./fog";
import { declarePresetVariants } from "./presets";
import { describeEnd } from "./notify";
import { playerByName } from "./queries";

export const FEED_SIZE = 50;

export interface FeedEntry {
  id: string;
  variant: string;
  white: string | null;
  black: string | null;
  ply: number;
  lastMove: string | null;
  lastMoveAt: Date;
  status: "open" | "active" | "finished" | "cancelled";
  result: "1-0" | "0-1" | "1/2-1/2" | null;
  endReason: string | null;
}

/** XML text and attribute escaping (also fine for HTML). */
export function xmlEscape(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!)
    // Characters XML 1.0 does not allow at all.
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "");
}

const variantName = (id: string) => findVariantInfo(id)?.name ?? id;
const moveLabel = (ply: number) => `${Math.floor((ply + 1) / 2)}.${ply % 2 === 0 ? ".." : ""}`;

function entryTitle(e: FeedEntry): string {
  const players = `${e.white ?? "?"} vs ${e.black ?? "?"}`;
  if (hiddenNow(e)) return `${players} (${variantName(e.variant)}): move ${moveLabel(e.ply)} played, in fog`;
  const last = e.lastMove ? `${moveLabel(e.ply)} ${e.lastMove}` : "";
  if (e.status === "finished" && e.result) {
    return `${players} (${variantName(e.variant)}): ${e.result}${e.endReason ? ` ${describeEnd(e.endReason)}` : ""}${last ? ` after ${last}` : ""}`;
  }
  return `${players} (${variantName(e.variant)}): ${last}`;
}

/** The feed document. Pure: the unit tests call it with hostile names. */
export function atomFeed(input: { siteUrl: string; player: string; entries: FeedEntry[]; updated: Date }): string {
  const { siteUrl, player, entries } = input;
  const playerUrl = `${siteUrl}/players/${encodeURIComponent(player)}`;
  const out: string[] = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${xmlEscape(`${playerUrl}/feed.xml`)}</id>`,
    `  <title>${xmlEscape(`${player}'s games · Courier Variants`)}</title>`,
    `  <subtitle>${xmlEscape(`Moves in ${player}'s public correspondence games`)}</subtitle>`,
    `  <updated>${input.updated.toISOString()}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${xmlEscape(`${playerUrl}/feed.xml`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlEscape(playerUrl)}"/>`,
    `  <author><name>${xmlEscape(player)}</name><uri>${xmlEscape(playerUrl)}</uri></author>`,
    `  <generator uri="${xmlEscape(siteUrl)}">Courier Variants</generator>`,
  ];
  for (const e of entries) {
    const gameUrl = `${siteUrl}/games/${encodeURIComponent(e.id)}`;
    const at = `${gameUrl}?ply=${e.ply}`;
    const title = entryTitle(e);
    // A game in fog: no move and no board until it ends (docs/games/fog-of-war.md#what-each-surface-shows).
    const html = hiddenNow(e) ? `<p>${xmlEscape(title)}</p>` :
      `<p>${xmlEscape(title)}</p>` +
      `<p><a href="${xmlEscape(at)}"><img src="${xmlEscape(`${gameUrl}/board.png?ply=${e.ply}`)}" alt="${xmlEscape(`The board after ${moveLabel(e.ply)} ${e.lastMove ?? ""}`.trim())}"/></a></p>`;
    out.push(
      "  <entry>",
      `    <id>${xmlEscape(gameUrl)}</id>`,
      `    <title>${xmlEscape(title)}</title>`,
      `    <updated>${e.lastMoveAt.toISOString()}</updated>`,
      `    <link rel="alternate" type="text/html" href="${xmlEscape(at)}"/>`,
      `    <category term="${xmlEscape(e.variant)}" label="${xmlEscape(variantName(e.variant))}"/>`,
      // HTML as escaped text: the reader unescapes once and renders it.
      `    <content type="html">${xmlEscape(html)}</content>`,
      "  </entry>",
    );
  }
  out.push("</feed>", "");
  return out.join("\n");
}

const LAST_MOVE = sql`coalesce(${games.lastMoveAt}, ${games.createdAt})`;
const white = aliasedTable(users, "white");
const black = aliasedTable(users, "black");

/** The feed of the player with this name, or null when there is no such player. */
export async function playerFeed(db: Executor, name: string, siteUrl: string): Promise<{ xml: string; player: string; updated: Date } | null> {
  const player = await playerByName(db, name);
  if (!player?.name) return null;
  const rows = await db
    .select({
      id: games.id, variant: games.variant, ply: games.ply, lastMoveAt: games.lastMoveAt, status: games.status,
      result: games.result, endReason: games.endReason, white: white.name, black: black.name,
    })
    .from(games)
    .leftJoin(white, eq(white.id, games.whiteId))
    .leftJoin(black, eq(black.id, games.blackId))
    .where(and(
      or(eq(games.whiteId, player.id), eq(games.blackId, player.id)),
      // Exactly the archive's listed games and sort key (for a game with a move it is
      // last_move_at), so the archive's index serves a prolific player's feed too.
      sql`${games.visibility} = 'public' and ${games.status} <> 'cancelled'`,
      isNotNull(games.lastMoveAt),
    ))
    .orderBy(desc(LAST_MOVE), desc(games.id))
    .limit(FEED_SIZE);
  // The last move of each listed game only (a join before the limit would look up every game's).
  const last = rows.length === 0 ? [] : await db.select({ gameId: moves.gameId, text: moves.text }).from(moves)
    .where(sql`(${moves.gameId}, ${moves.ply}) in (${sql.join(rows.map((r) => sql`(${r.id}, ${r.ply}::int)`), sql`, `)})`);
  const lastMove = new Map(last.map((m) => [m.gameId, m.text]));
  await declarePresetVariants(db, rows.map((r) => r.variant));
  // The gate (lib/games/fog.ts): a game in fog names no move to a feed reader, a stranger.
  const entries = rows.map((r) => ({ ...r, lastMove: hiddenNow(r) ? null : lastMove.get(r.id) ?? null, lastMoveAt: r.lastMoveAt! }));
  const updated = entries[0]?.lastMoveAt ?? player.createdAt;
  return { xml: atomFeed({ siteUrl, player: player.name, entries, updated }), player: player.name, updated };
}
