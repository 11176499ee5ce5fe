/**
 * Crazyhouse (docs/games/crazyhouse.md), as Fairy-Stockfish plays it: captures to hand,
 * promoted pawns (`Q~`), drops and their refusals, FEN with hands, game ends, and what the
 * game page reads of the hands. Constructed positions are checked against ffish 0.7.10
 * itself (tests/support/oracle.ts) where it has a say: FEN, legal moves, ends.
 */
import type { FairyStockfish } from "ffish";
import { beforeAll, describe, expect, it } from "vitest";
import { options } from "@/app/_components/move-builder";
import { Game } from "@/lib/rules";
import { listMoves } from "@/lib/rules/game";
import { drops } from "@/lib/rules/mechanics/drops";
import { legalMoves, makeMove, perft } from "@/lib/rules/movegen";
import { moveActions } from "@/lib/rules/notation/move";
import { makeFen, parseFen } from "@/lib/rules/notation/fen";
import { unwrap } from "@/lib/rules/result";
import { compileVariant, type VariantDecl } from "@/lib/rules/variant";
import { crazyhouse } from "@/lib/rules/variants/crazyhouse";
import { makeMoveText } from "@/lib/rules/actions";
import { game as browserGame } from "@/tests/e2e/support/games/crazyhouse";
import { Rng } from "@/tests/fuzz/random";
import {
  describeGame, differences, loadFairyStockfish, oracleAfter, oraclePerft, oracleRow, ourMoves, playRandomGame, withOracleBoard,
} from "../support/oracle";
import { errorOf, fenAfter, moves, play, position } from "../support/rules";

const C = "crazyhouse";
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";
/** Two kings, and everything but a king in each hand. */
const FULL_HANDS = "4k3/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1";

let ff: FairyStockfish;
beforeAll(async () => {
  ff = await loadFairyStockfish();
});

const oracle = (fen: string, ucis: string[] = []) => oracleAfter(ff, oracleRow(C), fen, ucis);
const ffPerft = (fen: string, depth: number) => withOracleBoard(ff, oracleRow(C), fen, (b) => oraclePerft(b, depth));
/** Our legal moves as ffish's UCI (pure generation). */
const ourUci = (fen: string) => ourMoves(Game.start(C, fen), listMoves(position(C, fen)).listed, false).map((m) => m.uci).sort();
/** Our FEN after the moves, checked equal to ffish's after the same moves in UCI. */
function agreed(fen: string, texts: string[], ucis: string[]): string {
  const ours = fenAfter(C, fen, ...texts);
  expect(ours, texts.join(", ")).toBe(oracle(fen === "start" ? START : fen, ucis).fen);
  return ours;
}

describe("crazyhouse: start and perft against Fairy-Stockfish", () => {
  it("starts as chess with two empty hands", () => {
    expect(Game.start(C).fen()).toBe(START);
    expect(oracle(START).fen).toBe(START);
    expect(moves(C, "start")).toHaveLength(20);
    expect(Game.start(C).hand()).toEqual({ white: [], black: [] });
  });

  it("perft from the start, 1–4: chess's counts, the drops come later", () => {
    expect([1, 2, 3, 4].map((d) => perft(position(C, "start"), d))).toEqual([20, 400, 8902, 197281]);
  });

  const middlegames: [string, string, number[]][] = [
    ["an opening with a bishop and a pawn in each hand", "r2q1rk1/ppp2ppp/2n1bn2/3p4/3P4/2NBPN2/PP3PPP/R2QK2R[BPbp] w KQ - 0 9", [110, 10546, 918116]],
    ["full hands, a promoted bishop", "B~3k1n1/7R/nP6/6r1/2K5/8/P7/8[QQRRBBBPPPbnnpppppppppp] b - - 0 40", [174, 35798, 4708078]],
    ["full hands, kings alone", FULL_HANDS, [301, 75840]],
  ];
  for (const [name, fen, counts] of middlegames) {
    it(`${name}: the moves and perft(2) of ffish here, deeper as ffish counted it`, () => {
      expect(ourUci(fen)).toEqual(oracle(fen).moves);
      expect(counts.map((_, d) => perft(position(C, fen), d + 1))).toEqual(counts);
      expect(ffPerft(fen, 2)).toBe(counts[1]);
    });
  }
});

