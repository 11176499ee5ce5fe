/** The reference for three-player chess against the examples of docs/games/three-player.md. */
import { describe, expect, it } from "vitest";
import { armiesField, placed, playText, texts } from "./reference-multiplayer/helpers";
import { parseNfen, randomPlayout } from "./reference-multiplayer/shared";
import { attacked, threePlayer as g } from "./reference-multiplayer/three-player";

const targets = (moves: string[]) => moves.map((m) => m.slice(m.indexOf("-") + 1)).sort();

describe("three-player chess: the book's examples (docs/games/three-player.md#examples)", () => {
  it("1. the start: White has 44 moves, and no piece of any army is attacked", () => {
    const pawns = "abcdefghi".split("").flatMap((f, i) => {
      const up = (n: number) => "abcdefghijklm"[i + n];
      return [`P ${f}2-${f}3`, `P ${f}2-${up(1)}3`, `P ${f}2-${f}4`, `P ${f}2-${up(2)}4`];
    });
    const knights = ["b3", "d4", "e4", "f3"].map((s) => `N c1-${s}`).concat(["f3", "h4", "i4", "j3"].map((s) => `N g1-${s}`));
    expect(texts(g, g.start)).toEqual([...pawns, ...knights].sort());
    const pos = parseNfen(g, g.start);
    for (const [s, p] of pos.board) expect(attacked(pos, s, p.army)).toBe(false);
  });
  it("the pieces on an empty board from g7: rook 34, bishop 17, king 12, knight 12", () => {
    const on = (t: string) => texts(g, placed(g, { g7: t }, "w"));
    const rook = ["h7", "i7", "j7", "k7", "l7", "m7", "b7", "c7", "d7", "e7", "f7", "g8", "g9", "g10", "g11", "g12"]
      .concat(["g1", "g2", "g3", "g4", "g5", "g6", "h8", "i9", "j10", "k11", "l12", "m13", "f6", "e5", "d4", "c3", "b2", "a1"]);
    expect(targets(on("wR"))).toEqual(rook.sort());
    expect(on("wB")).toHaveLength(17);
    // A Grey pawn far away, so that the position is not "kings only".
    expect(texts(g, placed(g, { g7: "wK", i13: "gP" }, "w"))).toHaveLength(12);
    expect(targets(on("wN"))).toEqual(["d5", "d6", "e4", "e8", "f4", "f9", "h5", "h10", "i6", "i10", "j8", "j9"].sort());
  });
  it("the bishop's lines obey the rule of the corner at every step", () => {
    expect(texts(g, placed(g, { g7: "wB", h7: "gP", h8: "gP" }, "w"))).not.toContain("B g7-i8");
    expect(texts(g, placed(g, { g7: "wB", h7: "gP" }, "w"))).toContain("B g7-k9");
    expect(texts(g, placed(g, { g7: "wB", h7: "gP", j8: "gP", j9: "gP" }, "w"))).not.toContain("B g7-k9");
    expect(texts(g, placed(g, { g7: "wB", i8: "gP" }, "w"))).toContain("B g7-i8");
    expect(texts(g, placed(g, { g7: "wB", i8: "gP" }, "w"))).not.toContain("B g7-k9");
  });
  it("3. the corner: Q e1-f3 passes between e2 and f2", () => {
    expect(texts(g, placed(g, { e1: "wQ", f2: "wP" }, "w"))).toContain("Q e1-f3");
    expect(texts(g, placed(g, { e1: "wQ", e2: "wP", f2: "wP" }, "w"))).not.toContain("Q e1-f3");
  });
  it("4. en passant, for both opponents until White moves again", () => {
    const start = "6/7/8/gK8/9bK/11/12/13/4bP7/2gP8/10/3wP5/3wK4 w w0,g0,b0 - - 0 1";
    const after = playText(g, start, "P d2-d4");
    expect(after.nfen).toBe("6/7/8/gK8/9bK/11/12/13/4bP7/2gPwP7/10/9/3wK4 g w0,g0,b0 - wd3:d4 0 1");
    const grey = playText(g, after.nfen, "P c4-d3");
    expect(grey.next.board.has("d4")).toBe(false);
    expect(grey.next.board.get("d3")).toMatchObject({ army: "g", kind: "P" });
    const waits = playText(g, after.nfen, "K e10-f10");
    expect(texts(g, waits.nfen)).toContain("P e5-d3");
    const black = playText(g, waits.nfen, "K m9-m8");
    expect(black.nfen.split(" ")[4]).toBe("wd3:d4");
    const white = playText(g, black.nfen, "K d1-e1");
    expect(white.nfen.split(" ")[4]).toBe("-");
    expect(texts(g, white.nfen)).not.toContain("P c4-d3");
  });
});

