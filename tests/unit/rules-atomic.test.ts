/**
 * Atomic chess (docs/games/atomic.md), as Fairy-Stockfish plays it: explosions, the check
 * they imply, castling, en passant, the ends. Every constructed position is also put to
 * Fairy-Stockfish (ffish 0.7.10): the same legal moves. The random games and the perft
 * from the start and middlegames are in tests/unit/oracle.test.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { FairyStockfish } from "ffish";
import { Game } from "@/lib/rules";
import { perft } from "@/lib/rules/movegen";
import { loadFairyStockfish, oracleAfter, oracleRow, ourMoves } from "../support/oracle";
import { errorOf, fenAfter, moves, movesFrom, play, position } from "../support/rules";

const A = "atomic";
const status = (fen: string, ...texts: string[]) => play(A, fen, ...texts).status();

let ff: FairyStockfish;
beforeAll(async () => {
  ff = await loadFairyStockfish();
});

/** Our legal moves and Fairy-Stockfish's, both as UCI and sorted: they must be the same. */
function sameAsFairyStockfish(fen: string, ...texts: string[]) {
  const g = play(A, fen, ...texts);
  const ours = ourMoves(g, g.legalMoves(), false).map((m) => m.uci).sort();
  const theirs = oracleAfter(ff, oracleRow(A), g.fen());
  expect(ours, g.fen()).toEqual(theirs.moves);
  expect(g.fen()).toBe(theirs.fen);
}

describe("atomic: explosions", () => {
  // White's rook takes on d4; around it White's P c3, N d3, B e3 and Black's p c5, b d5, n e5.
  const crowd = "4k3/8/8/2pbn3/R2r4/2PNB3/8/4K3 w - - 0 1";

  it("a capture removes the capturer, the captured piece and every piece but a pawn around it, of both sides", () => {
    expect(fenAfter(A, crowd, "R a4-d4")).toBe("4k3/8/8/2p5/8/2P5/8/4K3 b - - 0 1");
    sameAsFairyStockfish(crowd);
    sameAsFairyStockfish(crowd, "R a4-d4");
  });

  it("a pawn is removed when it captures or is captured, like any piece", () => {
    // P c3 takes the bishop on d4: the pawn and the bishop go; the pawn on c5, beside d4, stays.
    const fen = "4k3/8/8/2p5/3b4/2P5/8/4K3 w - - 0 1";
    expect(fenAfter(A, fen, "P c3-d4")).toBe("4k3/8/8/2p5/8/8/8/4K3 b - - 0 1");
    expect(fenAfter(A, "4k3/8/8/8/3p4/2B5/8/4K3 w - - 0 1", "B c3-d4")).toBe("4k3/8/8/8/8/8/8/4K3 b - - 0 1");
  });

  it("a blast takes castling rights with the rook it removes", () => {
    // Q d5 takes the knight on b7; the blast takes the rook on a8, and with it Black's queenside right.
    expect(fenAfter(A, "r3k2r/1n6/8/3Q4/8/8/8/4K3 w kq - 0 1", "Q d5-b7")).toBe("4k2r/8/8/8/8/8/8/4K3 b k - 0 1");
  });

  it("a capture resets the fifty-move clock", () => {
    expect(fenAfter(A, "4k3/8/8/8/3p4/2B5/8/4K3 w - - 17 30", "B c3-d4")).toBe("4k3/8/8/8/8/8/8/4K3 b - - 0 30");
  });
});

