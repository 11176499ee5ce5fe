/**
 * The games for more than two (lib/rules/multi): N-FEN and move text read and written, hostile
 * input refused, the books' examples, armies going out, the turn order that skips them, and
 * each game end, on positions where the independent reference is asked too.
 */
import { describe, expect, it } from "vitest";
import { MultiGame, RulesError, multiGameInfo, multiVariantIds, parseMultiNfen } from "@/lib/rules";
import { REFERENCE_GAMES, parseNfen, writeNfen } from "./reference-multiplayer";
import { engineStatus, referenceStatus } from "./multi-crosscheck";

/** Every legal move in the position, with the position after it and its end, as the reference has them. */
function sameAsReference(id: string, nfen: string) {
  const ref = REFERENCE_GAMES[id];
  const refMoves = ref.legalMoves(parseNfen(ref, nfen));
  const game = MultiGame.start(id, nfen);
  expect(game.legalMoves().map((m) => m.text).sort()).toEqual(refMoves.map((m) => m.text).sort());
  for (const m of refMoves) {
    const g = MultiGame.start(id, nfen);
    g.play(m.text);
    expect(g.fen(), m.text).toBe(writeNfen(ref, m.next));
    const refEnd = m.end ? { over: true as const, ...m.end } : ref.status(m.next, [parseNfen(ref, nfen)]);
    expect(engineStatus(g), m.text).toEqual(referenceStatus(refEnd));
  }
}

const after = (id: string, nfen: string, ...moves: string[]) => MultiGame.replay(id, nfen, moves);
const armies = (g: MultiGame) => g.fen().split(" ")[2];

