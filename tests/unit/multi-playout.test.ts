/**
 * Seeded random games of the games for more than two, the engine against the independent
 * reference at every ply: the same N-FEN, the same legal moves, the same status (see
 * multi-crosscheck.ts). Some start from sparse positions so that ends are reached in few
 * plies (claims, the move count, kings only); the reference is slow on the big boards, so
 * those games are short.
 */
import { describe, expect, it } from "vitest";
import { crossPlayout } from "./multi-crosscheck";

const CHATURAJI_FEW = "4yK3/8/8/bK6gK/8/2rR1bP3/8/3rK4 r r0,b0,y0,g0 - - 0 40";
const SEASONS_FEW = "gK6wK/8/8/2rK5/rR7/4rN1rQ1/8/7bK r g0,r0,b0,w0 - - 20 20";
const FOUR_FEW = (score: number) => `3yK4/8/8/14/14/14/4bK1gK7/14/2yQ11/14/6rN7/8/8/4rK3 r r${score},b0,y0,g0 - - 40 40`;

describe("random games for more than two, engine and reference ply by ply", () => {
  it("chaturaji: from the start to the end, and from few pieces to claims and the move count", () => {
    for (const seed of [1, 2]) expect(crossPlayout("chaturaji", seed, 400).end).not.toBe("ongoing");
    expect(crossPlayout("chaturaji", 2, 150, CHATURAJI_FEW).end).toBe("claim-win");
    expect(crossPlayout("chaturaji", 3, 60, CHATURAJI_FEW.replace(" 0 40", " 90 40")).end).toBe("move-rule-points");
  });

  it("four-seasons: from the start, and from few pieces to kings only", () => {
    crossPlayout("four-seasons", 1, 80);
    expect(crossPlayout("four-seasons", 3, 100, SEASONS_FEW).end).toBe("insufficient-material");
  });

  it("four-player, all against all and teams: from the start, and from few pieces to the move count", () => {
    crossPlayout("four-player", 1, 30);
    crossPlayout("four-player-teams", 2, 30);
    expect(crossPlayout("four-player", 2, 80, FOUR_FEW(30)).end).toBe("move-rule-points");
    expect(crossPlayout("four-player-teams", 1, 80, FOUR_FEW(0)).end).toBe("move-rule");
  });

  it("three-player: a game from the start to a checkmate", () => {
    expect(crossPlayout("three-player", 5, 300).end).toBe("checkmate");
  });

  it("eight-player in its three modes: from the start", () => {
    crossPlayout("eight-player", 1, 10);
    crossPlayout("eight-player-pairs", 2, 12);
    crossPlayout("eight-player-teams", 3, 16);
  });
});
