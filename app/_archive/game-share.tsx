/**
 * Sharing and taking a game elsewhere, for the game page to include:
 *   <GameShareBar gameId={g.id} variant={g.variant} ply={shownPly} />
 * a copy-link button (the page's address, with its ?ply=N), the record and PGN
 * downloads, and the board picture links that forums and emails can embed.
 */
import { CopyLinkButton } from "@/app/_components/CopyLinkButton";
import { hasPgn } from "@/lib/rules";

export function GameShareBar({ gameId, variant, ply }: { gameId: string; variant: string; ply?: number }) {
  const base = `/games/${encodeURIComponent(gameId)}`;
  const at = ply === undefined ? "" : `?ply=${ply}`;
  return (
    <p className="actions" aria-label="Share and download">
      <CopyLinkButton />
      <a href={`${base}/record`} download>Download record</a>
      {hasPgn(variant) && <a href={`${base}/pgn`} download>PGN</a>}
      <a href={`${base}/board.png${at}`}>Board picture (PNG)</a>
      <a href={`${base}/board.svg${at}`}>SVG</a>
    </p>
  );
}
