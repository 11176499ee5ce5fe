/**
 * Compound Chess (docs/games/compound.md): 10×8, letters K king,
 * Q Queen-Alfil-Dabbabah, R Rook-Alfil, B Bede, C Centaur, D Dragon, S Sergeant.
 */
import { describe, expect, it } from "vitest";
import { Game } from "@/lib/rules";
import { errorOf, fenAfter, moves, movesFrom, play, rawCount, reach, targets, V } from "../support/rules";

const X = "compound";
const START = "rdcbqkbcdr/ssssssssss/10/10/10/10/SSSSSSSSSS/RDCBQKBCDR w KQkq - 0 1";
const CASTLE = "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1";
const castles = (fen: string) => moves(X, fen).filter((m) => /^[Kk] f[18]-[ci][18]$/.test(m));
/** The castling position with one Black Rook-Alfil added on `sq` (rank 5), attacking down its file. */
const withAttacker = (file: string) => {
  const f = "abcdefghij".indexOf(file);
  return `r4k3r/10/10/${f ? f : ""}r${9 - f ? 9 - f : ""}/10/10/10/R4K3R w KQkq - 0 1`;
};

describe("compound: setup", () => {
  it("the start position is the array of docs/games/compound.md#start-position and has 53 moves", () => {
    expect(Game.start(X).fen()).toBe(START);
    expect(moves(X, "start")).toHaveLength(53);
    expect(rawCount(X, "start")).toBe(53);
  });
});

describe("compound: pieces", () => {
  // One board for every piece test: White's piece on e4, own Sergeants on e5 and
  // g6, Black Sergeants on c6, h4 and e2. Kings on j1/f8 out of the way.
  const board = (letter: string) => `5k4/10/2s3S3/4S5/4${letter}2s2/10/4s5/9K w - - 0 1`;
  const around: Record<string, "own" | "enemy"> = { e5: "own", g6: "own", c6: "enemy", h4: "enemy", e2: "enemy", j1: "own", f8: "enemy" };
  const check = (letter: string, vectors: [number, number, number][]) => {
    const fen = board(letter);
    expect(targets(X, fen, "e4")).toEqual(reach(10, 8, "e4", vectors, around));
    // Two ways to one square (QAD's queen and dabbabah) are one move: no duplicates.
    expect(rawCount(X, fen)).toBe(moves(X, fen).length);
  };

  it("Queen-Alfil-Dabbabah: queen + alfil + dabbabah, each square once", () => {
    check("Q", [...V.queen(), ...V.leap(2, 2), ...V.leap(0, 2)]);
    // It jumps over the own Sergeant on e5 to e6 as a dabbabah, once.
    expect(movesFrom(X, board("Q"), "e4").filter((m) => m.endsWith("e6"))).toEqual(["Q e4-e6"]);
  });

  it("Bede: bishop + dabbabah", () => {
    check("B", [...V.bishop(), ...V.leap(0, 2)]);
  });

  it("Rook-Alfil: rook + alfil", () => {
    check("R", [...V.rook(), ...V.leap(2, 2)]);
  });

  it("Centaur: knight + one step any way (not royal)", () => {
    check("C", [...V.leap(1, 2), ...V.queen(1)]);
    // Not royal: a Centaur may be left attacked, and may step next to danger.
    expect(movesFrom(X, "3r1k4/10/10/10/4C5/10/10/5K4 w - - 0 1", "e4")).toHaveLength(16); // d3–d6 attacked
  });

  it("King: one step any way", () => {
    expect(targets(X, "5k4/10/10/10/10/10/10/4K5 w - - 0 1", "e1")).toEqual(["d1", "d2", "e2", "f1", "f2"]);
  });

  it("Dragon: knight, one step forward without capturing, capture one step diagonally forward", () => {
    const fen = "5k4/10/10/10/3sds4/4D5/10/5K4 w - - 0 1"; // Black d4 e4 f4 in front of the Dragon on e3
    expect(targets(X, fen, "e3")).toEqual(["c2", "c4", "d1", "d4", "d5", "f4", "f5", "g2", "g4"].sort());
    // Open square ahead, empty diagonals: a forward step, no diagonal move.
    expect(targets(X, "5k4/10/10/10/10/4D5/10/5K4 w - - 0 1", "e3")).toEqual(["c2", "c4", "d1", "d5", "e4", "f5", "g2", "g4"]);
  });

  it("Dragon never double-steps from its second rank", () => {
    expect(movesFrom(X, "5k4/10/10/10/10/10/1D8/5K4 w - - 0 1", "b2")).toEqual(["D b2-a4", "D b2-b3", "D b2-c4", "D b2-d1", "D b2-d3"]);
  });

  it("Dragon never promotes, and keeps its knight moves on the last rank", () => {
    const fen = "k9/4D5/10/10/10/10/10/5K4 w - - 0 1";
    expect(movesFrom(X, fen, "e7")).toContain("D e7-e8");
    expect(movesFrom(X, fen, "e7").some((m) => m.includes("="))).toBe(false);
    expect(fenAfter(X, fen, "D e7-e8")).toBe("k3D5/10/10/10/10/10/10/5K4 b - - 1 1");
    expect(targets(X, "k3D5/10/10/10/10/10/10/5K4 w - - 0 1", "e8")).toEqual(["c7", "d6", "f6", "g7"]);
    // A Black Dragon reaching rank 1 stays a Dragon too.
    expect(movesFrom(X, "5k4/10/10/10/10/10/d9/5K4 b - - 0 1", "a2")).toContain("d a2-a1");
  });

  it("Sergeant: one step forward or diagonally forward, moving or capturing", () => {
    expect(targets(X, "5k4/10/10/10/10/4S5/10/5K4 w - - 0 1", "e3")).toEqual(["d4", "e4", "f4"]);
    expect(targets(X, "5k4/10/10/10/3sss4/4S5/10/5K4 w - - 0 1", "e3")).toEqual(["d4", "e4", "f4"]);
    expect(targets(X, "5k4/10/10/10/3SSS4/4S5/10/5K4 w - - 0 1", "e3")).toEqual([]);
  });

  it("Sergeant: a straight double step from its first square, without capturing, over an empty square", () => {
    expect(targets(X, "5k4/10/10/10/10/10/4S5/5K4 w - - 0 1", "e2")).toEqual(["d3", "e3", "e4", "f3"]);
    expect(targets(X, "5k4/10/10/10/4s5/10/4S5/5K4 w - - 0 1", "e2")).toEqual(["d3", "e3", "f3"]);
    expect(targets(X, "5k4/10/10/10/10/4s5/4S5/5K4 w - - 0 1", "e2")).toEqual(["d3", "e3", "f3"]);
    expect(targets(X, "5k4/ssssssssss/10/10/10/10/10/5K4 b - - 0 1", "e7")).toEqual(["d6", "e5", "e6", "f6"]);
  });
});

