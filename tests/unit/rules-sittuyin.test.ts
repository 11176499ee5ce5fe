/**
 * Sittuyin (docs/games/sittuyin.md), as Fairy-Stockfish plays it: the setup phase,
 * the pieces, promotion to general, counting, FEN with hands, game ends. Perft
 * numbers were computed with ffish 0.7.10 (`new ffish.Board("sittuyin", fen)`,
 * recursing over legalMoves()); tests/unit/rules-sittuyin-ffish.test.ts plays
 * seeded random games against ffish itself.
 */
import { describe, expect, it } from "vitest";
import { Game } from "@/lib/rules";
import { perft } from "@/lib/rules/movegen";
import { errorOf, fenAfter, moves, movesFrom, play, position } from "../support/rules";

const S = "sittuyin";
const START = "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KSSFRRNNkssfrrnn] w - - 0 1";
/** After the sixteen drops of a game (White: K b2, S c2 h3, F f2, R e1 h1, N d2 e1 … ). */
const SET_UP = "1nrnr3/3s2kf/s3pppp/pppp4/4PPPP/PPPP3S/1KSN1F2/4NR1R[] w - - 0 9";

describe("sittuyin: perft against Fairy-Stockfish", () => {
  const cases: [string, string, number[]][] = [
    ["the start: White drops first", START, [88, 7744, 580096]],
    ["Black's last drops, then White moves on the board", "1n1nr3/3s2k1/s3pppp/pppp4/4PPPP/PPPP3S/1KSN1F2/4N2R[Rfr] b - - 0 7", [19, 114, 780, 22620]],
    ["just after the setup", SET_UP, [27, 732, 20597]],
    ["middlegame", "1n1nrkf1/4s3/s1r1pppP/p2pP2P/3P1P2/KpPS2FS/3N4/RR4N1[] w - - 2 21", [32, 701, 22607]],
    ["a promotion on f6 available", "1kr1r2f/2s5/sn2pPpp/1ppp1P2/p5PP/PPPP1S1K/n4NSR/N4R2[] w - - 0 22", [29, 838, 24658]],
    ["in check during the setup: drops that block", "8/k6R/4pppp/pppp4/4PPPP/PPPP4/8/4K3[Nsrn] b - - 0 1", [12, 228, 5700, 126320]],
    ["a promotion that would uncover check", "4k3/8/8/4P3/8/8/P7/K3R3[] w - - 0 1", [14, 64, 1242, 6571]],
  ];
  for (const [name, fen, counts] of cases) {
    it(name, () => {
      const pos = position(S, fen);
      expect(counts.map((_, d) => perft(pos, d + 1))).toEqual(counts);
    });
  }
});