describe("crazyhouse: random games against Fairy-Stockfish reach full hands", () => {
  it("games that capture often: the same moves, ends and FEN at every position, hands of twenty pieces and more, promoted pawns", () => {
    const rng = new Rng(11);
    const row = oracleRow(C);
    const seen = { positions: 0, biggestHand: 0, promoted: 0, drops: 0 };
    const problems: string[] = [];
    while (seen.positions < 1500 && problems.length === 0) {
      const r = playRandomGame(ff, row, rng, { maxPlies: 400, captureBias: 0.7, visit: (g, b) => differences(g, b, row) });
      if (r.problems.length) problems.push(`${describeGame(r.game)}\n  ${r.problems.join("\n  ")}`);
      seen.positions += r.positions;
      for (const fen of r.fens) {
        seen.biggestHand = Math.max(seen.biggestHand, /\[(.*)\]/.exec(fen)![1].length);
        if (fen.includes("~")) seen.promoted++;
      }
      seen.drops += r.game.moves.filter((m) => m.includes("*")).length;
    }
    expect(problems).toEqual([]);
    expect(seen.biggestHand, JSON.stringify(seen)).toBeGreaterThanOrEqual(20);
    expect(seen.promoted, JSON.stringify(seen)).toBeGreaterThan(0);
    expect(seen.drops, JSON.stringify(seen)).toBeGreaterThan(100);
  });
});

describe("crazyhouse: captures go to the capturer's hand", () => {
  it("a capture puts the piece in hand, in the capturer's colour, and the FEN says so", () => {
    const fen = agreed("start", ["P e2-e4", "p d7-d5", "P e4-d5"], ["e2e4", "d7d5", "e4d5"]);
    expect(fen).toBe("rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR[P] b KQkq - 0 2");
    const g = play(C, fen, "q d8-d5");
    expect(g.fen()).toBe("rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3");
    expect(g.hand()).toEqual({ white: [{ letter: "P", count: 1 }], black: [{ letter: "P", count: 1 }] });
  });

  it("en passant puts the pawn in hand", () => {
    const fen = "4k3/8/8/3Pp3/8/8/8/4K3[] w - e6 0 2";
    expect(agreed(fen, ["P d5-e6"], ["d5e6"])).toBe("4k3/8/4P3/8/8/8/8/4K3[P] b - - 0 2");
  });

  it("hands are written White's first, each queen to pawn, however the FEN gave them", () => {
    expect(Game.start(C, "4k3/8/8/8/8/8/8/4K3[pnPQbR] w - - 0 1").fen()).toBe("4k3/8/8/8/8/8/8/4K3[QRPbnp] w - - 0 1");
    expect(oracle("4k3/8/8/8/8/8/8/4K3[pnPQbR] w - - 0 1").fen).toBe("4k3/8/8/8/8/8/8/4K3[QRPbnp] w - - 0 1");
    expect(Game.start(C, "4k3/8/8/8/8/8/8/4K3 w - - 0 1").fen()).toBe("4k3/8/8/8/8/8/8/4K3[] w - - 0 1");
  });
});

