/** The reference for Four Seasons Chess against the examples of docs/games/four-seasons.md. */
import { describe, expect, it } from "vitest";
import { fourSeasons as g } from "./reference-multiplayer/four-seasons";
import { playText, texts, withMover } from "./reference-multiplayer/helpers";
import { parseNfen, randomPlayout } from "./reference-multiplayer/shared";

describe("Four Seasons: the book's examples (docs/games/four-seasons.md#examples)", () => {
  it("1. the start: Green has 7 moves", () => {
    expect(texts(g, g.start)).toEqual(["N a7-b5", "N a7-c6", "B b7-d5", "P a6-a5", "P b6-b5", "L c8-d8", "L c7-d7"].sort());
  });
  it("1. each army has 7 in its own corner", () => {
    for (const a of "grbw") expect(texts(g, withMover(g.start, a))).toHaveLength(7);
    expect(texts(g, withMover(g.start, "r"))).toContain("L c2-d2");
    expect(texts(g, withMover(g.start, "b"))).toContain("L f1-e1");
  });
  it("2. checkmate and removal: after R a4-a1 Black is mated on its turn and leaves; White moves", () => {
    const before = "gK6wK/8/8/2rK5/rR7/4rN1rQ1/8/7bK r g0,r0,b0,w0 - - 10 20";
    expect(playText(g, before, "R a4-a1").nfen).toBe("gK6wK/8/8/2rK5/8/4rN1rQ1/8/rR7 w g0,r0,b0x,w0 - - 11 20");
  });
});

describe("Four Seasons: the rules beyond the examples", () => {
  it("a Red L keeps its direction after a capture and promotes to a general on the h-file", () => {
    const pos = "gK7/8/8/8/8/3gN4/2rL5/rK6wK r g0,r0,b0x,w0 - - 0 9";
    expect(texts(g, pos)).toEqual(expect.arrayContaining(["L c2-d2", "L c2-d3"]));
    const taken = playText(g, pos, "L c2-d3").nfen;
    expect(texts(g, withMover(taken, "r"))).toEqual(expect.arrayContaining(["L d3-e3"]));
    const edge = "gK7/8/8/8/8/6rL1/8/rK6wK r g0,r0,b0x,w0 - - 0 9";
    expect(playText(g, edge, "L g3-h3=Q").nfen.split(" ")[0]).toBe("gK7/8/8/8/8/7rQ~/8/rK6wK");
  });
  it("the alfil leaps over pieces; no move may leave the own king attacked", () => {
    const pos = "gK7/8/8/8/8/2wP5/1rB6/rK6wK r g0,r0,b0x,w0 - - 0 9";
    expect(texts(g, pos)).toContain("B b2-d4");
    // White's pawn on a2 goes down and attacks b1: Red's king may not step there.
    const king = "gK7/8/8/8/8/8/wP7/2rK4wK r g0,r0,b0x,w0 - - 0 9";
    expect(texts(g, king)).not.toContain("K c1-b1");
  });
  it("a king left attacked by a third army's line may be taken: its army leaves the board", () => {
    // Green to move; White's king on h8 is attacked by Green's rook along rank 8.
    const pos = "gR6wK/wP7/8/8/8/8/8/gK6rK g g0,r0,b0x,w0 - - 0 9";
    const m = playText(g, pos, "R a8-h8");
    expect(m.nfen).toBe("7gR/8/8/8/8/8/8/gK6rK r g0,r0,b0x,w0x - - 0 9");
  });
  it("the last king standing wins; kings only draw", () => {
    expect(g.status(parseNfen(g, "gK7/8/8/8/8/8/8/8 g g0,r0x,b0x,w0x - - 0 9"))).toMatchObject({ reason: "last-army-standing", winners: ["g"] });
    expect(g.status(parseNfen(g, "gK7/8/8/8/8/8/8/7rK g g0,r0,b0x,w0x - - 0 9"))).toMatchObject({
      reason: "insufficient-material", winners: ["g", "r"],
    });
  });
});

describe("Four Seasons: random play-outs end as the book allows", () => {
  for (const seed of [7, 9]) {
    it(`seed ${seed}`, () => {
      const run = randomPlayout(g, seed, 1500);
      expect(run.status.over).toBe(true);
      if (!run.status.over) return;
      expect(["last-army-standing", "insufficient-material", "move-rule", "repetition"]).toContain(run.status.reason);
      const last = run.positions[run.positions.length - 1];
      for (const a of last.armies) {
        if (a.state === "x") expect([...last.board.values()].some((p) => p.army === a.letter)).toBe(false);
      }
    });
  }
});
