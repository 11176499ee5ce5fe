/**
 * Friendly Chess (docs/games/friendly.md): a focused test for every rule and every decision,
 * through the public Game API and positions built for each; FEN and move-text round
 * trips; perft; the builder; the CLI. Cross-checked against an independent naive
 * reading of the rules (rules-friendly-reference.ts).
 *
 * Where the rule book follows Paco Ŝako's reference engine, some tests restate that
 * engine's own test cases in our notation; each names its source in the repository
 * kreibaum/pacosako (lib/src/lib.rs, lib/src/draw_state.rs).
 */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { makeActionText, Game, RulesError, type Action } from "@/lib/rules";
import { listMoves } from "@/lib/rules/game";
import { LISTING_LIMIT, SEARCH_BUDGET } from "@/lib/rules/mechanics/unions";
import { perft } from "@/lib/rules/movegen";
import { parseFen } from "@/lib/rules/notation/fen";
import { unwrap } from "@/lib/rules/result";
import { compileVariant } from "@/lib/rules/variant";
import { getVariant } from "@/lib/rules/variants";
import { friendly } from "@/lib/rules/variants/friendly";
import { refPerft, refThreatened, results } from "./rules-friendly-reference";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const game = (fen = "start") => Game.start("friendly", fen);
const moves = (fen: string) => game(fen).legalMoves().map((m) => m.text).sort();
/** Plays the moves in order; the FEN after them. */
function after(fen: string, ...played: string[]): string {
  const g = game(fen);
  for (const m of played) g.play(m);
  return g.fen();
}
const illegal = (fen: string, move: string, why: RegExp) => expect(() => game(fen).play(move)).toThrow(why);
const enginePerft = (fen: string, depth: number) => perft(unwrap(parseFen(getVariant("friendly"), fen)), depth);

/** Every complete move the builder can build, walking it from the empty prefix. */
function built(g: Game): string[] {
  const out: string[] = [];
  const walk = (prefix: Action[]) => {
    const { actions, complete } = g.nextActions(prefix);
    if (complete) out.push(prefix.map(makeActionText).join("; "));
    if (prefix.length > 0) expect(actions.length > 0 || complete, prefix.map(makeActionText).join("; ")).toBe(true);
    for (const a of actions) walk([...prefix, a]);
  };
  walk([]);
  return out;
}

/** The engine's moves as result FEN → canonical text. */
function engineResults(fen: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of game(fen).legalMoves()) out.set(after(fen, m.text), m.text);
  return out;
}

/** Sum of Game.legalMoves() over the tree: an independent count through the public API. */
function gamePerft(fen: string, depth: number): number {
  const g = game(fen);
  if (depth === 0) return 1;
  const list = g.legalMoves();
  if (depth === 1) return list.length;
  return list.reduce((n, m) => n + gamePerft(after(fen, m.text), depth - 1), 0);
}

describe("Friendly Chess: unions", () => {
  const FEN = "4k3/7p/3p4/8/4N3/8/8/4K3 w - - 0 1";

  it("a piece moving onto an opponent's single piece forms a union (nothing is captured)", () => {
    expect(after(FEN, "N e4-d6")).toBe("4k3/7p/3(Np)4/8/8/8/8/4K3 b - - 0 1");
    const g = game(FEN);
    g.play("N e4-d6");
    expect(g.board().find((s) => s.square === "d6")!.pieces).toEqual([
      { color: "white", letter: "N" }, { color: "black", letter: "P" },
    ]);
  });

  it("either player moves the union as their own piece in it, taking the partner along", () => {
    const union = "4k3/7p/3(Np)4/8/8/8/8/4K3";
    expect(moves(`${union} w - - 0 1`)).toEqual(expect.arrayContaining(["N d6-b5", "N d6-c4", "N d6-f7"]));
    expect(after(`${union} w - - 0 1`, "N d6-c4")).toBe("4k3/7p/8/8/2(Np)5/8/8/4K3 b - - 1 1");
    // Black moves the same union by its pawn's move.
    expect(moves(`${union} b - - 0 1`)).toContain("p d6-d5");
    expect(after(`${union} b - - 0 1`, "p d6-d5")).toBe("4k3/7p/8/3(Np)4/8/8/8/4K3 w - - 1 2");
  });

  it("a union moves only to empty squares", () => {
    const fen = "4k3/7p/3(Np)4/1r6/4n3/8/8/4K3 w - - 0 1";
    const list = moves(fen);
    expect(list).not.toContain("N d6-b5"); // a black rook there
    expect(list).not.toContain("N d6-e4"); // a black knight there
    expect(list).toContain("N d6-c4");
    illegal(fen, "N d6-b5", /only to empty squares/);
    // Nor onto another union.
    expect(moves("4k3/7p/3(Np)4/1(Rb)6/8/8/8/4K3 w - - 0 1")).not.toContain("N d6-b5");
  });
});

describe("Friendly Chess: chains", () => {
  const FEN = "4k3/8/8/8/5(Nq)2/8/8/2B1K3 w - - 0 1";

  it("a single piece moving onto a union takes its colour's place; the released piece moves on (NOTATION example)", () => {
    expect(after(FEN, "B c1-f4; N f4-d5")).toBe("4k3/8/8/3N4/5(Bq)2/8/8/4K3 b - - 1 1");
    expect(moves(FEN).filter((t) => t.startsWith("B c1-f4"))).toEqual([
      "B c1-f4; N f4-d3", "B c1-f4; N f4-d5", "B c1-f4; N f4-e2", "B c1-f4; N f4-e6",
      "B c1-f4; N f4-g2", "B c1-f4; N f4-g6", "B c1-f4; N f4-h3", "B c1-f4; N f4-h5",
    ]);
  });

  it("the released piece must move on: the entering step alone is no move", () => {
    illegal(FEN, "B c1-f4", /released knight on f4 must move on/);
    expect(game(FEN).nextActions([{ type: "step", piece: "B", from: "c1", to: "f4" }]).complete).toBe(false);
  });

  it("the released piece ends on an empty square, forms a union with a single piece, or releases the next", () => {
    const fen = "4k3/8/4r3/8/5(Nq)2/3(Rb)4/8/2B1K3 w - - 0 1";
    expect(after(fen, "B c1-f4; N f4-e6")).toBe("4k3/8/4(Nr)3/8/5(Bq)2/3(Rb)4/8/4K3 b - - 0 1");
    // Three steps: the rook released on d3 goes on.
    expect(after(fen, "B c1-f4; N f4-d3; R d3-d8")).toBe("3Rk3/8/4r3/8/5(Bq)2/3(Nb)4/8/4K3 b - - 1 1");
    expect(moves(fen)).toContain("B c1-f4; N f4-d3; R d3-a3");
    // The released rook cannot stop on d3.
    illegal(fen, "B c1-f4; N f4-d3", /released rook on d3 must move on/);
  });

  it("a released piece moves by its own move, from the union's square", () => {
    illegal(FEN, "B c1-f4; N f4-f5", /not a legal chain step/);
    illegal(FEN, "B c1-f4; N g4-e5", /must move on from there/);
    illegal(FEN, "B c1-f4; B f4-d6", /is a knight/);
  });

  it("own single pieces block; a union never enters a union; the king never takes part", () => {
    expect(moves("4k3/8/8/8/5(Nq)2/4P3/8/2B1K3 w - - 0 1").some((t) => t.startsWith("B c1-f4"))).toBe(false);
    // A union (the knight's) cannot move onto the other union.
    const two = "4k3/8/8/8/5(Nq)2/3(Rb)4/8/4K3 w - - 0 1";
    expect(moves(two)).not.toContain("N f4-d3");
    // The king next to a union cannot step into it.
    expect(moves("4k3/8/8/8/8/8/4(Nq)3/4K3 w - - 0 1")).not.toContain("K e1-e2");
  });
});

