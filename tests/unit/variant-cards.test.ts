import { describe, expect, it } from "vitest";
import { variantIds, variantInfo } from "@/lib/rules";

describe("the game cards (home and variants pages show each game's first summary line)", () => {
  it("give every game a line of its own, so that related forms can be told apart", () => {
    const first = new Map<string, string>();
    for (const id of variantIds()) {
      const line = variantInfo(id).summary[0];
      expect(line, id).toBeTruthy();
      expect(first.get(line), `${id} shares its card line`).toBeUndefined();
      first.set(line, id);
    }
  });
});
