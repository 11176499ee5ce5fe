/**
 * Royal Substitute Chess (docs/games/royal-substitute.md): 9×7, royal
 * pawns P, knight N, rook R, dragon horse H, halfqueen Q, king K (from promotion).
 */
import { describe, expect, it } from "vitest";
import { Game } from "@/lib/rules";
import { errorOf, fenAfter, moves, movesFrom, play, rawCount, reach, targets, V } from "../support/rules";

const RS = "royal-substitute";
const START = "rphpqphpr/pnpqpqpnp/9/9/9/PNPQPQPNP/RPHPQPHPR w - - 0 1";
const status = (fen: string) => Game.start(RS, fen).status();
/** White royal pawns on e3 and a1, Black's on h7 and i7; ranks 5 and 4 given. */
const pawnBoard = (r5: string, r4: string) => `7pp/9/${r5}/${r4}/4P4/9/P8 w - - 0 1`;

describe("royal substitute: setup and pieces", () => {
  it("the start position of docs/games/royal-substitute.md, 42 moves", () => {
    expect(Game.start(RS).fen()).toBe(START);
    expect(moves(RS, "start")).toHaveLength(42);
  });

  // White's piece on e4, an own royal pawn on g6, Black's on c6, a Black knight on e2.
  const board = (l: string) => `7pp/2p3P2/9/4${l}4/9/4n4/P8 w - - 0 1`;
  const around: Record<string, "own" | "enemy"> = { g6: "own", c6: "enemy", e2: "enemy", a1: "own", h7: "enemy", i7: "enemy" };
  const check = (l: string, vectors: [number, number, number][]) => {
    expect(targets(RS, board(l), "e4"), l).toEqual(reach(9, 7, "e4", vectors, around));
    expect(rawCount(RS, board(l))).toBe(moves(RS, board(l)).length);
  };

  it("halfqueen: a queen of at most three squares", () => check("Q", V.queen(3)));
  it("dragon horse: bishop plus one orthogonal step", () => check("H", [...V.bishop(), ...V.rook(1)]));
  it("knight and rook as in chess", () => {
    check("N", V.leap(1, 2));
    check("R", V.rook());
  });
  it("king: one step any way", () => check("K", V.queen(1)));
});

describe("royal substitute: royal pawns", () => {
  it("one or two steps straight forward, or one diagonally forward to an empty square", () => {
    expect(movesFrom(RS, pawnBoard("9", "9"), "e3")).toEqual(["P e3-d4", "P e3-e4", "P e3-e5", "P e3-f4"]);
  });

  it("the double step is allowed from any rank, the first included", () => {
    expect(movesFrom(RS, pawnBoard("9", "9"), "a1")).toEqual(["P a1-a2", "P a1-a3", "P a1-b2"]);
    expect(movesFrom(RS, "7pp/9/4P4/9/9/9/P8 w - - 0 1", "e5")).toEqual(["P e5-d6", "P e5-e6", "P e5-e7=K", "P e5-f6"]);
  });

  it("captures straight ahead, one step or two", () => {
    expect(movesFrom(RS, pawnBoard("9", "4n4"), "e3")).toEqual(["P e3-d4", "P e3-e4", "P e3-f4"]);
    expect(movesFrom(RS, pawnBoard("4n4", "9"), "e3")).toEqual(["P e3-d4", "P e3-e4", "P e3-e5", "P e3-f4"]);
    expect(fenAfter(RS, pawnBoard("4n4", "9"), "P e3-e5")).toBe("7pp/9/4P4/9/9/9/P8 b - - 0 1");
  });

  it("the double step needs the square between empty, and own pieces block", () => {
    expect(movesFrom(RS, pawnBoard("9", "4N4"), "e3")).toEqual(["P e3-d4", "P e3-f4"]);
    expect(movesFrom(RS, pawnBoard("4N4", "9"), "e3")).toEqual(["P e3-d4", "P e3-e4", "P e3-f4"]);
  });

  it("never captures diagonally", () => {
    expect(movesFrom(RS, pawnBoard("9", "3n1n3"), "e3")).toEqual(["P e3-e4", "P e3-e5"]);
  });

  it("Black's go down the board", () => {
    expect(movesFrom(RS, "7pp/9/4p4/4P4/9/9/P8 b - - 0 1", "e5")).toEqual(["p e5-d4", "p e5-e4", "p e5-f4"]);
    expect(movesFrom(RS, "7pp/9/4p4/9/9/9/P8 b - - 0 1", "e5")).toEqual(["p e5-d4", "p e5-e3", "p e5-e4", "p e5-f4"]);
  });

  it("no en passant, and the FEN never shows an en passant square", () => {
    expect(fenAfter(RS, START, "P e2-e4")).toBe("rphpqphpr/pnpqpqpnp/9/4P4/9/PNPQ1QPNP/RPHPQPHPR b - - 0 1");
    // A Black royal pawn beside the one that passed gets no capture of it.
    const g = play(RS, "7pp/9/9/3p5/9/9/4P3P w - - 0 1", "P e1-e3");
    expect(g.fen()).toBe("7pp/9/9/3p5/4P4/9/8P b - - 0 1");
    expect(g.legalMoves().map((m) => m.text).filter((m) => m.startsWith("p d4")).sort()).toEqual(["p d4-c3", "p d4-d2", "p d4-d3"]);
  });

  it("a move of a royal pawn resets the fifty-move count", () => {
    const fen = "7pp/9/9/9/4P4/9/P7N w - - 30 40";
    expect(fenAfter(RS, fen, "P e3-e4").split(" ")[4]).toBe("0");
    expect(fenAfter(RS, fen, "N i1-g2").split(" ")[4]).toBe("31");
  });
});

