/**
 * Duck chess (docs/games/duck.md), as Fairy-Stockfish plays it: the duck's step after every
 * piece move, the duck as a blocker no one takes, no check, the king taken, the player
 * without a move winning, castling, en passant, FEN with `*`, the notation, the builder.
 * Perft numbers were computed with ffish 0.7.10 (`new ffish.Board("duck", fen)`, recursing
 * over legalMoves()); tests/unit/oracle.test.ts plays seeded random games against ffish itself.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { FairyStockfish } from "ffish";
import { Game, parseActions } from "@/lib/rules";
import { perft } from "@/lib/rules/movegen";
import { makeGameRecord, parseGameRecord } from "@/lib/rules/notation/record";
import { differences, loadFairyStockfish, oracleRow, withOracleBoard } from "../support/oracle";
import { errorOf, fenAfter, moves, play, position } from "../support/rules";

const D = "duck";
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KINGS_AND_ROOKS = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1";
/** Black to move, and nothing of Black's can move: the king boxed in by its pawns and the duck on b1. */
const NO_MOVE = "7K/8/8/8/8/8/pp6/k*6 b - - 0 1";

/** The duck squares of the moves whose piece move is `piece`, sorted. */
function duckSquares(fen: string, piece: string): string[] {
  const prefix = `${piece}; duck `;
  return moves(D, fen).filter((m) => m.startsWith(prefix)).map((m) => m.slice(prefix.length)).sort();
}

const ALL_SQUARES = [..."abcdefgh"].flatMap((f) => [1, 2, 3, 4, 5, 6, 7, 8].map((r) => f + r)).sort();

