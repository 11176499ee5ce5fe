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
import { positionAt } from "@/lib/games/pictures";
import { mailSettings } from "@/lib/mail";
import { findVariantInfo, multiGameInfo, sideNameIn } from "@/lib/rules";
import { loadMultiGame } from "./multi-load";

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const moveLabel = (ply: number) => `${Math.floor((ply + 1) / 2)}.${ply % 2 === 0 ? ".." : ""}`;

/** "?ply=12" → 12; anything else (absent, repeated, not a number) → the current position. */
export function plyParam(raw: string | string[] | undefined): number | undefined {
  const v = Array.isArray(raw) ? raw[0] : raw;
  return v !== undefined && /^\d{1,6}$/.test(v) ? Number(v) : undefined;
}

/** The preview of a game (at a ply, else its current position) for this viewer; null when they may not see it. */
export async function gamePreview(id: string, ply: number | undefined, viewerId: string | null): Promise<Metadata | null> {
  const db = await getDb();
  let lookup = await positionAt(db, id, viewerId, ply);
  // A ply the game has not reached: preview the current position instead.
  if (!lookup.ok && lookup.reason === "no-ply") lookup = await positionAt(db, id, viewerId);
  if (!lookup.ok) return null;
  const p = lookup.position;
  const g = p.view.game;
  const siteUrl = mailSettings().siteUrl;
  const info = findVariantInfo(g.variant);
  const name = info?.name ?? g.variant;
  const players = `${p.view.whiteName ?? "?"} vs ${p.view.blackName ?? "?"}`;
  const at = p.moveText ? `after ${moveLabel(p.ply)} ${p.moveText}` : "at the start";
  const state =
    g.status === "finished" && g.result
      ? `${g.result}${g.endReason ? ` ${describeEnd(g.endReason)}` : ""} after ${Math.ceil(g.ply / 2)} moves`
      : g.status === "active" && g.choosingSetups ? "the players are choosing their setups"
      : g.status === "active" ? `ongoing, move ${Math.floor(g.ply / 2) + 1}, ${sideNameIn(g.variant, g.ply % 2 === 0 ? "white" : "black")} to play`
      : g.status === "open" ? "an open challenge" : "cancelled";
  const shown = p.fixed && p.ply !== g.ply;
  const title = shown ? `${players} · ${name} · ${at}` : `${players} · ${name}`;
  const description = `${name}, a correspondence game: ${state}.${shown ? ` The board ${at}.` : ""}`;
  const url = `${siteUrl}/games/${g.id}${p.fixed ? `?ply=${p.ply}` : ""}`;
  const { width, height } = info ? pictureSize(info.files, info.ranks, undefined, info.hands) : { width: 500, height: 500 };
  // Always a named ply: that picture never changes, so previews cache it safely.
  const image = { url: `${siteUrl}/games/${g.id}/board.png?ply=${p.ply}`, width, height, type: "image/png", alt: `The board ${at}` };
  return {
    title: `${title} · Courier Variants`,
    description,
    alternates: { canonical: url },
    openGraph: { type: "website", siteName: "Courier Variants", title, description, url, images: [image] },
    twitter: { card: "summary_large_image", title, description, images: [{ url: image.url, alt: image.alt }] },
  };
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const [{ id }, search] = await Promise.all([params, searchParams]);
  const user = await getCurrentUser();
  const preview = await gamePreview(id, plyParam(search.ply), user?.id ?? null);
  if (preview) return preview;
  // A game for more than two has no picture yet: its name is its title.
  const multi = await loadMultiGame(await getDb(), id, user?.id ?? null);
  if (multi && multi !== "two") return { title: `${multiGameInfo(multi.variant).name} · Courier Variants` };
  return { title: "Game not found · Courier Variants" };
}
