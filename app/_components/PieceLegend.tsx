"use client";
/**
 * The game page's legend of its pieces (./PieceList), drawn in the browser from the rules module
 * it already has: as a server component its drawings (every piece's paths, both sides) made up
 * most of the page's RSC payload, sent once more beside the same markup in the HTML. Inside
 * DeclaredGame, so a preset's game is declared before the legend reads it.
 */
import { PieceList } from "./PieceList";

export function PieceLegend({ variant, name }: { variant: string; name: string }) {
  return (
    // Closed by default: the board stays where it is.
    <details className="piece-legend">
      <summary>The pieces of {name}</summary>
      <PieceList variant={variant} />
    </details>
  );
}
