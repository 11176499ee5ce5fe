/** The record downloads: /games/<id>/record (the project's notation) and /games/<id>/pgn (orthodox chess). */
import { getCurrentUser } from "@/lib/auth";
import { getDb } from "@/lib/db/client";
import { sentence } from "@/app/_components/sentence";
import { UNREADABLE_PRESET } from "@/lib/games/presets";
import type { Game as GameRow } from "@/lib/db/schema";
import { exportMultiRecord } from "@/lib/games/multi-views";
import { exportRecord } from "@/lib/games/records";
import { mailSettings } from "@/lib/mail";

export async function recordResponse(gameId: string, format: "record" | "pgn"): Promise<Response> {
  const db = await getDb();
  const siteUrl = mailSettings().siteUrl;
  // Public and unlisted games need no session; a private one is its players' only.
  let out = await exportRecord(db, gameId, null, format, siteUrl);
  if (!out.ok && out.reason === "no-game") {
    const user = await getCurrentUser();
    if (user) out = await exportRecord(db, gameId, user.id, format, siteUrl);
  }
  const text = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };
  if (!out.ok && out.reason === "no-game") {
    const multi = await multiRecordResponse(gameId, format, siteUrl);
    if (multi) return multi;
  }
  if (!out.ok) {
    const why = {
      "no-game": "No such game.\n",
      "not-chess": "PGN exists for orthodox chess only; download the record instead.\n",
      "choosing-setups": "The players have not both chosen their setups, so the game has no start position yet.\n",
      hidden: "This game is played in fog: its record is hidden until the game ends.\n",
      unreadable: `${sentence(UNREADABLE_PRESET)}\n`,
    }[out.reason];
    return new Response(why, { status: out.reason === "hidden" ? 403 : 404, headers: { ...text, ...(out.reason === "hidden" ? { Vary: "Cookie" } : {}) } });
  }
  return download(out, format);
}

function download(out: { text: string; filename: string; game: GameRow }, format: "record" | "pgn"): Response {
  const g = out.game;
  return new Response(out.text, {
    headers: {
      "Content-Type": format === "pgn" ? "application/x-chess-pgn; charset=utf-8" : "text/plain; charset=utf-8",
      "Content-Disposition": `attachment; filename="${out.filename}"`,
      // A finished game's record no longer changes; an ongoing one does with every move.
      "Cache-Control": g.visibility === "private" ? "private, no-store" : g.status === "finished" ? "public, max-age=86400" : "public, max-age=60",
      ...(g.visibility === "private" ? { Vary: "Cookie" } : {}),
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/**
 * A game for more than two: its record (lib/rules/multi/record.ts), or for /pgn a refusal, since PGN
 * holds two players; null for a game of two. A private one is "No such game." to strangers, for both.
 */
async function multiRecordResponse(gameId: string, format: "record" | "pgn", siteUrl: string): Promise<Response | null> {
  const db = await getDb();
  let out = await exportMultiRecord(db, gameId, null, siteUrl);
  if (!out.ok && out.reason === "two") return null;
  if (!out.ok) {
    const user = await getCurrentUser();
    if (user) out = await exportMultiRecord(db, gameId, user.id, siteUrl);
  }
  const text = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };
  if (!out.ok) return new Response("No such game.\n", { status: 404, headers: text });
  if (format === "pgn") return new Response(`PGN holds two players, and this game has ${out.game.seatCount}; download the record instead: /games/${out.game.id}/record\n`, { status: 404, headers: text });
  return download(out, "record");
}
