/**
 * Shogi and Minishogi (docs/games/shogi.md, docs/games/minishogi.md), as Fairy-Stockfish
 * plays them: the pieces and promoted pieces, optional and forced promotion, drops and
 * their limits, the pawn-drop mate, stalemate, fourfold repetition and perpetual check,
 * FEN. Each constructed end is also asked of Fairy-Stockfish (ffish 0.7.10); perft
 * numbers were computed with it (recursing over legalMoves()).
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { FairyStockfish } from "ffish";
import { Game, parseActions } from "@/lib/rules";
import { perft } from "@/lib/rules/movegen";
import { parseFen } from "@/lib/rules/notation/fen";
import { getVariant } from "@/lib/rules/variants";
import { loadFairyStockfish, oracleAfter, oracleRow } from "../support/oracle";
import { errorOf, fenAfter, moves, movesFrom, play, position } from "../support/rules";

const S = "shogi";
const M = "minishogi";
const START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1";
const MINI_START = "rbsgk/4p/5/P4/KGSBR[] w - - 0 1";
/** Two kings far apart, for a piece's moves on its own. */
const alone = (rank5: string, hand = "") => `4k4/9/9/9/${rank5}/9/9/9/4K4[${hand}] w - - 0 1`;

let ff: FairyStockfish;
beforeAll(async () => {
  ff = await loadFairyStockfish();
});

/** Our game after the moves, and Fairy-Stockfish's verdict on the same line (its moves translated as in the oracle). */
function bothAfter(variant: string, fen: string, texts: string[], ucis: string[]) {
  const game = play(variant, fen, ...texts);
  const theirs = oracleAfter(ff, oracleRow(variant), fen, ucis);
  expect(game.fen()).toBe(theirs.fen);
  return { game, theirs };
}

describe("shogi: perft against Fairy-Stockfish", () => {
  const cases: [string, string, string, number[]][] = [
    ["shogi, the start", S, START, [30, 900, 25470]],
    ["shogi, in check with a hand (five moves)", S, "ln1gk1p1l/1r+P6/pp2ps1pp/4S4/3p2P2/P5RlP/NP1PPP1Pn/1S2G+nS2/2B1KG2L[GPPb] w - - 0 26", [5, 375, 41257]],
    ["shogi, full hands and promoted lance and pawns", S, "1n2kgrr1/P2g5/3p2np1/5p2l/nl2S1P1p/3P3P1/2P2P2P/2S5L/+l4KSNS[PPPPggpppbb] w - - 0 41", [38, 6068, 208312]],
    ["minishogi, the start", M, MINI_START, [14, 181, 2512, 35401]],
    ["minishogi, hands on both sides", M, "2s1k/p2rg/4P/1K3/G4[SRBb] w - - 0 11", [60, 1662, 63424]],
  ];
  for (const [name, variant, fen, counts] of cases) {
    it(name, () => {
      const pos = position(variant, fen);
      expect(counts.map((_, d) => perft(pos, d + 1))).toEqual(counts);
    });
  }
});

describe("shogi: FEN", () => {
  it("the start positions are Fairy-Stockfish's, read back as written", () => {
    expect(Game.start(S).fen()).toBe(START);
    expect(Game.start(M).fen()).toBe(MINI_START);
    expect(Game.start(S).turn()).toBe("white");
  });

  it("promoted pieces are + and the base letter; the hands come in Fairy-Stockfish's order", () => {
    const fen = "l3k3l/2+P6/9/4+r4/9/2+B6/9/9/4K4[GNLPSRBgnlpsrb] w - - 0 1";
    expect(Game.start(S, fen).fen()).toBe(fen);
    // Read in any order, written G N L P S R B.
    expect(Game.start(S, alone("9", "BPGbg")).fen()).toBe(alone("9", "GPBgb"));
    expect(Game.start(M, "4k/5/5/5/K4[BRSPGbrspg] w - - 0 1").fen()).toBe("4k/5/5/5/K4[GPSRBgpsrb] w - - 0 1");
    const board = Game.start(S, fen).board();
    expect(board.find((s) => s.square === "e6")).toEqual({ square: "e6", pieces: [{ color: "black", letter: "+R" }] });
  });

  it("refuses a + before a piece that does not promote, a promoted piece in hand, a piece that could never move", () => {
    const refusal = (variant: string, fen: string) => {
      const r = parseFen(getVariant(variant), fen);
      return r.ok ? "read" : r.error;
    };
    expect(refusal(S, alone("4+G4"))).toBe("'+G' is not a piece of Shogi");
    expect(refusal(S, alone("4+k4"))).toBe("'+k' is not a piece of Shogi");
    expect(refusal(S, alone("8+"))).toBe("'+' is not a piece of Shogi");
    expect(refusal(M, "4k/5/2+N2/5/K4[] w - - 0 1")).toBe("'+N' is not a piece of Minishogi");
    expect(refusal(S, alone("9", "+P"))).toMatch(/^bad hand in '\[\+P\]'/);
    expect(refusal(S, alone("9", "K"))).toBe("'K' cannot be held in hand in Shogi (only G N L P S R B)");
    expect(refusal(S, "P3k4/9/9/9/9/9/9/9/4K4[] w - - 0 1")).toBe("a pawn cannot stand on a9");
    expect(refusal(S, "4k4/N8/9/9/9/9/9/9/4K4[] w - - 0 1")).toBe("a knight cannot stand on a8");
    expect(refusal(S, "4k4/9/9/9/9/9/9/9/l3K4[] w - - 0 1")).toBe("a lance cannot stand on a1");
    // A promoted pawn may stand anywhere.
    expect(refusal(S, "+P3k4/9/9/9/9/9/9/9/4K4[] w - - 0 1")).toBe("read");
  });
});

