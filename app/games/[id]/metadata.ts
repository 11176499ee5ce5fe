/**
 * Link previews for /games/<id> and /games/<id>?ply=N: Open Graph and Twitter card
 * meta with the board picture of that position (app/_pictures). The page re-exports
 * `generateMetadata` from here (one line in page.tsx), or merges `gamePreview` into
 * its own. A private game has no preview for anyone but its players, as with the
 * page itself; crawlers carry no session, so they never see one.
 */
import type { Metadata } from "next";
import { pictureSize } from "@/app/_pictures/size";
import { getCurrentUser } from "@/lib/auth";
import { getDb } from "@/lib/db/client";
import { describeEnd } from "@/lib/games";
import { multiPositionAt } from "@/lib/games/multi-views";
import { mailSettings } from "@/lib/mail";
import { pageView } from "./load";
import { findVariantInfo, multiGameInfo, sideNameIn } from "@/lib/rules";

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const moveLabel = (ply: number) => `${Math.floor((ply + 1) / 2)}.${ply % 2 === 0 ? ".." : ""}`;

/** One preview's meta, the same for games of two and of more: its title, words, address and board picture. */
function previewMeta(
  title: string, description: string, url: string, image: { url: string; alt: string; type: string; width?: number; height?: number },
): Metadata {
  return {
    title: `${title} · Courier Variants`,
    description,
    alternates: { canonical: url },
    openGraph: { type: "website", siteName: "Courier Variants", title, description, url, images: [image] },
    twitter: { card: "summary_large_image", title, description, images: [{ url: image.url, alt: image.alt }] },
  };
}

/** "?ply=12" → 12; anything else (absent, repeated, not a number) → the current position. */
export function plyParam(raw: string | string[] | undefined): number | undefined {
  const v = Array.isArray(raw) ? raw[0] : raw;
  return v !== undefined && /^\d{1,6}$/.test(v) ? Number(v) : undefined;
}

/**
 * The preview of a game (at a ply, else its current position) for this viewer; null when they may
 * not see it. From the page's own read of the game (./load.ts pageView, through the Fog of War gate).
 */
export async function gamePreview(id: string, ply: number | undefined, viewerId: string | null): Promise<Metadata | null> {
  const view = await pageView(id, viewerId);
  if (!view || "unreadable" in view) return null;
  const g = view.game;
  // A ply the game has not reached: the current position instead. Before both setups are chosen, only the start.
  const reached = ply !== undefined && ply <= g.ply;
  const fixed = reached && !(g.choosingSetups && g.status === "active");
  const shownPly = reached ? ply : g.ply;
  const moveText = shownPly === 0 ? null : view.moves[shownPly - 1]?.text ?? null;
  const siteUrl = mailSettings().siteUrl;
  const info = findVariantInfo(g.variant);
  const name = info?.name ?? g.variant;
  const players = `${view.whiteName ?? "?"} vs ${view.blackName ?? "?"}`;
  const at = moveText ? `after ${moveLabel(shownPly)} ${moveText}` : "at the start";
  const state =
    g.status === "finished" && g.result
      ? `${g.result}${g.endReason ? ` ${describeEnd(g.endReason)}` : ""} after ${Math.ceil(g.ply / 2)} moves`
      : g.status === "active" && g.choosingSetups ? "the players are choosing their setups"
      : g.status === "active" ? `ongoing, move ${Math.floor(g.ply / 2) + 1}, ${sideNameIn(g.variant, g.ply % 2 === 0 ? "white" : "black")} to play`
      : g.status === "open" ? "an open challenge" : "cancelled";
  const shown = fixed && shownPly !== g.ply;
  const title = shown ? `${players} · ${name} · ${at}` : `${players} · ${name}`;
  const description = `${name}, a correspondence game: ${state}.${shown ? ` The board ${at}.` : ""}`;
  const url = `${siteUrl}/games/${g.id}${fixed ? `?ply=${shownPly}` : ""}`;
  const { width, height } = info ? pictureSize(info.files, info.ranks, undefined, info.hands) : { width: 500, height: 500 };
  // Always a named ply: that picture never changes, so previews cache it safely.
  const image = { url: `${siteUrl}/games/${g.id}/board.png?ply=${shownPly}`, width, height, type: "image/png", alt: `The board ${at}` };
  return previewMeta(title, description, url, image);
}

/** The preview of a game for more than two: its players in turn order, its state, and its picture at that ply turned to the first army. */
export async function multiGamePreview(id: string, ply: number | undefined, viewerId: string | null): Promise<Metadata | null> {
  const db = await getDb();
  let lookup = await multiPositionAt(db, id, viewerId, ply);
  if (!lookup.ok && lookup.reason === "no-ply") lookup = await multiPositionAt(db, id, viewerId);
  if (!lookup.ok) return null;
  const { game: g, seats, ply: shownPly, fixed } = lookup.position;
  const info = multiGameInfo(g.variant);
  const armyName = (letter: string) => info.armies.find((a) => a.letter === letter)?.name ?? letter;
  const players = seats.map((s) => s.name ?? "?").join(", ");
  const state = g.status === "finished" ? g.ending ?? "over"
    : g.status === "active" ? `ongoing, ${armyName(g.currentFen.split(" ")[1] ?? "")} to play`
    : g.status === "open" ? "seats still free" : "cancelled";
  const shown = fixed && shownPly !== g.ply;
  const at = shownPly === 0 ? "at the start" : `after ply ${shownPly}`;
  const title = `${players} · ${info.name}${shown ? ` · ${at}` : ""}`;
  const description = `${info.name}, a correspondence game for ${seats.length}: ${state}.${shown ? ` The board ${at}.` : ""}`;
  const siteUrl = mailSettings().siteUrl;
  const url = `${siteUrl}/games/${g.id}${fixed ? `?ply=${shownPly}` : ""}`;
  // A named ply: that picture never changes, so previews cache it safely.
  const image = { url: `${siteUrl}/games/${g.id}/board.png?ply=${shownPly}`, type: "image/png", alt: `The board ${at}` };
  return previewMeta(title, description, url, image);
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const [{ id }, search] = await Promise.all([params, searchParams]);
  const user = await getCurrentUser();
  const preview = await gamePreview(id, plyParam(search.ply), user?.id ?? null);
  if (preview) return preview;
  const multi = await multiGamePreview(id, plyParam(search.ply), user?.id ?? null);
  if (multi) return multi;
  return { title: "Game not found · Courier Variants" };
}
