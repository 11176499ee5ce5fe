/**
 * Shatranj, Chaturanga, Makruk and Ouk Chatrang (docs/games/shatranj.md,
 * docs/games/chaturanga.md, docs/games/makruk.md, docs/games/ouk-chatrang.md),
 * checked against Fairy-Stockfish (ffish 0.7.10, its built-ins shatranj, chaturanga,
 * makruk and cambodian): perft, positions for every rule, each game end, and seeded
 * random games compared move list, FEN and end at every ply.
 *
 * A move of ours is ffish's UCI as from + to + the promoted piece's letter in lower
 * case (`P e7-e8=Q` is `e7e8q`), through tests/support/oracle.ts: every move in these games
 * is one step.
 */
import type { FairyStockfish } from "ffish";
import { beforeAll, describe, expect, it } from "vitest";
import { Game } from "@/lib/rules";
import { listMoves } from "@/lib/rules/game";
import { makeMove, perft } from "@/lib/rules/movegen";
import { makeFen } from "@/lib/rules/notation/fen";
import { loadFairyStockfish, oracleAfter, oracleBoard, oracleMoves, oraclePerft, oracleRow, ourMoves, withOracleBoard } from "../support/oracle";
import { errorOf, fenAfter, movesFrom, play, position, reach, targets, V } from "../support/rules";

let ff: FairyStockfish;
beforeAll(async () => {
  ff = await loadFairyStockfish();
});

const GAMES = ["shatranj", "chaturanga", "makruk", "ouk-chatrang"];

/** Fairy-Stockfish after playing UCI moves from a FEN. */
const oracle = (id: string, fen: string, ucis: string[] = []) => oracleAfter(ff, oracleRow(id), fen, ucis);
/** Fairy-Stockfish's perft at `fen`. */
const ffPerft = (id: string, fen: string, depth: number) => withOracleBoard(ff, oracleRow(id), fen, (b) => oraclePerft(b, depth));
/** Our legal moves as ffish's UCI (pure generation, listed even where the game has ended). */
const ourUci = (id: string, fen: string) => ourMoves(Game.start(id, fen), listMoves(position(id, fen)).listed, false).map((m) => m.uci);
const status = (id: string, fen: string) => Game.start(id, fen).status();
const RESULT = { "white-wins": "1-0", "black-wins": "0-1", draw: "1/2-1/2" } as const;

