import { describe, expect, it } from "vitest";
import { findVariantInfo, variantIds, variantInfo } from "@/lib/rules";

describe("findVariantInfo", () => {
  it("is the game's info for every id the rules module knows", () => {
    for (const id of variantIds()) expect(findVariantInfo(id)).toEqual(variantInfo(id));
  });

  it("is undefined for an id it does not know, however close", () => {
    for (const id of ["checkers", "Chess", "chess ", "", "__proto__", "toString", "constructor"]) expect(findVariantInfo(id), id).toBeUndefined();
  });

  it("says which games hold pieces in hand: those whose FEN writes a hand", () => {
    const withHands = variantIds().filter((id) => variantInfo(id).hands);
    expect(withHands.sort()).toEqual(["crazyhouse", "minishogi", "shogi", "sittuyin"]);
    for (const id of variantIds()) expect(variantInfo(id).startFen.split(" ")[0].includes("["), id).toBe(variantInfo(id).hands);
  });
});