describe("sittuyin: the setup phase", () => {
  it("the start position: everything but the pawns in hand, and only drops", () => {
    const g = Game.start(S);
    expect(g.fen()).toBe(START);
    expect(g.hand()).toEqual({
      white: [{ letter: "K", count: 1 }, { letter: "S", count: 2 }, { letter: "F", count: 1 }, { letter: "R", count: 2 }, { letter: "N", count: 2 }],
      black: [{ letter: "K", count: 1 }, { letter: "S", count: 2 }, { letter: "F", count: 1 }, { letter: "R", count: 2 }, { letter: "N", count: 2 }],
    });
    const all = moves(S, "start");
    expect(all.every((m) => /^[KSFRN]\*[a-h][1-3]$/.test(m))).toBe(true);
    // 20 empty squares on White's three ranks for K, S, F and N; 8 first-rank squares for R.
    expect(all.filter((m) => m.startsWith("K*"))).toHaveLength(20);
    expect(all.filter((m) => m.startsWith("R*")).sort()).toEqual(["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"].map((s) => `R*${s}`));
  });

  it("a drop takes the piece from the hand, and the players alternate", () => {
    const g = play(S, "start", "K*e2", "k*d7");
    expect(g.fen()).toBe("8/3k4/4pppp/pppp4/4PPPP/PPPP4/4K3/8[SSFRRNNssfrrnn] w - - 0 2");
    expect(g.hand().white.map((p) => p.letter)).toEqual(["S", "F", "R", "N"]);
    expect(g.board().find((s) => s.square === "e2")).toEqual({ square: "e2", pieces: [{ color: "white", letter: "K" }] });
  });

  it("the canonical text of a drop is the placement; UCI's @ is not move text", () => {
    expect(Game.start(S).play("K * e2")).toBe("K*e2");
    expect(Game.start(S).play("k*e2")).toBe("K*e2");
  });

  it("refuses drops outside the own region, with the reason", () => {
    expect(errorOf(() => play(S, "start", "K*e5"))).toBe("K*e5: a king is put down only on your own side, ranks 1–3");
    expect(errorOf(() => play(S, "start", "K*e2", "k*e3"))).toBe("k*e3: a king is put down only on your own side, ranks 6–8");
    expect(errorOf(() => play(S, "start", "R*a2"))).toBe("R*a2: a chariot is put down only on your own side, rank 1");
    expect(errorOf(() => play(S, "start", "K*e2", "r*a7"))).toBe("r*a7: a chariot is put down only on your own side, rank 8");
    expect(errorOf(() => play(S, "start", "N*a3"))).toBe("N*a3: a3 is taken by your pawn");
    expect(errorOf(() => play(S, "start", "F*e2", "f*e7", "F*d2"))).toBe("F*d2: you have no general left in hand");
    expect(errorOf(() => play(S, "start", "P*e2"))).toBe("P*e2: no pawn is ever put down here");
    expect(errorOf(() => play(S, "start", "Q*e2"))).toBe("Q*e2: no 'Q' is ever put down here");
  });

  it("no board move while a drop is possible, for either side", () => {
    expect(errorOf(() => play(S, "start", "P e4-e5"))).toBe("you still hold pieces in hand: put one down first (like K*e2)");
    // White's hand is empty, Black's is not: White moves on the board, Black still drops.
    const fen = "8/3k4/4pppp/pppp4/4PPPP/PPPP4/4K3/8[ssfrrnn] w - - 0 1";
    expect(play(S, fen, "P e4-e5").legalMoves().every((m) => m.text.includes("*"))).toBe(true);
  });

  it("after the sixteenth drop the hands are empty and written as []", () => {
    const g = Game.start(S);
    for (const m of ["K*b2", "k*g7", "S*c2", "s*d7", "S*h3", "s*a6", "F*f2", "f*h7", "R*h1", "r*e8", "R*f1", "r*c8", "N*d2", "n*b8", "N*e1", "n*d8"]) g.play(m);
    expect(g.fen()).toBe(SET_UP);
    expect(g.hand()).toEqual({ white: [], black: [] });
    expect(errorOf(() => g.play("N*e3"))).toBe("N*e3: you have no pieces left in hand");
    expect(g.legalMoves()).toHaveLength(27);
  });

  it("a side in check drops only to block; if none blocks, it moves the king", () => {
    expect(moves(S, "8/k6R/4pppp/pppp4/4PPPP/PPPP4/8/4K3[Nsrn] b - - 0 1")).toEqual(
      ["b7", "c7", "d7", "e7", "f7", "g7"].flatMap((s) => [`n*${s}`, `s*${s}`]).sort());
    // A knight's check cannot be blocked.
    expect(moves(S, "8/k7/2N1pppp/pppp4/4PPPP/PPPP4/8/4K3[srn] b - - 0 1")).toEqual(["k a7-a6", "k a7-a8", "k a7-b6", "k a7-b7"]);
  });
});