describe("royal substitute: promotion", () => {
  const fen = "7pp/4P4/9/9/9/9/P8 w - - 0 1";

  it("on the last rank a royal pawn becomes a King, no other choice, written =K", () => {
    expect(movesFrom(RS, fen, "e6")).toEqual(["P e6-d7=K", "P e6-e7=K", "P e6-f7=K"]);
    expect(fenAfter(RS, fen, "P e6-e7=K")).toBe("4K2pp/9/9/9/9/9/P8 b - - 0 1");
    for (const bad of ["P e6-e7=Q", "P e6-e7=R", "P e6-e7=N", "P e6-e7=H"]) expect(() => play(RS, fen, bad), bad).toThrow();
  });

  it("a move without '=K' is either read as the promotion or refused with the right spelling", () => {
    let out: string;
    try {
      out = play(RS, fen).play("P e6-e7");
    } catch (e) {
      out = (e as Error).message;
    }
    expect(out).toContain("P e6-e7=K");
  });

  it("also when capturing straight ahead, and for Black on rank 1", () => {
    expect(fenAfter(RS, "4n2pp/4P4/9/9/9/9/P8 w - - 0 1", "P e6-e7=K")).toBe("4K2pp/9/9/9/9/9/P8 b - - 0 1");
    expect(fenAfter(RS, "7pp/9/9/9/9/4p4/P7N b - - 0 1", "p e2-e1=k")).toBe("7pp/9/9/9/9/9/P3k3N w - - 0 2");
  });

  it("the King keeps the royal function: as the last royal piece it may not move into attack", () => {
    const f = "p7p/4P4/9/9/9/3r5/N8 w - - 0 1";
    expect(movesFrom(RS, f, "e6")).toEqual(["P e6-e7=K", "P e6-f7=K"]); // d7 is attacked by the rook
    const g = play(RS, f, "P e6-e7=K", "p a7-a6");
    expect(targets(RS, g.fen(), "e7")).toEqual(["e6", "f6", "f7"]);
  });
});