describe("compound: castling", () => {
  it("the king goes three squares, the Rook-Alfil lands on the square it crossed: K f1-i1 and K f1-c1", () => {
    expect(castles(CASTLE)).toEqual(["K f1-c1", "K f1-i1"]);
    expect(fenAfter(X, CASTLE, "K f1-i1")).toBe("r4k3r/10/10/10/10/10/10/R6RK1 b kq - 1 1");
    expect(fenAfter(X, CASTLE, "K f1-c1")).toBe("r4k3r/10/10/10/10/10/10/2KR5R b kq - 1 1");
    const b = CASTLE.replace(" w ", " b ");
    expect(castles(b)).toEqual(["k f8-c8", "k f8-i8"]);
    expect(fenAfter(X, b, "k f8-i8")).toBe("r6rk1/10/10/10/10/10/10/R4K3R w KQ - 1 2");
    expect(fenAfter(X, b, "k f8-c8")).toBe("2kr5r/10/10/10/10/10/10/R4K3R w KQ - 1 2");
  });

  it("from the start array once the squares between are empty", () => {
    const g = play(X, START, "D i1-j3", "s a7-a6", "C h1-i3", "s b7-b6");
    expect(g.legalMoves().map((m) => m.text)).not.toContain("K f1-i1"); // the Bede still stands on g1
    g.play("B g1-g3");
    g.play("s c7-c6");
    expect(g.legalMoves().map((m) => m.text)).toContain("K f1-i1");
    expect(g.play("K f1-i1")).toBe("K f1-i1");
    expect(g.fen().split(" ")[0].split("/")[7]).toBe("RDCBQ2RK1");
    expect(g.fen().split(" ")[2]).toBe("kq");
  });

  it("not out of check, through or onto an attacked square", () => {
    expect(castles(withAttacker("f"))).toEqual([]); // in check
    expect(castles(withAttacker("g"))).toEqual(["K f1-c1"]);
    expect(castles(withAttacker("h"))).toEqual(["K f1-c1"]);
    expect(castles(withAttacker("i"))).toEqual(["K f1-c1"]);
    expect(castles(withAttacker("e"))).toEqual(["K f1-i1"]);
    expect(castles(withAttacker("d"))).toEqual(["K f1-i1"]);
    expect(castles(withAttacker("c"))).toEqual(["K f1-i1"]);
  });

  it("allowed when only the Rook-Alfil is attacked or crosses an attacked square (b1)", () => {
    expect(castles(withAttacker("b"))).toEqual(["K f1-c1", "K f1-i1"]);
    expect(castles(withAttacker("j"))).toEqual(["K f1-c1", "K f1-i1"]);
    expect(castles(withAttacker("a"))).toEqual(["K f1-c1", "K f1-i1"]);
  });

  it("not with any piece between king and Rook-Alfil", () => {
    for (const [rank1, left] of [
      ["RD3K3R", ["K f1-i1"]], ["R1D2K3R", ["K f1-i1"]], ["R2D1K3R", ["K f1-i1"]], ["R3DK3R", ["K f1-i1"]],
      ["R4KD2R", ["K f1-c1"]], ["R4K1D1R", ["K f1-c1"]], ["R4K2DR", ["K f1-c1"]],
    ] as [string, string[]][]) {
      expect(castles(`r4k3r/10/10/10/10/10/10/${rank1} w KQkq - 0 1`), rank1).toEqual(left);
    }
  });

  it("rights are lost when the king or that Rook-Alfil moves, or the Rook-Alfil is captured", () => {
    expect(fenAfter(X, CASTLE, "K f1-e1").split(" ")[2]).toBe("kq");
    expect(fenAfter(X, CASTLE, "R j1-j2").split(" ")[2]).toBe("Qkq");
    expect(fenAfter(X, CASTLE, "R a1-c3").split(" ")[2]).toBe("Kkq"); // an alfil jump
    expect(fenAfter(X, CASTLE, "R j1-j8").split(" ")[2]).toBe("Qq");
    const g = play(X, CASTLE, "K f1-e1", "k f8-e8", "K e1-f1", "k e8-f8");
    expect(g.fen()).toBe("r4k3r/10/10/10/10/10/10/R4K3R w - - 4 3");
    expect(castles(g.fen())).toEqual([]);
  });
});