describe("sittuyin: pieces", () => {
  const lone = (piece: string) => movesFrom(S, `7k/8/8/8/3${piece}4/8/8/K7[] w - - 0 1`, "d4");
  it("general (F): one step diagonally; elephant (S): diagonally or straight forward", () => {
    expect(lone("F")).toEqual(["F d4-c3", "F d4-c5", "F d4-e3", "F d4-e5"]);
    expect(lone("S")).toEqual(["S d4-c3", "S d4-c5", "S d4-d5", "S d4-e3", "S d4-e5"]);
    expect(movesFrom(S, "7k/8/8/3s4/8/8/8/K7[] b - - 0 1", "d5")).toEqual(["s d5-c4", "s d5-c6", "s d5-d4", "s d5-e4", "s d5-e6"]);
  });
  it("pawn: one step forward, captures diagonally forward, no double step", () => {
    expect(movesFrom(S, "7k/8/8/8/8/2p5/1P5P/K7[] w - - 0 1", "b2")).toEqual(["P b2-b3", "P b2-c3"]);
  });
});

describe("sittuyin: promotion", () => {
  // White: pawns on e5 (a promotion square) and a2, no general; Black king e8.
  const base = "4k3/8/8/4P3/8/8/P7/K7[] w - - 0 1";
  it("in place or by a diagonal step to an empty square, as a whole move", () => {
    expect(moves(S, base).filter((m) => m.includes("="))).toEqual(["P e5-d4=F", "P e5-d6=F", "P e5-f4=F", "P e5-f6=F", "P e5=F"]);
    expect(fenAfter(S, base, "P e5=F")).toBe("4k3/8/8/4F3/8/8/P7/K7[] b - - 0 1");
    expect(fenAfter(S, base, "P e5-d6=F")).toBe("4k3/8/3F4/8/8/8/P7/K7[] b - - 0 1");
  });
  it("optional: the pawn may also just step on", () => {
    expect(moves(S, base)).toContain("P e5-e6");
  });
  it("only while the side has no general", () => {
    const fen = "4k3/8/8/4P3/8/8/P7/K6F[] w - - 0 1";
    expect(moves(S, fen).filter((m) => m.includes("="))).toEqual([]);
    expect(errorOf(() => play(S, fen, "P e5=F"))).toBe("P e5=F: a pawn becomes a general only while you have no general");
  });
  it("only on a promotion square, unless it is the side's last pawn", () => {
    const fen = "4k3/8/8/8/4P3/8/P7/K7[] w - - 0 1";
    expect(moves(S, fen).filter((m) => m.includes("="))).toEqual([]);
    expect(errorOf(() => play(S, fen, "P e4=F"))).toBe("P e4=F: e4 is not one of your promotion squares (your last pawn promotes anywhere)");
    expect(moves(S, "4k3/8/8/8/4P3/8/8/K7[] w - - 0 1").filter((m) => m.includes("="))).toEqual(
      ["P e4-d3=F", "P e4-d5=F", "P e4-f3=F", "P e4-f5=F", "P e4=F"]);
    // Black's squares mirror White's: d4 is one.
    expect(moves(S, "k7/p7/8/8/3p4/8/8/4K3[] b - - 0 1").filter((m) => m.includes("="))).toContain("p d4=f");
  });
  it("the new general may not attack an opponent's piece, nor the move give check", () => {
    const attacking = "4k3/8/5n2/4P3/8/8/P7/K7[] w - - 0 1"; // a knight on f6, diagonally next to e5
    expect(moves(S, attacking).filter((m) => m.includes("="))).toEqual(["P e5-d4=F", "P e5-d6=F", "P e5-f4=F"]);
    expect(errorOf(() => play(S, attacking, "P e5=F"))).toBe("P e5=F: the new general may not attack an opponent's piece");
    const uncovering = "4k3/8/8/4P3/8/8/P7/K3R3[] w - - 0 1"; // stepping off the e-file uncovers the rook
    expect(moves(S, uncovering).filter((m) => m.includes("="))).toEqual(["P e5=F"]);
    expect(errorOf(() => play(S, uncovering, "P e5-d6=F"))).toBe("P e5-d6=F: a promotion may not give check");
  });
  it("never by a capture, nor on the far rank by itself", () => {
    expect(errorOf(() => play(S, "4k3/8/3n4/4P3/8/8/P7/K7[] w - - 0 1", "P e5-d6=F"))).toBe("P e5-d6=F: a promoting pawn may not capture");
    expect(movesFrom(S, "k7/2P5/8/8/8/8/P7/K7[] w - - 0 1", "c7")).toEqual(["P c7-c8"]);
  });
});

