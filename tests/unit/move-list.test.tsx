/** The move list in SAN, for a player who chose it (docs/notation.md#san): only where the game has SAN. */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MoveList } from "@/app/_components/MoveList";
import { Game } from "@/lib/rules";

const cells = (html: string) => [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]);
const list = (variant: string, moves: string[], san: boolean) =>
  cells(renderToStaticMarkup(<MoveList variant={variant} startFen={Game.start(variant).fen()} moves={moves} san={san} shown={moves.length} onSelect={() => {}} />));

describe("the move list in SAN", () => {
  const fools = ["P f2-f3", "p e7-e5", "P g2-g4", "q d8-h4"];

  it("writes orthodox chess and Chess960 in SAN when chosen, else as stored", () => {
    expect(list("chess", fools, true)).toEqual(["f3", "e5", "g4", "Qh4#"]);
    expect(list("chess", fools, false)).toEqual(fools);
    expect(list("chess960", ["P e2-e4", "p e7-e5", "N g1-f3"], true)).toEqual(["e4", "e5", "Nf3"]);
  });

  it("names the stored move beside the SAN for screen readers", () => {
    const html = renderToStaticMarkup(<MoveList variant="chess" startFen={Game.start("chess").fen()} moves={fools} san shown={4} onSelect={() => {}} />);
    expect(html).toContain('aria-label="Qh4# (q d8-h4): show the position after it"');
  });

  it("a game without SAN keeps its own notation", () => {
    expect(list("compound", ["P e2-e4"], true)).toEqual(["P e2-e4"]);
  });
});