describe("crazyhouse: promoted pawns", () => {
  const FEN = "r3k3/1P6/8/8/8/8/8/4K3[] w - - 0 1";

  it("a promotion is marked `~`, with or without a capture", () => {
    expect(agreed(FEN, ["P b7-b8=R"], ["b7b8r"])).toBe("rR~2k3/8/8/8/8/8/8/4K3[] b - - 0 1");
    expect(agreed(FEN, ["P b7-a8=N"], ["b7a8n"])).toBe("N~3k3/8/8/8/8/8/8/4K3[R] b - - 0 1");
    expect(play(C, FEN, "P b7-b8=Q").board().find((s) => s.square === "b8")?.pieces).toEqual([{ color: "white", letter: "Q", promoted: true }]);
  });

  it("captured, a promoted piece goes to hand as a pawn; the mark moves with the piece", () => {
    const fen = agreed(FEN, ["P b7-b8=Q", "r a8-b8"], ["b7b8q", "a8b8"]);
    expect(fen).toBe("1r2k3/8/8/8/8/8/8/4K3[p] w - - 0 2");
    expect(agreed("4k3/8/8/8/8/8/4K3/Q~6r[] b - - 0 1", ["r h1-a1"], ["h1a1"])).toBe("4k3/8/8/8/8/8/4K3/r7[p] w - - 0 2");
    expect(agreed("4k3/8/8/8/8/8/4K3/q~6R[] w - - 0 1", ["R h1-a1"], ["h1a1"])).toBe("4k3/8/8/8/8/8/4K3/R7[P] b - - 0 1");
  });

  it("an unmarked piece goes to hand as itself", () => {
    expect(agreed("4k3/8/8/8/8/8/4K3/q6R[] w - - 0 1", ["R h1-a1"], ["h1a1"])).toBe("4k3/8/8/8/8/8/4K3/R7[Q] b - - 0 1");
  });

  it("`~` is read only after a piece a pawn promotes to, and only where pieces promote so", () => {
    expect(Game.start(C, "n~3k3/8/8/8/8/8/8/4K3[] w - - 0 1").fen()).toBe("n~3k3/8/8/8/8/8/8/4K3[] w - - 0 1");
    expect(errorOf(() => Game.start(C, "4k3/8/8/8/8/8/8/K~7[] w - - 0 1"))).toBe("'~' marks a piece promoted from a pawn: 'K' cannot be one");
    expect(errorOf(() => Game.start(C, "4k3/8/4P~3/8/8/8/8/4K3[] w - - 0 1"))).toBe("'~' marks a piece promoted from a pawn: 'P' cannot be one");
    expect(errorOf(() => Game.start("chess", "4k3/8/8/8/8/8/8/Q~3K3 w - - 0 1"))).toBe("Chess has no promoted pieces to mark with '~'");
  });

  it("repetition does not tell a promoted queen from a queen, as Fairy-Stockfish counts it", () => {
    // The queens on d4 (promoted) and d1 change places twice: the third time the position
    // stands but for the marks, a draw may be claimed.
    const fen = "6k1/8/8/8/3Q~4/8/7K/3Q4[] w - - 0 1";
    const swap = ["Q d1-a1", "k g8-f8", "Q d4-d1", "k f8-g8", "Q a1-a4", "k g8-f8", "Q a4-d4", "k f8-g8"];
    const ucis = ["d1a1", "g8f8", "d4d1", "f8g8", "a1a4", "g8f8", "a4d4", "f8g8"];
    const g = play(C, fen, ...swap, ...swap);
    expect(g.fen()).toBe(fen.replace("[] w - - 0 1", "[] w - - 16 9"));
    expect(play(C, fen, ...swap).fen()).toBe("6k1/8/8/8/3Q4/8/7K/3Q~4[] w - - 8 5");
    expect(g.claimableDraws()).toContain("threefold-repetition");
    expect(oracle(fen, [...ucis, ...ucis]).claimed).toBe("1/2-1/2");
    expect(play(C, fen, ...swap).claimableDraws()).toEqual([]);
  });
});

