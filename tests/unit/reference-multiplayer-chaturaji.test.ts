/** The reference for Chaturaji against the examples of docs/games/chaturaji.md. */
import { describe, expect, it } from "vitest";
import { chaturaji as g } from "./reference-multiplayer/chaturaji";
import { armiesField, playText, texts, withMover } from "./reference-multiplayer/helpers";
import { parseNfen, randomPlayout } from "./reference-multiplayer/shared";

describe("Chaturaji: the book's examples (docs/games/chaturaji.md#examples)", () => {
  it("1. the start: Red has 8 moves, and after P a2-a3 Blue has 8", () => {
    expect(texts(g, g.start)).toEqual(
      ["P a2-a3", "P b2-b3", "P c2-c3", "P d2-d3", "N b1-a3", "N b1-c3", "K d1-e1", "K d1-e2"].sort(),
    );
    const after = playText(g, g.start, "P a2-a3").nfen;
    expect(after.split(" ")[1]).toBe("b");
    expect(texts(g, after)).toEqual(
      ["P b5-c5", "P b6-c6", "P b7-c7", "P b8-c8", "N a7-c6", "N a7-c8", "K a5-a4", "K a5-b4"].sort(),
    );
  });
  it("1. every army has 8 at the start on its own turn", () => {
    for (const a of "rbyg") expect(texts(g, withMover(g.start, a))).toHaveLength(8);
  });

  const two = "4yK3/8/8/bK6gK/8/2rR5/8/3rK4 r r0,b0,y0,g0 - - 0 1";
  it("2. two kings at once: 19 moves; R c3-c5 scores 1, R c3-c8 nothing", () => {
    const boat = ["c4", "c5", "c6", "c7", "c8", "c1", "c2", "a3", "b3", "d3", "e3", "f3", "g3", "h3"].map((s) => `R c3-${s}`);
    const king = ["c1", "c2", "d2", "e1", "e2"].map((s) => `K d1-${s}`);
    expect(texts(g, two)).toEqual([...boat, ...king].sort());
    expect(armiesField(playText(g, two, "R c3-c5").nfen)).toBe("r1,b0,y0,g0");
    expect(armiesField(playText(g, two, "R c3-c8").nfen)).toBe("r0,b0,y0,g0");
  });

  const three = "4yK3/8/8/bK1rR4gK/8/8/8/3rK4 r r1,b0,y0,g0 - - 4 2";
  it("3. a king taken: R c5-a5 scores 3 and puts Blue out; no check points", () => {
    const m = playText(g, three, "R c5-a5");
    expect(armiesField(m.nfen)).toBe("r4,b0x,y0,g0");
    expect(m.nfen.split(" ")[1]).toBe("y"); // Blue is skipped
    expect(m.nfen.split(" ").slice(5).join(" ")).toBe("0 2");
  });
});

describe("Chaturaji: what the book's rules say beyond the examples", () => {
  it("a dead piece blocks, is taken for 0; a dead king for 3", () => {
    // Blue is out: its pawn on c5 and its king on a5 are dead.
    const pos = "4yK3/8/8/bK1bP1rR2gK/8/8/8/3rK4 r r0,b0x,y0,g0 - - 0 5";
    const moves = texts(g, pos);
    expect(moves).toContain("R e5-c5");
    expect(moves).not.toContain("R e5-b5");
    expect(armiesField(playText(g, pos, "R e5-c5").nfen)).toBe("r0,b0x,y0,g0");
    const king = "8/8/8/bKrR5gK/8/8/8/3rK3yK r r0,b0x,y0,g0 - - 0 5";
    expect(armiesField(playText(g, king, "R b5-a5").nfen)).toBe("r3,b0x,y0,g0");
  });
  it("a pawn reaching its far edge becomes a 1-point boat; Blue's pawns promote on the h-file", () => {
    const pos = "3yK4/2rP5/8/bK5bP1/8/8/7gK/3rK4 r r0,b0,y0,g0 - - 3 5";
    const m = playText(g, pos, "P c7-c8=R");
    expect(m.nfen.startsWith("2rR~yK4/")).toBe(true);
    expect(m.nfen.split(" ")[5]).toBe("0");
    expect(texts(g, m.nfen)).toContain("P g5-h5=R");
    const y = playText(g, withMover(m.nfen, "y"), "K d8-c8");
    expect(armiesField(y.nfen)).toBe("r0,b0,y1,g0");
  });
  it("an army that cannot move passes, and only then", () => {
    // The king is shut in by its own pieces, the pawns can still step: no pass.
    const blocked = "8/8/8/8/8/8/rPrP6/rKrP6 r r0,b0,y0,g0 - - 0 1";
    expect(texts(g, blocked)).toEqual(["P a2-a3", "P b2-b3"]);
    const stuck = "8/8/8/8/8/bP7/rP7/bRbR6 r r0,b0,y0,g0 - - 0 1";
    const moves = g.legalMoves(parseNfen(g, stuck));
    expect(moves.map((m) => m.text)).toEqual(["pass"]);
  });
  it("the claim: allowed only when the claimer stays first with 3 per king left", () => {
    const pos = "yK7/8/8/8/8/8/8/rK6gK r r12,b0x,y0,g0x - - 0 30";
    // 12 + 3 (Yellow's king) + 3 (Green's dead king) = 18 > 0 + 3: allowed.
    const claim = g.legalMoves(parseNfen(g, pos)).find((m) => m.text === "claim")!;
    expect(claim.end).toMatchObject({ reason: "claim-win", winners: ["r"] });
    expect(claim.end!.scores).toEqual({ r: 18, b: 0, y: 0, g: 0 });
    // Yellow with 16: 18 is not greater than 16 + 3.
    expect(texts(g, pos.replace("y0", "y16"))).not.toContain("claim");
    // Three armies playing: no claim.
    expect(texts(g, pos.replace("g0x", "g0"))).not.toContain("claim");
  });
  it("the game ends with one army left, by kings taken or not; places by score", () => {
    expect(g.status(parseNfen(g, "8/8/8/8/8/8/8/rK7 r r2,b9x,y0x,g0x - - 0 9"))).toMatchObject({
      over: true, reason: "kings-captured", winners: ["b"],
    });
    expect(g.status(parseNfen(g, "bK7/8/8/8/8/8/8/rK7 r r2,b0x,y0x,g0x - - 0 9"))).toMatchObject({
      over: true, reason: "last-army-standing", winners: ["r"],
    });
    expect(g.status(parseNfen(g, withMover(g.start, "r").replace(" 0 1", " 100 40")))).toMatchObject({ reason: "move-rule-points" });
    expect(g.status(parseNfen(g, g.start.replace(" 0 1", " 99 40"))).over).toBe(false);
  });
});

describe("Chaturaji: random play-outs end as the book allows", () => {
  for (const seed of [3, 4, 5, 6]) {
    it(`seed ${seed}`, () => {
      const run = randomPlayout(g, seed, 2000);
      expect(run.status.over).toBe(true);
      if (!run.status.over) return;
      expect(["kings-captured", "last-army-standing", "claim-win", "move-rule-points", "repetition-points"]).toContain(run.status.reason);
      const best = Math.max(...Object.values(run.status.scores));
      expect(run.status.winners.every((a) => run.status.over && run.status.scores[a] === best)).toBe(true);
    });
  }
});