describe("compound: en passant (Sergeants, by Dragons only)", () => {
  it("the en passant square is written after every Sergeant double step", () => {
    expect(fenAfter(X, START, "S e2-e4")).toBe("rdcbqkbcdr/ssssssssss/10/10/4S5/10/SSSS1SSSSS/RDCBQKBCDR b KQkq e3 0 1");
    expect(fenAfter(X, START, "S e2-e3").split(" ")[3]).toBe("-");
  });

  it("a Dragon takes a Sergeant that double-stepped past it, on the next move", () => {
    const g = play(X, "5k4/10/10/10/4d5/10/3S6/5K4 w - - 0 1", "S d2-d4");
    expect(g.fen()).toBe("5k4/10/10/10/3Sd5/10/10/5K4 b - d3 0 1");
    expect(g.legalMoves().map((m) => m.text)).toContain("d e4-d3");
    g.play("d e4-d3");
    expect(g.fen()).toBe("5k4/10/10/10/10/3d6/10/5K4 w - - 0 2");
  });

  it("White's Dragon too", () => {
    const g = play(X, "5k4/3s6/10/4D5/10/10/10/5K4 b - - 0 1", "s d7-d5");
    expect(g.fen().split(" ")[3]).toBe("d6");
    expect(fenAfter(X, g.fen(), "D e5-d6")).toBe("5k4/10/3D6/10/10/10/10/5K4 b - - 0 2");
  });

  it("only on the very next move", () => {
    const g = play(X, "5k4/10/10/10/4d5/10/3S6/5K4 w - - 0 1", "S d2-d4", "k f8-f7", "K f1-g1");
    expect(g.legalMoves().map((m) => m.text)).not.toContain("d e4-d3");
  });

  it("a Sergeant never captures en passant (its diagonal step just moves)", () => {
    const g = play(X, "5k4/10/10/10/4s5/10/3S6/5K4 w - - 0 1", "S d2-d4");
    expect(g.fen().split(" ")[3]).toBe("d3");
    g.play("s e4-d3");
    expect(g.fen()).toBe("5k4/10/10/10/3S6/3s6/10/5K4 w - - 0 2"); // the Sergeant on d4 is still there
  });

  it("nothing else takes en passant: a Centaur, Bede or QAD beside the Sergeant only moves to the square", () => {
    for (const l of ["c", "b", "q"]) {
      const g = play(X, `5k4/10/10/10/4${l}5/10/3S6/5K4 w - - 0 1`, "S d2-d4");
      const to = g.legalMoves().map((m) => m.text).filter((m) => m.startsWith(`${l} e4-d3`));
      expect(to, l).toHaveLength(1);
      for (const m of to) expect(fenAfter(X, g.fen(), m).split(" ")[0], m).toContain("3S6");
    }
  });
});

