/**
 * Companion Chess in its three forms (docs/games/companion.md, docs/notation.md):
 * one focused test per rule and per Decision, each on a position
 * built for it, checking what must be legal and what must not; FEN and move-text
 * round trips; perft cross-checked against an independent generator; the CLI.
 */
import { describe, expect, it } from "vitest";
import { Game, RulesError, variantIds, variantInfo } from "@/lib/rules";
import { perft } from "@/lib/rules/movegen";
import { parseFen } from "@/lib/rules/notation/fen";
import { unwrap } from "@/lib/rules/result";
import { getVariant } from "@/lib/rules/variants";
import { cli, crossCheck, errorOf, fenAfter, moves, movesStarting, played } from "./rules-crosscheck";

const C = "companion";
const W2 = "companion-way2";
const X = "companion-extended";
const FORMS = [C, W2, X] as const;
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/** A lone White queen carrying a pawn in the middle of the board. */
const D4 = "8/7k/8/8/3Q[P]4/8/8/K7 w - - 0 1";

describe("companion: the variants", () => {
  it("are registered with their ids, the Prince and a summary", () => {
    expect(variantIds()).toEqual(expect.arrayContaining([C, W2, X, "magicpawns"]));
    for (const id of FORMS) {
      const info = variantInfo(id);
      expect(info.startFen).toBe(START);
      expect(info.pieces.map((p) => p.letter)).toEqual(["K", "Q", "R", "B", "N", "P", "I"]);
      expect(info.pieces.find((p) => p.letter === "I")).toEqual({ letter: "I", name: "Prince", art: "prince", betza: "mKcF" });
      expect(info.summary.join(" ")).toMatch(/Prince/);
    }
    expect(variantInfo(W2).summary.join(" ")).toMatch(/way 2 only/);
    expect(variantInfo(X).summary.join(" ")).toMatch(/fewer than eight pawns/);
  });

  it("start with the orthodox moves plus the three attaches of the queen", () => {
    for (const id of FORMS) {
      const list = moves(id, "start");
      expect(list).toHaveLength(23);
      expect(list.filter((m) => m.startsWith("Q "))).toEqual(["Q d1-c2", "Q d1-d2", "Q d1-e2"]);
    }
  });
});