describe("shogi: the pieces", () => {
  const from = (variant: string, fen: string, square: string) => movesFrom(variant, fen, square).map((m) => m.split("-")[1]).sort();

  it("the promoted rook (dragon king) is a rook that also steps diagonally; the promoted bishop (dragon horse) a bishop that also steps straight", () => {
    const open = (piece: string) => `1k7/9/9/9/4${piece}4/9/9/9/7K1[] w - - 0 1`;
    const dragon = from(S, open("+R"), "e5");
    expect(dragon).toHaveLength(16 + 4);
    expect(dragon).toEqual(expect.arrayContaining(["d6", "f6", "d4", "f4", "a5", "i5", "e2", "e8"]));
    const horse = from(S, open("+B"), "e5");
    expect(horse).toHaveLength(16 + 4);
    expect(horse).toEqual(expect.arrayContaining(["e6", "e4", "d5", "f5", "a1", "i9", "b8"]));
  });

  it("the gold, and every promoted minor piece, steps straight or diagonally forward", () => {
    const gold = ["d4", "d5", "d6", "e4", "e6", "f5", "f6"].filter((s) => s !== "d4");
    for (const letter of ["G", "+S", "+N", "+L", "+P"]) expect(from(S, alone(`4${letter}4`), "e5"), letter).toEqual(gold);
    // Black's go the other way.
    expect(from(S, "4k4/9/9/9/4+p4/9/9/9/4K4[] b - - 0 1", "e5")).toEqual(["d4", "d5", "e4", "e6", "f4", "f5"]);
  });

  it("the silver, the knight (the two forward leaps only), the lance and the pawn", () => {
    expect(from(S, alone("4S4"), "e5")).toEqual(["d4", "d6", "e6", "f4", "f6"]);
    // The knight lands in the zone: it may promote there.
    expect(from(S, alone("4N4"), "e5")).toEqual(["d7", "d7=+N", "f7", "f7=+N"]);
    expect(from(S, alone("3L5"), "d5")).toEqual(["d6", "d7", "d7=+L", "d8", "d8=+L", "d9=+L"]);
    expect(from(S, alone("4P4"), "e5")).toEqual(["e6"]);
    expect(from(S, "4k4/9/9/9/4n4/9/9/9/4K4[] b - - 0 1", "e5")).toEqual(["d3", "d3=+n", "f3", "f3=+n"]);
  });
});

