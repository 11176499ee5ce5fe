/** The pieces in hand beside the board (app/_components/Hand.tsx): Sittuyin's setup, Crazyhouse's and Shogi's captures. */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Hand } from "@/app/_components/Hand";
import { handsFillDuringPlay } from "@/app/_components/move-builder";
import { drawing } from "@/app/_components/pieces";

const pieces = [{ letter: "K", count: 1 }, { letter: "R", count: 2 }];
const render = (props: Partial<Parameters<typeof Hand>[0]> = {}) =>
  renderToStaticMarkup(<Hand variant="sittuyin" color="white" pieces={pieces} held={null} droppable={[]} {...props} />);

describe("hand", () => {
  it("lists the pieces with their counts, as buttons only where one can be put down now", () => {
    const markup = render({ droppable: ["R"], onPick: () => {} });
    expect(markup).toContain('aria-label="White&#x27;s pieces in hand"');
    expect(markup.match(/<button/g)).toHaveLength(1);
    expect(markup).toContain(`aria-label="Put down: White Chariot ×2"`);
    expect(markup).toContain(`data-piece="wK"`);
    expect(markup).toContain(">2</span>");
  });
  it("marks the piece picked up", () => {
    expect(render({ droppable: ["K", "R"], held: "K", onPick: () => {} })).toMatch(/aria-pressed="true" aria-label="Put down: White King"/);
  });
  it("offers nothing when the player may not move, and draws nothing for an empty hand", () => {
    expect(render({ droppable: ["K", "R"] })).not.toContain("<button");
    expect(render({ pieces: [] })).toBe("");
  });
  it("keeps an empty hand in its place when hands fill up during play, and says it is empty", () => {
    const markup = render({ pieces: [], always: true });
    expect(markup).toContain('aria-label="White&#x27;s pieces in hand"');
    expect(markup).toMatch(/<li[^>]*>No pieces in hand<\/li>/);
  });
  it("names each piece and its count; a count is shown from two on", () => {
    const markup = render({ color: "black" });
    expect(markup).toContain('title="Black Chariot ×2"');
    expect(markup).toContain('aria-label="Black King"');
    expect(markup.match(/aria-hidden="true">\d<\/span>/g)).toEqual(['aria-hidden="true">2</span>']);
  });
  it("knows which games' hands fill up during play (captures go to the hand) and which empty out (a setup)", () => {
    expect(handsFillDuringPlay("sittuyin")).toBe(false);
    expect(handsFillDuringPlay("chess")).toBe(false);
    for (const id of ["crazyhouse", "shogi", "minishogi"]) expect(handsFillDuringPlay(id), id).toBe(true);
  });
  it("draws the top player's tiles pointing down, in the player's piece set", () => {
    const shogi = (props: Partial<Parameters<typeof Hand>[0]>) =>
      render({ variant: "shogi", color: "black", pieces: [{ letter: "P", count: 3 }, { letter: "S", count: 1 }], ...props });
    expect(shogi({ turned: true }).match(/rotate\(180 50 50\)/g)).toHaveLength(2);
    expect(shogi({})).not.toContain("rotate");
    expect(shogi({})).toContain('title="Gote Pawn ×3"');
    const glyph = drawing("shogiPawn", "traditional", "black").find((sh) => sh.kind === "glyph")!.d;
    expect(shogi({})).toContain(glyph);
    expect(shogi({ pieceSet: "western" })).not.toContain(glyph);
  });
});