describe("three-player chess: the rules beyond the examples", () => {
  it("a pawn promotes on either opponent's baseline, to any piece", () => {
    const pos = placed(g, { l7: "wP", d1: "wK" }, "w");
    expect(texts(g, pos).filter((t) => t.startsWith("P l7-m8"))).toEqual(["P l7-m8=B", "P l7-m8=N", "P l7-m8=Q", "P l7-m8=R"]);
    expect(texts(g, placed(g, { b6: "wP" }, "w"))).toContain("P b6-b7=Q");
    // A White pawn on rank 13 between i13 and l13 has no step and stays.
    expect(texts(g, placed(g, { j13: "wP" }, "w"))).toEqual([]);
  });
  it("castling: K d1-b1 with the rook to c1; not when a cell between is attacked", () => {
    const pos = placed(g, { a1: "wR", d1: "wK", h1: "wR", e10: "gK", m9: "bK" }, "w", "wKQ - 0 1");
    const m = playText(g, pos, "K d1-b1");
    expect(m.next.board.get("c1")).toMatchObject({ kind: "R" });
    expect(m.nfen.split(" ")[3]).toBe("-");
    expect(texts(g, pos)).toContain("K d1-g1");
    // A Grey rook on e9 attacks e1 down the e-file: e1 is between king and rook, so no major castling (Q11).
    expect(texts(g, placed(g, { a1: "wR", d1: "wK", h1: "wR", e9: "gR", e10: "gK", m9: "bK" }, "w", "wKQ - 0 1"))).not.toContain("K d1-g1");
  });
  it("checkmate: the winner is the first army after the mated one whose pieces attack its king (3, 0, 1)", () => {
    const mate = { a1: "wK", a6: "gR", b7: "bR", i2: "bR", e10: "gK", m9: "bK" };
    const st = g.status(parseNfen(g, placed(g, mate, "w")));
    expect(st).toMatchObject({ over: true, reason: "checkmate", winners: ["g"], scores: { w: 0, g: 3, b: 1 } });
    const byBlack = { a1: "wK", a6: "bR", b7: "gR", i2: "gR", e10: "gK", m9: "bK" };
    expect(g.status(parseNfen(g, placed(g, byBlack, "w")))).toMatchObject({ winners: ["b"], scores: { w: 0, g: 1, b: 3 } });
  });
  it("a king left attacked by the army that moves first may be taken: 3 to the taker, 0, 1", () => {
    const pos = placed(g, { a6: "gR", m6: "bK", d1: "wK", e10: "gK" }, "g");
    const m = playText(g, pos, "R a6-m6");
    expect(armiesField(m.nfen)).toBe("w1,g3,b0x");
    expect(g.status(m.next)).toMatchObject({ over: true, reason: "king-captured", winners: ["g"] });
  });
  it("stalemate and kings only draw, 1 each", () => {
    expect(g.status(parseNfen(g, placed(g, { d1: "wK", e10: "gK", m9: "bK" }, "w")))).toMatchObject({
      reason: "insufficient-material", scores: { w: 1, g: 1, b: 1 },
    });
  });
});

describe("three-player chess: random play-outs", () => {
  const allowed = ["checkmate", "king-captured", "stalemate", "insufficient-material", "move-rule", "repetition"];
  const thin = "6/7/8/gK8/gQ7bQbK/11/12/13/12/11/10/9/3wKwQ3 w w0,g0,b0 - - 0 1";
  for (const seed of [1, 2, 3, 4]) {
    it(`seed ${seed}: ends as the book allows`, () => {
      const run = randomPlayout(g, seed, 400, thin);
      expect(run.status.over).toBe(true);
      if (run.status.over) expect(allowed).toContain(run.status.reason);
    });
  }
});
