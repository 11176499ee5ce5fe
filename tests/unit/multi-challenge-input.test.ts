/** The challenge of a game for more than two, read at the boundary (lib/games/inputs.ts, docs/games-for-more-than-two-service.md#seats). */
import { describe, expect, it } from "vitest";
import { multiChallengeInput } from "@/lib/games/inputs";

const base = { variant: "four-player", daysPerMove: 3 };
const issues = (v: unknown) => {
  const r = multiChallengeInput.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("multiChallengeInput", () => {
  it("fills the defaults: a random seat, public, the others open in the lobby, nobody invited", () => {
    expect(multiChallengeInput.parse(base)).toEqual({ ...base, seat: "random", visibility: "public", invite: [], bots: [], others: "open" });
  });

  it("refuses games of two, armies the game has not, and more players than seats", () => {
    expect(issues({ ...base, variant: "chess" })).toEqual(["variant: unknown game for more than two"]);
    expect(issues({ ...base, seat: "w" })).toEqual(["seat: no such army in this game"]);
    expect(issues({ ...base, variant: "three-player", invite: ["a", "b", "c"] })).toEqual(["invite: this game has 3 seats, yours among them"]);
    expect(issues({ ...base, invite: ["Bob", "bob"] })).toEqual(["invite: each player is invited once"]);
    expect(issues({ ...base, seat: "r", bots: [{ army: "r", level: 2 }] })).toEqual(["bots: one player or bot a seat"]);
    expect(issues({ ...base, bots: [{ army: "b", level: 9 }] })).toEqual(["bots.0.level: bots have levels 1 to 8"]);
    expect(issues({ ...base, daysPerMove: 4 })).toHaveLength(1);
  });
});