describe("Friendly Chess: termination (Decision)", () => {
  // Two unions of queens: a released queen could bounce between d4 and d5 for ever.
  const CYCLE = "4k3/8/8/3(Qb)4/3(Qr)4/8/8/3QK3 w - - 0 1";

  it("a chain may not pass through a state twice (board + released piece and square)", () => {
    // d1-d4 releases a queen on d4, d4-d5 one on d5, d5-d4 one on d4 again: the same board and the same
    // released piece on the same square.
    illegal(CYCLE, "Q d1-d4; Q d4-d5; Q d5-d4; Q d4-a7", /passes through the same state twice/);
    expect(after(CYCLE, "Q d1-d4; Q d4-d5; Q d5-a8")).toBe("Q3k3/8/8/3(Qb)4/3(Qr)4/8/8/4K3 b - - 1 1");
  });

  it("a chain may end with the board as it began: the start has no released piece, so no state repeats", () => {
    // No new union: the fifty-move count runs on.
    expect(after(CYCLE, "Q d1-d4; Q d4-d1")).toBe("4k3/8/8/3(Qb)4/3(Qr)4/8/8/3QK3 b - - 1 1");
    expect(moves(CYCLE)).toContain("Q d1-d4; Q d4-d1");
    expect(built(game(CYCLE))).toContain("Q d1-d4; Q d4-d1");
  });

  it("a rook looping back to its square loses its castling right all the same", () => {
    // kreibaum/pacosako lib/src/lib.rs, idempotent_chain_forfeits_castle (a White king added on e1).
    const fen = "r3k2r/8/8/7(Pn)/5(Pn)2/8/2P5/4K3 b kq - 0 1";
    const loop = "r h8-h5; n h5-f4; n f4-h5; r h5-h8";
    expect(after(fen, loop)).toBe("r3k2r/8/8/7(Pn)/5(Pn)2/8/2P5/4K3 w q - 1 2");
    expect(moves(fen)).toContain(loop);
    const castling = moves(after(fen, loop, "P c2-c3")).filter((t) => t.startsWith("k e8-") && /[cg]8$/.test(t));
    expect(castling).toEqual(["k e8-c8"]);
  });

  it("every chain is finite: the listing ends and lists each result once", () => {
    const list = moves(CYCLE);
    expect(new Set(list.map((t) => after(CYCLE, t))).size).toBe(list.length);
    const longest = Math.max(...list.map((t) => t.split("; ").length));
    expect(longest).toBeLessThan(10);
  });

  it("a step after which the move cannot be finished is not legal", () => {
    // The knight could enter e4, but the pawn released there has no move (e5 is White's own bishop).
    const fen = "4k3/8/8/4B3/4(Pn)3/2N5/8/4K3 w - - 0 1";
    expect(moves(fen).some((t) => t.startsWith("N c3-e4"))).toBe(false);
    expect(game(fen).nextActions([]).actions.map(makeActionText)).not.toContain("N c3-e4");
    illegal(fen, "N c3-e4", /must move on/);
  });

  it("the builder offers exactly the steps that can be finished, in chains with cycles too", () => {
    for (const fen of [CYCLE, "4k3/8/8/3(Qb)4/3(Rr)(Nn)3/8/8/3QK3 w - - 0 1"]) {
      const paths = [...results(fen).values()].flat().sort();
      expect(built(game(fen)).sort()).toEqual(paths);
    }
  });
});

