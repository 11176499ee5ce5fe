/**
 * Antichess (docs/games/antichess.md), as Fairy-Stockfish plays it: compulsory captures, the
 * king as an ordinary piece, promotion to king, the wins by losing every piece or having no
 * move. Every constructed position is also put to Fairy-Stockfish (ffish 0.7.10): the same
 * legal moves. The random games and the perft from the start and middlegames are in
 * tests/unit/oracle.test.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { FairyStockfish } from "ffish";
import { Game } from "@/lib/rules";
import { perft } from "@/lib/rules/movegen";
import { loadFairyStockfish, oracleAfter, oracleRow, ourMoves } from "../support/oracle";
import { errorOf, fenAfter, moves, play, position } from "../support/rules";

const X = "antichess";
const status = (fen: string, ...texts: string[]) => play(X, fen, ...texts).status();

let ff: FairyStockfish;
beforeAll(async () => {
  ff = await loadFairyStockfish();
});

/** Our legal moves, FEN and result are Fairy-Stockfish's. */
function sameAsFairyStockfish(fen: string, ...texts: string[]) {
  const g = play(X, fen, ...texts);
  const listed = g.status().result === "ongoing" ? g.legalMoves() : [];
  const theirs = oracleAfter(ff, oracleRow(X), g.fen());
  expect(ourMoves(g, listed, false).map((m) => m.uci).sort(), g.fen()).toEqual(theirs.moves);
  expect(g.fen()).toBe(theirs.fen);
  const verdict = { "white-wins": "1-0", "black-wins": "0-1", draw: "1/2-1/2", ongoing: "*" }[g.status().result];
  expect(theirs.result, g.fen()).toBe(verdict);
}

describe("antichess: compulsory captures", () => {
  // The pawn on e4 can take on d5; the knight on b1 could move, but may not.
  const fen = "4k3/8/8/3p4/4P3/8/8/1N6 w - - 0 1";

  it("a player who can capture must capture", () => {
    expect(moves(X, fen)).toEqual(["P e4-d5"]);
    sameAsFairyStockfish(fen);
  });

  it("any other move is refused, naming the captures there are", () => {
    expect(errorOf(() => play(X, fen, "N b1-c3"))).toBe("N b1-c3: captures are compulsory, you must capture: P e4-d5");
    expect(errorOf(() => play(X, fen, "P e4-e5"))).toBe("P e4-e5: captures are compulsory, you must capture: P e4-d5");
  });

  it("with several captures the player chooses among them", () => {
    const many = "4k3/8/8/2npr3/4P3/8/8/8 w - - 0 1";
    expect(moves(X, many)).toEqual(["P e4-d5"]);
    const two = "4k3/8/8/3p1r2/4P3/8/8/8 w - - 0 1";
    expect(moves(X, two)).toEqual(["P e4-d5", "P e4-f5"]);
    // Five captures: the refusal names four of them.
    const lots = "4k3/8/8/2pp1r2/1N2P3/3n4/1P2Q3/8 w - - 0 1";
    expect(moves(X, lots)).toEqual(["N b4-d3", "N b4-d5", "P e4-d5", "P e4-f5", "Q e2-d3"]);
    expect(errorOf(() => play(X, lots, "P b2-b3"))).toBe("P b2-b3: captures are compulsory, you must capture: Q e2-d3 or N b4-d5 or N b4-d3 or P e4-f5 or another capture");
    sameAsFairyStockfish(two);
  });

  it("en passant is a capture, and so compulsory", () => {
    const g = play(X, "4k3/3p4/8/4P3/8/8/8/8 b - - 0 1", "p d7-d5");
    expect(g.fen()).toBe("4k3/8/8/3pP3/8/8/8/8 w - d6 0 2");
    expect(g.legalMoves().map((m) => m.text)).toEqual(["P e5-d6"]);
    sameAsFairyStockfish("4k3/3p4/8/4P3/8/8/8/8 b - - 0 1", "p d7-d5");
  });
});

