/**
 * A small board picture for lists (home, archive, player pages, variant cards): an <img> of
 * the picture routes, not an inline drawing. A list of 50 inline boards weighs megabytes of
 * HTML; an <img> is a few hundred bytes, lazy-loaded, and a named ply's picture is cached for
 * good. The route decides what each viewer may see (a game in fog: lib/games/fog.ts), so a
 * thumbnail shows no more than the picture route shows that viewer.
 */
import { multiPictureSize, pictureSize } from "@/app/_pictures/size";
import { findVariantInfo, isMultiVariant, sideNameIn } from "@/lib/rules";

/** Pixels per square: the picture routes' smallest size. */
export const THUMBNAIL_SQUARE_PX = 16;

/** The accessible name of a game's thumbnail, moves counted as players count them. */
export function thumbnailAlt(variant: string, ply: number, choosingSetups = false): string {
  if (choosingSetups) return "Board while the setups are chosen";
  if (ply === 0) return "Board at the start";
  // A game for more than two counts turns of any army, not moves of two sides.
  if (isMultiVariant(variant)) return `Board after turn ${ply}`;
  const mover = sideNameIn(variant, ply % 2 === 1 ? "white" : "black");
  return `Board after move ${Math.ceil(ply / 2)}, ${mover}`;
}

/** A game's picture size at thumbnail scale; null for a game the rules cannot read (an unreadable preset version), which has no picture. */
function thumbnailSize(variant: string): { width: number; height: number } | null {
  if (isMultiVariant(variant)) return multiPictureSize(variant, THUMBNAIL_SQUARE_PX);
  const info = findVariantInfo(variant);
  return info ? pictureSize(info.files, info.ranks, THUMBNAIL_SQUARE_PX, info.hands) : null;
}

function Thumbnail({ src, variant, alt }: { src: string; variant: string; alt: string }) {
  const size = thumbnailSize(variant);
  if (!size) return null;
  // width and height reserve the space before the picture loads: the list does not jump.
  return <img className="thumbnail" src={src} alt={alt} width={size.width} height={size.height} loading="lazy" decoding="async" />;
}

/** A game's position after `ply` (its current one): that ply's picture never changes, so the browser keeps it. */
export function GameThumbnail({ game, flip = false }: {
  game: { id: string; variant: string; ply: number; choosingSetups?: boolean };
  /** Drawn from Black's side (the list's player plays Black). */
  flip?: boolean;
}) {
  const query = new URLSearchParams({ ply: String(game.ply), size: String(THUMBNAIL_SQUARE_PX), ...(flip ? { flip: "1" } : {}) });
  return <Thumbnail src={`/games/${encodeURIComponent(game.id)}/board.svg?${query}`} variant={game.variant} alt={thumbnailAlt(game.variant, game.ply, game.choosingSetups)} />;
}

/** A built-in game's start position (app/variants/[id]/board.svg); a game for more than two's with its first army at the bottom. */
export function VariantThumbnail({ variant }: { variant: string }) {
  return <Thumbnail src={`/variants/${encodeURIComponent(variant)}/board.svg?size=${THUMBNAIL_SQUARE_PX}`} variant={variant} alt="The start position" />;
}