describe("Friendly Chess: the king", () => {
  it("only steps to empty squares: never onto a piece, never into a union", () => {
    const fen = "4k3/8/8/8/8/8/3p1(Nb)2/4K3 w - - 0 1";
    const list = moves(fen);
    expect(list.filter((t) => t.startsWith("K"))).toEqual(["K e1-d1", "K e1-e2", "K e1-f1"]);
    illegal(fen, "K e1-d2", /only steps to empty squares/);
    illegal(fen, "K e1-f2", /only steps to empty squares/);
  });

  it("castles as in chess; a rook in a union castles with its partner", () => {
    expect(moves("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")).toEqual(expect.arrayContaining(["K e1-g1", "K e1-c1"]));
    expect(after("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "K e1-g1")).toBe("r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    expect(after("4k3/7p/8/8/8/8/8/4K2(Rn) w K - 0 1", "K e1-g1")).toBe("4k3/7p/8/8/8/8/8/5(Rn)K1 b - - 1 1");
    expect(after("4k3/7p/8/8/8/8/8/(Rb)3K3 w Q - 0 1", "K e1-c1")).toBe("4k3/7p/8/8/8/8/8/2K(Rb)4 b - - 1 1");
  });

  it("not when the king is threatened, nor across or onto a threatened square", () => {
    // e1 threatened by the rook on e8.
    expect(moves("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1").filter((t) => t.startsWith("K e1-") && /[cg]1$/.test(t))).toEqual([]);
    // f1 threatened: no castling kingside; queenside still.
    const f1 = moves("r3kr2/8/8/8/8/8/8/R3K2R w KQq - 0 1");
    expect(f1).not.toContain("K e1-g1");
    expect(f1).toContain("K e1-c1");
    // b1 is threatened, but the king neither crosses nor lands on it.
    expect(moves("1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1")).toContain("K e1-c1");
  });

  it("a square is threatened by a whole turn of the opponent, chains included (Decision)", () => {
    // Only through a chain: the black bishop enters h3, the knight released there reaches g1.
    const fen = "2b1k3/8/8/8/8/7(Pn)/8/4K2R w K - 0 1";
    expect(moves(fen)).not.toContain("K e1-g1");
    // Without the union the bishop alone threatens nothing there.
    expect(moves("2b1k3/8/8/8/8/7P/8/4K2R w K - 0 1")).toContain("K e1-g1");
  });

  it("a threat through a three-step chain counts", () => {
    // B c1-f4 releases the knight, N f4-d3 the rook, R d3-d7 reaches the king.
    expect(game("8/3k4/8/8/5(Nq)2/3(Rb)4/8/2B1K3 b - - 0 1").checks()).toEqual(["d7"]);
    expect(game("8/3k4/8/8/5(Nq)2/3(Rb)4/8/4K3 b - - 0 1").checks()).toEqual([]);
    // The same threat forbids castling across d1 (the rook released on d3 goes down the d-file).
    expect(moves("4k3/7p/8/8/5(Nq)2/3(Rb)4/8/R1b1K3 w Q - 0 1")).not.toContain("K e1-c1");
  });

  it("castling rights are lost when the king or that rook leaves its square for any reason (Decision)", () => {
    // Carried away by the opponent.
    expect(after("4k3/7p/8/8/8/8/8/4K2(Rn) b K - 0 1", "n h1-g3")).toBe("4k3/7p/8/8/8/6(Rn)1/8/4K3 w - - 1 2");
    // Released from its square in a chain, even though the entering rook now stands there.
    expect(after("4k3/7p/8/8/8/8/7R/4K2(Rn) w K - 0 1", "R h2-h1; R h1-g1")).toBe("4k3/7p/8/8/8/8/8/4K1R(Rn) b - - 1 1");
    // The king steps.
    expect(after("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "K e1-e2")).toBe("4k3/8/8/8/8/8/4K3/R6R b - - 1 1");
    // A union formed on the rook keeps the right (the rook has not left).
    expect(after("4k3/8/8/8/8/6n1/8/4K2R b K - 0 1", "n g3-h1")).toBe("4k3/8/8/8/8/8/8/4K2(Rn) w K - 0 2");
  });
});

describe("Friendly Chess: pawns", () => {
  it("step straight to empty squares, two from the owner's 1st or 2nd rank", () => {
    expect(moves("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").filter((t) => t.startsWith("P"))).toEqual(["P e2-e3", "P e2-e4"]);
    // A pawn carried to its own first rank double-steps from there.
    expect(moves("4k3/8/8/8/8/8/8/3KP3 w - - 0 1").filter((t) => t.startsWith("P"))).toEqual(["P e1-e2", "P e1-e3"]);
    expect(after("4k3/8/8/8/8/8/8/3KP3 w - - 0 1", "P e1-e3")).toBe("4k3/8/8/8/8/4P3/8/3K4 b - - 1 1"); // no en passant right
    // Never straight onto a piece, nor over one.
    expect(moves("4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1").filter((t) => t.startsWith("P"))).toEqual([]);
    expect(moves("4k3/8/8/8/4n3/8/4P3/4K3 w - - 0 1").filter((t) => t.startsWith("P"))).toEqual(["P e2-e3"]);
  });

  it("move diagonally forward only onto an opponent's piece: single, union or king", () => {
    const fen = "8/8/8/8/8/3n1(Qr)2/4P3/4K2k w - - 0 1";
    const pawn = moves(fen).filter((t) => t.startsWith("P"));
    expect(pawn).toEqual(expect.arrayContaining(["P e2-d3", "P e2-e3", "P e2-e4", "P e2-f3; Q f3-f1"]));
    expect(pawn).not.toContain("P e2-f3"); // onto the union: a chain step, the queen must go on
    expect(pawn.every((t) => /^P e2-(d3|e3|e4|f3; Q f3-..)$/.test(t))).toBe(true);
    // Not diagonally to an empty square, nor onto its own piece.
    expect(moves("4k3/8/8/8/8/3N4/4P3/4K3 w - - 0 1").filter((t) => t.startsWith("P"))).toEqual(["P e2-e3", "P e2-e4"]);
    // Onto the king: a win.
    expect(game(after("8/8/8/8/8/3k4/4P3/4K3 w - - 0 1", "P e2-d3")).status()).toEqual({ result: "white-wins", reason: "union-with-king" });
  });

  it("a pawn in a union moves only straight ahead, one or two from its first two ranks, to empty squares", () => {
    const fen = "4k3/8/8/3r1b2/4(Pn)3/8/8/4K3 w - - 0 1";
    expect(moves(fen).filter((t) => t.startsWith("P"))).toEqual(["P e4-e5"]);
    expect(moves("4k3/7p/8/8/8/8/4(Pn)3/4K3 w - - 0 1").filter((t) => t.startsWith("P"))).toEqual(["P e2-e3", "P e2-e4"]);
    expect(moves("4k3/7p/8/8/8/4r3/4(Pn)3/4K3 w - - 0 1").filter((t) => t.startsWith("P"))).toEqual([]);
  });
});

describe("Friendly Chess: en passant (Decision)", () => {
  it("a single pawn's double step: the pawn is brought back to the passed square and a union forms", () => {
    const fen = after("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", "p d7-d5");
    expect(fen).toBe("4k3/8/8/3pP3/8/8/8/4K3 w - d6 1 2"); // a pawn move: the fifty-move clock runs on
    expect(moves(fen)).toContain("P e5-d6");
    expect(after(fen, "P e5-d6")).toBe("4k3/8/3(Pp)4/8/8/8/8/4K3 b - - 0 2");
  });

  it("a union moved by its pawn's double step: en passant brings the union back and is a chain step", () => {
    const fen = after("4k3/3(Np)4/8/4P3/8/8/8/4K3 b - - 0 1", "p d7-d5");
    expect(fen).toBe("4k3/8/8/3(Np)P3/8/8/8/4K3 w - d6 1 2");
    // White's pawn takes the knight's place in the union, now on d6; the knight is released there.
    expect(moves(fen)).toEqual(expect.arrayContaining(["P e5-d6; N d6-b5", "P e5-d6; N d6-f7"]));
    expect(after(fen, "P e5-d6; N d6-f7")).toBe("4k3/5N2/3(Pp)4/8/8/8/8/4K3 b - - 2 2"); // a chain step: no new union
    illegal(fen, "P e5-d6", /released knight on d6 must move on/);
  });

  it("a released pawn in the middle of a chain may go en passant", () => {
    const fen = "4k3/8/8/3p(Pr)3/8/8/8/K3R3 w - d6 0 2";
    expect(moves(fen)).toEqual(expect.arrayContaining(["R e1-e5; P e5-d6", "R e1-e5; P e5-e6"]));
    expect(after(fen, "R e1-e5; P e5-d6")).toBe("4k3/8/3(Pp)4/4(Rr)3/8/8/8/K7 b - - 0 2");
  });

  it("a released pawn's double step in a chain gives the right too", () => {
    const fen = "4k3/8/8/8/3p4/8/4(Pn)3/K3R3 w - - 0 1";
    expect(after(fen, "R e1-e2; P e2-e4")).toBe("4k3/8/8/8/3pP3/8/4(Rn)3/K7 b - e3 1 1");
    expect(moves(after(fen, "R e1-e2; P e2-e4"))).toContain("p d4-e3");
  });

  it("only a double step from the owner's 2nd rank gives the right, not one from the 1st", () => {
    // kreibaum/pacosako lib/src/lib.rs, test_en_passant_information (the right after c2-c4, and after a
    // union's e2-e4) and check_and_mark_en_passant (only from the pawn row).
    const fen = "4k3/8/8/8/8/3p4/8/3KP3 w - - 0 1";
    expect(after(fen, "P e1-e3")).toBe("4k3/8/8/8/8/3pP3/8/3K4 b - - 1 1");
    expect(moves(after(fen, "P e1-e3"))).not.toContain("p d3-e2");
    // Carried back to its 1st rank by a union, the same: the union's double step gives none either.
    expect(after("4k3/8/8/8/8/3p4/8/3K(Pn)3 w - - 0 1", "P e1-e3")).toBe("4k3/8/8/8/8/3p(Pn)3/8/3K4 b - - 1 1");
    // From the 2nd rank it does.
    expect(after("4k3/8/8/8/3p4/8/4P3/3K4 w - - 0 1", "P e2-e4")).toBe("4k3/8/8/8/3pP3/8/8/3K4 b - e3 1 1");
    expect(after("4k3/8/8/8/3p4/8/4(Pn)3/3K4 w - - 0 1", "P e2-e4")).toBe("4k3/8/8/8/3p(Pn)3/8/8/3K4 b - e3 1 1");
    // A FEN cannot claim the right after a double step from the 1st rank.
    expect(() => game("4k3/8/8/8/8/3pP3/8/3K4 b - e2 1 1")).toThrow(/only a pawn's double step from its 2nd rank/);
  });

  it("en passant into a chain: the released knight unites with the king (kreibaum/pacosako en_passant_chain_sako)", () => {
    // lib/src/lib.rs, en_passant_chain_sako: a union's double step d2-d4, then Black's c4 pawn goes to d3,
    // bringing the union back, and the knight released there reaches the king on e1.
    const fen = after("4k3/8/8/8/2p5/8/3(Pn)4/4K3 w - - 0 1", "P d2-d4");
    expect(fen).toBe("4k3/8/8/8/2p(Pn)4/8/8/4K3 b - d3 1 1");
    const wins = moves(fen).filter((t) => game(after(fen, t)).status().result === "black-wins");
    expect(wins).toEqual(["p c4-d3; n d3-e1"]);
  });

  it("on the next turn only", () => {
    const fen = after("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", "p d7-d5", "K e1-d1", "k e8-d8");
    expect(moves(fen)).not.toContain("P e5-d6");
  });
});

describe("Friendly Chess: promotion", () => {
  it("a pawn its owner moves to the last rank promotes, choosing Q, R, B or N in that move", () => {
    expect(moves("4k3/P7/8/8/8/8/8/4K3 w - - 0 1").filter((t) => t.startsWith("P"))).toEqual([
      "P a7-a8=B", "P a7-a8=N", "P a7-a8=Q", "P a7-a8=R",
    ]);
    illegal("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "P a7-a8", /say what the piece promotes to \(Q, R, B, N\), e.g. P a7-a8=Q/);
    // Also as the mover of a union, and as a released piece.
    expect(after("4k3/1(Pn)5p/8/8/8/8/8/4K3 w - - 0 1", "P b7-b8=Q")).toBe("1(Qn)2k3/7p/8/8/8/8/8/4K3 b - - 0 1");
    expect(after("4k3/1(Pn)5p/8/8/8/8/8/1R2K3 w - - 0 1", "R b1-b7; P b7-b8=N")).toBe("1N2k3/1(Rn)5p/8/8/8/8/8/4K3 b - - 0 1");
  });

  it("a pawn uniting with the king on the last rank wins and does not promote", () => {
    const fen = "7k/6P1/8/8/8/8/8/4K3 w - - 0 1";
    expect(moves(fen)).toContain("P g7-h8");
    expect(moves(fen)).not.toContain("P g7-h8=Q");
    const g = game(fen);
    expect(g.play("P g7-h8")).toBe("P g7-h8");
    expect(g.fen()).toBe("7(Pk)/8/8/8/8/8/8/4K3 b - - 0 1");
    expect(g.status()).toEqual({ result: "white-wins", reason: "union-with-king" });
  });

  it("carried to the last rank by the opponent: its owner promotes at the start of the next turn", () => {
    const fen = after("4k3/(Pr)6p/8/8/8/8/8/4K3 b - - 0 1", "r a7-a8");
    expect(fen).toBe("(Pr)3k3/7p/8/8/8/8/8/4K3 w - - 1 2");
    const list = moves(fen);
    expect(list.every((t) => /^P a8=[QRBN]; /.test(t))).toBe(true);
    expect(list).toContain("P a8=Q; K e1-d1");
    // One move for each choice and each move after it.
    const each = ["Q", "R", "B", "N"].map((p) => moves(`(${p}r)3k3/7p/8/8/8/8/8/4K3 w - - 1 2`));
    expect(list.length).toBe(each.reduce((n, l) => n + l.length, 0));
    expect(after(fen, "P a8=N; K e1-d1")).toBe("(Nr)3k3/7p/8/8/8/8/8/3K4 b - - 0 2");
    illegal(fen, "K e1-d1", /first promote your pawn on a8/);
    // Black's pawn carried to a1.
    expect(moves("4k3/8/8/8/8/8/7P/(Np)3K3 b - - 0 1")).toContain("p a1=q; k e8-d8");
  });

  it("several pending promotions come first, in square order", () => {
    const fen = "(Pr)3k2(Pn)/8/8/8/8/8/7P/4K3 w - - 0 1";
    expect(moves(fen)).toContain("P a8=Q; P h8=N; K e1-d1");
    let total = 0;
    for (const a of "QRBN") for (const h of "QRBN") total += moves(`(${a}r)3k2(${h}n)/8/8/8/8/8/7P/4K3 w - - 0 1`).length;
    expect(moves(fen).length).toBe(total);
    // Input in another order is read, written in square order.
    expect(game(fen).play("P h8=N; P a8=Q; K e1-d1")).toBe("P a8=Q; P h8=N; K e1-d1");
    // The builder offers them one by one.
    const g = game(fen);
    expect(g.nextActions([]).actions.map(makeActionText).sort()).toEqual(["P a8=B", "P a8=N", "P a8=Q", "P a8=R"]);
    expect(g.nextActions([{ type: "promote", piece: "P", square: "a8", promotion: "Q" }]).actions.map(makeActionText).sort())
      .toEqual(["P h8=B", "P h8=N", "P h8=Q", "P h8=R"]);
  });

  it("FEN: a pawn on its last rank only inside a union with its owner to move; on its own first rank, fine", () => {
    expect(() => game("P3k3/8/8/8/8/8/8/4K3 w - - 0 1")).toThrow(/only inside a union, with White to move/);
    expect(() => game("(Pr)3k3/8/8/8/8/8/8/4K3 b - - 0 1")).toThrow(/only inside a union, with White to move/);
    expect(() => game("4k3/8/8/8/8/8/8/p3K3 w - - 0 1")).toThrow(/only inside a union/);
    expect(game("4k3/8/8/8/8/8/8/P3K3 w - - 0 1").fen()).toBe("4k3/8/8/8/8/8/8/P3K3 w - - 0 1");
  });
});

describe("Friendly Chess: winning and the threatened king", () => {
  it("uniting a piece with the opponent's king ends the game at once", () => {
    const g = game("4k3/8/5N2/8/8/8/8/4K3 w - - 0 1");
    g.play("N f6-e8");
    expect(g.fen()).toBe("4(Nk)3/8/8/8/8/8/8/4K3 b - - 0 1");
    expect(g.status()).toEqual({ result: "white-wins", reason: "union-with-king" });
    expect(g.legalMoves()).toEqual([]);
    expect(g.nextActions([])).toEqual({ actions: [], complete: false });
    expect(() => g.play("k e8-d8")).toThrow(/game is over/);
    expect(moves(g.fen())).toEqual([]);
    expect(enginePerft(g.fen(), 2)).toBe(0);
  });

  it("also at the end of a chain", () => {
    const fen = "8/8/8/3k4/5(Nq)2/8/8/2B1K3 w - - 0 1";
    expect(after(fen, "B c1-f4; N f4-d5")).toBe("8/8/8/3(Nk)4/5(Bq)2/8/8/4K3 b - - 0 1");
    expect(game(after(fen, "B c1-f4; N f4-d5")).status()).toEqual({ result: "white-wins", reason: "union-with-king" });
    expect(game("8/8/8/3(Nk)4/5(Bq)2/8/8/4K3 b - - 0 1").status()).toEqual({ result: "white-wins", reason: "union-with-king" });
  });

  it("the game shows a king that could be reached so, directly or through a chain", () => {
    expect(game("4k3/8/5N2/8/8/8/8/4K3 b - - 0 1").checks()).toEqual(["e8"]);
    // Only through a chain: B c1-f4; N f4-e6.
    const chain = "8/8/4k3/8/5(Nq)2/8/8/2B1K3 b - - 0 1";
    expect(game(chain).checks()).toEqual(["e6"]);
    expect(game("8/8/4k3/8/5(Nq)2/8/8/4K3 b - - 0 1").checks()).toEqual([]);
    expect(game("4k3/8/8/8/8/8/8/4K3 w - - 0 1").checks()).toEqual([]);
  });

  it("a threat forbids no move: the king may be left threatened, and the opponent may then win", () => {
    const fen = "4k3/7p/5N2/8/8/8/8/4K3 b - - 0 1";
    expect(moves(fen)).toContain("p h7-h6");
    const g = game(fen);
    g.play("p h7-h6");
    g.play("N f6-e8");
    expect(g.status()).toEqual({ result: "white-wins", reason: "union-with-king" });
  });

  it("FEN: the king in a union only after the winning move (its owner to move); never two kings together", () => {
    expect(() => game("4(Nk)3/8/8/8/8/8/8/4K3 w - - 0 1")).toThrow(/game is over/);
    expect(() => game("4(Kk)3/8/8/8/8/8/8/8 w - - 0 1")).toThrow(/two kings/);
  });
});

describe("Friendly Chess: draws", () => {
  it("every piece but the kings in a union", () => {
    expect(game("4k3/8/8/3(Np)4/8/8/8/4K3 w - - 0 1").status()).toEqual({ result: "draw", reason: "all-pieces-in-unions" });
    expect(game("4k3/8/8/3(Np)4/8/8/7P/4K3 w - - 0 1").status()).toEqual({ result: "ongoing" });
  });

  it("the side to move has no legal move", () => {
    // The king is walled in; the unions' White pieces have no empty square to go to.
    const fen = "7k/8/8/8/8/nn6/(Pp)(Pp)n5/K(Bb)6 w - - 0 1";
    expect(game(fen).status()).toEqual({ result: "draw", reason: "no-legal-move" });
    expect(moves(fen)).toEqual([]);
  });

  it("fifty moves without a new union or a promotion: pawn moves and chain steps into unions do not count", () => {
    expect(after("4k3/8/8/8/8/8/4P3/4K3 w - - 10 1", "P e2-e4")).toMatch(/ 11 1$/);
    expect(after("4k3/7p/3p4/8/4N3/8/8/4K3 w - - 10 1", "N e4-d6")).toMatch(/ 0 1$/);
    // Entering a union only changes its partner; the chain ends on an empty square: no new union.
    expect(after("4k3/8/8/8/5(Nq)2/8/8/2B1K3 w - - 10 1", "B c1-f4; N f4-d5")).toMatch(/ 11 1$/);
    // The same chain ending on a single piece forms one.
    expect(after("4k3/8/4r3/8/5(Nq)2/8/8/2B1K3 w - - 10 1", "B c1-f4; N f4-e6")).toMatch(/ 0 1$/);
    expect(after("4k3/8/3(Np)4/8/8/8/7p/4K3 w - - 10 1", "N d6-f5")).toMatch(/ 11 1$/); // a union moving: no new union
    expect(after("(Pr)3k3/7p/8/8/8/8/8/4K3 w - - 10 2", "P a8=Q; K e1-d1")).toMatch(/ 0 2$/);
    // A promotion inside a chain counts, though the chain then ends on an empty square.
    const promoting = "2(Bb)1k3/1(Pn)5p/8/8/8/8/8/1R2K3 w - - 10 1";
    expect(after(promoting, "R b1-b7; P b7-c8=Q; B c8-d7")).toBe("2(Qb)1k3/1(Rn)1B3p/8/8/8/8/8/4K3 b - - 0 1");
    // En passant onto a single pawn forms a union; onto a union it is a chain step.
    expect(after("4k3/8/8/3pP3/8/8/8/4K3 w - d6 10 2", "P e5-d6")).toMatch(/ 0 2$/);
    expect(after("4k3/8/8/3(Np)P3/8/8/8/4K3 w - d6 10 2", "P e5-d6; N d6-b5")).toMatch(/ 11 2$/);
  });

  it("the fifty-move count in chains, as in Paco Ŝako's reference engine", () => {
    // kreibaum/pacosako lib/src/lib.rs, test_half_move_count_during_unproductive_chain: the last move
    // enters the union on d5 and the released pawn steps on; no new union.
    const unproductive = game();
    const counts = ["P e2-e4", "p d7-d5", "P e4-d5", "p e7-e6", "P c2-c4", "p e6-d5; p d5-d4"].map((m) => {
      unproductive.play(m);
      return Number(unproductive.fen().split(" ")[4]);
    });
    expect(counts).toEqual([1, 2, 0, 1, 2, 3]);
    // test_half_move_count_during_chain_promotion: a promotion in the middle of a chain restarts it.
    const promoting = game();
    const played = [
      "P f2-f4", "p g7-g5", "P f4-g5", "p e7-e5", "P g5-g6", "p a7-a5", "P d2-d4", "p e5-d4", "B c1-h6",
      "p a5-a4", "B h6-f8", "r a8-a5", "P g6-g7", "n b8-a6", "Q d1-d2", "r a5-h5", "Q d2-g5", "q d8-f6",
      "Q g5-g7; P g7-f8=Q; B f8-d6",
    ].map((m) => {
      promoting.play(m);
      return Number(promoting.fen().split(" ")[4]);
    });
    expect(played).toEqual([1, 2, 0, 1, 2, 3, 4, 0, 1, 2, 0, 1, 2, 3, 4, 5, 6, 7, 0]);
  });

  it("fifty moves are a draw at once, declared, not claimed", () => {
    // kreibaum/pacosako lib/src/draw_state.rs, record_position: drawn after 100 half-moves without progress.
    const g = game("4k3/8/8/8/8/8/7p/4K2N w - - 99 80");
    expect(g.status()).toEqual({ result: "ongoing" });
    g.play("N h1-g3");
    expect(g.status()).toEqual({ result: "draw", reason: "fifty-move-rule" });
    expect(g.claimableDraws()).toEqual([]);
    expect(g.legalMoves()).toEqual([]);
    expect(() => g.play("k e8-d8")).toThrow(/game is over \(draw by fifty-move-rule\)/);
    expect(game("4k3/8/8/8/8/8/7p/4K2N w - - 100 80").status()).toEqual({ result: "draw", reason: "fifty-move-rule" });
  });

  it("threefold repetition is a draw at once, declared, not claimed", () => {
    // kreibaum/pacosako lib/src/draw_state.rs, test_simple_knight_repetition: a knight union moved back
    // and forth by both players.
    const g = game();
    for (const m of ["N g1-f3", "n b8-c6", "N f3-e5", "n c6-e5"]) g.play(m); // the union on e5: once
    const cycle = ["N e5-f3", "n f3-e5"];
    for (const m of [...cycle, cycle[0]]) g.play(m);
    expect(g.status()).toEqual({ result: "ongoing" }); // twice
    g.play(cycle[1]);
    expect(g.status()).toEqual({ result: "draw", reason: "threefold-repetition" });
    expect(g.claimableDraws()).toEqual([]);
    expect(g.nextActions([])).toEqual({ actions: [], complete: false });
    expect(() => g.play("N e5-f3")).toThrow(/game is over/);
  });

  it("repetition counts the en passant right only when en passant is possible", () => {
    // After p d7-d5 with no White pawn beside it the right is not real: the position repeats.
    const g = game("4k3/3p4/8/8/8/8/8/N3K3 b - - 0 1");
    g.play("p d7-d5");
    const keyWithEp = g.fen();
    expect(keyWithEp).toContain(" d6 ");
    g.play("N a1-b3");
    g.play("k e8-d8");
    g.play("N b3-a1");
    g.play("k d8-e8");
    g.play("N a1-b3");
    g.play("k e8-d8");
    g.play("N b3-a1");
    g.play("k d8-e8");
    // The position after p d7-d5 (right not usable) occurred three times with White to move.
    expect(g.status()).toEqual({ result: "draw", reason: "threefold-repetition" });
  });
});

describe("Friendly Chess: text", () => {
  const FENS = [
    "rnbqkbnr/ppp1pppp/8/3(Pp)4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
    "(Pr)3k2(Pn)/8/8/8/8/8/7P/4K3 w - - 0 1",
    "4(Nk)3/8/8/8/8/8/8/4K3 b - - 0 1",
    "7(Pk)/8/8/8/8/8/8/4K3 b - - 0 1",
    "4k3/8/8/3(Np)P3/8/8/8/4K3 w - d6 0 2",
    "r3k2r/8/8/8/8/8/8/R3K2(Rn) w Qkq - 3 20",
  ];

  it("FEN round trips with unions, pending promotions, a won king and en passant after a union's double step", () => {
    for (const fen of FENS) expect(game(fen).fen()).toBe(fen);
  });

  it("FEN rejects what the game never allows", () => {
    expect(() => game("4k3/8/8/3(pN)4/8/8/8/4K3 w - - 0 1")).toThrow(/White piece then a Black piece/);
    expect(() => game("4k3/8/8/8/8/8/8/4K2(Nr) w K - 0 1")).toThrow(/castling right/);
  });

  it("move text: tolerant input, canonical output; every listed text reads back as itself", () => {
    const fen = "4k3/8/8/8/5(Nq)2/8/8/2B1K3 w - - 0 1";
    expect(game(fen).play("  B c1 - f4 ;N   f4-d5 ")).toBe("B c1-f4; N f4-d5");
    expect(game(fen).play("b c1-f4; n f4-d5")).toBe("B c1-f4; N f4-d5");
    for (const f of [fen, ...FENS.slice(0, 2), "r3k3/p7/(Pb)3pp(Pr)n/Q(Bp)(Np)1(Pn)1p1/4P3/3RK(Pp)2/1PPq1(Bb)P1/4(Nb)1R1 b - - 1 39"]) {
      for (const m of game(f).legalMoves()) expect(game(f).play(m.text)).toBe(m.text);
    }
    expect(() => game(fen).play("B c1-f4; N f4-d5; garbage")).toThrow(RulesError);
  });

  it("another chain to a listed result is a legal move, kept as played; the list shows its shortest chain", () => {
    // Queens in unions: the queen released on d4 may first go through d5, which changes nothing.
    const fen = "4k3/8/8/3(Qb)4/3(Qr)4/8/8/3QK3 w - - 0 1";
    const long = "Q d1-d4; Q d4-d5; Q d5-e5";
    const short = "Q d1-d4; Q d4-e5";
    expect(after(fen, long)).toBe(after(fen, short));
    expect(moves(fen)).toContain(short);
    expect(moves(fen)).not.toContain(long);
    expect(game(fen).play(long)).toBe(long);
  });

  it("a move refused for a reason every game shares is refused in the same words as in chess", () => {
    const refusal = (variant: string, fen: string, move: string) => {
      try {
        Game.start(variant, fen).play(move);
      } catch (e) {
        return (e as Error).message;
      }
      return "played";
    };
    const cases: [string, string, string][] = [
      ["start", "P e2-e9", "P e2-e9: no such square on this 8×8 board"],
      ["start", "p e7-e5", "p e7-e5: the piece on e7 is not yours; it is White's turn"],
      ["start", "N e4-e5", "N e4-e5: there is no White piece on e4"],
      ["start", "N e2-e4", "N e2-e4: the piece on e2 is a pawn (P), not N"],
      ["start", "N g1-g3", "N g1-g3 is not a legal move here"],
      ["7k/4P3/8/8/8/8/8/4K3 w - - 0 1", "P e7-e8", "P e7-e8: say what the piece promotes to (Q, R, B, N), e.g. P e7-e8=Q"],
    ];
    for (const [fen, move, message] of cases) {
      expect(refusal("friendly", fen, move)).toBe(message);
      expect(refusal("chess", fen, move)).toBe(message);
    }
  });
});

describe("Friendly Chess: the roles come from the declaration", () => {
  // The mechanic knows no letters: its king is the declared royal piece, en passant and
  // promotion belong to the pieces declared for them. Call the pawn S and the king G.
  const letters: Record<string, string> = { P: "S", p: "s", K: "G", k: "g" };
  const reletter = (s: string) => s.replace(/\b[PpKk]\b/g, (l) => letters[l]);
  const relettered = compileVariant({
    ...friendly,
    id: "friendly-relettered",
    pieces: friendly.pieces.map((p) => (letters[p.letter] ? { ...p, letter: letters[p.letter] } : p)),
    royalty: { kind: "none", piece: "G" },
    castling: { ...friendly.castling!, king: "G" },
    enPassant: { victims: ["S"], capturers: ["S"] },
  });
  const board = (fen: string) => fen.replace(/^\S+/, (placement) => placement.replace(/[PpKk]/g, (l) => letters[l]));

  it("the same moves, en passant, promotions and castling included, under other letters", () => {
    const cases: [string, string][] = [
      ["4k3/8/8/3(Np)P3/8/8/8/4K3 w - d6 0 2", "S e5-d6; N d6-b7"],
      ["(Pr)3k2(Pn)/8/8/8/8/8/7P/4K3 w - - 0 1", "S a8=N; S h8=Q; S h2-h4"],
      ["3k4/4P3/8/8/8/8/8/R3K2R w KQ - 0 1", "S e7-e8=R"],
      ["3k4/4P3/8/8/8/8/8/R3K2R w KQ - 0 1", "G e1-c1"],
      ["rnbqkbnr/ppp1pppp/8/3(Pp)4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2", "s d5-d4"],
    ];
    for (const [fen, move] of cases) {
      const theirs = listMoves(unwrap(parseFen(relettered, board(fen)))).listed.map((m) => m.text).sort();
      expect(theirs, fen).toContain(move);
      expect(theirs, fen).toEqual(moves(fen).map(reletter).sort());
    }
  });
});

describe("Friendly Chess: against an independent reading of the rules", () => {
  // Middlegames from random play-outs, each with chains of three steps or more.
  const RICH = [
    "r2k2(Br)1/p1R5/(Pb)2n(Np)2n/1(Qp)(Np)1(Pp)1p1/1q2P3/3(Pb)K(Pp)(Bb)1/1P2B1P1/6R1 w - - 1 48",
    "rrb5/p5bp/B(Qp)2k(Pp)2/1p3(Pp)p1/1Ppq(Pn)3/B1(Pn)2KNP/P3RP2/RN6 b - - 1 33",
    "2rkrN(Bn)1/p7/(Pb)q2(Np)3/2(Rp)1(Pp)np(Qp)/4P2(Bb)/3(Pb)K(Pp)2/1P2B1P1/6R1 b - - 0 52",
    "r3k3/p7/(Pb)3pp(Pr)n/Q(Bp)(Np)1(Pn)1p1/4P3/3RK(Pp)2/1PPq1(Bb)P1/4(Nb)1R1 b - - 1 39",
    "4r1nr/pb1kp2p/7b/5pp1/(Pp)B1pP1PP/(Nq)1QPn3/1(Pp)P2P2/1R1BK1NR w K f6 3 25",
    "rn2kb1r/pp1Q1p1p/3p2p1/2pP1(Pq)1(Bn)/P3b3/2P3K(Np)/1P2P1PP/RN3BR1 b kq - 1 19",
  ];
  // Smaller positions where the naive reference can go three plies deep.
  const SMALL = [
    "2k5/1n5n/7(Np)/4(Rn)2(Np)/8/6B1/N1K5/8 w - - 0 1",
    "6k1/2n5/8/(Np)4(Np)2/1n6/R(Rp)6/N7/2K5 w - - 0 1",
    "7k/8/8/5nn(Rp)/(Bn)2N1R1(Rn)/8/7K/8 w - - 0 1",
  ];

  it("each move is a distinct result, the same results as the reference, with its shortest chain as text", () => {
    for (const fen of [START, ...RICH, ...SMALL]) {
      const ref = results(fen);
      const eng = engineResults(fen);
      expect([...eng.keys()].sort(), fen).toEqual([...ref.keys()].sort());
      for (const [f, texts] of ref) expect(eng.get(f), f).toBe(texts[0]);
    }
    // Chains of three steps and more occur.
    const longest = Math.max(...RICH.flatMap((f) => moves(f).map((t) => t.split("; ").length)));
    expect(longest).toBeGreaterThanOrEqual(7);
  });

  it("the builder builds exactly the reference's chains, and playing any of them gives its result", () => {
    for (const fen of RICH.slice(0, 4)) {
      const ref = results(fen);
      const paths = [...ref.values()].flat().sort();
      expect(built(game(fen)).sort(), fen).toEqual(paths);
      for (const [f, texts] of ref) for (const t of texts) expect(after(fen, t)).toBe(f);
    }
  });

  it("random small positions with castling rights and en passant squares: list, texts, builder, threats", () => {
    let s = 20240601;
    const rnd = (n: number) => {
      s ^= s << 13;
      s ^= s >>> 17;
      s ^= s << 5;
      return ((s >>> 0) % 1000003) % n;
    };
    const W = "QRBNPPP";
    const B = "qrbnppp";
    let checked = 0;
    for (let tries = 0; checked < 40 && tries < 400; tries++) {
      const board: string[] = new Array(64).fill("");
      const put = (c: string, lo: number, hi: number) => {
        for (let k = 0; k < 100; k++) {
          const sq = lo + rnd(hi - lo);
          if (!board[sq]) return void (board[sq] = c);
        }
      };
      const castle = rnd(2) === 0;
      if (castle) [[4, "K"], [60, "k"], [0, rnd(3) ? "R" : "Rn"], [7, rnd(3) ? "R" : "Rb"], [56, "r"], [63, rnd(3) ? "r" : "Br"]].forEach(([sq, c]) => (board[sq as number] = c as string));
      else {
        put("K", 0, 64);
        put("k", 0, 64);
      }
      for (let i = 0; i < 4 + rnd(6); i++) put(W[rnd(7)] + B[rnd(7)], 8, 56);
      for (let i = 0; i < 1 + rnd(3); i++) put(W[rnd(7)], 8, 56);
      for (let i = 0; i < 1 + rnd(3); i++) put(B[rnd(7)], 8, 56);
      const side = rnd(2) ? "w" : "b";
      let ep = "-";
      for (let sq = 0; sq < 64 && ep === "-"; sq++) {
        const r = Math.floor(sq / 8);
        if (side === "w" && r === 4 && /p/.test(board[sq]) && !board[sq + 8] && !board[sq + 16]) ep = "abcdefgh"[sq % 8] + "6";
        if (side === "b" && r === 3 && /P/.test(board[sq]) && !board[sq - 8] && !board[sq - 16]) ep = "abcdefgh"[sq % 8] + "3";
      }
      const rows: string[] = [];
      for (let r = 7; r >= 0; r--) {
        let row = "";
        let e = 0;
        for (let f = 0; f < 8; f++) {
          const c = board[f + 8 * r];
          if (!c) e++;
          else {
            row += (e || "") + (c.length === 2 ? `(${c})` : c);
            e = 0;
          }
        }
        rows.push(row + (e || ""));
      }
      const fen = `${rows.join("/")} ${side} ${castle ? "KQkq" : "-"} ${ep} 0 1`;
      let g: Game;
      try {
        g = game(fen);
      } catch {
        continue; // a pawn on a last rank, an impossible en passant square…
      }
      if (g.status().result !== "ongoing") continue;
      const listed = g.legalMoves();
      if (listed.length > 100 || listed.some((m) => m.actions.length > 5)) continue;
      const ref = results(fen);
      const paths = [...ref.values()].flat().sort();
      if (paths.length > 1500) continue;
      checked++;
      expect(listed.length, fen).toBe(ref.size);
      for (const m of listed) expect(m.text, fen).toBe(ref.get(after(fen, m.text))?.[0]);
      expect(built(g).sort(), fen).toEqual(paths);
      expect(g.checks().length > 0, fen).toBe(refThreatened(fen));
    }
    expect(checked).toBe(40);
  });

  it("threatened kings as the reference sees them", () => {
    for (const fen of [...RICH, ...SMALL]) {
      for (const f of [fen, fen.replace(/ [wb] /, (s) => (s === " w " ? " b " : " w ")).replace(/ [a-h][36] /, " - ")]) {
        expect(game(f).checks().length > 0, f).toBe(refThreatened(f));
      }
    }
  });
});

describe("Friendly Chess: perft", () => {
  it("from the start: 20, 400, 8902 (docs/games/friendly.md)", () => {
    expect([1, 2, 3].map((d) => enginePerft(START, d))).toEqual([20, 400, 8902]);
    expect(gamePerft(START, 2)).toBe(400);
  });

  it("small positions with three-step chains, depth 3: engine = Game.legalMoves() tree = the reference", () => {
    const expected = [48814, 52041, 39779];
    ["2k5/1n5n/7(Np)/4(Rn)2(Np)/8/6B1/N1K5/8 w - - 0 1",
      "6k1/2n5/8/(Np)4(Np)2/1n6/R(Rp)6/N7/2K5 w - - 0 1",
      "7k/8/8/5nn(Rp)/(Bn)2N1R1(Rn)/8/7K/8 w - - 0 1"].forEach((fen, i) => {
      expect(enginePerft(fen, 3), fen).toBe(expected[i]);
      expect(refPerft(fen, 3), fen).toBe(expected[i]);
    });
    // (Game.legalMoves() is empty in a drawn position, where perft, pure generation, goes on: here
    // some moves leave every piece but the kings in unions, so the two counts differ there.)
  });

  it("rich middlegames: depth 2 against the reference, depth 3 against the Game.legalMoves() tree", () => {
    const rich = [
      ["r2k2(Br)1/p1R5/(Pb)2n(Np)2n/1(Qp)(Np)1(Pp)1p1/1q2P3/3(Pb)K(Pp)(Bb)1/1P2B1P1/6R1 w - - 1 48", 108, 5773, 766922],
      ["r3k3/p7/(Pb)3pp(Pr)n/Q(Bp)(Np)1(Pn)1p1/4P3/3RK(Pp)2/1PPq1(Bb)P1/4(Nb)1R1 b - - 1 39", 71, 3825, 275140],
    ] as const;
    for (const [fen, d1, d2, d3] of rich) {
      expect(enginePerft(fen, 1)).toBe(d1);
      expect(enginePerft(fen, 2)).toBe(d2);
      expect(refPerft(fen, 2)).toBe(d2);
      expect(enginePerft(fen, 3)).toBe(d3);
    }
    expect(gamePerft(rich[1][0], 3)).toBe(rich[1][3]);
  });
});

describe("Friendly Chess: many unions within reach of each other", () => {
  // Twelve unions in a block and one knight to start chains: over a million distinct results.
  const DENSE = "4k3/8/2(Qr)(Rn)(Bb)(Nq)2/2(Rp)(Bp)(Np)(Pp)2/2(Pp)(Pp)(Pp)(Pp)2/8/3N4/4K3 w - - 0 1";
  // Listing every result of DENSE passes far more chain states than this, so under it
  // any call that lists them fails with "too many moves to list", however fast the machine.
  const withSmallListingLimit = (f: () => void) => {
    const limit = LISTING_LIMIT.states;
    LISTING_LIMIT.states = 20_000;
    try {
      f();
    } finally {
      LISTING_LIMIT.states = limit;
    }
  };

  it("the game never lists them: status, threats, the builder and reading a long chain work within a small listing limit", () => {
    withSmallListingLimit(() => {
      const g = game(DENSE);
      expect(g.status()).toEqual({ result: "ongoing" });
      g.checks();
      let prefix: Action[] = [];
      // Walk a long chain through the builder, always going on when possible.
      for (let i = 0; i < 40; i++) {
        const r = g.nextActions(prefix);
        if (r.actions.length === 0) break;
        const on = r.actions.find((a) => !g.nextActions([...prefix, a]).complete);
        prefix = [...prefix, on ?? r.actions[0]];
        if (!on) break;
      }
      expect(prefix.length).toBeGreaterThan(5);
      const text = prefix.map(makeActionText).join("; ");
      expect(g.nextActions(prefix).complete).toBe(true);
      const before = g.fen();
      expect(g.play(text)).toBe(text);
      expect(g.fen()).not.toBe(before);
    });
  });

  it("listing them all stops with a clear error instead of running out of memory", () => {
    withSmallListingLimit(() => expect(() => game(DENSE).legalMoves()).toThrow(/too many moves to list/));
  });

  it("a threat search beyond its budget answers as the over-approximation does (threatened)", () => {
    // Deep in a dense cluster: the exact answer ("threatened") takes seconds to find.
    const fen = "3k4/(Pr)1(Qr)n(Rq)(Rb)(Qr)(Pp)/(Qn)1(Nr)(Pn)4/1(Pp)1(Bp)(Bp)1(Rp)(Rq)/(Pr)1(Rb)2(Bb)2/(Rb)(Nn)1P(Pp)(Pr)2/1p(Pn)1Q(Pp)1(Rb)/7K w - - 0 1";
    expect(game(fen).checks()).toEqual(["h1"]);
    // A search cut off at once gives the same cautious answer: the budget, not luck, bounds the work.
    const budget = SEARCH_BUDGET.states;
    SEARCH_BUDGET.states = 1;
    try {
      expect(game(fen).checks()).toEqual(["h1"]);
    } finally {
      SEARCH_BUDGET.states = budget;
    }
  });
});

describe("Friendly Chess: the rules CLI", () => {
  const ROOT = fileURLToPath(new URL("../..", import.meta.url));
  // The launcher `npm run -s rules` starts (docs/rules-tool.md#how-it-runs), without npm.
  const runner = [join(ROOT, "scripts/rules.mjs")];
  const run = (...args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, [...runner, ...args], { cwd: ROOT, timeout: 60_000 }, (err, stdout, stderr) => {
        resolve({ code: err ? (typeof err.code === "number" ? err.code : -1) : 0, stdout, stderr });
      });
    });

  it("moves: every legal move, canonical, sorted; nothing once a king stands in a union", async () => {
    const fen = "4k3/8/8/8/5(Nq)2/8/8/2B1K3 w - - 0 1";
    const r = await run("moves", "friendly", fen);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
    expect(r.stdout.trimEnd().split("\n")).toEqual(moves(fen));
    expect(r.stdout).toContain("B c1-f4; N f4-d5\n");
    expect((await run("moves", "friendly", "4(Nk)3/8/8/8/8/8/8/4K3 b - - 0 1")).stdout).toBe("");
  });

  it("perft and play with chains and pending promotions", async () => {
    expect((await run("perft", "friendly", "start", "3")).stdout).toBe("8902\n");
    const p = await run("play", "friendly", "4k3/8/8/8/5(Nq)2/8/8/2B1K3 w - - 0 1", "B c1-f4; N f4-d5", "q f4-f8");
    expect(p.stdout).toBe("4k(Bq)2/8/8/3N4/8/8/8/4K3 w - - 2 2\n"); // the queen carries the bishop along
    expect((await run("play", "friendly", "(Pr)3k3/7p/8/8/8/8/8/4K3 w - - 0 1", "P a8=Q; K e1-d1")).stdout)
      .toBe("(Qr)3k3/7p/8/8/8/8/8/3K4 b - - 0 1\n");
    const bad = await run("play", "friendly", "4k3/8/8/8/5(Nq)2/8/8/2B1K3 w - - 0 1", "B c1-f4");
    expect(bad.code).toBe(1);
    expect(bad.stdout).toBe("");
    expect(bad.stderr).toMatch(/^illegal move 'B c1-f4': .*must move on\n$/);
  });

  it("status: the Friendly reasons", async () => {
    const status = async (fen: string) => (await run("status", "friendly", fen)).stdout.trim();
    expect(await status("start")).toBe("ongoing");
    expect(await status("4(Nk)3/8/8/8/8/8/8/4K3 b - - 0 1")).toBe("white-wins union-with-king");
    expect(await status("4k3/8/8/3(Np)4/8/8/8/4K3 w - - 0 1")).toBe("draw all-pieces-in-unions");
    expect(await status("7k/8/8/8/8/nn6/(Pp)(Pp)n5/K(Bb)6 w - - 0 1")).toBe("draw no-legal-move");
    expect(await status("4k3/8/8/8/8/8/7p/4K2N w - - 100 90")).toBe("draw fifty-move-rule");
  });

  it("bad input: one line, exit 2", async () => {
    const r = await run("moves", "friendly", "P3k3/8/8/8/8/8/8/4K3 w - - 0 1");
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^a White pawn can stand on its last rank \(a8\) only inside a union/);
    expect(r.stderr.trimEnd()).not.toContain("\n");
  });
});
