/** The list thumbnails (app/_components/BoardThumbnail.tsx) and the piece legend (app/_components/PieceList.tsx). */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { GameThumbnail, VariantThumbnail, thumbnailAlt } from "@/app/_components/BoardThumbnail";
import { PieceList } from "@/app/_components/PieceList";
import { pictureSize } from "@/app/_pictures/size";
import { variantInfo } from "@/lib/rules";

const attr = (markup: string, name: string) => markup.match(new RegExp(`${name}="([^"]*)"`))?.[1];

describe("a game's thumbnail", () => {
  it("is a lazy <img> of the picture route at the game's ply, sized so the list does not jump", () => {
    const markup = renderToStaticMarkup(<GameThumbnail game={{ id: "g-1", variant: "chess", ply: 23 }} />);
    expect(markup.startsWith("<img")).toBe(true);
    expect(attr(markup, "src")).toBe("/games/g-1/board.svg?ply=23&amp;size=16");
    expect(attr(markup, "loading")).toBe("lazy");
    const { width, height } = pictureSize(8, 8, 16);
    expect([attr(markup, "width"), attr(markup, "height")]).toEqual([String(width), String(height)]);
    expect(attr(markup, "alt")).toBe("Board after move 12, White");
  });

  it("turns for a Black player, and is taller for a game with pieces in hand", () => {
    const flipped = renderToStaticMarkup(<GameThumbnail game={{ id: "g-2", variant: "chess", ply: 2 }} flip />);
    expect(attr(flipped, "src")).toContain("flip=1");
    const shogi = renderToStaticMarkup(<GameThumbnail game={{ id: "g-3", variant: "shogi", ply: 0 }} />);
    expect(Number(attr(shogi, "height"))).toBe(pictureSize(9, 9, 16, true).height);
    expect(Number(attr(shogi, "height"))).toBeGreaterThan(pictureSize(9, 9, 16, false).height);
  });

  it("says where the game stands in its accessible name, with the sides' own names", () => {
    expect(thumbnailAlt("chess", 0)).toBe("Board at the start");
    expect(thumbnailAlt("chess", 2)).toBe("Board after move 1, Black");
    expect(thumbnailAlt("xiangqi", 1)).toBe("Board after move 1, Red");
    expect(thumbnailAlt("chess", 0, true)).toBe("Board while the setups are chosen");
  });

  it("is left out for a game the rules cannot read", () => {
    expect(renderToStaticMarkup(<GameThumbnail game={{ id: "g-4", variant: "no-such-variant", ply: 3 }} />)).toBe("");
  });
});

describe("a variant card's thumbnail", () => {
  it("is the start position's route", () => {
    const markup = renderToStaticMarkup(<VariantThumbnail variant="xiangqi" />);
    expect(attr(markup, "src")).toBe("/variants/xiangqi/board.svg?size=16");
    expect(attr(markup, "alt")).toBe("The start position");
    expect(attr(markup, "width")).toBe(String(pictureSize(9, 10, 16).width));
  });
});

describe("the piece legend", () => {
  it("lists every piece of the declaration with both sides' drawings, its name and its Betza moves", () => {
    const markup = renderToStaticMarkup(<PieceList variant="xiangqi" />);
    const pieces = variantInfo("xiangqi").pieces;
    expect(markup.match(/<li>/g)?.length).toBe(pieces.length);
    for (const p of pieces) {
      expect(markup).toContain(`<strong>${p.name}</strong>`);
      expect(markup).toContain(`<code>${p.betza.replace(/&/g, "&amp;")}</code>`);
      expect(markup).toContain(`aria-label="Red ${p.name}"`);
      expect(markup).toContain(`aria-label="Black ${p.name}"`);
    }
  });
});