describe("N-FEN", () => {
  it("every game's start reads and writes back the same", () => {
    expect(multiVariantIds()).toEqual(["chaturaji", "four-seasons", "four-player", "four-player-teams", "three-player", "eight-player", "eight-player-pairs", "eight-player-teams"]);
    for (const id of multiVariantIds()) {
      const start = multiGameInfo(id).start;
      expect(MultiGame.start(id).fen()).toBe(start);
      expect(parseMultiNfen(id, `  ${start.replaceAll(" ", "  ")} `).ok).toBe(true);
    }
  });

  it("positions along a game read back to themselves", () => {
    const g = MultiGame.start("four-player");
    for (let i = 0; i < 30; i++) g.play(g.legalMoves()[(i * 7) % g.legalMoves().length].text);
    for (const nfen of g.positions()) expect(MultiGame.start("four-player", nfen).fen()).toBe(nfen);
  });

  const start = multiGameInfo("four-player").start;
  const field = (i: number, v: string) => start.split(" ").map((f, j) => (j === i ? v : f)).join(" ");
  it.each([
    ["", /7/],
    ["x".repeat(1_000_000), /longer than/],
    [start.replace("yRyN", "zRyN"), /"z" is not an army letter/],
    [start.replace("yRyN", "yXyN"), /not a piece of this game/],
    [start.replace("/8/", "/9/"), /rank 12 has more than its 8 squares/],
    [start.replace("/8/", "/7/"), /rank 12 has fewer than its 8 squares/],
    [start.replace("/8/", "/99999999/"), /not a count/],
    [start.replace("/8/", "/"), /13 ranks, the board has 14/],
    [field(1, "q"), /not an army letter/],
    [field(2, "r0,b0,y0"), /3 armies listed/],
    [field(2, "r0,y0,b0,g0"), /turn order/],
    [field(2, "r0x,b0,y0,g0"), /the army to move, r, is out/],
    [field(2, "r99999999,b0,y0,g0"), /not an army's letter, score and state/],
    [field(3, "rKQbKQyKQgKQrK"), /turn order/],
    [field(3, "rQK"), /K before Q/],
    [field(3, "zz"), /not castling rights/],
    [field(4, "rd3:d4"), /no en passant/],
    [field(5, "-1"), /halfmove/],
    [field(6, "0"), /round/],
  ])("refuses a bad N-FEN with one line: %#", (text, message) => {
    const r = parseMultiNfen("four-player", text);
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(message);
    expect(r.error).not.toContain("\n");
    expect(() => MultiGame.start("four-player", text)).toThrow(RulesError);
  });

  it("refuses a castling right whose rook has moved, a k state where the game has none, out armies' pieces in Four Seasons", () => {
    expect(parseMultiNfen("four-player", start.replace("rRrNrBrQrKrBrNrR", "1rNrBrQrKrBrNrR")).error).toMatch(/castling right rQ needs its king on h1 and rook on d1/);
    expect(parseMultiNfen("chaturaji", "bRbP2yKyByNyR/bNbP2yPyPyPyP/bBbP6/bKbP6/6gPgK/6gPgB/rPrPrPrP2gPgN/rRrNrBrK2gPgR r r0,b0k,y0,g0 - - 0 1").error).toMatch(/state k/);
    expect(parseMultiNfen("four-seasons", "gK6wK/8/8/2rK5/rR7/4rN1rQ1/8/7bK r g0,r0,b0x,w0 - - 10 20").error).toMatch(/b is out but has pieces/);
  });
});

describe("move text", () => {
  it("reads tolerantly and answers canonically", () => {
    const g = MultiGame.start("four-player");
    expect(g.play("  p h2 x h4 ")).toBe("P h2-h4");
    expect(g.play("P b7-C7".toLowerCase())).toBe("P b7-c7");
  });

  it.each([
    ["P".repeat(100_000), /longer than/],
    ["garbage", /not a move/],
    ["P c2-c3", /c2 is not a square/],
    ["P h2-z99", /not a move/],
    ["Q h2-h3", /not a legal move for Red/],
    ["P h2-h5", /not a legal move/],
    ["P h2-h3=Q", /not a legal move/],
    ["claim", /not a legal move/],
    ["pass", /not a legal move/],
  ])("refuses %#", (text, message) => {
    const g = MultiGame.start("four-player");
    expect(() => g.play(text)).toThrow(message);
    expect(g.fen()).toBe(multiGameInfo("four-player").start);
  });
});

describe("Chaturaji (docs/games/chaturaji.md#examples)", () => {
  it("two kings at once score 1; a king taken puts its army out, its pieces dead", () => {
    const two = "4yK3/8/8/bK6gK/8/2rR5/8/3rK4 r r0,b0,y0,g0 - - 0 1";
    expect(MultiGame.start("chaturaji", two).legalMoves()).toHaveLength(19);
    expect(armies(after("chaturaji", two, "R c3-c5"))).toBe("r1,b0,y0,g0");
    sameAsReference("chaturaji", two);
    const taken = "4yK3/8/8/bK1rR4gK/8/8/8/3rK4 r r1,b0,y0,g0 - - 4 2";
    const g = after("chaturaji", taken, "R c5-a5");
    expect(armies(g)).toBe("r4,b0x,y0,g0");
    expect(g.fen().split(" ")[1]).toBe("y");
    sameAsReference("chaturaji", taken);
  });

  it("a blocked army passes; a resigned army's dead king is worth 3; three out: the game ends", () => {
    sameAsReference("chaturaji", "8/8/8/8/8/yP7/rP7/7yK r r0,b0x,y0,g0x - - 0 1");
    expect(MultiGame.start("chaturaji", "8/8/8/8/8/yP7/rP7/7yK r r0,b0x,y0,g0x - - 0 1").legalMoves().map((m) => m.text)).toEqual(["pass"]);
    const g = MultiGame.start("chaturaji", "4yK3/8/8/bK1rR4gK/8/8/8/3rK4 r r1,b0,y0,g0 - - 4 2");
    g.eliminate("b", "resignation");
    expect(g.fen().split(" ")[2]).toBe("r1,b0x,y0,g0");
    g.play("R c5-a5");
    expect(armies(g)).toBe("r4,b0x,y0,g0");
    g.eliminate("y", "timeout");
    g.eliminate("g", "resignation");
    expect(g.status()).toMatchObject({ result: "over", reason: "resignation", winners: ["r"], places: { r: 1 } });
    expect(() => g.play("K d1-d2")).toThrow(/over/);
  });
});

describe("Four Seasons (docs/games/four-seasons.md#examples)", () => {
  it("checkmate on the army's own turn: out and removed inside the move before", () => {
    const g = after("four-seasons", "gK6wK/8/8/2rK5/rR7/4rN1rQ1/8/7bK r g0,r0,b0,w0 - - 10 20", "R a4-a1");
    expect(g.fen()).toBe("gK6wK/8/8/2rK5/8/4rN1rQ1/8/rR7 w g0,r0,b0x,w0 - - 11 20");
    sameAsReference("four-seasons", "gK6wK/8/8/2rK5/rR7/4rN1rQ1/8/7bK r g0,r0,b0,w0 - - 10 20");
  });

  it("a resigned army's pieces leave the board; the last king standing wins, the later out placed better", () => {
    const g = MultiGame.start("four-seasons");
    g.eliminate("r", "resignation");
    expect(g.fen().split(" ")[0]).toBe("gKgRgL2wLwRwK/gNgBgL2wLwBwN/gPgP4wPwP/8/8/6bPbP/5bLbBbN/5bLbRbK");
    g.play("N a7-c6");
    expect(g.fen().split(" ")[1]).toBe("b");
    g.eliminate("w", "timeout");
    g.play("L f2-e2");
    g.eliminate("b", "resignation");
    expect(g.status()).toMatchObject({ result: "over", winners: ["g"], places: { g: 1, b: 2, w: 3, r: 4 } });
  });
});

describe("four-player chess (docs/games/four-player.md)", () => {
  const two = "3yK4/8/8/14/14/14/4bK1gK7/14/14/14/6rN7/8/8/4rK3 r r0,b0,y0,g0 - - 0 1";
  it("example 2: a knight checking two kings scores 5", () => {
    expect(MultiGame.start("four-player", two).legalMoves()).toHaveLength(13);
    expect(armies(after("four-player", two, "N g4-f6"))).toBe("r5,b0,y0,g0");
    sameAsReference("four-player", two);
    sameAsReference("four-player-teams", two);
  });

  const mate = "3yK4/8/8/1rR12/14/14/14/4rQ9/14/7gK6/bK13/8/8/4rK3 r r0,b0,y0,g0 - - 0 1";
  it("checkmate is immediate all against all (20, dead pieces), judged on the mated army's turn in teams", () => {
    const g = after("four-player", mate, "Q e7-b4");
    expect(armies(g)).toBe("r20,b0x,y0,g0");
    expect(g.fen().split(" ")[1]).toBe("y");
    sameAsReference("four-player", mate);
    sameAsReference("four-player-teams", mate);
    const t = after("four-player-teams", mate, "Q e7-b4");
    expect(t.status()).toMatchObject({ result: "over", reason: "team-checkmate", winners: ["r", "y"] });
  });

  it("a resigned army keeps a live king worth 20 while two others play; turns skip it", () => {
    const g = MultiGame.start("four-player");
    g.eliminate("b", "resignation");
    expect(armies(g)).toBe("r0,b0k,y0,g0");
    expect(g.fen().split(" ")[3]).toBe("rKQyKQgKQ");
    g.play("P h2-h3");
    expect(g.fen().split(" ")[1]).toBe("y");
    g.play("P h13-h12");
    g.play("P m8-l8");
    expect(g.fen().split(" ").slice(1, 2).concat(g.fen().split(" ").slice(6))).toEqual(["r", "2"]);
    expect(g.armies().map((a) => a.state)).toEqual(["playing", "out-king-live", "playing", "playing"]);
    expect(g.board().find((c) => c.name === "a4")!.piece).toEqual({ army: "b", kind: "R", promoted: false, dead: true });
    g.eliminate("y", "timeout");
    g.eliminate("g", "resignation");
    expect(g.status()).toMatchObject({ result: "over", winners: ["r"], scores: { r: 20, b: 0, y: 0, g: 0 } });
  });

  it("in teams a resignation loses for the team", () => {
    const g = MultiGame.start("four-player-teams");
    g.eliminate("g", "resignation");
    expect(g.status()).toMatchObject({ result: "over", reason: "resignation", winners: ["r", "y"], places: { r: 1, y: 1, b: 3, g: 3 } });
  });

  it("the claim: allowed only far enough ahead, and it ends the game", () => {
    const two = "3yK4/8/8/14/14/14/4bK9/14/14/14/6rN7/8/8/4rK3 r r45,b10,y0x,g0x - - 0 1";
    const g = MultiGame.start("four-player", two);
    expect(g.legalMoves().map((m) => m.text)).toContain("claim");
    sameAsReference("four-player", two);
    g.play("claim");
    expect(g.status()).toMatchObject({ result: "over", reason: "claim-win", winners: ["r"] });
    expect(MultiGame.start("four-player", two.replace("r45", "r25")).legalMoves().map((m) => m.text)).not.toContain("claim");
  });

  it("a king a third army left attacked may be taken: teams win at once", () => {
    const open = after("four-player", "8/8/8/14/14/14/3bR3rB2yK3/14/14/bK12gK/14/8/8/4rK3 r r0,b0,y0,g0 - - 0 1", "B h8-i9").fen();
    expect(MultiGame.start("four-player-teams", open).legalMoves().map((m) => m.text)).toContain("R d8-k8");
    sameAsReference("four-player-teams", open);
    sameAsReference("four-player", open);
    expect(after("four-player-teams", open, "R d8-k8").status()).toMatchObject({ result: "over", reason: "king-captured", winners: ["b", "g"] });
    expect(armies(after("four-player", open, "R d8-k8"))).toBe("r0,b20,y0x,g0");
  });
});

describe("eight-player chess (docs/games/eight-player.md#examples)", () => {
  it("the notch: a rook on k3 has 30 moves, on k4 46", () => {
    const rook = (sq: string) => {
      const info = multiGameInfo("eight-player");
      const cells = info.cells;
      const kings: Record<string, string> = { h1: "wK", a8: "rK", a18: "bK", g24: "yK", q24: "gK", x17: "pK", x7: "oK", r1: "kK" };
      const rows = [];
      for (let r = info.ranks - 1; r >= 0; r--) {
        let row = "";
        let empty = 0;
        for (const c of cells.filter((c) => c.rank === r)) {
          const p = c.name === sq ? "wR" : kings[c.name];
          if (p) {
            row += (empty || "") + p;
            empty = 0;
          } else empty++;
        }
        rows.push(row + (empty || ""));
      }
      return `${rows.join("/")} w w0,r0,b0,y0,g0,p0,o0,k0 - - 0 1`;
    };
    const moves = (sq: string) => MultiGame.start("eight-player", rook(sq)).legalMoves().filter((m) => m.from === sq).length;
    expect(moves("k3")).toBe(30);
    expect(moves("k4")).toBe(46);
  });

  it("pairs: a resignation puts the pair out; teams: it loses for the team", () => {
    const g = MultiGame.start("eight-player-pairs");
    g.eliminate("r", "resignation");
    expect(armies(g)).toBe("w0,r0x,b0,y0,g0,p0x,o0,k0");
    g.play("P h2-h3");
    expect(g.fen().split(" ")[1]).toBe("b");
    const t = MultiGame.start("eight-player-teams");
    t.eliminate("k", "timeout");
    expect(t.status()).toMatchObject({ result: "over", winners: ["w", "b", "g", "o"] });
  });
});

describe("three-player chess (docs/games/three-player.md#examples)", () => {
  it("2. a rook on g7 of an empty board has 34 moves; 3. the rule of the corner", () => {
    const rook = MultiGame.start("three-player", "6/6bK/8/9/10/11/5wR6/gK12/12/11/10/9/7wK w w0,g0,b0 - - 0 1");
    expect(rook.legalMoves().filter((m) => m.from === "g7")).toHaveLength(34);
    const open = MultiGame.start("three-player", "6/7/8/gK8/9bK/11/12/13/12/11/10/5wP3/3wKwQ3 w w0,g0,b0 - - 0 1");
    expect(open.legalMoves().map((m) => m.text)).toContain("Q e1-f3");
    const shut = MultiGame.start("three-player", "6/7/8/gK8/9bK/11/12/13/12/11/10/4wPwP3/3wKwQ3 w w0,g0,b0 - - 0 1");
    expect(shut.legalMoves().map((m) => m.text)).not.toContain("Q e1-f3");
    sameAsReference("three-player", "6/7/8/gK8/9bK/11/12/13/12/11/10/5wP3/3wKwQ3 w w0,g0,b0 - - 0 1");
  });

  it("4. en passant: both opponents may take, each on its own turn, until White moves again", () => {
    const start = "6/7/8/gK8/9bK/11/12/13/4bP7/2gP8/10/3wP5/3wK4 w w0,g0,b0 - - 0 1";
    const g = after("three-player", start, "P d2-d4");
    expect(g.fen()).toBe("6/7/8/gK8/9bK/11/12/13/4bP7/2gPwP7/10/9/3wK4 g w0,g0,b0 - wd3:d4 0 1");
    sameAsReference("three-player", g.fen());
    expect(after("three-player", g.fen(), "P c4-d3").fen().split(" ")[0]).toBe("6/7/8/gK8/9bK/11/12/13/4bP7/11/3gP6/9/3wK4");
    const grey = after("three-player", g.fen(), "K e10-e9");
    expect(grey.legalMoves().map((m) => m.text)).toContain("P e5-d3");
    sameAsReference("three-player", grey.fen());
  });

  it("the board is drawn with each rank up half a cell to the left, in three colours; the builder offers from and to cells", () => {
    const cells = new Map(MultiGame.start("three-player").board().map((c) => [c.name, c]));
    expect(cells.size).toBe(126);
    expect([cells.get("a6")!.x, cells.get("a1")!.x, cells.get("m6")!.x, cells.get("h13")!.x]).toEqual([0, 2.5, 12, 3.5]);
    expect(new Set(["a1", "c2", "e3"].map((n) => cells.get(n)!.shade)).size).toBe(1);
    expect(new Set(["a1", "b1", "c1"].map((n) => cells.get(n)!.shade)).size).toBe(3);
    const g = MultiGame.start("three-player");
    expect(g.nextSteps()).toEqual({ from: expect.arrayContaining(["a2", "i2", "c1", "g1"]) });
    expect(g.nextSteps("c1")).toEqual({ to: expect.arrayContaining([{ cell: "d4", promotions: [] }]) });
    expect(g.armies().map((a) => [a.letter, a.toMove])).toEqual([["w", true], ["g", false], ["b", false]]);
  });

  it("a resignation ends the game: 0 to the player, 2 to each other", () => {
    const g = MultiGame.start("three-player");
    g.eliminate("g", "resignation");
    expect(g.status()).toMatchObject({ result: "over", reason: "resignation", scores: { w: 2, g: 0, b: 2 }, places: { w: 1, b: 1, g: 3 } });
  });
});