describe("royal substitute: extinction royalty", () => {
  const fen = "7pp/2r5p/9/9/2P6/9/P7N w - - 0 1"; // White royals c3 (attacked) and a1

  it("with two or more royal pieces, one may be left attacked, moved into attack, and captured", () => {
    const list = moves(RS, fen);
    expect(list).toContain("P a1-a2"); // leaves c3 attacked
    expect(list).toContain("P c3-c5"); // steps next to the rook, still attacked
    expect(Game.start(RS, fen).checks()).toEqual([]); // "check" means nothing
    const g = play(RS, fen, "P a1-a2", "r c6-c3");
    expect(g.fen()).toBe("7pp/8p/9/9/2r6/P8/8N w - - 0 2");
  });

  it("the last royal piece is a king: no move may leave it attacked", () => {
    const g = play(RS, fen, "P a1-a2", "r c6-c3");
    expect(g.status()).toEqual({ result: "ongoing" });
    expect(movesFrom(RS, g.fen(), "a2")).toEqual(["P a2-a4"]); // a3 and b3 are attacked by the rook
    expect(errorOf(() => g.play("P a2-a3"))).toMatch(/last royal/);
  });

  it("the last royal piece can be in check, and must get out of it", () => {
    const f = "7pp/8p/9/9/9/9/P3r3N w - - 0 1"; // the rook on e1 attacks a1
    expect(Game.start(RS, f).checks()).toEqual(["a1"]);
    expect(moves(RS, f)).toEqual(["P a1-a2", "P a1-a3", "P a1-b2"]);
  });

  it("checkmate of the last royal piece wins", () => {
    const f = "rr2p1p2/9/9/9/9/9/P7R w - - 0 1";
    expect(status(f)).toEqual({ result: "black-wins", reason: "checkmate" });
    // The same with a second White royal pawn: nothing is attacked that matters.
    expect(status("rr2p1p2/9/9/9/9/9/P1P5R w - - 0 1")).toEqual({ result: "ongoing" });
  });

  it("a side with no royal piece has lost, and has no moves", () => {
    expect(status("4p4/9/9/9/9/9/R8 w - - 0 1")).toEqual({ result: "black-wins", reason: "extinction" });
    expect(status("9/9/9/9/9/9/R3P4 b - - 0 1")).toEqual({ result: "white-wins", reason: "extinction" });
    expect(moves(RS, "4p4/9/9/9/9/9/R8 w - - 0 1")).toEqual([]);
  });
});

describe("royal substitute: stalemate and bare royal", () => {
  it("stalemate loses: the side to move with no legal move, not attacked", () => {
    // The King cannot step to b1/b2, the Knight is pinned.
    expect(status("rr2p1p2/9/9/9/9/N8/K8 w - - 0 1")).toEqual({ result: "black-wins", reason: "stalemate" });
  });

  it("with two or more royal pieces there is no check: a side without moves is stalemated, and loses", () => {
    expect(status("KKKKKKKKK/PPPPPPPPP/9/9/9/3p1p3/9 w - - 0 1")).toEqual({ result: "black-wins", reason: "stalemate" });
  });

  it("a side with one royal piece and nothing else, after its move, has lost", () => {
    expect(status("4p4/9/9/9/9/9/P2R5 w - - 0 1")).toEqual({ result: "white-wins", reason: "bare-royal" });
  });

  it("bared by the last move and unable to bare the opponent in turn: lost", () => {
    expect(status("4p4/3n5/9/9/9/9/P8 w - - 0 1")).toEqual({ result: "black-wins", reason: "bare-royal" });
    const g = play(RS, "4p4/9/3n5/9/3R5/9/P8 w - - 0 1", "R d3-d5");
    expect(g.status()).toEqual({ result: "white-wins", reason: "bare-royal" });
  });

  it("the shatranj exception: a bare side that can bare the opponent at once plays on, and doing so draws", () => {
    const f = "4p4/3n5/3K5/9/9/9/9 w - - 0 1";
    expect(status(f)).toEqual({ result: "ongoing" });
    const g = play(RS, f, "K d5-d6");
    expect(g.status()).toEqual({ result: "draw", reason: "bare-royal" });
    expect(g.legalMoves()).toEqual([]);
  });

  it("… but not when the only baring capture would leave its royal piece attacked", () => {
    expect(status("3p5/3n5/3K5/9/9/9/9 w - - 0 1")).toEqual({ result: "black-wins", reason: "bare-royal" });
  });

  it("… and a bare side that instead plays another move has lost", () => {
    const g = play(RS, "4p4/3n5/3K5/9/9/9/9 w - - 0 1", "K d5-c5");
    expect(g.status()).toEqual({ result: "black-wins", reason: "bare-royal" });
  });

  it("two royal pieces and nothing else are not bare", () => {
    expect(status("4p4/3n5/9/9/9/9/P1P6 w - - 0 1")).toEqual({ result: "ongoing" });
    expect(status("3p1p3/9/9/9/9/9/P1P6 w - - 0 1")).toEqual({ result: "ongoing" });
    expect(status("3p1p3/9/9/9/9/9/P1P6 b - - 0 1")).toEqual({ result: "ongoing" });
  });
});

describe("royal substitute: repetition", () => {
  it("threefold repetition is claimable", () => {
    const cycle = ["N b2-c4", "n h6-g4", "N c4-b2", "n g4-h6"];
    const g = play(RS, START, ...cycle);
    expect(g.claimableDraws()).toEqual([]);
    for (const m of cycle) g.play(m);
    expect(g.claimableDraws()).toEqual(["threefold-repetition"]);
  });
});