describe("shogi: promotion", () => {
  it("is offered, not forced, on a move that enters the zone (the last three ranks)", () => {
    expect(movesFrom(S, alone("9").replace("4k4/9/9/9", "4k4/9/9/3S5"), "d6").filter((m) => m.includes("-d7") || m.includes("-c7")))
      .toEqual(["S d6-c7", "S d6-c7=+S", "S d6-d7", "S d6-d7=+S"]);
  });

  it("is offered on a move that starts in the zone, even one that leaves it", () => {
    const fen = "4k4/9/3S5/9/9/9/9/9/4K4[] w - - 0 1";
    expect(movesFrom(S, fen, "d7")).toEqual(expect.arrayContaining(["S d7-c6", "S d7-c6=+S", "S d7-d8", "S d7-d8=+S"]));
    const g = play(S, fen, "S d7-c6=+S");
    expect(g.fen()).toBe("4k4/9/9/2+S6/9/9/9/9/4K4[] b - - 0 1");
  });

  it("is forced where the piece could never move again: pawn and lance on the last rank, knight on the last two", () => {
    const fen = "4k4/P8/2L6/9/N8/9/9/9/4K4[] w - - 0 1";
    expect(movesFrom(S, fen, "a8")).toEqual(["P a8-a9=+P"]);
    expect(movesFrom(S, fen, "c7")).toEqual(["L c7-c8", "L c7-c8=+L", "L c7-c9=+L"]);
    expect(movesFrom(S, fen, "a5")).toEqual(["N a5-b7", "N a5-b7=+N"]);
    expect(movesFrom(S, "4k4/9/9/1N7/9/9/9/9/4K4[] w - - 0 1", "b6")).toEqual(["N b6-a8=+N", "N b6-c8=+N"]);
    // Black's pawn on its last rank, its knight on its last two.
    expect(movesFrom(S, "4k4/9/9/9/9/9/9/p8/4K4[] b - - 0 1", "a2")).toEqual(["p a2-a1=+p"]);
    expect(movesFrom(S, "4k4/9/9/9/9/1n7/9/9/4K4[] b - - 0 1", "b4")).toEqual(["n b4-a2=+n", "n b4-c2=+n"]);
  });

  it("a step that must promote and says nothing is refused, naming the promotion", () => {
    const fen = "4k4/P8/9/9/9/9/9/9/4K4[] w - - 0 1";
    expect(errorOf(() => play(S, fen, "P a8-a9"))).toBe("P a8-a9: say what the piece promotes to (+P), e.g. P a8-a9=+P");
    expect(play(S, fen, "P a8-a9=+P").fen()).toBe("+P3k4/9/9/9/9/9/9/9/4K4[] b - - 0 1");
    expect(errorOf(() => play(S, alone("4G4").replace("4k4/9/9/9/4G4", "4k4/9/9/4G4/9"), "G e6-e7=+G"))).toBe("G e6-e7=+G is not a legal move here");
  });

  it("the king, the gold and the promoted pieces never promote", () => {
    const fen = "4k4/9/9/2G1+P4/9/9/9/9/4K4[] w - - 0 1";
    expect(movesFrom(S, fen, "c6").some((m) => m.includes("="))).toBe(false);
    expect(movesFrom(S, fen, "e6").some((m) => m.includes("="))).toBe(false);
  });

  it("Minishogi's zone is the last rank only", () => {
    const fen = "4k/5/1S3/5/K4[] w - - 0 1";
    expect(movesFrom(M, fen, "b3")).toEqual(["S b3-a2", "S b3-a4", "S b3-b4", "S b3-c2", "S b3-c4"]);
    expect(movesFrom(M, "4k/1S3/5/5/K4[] w - - 0 1", "b4")).toEqual(["S b4-a3", "S b4-a5", "S b4-a5=+S", "S b4-b5", "S b4-b5=+S", "S b4-c3", "S b4-c5", "S b4-c5=+S"]);
    expect(movesFrom(M, "4k/P4/5/5/K4[] w - - 0 1", "a4")).toEqual(["P a4-a5=+P"]);
  });

  it("move text: the promoted piece's letter after =, read tolerantly; a promoted piece moves under its own letter", () => {
    expect(parseActions("S d7-c8=+S")).toEqual({ ok: true, value: [{ type: "step", piece: "S", from: "d7", to: "c8", promotion: "+S" }] });
    const fen = "4k4/9/3S5/9/9/9/9/9/4K4[] w - - 0 1";
    expect(Game.start(S, fen).play("s d7 - c8 = +s")).toBe("S d7-c8=+S");
    expect(Game.start(S, fen).play("S d7-c8")).toBe("S d7-c8");
    const g = play(S, fen, "S d7-c8=+S", "k e9-f9");
    expect(g.play("+S c8-c9")).toBe("+S c8-c9");
    expect(errorOf(() => play(S, fen, "S d7-c8=+S", "k e9-f9", "S c8-c9"))).toBe("S c8-c9: the piece on c8 is a promoted silver (+S), not S");
  });

  it("the board's builder offers both, so the promotion chooser asks", () => {
    const g = Game.start(S, "4k4/9/9/3S5/9/9/9/9/4K4[] w - - 0 1");
    const toD7 = g.nextActions([]).actions.filter((a) => a.type === "step" && a.from === "d6" && a.to === "d7");
    expect(toD7).toHaveLength(2);
    expect(toD7).toEqual(expect.arrayContaining([
      { type: "step", piece: "S", from: "d6", to: "d7", promotion: "+S" },
      { type: "step", piece: "S", from: "d6", to: "d7" },
    ]));
  });
});