describe("atomic: kings", () => {
  it("a king cannot capture: the blast would destroy it", () => {
    const fen = "4k3/8/8/8/8/8/4p3/4K3 w - - 0 1";
    expect(movesFrom(A, fen, "e1")).toEqual(["K e1-d2", "K e1-f2"]);
    expect(errorOf(() => play(A, fen, "K e1-e2"))).toBe("K e1-e2: a king cannot capture: the explosion would destroy it");
    sameAsFairyStockfish(fen);
  });

  it("no capture may blow up one's own king", () => {
    const fen = "4k3/8/8/8/8/8/3n4/3QK3 w - - 0 1";
    expect(movesFrom(A, fen, "d1")).not.toContain("Q d1-d2");
    expect(errorOf(() => play(A, fen, "Q d1-d2"))).toBe("Q d1-d2: the explosion would destroy your own king");
    sameAsFairyStockfish(fen);
  });

  it("a blast that removes a piece shielding one's own king is refused as leaving it in check", () => {
    // R h3 takes the knight on e3: the blast takes the bishop on e2, and the rook on e8 sees e1.
    const fen = "4r1k1/8/8/8/8/4n2R/4B3/4K3 w - - 0 1";
    expect(movesFrom(A, fen, "h3")).not.toContain("R h3-e3");
    expect(errorOf(() => play(A, fen, "R h3-e3"))).toBe("R h3-e3: it would leave your king in check");
    sameAsFairyStockfish(fen);
  });

  it("kings may stand side by side, and a king touching the other king is not in check", () => {
    // The Black queen on e1 attacks the White king on e2, which touches the Black king on d3.
    const fen = "8/8/8/8/8/3k4/4K3/4q3 w - - 0 1";
    expect(Game.start(A, fen).checks()).toEqual([]);
    // Stepping away from the Black king into the queen's lines is not allowed; staying beside it is.
    expect(moves(A, fen)).toEqual(["K e2-d2", "K e2-e3", "K e2-f3"]);
    expect(fenAfter(A, "8/7p/8/8/3k4/8/7P/4K3 w - - 0 1", "K e1-e2", "k d4-d3")).toBe("8/7p/8/8/8/3k4/4K2P/8 w - - 2 2");
    sameAsFairyStockfish(fen);
  });

  it("a king in check, away from the other king, is shown as in check", () => {
    expect(Game.start(A, "r3k3/3n4/8/8/8/8/8/K2Q4 w - - 0 1").checks()).toEqual(["a1"]);
  });
});

describe("atomic: blowing up the opponent's king", () => {
  // White is in check from the rook on a8; Q d1 takes the knight on d7, and the blast reaches e8.
  const fen = "r3k3/3n4/8/8/8/8/8/K2Q4 w - - 0 1";

  it("is legal even from check, and wins at once", () => {
    expect(moves(A, fen)).toEqual(["K a1-b1", "K a1-b2", "Q d1-a4", "Q d1-d7"]);
    const g = play(A, fen, "Q d1-d7");
    expect(g.fen()).toBe("r7/8/8/8/8/8/8/K7 b - - 0 1");
    expect(g.status()).toEqual({ result: "white-wins", reason: "king-exploded" });
    expect(g.legalMoves()).toEqual([]);
    sameAsFairyStockfish(fen);
  });

  it("the final position reads back as FEN, though the winner's king is attacked", () => {
    const after = "r7/8/8/8/8/8/8/K7 b - - 0 1";
    expect(Game.start(A, after).status()).toEqual({ result: "white-wins", reason: "king-exploded" });
    expect(oracleAfter(ff, oracleRow(A), after).result).toBe("1-0");
  });

  it("other moves must still get out of check", () => {
    expect(errorOf(() => play(A, fen, "Q d1-d2"))).toBe("Q d1-d2: it would leave your king in check");
  });

  it("a blast that would take both kings is not allowed", () => {
    // Taking the knight on d2 would blow up the Black king on e3, and White's own on e1 with it.
    const both = "8/8/8/8/8/4k3/3n4/3QK3 w - - 0 1";
    expect(movesFrom(A, both, "d1")).not.toContain("Q d1-d2");
    sameAsFairyStockfish(both);
  });
});

describe("atomic: two kings of one side (only a FEN gives them)", () => {
  it("neither is royal: either may capture and blow itself up, and neither is in check", () => {
    const fen = "4k3/8/8/8/8/8/4q3/K3K3 w - - 0 1";
    expect(movesFrom(A, fen, "e1")).toContain("K e1-e2");
    expect(Game.start(A, fen).checks()).toEqual([]);
    expect(fenAfter(A, fen, "K e1-e2")).toBe("4k3/8/8/8/8/8/8/K7 b - - 0 1");
    sameAsFairyStockfish(fen);
  });

  it("a king touching one of two kings is not shielded by it, even when the move leaves that one the last", () => {
    // q h8 takes the king on h2; Black's king on c4 touches the king on c3, which was not White's last.
    const fen = "7q/8/8/8/2k5/2K5/7K/8 b - - 0 1";
    expect(movesFrom(A, fen, "h8")).not.toContain("q h8-h2");
    sameAsFairyStockfish(fen);
  });
});

