/**
 * Chess960 (docs/games/chess960.md) against Fairy-Stockfish (npm ffish, `chess` with
 * is960): setups, perft, castling edge cases, FEN byte for byte, random games move by move.
 * Our moves meet ffish's UCI through tests/support/oracle.ts: a step is from+to(+promotion),
 * a castling is king-takes-rook (its one action carries both squares).
 */
import type { Board, FairyStockfish } from "ffish";
import { beforeAll, describe, expect, it } from "vitest";
import { EMPTY_BUILDING, click, describeContinuation, drawnPosition, moveSquares, options } from "@/app/_components/move-builder";
import { Game, makePgn, parseGameRecord, unwrap, type LegalMove } from "@/lib/rules";
import { listMoves } from "@/lib/rules/game";
import { perft } from "@/lib/rules/movegen";
import { makeFen } from "@/lib/rules/notation/fen";
import { CHESS960_SETUPS, chess960Rank, chess960Setup } from "@/lib/rules/variants/chess960";
import { Rng } from "../fuzz/random";
import { loadFairyStockfish, oracleBoard, oracleMoves, oraclePerft, oracleRow, ourMoves, withOracleBoard } from "../support/oracle";
import { errorOf, moves, position } from "../support/rules";

let ff: FairyStockfish;
beforeAll(async () => {
  ff = await loadFairyStockfish();
});

const V = "chess960";
const ROW = oracleRow(V);

/** Our moves with their UCI; each is one action, castling carrying both squares. */
function withUci(game: Game, listed: readonly LegalMove[]) {
  expect(listed.filter((m) => m.actions.length !== 1).map((m) => m.text)).toEqual([]);
  return ourMoves(game, listed, true);
}

const withBoard = <T>(fen: string, f: (b: Board) => T): T => withOracleBoard(ff, ROW, fen, f);
const ffMoves = (b: Board) => oracleMoves(b).sort();
/** Our moves at `fen` by pure generation, as UCI, with their texts. */
const generated = (fen: string) => withUci(Game.start(V, fen), listMoves(position(V, fen)).listed);
const ourUci = (fen: string) => generated(fen).map((m) => m.uci).sort();