describe("sittuyin: FEN", () => {
  it("hands in brackets after the board, White's then Black's in the order K S F R N", () => {
    expect(Game.start(S, "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[nnrrfsskNNRRFSSK] w - - 0 1").fen()).toBe(START);
    // Without brackets the hands are empty, as Fairy-Stockfish reads it.
    expect(Game.start(S, "4k3/8/8/8/8/8/8/4K3 w - - 0 1").fen()).toBe("4k3/8/8/8/8/8/8/4K3[] w - - 0 1");
  });
  it("refuses bad hands", () => {
    expect(errorOf(() => Game.start(S, "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1"))).toBe("'P' cannot be held in hand in Sittuyin (only K S F R N)");
    expect(errorOf(() => Game.start(S, "4k3/8/8/8/8/8/8/4K3[N w - - 0 1"))).toBe("bad hand in '[N': write it like [KSkss]");
    expect(errorOf(() => Game.start(S, "4k3/8/8/8/8/8/8/4K3[K] w - - 0 1"))).toBe("White must have exactly one king");
    expect(errorOf(() => Game.start("chess", "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1"))).toMatch(/unexpected '\['/);
  });
  it("a king in hand is the side's one king", () => {
    expect(Game.start(S, "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[Kk] w - - 0 1").legalMoves()).toHaveLength(20);
  });
  it("the count: limit and plies in the en passant and halfmove fields once a side is bare", () => {
    // K+R v K: the count starts when the bare side is to move, 16 moves = 32 plies.
    const g = play(S, "8/8/8/4k3/8/8/8/R3K3[] w - - 7 1", "R a1-a2");
    expect(g.fen()).toBe("8/8/8/4k3/8/8/R7/4K3[] b - 32 0 1");
    g.play("k e5-e4");
    expect(g.fen()).toBe("8/8/8/8/4k3/8/R7/4K3[] w - 32 1 2");
    // The elephant allows 44 moves, the horse 64; the rook counts first.
    expect(fenAfter(S, "8/8/8/4k3/8/8/8/S3K3[] w - - 0 1", "S a1-a2")).toBe("8/8/8/4k3/8/8/S7/4K3[] b - 88 0 1");
    expect(fenAfter(S, "8/8/8/4k3/8/8/8/NN2K3[] w - - 0 1", "N a1-c2")).toBe("8/8/8/4k3/8/8/2N5/1N2K3[] b - 128 0 1");
    expect(fenAfter(S, "8/8/8/4k3/8/8/8/RS2K3[] w - - 0 1", "S b1-b2")).toBe("8/8/8/4k3/8/8/1S6/R3K3[] b - 32 0 1");
    // The capture that bares the king starts it; a general alone starts none.
    expect(fenAfter(S, "8/8/8/R2sk3/8/8/8/1S2K3[] w - - 3 1", "R a5-d5")).toBe("8/8/8/3Rk3/8/8/8/1S2K3[] b - 32 0 1");
    expect(fenAfter(S, "8/8/8/4k3/8/8/8/FF2K3[] w - - 0 1", "F a1-b2")).toBe("8/8/8/4k3/8/8/1F6/1F2K3[] b - - 1 1");
  });
  it("a count read from FEN goes on, and starts again at the capture that bares the king", () => {
    expect(fenAfter(S, "8/8/8/4k3/8/8/8/R3K3[] w - 32 5 1", "R a1-a2")).toBe("8/8/8/4k3/8/8/R7/4K3[] b - 32 6 1");
    expect(fenAfter(S, "8/8/8/R2sk3/8/8/8/1S2K3[] w - 100 7 1", "S b1-b2")).toBe("8/8/8/R2sk3/8/8/1S6/4K3[] b - 100 8 1");
    expect(fenAfter(S, "8/8/8/R2sk3/8/8/8/1S2K3[] w - 100 7 1", "R a5-d5")).toBe("8/8/8/3Rk3/8/8/8/1S2K3[] b - 32 0 1");
    // A limit of 0 plies, or of more than four digits, is no count: refused, as in Makruk.
    expect(errorOf(() => Game.start(S, "8/8/8/4k3/8/8/8/R3K3[] w - 0 6 1"))).toBe("bad counting limit '0'");
    expect(errorOf(() => Game.start(S, "8/8/8/4k3/8/8/8/R3K3[] w - 10000 6 1"))).toBe("bad counting limit '10000'");
  });
});

