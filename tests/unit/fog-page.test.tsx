/**
 * The game page's player in a game of Fog of War (docs/games/fog-of-war.md#what-each-surface-shows),
 * rendered as the server renders it: it draws the view it is given (never replaying the
 * moves, which it does not have), fogs the unseen squares, writes the opponent's moves as
 * "…", highlights no unseen move; a spectator's board is all fog; once the game is over
 * the replay offers White's and Black's views.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { GameState, Viewer } from "@/app/_components/game-state";
import { Game, viewFen } from "@/lib/rules";

vi.mock("@/app/games/[id]/actions", () => ({}));
const { GamePlayer } = await import("@/app/_components/GamePlayer");

const FOG = "fog-of-war";
const MOVES = ["P e2-e4", "n b8-c6"];
const fens = (() => {
  const g = Game.start(FOG);
  const out = [g.fen()];
  for (const m of MOVES) {
    g.play(m);
    out.push(g.fen());
  }
  return out;
})();

function state(over: Partial<GameState>): GameState {
  return {
    id: "g1", variant: FOG, status: "active", result: null, ending: null, startFen: fens[0], moves: MOVES,
    white: "Alice", black: "Bob", registered: { white: true, black: true }, bots: { white: null, black: null }, deadline: null, daysPerMove: 3,
    drawOffer: null, version: 1, ...over,
  };
}
const viewer = (colour: Viewer["colour"]): Viewer => ({
  colour, confirmMoves: true, orientation: colour ?? "white", pieceSet: "traditional", shogiCoordinates: false, moveNotation: "coordinates",
});
const render = (s: GameState, v: Viewer) =>
  renderToStaticMarkup(<GamePlayer initial={s} viewer={v} challenge={null} initialPly={null} />);
const fogged = (html: string) => [...html.matchAll(/data-fog="([a-h][1-8])"/g)].map((m) => m[1]);
const piecesAt = (html: string) => [...html.matchAll(/data-at="([a-h][1-8])"/g)].map((m) => m[1]);

describe("the game page in fog", () => {
  it("Black sees Black's view: White's pawn on e4 unseen, no e2-e4 anywhere, the move list '…'", () => {
    const views = fens.map((f) => viewFen(FOG, f, "black"));
    const html = render(state({ startFen: views[0], moves: ["…", "n b8-c6"], fog: { side: "black", views } }), viewer("black"));
    expect(fogged(html)).toContain("e4");
    expect(piecesAt(html)).not.toContain("e4");
    expect(piecesAt(html)).toContain("c6");
    // (The move input's placeholder is a fixed example, "P e2-e4", not the game's move.)
    expect(html.replace(/placeholder="[^"]*"/g, "")).not.toContain("e2-e4");
    expect(html).toContain('aria-label="…: show the position after it"');
    expect(html).not.toContain("/games/g1/record");
    // Black waits for White's move, but plans no conditional moves in fog (docs/conditional-moves.md#fog-of-war).
    expect(html).toContain("Waiting for Alice to move.");
    expect(html).not.toContain('aria-label="Conditional moves"');
  });

  it("the same moves in a game that hides nothing: the player waiting is offered conditional moves, the one to move is not", () => {
    const chess = { variant: "chess", startFen: Game.start("chess").fen() };
    expect(render(state(chess), viewer("black"))).toContain('aria-label="Conditional moves"');
    expect(render(state(chess), viewer("white"))).not.toContain('aria-label="Conditional moves"');
    expect(render(state(chess), viewer(null))).not.toContain('aria-label="Conditional moves"');
  });

  it("White's last move seen by White is highlighted; Black's, unseen, is not", () => {
    const views = fens.map((f) => viewFen(FOG, f, "white"));
    const html = render(state({ startFen: views[0], moves: ["P e2-e4", "…"], fog: { side: "white", views } }), viewer("white"));
    expect(html).not.toContain('data-highlight="last-move"');
    expect(fogged(html)).toContain("c6");
    expect(html).toContain("Your move.");
  });

  it("a spectator's board is all fog, with no piece", () => {
    const blank = fens.map((f) => `${"????????/".repeat(7)}???????? ${f.split(" ")[1]} - - 0 ${f.split(" ")[5]}`);
    const html = render(state({ startFen: blank[0], moves: ["…", "…"], fog: { side: null, views: blank } }), viewer(null));
    expect(fogged(html)).toHaveLength(64);
    expect(piecesAt(html)).toEqual([]);
  });

  it("once over, the replay offers the full board, White's view and Black's view", () => {
    const html = render(state({ status: "finished", result: "1-0", ending: "by resignation" }), viewer(null));
    expect(html).toContain('value="white"');
    expect(html).toContain('value="black"');
    expect(html).toContain("the full board");
    expect(fogged(html)).toEqual([]);
  });
});