describe("crazyhouse: drops", () => {
  it("every piece in hand on every empty square, pawns not on the first or last rank", () => {
    const all = moves(C, FULL_HANDS);
    const drops = all.filter((m) => m.includes("*"));
    expect(drops).toHaveLength(296);
    for (const piece of "QRBN") expect(drops.filter((m) => m.startsWith(piece))).toHaveLength(62);
    const pawns = drops.filter((m) => m.startsWith("P"));
    expect(pawns).toHaveLength(48);
    expect(pawns.some((m) => /[18]$/.test(m))).toBe(false);
    expect(ourUci(FULL_HANDS)).toEqual(oracle(FULL_HANDS).moves);
    // Black's pawns too: not on rank 8 (its first) or rank 1.
    const black = moves(C, FULL_HANDS.replace(" w ", " b ")).filter((m) => m.startsWith("p*"));
    expect(black).toHaveLength(48);
    expect(black.some((m) => /[18]$/.test(m))).toBe(false);
  });

  it("a drop takes the piece from the hand, restarts the fifty-move count and passes the turn", () => {
    const fen = "4k3/8/8/8/8/8/8/4K3[QNn] w - - 37 20";
    const after = agreed(fen, ["N*f3"], ["N@f3"]);
    expect(after).toBe("4k3/8/8/8/8/5N2/8/4K3[Qn] b - - 0 20");
    expect(agreed(after, ["n*c6"], ["N@c6"])).toBe("4k3/8/2n5/8/8/5N2/8/4K3[Q] w - - 0 21");
  });

  it("in check, the drops that block it and nothing else", () => {
    const fen = "4k3/8/8/8/8/8/8/r3K3[RP] w - - 0 1";
    expect(moves(C, fen).filter((m) => m.includes("*"))).toEqual(["R*b1", "R*c1", "R*d1"]);
    expect(ourUci(fen)).toEqual(oracle(fen).moves);
    // A knight's check cannot be blocked: no drop at all.
    expect(moves(C, "4k3/8/8/8/8/3n4/8/4K3[QRBNP] w - - 0 1").filter((m) => m.includes("*"))).toEqual([]);
  });

  it("a drop may give checkmate", () => {
    const fen = "k7/8/1K6/8/8/8/8/8[Q] w - - 0 1";
    const g = play(C, fen, "Q*b7");
    expect(g.status()).toEqual({ result: "white-wins", reason: "checkmate" });
    expect(oracle(fen, ["Q@b7"]).result).toBe("1-0");
  });

  it("a pawn dropped on its second rank may step two squares, and be taken en passant", () => {
    const fen = "4k3/8/8/8/4p3/8/8/4K3[P] w - - 0 1";
    const after = agreed(fen, ["P*d2", "k e8-e7", "P d2-d4"], ["P@d2", "e8e7", "d2d4"]);
    expect(after).toBe("8/4k3/8/8/3Pp3/8/8/4K3[] b - d3 0 2");
    expect(moves(C, after)).toContain("p e4-d3");
  });

  it("a rook dropped on its corner gives back no castling right", () => {
    const fen = "4k3/8/8/8/8/8/8/4K3[R] w - - 0 1";
    const after = agreed(fen, ["R*h1", "k e8-d8"], ["R@h1", "e8d8"]);
    expect(after).toBe("3k4/8/8/8/8/8/8/4K2R[] w - - 1 2");
    expect(moves(C, after)).not.toContain("K e1-g1");
  });

  it("castling and en passant as in chess, in a position with hands", () => {
    const fen = "r3k2r/8/8/8/8/8/8/R3K2R[Nn] w KQkq - 0 1";
    expect(moves(C, fen)).toEqual(expect.arrayContaining(["K e1-g1", "K e1-c1"]));
    expect(ourUci(fen)).toEqual(oracle(fen).moves);
    expect(agreed(fen, ["K e1-g1"], ["e1g1"])).toBe("r3k2r/8/8/8/8/8/8/R4RK1[Nn] b kq - 1 1");
  });
});

describe("crazyhouse: refusals", () => {
  const fen = "4k3/8/8/8/8/8/4p3/4K3[QNPr] w - - 0 1";
  const cases: [string, string, string][] = [
    [fen, "K*d4", "K*d4: no king is ever put down here"],
    [fen, "X*d4", "X*d4: no 'X' is ever put down here"],
    [fen, "B*d4", "B*d4: you have no bishop left in hand"],
    ["4k3/8/8/8/8/8/8/4K3[q] w - - 0 1", "Q*d4", "Q*d4: you have no pieces left in hand"],
    [fen, "P*d8", "P*d8: a pawn cannot stand on d8"],
    [fen, "P*d1", "P*d1: a pawn cannot stand on d1"],
    [fen, "Q*e2", "Q*e2: e2 is taken by the opponent's pawn"],
    [fen, "Q*e1", "Q*e1: e1 is taken by your king"],
    [fen, "Q*i4", "Q*i4: no such square on this 8×8 board"],
    [fen, "Q*d4; N*d5", "Q*d4: putting a piece down is the whole move"],
    ["4k3/8/8/8/8/8/8/r3K3[Q] w - - 0 1", "Q*d4", "Q*d4: it would leave your king in check"],
  ];
  for (const [at, move, why] of cases) {
    it(why, () => {
      expect(errorOf(() => play(C, at, move))).toBe(why);
    });
  }

  it("FEN: a king in hand, a letter of no piece, an unclosed hand", () => {
    expect(errorOf(() => Game.start(C, "4k3/8/8/8/8/8/8/4K3[K] w - - 0 1"))).toBe("'K' cannot be held in hand in Crazyhouse (only Q R B N P)");
    expect(errorOf(() => Game.start(C, "4k3/8/8/8/8/8/8/4K3[X] w - - 0 1"))).toBe("'X' cannot be held in hand in Crazyhouse (only Q R B N P)");
    expect(errorOf(() => Game.start(C, "4k3/8/8/8/8/8/8/4K3[Q w - - 0 1"))).toMatch(/^bad hand in '\[Q': write it like/);
  });
});