describe("sittuyin: game ends", () => {
  it("stalemate is a draw", () => {
    expect(Game.start(S, "R7/8/8/8/8/6F1/8/5K1k[] b - - 0 1").status()).toEqual({ result: "draw", reason: "stalemate" });
  });
  it("checkmate wins", () => {
    expect(Game.start(S, "k6R/8/1K6/8/8/8/8/8[] b - - 0 1").status()).toEqual({ result: "white-wins", reason: "checkmate" });
  });
  it("too little material is a draw: a lone general, horse or pawn, or generals on one colour", () => {
    for (const fen of ["8/8/8/4k3/8/8/8/F3K3[] w - - 0 1", "8/8/8/4k3/8/8/8/N3K3[] w - - 0 1", "8/8/8/4k3/8/8/P7/4K3[] w - - 0 1", "8/8/8/4k3/8/8/1F6/F3K3[] w - - 0 1"]) {
      expect(Game.start(S, fen).status(), fen).toEqual({ result: "draw", reason: "insufficient-material" });
    }
    for (const fen of ["8/8/8/4k3/8/8/P7/N3K3[] w - - 0 1", "8/8/8/4k3/8/8/8/S3K3[] w - - 0 1", "8/8/8/4k3/8/8/8/FF2K3[] w - - 0 1"]) {
      expect(Game.start(S, fen).status(), fen).toEqual({ result: "ongoing" });
    }
  });
  it("draws to claim: the count run out, and a king and pawn with no move but promotions", () => {
    expect(Game.start(S, "8/8/8/4k3/8/8/8/R3K3[] w - 32 33 1").claimableDraws()).toEqual(["counting-rule"]);
    expect(Game.start(S, "8/8/8/4k3/8/8/8/R3K3[] w - 32 32 1").claimableDraws()).toEqual([]);
    expect(play(S, "8/8/8/4k3/8/8/8/R3K3[] w - 32 32 1", "R a1-a2").claimableDraws()).toEqual(["counting-rule"]);
    // White: king a1 boxed in by the rooks, pawn e5 blocked: only its five promotions.
    const boxed = "1r6/8/4k3/4P3/8/8/7r/K7[] w - - 0 1";
    expect(Game.start(S, boxed).legalMoves().every((m) => m.text.includes("=F"))).toBe(true);
    expect(Game.start(S, boxed).claimableDraws()).toEqual(["no-move-but-promotion"]);
    expect(Game.start(S, boxed.replace("4P3", "3NP3")).claimableDraws()).toEqual([]);
  });
  it("pieces still in hand are material", () => {
    expect(Game.start(S, "8/8/8/8/8/8/8/8[KFk] w - - 0 1").status()).toEqual({ result: "ongoing" });
  });
});
