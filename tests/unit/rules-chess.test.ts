/**
 * Orthodox chess (docs/games/chess.md and docs/common-rules.md): one focused test per
 * rule, each on a position built for it, checking what must be legal and what
 * must not.
 */
import { describe, expect, it } from "vitest";
import { Game } from "@/lib/rules";
import { errorOf, fenAfter, moves, movesFrom, play } from "../support/rules";

const C = "chess";
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const CASTLE = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
const castles = (fen: string) => moves(C, fen).filter((m) => /^[Kk] [a-h][18]-[a-h][18]$/.test(m) && Math.abs(m.charCodeAt(2) - m.charCodeAt(5)) === 2);

describe("chess: start and basics", () => {
  it("has the 20 orthodox first moves, in canonical text", () => {
    const list = moves(C, "start");
    expect(list).toHaveLength(20);
    expect(list).toContain("P e2-e4");
    expect(list).toContain("N g1-f3");
    expect(list).not.toContain("P e2-e5");
  });

  it("a pawn double-steps only from its second rank and only over an empty square", () => {
    expect(movesFrom(C, "4k3/8/8/8/8/4P3/8/4K3 w - - 0 1", "e3")).toEqual(["P e3-e4"]);
    expect(movesFrom(C, "4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1", "e2")).toEqual([]);
    expect(movesFrom(C, "4k3/8/8/8/4n3/8/4P3/4K3 w - - 0 1", "e2")).toEqual(["P e2-e3"]);
  });

  it("a double step is refused as blocked only from the second rank; beyond it, it is no move at all", () => {
    expect(errorOf(() => play(C, "4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1", "P e2-e4"))).toBe("P e2-e4: the pawn is blocked at e3");
    expect(errorOf(() => play(C, "4k3/8/8/4p3/4P3/8/8/4K3 w - - 0 1", "P e4-e6"))).toBe("P e4-e6 is not a legal move here");
  });

  it("a pawn captures only diagonally forward and moves diagonally never", () => {
    expect(movesFrom(C, "4k3/8/8/4n3/4P3/8/8/4K3 w - - 0 1", "e4")).toEqual([]);
    expect(movesFrom(C, "4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", "e4")).toEqual(["P e4-e5"]);
    expect(movesFrom(C, "4k3/8/8/3nnn2/4P3/8/8/4K3 w - - 0 1", "e4")).toEqual(["P e4-d5", "P e4-f5"]);
  });
});

describe("chess: check and legality", () => {
  it("a pinned piece may not move off the line, and the error says why", () => {
    const fen = "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1";
    expect(movesFrom(C, fen, "e2")).toEqual([]);
    expect(errorOf(() => play(C, fen, "B e2-d3"))).toMatch(/leave your king in check/);
  });

  it("a check must be answered; the king may not step along the checking line", () => {
    const fen = "4k3/8/8/8/8/8/8/R3K2r w - - 0 1";
    expect(moves(C, fen)).toEqual(["K e1-d2", "K e1-e2", "K e1-f2"]);
    expect(Game.start(C, fen).checks()).toEqual(["e1"]);
    expect(Game.start(C, "start").checks()).toEqual([]);
  });
});