describe("crazyhouse: ends of the game", () => {
  it("no draw for too little material, not even king against king", () => {
    const fen = "8/8/8/4k3/8/8/8/4K3[] w - - 0 1";
    expect(Game.start(C, fen).status()).toEqual({ result: "ongoing" });
    expect(oracle(fen).over).toBe(false);
    expect(Game.start("chess", fen.replace("[]", "")).status()).toEqual({ result: "draw", reason: "insufficient-material" });
  });

  it("on time: any piece besides the kings, on the board or in a hand, could still win", () => {
    expect(Game.start(C, "8/8/8/4k3/8/8/8/4K3[] w - - 0 1").couldWin("white")).toBe(false);
    expect(Game.start(C, "8/8/8/4k3/8/8/8/4K3[n] w - - 0 1").couldWin("white")).toBe(true);
    expect(Game.start(C, "8/8/8/4k3/8/8/8/4K3[n] w - - 0 1").couldWin("black")).toBe(true);
    expect(Game.start(C, "8/8/8/4k3/8/8/2p5/4K3[] w - - 0 1").couldWin("white")).toBe(true);
  });

  it("stalemate is a draw; the fifty-move rule and repetition may be claimed", () => {
    const stale = "k7/8/1Q6/8/8/8/8/4K3[] b - - 0 1";
    expect(Game.start(C, stale).status()).toEqual({ result: "draw", reason: "stalemate" });
    expect(oracle(stale).result).toBe("1/2-1/2");
    expect(Game.start(C, "4k3/8/8/8/8/8/8/4K3[] w - - 100 80").claimableDraws()).toEqual(["fifty-move-rule"]);
    const g = play(C, "4k3/8/8/8/8/8/8/4K3[] w - - 0 1", "K e1-e2", "k e8-e7", "K e2-e1", "k e7-e8", "K e1-e2", "k e8-e7", "K e2-e1", "k e7-e8");
    expect(g.claimableDraws()).toEqual(["threefold-repetition"]);
  });
});

describe("crazyhouse: what the game page reads of the hands", () => {
  it("both hands with their counts, and the droppable pieces from the builder", () => {
    const g = Game.start(C, "4k3/8/8/8/8/8/8/4K3[QNNPbp] w - - 0 1");
    expect(g.hand()).toEqual({
      white: [{ letter: "Q", count: 1 }, { letter: "N", count: 2 }, { letter: "P", count: 1 }],
      black: [{ letter: "B", count: 1 }, { letter: "P", count: 1 }],
    });
    const placements = g.nextActions([]).actions.filter((a) => a.type === "place");
    expect(new Set(placements.map((a) => a.type === "place" && a.piece))).toEqual(new Set(["Q", "N", "P"]));
    // A piece chosen from the hand: its squares, and the drop is complete as it stands.
    const knight = placements.filter((a) => a.type === "place" && a.piece === "N");
    expect(knight).toHaveLength(62);
    expect(g.nextActions([knight[0]])).toEqual({ actions: [], complete: true });
    // After the drop the hand shrinks and it is Black's turn to drop.
    g.play("N*f3");
    expect(g.hand().white).toEqual([{ letter: "Q", count: 1 }, { letter: "N", count: 1 }, { letter: "P", count: 1 }]);
    expect(new Set(g.nextActions([]).actions.flatMap((a) => (a.type === "place" ? [a.piece] : [])))).toEqual(new Set(["b", "p"]));
  });

  it("the board's builder offers the hand's pieces, and a pawn picked up only the ranks it may stand on", () => {
    const g = Game.start(C, "4k3/8/8/8/8/8/8/4K3[QPn] w - - 0 1");
    const drawn = { squares: g.board(), hovering: null };
    expect(options(g, { prefix: [], selected: null, held: null }, drawn).droppable.sort()).toEqual(["P", "Q"]);
    const pawnSquares = [...options(g, { prefix: [], selected: null, held: "P" }, drawn).targets.keys()];
    expect(pawnSquares).toHaveLength(48);
    expect(pawnSquares.some((sq) => /[18]$/.test(sq))).toBe(false);
    expect(options(g, { prefix: [], selected: null, held: "Q" }, drawn).targets.size).toBe(62);
  });
});

