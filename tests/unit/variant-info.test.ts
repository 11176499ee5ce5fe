import { describe, expect, it } from "vitest";
import { findVariantInfo, variantIds, variantInfo } from "@/lib/rules";

describe("findVariantInfo", () => {
  it("is the game's info for every id the rules module knows", () => {
    for (const id of variantIds()) expect(findVariantInfo(id)).toEqual(variantInfo(id));
  });

  it("is undefined for an id it does not know, however close", () => {
    for (const id of ["checkers", "Chess", "chess ", "", "__proto__", "toString", "constructor"]) expect(findVariantInfo(id), id).toBeUndefined();
  });
});