describe("atomic: en passant", () => {
  const before = "4k3/2npb3/2p5/4P3/8/8/8/4K3 b - - 0 1";

  it("the blast is around the square the pawn lands on; the taken pawn goes too, other pawns stay", () => {
    expect(fenAfter(A, before, "p d7-d5")).toBe("4k3/2n1b3/2p5/3pP3/8/8/8/4K3 w - d6 0 2");
    expect(fenAfter(A, before, "p d7-d5", "P e5-d6")).toBe("4k3/8/2p5/8/8/8/8/4K3 b - - 0 2");
    sameAsFairyStockfish(before, "p d7-d5");
  });

  it("an en passant blast can blow up the king", () => {
    const g = play(A, "8/2npk3/8/4P3/8/8/8/4K3 b - - 0 1", "p d7-d5", "P e5-d6");
    expect(g.status()).toEqual({ result: "white-wins", reason: "king-exploded" });
  });
});

describe("atomic: castling", () => {
  it("a king touching the other king may castle, as it is not in check (O-O and O-O-O)", () => {
    // The rook on e8 attacks e1, but e1 touches the Black king on d2.
    const fen = "4r3/8/8/8/8/8/3k4/R3K2R w KQ - 0 1";
    expect(movesFrom(A, fen, "e1")).toEqual(["K e1-c1", "K e1-d1", "K e1-e2", "K e1-f1", "K e1-f2", "K e1-g1"]);
    expect(fenAfter(A, fen, "K e1-g1")).toBe("4r3/8/8/8/8/8/3k4/R4RK1 b - - 1 1");
    sameAsFairyStockfish(fen);
  });

  it("the squares the king crosses are judged with the king lifted from e1", () => {
    // The rook on a1 sees through e1 to f1, which does not touch the Black king on d2.
    const fen = "8/8/8/8/8/8/3k4/r3K2R w K - 0 1";
    expect(movesFrom(A, fen, "e1")).not.toContain("K e1-g1");
    expect(errorOf(() => play(A, fen, "K e1-g1"))).toBe("K e1-g1 is not a legal move here");
    sameAsFairyStockfish(fen);
  });

  it("the landing square is judged with the rook moved: the rook on f1 shields g1", () => {
    // The king on e2 makes e1 and f1 safe; the rook on c1 would see g1 through them, but the castled rook stands on f1.
    const fen = "8/8/8/8/8/8/4k3/2r1K2R w K - 0 1";
    expect(movesFrom(A, fen, "e1")).toContain("K e1-g1");
    sameAsFairyStockfish(fen);
  });
});

describe("atomic: checkmate, stalemate and draws", () => {
  it("checkmate wins where no blast can save the king", () => {
    // Back-rank mate: the rook on a8 checks; nothing can take it or the Black king's neighbours.
    const g = play(A, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "R a1-a8");
    expect(g.status()).toEqual({ result: "white-wins", reason: "checkmate" });
    expect(oracleAfter(ff, oracleRow(A), g.fen()).result).toBe("1-0");
  });

  it("stalemate is a draw", () => {
    // The Black king cannot take the queen (the blast would destroy it), and every square around it is attacked.
    const fen = "k7/8/1Q6/8/8/8/8/4K3 b - - 0 1";
    expect(status(fen)).toEqual({ result: "draw", reason: "stalemate" });
    expect(oracleAfter(ff, oracleRow(A), fen).result).toBe("1/2-1/2");
  });

  it("only bare kings are a dead position: a knight or a bishop can still win", () => {
    expect(status("4k3/8/8/8/8/8/8/4K3 w - - 0 1")).toEqual({ result: "draw", reason: "insufficient-material" });
    for (const fen of ["4k3/8/8/8/8/8/8/3NK3 w - - 0 1", "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", "4k3/8/8/8/8/8/8/2BBK3 w - - 0 1"]) {
      expect(status(fen), fen).toEqual({ result: "ongoing" });
      expect(oracleAfter(ff, oracleRow(A), fen).result, fen).toBe("*");
    }
  });

  it("a lone king cannot win on time; a king with any other piece can", () => {
    const g = Game.start(A, "4k3/8/8/8/8/8/8/3NK3 w - - 0 1");
    expect(g.couldWin("white")).toBe(true);
    expect(g.couldWin("black")).toBe(false);
  });

  it("the fifty-move rule may be claimed and the seventy-five-move rule ends the game", () => {
    expect(Game.start(A, "4k3/8/8/8/8/8/8/3NK3 w - - 100 80").claimableDraws()).toEqual(["fifty-move-rule"]);
    expect(status("4k3/8/8/8/8/8/8/3NK3 w - - 150 80")).toEqual({ result: "draw", reason: "seventy-five-move-rule" });
  });

  it("threefold repetition may be claimed, fivefold ends the game", () => {
    const shuffle = ["N g1-f3", "n g8-f6", "N f3-g1", "n f6-g8"];
    const g = play(A, "start", ...shuffle, ...shuffle);
    expect(g.claimableDraws()).toContain("threefold-repetition");
    const h = play(A, "start", ...shuffle, ...shuffle, ...shuffle, ...shuffle);
    expect(h.status()).toEqual({ result: "draw", reason: "fivefold-repetition" });
  });
});