describe("the four games: start positions and perft", () => {
  const cases: [string, string, number[]][] = [
    ["shatranj", "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1", [16, 256, 4176, 68122]],
    ["chaturanga", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", [16, 256, 4176, 68122]],
    ["makruk", "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1", [23, 529, 12012, 273026]],
    ["ouk-chatrang", "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1", [25, 625, 15031, 361719]],
  ];
  for (const [id, start, counts] of cases) {
    it(`${id}: ffish's start FEN, perft 1–4 (depth 3 recounted by ffish here)`, () => {
      expect(Game.start(id).fen()).toBe(start);
      expect(oracle(id, start).fen).toBe(start);
      expect(counts.map((_, d) => perft(position(id, "start"), d + 1))).toEqual(counts);
      expect(ffPerft(id, start, 3)).toBe(counts[2]);
    });
  }

  it("middlegame positions: the same moves as ffish, perft 3 equal", () => {
    const fens: [string, string][] = [
      ["shatranj", "r1bk1b1r/1pp1qppp/p1n2n2/3pp3/3PP3/2N2N2/PPP1QPPP/R1BK1B1R w - - 0 6"],
      ["chaturanga", "r2qkb1r/pp1b1ppp/2n1pn2/2pp4/3P4/2P1PN2/PP1NBPPP/R1BQK2R w - - 0 7"],
      ["makruk", "r1s1ks1r/3nm3/pppppppp/8/4P3/PPPP1PPP/3NM3/R1S1KS1R w - - 2 5"],
      ["ouk-chatrang", "rns1ksnr/3m4/pppppppp/8/8/PPPPPPPP/4M3/RNSK1SNR w De - 2 3"],
    ];
    for (const [id, fen] of fens) {
      expect(ourUci(id, fen).sort(), id).toEqual(oracle(id, fen).moves);
      expect(perft(position(id, fen), 3), id).toBe(ffPerft(id, fen, 3));
    }
  });
});

describe("shatranj and chaturanga: pieces", () => {
  // A piece on d4; an own pawn on b2, an enemy knight on f6.
  const board = (l: string) => `3k4/8/5n2/8/3${l}4/8/1P6/4K3 w - - 0 1`;
  const around: Record<string, "own" | "enemy"> = { b2: "own", f6: "enemy", e1: "own", d8: "enemy" };

  it("ferz: one step diagonally; alfil: a leap of two diagonally, over pieces", () => {
    expect(targets("shatranj", board("Q"), "d4")).toEqual(reach(8, 8, "d4", V.bishop(1), around));
    expect(targets("shatranj", board("B"), "d4")).toEqual(["b6", "f2", "f6"]);
    // From the start the alfil jumps over its own pawn.
    expect(movesFrom("shatranj", "start", "c1")).toEqual(["B c1-a3", "B c1-e3"]);
  });

  it("pawns step one square only and promote to the ferz alone", () => {
    expect(movesFrom("chaturanga", "start", "e2")).toEqual(["P e2-e3"]);
    const fen = "8/4P3/8/8/8/2k5/7p/R3K3 w - - 0 1";
    expect(movesFrom("shatranj", fen, "e7")).toEqual(["P e7-e8=Q"]);
    expect(oracle("shatranj", fen).moves).toContain("e7e8q");
    expect(fenAfter("shatranj", fen, "P e7-e8=Q")).toBe(oracle("shatranj", fen, ["e7e8q"]).fen);
  });
});

describe("shatranj and chaturanga: game ends", () => {
  it("stalemate loses", () => {
    const fen = "7k/p4K2/P5Q1/8/8/8/8/8 b - - 0 1";
    for (const id of ["shatranj", "chaturanga"]) {
      expect(status(id, fen), id).toEqual({ result: "white-wins", reason: "stalemate" });
      expect(oracle(id, fen).result, id).toBe("1-0");
    }
  });

  it("shatranj: a bare king to move against two or more pieces has lost at once", () => {
    const fen = "3k4/8/8/8/8/8/8/R2QK3 b - - 0 1";
    expect(status("shatranj", fen)).toEqual({ result: "white-wins", reason: "bare-royal" });
    expect(oracle("shatranj", fen)).toMatchObject({ over: true, result: "1-0", moves: [] });
    expect(Game.start("shatranj", fen).legalMoves()).toEqual([]);
  });

  it("shatranj: against one piece the bare king moves; taking it bares both and play goes on", () => {
    const fen = "3k4/3R4/8/8/8/8/8/4K3 b - - 0 1";
    expect(status("shatranj", fen)).toEqual({ result: "ongoing" });
    expect(oracle("shatranj", fen).over).toBe(false);
    const g = play("shatranj", fen, "K d8-d7");
    expect(g.status()).toEqual({ result: "ongoing" });
    expect(oracle("shatranj", fen, ["d8d7"])).toMatchObject({ over: false, result: "*" });
  });

  it("shatranj: … and a bare king that leaves the piece standing has lost, even one that could not take it", () => {
    expect(play("shatranj", "3k4/3R4/8/8/8/8/8/4K3 b - - 0 1", "K d8-c8").status()).toEqual({ result: "white-wins", reason: "bare-royal" });
    expect(oracle("shatranj", "3k4/3R4/8/8/8/8/8/4K3 b - - 0 1", ["d8c8"]).result).toBe("1-0");
    // Fairy-Stockfish judges by the pieces, not by looking ahead: out of reach, the bare king still moves first.
    const far = "3k4/8/8/8/8/8/3R4/4K3 b - - 0 1";
    expect(status("shatranj", far)).toEqual({ result: "ongoing" });
    expect(oracle("shatranj", far).over).toBe(false);
    expect(play("shatranj", far, "K d8-e8").status()).toEqual({ result: "white-wins", reason: "bare-royal" });
  });

  it("chaturanga: a bare king plays on; king against king is a dead position", () => {
    const fen = "3k4/8/8/8/8/8/8/R2QK3 b - - 0 1";
    expect(status("chaturanga", fen)).toEqual({ result: "ongoing" });
    expect(oracle("chaturanga", fen).over).toBe(false);
    expect(status("chaturanga", "3k4/8/8/8/8/8/8/4K3 w - - 0 1")).toEqual({ result: "draw", reason: "insufficient-material" });
    expect(oracle("chaturanga", "3k4/8/8/8/8/8/8/4K3 w - - 0 1")).toMatchObject({ over: true, result: "1/2-1/2" });
    // Shatranj has no dead positions, as in ffish.
    expect(status("shatranj", "3k4/8/8/8/8/8/8/4K3 w - - 0 1")).toEqual({ result: "ongoing" });
    expect(oracle("shatranj", "3k4/8/8/8/8/8/8/4K3 w - - 0 1").over).toBe(false);
  });

  it("the move rule is seventy moves: a draw is claimable at 140 plies, not at 100", () => {
    const at = (n: number) => Game.start("chaturanga", `3k4/8/8/8/8/8/8/R3K3 w - - ${n} 90`).claimableDraws();
    expect(at(139)).toEqual([]);
    expect(at(140)).toEqual(["fifty-move-rule"]);
  });
});

describe("makruk: pieces and promotion", () => {
  const board = (l: string) => `3k4/8/5n2/8/3${l}4/8/1P6/4K3 w - - 0 1`;
  const around: Record<string, "own" | "enemy"> = { b2: "own", f6: "enemy", e1: "own", d8: "enemy" };

  it("khon: one step diagonally or straight forward; met: one step diagonally", () => {
    expect(targets("makruk", board("S"), "d4")).toEqual(reach(8, 8, "d4", [...V.bishop(1), [0, 1, 1]], around));
    expect(targets("makruk", board("M"), "d4")).toEqual(reach(8, 8, "d4", V.bishop(1), around));
    expect(movesFrom("makruk", board("S"), "d4").length).toBe(5);
  });

  it("pawns start on the third rank, step one square, and must become a met on entering the sixth", () => {
    expect(movesFrom("makruk", "start", "e3")).toEqual(["P e3-e4"]);
    const fen = "4k3/8/2r5/1P2P3/8/8/8/R3K3 w - - 0 1";
    expect(movesFrom("makruk", fen, "e5")).toEqual(["P e5-e6=M"]);
    expect(movesFrom("makruk", fen, "b5")).toEqual(["P b5-b6=M", "P b5-c6=M"]);
    expect(ourUci("makruk", fen).sort()).toEqual(oracle("makruk", fen).moves);
    // The promoted pawn is a plain met in the FEN, as ffish writes it.
    expect(fenAfter("makruk", fen, "P b5-c6=M")).toBe(oracle("makruk", fen, ["b5c6m"]).fen);
    expect(fenAfter("makruk", fen, "P b5-c6=M")).toMatch(/^4k3\/8\/2M5\//);
  });

  it("a pawn on the sixth rank or beyond promotes at every step (black too)", () => {
    const fen = "4k3/8/8/8/8/8/4p3/R3K3 b - - 0 1";
    expect(movesFrom("makruk", "4k3/8/8/8/8/4p3/8/R3K3 b - - 0 1", "e3")).toEqual(["p e3-e2=m"]);
    expect(ourUci("makruk", fen).sort()).toEqual(oracle("makruk", fen).moves);
  });
});

describe("makruk: counting", () => {
  it("pieces' honour: against a bare king the count starts at the pieces on the board, limit by the pieces (a rook: 16 moves)", () => {
    const fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
    const after = fenAfter("makruk", fen, "R a1-a2");
    expect(after).toBe("4k3/8/8/8/8/8/R7/4K3 b - 32 6 1");
    expect(after).toBe(oracle("makruk", fen, ["a1a2"]).fen);
  });

  it("two rooks 8 moves, khon 44 — each limit as ffish gives it", () => {
    for (const [fen, move, uci] of [
      ["4k3/8/8/8/8/8/7R/R3K3 w - - 0 1", "R a1-a2", "a1a2"],
      ["4k3/8/8/8/8/8/8/S3K3 w - - 0 1", "S a1-a2", "a1a2"],
      ["4k3/8/8/8/8/8/6NN/4K3 w - - 0 1", "N g2-e3", "g2e3"],
      ["4k3/8/8/8/8/8/6MM/4K3 w - - 0 1", "M g2-f3", "g2f3"],
    ] as const) {
      expect(fenAfter("makruk", fen, move), fen).toBe(oracle("makruk", fen, [uci]).fen);
    }
    expect(fenAfter("makruk", "4k3/8/8/8/8/8/7R/R3K3 w - - 0 1", "R a1-a2").split(" ")[3]).toBe("16");
  });

  it("board's honour: once no pawn is left the weaker side counts 64 moves from 0", () => {
    const fen = "4k3/4n3/8/8/8/8/4N3/R3K3 w - - 0 1";
    const after = fenAfter("makruk", fen, "R a1-a2");
    expect(after.split(" ").slice(3, 5)).toEqual(["128", "0"]);
    expect(after).toBe(oracle("makruk", fen, ["a1a2"]).fen);
    // No count while pawns stand.
    expect(fenAfter("makruk", "4k3/4n3/p7/8/8/P7/4N3/R3K3 w - - 0 1", "R a1-a2")).toBe("4k3/4n3/p7/8/8/P7/R3N3/4K3 b - - 1 1");
  });

  it("a capture that bares the king starts the count again, as pieces' honour", () => {
    const fen = "4k3/8/8/8/3n4/8/8/R2RK3 w - 128 40 1";
    const after = fenAfter("makruk", fen, "R d1-d4");
    expect(after).toBe("4k3/8/8/8/3R4/8/8/R3K3 b - 16 8 1");
    expect(after).toBe(oracle("makruk", fen, ["d1d4"]).fen);
  });

  it("taking a move back restores the count and its limit", () => {
    const fen = "4k3/8/8/8/3n4/8/8/R2RK3 w - 128 40 1";
    const pos = position("makruk", fen);
    const { legal, listed } = listMoves(pos);
    makeMove(pos, legal[listed.findIndex((m) => m.text === "R d1-d4")]);
    expect(makeFen(pos)).toBe("4k3/8/8/8/3R4/8/8/R3K3 b - 16 8 1");
    pos.unmake();
    expect(makeFen(pos)).toBe(fen);
  });

  it("a bare king that takes the last pawn starts its own count", () => {
    const fen = "8/8/8/3k4/4P3/8/8/R3K3 b - - 0 1";
    const after = fenAfter("makruk", fen, "K d5-e4");
    expect(after).toBe(oracle("makruk", fen, ["d5e4"]).fen);
    expect(after.split(" ").slice(3, 5)).toEqual(["32", "5"]);
  });

  it("when the count passes its limit the game is drawn; a checkmate on that move still wins", () => {
    const fen = "4k3/8/8/8/8/8/R7/4K3 b - 32 32 1";
    const g = play("makruk", fen, "K e8-f8");
    expect(g.status()).toEqual({ result: "draw", reason: "counting-rule" });
    expect(g.legalMoves()).toEqual([]);
    const o = oracle("makruk", fen, ["e8f8"]);
    expect(o.fen).toBe(g.fen());
    // ffish reports it as a draw a player may claim.
    expect([o.over, o.claimed]).toEqual([false, "1/2-1/2"]);
    expect(status("makruk", "4k3/8/8/8/8/8/R7/4K3 b - 32 31 1")).toEqual({ result: "ongoing" });
    const mate = "k7/8/1K6/8/8/8/8/7R w - 32 32 1";
    expect(play("makruk", mate, "R h1-h8").status()).toEqual({ result: "white-wins", reason: "checkmate" });
    expect(oracle("makruk", mate, ["h1h8"]).result).toBe("1-0");
  });

  it("a count that runs out as the last piece is taken ends the game as a dead position, as Fairy-Stockfish ends it", () => {
    // Found by the oracle (CI seed): the bare king took Black's last rook on the move that passed the count.
    const fen = "K7/8/8/8/4p3/6k1/8/8 b - 126 127 171";
    expect(status("ouk-chatrang", fen)).toEqual({ result: "draw", reason: "insufficient-material" });
    const o = oracle("ouk-chatrang", fen, []);
    expect([o.over, o.result]).toEqual([true, "1/2-1/2"]);
  });

  it("no fifty- or seventy-five-move rule", () => {
    const fen = "4k3/4n3/p7/8/8/P7/4N3/R3K3 w - - 160 90";
    expect(status("makruk", fen)).toEqual({ result: "ongoing" });
    expect(Game.start("makruk", fen).claimableDraws()).toEqual([]);
    expect(oracle("makruk", fen).claimed).toBe("*");
  });

  it("dead positions are Fairy-Stockfish's: a lone knight, pawn or met, or mets all on one colour", () => {
    const cases = [
      "4k3/8/8/8/8/8/6N1/4K3 w - - 0 1",
      "4k3/8/8/8/4P3/8/8/4K3 w - - 0 1",
      "4k3/8/8/8/8/8/6M1/4K3 w - - 0 1",
      "4k3/8/8/3m4/8/8/6M1/4K3 w - - 0 1",
      "4k3/8/8/2m5/8/8/6M1/4K3 w - - 0 1",
      "4k3/8/8/3n4/8/8/6N1/4K3 w - - 0 1",
      "4k3/8/8/3s4/8/8/8/4K3 w - - 0 1",
    ];
    for (const fen of cases) {
      const dead = status("makruk", fen).result === "draw";
      expect(dead, fen).toBe(oracle("makruk", fen).over);
    }
    expect(cases.map((f) => status("makruk", f).result === "draw")).toEqual([true, true, true, true, false, false, false]);
  });

  it("FEN: the counting limit stands in the en passant field; a bad one is refused", () => {
    expect(Game.start("makruk", "4k3/8/8/8/8/8/R7/4K3 b - 32 6 1").fen()).toBe("4k3/8/8/8/8/8/R7/4K3 b - 32 6 1");
    expect(errorOf(() => Game.start("makruk", "4k3/8/8/8/8/8/R7/4K3 b - 0 6 1"))).toMatch(/counting limit/);
    expect(errorOf(() => Game.start("chess", "4k3/8/8/8/8/8/R7/4K3 b - 32 6 1"))).toMatch(/en passant/);
  });
});

describe("ouk chatrang: first moves", () => {
  const START = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1";

  it("the unmoved king may leap like a knight sideways to the next rank, to an empty square", () => {
    expect(movesFrom("ouk-chatrang", "start", "d1")).toEqual(["K d1-b2", "K d1-c2", "K d1-d2", "K d1-e2", "K d1-f2"]);
    expect(fenAfter("ouk-chatrang", "start", "K d1-b2")).toBe(oracle("ouk-chatrang", START, ["d1b2"]).fen);
    expect(fenAfter("ouk-chatrang", "start", "K d1-b2").split(" ")[2]).toBe("Ede");
    // Not onto a piece, even an enemy's.
    expect(movesFrom("ouk-chatrang", "rnsmks1r/8/pppppppp/8/8/PPPPPPPP/5n2/RNSKMSNR w DEde - 0 1", "d1")).not.toContain("K d1-f2");
  });

  it("the unmoved neang may leap two squares straight forward, over a piece, to an empty square", () => {
    expect(movesFrom("ouk-chatrang", "start", "e1")).toEqual(["M e1-d2", "M e1-f2"]);
    const open = fenAfter("ouk-chatrang", "start", "P e3-e4", "p a6-a5");
    expect(movesFrom("ouk-chatrang", open, "e1")).toContain("M e1-e3");
    const over = "rnsmksnr/8/pppppppp/8/8/PPPP1PPP/4N3/RNSKMS1R w DEde - 0 1";
    expect(movesFrom("ouk-chatrang", over, "e1")).toContain("M e1-e3");
    expect(ourUci("ouk-chatrang", over).sort()).toEqual(oracle("ouk-chatrang", over).moves);
  });

  it("the king may not leap out of check; the neang may leap to block", () => {
    const fen = "4k3/8/8/8/8/8/r7/3KM3 w DE - 0 1";
    const check = "4k3/8/8/8/8/3r4/8/3KM3 w DE - 0 1";
    expect(ourUci("ouk-chatrang", check).sort()).toEqual(oracle("ouk-chatrang", check).moves);
    expect(movesFrom("ouk-chatrang", check, "d1").some((m) => m.endsWith("b2") || m.endsWith("f2"))).toBe(false);
    expect(ourUci("ouk-chatrang", fen).sort()).toEqual(oracle("ouk-chatrang", fen).moves);
  });

  it("rights go when the piece moves or is taken, and the king's when a rook moves onto its rank or file", () => {
    const lines: [string[], string[]][] = [
      [["R h1-h2", "r a8-a7", "R h2-e2"], ["h1h2", "a8a7", "h2e2"]],
      [["R a1-a2", "r a8-a7", "R a2-d2"], ["a1a2", "a8a7", "a2d2"]],
      [["P e3-e4", "p a6-a5", "M e1-e3"], ["e3e4", "a6a5", "e1e3"]],
    ];
    for (const [texts, ucis] of lines) {
      expect(fenAfter("ouk-chatrang", "start", ...texts), texts.join(", ")).toBe(oracle("ouk-chatrang", START, ucis).fen);
    }
    // A knight takes the unmoved neang on d8.
    const taken = "rnsmksnr/8/ppNppppp/8/8/PPPPPPPP/8/R1SKMSNR w DEde - 0 1";
    expect(fenAfter("ouk-chatrang", taken, "N c6-d8")).toBe(oracle("ouk-chatrang", taken, ["c6d8"]).fen);
    expect(fenAfter("ouk-chatrang", taken, "N c6-d8").split(" ")[2]).toBe("DEe");
    expect(fenAfter("ouk-chatrang", "start", "R h1-h2", "r a8-a7", "R h2-e2").split(" ")[2]).toBe("DEd");
  });

  it("FEN: rights need an unmoved king or neang on that square", () => {
    expect(errorOf(() => Game.start("ouk-chatrang", "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DFde - 0 1"))).toMatch(/first-move right 'F' needs a White king or neang on f1/);
    expect(errorOf(() => Game.start("ouk-chatrang", "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DDde - 0 1"))).toMatch(/given twice/);
    expect(errorOf(() => Game.start("makruk", "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1"))).toMatch(/castling field/);
  });

  it("counting: board's honour 63 moves, even with pawns, for a side of at most three pieces", () => {
    const fen = "4k3/4p3/8/8/8/8/P3N3/R3K3 w - - 0 1";
    const after = fenAfter("ouk-chatrang", fen, "R a1-b1");
    expect(after).toBe(oracle("ouk-chatrang", fen, ["a1b1"]).fen);
    expect(after.split(" ")[3]).toBe("126");
    const rook = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
    expect(fenAfter("ouk-chatrang", rook, "R a1-a2")).toBe(oracle("ouk-chatrang", rook, ["a1a2"]).fen);
  });
});

/** A seeded generator (Park–Miller), so every run plays the same games. */
function random(seed: number) {
  let s = seed;
  return () => (s = (s * 48271) % 2147483647) / 2147483647;
}

describe("random games against ffish: moves, FEN and end at every ply", () => {
  for (const id of GAMES) {
    it(id, () => {
      let plies = 0;
      for (let game = 1; game <= 6; game++) {
        const next = random(game * 7919);
        const g = Game.start(id);
        const b = oracleBoard(ff, oracleRow(id), g.fen());
        try {
          for (let ply = 0; ply < 300; ply++) {
            const at = `${id} game ${game} ply ${ply} ${g.fen()}`;
            expect(g.fen(), at).toBe(b.fen());
            expect(makeFen(position(id, b.fen())), at).toBe(b.fen());
            const s = g.status();
            const [, , , limit, count] = b.fen().split(" ");
            const counted = /^\d+$/.test(limit) && Number(count) > Number(limit) && b.legalMoves() !== "";
            // ffish has no automatic move-count draw; the project's seventy-five-move rule ends games it plays on.
            if (s.result !== "ongoing" && s.reason === "seventy-five-move-rule") break;
            expect(s.result !== "ongoing", at).toBe(b.isGameOver() || counted);
            if (s.result !== "ongoing") {
              expect(RESULT[s.result], at).toBe(counted ? b.result(true) : b.result());
              break;
            }
            const legal = ourMoves(g, g.legalMoves(), false);
            expect(legal.map((m) => m.uci).sort(), at).toEqual(oracleMoves(b).sort());
            const { move: m, uci } = legal[Math.floor(next() * legal.length)];
            g.play(m.text);
            b.push(uci);
            plies++;
          }
        } finally {
          b.delete();
        }
      }
      expect(plies).toBeGreaterThan(300);
    });
  }
});