describe("crazyhouse: the browser test's game (tests/e2e/support/games/crazyhouse.ts)", () => {
  it("is legal move by move, ends as it says, with the pieces it says drawn, and its click is offered", () => {
    const texts = browserGame.moves.map((m) => (typeof m === "string" ? m : m.text));
    const g = Game.replay(C, "start", texts);
    const color = browserGame.winner === "white" ? "white-wins" : "black-wins";
    expect(g.status()).toEqual({ result: color, reason: browserGame.reason });
    expect(oracle(START, g.moves.map((t) => (t.includes("*") ? `${t[0].toUpperCase()}@${t.slice(2)}` : t.slice(2).replace("-", "")))).result).toBe("1-0");
    const decl = g.variant.decl.pieces;
    for (const [code, at, art] of browserGame.drawn) {
      const square = g.board().find((s) => s.square === at);
      expect(square?.pieces, at).toEqual([{ color: code[0] === "w" ? "white" : "black", letter: code[1] }]);
      expect(decl.find((p) => p.letter === code[1])?.art, code).toBe(art);
    }
    // The clicked drop: the piece by its name, then its square among the builder's choices.
    const i = browserGame.moves.findIndex((m) => typeof m !== "string" && m.fromHand);
    const clicked = browserGame.moves[i] as { text: string; fromHand: string; clicks: string[] };
    const before = Game.replay(C, "start", texts.slice(0, i));
    const letter = decl.find((p) => p.name === clicked.fromHand)!.letter;
    expect(before.hand().white.map((h) => h.letter)).toContain(letter);
    const squares = before.nextActions([]).actions.flatMap((a) => (a.type === "place" && a.piece === letter ? [a.to] : []));
    expect(squares).toContain(clicked.clicks[0]);
  });
});

describe("the drop core takes its roles from the declaration (lib/rules/mechanics/drops.ts)", () => {
  /** The FEN after the moves, in a game declared here. */
  function after(decl: VariantDecl, fen: string, ...texts: string[]): string {
    const pos = unwrap(parseFen(compileVariant(decl), fen));
    for (const t of texts) {
      const m = legalMoves(pos).find((x) => makeMoveText(moveActions(pos, x)) === t);
      if (!m) throw new Error(`${t} is not legal in ${makeFen(pos)}`);
      makeMove(pos, m);
    }
    return makeFen(pos);
  }
  const knightsOnly: VariantDecl = { ...crazyhouse, id: "knights-in-hand", mechanics: [drops({ pieces: ["N"], capturesToHand: true })] };
  const fen = "4k3/8/8/3q4/8/2n5/8/Q3K3[] w - - 0 1";

  it("only the declared pieces are held: a captured queen is gone, a knight joins the hand", () => {
    expect(after(knightsOnly, fen, "Q a1-c3")).toBe("4k3/8/8/3q4/8/2Q5/8/4K3[N] b - - 0 1");
    expect(after(knightsOnly, "4k3/8/8/3q4/8/8/8/Q3K3[] w - - 0 1", "Q a1-d4", "q d5-d4")).toBe("4k3/8/8/8/3q4/8/8/4K3[] w - - 0 2");
    expect(() => after(knightsOnly, "4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1")).toThrow("'Q' cannot be held in hand in Crazyhouse (only N)");
  });

  it("without captures to hand the hand holds what the FEN gave (Fairy-Stockfish's pocket knight), and without a promoting piece no `~`", () => {
    const pocket: VariantDecl = { ...crazyhouse, id: "pocket", mechanics: [drops({ pieces: ["N"], capturesToHand: false })] };
    expect(after(pocket, "4k3/8/8/8/8/2n5/8/Q3K3[Nn] w - - 0 1", "Q a1-c3")).toBe("4k3/8/8/8/8/2Q5/8/4K3[Nn] b - - 0 1");
    expect(after(pocket, "4k3/8/8/8/8/8/8/4K3[Nn] w - - 0 1", "N*d4")).toBe("4k3/8/8/8/3N4/8/8/4K3[n] b - - 0 1");
    expect(after(pocket, "4k3/1P6/8/8/8/8/8/4K3[] w - - 0 1", "P b7-b8=Q")).toBe("1Q2k3/8/8/8/8/8/8/4K3[] b - - 0 1");
    expect(() => after(pocket, "4k3/8/8/8/8/8/8/Q~3K3[] w - - 0 1")).toThrow("Crazyhouse has no promoted pieces to mark with '~'");
  });

  it("a piece the declaration does not have is refused", () => {
    const bad: VariantDecl = { ...crazyhouse, id: "bad", mechanics: [drops({ pieces: ["X"], capturesToHand: true })] };
    expect(() => after(bad, "4k3/8/8/8/8/8/8/4K3 w - - 0 1")).toThrow("bad: drops names a piece X the game does not have");
  });
});