describe("atomic: repetition and the en passant square", () => {
  it("a position with the square written differs from the same one without, even where the capture is illegal", () => {
    // After p d7-d5, P e5-d6 would blow up White's own king on c5: the FEN still names d6, as Fairy-Stockfish writes it.
    const fen = "4k3/3p4/8/2K1P3/8/8/8/8 b - - 0 1";
    const shuffle = ["K c5-b5", "k e8-f8", "K b5-c5", "k f8-e8"];
    const g = play(A, fen, "p d7-d5", ...shuffle, ...shuffle);
    expect(play(A, fen, "p d7-d5").fen()).toBe("4k3/8/8/2KpP3/8/8/8/8 w - d6 0 2");
    // Three times on the board, but the first with d6: two repetitions, no claim yet.
    expect(g.claimableDraws()).toEqual([]);
    g.play(shuffle[0]);
    g.play(shuffle[1]);
    g.play(shuffle[2]);
    g.play(shuffle[3]);
    expect(g.claimableDraws()).toEqual(["threefold-repetition"]);
    const uci = ["d7d5", ...Array(3).fill(["c5b5", "e8f8", "b5c5", "f8e8"]).flat()];
    expect(oracleAfter(ff, oracleRow(A), fen, uci.slice(0, 9)).claimed).toBe("*");
    expect(oracleAfter(ff, oracleRow(A), fen, uci).claimed).toBe("1/2-1/2");
  });
});

describe("atomic: positions", () => {
  it("the start is chess's; FEN needs no king, and a side without one has lost", () => {
    expect(Game.start(A).fen()).toBe("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    expect(status("8/8/8/8/8/8/8/4K3 b - - 0 1")).toEqual({ result: "white-wins", reason: "king-exploded" });
  });

  it("refuses a position whose side not to move is in check", () => {
    expect(errorOf(() => Game.start(A, "4k3/8/8/8/8/8/8/r3K3 b - - 0 1"))).toBe("the side not to move (White) is in check");
    // Touching kings: no check, so the position is fine.
    expect(Game.start(A, "8/8/8/8/8/3k4/4K3/4q3 b - - 0 1").status()).toEqual({ result: "ongoing" });
  });
});

describe("atomic: perft against Fairy-Stockfish", () => {
  const cases: [string, string, number[]][] = [
    ["the start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", [20, 400, 8902, 197326]],
    ["captures on both sides", "rnbqkbnr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2", [29, 891, 26097]],
    ["a Kiwipete-like middlegame", "r3k2r/p1pp1pb1/bn2Qnp1/2qPN3/1p2P3/2N5/PPPBBPPP/R3K2R b KQkq - 3 2", [10, 357, 15166]],
    ["castling beside the other king", "8/8/8/8/8/8/3k4/r3K2R w K - 0 1", [12, 205, 2892, 49605]],
    ["castling rights on both wings, the rook on e8", "4r3/8/8/8/8/8/3k4/R3K2R w KQ - 0 1", [25, 472, 10809]],
    ["en passant and blasts around the kings", "4k3/2npb3/2p5/4P3/8/8/8/4K3 b - - 0 1", [20, 117, 2198, 15578]],
  ];
  for (const [name, fen, counts] of cases) {
    it(name, () => {
      const pos = position(A, fen);
      expect(counts.map((_, d) => perft(pos, d + 1))).toEqual(counts);
    });
  }
});