describe("chess960: setups", () => {
  it("numbers the setups as Scharnagl does: 518 is the orthodox array, 0 is BBQNNRKR", () => {
    expect(chess960Rank(518)).toBe("RNBQKBNR");
    expect(chess960Rank(0)).toBe("BBQNNRKR");
    expect(chess960Rank(959)).toBe("RKRNNQBB");
    expect(chess960Setup(518)).toBe("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    expect(Game.start(V).fen()).toBe(chess960Setup(518));
  });

  it("gives 960 different legal setups: bishops on both colours, the king between the rooks", () => {
    const ranks = new Set<string>();
    for (let n = 0; n < CHESS960_SETUPS; n++) {
      const r = chess960Rank(n);
      ranks.add(r);
      expect([...r].sort().join(""), r).toBe("BBKNNQRR");
      expect((r.indexOf("B") + r.lastIndexOf("B")) % 2, r).toBe(1);
      expect(r.indexOf("R") < r.indexOf("K") && r.indexOf("K") < r.lastIndexOf("R"), r).toBe(true);
    }
    expect(ranks.size).toBe(CHESS960_SETUPS);
  });

  it("writes every start FEN exactly as Fairy-Stockfish does, and reads it back unchanged", () => {
    for (let n = 0; n < CHESS960_SETUPS; n++) {
      const fen = chess960Setup(n);
      expect(withBoard(fen.replace(/ [A-Ha-h]{4} /, " KQkq "), (b) => b.fen()), String(n)).toBe(fen);
      expect(Game.start(V, fen).fen()).toBe(fen);
    }
  });

  it("refuses a setup number outside 0–959", () => {
    for (const n of [-1, 960, 1.5, Number.NaN]) expect(() => chess960Setup(n)).toThrow(/0 to 959/);
  });
});

describe("chess960: perft", () => {
  // Published Chess960 perft values (chessprogramming.org, "Chess960 Perft Results"), each checked against ffish too.
  const PUBLISHED: [string, number[]][] = [
    ["bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", [21, 528, 12189]],
    ["2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", [21, 807, 18002]],
    ["b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9", [20, 479, 10471]],
    ["qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9", [22, 593, 13440]],
    ["1nbbnrkr/p1p1ppp1/3p4/1p3P1p/3Pq2P/8/PPP1P1P1/QNBBNRKR w HFhf - 0 9", [28, 1120, 31058]],
  ];
  for (const [fen, counts] of PUBLISHED) {
    it(fen, () => {
      const pos = position(V, fen);
      expect(counts.map((_, i) => perft(pos, i + 1))).toEqual(counts);
      expect(withBoard(fen, (b) => counts.map((_, i) => oraclePerft(b, i + 1)))).toEqual(counts);
    });
  }

  it("perft 3 from twelve setups equals Fairy-Stockfish's", () => {
    for (const n of [0, 1, 105, 213, 300, 359, 421, 518, 639, 700, 888, 959]) {
      const fen = chess960Setup(n);
      expect(perft(position(V, fen), 3), String(n)).toBe(withBoard(fen, (b) => oraclePerft(b, 3)));
    }
  });
});

describe("chess960: castling", () => {
  /** The castlings of a position as our text and as ffish's UCI; asserts both engines list the same moves. */
  function castlings(fen: string): string[] {
    const listed = generated(fen);
    expect(listed.map((m) => m.uci).sort()).toEqual(withBoard(fen, ffMoves));
    return listed.filter((m) => m.move.actions[0].type === "castle").map((m) => `${m.move.text} ${m.uci}`).sort();
  }
  const after = (fen: string, move: string) => {
    const g = Game.start(V, fen);
    const text = g.play(move);
    return { text, fen: g.fen() };
  };

  it("the king already on g1: only the rook moves", () => {
    const fen = "1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1";
    expect(castlings(fen)).toEqual(["O-O g1h1", "O-O-O g1b1"]);
    expect(after(fen, "O-O")).toEqual({ text: "O-O", fen: "1r4kr/8/8/8/8/8/8/1R3RK1 b hb - 1 1" });
    expect(after(fen, "O-O-O").fen).toBe("1r4kr/8/8/8/8/8/8/2KR3R b hb - 1 1");
  });

  it("the rook already on f1: only the king moves", () => {
    const fen = "4k3/8/8/8/8/8/8/1K3R2 w F - 0 1";
    expect(castlings(fen)).toEqual(["O-O b1f1"]);
    expect(after(fen, "O-O").fen).toBe("4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
  });

  it("king and rook side by side change places", () => {
    expect(castlings("4k3/8/8/8/8/8/8/5KR1 w G - 0 1")).toEqual(["O-O f1g1"]);
    expect(after("4k3/8/8/8/8/8/8/5KR1 w G - 0 1", "O-O").fen).toBe("4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    expect(castlings("4k3/8/8/8/8/8/8/RK6 w A - 0 1")).toEqual(["O-O-O b1a1"]);
    expect(after("4k3/8/8/8/8/8/8/RK6 w A - 0 1", "O-O-O").fen).toBe("4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
  });

  it("the other rook in the way blocks; the castling rook may be crossed", () => {
    // Queenside: the king would land on c1, where the kingside rook stands.
    expect(castlings("4k3/8/8/8/8/8/8/RKR5 w CA - 0 1")).toEqual(["O-O b1c1"]);
    // Any other piece between the king and its square, or the rook and its square, blocks.
    expect(castlings("4k3/8/8/8/8/8/8/1K1N2R1 w G - 0 1")).toEqual([]);
    expect(castlings("4k3/8/8/8/8/8/8/1R2K1N1 w B - 0 1")).toEqual(["O-O-O e1b1"]);
    expect(castlings("4k3/8/8/8/8/8/8/RN2K3 w A - 0 1")).toEqual([]);
  });

  it("not out of, through or into check; a rook that shields the king along the rank cannot castle", () => {
    expect(castlings("4k3/8/8/8/8/8/8/rR1K4 w B - 0 1")).toEqual([]); // the king would stand on c1 facing a1
    expect(castlings("4k3/8/8/8/1r6/8/8/1R1K4 w B - 0 1")).toEqual(["O-O-O d1b1"]); // the rook may be attacked
    expect(castlings("4k3/8/8/8/2r5/8/8/1R1K4 w B - 0 1")).toEqual([]); // c1 attacked
    expect(castlings("4k3/8/8/8/3r4/8/8/1R1K4 w B - 0 1")).toEqual([]); // in check
    expect(castlings("4k3/8/8/8/8/8/8/1K3Rr1 w F - 0 1")).toEqual([]); // g1 attacked
    expect(castlings("4k3/8/8/8/4r3/8/8/1K3R2 w F - 0 1")).toEqual([]); // e1 crossed and attacked
  });

  it("a king step and a castling to the same square are two moves", () => {
    const fen = "4k3/8/8/8/8/8/8/5K1R w H - 0 1";
    expect(castlings(fen)).toEqual(["O-O f1h1"]);
    expect(moves(V, fen)).toContain("K f1-g1");
    expect(after(fen, "K f1-g1").fen).toBe("4k3/8/8/8/8/8/8/6KR b - - 1 1");
    expect(after(fen, "O-O").fen).toBe("4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
  });

  it("reads castling tolerantly and writes it O-O / O-O-O; Black castles too", () => {
    const fen = "1r4kr/8/8/8/8/8/8/1R4KR b HBhb - 0 1";
    for (const input of ["O-O", "0-0", "o-o"]) expect(after(fen, input).text).toBe("O-O");
    expect(after(fen, "0-0-0")).toEqual({ text: "O-O-O", fen: "2kr3r/8/8/8/8/8/8/1R4KR w HB - 1 2" });
  });

  it("loses a right when its rook or the king moves, and keeps the other", () => {
    const g = Game.start(V, "1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1");
    g.play("R h1-h2");
    expect(g.fen()).toBe("1r4kr/8/8/8/8/8/7R/1R4K1 b Bhb - 1 1");
    g.play("K g8-f8");
    expect(g.fen()).toBe("1r3k1r/8/8/8/8/8/7R/1R4K1 w B - 2 2");
  });
});

describe("chess960: FEN", () => {
  const round = (fen: string) => Game.start(V, fen).fen();

  it("castling rights as Fairy-Stockfish writes them: each rook's file, White's in capitals, kingside first", () => {
    for (const fen of [
      "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
      "rr2k1rr/8/8/8/8/8/8/RR2K1RR w KQkq - 0 1",
      "rr2k1rr/8/8/8/8/8/8/RR2K1RR w GBgb - 0 1",
      "rr2k1rr/8/8/8/8/8/8/RR2K1RR w Bg - 0 1",
      "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w Qk - 0 1",
      "4k3/8/8/8/8/8/8/5KR1 w G - 0 1",
      "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    ]) {
      expect(round(fen), fen).toBe(withBoard(fen, (b) => b.fen()));
    }
    expect(round("rr2k1rr/8/8/8/8/8/8/RR2K1RR w KQkq - 0 1")).toBe("rr2k1rr/8/8/8/8/8/8/RR2K1RR w HAha - 0 1");
  });

  it("an inner rook's right castles with that rook", () => {
    // The outer rooks are not the castling ones: b1's right castles over nothing, g1 is blocked by nothing either.
    expect(ourUci("rr2k1rr/8/8/8/8/8/8/RR2K1RR w GB - 0 1").filter((m) => m.startsWith("e1") && m.endsWith("1") && !/e1[df]1/.test(m)))
      .toEqual(["e1b1"]);
  });

  it("the en passant square only when a pawn of the side to move stands to take, legally or not", () => {
    const fen = (f: string, move: string) => withBoard(f, (b) => (b.push(move), b.fen()));
    for (const [start, move, text] of [
      ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", "e2e4", "P e2-e4"],
      ["4k3/3p4/8/4P3/8/8/8/K7 b - - 0 1", "d7d5", "p d7-d5"],
      ["4k2b/3p4/8/4P3/8/8/8/K7 b - - 0 1", "d7d5", "p d7-d5"], // the e5 pawn is pinned: still written
    ]) {
      const g = Game.start(V, start);
      g.play(text);
      expect(g.fen()).toBe(fen(start, move));
    }
    expect(round("4k3/8/8/3pP3/8/8/8/K7 w - d6 0 2")).toBe("4k3/8/8/3pP3/8/8/8/K7 w - d6 0 2");
    expect(round("4k3/8/8/3p4/8/8/8/K7 w - d6 0 2")).toBe("4k3/8/8/3p4/8/8/8/K7 w - - 0 2");
  });

  it("refuses rights without their pieces, twice for one wing, or not a file of the board", () => {
    const refused = (fen: string) => errorOf(() => Game.start(V, fen));
    expect(refused("4k3/8/8/8/8/8/8/4K3 w K - 0 1")).toMatch(/castling right 'K' needs a rook on rank 1 right of the king/);
    expect(refused("4k3/8/8/8/8/8/8/4K2R w A - 0 1")).toMatch(/castling right 'A' needs a rook on a1/);
    expect(refused("4k3/8/8/8/8/8/4K3/7R w H - 0 1")).toMatch(/castling right 'H' needs the king on rank 1/);
    expect(refused("4k3/8/8/8/8/8/8/4K1RR w HG - 0 1")).toMatch(/castling right 'G' given twice/);
    expect(refused("4k3/8/8/8/8/8/8/4K2R w KH - 0 1")).toMatch(/given twice/);
    expect(refused("4k3/8/8/8/8/8/8/4K2R w I - 0 1")).toMatch(/bad castling field 'I'/);
    expect(refused("4k3/8/8/8/8/8/8/4K2R w 1 - 0 1")).toMatch(/bad castling field '1'/);
    expect(refused("4k3/8/8/8/8/8/8/4K2R w HHHHH - 0 1")).toMatch(/bad castling field/);
    expect(makeFen(position(V, "4k3/8/8/8/8/8/8/4K2R w H - 0 1"))).toBe("4k3/8/8/8/8/8/8/4K2R w H - 0 1");
  });
});

describe("chess960: random games against Fairy-Stockfish", () => {
  it("the same legal moves and the same FEN after every move, to the end", () => {
    const rng = new Rng(960);
    const rnd = (n: number) => rng.int(n);
    let plies = 0;
    let castlings = 0;
    for (let game = 0; game < 30; game++) {
      // Every other game without the minor pieces and queens, so castling comes early and often.
      const [placement, ...rest] = chess960Setup(rnd(CHESS960_SETUPS)).split(" ");
      const bare = placement.replace(/[QBNqbn]/g, "1").replace(/\d+/g, (d) => String([...d].reduce((a, c) => a + Number(c), 0)));
      const g = Game.start(V, [game % 2 ? placement : bare, ...rest].join(" "));
      const b = oracleBoard(ff, ROW, g.fen());
      try {
        for (let ply = 0; ply < 200; ply++) {
          const listed = withUci(g, g.legalMoves());
          const ours = listed.map((m) => m.uci).sort();
          const theirs = ffMoves(b);
          const status = g.status();
          if (status.result !== "ongoing") {
            // A game we end early (a dead position, fivefold repetition) still has moves in ffish.
            expect(["checkmate", "stalemate"].includes(status.reason) ? theirs : [], g.fen()).toEqual([]);
            break;
          }
          expect(ours, g.fen()).toEqual(theirs);
          // Castling more often than chance, so that games reach it.
          const castle = listed.filter((m) => m.move.actions[0].type === "castle");
          const { move: m, uci } = castle.length && rnd(2) ? castle[rnd(castle.length)] : listed[rnd(listed.length)];
          if (m.actions[0].type === "castle") castlings++;
          g.play(m.text);
          b.push(uci);
          expect(g.fen()).toBe(b.fen());
          plies++;
        }
      } finally {
        b.delete();
      }
    }
    expect(plies).toBeGreaterThan(1000);
    expect(castlings).toBeGreaterThan(20);
  });

  it("the same ends: checkmate, stalemate, too little material", () => {
    for (const [fen, result, reason] of [
      ["1r4kr/8/8/8/8/8/5PPP/r5K1 w - - 0 1", "black-wins", "checkmate"],
      ["7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "draw", "stalemate"],
      ["4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", "draw", "insufficient-material"],
      ["4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1", "ongoing", undefined],
    ]) {
      expect(Game.start(V, fen!).status(), fen).toEqual(reason ? { result, reason } : { result });
      const ffResult = withBoard(fen!, (b) => b.result(false));
      expect(ffResult, fen).toBe({ "black-wins": "0-1", draw: "1/2-1/2", ongoing: "*" }[result!]);
    }
  });
});

describe("castling written O-O where it is the king's step", () => {
  it("orthodox chess and Compound accept O-O and O-O-O and keep the king's step as canonical text", () => {
    const chess = Game.start("chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    expect(chess.play("O-O")).toBe("K e1-g1");
    expect(chess.play("0-0-0")).toBe("k e8-c8");
    const compound = Game.start("compound", "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1");
    expect(compound.play("O-O-O")).toBe("K f1-c1");
    expect(compound.play("o-o")).toBe("k f8-i8");
    expect(errorOf(() => Game.start("chess", "4k3/8/8/8/8/8/P7/4K2R w - - 0 1").play("O-O"))).toMatch(/O-O is not a legal move/);
  });

  it("Chess960 exports as PGN with SAN, its Variant tag and FEN, and imports back", () => {
    const startFen = "1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1";
    const g = Game.start(V, startFen);
    for (const m of ["O-O-O", "O-O", "R d1-d7"]) g.play(m);
    const pgn = makePgn({ variant: V, startFen, moves: g.moves, result: "*" });
    expect(pgn).toContain('[Variant "Chess960"]');
    expect(pgn).toContain(`[FEN "${startFen}"]`);
    expect(pgn).toContain("1. O-O-O O-O 2. Rd7 *");
    const back = unwrap(parseGameRecord(pgn));
    expect(back.variant).toBe(V);
    expect(back.moves).toEqual(["O-O-O", "O-O", "R d1-d7"]);
  });
});

describe("chess960 on the board", () => {
  const picked = (g: Game, square: string) => ({ prefix: [], selected: square });
  const drawn = (g: Game) => drawnPosition(g, V, [], false);

  it("castles when the king is moved onto its rook or onto the square it lands on", () => {
    const g = Game.start(V, "1r4kr/8/8/8/8/8/8/1R2K2R w HBhb - 0 1");
    const b = picked(g, "e1");
    expect(click(g, EMPTY_BUILDING, drawn(g), "e1")).toEqual({ kind: "select", square: "e1" });
    const targets = options(g, b, drawn(g)).targets;
    for (const square of ["h1", "g1"]) {
      const c = click(g, b, drawn(g), square);
      expect(c.kind === "extend" && c.actions.map((a) => a.type === "castle" && a.wing), square).toEqual(["kingside"]);
    }
    // Queenside the rook is on b1 and the king lands on c1.
    expect([...targets.keys()].filter((sq) => targets.get(sq)!.some((c) => c[0].type === "castle")).sort()).toEqual(["b1", "c1", "g1", "h1"]);
    const c = click(g, b, drawn(g), "b1");
    expect(c.kind).toBe("extend");
    if (c.kind !== "extend") return;
    const rank1 = drawnPosition(g, V, c.actions, true).squares.filter((s) => /^[a-h]1$/.test(s.square));
    expect(Object.fromEntries(rank1.map((s) => [s.square, s.pieces[0].letter]))).toEqual({ c1: "K", d1: "R", h1: "R" });
    expect(moveSquares(c.actions)).toEqual(["e1", "c1"]);
  });

  it("asks which move is meant when the king could also step to its castled square", () => {
    const g = Game.start(V, "4k3/8/8/8/8/8/8/5K1R w H - 0 1");
    const c = click(g, picked(g, "f1"), drawn(g), "g1");
    expect(c.kind).toBe("choose");
    if (c.kind !== "choose") return;
    expect(c.choices.map((x) => describeContinuation(V, x)).sort()).toEqual(["Castle kingside", "King f1 to g1"]);
    // Onto the rook, it can only be castling.
    expect(click(g, picked(g, "f1"), drawn(g), "h1")).toMatchObject({ kind: "extend" });
  });
});
