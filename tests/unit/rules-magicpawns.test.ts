/**
 * Magicpawns Chess (docs/games/magicpawns.md, docs/notation.md): one focused test per rule and per
 * Decision, each on a position built for it, checking what must be legal and what
 * must not; FEN and move-text round trips with the aliases; perft cross-checked
 * against an independent generator; the CLI.
 */
import { describe, expect, it } from "vitest";
import { Game, RulesError, variantInfo } from "@/lib/rules";
import { perft } from "@/lib/rules/movegen";
import { parseFen } from "@/lib/rules/notation/fen";
import { unwrap } from "@/lib/rules/result";
import { getVariant } from "@/lib/rules/variants";
import { cli, crossCheck, errorOf, fenAfter, moves, movesStarting, played } from "./rules-crosscheck";

const M = "magicpawns";

describe("magicpawns: the variant", () => {
  it("is orthodox chess with a summary of the swap", () => {
    const info = variantInfo(M);
    expect(info.startFen).toBe("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    expect(info.pieces.map((p) => p.letter)).toEqual(["K", "Q", "R", "B", "N", "P"]);
    expect(info.summary.join(" ")).toMatch(/change places/);
  });

  it("starts with the 20 orthodox moves: every piece stands on its first rank, where it may not swap", () => {
    expect(moves(M, "start")).toEqual(moves("chess", "start"));
    for (const no of ["N b1-d2", "B c1-d2", "Q d1-d2", "K e1-d2", "K e1-e2", "B f1-e2", "N g1-e2"]) {
      expect(moves(M, "start")).not.toContain(no);
    }
    const black = fenAfter(M, "start", "P e2-e4");
    for (const no of ["n b8-d7", "q d8-d7", "k e8-e7", "n g8-e7"]) expect(moves(M, black)).not.toContain(no);
  });
});

describe("magicpawns: the swap", () => {
  it("a piece that could move to its own pawn's square changes places with it, as one move (the page's pinned knight)", () => {
    const fen = "4k3/8/2n5/1B2p3/8/8/8/4K3 b - - 0 1";
    // Pinned by the bishop, the knight may only swap: the pawn takes its place on c6.
    expect(movesStarting(M, fen, "n c6-")).toEqual(["n c6-e5"]);
    expect(fenAfter(M, fen, "n c6-e5")).toBe("4k3/8/2p5/1B2n3/8/8/8/4K3 w - - 0 2");
    expect(moves("chess", fen).filter((m) => m.startsWith("n "))).toEqual([]);
  });

  it("sliders need a clear path to the pawn; knights jump", () => {
    expect(movesStarting(M, "4k3/8/8/P7/8/R7/8/4K3 w - - 0 1", "R a3-a5")).toEqual(["R a3-a5"]);
    expect(fenAfter(M, "4k3/8/8/P7/8/R7/8/4K3 w - - 0 1", "R a3-a5")).toBe("4k3/8/8/R7/8/P7/8/4K3 b - - 0 1");
    expect(moves(M, "4k3/8/8/P7/n7/R7/8/4K3 w - - 0 1")).not.toContain("R a3-a5");
    expect(moves(M, "4k3/8/8/P7/N7/R7/8/4K3 w - - 0 1")).not.toContain("R a3-a5");
    expect(moves(M, "4k3/8/8/3P4/8/1B6/8/4K3 w - - 0 1")).toContain("B b3-d5");
    expect(moves(M, "4k3/8/8/3P4/2N5/1B6/8/4K3 w - - 0 1")).not.toContain("B b3-d5");
    expect(moves(M, "4k3/8/8/3P4/2N5/1Q6/8/4K3 w - - 0 1")).not.toContain("Q b3-d5");
    // The knight on c2, hemmed in, jumps to its pawn on e3.
    expect(moves(M, "4k3/8/8/8/8/2npP3/2NP4/4K3 w - - 0 1")).toContain("N c2-e3");
  });

  it("only along the piece's own move: a rook does not swap diagonally, a bishop not straight", () => {
    expect(moves(M, "4k3/8/8/8/8/1P6/R7/4K3 w - - 0 1")).not.toContain("R a2-b3");
    expect(moves(M, "4k3/8/8/8/8/B7/P7/4K3 w - - 0 1")).not.toContain("B a3-a2");
    expect(moves(M, "4k3/8/8/8/8/B7/1P6/4K3 w - - 0 1")).toContain("B a3-b2");
  });

  it("pawns never swap, and no piece swaps with an enemy pawn or with a friendly piece", () => {
    expect(movesStarting(M, "4k3/8/8/8/8/4P3/4P3/4K3 w - - 0 1", "P e2-")).toEqual([]);
    expect(moves(M, "4k3/8/8/8/8/2p5/N7/4K3 w - - 0 1")).toContain("N a2-c3"); // a plain capture
    expect(fenAfter(M, "4k3/8/8/8/8/2p5/N7/4K3 w - - 0 1", "N a2-c3")).toBe("4k3/8/8/8/8/2N5/8/4K3 b - - 0 1");
    expect(moves(M, "4k3/8/8/8/8/2B5/N7/4K3 w - - 0 1")).not.toContain("N a2-c3");
  });

  it("a piece on its own first rank may not swap (the pawn would stand there); one rank up it may", () => {
    expect(moves(M, "4k3/8/8/8/8/8/5P2/3NK3 w - - 0 1")).not.toContain("N d1-f2");
    expect(moves(M, "4k3/8/8/8/8/5P2/3N4/4K3 w - - 0 1")).toContain("N d2-f3");
    expect(fenAfter(M, "4k3/8/8/8/8/5P2/3N4/4K3 w - - 0 1", "N d2-f3")).toBe("4k3/8/8/8/8/5N2/3P4/4K3 b - - 0 1");
    // Black's first rank is the 8th.
    expect(moves(M, "3nk3/5p2/8/8/8/8/8/4K3 b - - 0 1")).not.toContain("n d8-f7");
    expect(moves(M, "4k3/3n4/5p2/8/8/8/8/4K3 b - - 0 1")).toContain("n d7-f6");
  });

  it("the king swaps too, but a king swap must not leave the king in check", () => {
    expect(fenAfter(M, "4k3/8/8/8/8/3P4/3K4/8 w - - 0 1", "K d2-d3")).toBe("4k3/8/8/8/8/3K4/3P4/8 b - - 0 1");
    const watched = "4k3/8/8/5b2/8/3P4/3K4/8 w - - 0 1"; // f5 sees d3 once the pawn has left it
    expect(moves(M, watched)).not.toContain("K d2-d3");
    expect(errorOf(() => played(M, watched, "K d2-d3"))).toMatch(/leave your king in check/);
    // Out of check by a swap: the pawn lands on e2 and blocks the rook.
    const checked = "4k3/8/8/8/8/8/3PK2r/8 w - - 0 1";
    expect(moves(M, checked)).toContain("K e2-d2");
    expect(fenAfter(M, checked, "K e2-d2")).toBe("4k3/8/8/8/8/8/3KP2r/8 b - - 0 1");
  });

  it("castling is unchanged and is no swap", () => {
    const fen = "4k3/8/8/8/8/8/5P2/4K2R w K - 3 1";
    expect(moves(M, fen)).toContain("K e1-g1");
    expect(fenAfter(M, fen, "K e1-g1")).toBe("4k3/8/8/8/8/8/5P2/5RK1 b - - 4 1");
    expect(moves(M, fen)).not.toContain("K e1-f2");
  });

  it("a swap may give check, and a pinned piece may swap: the pawn keeps the line closed", () => {
    const g = played(M, "4k3/8/8/4P3/8/4R3/8/6K1 w - - 0 1", "R e3-e5");
    expect(g.fen()).toBe("4k3/8/8/4R3/8/4P3/8/6K1 b - - 0 1");
    expect(g.checks()).toEqual(["e8"]);
    expect(movesStarting(M, "4r1k1/8/8/8/8/3P4/4B3/4K3 w - - 0 1", "B e2-")).toEqual(["B e2-d3"]);
  });

  it("Decision: a swap from the owner's last rank puts the pawn there, where it promotes at once (Q, R, B or N)", () => {
    const fen = "R7/P6k/8/8/8/8/8/K7 w - - 0 1";
    expect(movesStarting(M, fen, "R a8-a7")).toEqual(["R a8-a7=B", "R a8-a7=N", "R a8-a7=Q", "R a8-a7=R"]);
    expect(fenAfter(M, fen, "R a8-a7=Q")).toBe("Q7/R6k/8/8/8/8/8/K7 b - - 0 1");
    expect(errorOf(() => played(M, fen, "R a8-a7"))).toMatch(/say what the piece promotes to/);
    expect(() => played(M, fen, "R a8-a7=K")).toThrow(RulesError);
    // Black's last rank is the 1st; the king promotes its pawn the same way.
    expect(fenAfter(M, "k7/8/8/8/8/K7/7p/7r b - - 0 1", "r h1-h2=n")).toBe("k7/8/8/8/8/K7/7r/7n w - - 0 2");
    expect(movesStarting(M, "4K3/4P3/8/8/8/8/8/k7 w - - 0 1", "K e8-e7")).toEqual(["K e8-e7=B", "K e8-e7=N", "K e8-e7=Q", "K e8-e7=R"]);
  });

  it("Decision: a pawn put on its 2nd rank by a swap may double-step", () => {
    const g = played(M, "4k3/8/8/8/5P2/8/3B4/4K3 w - - 0 1", "B d2-f4", "k e8-e7");
    expect(g.fen()).toBe("8/4k3/8/8/5B2/8/3P4/4K3 w - - 1 2");
    expect(g.legalMoves().map((m) => m.text)).toContain("P d2-d4");
    g.play("P d2-d4");
    expect(g.fen()).toBe("8/4k3/8/8/3P1B2/8/8/4K3 b - d3 0 2");
  });

  it("Decision: en passant only after a pawn's own double step, not after a swap that moves it two ranks", () => {
    const swap = played(M, "7k/8/8/8/3pR3/8/4P3/4K3 w - - 0 1", "R e4-e2");
    expect(swap.fen()).toBe("7k/8/8/8/3pP3/8/4R3/4K3 b - - 0 1");
    expect(swap.legalMoves().map((m) => m.text)).not.toContain("p d4-e3");
    const step = played(M, "7k/8/8/8/3p4/8/4P3/4K3 w - - 0 1", "P e2-e4");
    expect(step.fen()).toBe("7k/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    expect(step.legalMoves().map((m) => m.text)).toContain("p d4-e3");
  });

  it("Decision: a swap counts as a pawn move for the fifty-move rule", () => {
    expect(fenAfter(M, "4k3/8/8/P7/8/R7/8/4K3 w - - 30 50", "R a3-a5").split(" ")[4]).toBe("0");
    expect(fenAfter(M, "4k3/8/8/P7/8/R7/8/4K3 w - - 30 50", "R a3-a4").split(" ")[4]).toBe("31");
  });
});

describe("magicpawns: FEN and move text", () => {
  const FENS = [
    "r1bqk2r/ppp2ppp/2n5/3pP3/1b1Pn3/2N2N2/PP3PPP/R1BQKB1R w KQkq d6 0 7",
    "R7/PP3ppk/2K1p2p/3pP3/3P1n2/6b1/1p3B2/1r2N3 w - - 0 40",
    "r3k2r/pbppqpb1/1pn2np1/4p2p/2B1P2P/2NP1N2/PPP1QPP1/R1B1K2R b KQkq - 0 9",
  ];

  it("round-trips positions, and rejects what Magicpawns never has", () => {
    for (const fen of FENS) expect(Game.start(M, fen).fen()).toBe(fen);
    expect(errorOf(() => Game.start(M, "4k3/8/8/8/8/8/8/3Q[P]K3 w - - 0 1"))).toMatch(/no carried pieces/);
    expect(errorOf(() => Game.start(M, "4k3/8/8/8/8/8/8/2P1K3 w - - 0 1"))).toMatch(/cannot stand on c1/);
    expect(errorOf(() => Game.start(M, "2P1k3/8/8/8/8/8/8/4K3 w - - 0 1"))).toMatch(/cannot stand on c8/);
    expect(errorOf(() => Game.start(M, "4k3/8/8/8/8/8/3I4/4K3 w - - 0 1"))).toMatch(/'I' is not a piece/);
  });

  it("writes a swap as the piece's step and also accepts the Game Courier form with the pawn put down", () => {
    const fen = "4k3/8/2n5/1B2p3/8/8/8/4K3 b - - 0 1";
    for (const input of ["n c6-e5", "n c6-e5; p*c6", "  n c6 - e5 ;p * c6 ", "n c6xe5", "N c6-e5"]) {
      expect(played(M, fen, input).moves).toEqual(["n c6-e5"]);
    }
    expect(() => played(M, fen, "n c6-e5; p*d6")).toThrow(RulesError);
    expect(() => played(M, fen, "n c6-e5; n*c6")).toThrow(RulesError);
    const promo = "R7/P6k/8/8/8/8/8/K7 w - - 0 1";
    expect(played(M, promo, "R a8-a7; Q*a8").moves).toEqual(["R a8-a7=Q"]);
    expect(played(M, promo, "R a8 - a7 = n").moves).toEqual(["R a8-a7=N"]);
    for (const fen2 of FENS) for (const m of moves(M, fen2)) expect(played(M, fen2, m).moves).toEqual([m]);
  });

  it("the step-by-step builder offers a swap as one step, promotion choices included", () => {
    const g = Game.start(M, "R7/P6k/8/8/8/8/8/K7 w - - 0 1");
    const first = g.nextActions([]);
    expect(first.actions).toEqual(expect.arrayContaining([{ type: "step", piece: "R", from: "a8", to: "a7", promotion: "Q" }]));
    expect(g.nextActions([{ type: "step", piece: "R", from: "a8", to: "a7", promotion: "Q" }])).toEqual({ actions: [], complete: true });
    expect(g.nextActions([{ type: "step", piece: "R", from: "a8", to: "a7" }])).toEqual({ actions: [], complete: false });
  });
});

describe("magicpawns: perft, cross-checked against an independent generator", () => {
  // Every node: Game.legalMoves() equals the reference's list as a set of texts;
  // every move above the last level gives the reference's FEN. The counts are
  // perft(1..3) and must equal the engine's own perft.
  const POSITIONS: [string, string, number[]][] = [
    ["start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", [20, 400, 9022]],
    ["a pinned knight, en passant, castling", "r1bqk2r/ppp2ppp/2n5/3pP3/1b1Pn3/2N2N2/PP3PPP/R1BQKB1R w KQkq d6 0 7", [36, 1740, 64975]],
    ["swaps from the last rank, king swaps", "R7/PP3ppk/2K1p2p/3pP3/3P1n2/6b1/1p3B2/1r2N3 w - - 0 40", [30, 806, 23643]],
    ["a middlegame, Black to move", "r3k2r/pbppqpb1/1pn2np1/4p2p/2B1P2P/2NP1N2/PPP1QPP1/R1B1K2R b KQkq - 0 9", [45, 2280, 100872]],
  ];
  for (const [label, fen, expected] of POSITIONS) {
    it(label, () => {
      expect(crossCheck(M, fen, 3)).toEqual(expected);
      expect([1, 2, 3].map((d) => perft(unwrap(parseFen(getVariant(M), fen)), d))).toEqual(expected);
    });
  }

  it("the reference generator reproduces orthodox perft (Kiwipete, depth 2)", () => {
    expect(crossCheck("chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 2)).toEqual([48, 2039]);
  });

  it("a small position, its move list worked out by hand", () => {
    // King c2 (may swap with c3), knight b2 (no pawn a knight's move away), pawn c3.
    const fen = "7k/8/8/8/8/2P5/1NK5/8 w - - 0 1";
    const chess = ["K c2-b1", "K c2-b3", "K c2-c1", "K c2-d1", "K c2-d2", "K c2-d3", "N b2-a4", "N b2-c4", "N b2-d1", "N b2-d3", "P c3-c4"];
    expect(moves("chess", fen)).toEqual(chess);
    expect(moves(M, fen)).toEqual([...chess, "K c2-c3"].sort());
  });
});

describe("magicpawns: the command-line tool", () => {
  it("lists, counts and plays Magicpawns positions", () => {
    expect(cli("variants").stdout.split("\n")).toContain(M);
    const fen = "4k3/8/2n5/1B2p3/8/8/8/4K3 b - - 0 1";
    expect(cli("moves", M, fen).stdout.trimEnd().split("\n")).toEqual(moves(M, fen));
    expect(cli("perft", M, "start", "3").stdout.trim()).toBe("9022");
    expect(cli("play", M, fen, "n c6-e5; p*c6").stdout.trim()).toBe("4k3/8/2p5/1B2n3/8/8/8/4K3 w - - 0 2");
    const bad = cli("play", M, "R7/P6k/8/8/8/8/8/K7 w - - 0 1", "R a8-a7");
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/R a8-a7/);
  });
});