describe("duck: perft against Fairy-Stockfish", () => {
  const cases: [string, string, number[]][] = [
    ["the start: 20 piece moves, 32 duck squares each", START, [640, 379440]],
    ["a middlegame with the duck on e2", "r3k2r/pppq1ppp/2n2n2/2bpp1B1/2B1P1b1/2NP1N2/PPPQ*PPP/R3K2R w KQkq - 0 1", [1245, 1825243]],
    ["en passant possible", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", [421, 143316]],
    ["castling both ways", KINGS_AND_ROOKS, [1560, 452530]],
    ["the duck on d1 stops castling queenside", "4k3/8/8/8/8/8/8/R2*K2R w KQ - 0 1", [1357, 393530]],
    ["the duck on b1 too", "4k3/8/8/8/8/8/8/R*2K2R w KQ - 0 1", [1298, 376420]],
    // perft(3) where it stays small: a few kings and pawns.
    ["the two kings alone play on", "K7/8/8/8/8/8/8/k7 w - - 0 1", [186, 33489, 12059334]],
    ["Black boxed in, White to move", NO_MOVE.replace(" b ", " w "), [177, 52215, 18176130]],
    ["no move at all", NO_MOVE, [0, 0]],
  ];
  for (const [name, fen, counts] of cases) {
    it(name, () => {
      const pos = position(D, fen);
      expect(counts.map((_, d) => perft(pos, d + 1))).toEqual(counts);
    });
  }
});

describe("duck: the duck's step", () => {
  it("follows every piece move: the first time onto any empty square, the square the piece left included", () => {
    const all = moves(D, "start");
    expect(all).toHaveLength(640);
    expect(all.every((m) => /^[PN] [a-h][1-8]-[a-h][1-8]; duck [a-h][1-8]$/.test(m))).toBe(true);
    const squares = duckSquares(START, "P e2-e4");
    expect(squares).toHaveLength(32);
    expect(squares).toContain("e2");
    expect(squares).not.toContain("e4");
    expect(squares.filter((s) => /[1278]$/.test(s))).toEqual(["e2"]);
  });

  it("is written in FEN as *, on the square it went to", () => {
    expect(fenAfter(D, "start", "P a2-a3; duck a2")).toBe("rnbqkbnr/pppppppp/8/8/8/P7/*PPPPPPP/RNBQKBNR b KQkq - 0 1");
    const g = play(D, "start", "P e2-e4; duck d5", "N g8-f6; duck d4");
    expect(g.fen()).toBe("rnbqkb1r/pppppppp/5n2/8/3*P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2");
    expect(Game.start(D, g.fen()).fen()).toBe(g.fen());
  });

  it("must move: it never stays on its square", () => {
    const fen = fenAfter(D, "start", "P e2-e4; duck d5");
    const squares = duckSquares(fen, "p d7-d6");
    expect(squares).not.toContain("d5");
    expect(squares).toEqual(ALL_SQUARES.filter((s) => /[3-6]$/.test(s) && !["d5", "d6", "e4"].includes(s)).concat("d7", "e2").sort());
    expect(errorOf(() => play(D, fen, "p d7-d6; duck d5"))).toBe("p d7-d6; duck d5: the duck must move: it stands on d5 already");
    // A wrong letter case is a typo the refusal sees through too.
    expect(errorOf(() => play(D, fen, "P d7-d6; duck d5"))).toBe("P d7-d6; duck d5: the duck must move: it stands on d5 already");
  });

  it("goes only to an empty square: not onto a piece, nor where the piece lands", () => {
    expect(errorOf(() => play(D, "start", "P e2-e4; duck e7"))).toBe("P e2-e4; duck e7: the duck goes only to an empty square, and e7 holds the opponent's pawn");
    expect(errorOf(() => play(D, "start", "P e2-e4; duck d2"))).toBe("P e2-e4; duck d2: the duck goes only to an empty square, and d2 holds your pawn");
    expect(errorOf(() => play(D, "start", "P e2-e4; duck e4"))).toBe("P e2-e4; duck e4: the duck goes only to an empty square, and e4 is where your pawn goes");
    expect(errorOf(() => play(D, "start", "P e2-e4; duck e9"))).toBe("P e2-e4; duck e9: no such square on this 8×8 board");
  });

  it("is one step of every move: a move without it, with it alone, first or twice is refused", () => {
    expect(errorOf(() => play(D, "start", "P e2-e4"))).toBe("P e2-e4: the duck moves too: add its square, like 'P e2-e4; duck a3'");
    expect(errorOf(() => play(D, "start", "duck d5"))).toBe("duck d5: the duck moves after a piece move, in the same move: write it like 'P e2-e4; duck d5'");
    expect(errorOf(() => play(D, "start", "duck d5; P e2-e4"))).toBe("duck d5; P e2-e4: the duck moves once, last in the move: write it like 'P e2-e4; duck d5'");
    expect(errorOf(() => play(D, "start", "P e2-e4; duck d5; duck d6"))).toBe("P e2-e4; duck d5; duck d6: the duck moves once, last in the move: write it like 'P e2-e4; duck d5'");
    // A wrong piece move is refused for what it is, whatever the duck does.
    expect(errorOf(() => play(D, "start", "P e2-e5; duck d5"))).toBe("P e2-e5; duck d5 is not a legal move here");
    expect(errorOf(() => play(D, "start", "N e2-e4; duck d5"))).toBe("N e2-e4; duck d5: the piece on e2 is a pawn (P), not N");
  });

  it("is read tolerantly and written canonically", () => {
    expect(parseActions("P e2-e4;DUCK   d5").value).toEqual([
      { type: "step", piece: "P", from: "e2", to: "e4" },
      { type: "duck", to: "d5" },
    ]);
    expect(Game.start(D).play("p e2-e4; Duck d5")).toBe("P e2-e4; duck d5");
  });

  it("blocks every piece of both sides and is never taken", () => {
    // The duck on a4 between the rooks: neither passes it, neither takes it.
    const fen = "r3k3/8/8/8/*7/8/8/R3K3 w - - 0 1";
    const rookSteps = (f: string, from: string) => [...new Set(moves(D, f).filter((m) => m.startsWith(`${from === "a1" ? "R" : "r"} ${from}-`)).map((m) => m.slice(2, 7)))].sort();
    expect(rookSteps(fen, "a1").filter((s) => s[3] === "a")).toEqual(["a1-a2", "a1-a3"]);
    expect(rookSteps(fen.replace(" w ", " b "), "a8").filter((s) => s[3] === "a")).toEqual(["a8-a5", "a8-a6", "a8-a7"]);
    // A knight leaps it, but cannot land on it.
    const knight = "4k3/8/8/8/8/2*5/8/1N2K3 w - - 0 1";
    expect([...new Set(moves(D, knight).filter((m) => m.startsWith("N ")).map((m) => m.slice(2, 7)))].sort()).toEqual(["b1-a3", "b1-d2"]);
    expect(errorOf(() => play(D, knight, "N b1-c3; duck d4"))).toBe("N b1-c3; duck d4 is not a legal move here");
    // It blocks attacks too: the bishop's line to the king is shut (no check in Duck chess, but the king cannot be taken through it).
    const shut = "4k3/8/2*5/8/B7/8/8/4K3 w - - 0 1";
    expect(moves(D, shut).some((m) => m.startsWith("B a4-e8"))).toBe(false);
    expect(moves(D, shut.replace("2*5", "8")).some((m) => m.startsWith("B a4-e8"))).toBe(true);
  });
});

describe("duck: no check, and the king is taken", () => {
  it("a king may stay in attack, move into it, and nothing shows a check", () => {
    const fen = "4k3/4r3/8/8/8/8/8/4K3 w - - 0 1";
    const g = Game.start(D, fen);
    expect(g.checks()).toEqual([]);
    expect(duckSquares(fen, "K e1-f1")).toHaveLength(61);
    expect(moves(D, fen).some((m) => m.startsWith("K e1-e2;"))).toBe(true);
  });

  it("taking the king wins at once", () => {
    const g = play(D, "4k3/4r3/8/8/8/8/8/4K3 b - - 0 1", "r e7-e1; duck e2");
    expect(g.status()).toEqual({ result: "black-wins", reason: "king-captured" });
    expect(g.legalMoves()).toEqual([]);
    expect(g.fen()).toBe("4k3/8/8/8/8/8/4*3/4r3 w - - 0 2");
  });

  it("a player with no legal move wins", () => {
    expect(Game.start(D, NO_MOVE).status()).toEqual({ result: "black-wins", reason: "no-legal-move" });
    // The same position with White to move plays on.
    expect(Game.start(D, NO_MOVE.replace(" b ", " w ")).status()).toEqual({ result: "ongoing" });
  });

  it("the two kings alone are no draw: there is no rule of too little material", () => {
    expect(Game.start(D, "K7/8/8/8/8/8/8/k7 w - - 0 1").status()).toEqual({ result: "ongoing" });
  });

  it("a side could still win on time with a lone king", () => {
    expect(Game.start(D, "K7/8/8/8/8/8/8/k6q w - - 0 1").couldWin("white")).toBe(true);
  });
});

describe("duck: castling, en passant, promotion", () => {
  it("castles through and into attack, as Fairy-Stockfish does", () => {
    // Black's rook on e2 attacks e1, f1 and d1: the king castles anyway.
    const fen = "r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1";
    expect(duckSquares(fen, "K e1-g1")).toHaveLength(57);
    expect(duckSquares(fen, "K e1-c1")).toHaveLength(57);
  });

  it("after castling the duck may go where king and rook stood, not where they land", () => {
    const squares = duckSquares(KINGS_AND_ROOKS, "K e1-g1");
    expect(squares).toContain("e1");
    expect(squares).toContain("h1");
    expect(squares).not.toContain("f1");
    expect(squares).not.toContain("g1");
    expect(fenAfter(D, KINGS_AND_ROOKS, "K e1-g1; duck h1")).toBe("4k3/8/8/8/8/8/8/R4RK* b - - 1 1");
  });

  it("O-O and O-O-O are read with the duck's step as written, and refused without it", () => {
    expect(Game.start(D, KINGS_AND_ROOKS).play("O-O; duck h1")).toBe("K e1-g1; duck h1");
    expect(Game.start(D, KINGS_AND_ROOKS).play("o-o-o; DUCK A1")).toBe("K e1-c1; duck a1");
    for (const text of ["O-O", "O-O-O"]) {
      expect(() => Game.start(D, KINGS_AND_ROOKS).play(text)).toThrow(/the duck moves too: add its square, like 'O-O(-O)?; duck [a-h][1-8]'/);
    }
    expect(() => Game.start(D, KINGS_AND_ROOKS).play("O-O; duck f1")).toThrow(/f1 is where your rook goes/);
    expect(() => Game.start(D, KINGS_AND_ROOKS).play("K e1-c1; duck d1")).toThrow(/d1 is where your rook goes/);
    expect(() => Game.start(D, KINGS_AND_ROOKS).play("K e1-c1; duck c1")).toThrow(/c1 is where your king goes/);
    // The duck's square in capitals is the same square.
    expect(Game.start(D).play("P e2-e4; duck E4".replace("E4", "D5"))).toBe("P e2-e4; duck d5");
  });

  it("the duck on the path stops castling", () => {
    const castles = (fen: string) => moves(D, fen).filter((m) => /^K e1-[cg]1;/.test(m)).map((m) => m.slice(0, 7));
    expect(new Set(castles(KINGS_AND_ROOKS))).toEqual(new Set(["K e1-g1", "K e1-c1"]));
    expect(new Set(castles("4k3/8/8/8/8/8/8/R*2K2R w KQ - 0 1"))).toEqual(new Set(["K e1-g1"]));
    expect(new Set(castles("4k3/8/8/8/8/8/8/R3K1*R w KQ - 0 1"))).toEqual(new Set(["K e1-c1"]));
  });

  it("en passant: the duck may go onto the taken pawn's square; on the square passed over it stops the capture", () => {
    const fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
    const squares = duckSquares(fen, "P e5-d6");
    expect(squares).toContain("d5");
    expect(squares).toContain("e5");
    expect(squares).not.toContain("d6");
    expect(fenAfter(D, fen, "P e5-d6; duck d5")).toBe("4k3/8/3P4/3*4/8/8/8/4K3 b - - 0 1");
    // The double step that puts the duck on the square passed over: no en passant square in FEN, no capture.
    const g = play(D, "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", "p d7-d5; duck d6");
    expect(g.fen()).toBe("4k3/8/3*4/3pP3/8/8/8/4K3 w - - 0 2");
    expect(g.legalMoves().some((m) => m.text.startsWith("P e5-d6"))).toBe(false);
    expect(play(D, "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", "p d7-d5; duck a1").fen()).toBe("4k3/8/8/3pP3/8/8/8/*3K3 w - d6 0 2");
    // The duck on the square the pawn left: the capture stands, and the FEN reads back.
    const left = fenAfter(D, "4k3/5p2/8/6P1/8/8/8/4K3 b - - 0 1", "p f7-f5; duck f7");
    expect(left).toBe("4k3/5*2/8/5pP1/8/8/8/4K3 w - f6 0 2");
    expect(moves(D, left).filter((m) => m.startsWith("P g5-f6; duck f5"))).toEqual(["P g5-f6; duck f5"]);
  });

  it("promotion, then the duck", () => {
    const fen = "8/P3k3/8/8/8/8/8/4K3 w - - 0 1";
    expect(fenAfter(D, fen, "P a7-a8=N; duck a7")).toBe("N7/*3k3/8/8/8/8/8/4K3 b - - 0 1");
    expect(errorOf(() => play(D, fen, "P a7-a8; duck a7"))).toBe("P a7-a8; duck a7: say what the piece promotes to (Q, R, B, N), e.g. P a7-a8=Q");
  });
});

describe("duck: FEN", () => {
  it("refuses a second duck, and a duck in a game without one", () => {
    expect(errorOf(() => Game.start(D, "4k3/8/8/8/8/8/**6/4K3 w - - 0 1"))).toBe("there is one duck, not 2");
    expect(errorOf(() => Game.start("chess", "4k3/8/8/8/8/8/*7/4K3 w - - 0 1"))).toBe("Chess has no duck ('*')");
  });

  it("reads a position whose side not to move has its king attacked: there is no check", () => {
    expect(Game.start(D, "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1").status()).toEqual({ result: "ongoing" });
  });
});

describe("duck: the board's builder and the board", () => {
  it("asks for the piece move, then for the duck's square, then the move is complete", () => {
    const g = Game.start(D);
    const first = g.nextActions([]);
    expect(first.complete).toBe(false);
    expect(first.actions).toHaveLength(20);
    const step = { type: "step", piece: "P", from: "e2", to: "e4" } as const;
    const second = g.nextActions([step]);
    expect(second.complete).toBe(false);
    expect(second.actions).toHaveLength(32);
    expect(second.actions.every((a) => a.type === "duck")).toBe(true);
    expect(g.nextActions([step, { type: "duck", to: "d5" }])).toEqual({ actions: [], complete: true });
  });

  it("shows the duck on its square in the board data, with no piece", () => {
    const g = play(D, "start", "P e2-e4; duck d5");
    expect(g.board().find((s) => s.square === "d5")).toEqual({ square: "d5", pieces: [], duck: true });
    expect(g.board().filter((s) => s.duck)).toHaveLength(1);
    expect(Game.start(D).board().some((s) => s.duck)).toBe(false);
  });

  it("a game record writes and reads the duck's steps", () => {
    const g = play(D, "start", "P e2-e3; duck a3", "p f7-f6; duck a4", "Q d1-h5; duck a3");
    const text = makeGameRecord({ variant: D, startFen: g.startFen, moves: g.moves, result: "*", tags: {} });
    expect(text).toContain("1. P e2-e3; duck a3 p f7-f6; duck a4 2. Q d1-h5; duck a3 *");
    expect(parseGameRecord(text).value?.moves).toEqual(g.moves);
  });

  it("repetition counts the duck: the same pieces with the duck elsewhere are another position", () => {
    const shuffle = ["N g1-f3; duck d4", "N g8-f6; duck d5", "N f3-g1; duck d4", "N f6-g8; duck d5"];
    const g = play(D, "start", ...shuffle, ...shuffle);
    expect(g.claimableDraws()).toEqual([]);
    for (const m of shuffle) g.play(m);
    expect(g.claimableDraws()).toEqual(["threefold-repetition"]);
  });
});

describe("duck: the constructed positions against Fairy-Stockfish", () => {
  let ff: FairyStockfish;
  beforeAll(async () => {
    ff = await loadFairyStockfish();
  });

  // Random games rarely reach these: the same moves, FEN and game end (tests/support/oracle.ts differences).
  const positions: [string, string, string[]][] = [
    ["no move: the side to move wins", NO_MOVE, []],
    ["the king taken", "4k3/4r3/8/8/8/8/8/4K3 b - - 0 1", ["r e7-e1; duck e2"]],
    ["castling through attack", "r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1", ["K e1-g1; duck h1"]],
    ["the duck on the path", "4k3/8/8/8/8/8/8/R*2K2R w KQ - 0 1", []],
    ["en passant, the duck on the taken pawn's square", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", ["P e5-d6; duck d5"]],
    ["the duck on the square passed over", "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", ["p d7-d5; duck d6"]],
    ["the duck on the square the pawn left", "4k3/5p2/8/6P1/8/8/8/4K3 b - - 0 1", ["p f7-f5; duck f7"]],
    ["promotion", "8/P3k3/8/8/8/8/8/4K3 w - - 0 1", ["P a7-a8=N; duck a7"]],
    ["two lone kings", "K7/8/8/8/8/8/8/k7 w - - 0 1", []],
  ];
  for (const [name, fen, played] of positions) {
    it(name, () => {
      const g = play(D, fen, ...played);
      expect(withOracleBoard(ff, oracleRow(D), g.fen(), (board) => differences(g, board, oracleRow(D)))).toEqual([]);
    });
  }
});