describe("chess: castling", () => {
  it("both wings, written as the king's step, the rook jumping over", () => {
    expect(castles(CASTLE)).toEqual(["K e1-c1", "K e1-g1"]);
    expect(fenAfter(C, CASTLE, "K e1-g1")).toBe("r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    expect(fenAfter(C, CASTLE, "K e1-c1")).toBe("r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1");
    const b = CASTLE.replace(" w ", " b ");
    expect(castles(b)).toEqual(["k e8-c8", "k e8-g8"]);
    expect(fenAfter(C, b, "k e8-g8")).toBe("r4rk1/8/8/8/8/8/8/R3K2R w KQ - 1 2");
    expect(fenAfter(C, b, "k e8-c8")).toBe("2kr3r/8/8/8/8/8/8/R3K2R w KQ - 1 2");
  });

  it("not out of check", () => {
    expect(castles("r3k2r/8/8/8/4r3/8/8/R3K2R w KQkq - 0 1")).toEqual([]);
  });

  it("not through an attacked square", () => {
    expect(castles("r3k2r/8/8/8/5r2/8/8/R3K2R w KQkq - 0 1")).toEqual(["K e1-c1"]);
    expect(castles("r3k2r/8/8/8/3r4/8/8/R3K2R w KQkq - 0 1")).toEqual(["K e1-g1"]);
  });

  it("not into check", () => {
    expect(castles("r3k2r/8/8/8/6r1/8/8/R3K2R w KQkq - 0 1")).toEqual(["K e1-c1"]);
    expect(castles("r3k2r/8/8/8/2r5/8/8/R3K2R w KQkq - 0 1")).toEqual(["K e1-g1"]);
  });

  it("allowed when only the rook is attacked or passes an attacked square (b1)", () => {
    expect(castles("r3k2r/8/8/8/1r5r/8/8/R3K2R w KQkq - 0 1")).toEqual(["K e1-c1", "K e1-g1"]);
  });

  it("not with a piece between king and rook", () => {
    expect(castles("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1")).toEqual(["K e1-g1"]);
    expect(castles("r3k2r/8/8/8/8/8/8/R3K1NR w KQkq - 0 1")).toEqual(["K e1-c1"]);
  });

  it("not without the right", () => {
    expect(castles(CASTLE.replace("KQkq", "kq"))).toEqual([]);
    expect(castles(CASTLE.replace("KQkq", "Qkq"))).toEqual(["K e1-c1"]);
  });

  it("rights are lost for good when the king moves, even if it comes back", () => {
    const g = play(C, CASTLE, "K e1-d1", "k e8-d8", "K d1-e1", "k d8-e8");
    expect(g.fen()).toBe("r3k2r/8/8/8/8/8/8/R3K2R w - - 4 3");
    expect(g.legalMoves().map((m) => m.text)).not.toContain("K e1-g1");
  });

  it("a rook move loses that wing's right only", () => {
    expect(fenAfter(C, CASTLE, "R h1-h2").split(" ")[2]).toBe("Qkq");
    expect(fenAfter(C, CASTLE, "R a1-b1").split(" ")[2]).toBe("Kkq");
    const g = play(C, CASTLE, "R h1-h2", "k e8-d8", "R h2-h1");
    expect(g.fen().split(" ")[2]).toBe("Q");
  });

  it("a captured rook takes its right with it", () => {
    expect(fenAfter(C, "r3k2r/8/8/8/8/8/1B6/R3K2R w KQkq - 0 1", "B b2-h8").split(" ")[2]).toBe("KQq");
    expect(fenAfter(C, CASTLE, "R a1-a8").split(" ")[2]).toBe("Kk");
  });
});

describe("chess: en passant", () => {
  const ready = ["P e2-e4", "p a7-a6", "P e4-e5", "p d7-d5"];

  it("the en passant square is written only when a pawn stands to take, as Fairy-Stockfish writes it", () => {
    expect(fenAfter(C, START, "P e2-e4")).toBe("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    expect(fenAfter(C, START, ...ready)).toBe("rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
    expect(fenAfter(C, START, "P e2-e3").split(" ")[3]).toBe("-");
    // A pinned pawn stands to take all the same: the square is written, the capture is not legal.
    const pinned = play(C, "1k6/8/8/8/1p6/8/P7/1R2K3 w - - 0 1", "P a2-a4");
    expect(pinned.fen().split(" ")[3]).toBe("a3");
    expect(pinned.legalMoves().map((m) => m.text)).not.toContain("p b4-a3");
    // The classic rule where Fairy-Stockfish is no reference (docs/notation.md#en-passant-square).
    expect(fenAfter("companion", START, "P e2-e4").split(" ")[3]).toBe("e3");
  });

  it("captures the pawn that passed, on the very next move", () => {
    const g = play(C, START, ...ready);
    expect(g.legalMoves().map((m) => m.text)).toContain("P e5-d6");
    expect(g.play("P e5-d6")).toBe("P e5-d6");
    expect(g.fen()).toBe("rnbqkbnr/1pp1pppp/p2P4/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3");
  });

  it("only on the next move", () => {
    const g = play(C, START, ...ready, "N g1-f3", "p a6-a5");
    expect(g.legalMoves().map((m) => m.text)).not.toContain("P e5-d6");
    expect(errorOf(() => g.play("P e5-d6"))).toMatch(/not a legal move/);
  });

  it("not when taking would expose the king (both pawns leave the rank)", () => {
    const fen = "8/8/8/KPp4r/8/8/8/7k w - c6 0 2";
    expect(movesFrom(C, fen, "b5")).toEqual(["P b5-b6"]);
    expect(errorOf(() => play(C, fen, "P b5-c6"))).toMatch(/leave your king in check/);
  });

  it("may answer a check given by the pawn that double-stepped", () => {
    const fen = "4k3/8/8/3pP3/4K3/8/8/8 w - d6 0 2";
    expect(moves(C, fen)).toContain("P e5-d6");
    expect(fenAfter(C, fen, "P e5-d6")).toBe("4k3/8/3P4/8/4K3/8/8/8 b - - 0 2");
  });
});

describe("chess: promotion", () => {
  it("a pawn on the last rank becomes a queen, rook, bishop or knight — nothing else", () => {
    const fen = "7k/4P3/8/8/8/8/8/4K3 w - - 0 1";
    expect(movesFrom(C, fen, "e7")).toEqual(["P e7-e8=B", "P e7-e8=N", "P e7-e8=Q", "P e7-e8=R"]);
    expect(fenAfter(C, fen, "P e7-e8=Q")).toBe("4Q2k/8/8/8/8/8/8/4K3 b - - 0 1");
    expect(fenAfter(C, fen, "P e7-e8=N")).toBe("4N2k/8/8/8/8/8/8/4K3 b - - 0 1");
    for (const bad of ["P e7-e8=K", "P e7-e8=P"]) expect(() => play(C, fen, bad)).toThrow();
  });

  it("the promotion must be named", () => {
    expect(errorOf(() => play(C, "7k/4P3/8/8/8/8/8/4K3 w - - 0 1", "P e7-e8"))).toMatch(/promot/);
  });

  it("Black promotes on rank 1, written in Black's case", () => {
    expect(fenAfter(C, "4k3/8/8/8/8/8/3p4/K7 b - - 0 1", "p d2-d1=n")).toBe("4k3/8/8/8/8/8/8/K2n4 w - - 0 2");
  });

  it("promotion by capture", () => {
    const fen = "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1";
    expect(movesFrom(C, fen, "e7")).toContain("P e7-d8=Q");
    expect(fenAfter(C, fen, "P e7-d8=R")).toBe("3R3k/8/8/8/8/8/8/4K3 b - - 0 1");
  });
});

describe("chess: how games end", () => {
  it("checkmate wins; no moves after it", () => {
    const g = play(C, START, "P f2-f3", "p e7-e5", "P g2-g4", "q d8-h4");
    expect(g.status()).toEqual({ result: "black-wins", reason: "checkmate" });
    expect(g.checks()).toEqual(["e1"]);
    expect(g.legalMoves()).toEqual([]);
    expect(errorOf(() => g.play("P a2-a3"))).toMatch(/over/);
  });

  it("stalemate is a draw", () => {
    expect(Game.start(C, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").status()).toEqual({ result: "draw", reason: "stalemate" });
  });

  it("dead positions: K v K, K+B v K, K+N v K, bishops all on one colour", () => {
    const draw = { result: "draw", reason: "insufficient-material" };
    for (const fen of [
      "8/8/8/4k3/8/8/8/4K3 w - - 0 1",
      "8/8/8/4k3/8/8/8/2B1K3 w - - 0 1",
      "8/8/8/4k3/8/8/8/4K1n1 w - - 0 1",
      "8/8/8/4k3/8/8/8/1N2K3 b - - 0 1",
    ]) {
      expect(Game.start(C, fen).status(), fen).toEqual(draw);
    }
    // Bishops on one colour only (c1, e3, a5, f8 are all dark squares), any side: dead.
    expect(Game.start(C, "5b2/8/8/B3k3/8/4B3/8/2B1K3 w - - 0 1").status()).toEqual(draw);
    // Bishops on both colours: mate is possible.
    expect(Game.start(C, "2b5/8/8/4k3/8/8/8/2B1K3 w - - 0 1").status()).toEqual({ result: "ongoing" });
  });

  it("not dead: pawn, rook, two knights, knight against knight, bishop against knight", () => {
    for (const fen of [
      "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1",
      "8/8/8/4k3/8/8/8/R3K3 w - - 0 1",
      "8/8/8/4k3/8/8/8/1N2K1N1 w - - 0 1",
      "1n6/8/8/4k3/8/8/8/1N2K3 w - - 0 1",
      "1n6/8/8/4k3/8/8/8/2B1K3 w - - 0 1",
    ]) {
      expect(Game.start(C, fen).status(), fen).toEqual({ result: "ongoing" });
    }
  });

  it("fifty-move rule: claimable from 100 plies without capture or pawn move", () => {
    const fen = "4k3/8/8/8/8/8/4P3/R3K3 w - - 99 60";
    const g = play(C, fen, "R a1-a2");
    expect(g.fen().split(" ")[4]).toBe("100");
    expect(g.claimableDraws()).toContain("fifty-move-rule");
    expect(g.status()).toEqual({ result: "ongoing" });
    expect(play(C, fen.replace(" 99 ", " 98 "), "R a1-a2").claimableDraws()).not.toContain("fifty-move-rule");
  });

  it("a pawn move or a capture resets the count", () => {
    expect(fenAfter(C, "4k3/8/8/8/8/8/4P3/R3K3 w - - 99 60", "P e2-e3").split(" ")[4]).toBe("0");
    const g = play(C, "4k3/8/8/8/8/8/r3P3/R3K3 w - - 99 60", "R a1-a2");
    expect(g.fen().split(" ")[4]).toBe("0");
    expect(g.claimableDraws()).not.toContain("fifty-move-rule");
  });

  it("seventy-five moves (150 plies) end the game as a draw by themselves", () => {
    const g = play(C, "4k3/8/8/8/8/8/4P3/R3K3 w - - 149 80", "R a1-a2");
    expect(g.status()).toEqual({ result: "draw", reason: "seventy-five-move-rule" });
    expect(g.legalMoves()).toEqual([]);
    expect(Game.start(C, "4k3/8/8/8/8/8/4P3/R3K3 w - - 150 80").status()).toEqual({ result: "draw", reason: "seventy-five-move-rule" });
    expect(Game.start(C, "4k3/8/8/8/8/8/4P3/R3K3 w - - 149 80").status()).toEqual({ result: "ongoing" });
  });

  it("but a checkmate on that 150th ply wins", () => {
    const g = play(C, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 80", "R a1-a8");
    expect(g.fen().split(" ")[4]).toBe("150");
    expect(g.status()).toEqual({ result: "white-wins", reason: "checkmate" });
  });

  it("threefold repetition is claimable, fivefold ends the game", () => {
    const shuffle = ["N g1-f3", "n g8-f6", "N f3-g1", "n f6-g8"];
    const g = play(C, START, ...shuffle);
    expect(g.claimableDraws()).toEqual([]); // twice
    for (const m of shuffle) g.play(m);
    expect(g.claimableDraws()).toEqual(["threefold-repetition"]);
    expect(g.status()).toEqual({ result: "ongoing" });
    for (const m of shuffle) g.play(m);
    expect(g.status()).toEqual({ result: "ongoing" }); // four times
    for (const m of shuffle) g.play(m);
    expect(g.status()).toEqual({ result: "draw", reason: "fivefold-repetition" });
    expect(g.legalMoves()).toEqual([]);
    expect(g.claimableDraws()).toEqual([]);
  });

  it("repetition is also claimable by the side that would repeat after an odd number of plies", () => {
    const g = play(C, START, "N g1-f3", "n g8-f6", "N f3-g1", "n f6-g8", "N g1-f3", "n g8-f6", "N f3-g1", "n f6-g8", "N g1-f3");
    expect(g.claimableDraws()).toEqual(["threefold-repetition"]); // position after 1. Nf3, third time
  });

  it("repetition needs the same castling rights", () => {
    const cycle = ["R h1-h2", "r h8-h7", "R h2-h1", "r h7-h8"];
    const g = play(C, CASTLE, ...cycle, ...cycle);
    // The start position had KQkq; the later ones only Qq: they occur twice, not three times.
    expect(g.claimableDraws()).toEqual([]);
    for (const m of cycle) g.play(m);
    expect(g.claimableDraws()).toEqual(["threefold-repetition"]);
  });

  it("repetition ignores an en passant square where no capture is possible", () => {
    // After 1. e4 Companion's FEN says e3, but Black cannot take: the same position as later without it.
    const g = play("companion", START, "P e2-e4");
    expect(g.fen().split(" ")[3]).toBe("e3");
    for (const m of ["n g8-f6", "N g1-f3", "n f6-g8", "N f3-g1", "n g8-f6", "N g1-f3", "n f6-g8", "N f3-g1"]) g.play(m);
    expect(g.fen().split(" ")[3]).toBe("-");
    expect(g.claimableDraws()).toEqual(["threefold-repetition"]);
  });

  it("… and also one where the capture would expose the king", () => {
    const g = play(C, "7k/2p5/8/KP5r/8/8/8/8 b - - 0 1", "p c7-c5");
    expect(g.fen().split(" ")[3]).toBe("c6");
    const cycle = ["K a5-a6", "k h8-g8", "K a6-a5", "k g8-h8"];
    for (const m of [...cycle, ...cycle]) g.play(m);
    expect(g.claimableDraws()).toEqual(["threefold-repetition"]);
  });

  it("but counts a usable en passant right as a difference", () => {
    const g = play(C, "4k3/3p4/8/4P3/8/8/8/4K1N1 b - - 0 1", "p d7-d5"); // White may take e.p.
    const cycle = ["N g1-f3", "k e8-e7", "N f3-g1", "k e7-e8"];
    for (const m of [...cycle, ...cycle]) g.play(m);
    expect(g.claimableDraws()).toEqual([]); // without the e.p. right: twice
    for (const m of cycle) g.play(m);
    expect(g.claimableDraws()).toEqual(["threefold-repetition"]);
  });
});