describe("antichess: the king is an ordinary piece", () => {
  it("there is no check: the king may move into attack and be captured", () => {
    // The Black rook on d8 attacks d1; the White king may step there.
    const fen = "3rk3/8/8/8/8/8/8/4K3 w - - 0 1";
    expect(moves(X, fen)).toContain("K e1-d1");
    expect(Game.start(X, fen).checks()).toEqual([]);
    expect(fenAfter(X, fen, "K e1-d1", "r d8-d1")).toBe("4k3/8/8/8/8/8/8/3r4 w - - 0 2");
    sameAsFairyStockfish(fen);
  });

  it("there is no castling", () => {
    const fen = "4k3/8/8/8/8/8/8/R3K2R w - - 0 1";
    expect(moves(X, fen)).not.toContain("K e1-g1");
    expect(errorOf(() => play(X, fen, "K e1-g1"))).toBe("K e1-g1 is not a legal move here");
    expect(errorOf(() => Game.start(X, "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"))).toBe("bad castling field 'KQ'");
    sameAsFairyStockfish(fen);
  });

  it("a pawn may promote to a king as well as to queen, rook, bishop or knight", () => {
    const fen = "8/8/8/8/8/8/1p6/N7 b - - 0 1";
    expect(moves(X, fen)).toEqual(["p b2-a1=b", "p b2-a1=k", "p b2-a1=n", "p b2-a1=q", "p b2-a1=r"]);
    expect(fenAfter(X, "8/4P3/8/8/8/8/8/k7 w - - 0 1", "P e7-e8=K")).toBe("4K3/8/8/8/8/8/8/k7 b - - 0 1");
    expect(errorOf(() => play(X, "8/4P3/8/8/8/8/8/k7 w - - 0 1", "P e7-e8"))).toBe(
      "P e7-e8: say what the piece promotes to (Q, R, B, N, K), e.g. P e7-e8=Q",
    );
    sameAsFairyStockfish(fen);
  });

  it("a side may have several kings, or none", () => {
    expect(status("K3k3/8/8/8/8/8/8/4K2K w - - 0 1")).toEqual({ result: "ongoing" });
    expect(status("8/8/8/8/8/8/4p3/4K3 w - - 0 1")).toEqual({ result: "ongoing" });
  });
});

describe("antichess: the ends", () => {
  it("a player who has lost every piece wins", () => {
    // Black must take the rook (promoting); White, with nothing left, wins.
    const g = play(X, "8/8/8/8/8/8/4p3/3R4 b - - 0 1", "p e2-d1=q");
    expect(g.fen()).toBe("8/8/8/8/8/8/8/3q4 w - - 0 2");
    expect(g.status()).toEqual({ result: "white-wins", reason: "all-pieces-lost" });
    sameAsFairyStockfish("8/8/8/8/8/8/4p3/3R4 b - - 0 1", "p e2-d1=q");
    expect(status("8/8/8/8/8/8/8/4K2R w - - 0 1")).toEqual({ result: "black-wins", reason: "all-pieces-lost" });
  });

  it("a player who has no legal move wins", () => {
    // White's pawn is blocked by Black's king: White cannot move, and wins.
    expect(status("4k3/4P3/8/8/8/8/8/8 w - - 0 1")).toEqual({ result: "white-wins", reason: "no-legal-move" });
    expect(status("8/8/8/8/8/p7/P7/8 b - - 0 1")).toEqual({ result: "black-wins", reason: "no-legal-move" });
    sameAsFairyStockfish("4k3/4P3/8/8/8/8/8/8 w - - 0 1");
  });

  it("there is no dead position: a king against a king plays on", () => {
    expect(status("4k3/8/8/8/8/8/8/4K3 w - - 0 1")).toEqual({ result: "ongoing" });
    sameAsFairyStockfish("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  });

  it("either side can always still win on time", () => {
    const g = Game.start(X, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    expect(g.couldWin("white")).toBe(true);
    expect(g.couldWin("black")).toBe(true);
  });

  it("the fifty-move rule may be claimed and the seventy-five-move rule ends the game", () => {
    expect(Game.start(X, "4k3/8/8/8/8/8/8/4K3 w - - 100 80").claimableDraws()).toEqual(["fifty-move-rule"]);
    expect(status("4k3/8/8/8/8/8/8/4K3 w - - 150 80")).toEqual({ result: "draw", reason: "seventy-five-move-rule" });
  });

  it("threefold repetition may be claimed, fivefold ends the game", () => {
    const shuffle = ["N g1-f3", "n g8-f6", "N f3-g1", "n f6-g8"];
    expect(play(X, "start", ...shuffle, ...shuffle).claimableDraws()).toContain("threefold-repetition");
    const g = play(X, "start", ...shuffle, ...shuffle, ...shuffle, ...shuffle);
    expect(g.status()).toEqual({ result: "draw", reason: "fivefold-repetition" });
  });
});

describe("antichess: positions", () => {
  it("the start is chess's without castling rights", () => {
    expect(Game.start(X).fen()).toBe("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1");
  });
});

describe("antichess: perft against Fairy-Stockfish", () => {
  const cases: [string, string, number[]][] = [
    ["the start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", [20, 400, 8067, 153299]],
    ["a capture forced at once", "rnbqkbnr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RNBQKBNR w - - 0 2", [1, 29, 42, 215]],
    ["promotions on both sides, to king too", "8/1P6/8/8/8/8/6p1/8 w - - 0 1", [5, 25, 250, 2112]],
  ];
  for (const [name, fen, counts] of cases) {
    it(name, () => {
      const pos = position(X, fen);
      expect(counts.map((_, d) => perft(pos, d + 1))).toEqual(counts);
    });
  }
});
