/**
 * The sides named in the players' words (VariantDecl.sideNames): Red and Black in Xiangqi
 * (docs/games/xiangqi.md#players-and-coordinates), Cho and Han in Janggi
 * (docs/games/janggi.md#players-and-board), Sente and Gote in Shogi
 * (docs/games/shogi.md#players-and-coordinates); White and Black everywhere else.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Results, SearchForm } from "@/app/_archive/archive-view";
import { Board } from "@/app/_components/Board";
import { MoveList } from "@/app/_components/MoveList";
import { resultLine } from "@/app/_components/result-line";
import { Colour } from "@/app/_overview/format";
import type { ArchiveEntry } from "@/lib/games/archive";
import { Game, RulesError, sideNameIn, variantIds, variantInfo } from "@/lib/rules";

const NAMED: Record<string, [string, string]> = {
  xiangqi: ["Red", "Black"],
  janggi: ["Cho", "Han"],
  shogi: ["Sente", "Gote"],
  minishogi: ["Sente", "Gote"],
};

function refusal(variant: string, fen: string | undefined, move: string): string {
  try {
    Game.start(variant, fen).play(move);
  } catch (e) {
    if (e instanceof RulesError) return e.message;
    throw e;
  }
  throw new Error(`${move} was played`);
}

describe("VariantInfo.sideNames", () => {
  it("names the sides in the players' words for the games that have them, White and Black for the rest", () => {
    for (const id of variantIds()) expect(variantInfo(id).sideNames, id).toEqual(NAMED[id] ?? ["White", "Black"]);
  });

  it("sideNameIn reads them by the stored colour, and falls back to White and Black for a game it does not know", () => {
    expect([sideNameIn("xiangqi", "white"), sideNameIn("xiangqi", "black")]).toEqual(["Red", "Black"]);
    expect([sideNameIn("janggi", "white"), sideNameIn("janggi", "black")]).toEqual(["Cho", "Han"]);
    expect([sideNameIn("checkers", "white"), sideNameIn("__proto__", "black")]).toEqual(["White", "Black"]);
  });
});

describe("the refusals name the side as the game's players do", () => {
  it("Xiangqi: Red's turn, no Red piece", () => {
    expect(refusal("xiangqi", undefined, "r a10-a9")).toBe("r a10-a9: the piece on a10 is not yours; it is Red's turn");
    expect(refusal("xiangqi", undefined, "R e5-e6")).toBe("R e5-e6: there is no Red piece on e5");
  });

  it("Shogi: Gote's turn after sente's first move", () => {
    const g = Game.start("shogi");
    g.play("P c3-c4");
    expect(() => g.play("P c4-c5")).toThrow("the piece on c4 is not yours; it is Gote's turn");
  });

  it("chess still says White", () => {
    expect(refusal("chess", undefined, "p e7-e5")).toBe("p e7-e5: the piece on e7 is not yours; it is White's turn");
  });
});

describe("the game page's words", () => {
  const finished = { result: "1-0" as const, ending: "by checkmate", white: "Alice", black: "Bob" };

  it("the result sentence names the winner's side", () => {
    expect(resultLine({ ...finished, variant: "xiangqi" }, null)).toBe("Alice (Red) won by checkmate (1-0).");
    expect(resultLine({ ...finished, variant: "janggi", result: "0-1", white: null }, null)).toBe("Bob (Han) won by checkmate (0-1).");
    expect(resultLine({ ...finished, variant: "janggi", black: null, result: "0-1" }, null)).toBe("Han (Han) won by checkmate (0-1).");
    expect(resultLine({ ...finished, variant: "chess" }, null)).toBe("Alice (White) won by checkmate (1-0).");
    expect(resultLine({ ...finished, variant: "xiangqi" }, "black")).toBe("You lost by checkmate (1-0).");
  });

  it("the move list's columns are headed with the sides' names", () => {
    const headings = (variant: string) => {
      const html = renderToStaticMarkup(
        <MoveList variant={variant} startFen={variantInfo(variant).startFen} moves={["x"]} shown={1} onSelect={() => {}} />,
      );
      return [...html.matchAll(/<th scope="col">([^<]*)<\/th>/g)].map((m) => m[1]);
    };
    expect(headings("xiangqi")).toEqual(["#", "Red", "Black"]);
    expect(headings("janggi")).toEqual(["#", "Cho", "Han"]);
    expect(headings("shogi")).toEqual(["#", "Sente", "Gote"]);
    expect(headings("chess")).toEqual(["#", "White", "Black"]);
  });

  it("the pieces' accessible names say the side", () => {
    const info = variantInfo("xiangqi");
    const html = renderToStaticMarkup(
      <Board variant="xiangqi" files={info.files} ranks={info.ranks} squares={Game.start("xiangqi").board()} orientation="white" />,
    );
    const names = [...html.matchAll(/data-name="([^"]*)"/g)].map((m) => m[1]);
    expect(names).toContain("Red General");
    expect(names).toContain("Black General");
    expect(names.filter((n) => n.startsWith("Red "))).toHaveLength(16);
    expect(html).toContain('aria-label="Xiangqi board, 9×10, Red at the bottom"');
    expect(names.filter((n) => n.startsWith("White"))).toEqual([]);
  });

  it("the lists' colour names the side in the game's words", () => {
    expect(renderToStaticMarkup(<Colour variant="xiangqi" colour="white" />)).toBe("Red");
    expect(renderToStaticMarkup(<Colour variant="shogi" colour="black" />)).toBe("Gote");
    expect(renderToStaticMarkup(<Colour variant="chess" colour="white" />)).toBe("White");
  });
});

describe("the archive's words", () => {
  const entry: ArchiveEntry = {
    id: "g1", variant: "xiangqi", status: "active", choosingSetups: false, result: null, endReason: null, ply: 2,
    visibility: "public", whiteName: "Alice", blackName: "Bob", whiteRegistered: true, blackRegistered: true,
    imported: false, createdAt: new Date("2026-12-01T12:00:00Z"), lastMoveAt: null, seats: null, ending: null,
  };
  const results = (entries: ArchiveEntry[], variant?: string) =>
    renderToStaticMarkup(<Results page={{ entries, next: null, prev: null, notes: [] }} filters={{ variant, sort: "last", order: "newest" }} />);

  it("an ongoing game's status names the side to move in its own game's words", () => {
    const html = results([entry, { ...entry, id: "g2", variant: "shogi", ply: 3 }, { ...entry, id: "g3", variant: "chess" }]);
    expect(html).toContain("Ongoing, Red to move");
    expect(html).toContain("Ongoing, Gote to move");
    expect(html).toContain("Ongoing, White to move");
  });

  it("the result filter and the players' column say Red and Black when the search is of Xiangqi, White and Black across games", () => {
    const form = (variant?: string) => renderToStaticMarkup(<SearchForm action="/games" filters={{ variant, sort: "last", order: "newest" }} />);
    expect(form("xiangqi")).toContain('<option value="white">Red won (1-0)</option>');
    expect(form("xiangqi")).toContain('<option value="black">Black won (0-1)</option>');
    expect(form("janggi")).toContain('<option value="black">Han won (0-1)</option>');
    expect(form()).toContain('<option value="white">White won (1-0)</option>');
    expect(results([entry], "xiangqi")).toContain('<th scope="col">Red – Black</th>');
    expect(results([entry])).toContain('<th scope="col">White – Black</th>');
  });
});