describe("companion: attach", () => {
  it("a queen carrying nothing moves onto a friendly pawn, which she then carries", () => {
    const g = played(C, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 4", "Q d1-d2");
    expect(g.fen()).toBe("rnbqkbnr/pppppppp/8/8/8/8/PPPQ[P]PPPP/RNB1KBNR b KQkq - 0 4");
    expect(g.board().find((s) => s.square === "d2")!.pieces).toEqual([{ color: "white", letter: "Q", carrying: true }]);
  });

  it("she moves as a queen: along open lines only, not past a piece", () => {
    const fen = "4k3/8/8/1P6/8/3P4/3N4/3QK3 w - - 0 1";
    // d1-b3? no: d1-c2-b3-a4 is the diagonal; the pawn b5 is not on a line from d1.
    expect(moves(C, fen)).not.toContain("Q d1-b5");
    // d3 stands behind the knight on d2.
    expect(moves(C, fen)).not.toContain("Q d1-d3");
    const open = "4k3/8/8/1P6/8/3P4/8/3QK3 w - - 0 1";
    expect(movesStarting(C, open, "Q d1-d3")).toEqual(["Q d1-d3"]);
    expect(fenAfter(C, open, "Q d1-d3")).toBe("4k3/8/8/1P6/8/3Q[P]4/8/4K3 b - - 0 1");
  });

  it("she attaches a friendly Prince, which becomes a pawn", () => {
    const fen = "8/3I3k/8/8/3Q4/8/8/K7 w - - 0 1";
    expect(moves(C, fen)).toContain("Q d4-d7");
    const g = played(C, fen, "Q d4-d7");
    expect(g.fen()).toBe("8/3Q[P]3k/8/8/8/8/8/K7 b - - 0 1");
    // Put down again on a low rank, it is a pawn.
    g.play("k h7-h8");
    g.play("Q d7-d3; P*d2");
    expect(g.fen()).toBe("7k/8/8/8/8/3Q4/3P4/K7 b - - 0 2");
  });

  it("only a queen attaches, and only pawns and Princes", () => {
    const fen = "4k3/8/8/8/2B5/2PN4/2RI4/3QK3 w - - 0 1";
    const list = moves(C, fen);
    expect(list).toContain("Q d1-d2"); // the Prince
    expect(list).not.toContain("Q d1-c2"); // a rook
    expect(list).not.toContain("Q d1-e1"); // her own king
    expect(list).not.toContain("R c2-c3"); // a rook onto a pawn
    expect(list).not.toContain("B c4-d3"); // a bishop onto a knight
  });

  it("a queen carries at most one pawn: a carrying queen moves onto no friendly piece", () => {
    const fen = "4k3/8/8/8/8/8/2PP4/3Q[P]K3 w - - 0 1";
    const list = moves(C, fen);
    expect(list).not.toContain("Q d1-d2");
    expect(list).not.toContain("Q d1-c2");
    expect(list.filter((m) => m.startsWith("Q d1-") && !m.includes(";"))).toEqual([
      "Q d1-a1", "Q d1-b1", "Q d1-c1", "Q d1-e2", "Q d1-f3", "Q d1-g4", "Q d1-h5",
    ]);
  });

  it("Decision: a move that attaches never also detaches", () => {
    expect(moves(C, "start").filter((m) => m.startsWith("Q d1-d2"))).toEqual(["Q d1-d2"]);
    for (const id of FORMS) {
      expect(() => played(id, "start", "Q d1-d2; P*d1")).toThrow(RulesError);
      expect(() => played(id, "start", "Q d1-d2; P*d3")).toThrow(RulesError);
    }
  });
});

describe("companion: detach", () => {
  it("way 1: after a queen move the pawn goes on an empty square orthogonally next to her new square (or the square she left, way 2)", () => {
    expect(movesStarting(C, D4, "Q d4-d6")).toEqual([
      "Q d4-d6", "Q d4-d6; P*c6", "Q d4-d6; P*d4", "Q d4-d6; P*d5", "Q d4-d6; P*d7", "Q d4-d6; P*e6",
    ]);
    // h7, next to g7, holds the Black king.
    expect(movesStarting(C, D4, "Q d4-g7")).toEqual([
      "Q d4-g7", "Q d4-g7; P*d4", "Q d4-g7; P*f7", "Q d4-g7; P*g6", "Q d4-g7; P*g8",
    ]);
    expect(fenAfter(C, D4, "Q d4-d6; P*e6")).toBe("8/7k/3QP3/8/8/8/8/K7 b - - 0 1");
  });

  it("a queen stepping one square orthogonally lists the square she left once", () => {
    expect(movesStarting(C, D4, "Q d4-d5")).toEqual([
      "Q d4-d5", "Q d4-d5; P*c5", "Q d4-d5; P*d4", "Q d4-d5; P*d6", "Q d4-d5; P*e5",
    ]);
  });

  it("way 1 and way 2 also after a capture; only on empty squares; never off the board", () => {
    const fen = "8/7k/3r4/8/3Q[P]4/8/8/K3N3 w - - 0 1";
    expect(movesStarting(C, fen, "Q d4-d6")).toEqual([
      "Q d4-d6", "Q d4-d6; P*c6", "Q d4-d6; P*d4", "Q d4-d6; P*d5", "Q d4-d6; P*d7", "Q d4-d6; P*e6",
    ]);
    expect(fenAfter(C, fen, "Q d4-d6; P*d5")).toBe("8/7k/3Q4/3P4/8/8/8/K3N3 b - - 0 1");
    // e1 holds a knight: no pawn there; the queen in the corner has two neighbours.
    expect(movesStarting(C, fen, "Q d4-d1")).toEqual(["Q d4-d1", "Q d4-d1; P*c1", "Q d4-d1; P*d2", "Q d4-d1; P*d4"]);
    expect(movesStarting(C, fen, "Q d4-a7")).toEqual(["Q d4-a7", "Q d4-a7; P*a6", "Q d4-a7; P*a8", "Q d4-a7; P*b7", "Q d4-a7; P*d4"]);
  });

  it("way 1 as a whole move: the pawn goes next to the queen without moving her", () => {
    expect(moves(C, D4).filter((m) => m.includes("*") && !m.includes("-"))).toEqual(["P*c4", "P*d3", "P*d5", "P*e4"]);
    expect(fenAfter(C, D4, "P*d3")).toBe("8/7k/8/8/3Q4/3P4/8/K7 b - - 0 1");
    // In the corner with a knight beside her, only a2 is left.
    const edge = "8/7k/8/8/8/8/8/Q[P]N5K w - - 0 1";
    expect(moves(C, edge).filter((m) => m.startsWith("P*"))).toEqual(["P*a2"]);
  });

  it("Decision: detaching is optional — a carrying queen may move and keep her pawn", () => {
    expect(fenAfter(C, D4, "Q d4-d6")).toBe("8/7k/3Q[P]4/8/8/8/8/K7 b - - 1 1");
  });

  it("way 2 only: the pawn goes only on the square the queen left, never without moving her", () => {
    expect(movesStarting(W2, D4, "Q d4-d6")).toEqual(["Q d4-d6", "Q d4-d6; P*d4"]);
    expect(movesStarting(W2, D4, "Q d4-d5")).toEqual(["Q d4-d5", "Q d4-d5; P*d4"]);
    expect(moves(W2, D4).filter((m) => m.startsWith("P*"))).toEqual([]);
    expect(() => played(W2, D4, "Q d4-d6; P*d7")).toThrow(RulesError);
    expect(() => played(W2, D4, "P*d3")).toThrow(RulesError);
    expect(fenAfter(W2, D4, "Q d4-d6; P*d4")).toBe("8/7k/3Q4/8/3P4/8/8/K7 b - - 0 1");
    // Counted over every queen move: a plain move and one placement each.
    const queenMoves = moves(W2, D4).filter((m) => m.startsWith("Q "));
    expect(queenMoves.filter((m) => m.includes(";")).length * 2).toBe(queenMoves.length);
  });

  it("the Extended form detaches by way 1 and way 2 like Companion Chess", () => {
    expect(moves(X, D4).filter((m) => m.includes("*"))).toEqual(moves(C, D4).filter((m) => m.includes("*")));
  });
});

describe("companion: the Prince", () => {
  it("a pawn put down on its owner's 7th or 8th rank becomes a Prince at once, written as a pawn placement", () => {
    expect(fenAfter(C, D4, "Q d4-d6; P*d7")).toBe("8/3I3k/3Q4/8/8/8/8/K7 b - - 0 1");
    expect(fenAfter(C, D4, "Q d4-d8; P*c8")).toBe("2IQ4/7k/8/8/8/8/8/K7 b - - 0 1");
    expect(fenAfter(C, D4, "Q d4-d6; P*c6")).toBe("8/7k/2PQ4/8/8/8/8/K7 b - - 0 1");
    // Black's 7th and 8th ranks are ranks 2 and 1.
    const black = "8/k7/8/8/4q[p]3/8/7K/8 b - - 0 1";
    expect(fenAfter(C, black, "q e4-e2; p*d2")).toBe("8/k7/8/8/8/8/3iq2K/8 w - - 0 2");
    expect(fenAfter(C, black, "q e4-e2; p*e1")).toBe("8/k7/8/8/8/8/4q2K/4i3 w - - 0 2");
    expect(fenAfter(C, black, "p*e3")).toBe("8/k7/8/8/4q3/4p3/7K/8 w - - 0 2");
  });

  it("moves one step in any direction to an empty square, captures only one step diagonally, backwards too", () => {
    const fen = "4k3/8/2n1b3/3I4/2rp4/8/8/4K3 w - - 0 1";
    // Captures c6 and e6 (forward diagonals) and c4 (backward diagonal); not the pawn
    // straight behind it on d4.
    expect(movesStarting(C, fen, "I d5-")).toEqual([
      "I d5-c4", "I d5-c5", "I d5-c6", "I d5-d6", "I d5-e4", "I d5-e5", "I d5-e6",
    ]);
    const back = "4k3/8/8/3I4/2r1p3/8/8/4K3 w - - 0 1";
    expect(movesStarting(C, back, "I d5-")).toEqual([
      "I d5-c4", "I d5-c5", "I d5-c6", "I d5-d4", "I d5-d6", "I d5-e4", "I d5-e5", "I d5-e6",
    ]);
  });

  it("never promotes and is not royal", () => {
    const fen = "7k/3I4/8/8/8/8/8/K7 w - - 0 1";
    expect(movesStarting(C, fen, "I d7-d8")).toEqual(["I d7-d8"]);
    expect(fenAfter(C, fen, "I d7-d8")).toBe("3I3k/8/8/8/8/8/8/K7 b - - 1 1");
    // Not royal: it may be left attacked, and a move may walk it into attack.
    const attacked = "4k3/8/2b5/3I4/8/8/8/K7 w - - 0 1";
    expect(moves(C, attacked)).toContain("K a1-b1");
    expect(moves(C, attacked)).toContain("I d5-e4");
  });

  it("gives check and attacks diagonally only", () => {
    expect(Game.start(C, "4k3/3I4/8/8/8/8/8/K7 b - - 0 1").checks()).toEqual(["e8"]);
    // The Prince on d6 guards e7 (diagonal), not d7 (straight ahead).
    expect(moves(C, "4k3/8/3I4/8/8/8/8/K7 b - - 0 1")).toEqual(["k e8-d7", "k e8-d8", "k e8-f7", "k e8-f8"]);
  });

  it("a Prince's move is not a pawn move; its capture resets the clock as any capture", () => {
    const fen = "4k3/8/8/3I4/2r5/8/8/K7 w - - 9 20";
    expect(fenAfter(C, fen, "I d5-d6").split(" ")[4]).toBe("10");
    expect(fenAfter(C, fen, "I d5-c4").split(" ")[4]).toBe("0");
  });

  it("pawns still promote on the 8th rank as in chess — to Q, R, B or N, not to a Prince", () => {
    expect(movesStarting(C, "8/4P2k/8/8/8/8/8/K7 w - - 0 1", "P e7-e8")).toEqual([
      "P e7-e8=B", "P e7-e8=N", "P e7-e8=Q", "P e7-e8=R",
    ]);
    expect(() => played(C, "8/4P2k/8/8/8/8/8/K7 w - - 0 1", "P e7-e8=I")).toThrow(RulesError);
  });
});

describe("companion: pawns on the 1st and 2nd ranks", () => {
  it("a pawn on its owner's first rank steps one square (no double step), and captures as a pawn", () => {
    const fen = "4k3/8/8/8/8/8/1n6/2P1K3 w - - 0 1";
    expect(movesStarting(C, fen, "P c1-")).toEqual(["P c1-b2", "P c1-c2"]);
    const black = "2p1k3/8/8/8/8/8/8/4K3 b - - 0 1";
    expect(movesStarting(C, black, "p c8-")).toEqual(["p c8-c7"]);
  });

  it("a pawn on its 2nd rank double-steps wherever it came from, and en passant applies to that double step", () => {
    const fen = "4k3/8/8/8/3p4/8/8/2P1K3 w - - 0 1";
    const g = played(C, fen, "P c1-c2", "k e8-e7");
    expect(g.legalMoves().map((m) => m.text)).toContain("P c2-c4");
    g.play("P c2-c4");
    expect(g.fen()).toBe("8/4k3/8/8/2Pp4/8/8/4K3 b - c3 0 2");
    g.play("p d4-c3");
    expect(g.fen()).toBe("8/4k3/8/8/8/2p5/8/4K3 w - - 0 3");
    // A pawn put down on the 2nd rank double-steps too.
    const put = played(C, "4k3/8/8/8/8/8/1Q[P]6/4K3 w - - 0 1", "P*a2", "k e8-d8");
    expect(put.legalMoves().map((m) => m.text)).toContain("P a2-a4");
    expect(played(C, put.fen(), "P a2-a4").fen()).toBe("3k4/8/8/8/P7/8/1Q6/4K3 b - a3 0 2");
  });

  it("FEN allows pawns on their own first rank in Companion Chess only, and never on their last rank", () => {
    const fen = "2p1k3/8/8/8/8/8/8/2P1K3 w - - 0 1";
    for (const id of FORMS) expect(Game.start(id, fen).fen()).toBe(fen);
    expect(errorOf(() => Game.start("chess", fen))).toMatch(/cannot stand on c1/);
    expect(errorOf(() => Game.start("magicpawns", fen))).toMatch(/cannot stand on c1/);
    expect(errorOf(() => Game.start(C, "2P1k3/8/8/8/8/8/8/4K3 w - - 0 1"))).toMatch(/cannot stand on c8/);
  });
});

describe("companion: decisions on captures, check and the clock", () => {
  it("a queen captured while carrying loses the carried pawn with her", () => {
    const fen = "4k3/8/8/8/3Q[P]4/8/7K/3r4 b - - 0 1";
    expect(fenAfter(C, fen, "r d1-d4")).toBe("4k3/8/8/8/3r4/8/7K/8 w - - 0 2");
  });

  it("a carrying queen that captures keeps her pawn", () => {
    expect(fenAfter(C, "8/7k/3r4/8/3Q[P]4/8/8/K7 w - - 3 1", "Q d4-d6")).toBe("8/7k/3Q[P]4/8/8/8/8/K7 b - - 0 1");
  });

  it("the placed pawn may give check (as a pawn, or as a Prince on the 7th rank)", () => {
    const g = played(C, "8/5k2/8/4Q[P]3/8/8/8/K7 w - - 0 1", "P*e6");
    expect(g.checks()).toEqual(["f7"]);
    const prince = played(C, "4k3/8/3Q[P]4/8/8/8/8/K7 w - - 0 1", "P*d7");
    expect(prince.fen()).toBe("4k3/3I4/3Q4/8/8/8/8/K7 b - - 0 1");
    expect(prince.checks()).toEqual(["e8"]);
  });

  it("the placed pawn may block a check: legality is judged after the whole move", () => {
    const fen = "4r1k1/5ppp/8/8/8/8/3Q[P]1PPP/4K3 w - - 0 30";
    const list = moves(C, fen);
    expect(list).toEqual(expect.arrayContaining(["P*e2", "Q d2-e2", "Q d2-e3", "Q d2-d3; P*e3", "Q d2-e3; P*d2"]));
    for (const no of ["P*c2", "P*d3", "P*d1", "Q d2-d3", "Q d2-c3; P*d2", "Q d2-d3; P*d2"]) expect(list).not.toContain(no);
    // Way 2 only: the queen leaves e2 and her pawn closes the file behind her.
    const pinned = "4r1k1/8/8/8/8/8/4Q[P]3/4K3 w - - 0 1";
    for (const id of FORMS) {
      const l = moves(id, pinned);
      expect(l).not.toContain("Q e2-d3");
      expect(l).toContain("Q e2-d3; P*e2");
      expect(l).toContain("Q e2-h5; P*e2");
      expect(l).toContain("Q e2-e5");
    }
    expect(moves(C, pinned)).toEqual(expect.arrayContaining(["Q e2-d2; P*e2", "P*d2", "P*e3"]));
    expect(moves(C, pinned)).not.toContain("Q e2-d2; P*d1");
  });

  it("attach, placement (with or without a queen move) and pass count as pawn moves; a plain queen move does not", () => {
    expect(fenAfter(C, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 12 9", "Q d1-d2").split(" ")[4]).toBe("0");
    const d4 = D4.replace(" 0 1", " 12 9");
    expect(fenAfter(C, d4, "P*d3").split(" ")[4]).toBe("0");
    expect(fenAfter(C, d4, "Q d4-d6; P*d4").split(" ")[4]).toBe("0");
    expect(fenAfter(C, d4, "Q d4-d6").split(" ")[4]).toBe("13");
    expect(fenAfter(X, "7k/8/8/8/8/8/8/K2Q4 w - - 12 9", "pass").split(" ")[4]).toBe("0");
  });
});

describe("companion: naming a queen", () => {
  // Two carrying queens next to c5 and d4.
  const TWO = "4k3/1p3ppp/8/3Q[P]4/2Q[P]5/5q2/5PPP/6K1 w - - 0 40";

  it("the canonical text names the queen only where two carrying queens could put a pawn on the same square", () => {
    const places = moves(C, TWO).filter((m) => m.includes("*") && !/-/.test(m));
    expect(places).toEqual([
      "P*b4", "P*c3", "P*d6", "P*e5",
      "Q c4; P*c5", "Q c4; P*d4", "Q d5; P*c5", "Q d5; P*d4",
    ]);
    expect(fenAfter(C, TWO, "Q c4; P*c5")).toBe("4k3/1p3ppp/8/2PQ[P]4/2Q5/5q2/5PPP/6K1 b - - 0 40");
    // After a queen move the step names her: no naming there.
    expect(moves(C, TWO)).toContain("Q d5-d6; P*c6");
    expect(moves(C, TWO)).toContain("Q c4-c6; P*c5");
  });

  it("leaving out a name the move needs is ambiguous; a wrong name is refused; a redundant one is accepted", () => {
    expect(errorOf(() => played(C, TWO, "P*c5"))).toMatch(/ambiguous.*Q c4; P\*c5 or Q d5; P\*c5/);
    expect(errorOf(() => played(C, TWO, "Q c4; P*d6"))).toMatch(/P\*d6/);
    expect(errorOf(() => played(C, TWO, "Q e4; P*c5"))).toMatch(/ambiguous or names the wrong piece/);
    expect(errorOf(() => played(C, TWO, "N d5; P*d6"))).toMatch(/P\*d6/);
    expect(played(C, TWO, "Q d5; P*d6").moves).toEqual(["P*d6"]);
    expect(played(C, TWO, " q  d5 ;p * c5").moves).toEqual(["Q d5; P*c5"]);
  });

  it("Extended: with two or more queens carrying nothing the pass names the queen", () => {
    const fen = "r3k2r/p1pq[p]1ppp/1pn1bn2/4p3/2B1P3/2N1QN2/PPP2PPP/R3K1QR w KQkq - 0 10";
    expect(moves(X, fen).filter((m) => m.includes("pass"))).toEqual(["Q e3; pass", "Q g1; pass"]);
    expect(errorOf(() => played(X, fen, "pass"))).toMatch(/ambiguous/);
    expect(fenAfter(X, fen, "Q g1; pass")).toBe("r3k2r/p1pq[p]1ppp/1pn1bn2/4p3/2B1P3/2N1QN2/PPP2PPP/R3K1Q[P]R b KQkq - 0 10");
    expect(played(X, fen, "Q   e3 ;  PASS").moves).toEqual(["Q e3; pass"]);
  });
});

describe("companion extended: the pregnancy pass", () => {
  it("a player whose queen carries nothing and who has fewer than eight pawns may pass: the queen carries a new pawn", () => {
    const fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR w KQkq - 3 2";
    expect(moves(X, fen)).toContain("pass");
    expect(fenAfter(X, fen, "pass")).toBe("rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQ[P]KBNR b KQkq - 0 2");
    // Black has all eight: no pass.
    expect(Game.start(X, fenAfter(X, fen, "pass")).legalMoves().map((m) => m.text)).not.toContain("pass");
  });

  it("no pass with eight pawns, with no queen, or when the only queen carries", () => {
    expect(moves(X, "start")).not.toContain("pass");
    expect(moves(X, "4k3/8/8/8/8/8/PPPPPPP1/4K3 w - - 0 1")).not.toContain("pass");
    expect(moves(X, "4k3/8/8/8/8/8/PPPPPPP1/3Q[P]K3 w - - 0 1")).not.toContain("pass");
  });

  it("carried pawns and Princes are not pawns on the board", () => {
    // Seven pawns on the board, one carried by h1, the queen on d1 carries nothing.
    const fen = "4k3/8/8/8/8/8/PPPPPPP1/3QK2Q[P] w - - 0 1";
    expect(moves(X, fen).filter((m) => m.includes("pass"))).toEqual(["pass"]);
    expect(fenAfter(X, fen, "pass")).toBe("4k3/8/8/8/8/8/PPPPPPP1/3Q[P]K2Q[P] b - - 0 1");
    expect(moves(X, "4k3/7I/8/8/8/8/PPPPPPP1/3QK3 w - - 0 1")).toContain("pass");
  });

  it("the pregnant queen puts the pawn down later by way 1 or way 2", () => {
    const g = played(X, "7k/8/8/8/8/8/8/K2Q4 w - - 0 1", "pass", "k h8-g8");
    const list = g.legalMoves().map((m) => m.text);
    expect(list).toEqual(expect.arrayContaining(["P*c1", "P*d2", "P*e1", "Q d1-d4; P*d1", "Q d1-d4; P*d5"]));
    g.play("Q d1-d4; P*d5");
    expect(g.fen()).toBe("6k1/8/8/3P4/3Q4/8/8/K7 b - - 0 2");
  });

  it("a pass does not answer a check, and Companion and way 2 have no pass", () => {
    expect(moves(X, "4r1k1/8/8/8/8/8/8/Q3K3 w - - 0 1")).not.toContain("pass");
    expect(moves(X, "6k1/8/8/8/8/8/8/Q3K3 w - - 0 1")).toContain("pass");
    for (const id of [C, W2]) {
      expect(moves(id, "6k1/8/8/8/8/8/8/Q3K3 w - - 0 1")).not.toContain("pass");
      expect(() => played(id, "6k1/8/8/8/8/8/8/Q3K3 w - - 0 1", "pass")).toThrow(RulesError);
    }
  });
});

describe("companion: repetition and game end", () => {
  it("the carried state is part of the position: a pregnant queen's position is not a repeat", () => {
    const g = played(X, "7k/8/8/8/8/8/8/3QK1N1 w - - 0 1", "N g1-f3", "k h8-g8", "N f3-g1", "k g8-h8");
    expect(g.claimableDraws()).toEqual([]); // twice so far
    g.play("pass");
    for (const m of ["k h8-g8", "N g1-f3", "k g8-h7", "N f3-g1", "k h7-h8"]) g.play(m);
    expect(g.fen().split(" ")[0]).toBe("7k/8/8/8/8/8/8/3Q[P]K1N1");
    expect(g.claimableDraws()).toEqual([]); // same squares, but the queen carries now
    for (const m of ["N g1-f3", "k h8-g8", "N f3-g1", "k g8-h8", "N g1-f3", "k h8-g8", "N f3-g1", "k g8-h8"]) g.play(m);
    expect(g.claimableDraws()).toEqual(["threefold-repetition"]);
  });

  it("checkmate and stalemate as in chess; a lone Prince is mating material", () => {
    expect(Game.start(C, "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").status()).toEqual({ result: "white-wins", reason: "checkmate" });
    expect(Game.start(C, "7k/8/6Q1/8/8/8/8/K7 b - - 0 1").status()).toEqual({ result: "draw", reason: "stalemate" });
    expect(Game.start(C, "7k/8/8/8/8/8/3I4/K7 w - - 0 1").status()).toEqual({ result: "ongoing" });
    expect(Game.start(C, "7k/8/8/8/8/8/8/K7 w - - 0 1").status()).toEqual({ result: "draw", reason: "insufficient-material" });
  });
});

describe("companion: FEN and move text", () => {
  const FENS = [
    "r1p1k2r/ppI1bppp/2n1pn2/3pP3/1q[p]6/2N2N2/PP1Q[P]iPPP/R1P1KB1R w KQk d6 0 12",
    "4k3/1p3ppp/8/3Q[P]4/2Q[P]5/5q2/5PPP/6K1 w - - 0 40",
    "rnbq[p]kbnr/ppp1pppp/8/8/8/8/PPP1PPPP/RNBQ[P]KBNR b KQkq - 0 3",
  ];

  it("round-trips Q[P] and q[p] carrying marks, Princes and first-rank pawns", () => {
    for (const id of FORMS) for (const fen of FENS) expect(Game.start(id, fen).fen()).toBe(fen);
    const board = Game.start(C, FENS[0]).board();
    expect(board.find((s) => s.square === "b4")!.pieces).toEqual([{ color: "black", letter: "Q", carrying: true }]);
    expect(board.find((s) => s.square === "c7")!.pieces).toEqual([{ color: "white", letter: "I" }]);
  });

  it("rejects carrying marks on anything but a queen, the wrong colour or piece inside, and in other games", () => {
    expect(errorOf(() => Game.start(C, "4k3/8/8/8/8/8/8/3RN[P]K2 w - - 0 1"))).toMatch(/only a queen can carry/);
    expect(errorOf(() => Game.start(C, "4k3/8/8/8/8/8/8/3Q[N]K2 w - - 0 1"))).toMatch(/can carry only P/);
    expect(errorOf(() => Game.start(C, "4k3/8/8/8/8/8/8/3Q[p]K2 w - - 0 1"))).toMatch(/can carry only P/);
    expect(errorOf(() => Game.start(C, "4k3/8/8/8/8/8/8/3Q[PK2 w - - 0 1"))).toMatch(/carrying mark/);
    expect(errorOf(() => Game.start("chess", "4k3/8/8/8/8/8/8/3Q[P]K3 w - - 0 1"))).toMatch(/no carried pieces/);
    expect(errorOf(() => Game.start("magicpawns", "4k3/8/8/8/8/8/8/3Q[P]K3 w - - 0 1"))).toMatch(/no carried pieces/);
    expect(errorOf(() => Game.start("chess", "4k3/8/8/8/8/8/3I4/4K3 w - - 0 1"))).toMatch(/'I' is not a piece/);
  });

  it("reads move text tolerantly and writes it canonically", () => {
    const cases: [string, string][] = [
      ["Q d4-d6;P*d7", "Q d4-d6; P*d7"],
      ["  Q d4 - d6 ;  P * d7 ", "Q d4-d6; P*d7"],
      ["Qd4-d6; P*d7", "Q d4-d6; P*d7"],
      ["q d4-d6; p*d7", "Q d4-d6; P*d7"],
      ["Q d4xd6; P*c6", "Q d4-d6; P*c6"],
      ["P * d5", "P*d5"],
      ["Q d4; P*d5", "P*d5"],
    ];
    for (const [input, canonical] of cases) expect(played(C, D4, input).moves).toEqual([canonical]);
    for (const m of moves(C, FENS[0])) expect(played(C, FENS[0], m).moves).toEqual([m]);
  });

  it("says why a placement is not legal", () => {
    expect(errorOf(() => played(C, D4, "P*d7"))).toMatch(/P\*d7 is not a legal move here/);
    expect(errorOf(() => played(C, D4, "Q d4-d6; P*b6"))).toMatch(/not a legal move/);
    expect(errorOf(() => played(C, D4, "P*"))).toMatch(/cannot read move/);
  });
});

describe("companion: the step-by-step builder", () => {
  it("offers the placements after a queen move, and says the move is complete without one", () => {
    const g = Game.start(C, D4);
    const after = g.nextActions([{ type: "step", piece: "Q", from: "d4", to: "d6" }]);
    expect(after.complete).toBe(true);
    expect(after.actions.map((a) => (a.type === "place" ? a.to : "?")).sort()).toEqual(["c6", "d4", "d5", "d7", "e6"]);
    const first = g.nextActions([]);
    expect(first.complete).toBe(false);
    expect(first.actions.filter((a) => a.type === "place").map((a) => (a.type === "place" ? a.to : "")).sort()).toEqual(["c4", "d3", "d5", "e4"]);
    expect(g.nextActions([{ type: "place", piece: "P", to: "d5" }])).toEqual({ actions: [], complete: true });
  });

  it("offers the naming first where a move needs it", () => {
    const g = Game.start(C, "4k3/1p3ppp/8/3Q[P]4/2Q[P]5/5q2/5PPP/6K1 w - - 0 40");
    const named = g.nextActions([{ type: "name", piece: "Q", square: "c4" }]);
    expect(named.complete).toBe(false);
    expect(named.actions).toEqual(expect.arrayContaining([{ type: "place", piece: "P", to: "c5" }, { type: "place", piece: "P", to: "d4" }]));
    expect(named.actions).toHaveLength(2);
    const x = Game.start(X, "4k3/8/8/8/8/8/8/Q2QK3 w - - 0 1");
    expect(x.nextActions([]).actions).toEqual(expect.arrayContaining([{ type: "name", piece: "Q", square: "a1" }, { type: "name", piece: "Q", square: "d1" }]));
    expect(x.nextActions([{ type: "name", piece: "Q", square: "a1" }])).toEqual({ actions: [{ type: "pass" }], complete: false });
  });
});

describe("companion: perft, cross-checked against an independent generator", () => {
  // Every node: Game.legalMoves() equals the reference's list as a set of texts;
  // every move above the last level gives the reference's FEN. The counts are
  // perft(1..3) and must equal the engine's own perft.
  const POSITIONS: [string, string, Record<string, number[]>][] = [
    ["start", START, { [C]: [23, 529, 17185], [W2]: [23, 529, 14592], [X]: [23, 529, 17185] }],
    [
      "both queens carrying, Princes, first-rank pawns, en passant, castling",
      "r1p1k2r/ppI1bppp/2n1pn2/3pP3/1q[p]6/2N2N2/PP1Q[P]iPPP/R1P1KB1R w KQk d6 0 12",
      { [C]: [73, 7672, 429593], [W2]: [50, 3188, 147607], [X]: [73, 7672, 429846] },
    ],
    [
      "two carrying queens (naming) against a queen",
      "4k3/1p3ppp/8/3Q[P]4/2Q[P]5/5q2/5PPP/6K1 w - - 0 40",
      { [C]: [230, 4579, 634375], [W2]: [89, 1773, 121458], [X]: [230, 4730, 661603] },
    ],
    [
      "in check, the placed pawn may block",
      "4r1k1/5ppp/8/8/8/8/3Q[P]1PPP/4K3 w - - 0 30",
      { [C]: [18, 316, 13010], [W2]: [6, 114, 3819], [X]: [18, 316, 13237] },
    ],
  ];
  const EXTENDED: [string, string, number[]] = [
    "Extended: two queens that may pass (naming), a carrying queen",
    "r3k2r/p1pq[p]1ppp/1pn1bn2/4p3/2B1P3/2N1QN2/PPP2PPP/R3K1QR w KQkq - 0 10",
    [50, 3424, 162478],
  ];

  for (const [label, fen, expected] of POSITIONS) {
    for (const id of FORMS) {
      it(`${id}: ${label}`, () => {
        const counts = crossCheck(id, fen, 3);
        expect(counts).toEqual(expected[id]);
        const pos = () => unwrap(parseFen(getVariant(id), fen));
        expect([1, 2, 3].map((d) => perft(pos(), d))).toEqual(expected[id]);
      });
    }
  }

  it(`${X}: ${EXTENDED[0]}`, () => {
    expect(crossCheck(X, EXTENDED[1], 3)).toEqual(EXTENDED[2]);
    expect(perft(unwrap(parseFen(getVariant(X), EXTENDED[1])), 3)).toBe(EXTENDED[2][2]);
  });

  it("a small position, its move list worked out by hand", () => {
    // The carrying queen on a1 is boxed in by her king and pawns: she can only go to
    // a2 (then put the pawn back on a1: a3 and b2 are taken), or put it on a2 herself.
    const box = "7k/8/8/8/8/P7/1P6/Q[P]K6 w - - 0 1";
    const common = ["K b1-a2", "K b1-c1", "K b1-c2", "P a3-a4", "P b2-b3", "P b2-b4", "Q a1-a2", "Q a1-a2; P*a1"];
    expect(moves(C, box)).toEqual([...common, "P*a2"].sort());
    expect(moves(X, box)).toEqual([...common, "P*a2"].sort()); // her only queen carries: no pass
    expect(moves(W2, box)).toEqual(common);
    // Way 2 only: every queen move once plain and once with the pawn left behind.
    const queenMoves = moves(W2, D4).filter((m) => m.startsWith("Q "));
    expect(queenMoves).toHaveLength(2 * 26);
  });
});

describe("companion: the command-line tool", () => {
  it("lists, counts, plays and judges Companion positions", () => {
    expect(cli("variants").stdout.split("\n")).toEqual(expect.arrayContaining([C, W2, X]));
    const out = cli("moves", C, D4);
    expect(out.status).toBe(0);
    expect(out.stdout.trimEnd().split("\n")).toEqual(moves(C, D4).slice().sort());
    expect(cli("perft", W2, "start", "3").stdout.trim()).toBe("14592");
    expect(cli("play", X, "7k/8/8/8/8/8/8/K2Q4 w - - 0 1", "pass", "k h8-g8", "Q d1-d4; P*d5").stdout.trim()).toBe("6k1/8/8/3P4/3Q4/8/8/K7 b - - 0 2");
    const bad = cli("play", W2, D4, "Q d4-d6; P*d7");
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/Q d4-d6; P\*d7/);
    expect(cli("moves", "chess", D4).status).toBe(2);
    expect(cli("status", C, "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").stdout.trim()).toBe("white-wins checkmate");
  });
});