describe("compound: promotion", () => {
  const fen = "5k4/1S8/10/10/10/10/10/5K4 w - - 0 1";

  it("a Sergeant on the last rank becomes a Dragon, Bede, Rook-Alfil, QAD or Centaur — nothing else", () => {
    expect(movesFrom(X, fen, "b7").filter((m) => m.startsWith("S b7-b8"))).toEqual(
      ["S b7-b8=B", "S b7-b8=C", "S b7-b8=D", "S b7-b8=Q", "S b7-b8=R"],
    );
    expect(fenAfter(X, fen, "S b7-b8=D")).toBe("1D3k4/10/10/10/10/10/10/5K4 b - - 0 1");
    for (const bad of ["S b7-b8=K", "S b7-b8=S", "S b7-b8=N"]) expect(() => play(X, fen, bad), bad).toThrow();
    expect(errorOf(() => play(X, fen, "S b7-b8"))).toMatch(/promot/);
  });

  it("also on a diagonal step or a capture, and for Black on rank 1", () => {
    expect(movesFrom(X, fen, "b7")).toHaveLength(15);
    expect(fenAfter(X, "5k4/10/10/10/10/10/2s7/5K2R1 b - - 0 1", "s c2-c1=q")).toBe("5k4/10/10/10/10/10/10/2q2K2R1 w - - 0 2");
    expect(fenAfter(X, "2r2k4/1S8/10/10/10/10/10/5K4 w - - 0 1", "S b7-c8=C")).toBe("2C2k4/10/10/10/10/10/10/5K4 b - - 0 1");
  });
});

describe("compound: how games end", () => {
  it("fifty-move count: reset by captures and Sergeant moves only (a Dragon's step is not a pawn move)", () => {
    const fen = "5k4/10/10/10/10/10/1DS7/5K4 w - - 10 20";
    expect(fenAfter(X, fen, "D b2-b3").split(" ")[4]).toBe("11");
    expect(fenAfter(X, fen, "S c2-c3").split(" ")[4]).toBe("0");
    expect(fenAfter(X, fen, "S c2-c4").split(" ")[4]).toBe("0");
    expect(fenAfter(X, "5k4/10/10/10/10/s9/1DS7/5K4 w - - 10 20", "D b2-a3").split(" ")[4]).toBe("0");
    expect(play(X, fen.replace(" 10 ", " 99 "), "D b2-b3").claimableDraws()).toContain("fifty-move-rule");
  });

  it("checkmate wins, stalemate draws", () => {
    expect(Game.start(X, "k9/10/1Q8/10/10/10/10/9K b - - 0 1").status()).toEqual({ result: "draw", reason: "stalemate" });
    expect(Game.start(X, "k9/1Q8/2K7/10/10/10/10/10 b - - 0 1").status()).toEqual({ result: "white-wins", reason: "checkmate" });
  });

  it("threefold repetition is claimable", () => {
    const cycle = ["C h1-g3", "c h8-g6", "C g3-h1", "c g6-h8"];
    const g = play(X, START, ...cycle, ...cycle);
    expect(g.claimableDraws()).toEqual(["threefold-repetition"]);
  });

  it("bare kings are a dead position", () => {
    expect(Game.start(X, "5k4/10/10/10/10/10/10/5K4 w - - 0 1").status()).toEqual({ result: "draw", reason: "insufficient-material" });
  });
});
