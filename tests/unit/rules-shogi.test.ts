/**
 * Shogi and Minishogi (docs/games/shogi.md, docs/games/minishogi.md), as Fairy-Stockfish
 * plays them: the pieces and promoted pieces, optional and forced promotion, drops and
 * their limits, the pawn-drop mate, stalemate, fourfold repetition and perpetual check,
 * FEN. Each constructed end is also asked of Fairy-Stockfish (ffish 0.7.10); perft
 * numbers were computed with it (recursing over legalMoves()).
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { FairyStockfish } from "ffish";
import { EMPTY_BUILDING, click, describeContinuation, drawnPosition, type Building } from "@/app/_components/move-builder";
import { Game, parseActions } from "@/lib/rules";
import { listMoves } from "@/lib/rules/game";
import { drops } from "@/lib/rules/mechanics/drops";
import { legalMoves, makeMove, perft } from "@/lib/rules/movegen";
import { parseFen } from "@/lib/rules/notation/fen";
import { makeGameRecord, parseGameRecord } from "@/lib/rules/notation/record";
import { unwrap } from "@/lib/rules/result";
import { positionStatus } from "@/lib/rules/status";
import { compileVariant } from "@/lib/rules/variant";
import { getVariant } from "@/lib/rules/variants";
import { shogi } from "@/lib/rules/variants/shogi";
import { game as minishogiGame } from "@/tests/e2e/support/games/minishogi";
import { game as shogiGame } from "@/tests/e2e/support/games/shogi";
import { loadFairyStockfish, oracleAfter, oracleRow, piecesOf, toUci } from "../support/oracle";
import { errorOf, fenAfter, moves, movesFrom, play, position } from "../support/rules";

const S = "shogi";
const M = "minishogi";
const START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1";
const MINI_START = "rbsgk/4p/5/P4/KGSBR[] w - - 0 1";
/** Two kings far apart, for a piece's moves on its own. */
const alone = (rank5: string, hand = "") => `4k4/9/9/9/${rank5}/9/9/9/4K4[${hand}] w - - 0 1`;

let ff: FairyStockfish;
beforeAll(async () => {
  ff = await loadFairyStockfish();
});

/** Our game after the moves, and Fairy-Stockfish's verdict on the same line (its moves translated as in the oracle). */
function bothAfter(variant: string, fen: string, texts: string[], ucis: string[]) {
  const game = play(variant, fen, ...texts);
  const theirs = oracleAfter(ff, oracleRow(variant), fen, ucis);
  expect(game.fen()).toBe(theirs.fen);
  return { game, theirs };
}

describe("shogi: perft against Fairy-Stockfish", () => {
  const cases: [string, string, string, number[]][] = [
    ["shogi, the start", S, START, [30, 900, 25470]],
    ["shogi, in check with a hand (five moves)", S, "ln1gk1p1l/1r+P6/pp2ps1pp/4S4/3p2P2/P5RlP/NP1PPP1Pn/1S2G+nS2/2B1KG2L[GPPb] w - - 0 26", [5, 375, 41257]],
    ["shogi, full hands and promoted lance and pawns", S, "1n2kgrr1/P2g5/3p2np1/5p2l/nl2S1P1p/3P3P1/2P2P2P/2S5L/+l4KSNS[PPPPggpppbb] w - - 0 41", [38, 6068, 208312]],
    ["minishogi, the start", M, MINI_START, [14, 181, 2512, 35401]],
    ["minishogi, hands on both sides", M, "2s1k/p2rg/4P/1K3/G4[SRBb] w - - 0 11", [60, 1662, 63424]],
  ];
  for (const [name, variant, fen, counts] of cases) {
    it(name, () => {
      const pos = position(variant, fen);
      expect(counts.map((_, d) => perft(pos, d + 1))).toEqual(counts);
    });
  }
});

describe("shogi: FEN", () => {
  it("the start positions are Fairy-Stockfish's, read back as written", () => {
    expect(Game.start(S).fen()).toBe(START);
    expect(Game.start(M).fen()).toBe(MINI_START);
    expect(Game.start(S).turn()).toBe("white");
  });

  it("promoted pieces are + and the base letter; the hands come in Fairy-Stockfish's order", () => {
    const fen = "l3k3l/2+P6/9/4+r4/9/2+B6/9/9/4K4[GNLPSRBgnlpsrb] w - - 0 1";
    expect(Game.start(S, fen).fen()).toBe(fen);
    // Read in any order, written G N L P S R B.
    expect(Game.start(S, alone("9", "BPGbg")).fen()).toBe(alone("9", "GPBgb"));
    expect(Game.start(M, "4k/5/5/5/K4[BRSPGbrspg] w - - 0 1").fen()).toBe("4k/5/5/5/K4[GPSRBgpsrb] w - - 0 1");
    const board = Game.start(S, fen).board();
    expect(board.find((s) => s.square === "e6")).toEqual({ square: "e6", pieces: [{ color: "black", letter: "+R" }] });
  });

  it("refuses a + before a piece that does not promote, a promoted piece in hand, a piece that could never move", () => {
    const refusal = (variant: string, fen: string) => {
      const r = parseFen(getVariant(variant), fen);
      return r.ok ? "read" : r.error;
    };
    expect(refusal(S, alone("4+G4"))).toBe("'+G' is not a piece of Shogi");
    expect(refusal(S, alone("4+k4"))).toBe("'+k' is not a piece of Shogi");
    expect(refusal(S, alone("8+"))).toBe("'+' is not a piece of Shogi");
    expect(refusal(M, "4k/5/2+N2/5/K4[] w - - 0 1")).toBe("'+N' is not a piece of Minishogi");
    expect(refusal(S, alone("9", "+P"))).toMatch(/^bad hand in '\[\+P\]'/);
    expect(refusal(S, alone("9", "K"))).toBe("'K' cannot be held in hand in Shogi (only G N L P S R B)");
    expect(refusal(S, "P3k4/9/9/9/9/9/9/9/4K4[] w - - 0 1")).toBe("a pawn cannot stand on a9");
    expect(refusal(S, "4k4/N8/9/9/9/9/9/9/4K4[] w - - 0 1")).toBe("a knight cannot stand on a8");
    expect(refusal(S, "4k4/9/9/9/9/9/9/9/l3K4[] w - - 0 1")).toBe("a lance cannot stand on a1");
    // A promoted pawn may stand anywhere.
    expect(refusal(S, "+P3k4/9/9/9/9/9/9/9/4K4[] w - - 0 1")).toBe("read");
  });
});

describe("shogi: the pieces", () => {
  const from = (variant: string, fen: string, square: string) => movesFrom(variant, fen, square).map((m) => m.split("-")[1]).sort();

  it("the promoted rook (dragon king) is a rook that also steps diagonally; the promoted bishop (dragon horse) a bishop that also steps straight", () => {
    const open = (piece: string) => `1k7/9/9/9/4${piece}4/9/9/9/7K1[] w - - 0 1`;
    const dragon = from(S, open("+R"), "e5");
    expect(dragon).toHaveLength(16 + 4);
    expect(dragon).toEqual(expect.arrayContaining(["d6", "f6", "d4", "f4", "a5", "i5", "e2", "e8"]));
    const horse = from(S, open("+B"), "e5");
    expect(horse).toHaveLength(16 + 4);
    expect(horse).toEqual(expect.arrayContaining(["e6", "e4", "d5", "f5", "a1", "i9", "b8"]));
  });

  it("the gold, and every promoted minor piece, steps straight or diagonally forward", () => {
    const gold = ["d4", "d5", "d6", "e4", "e6", "f5", "f6"].filter((s) => s !== "d4");
    for (const letter of ["G", "+S", "+N", "+L", "+P"]) expect(from(S, alone(`4${letter}4`), "e5"), letter).toEqual(gold);
    // Black's go the other way.
    expect(from(S, "4k4/9/9/9/4+p4/9/9/9/4K4[] b - - 0 1", "e5")).toEqual(["d4", "d5", "e4", "e6", "f4", "f5"]);
  });

  it("the silver, the knight (the two forward leaps only), the lance and the pawn", () => {
    expect(from(S, alone("4S4"), "e5")).toEqual(["d4", "d6", "e6", "f4", "f6"]);
    // The knight lands in the zone: it may promote there.
    expect(from(S, alone("4N4"), "e5")).toEqual(["d7", "d7=+N", "f7", "f7=+N"]);
    expect(from(S, alone("3L5"), "d5")).toEqual(["d6", "d7", "d7=+L", "d8", "d8=+L", "d9=+L"]);
    expect(from(S, alone("4P4"), "e5")).toEqual(["e6"]);
    expect(from(S, "4k4/9/9/9/4n4/9/9/9/4K4[] b - - 0 1", "e5")).toEqual(["d3", "d3=+n", "f3", "f3=+n"]);
  });
});

describe("shogi: promotion", () => {
  it("is offered, not forced, on a move that enters the zone (the last three ranks)", () => {
    expect(movesFrom(S, alone("9").replace("4k4/9/9/9", "4k4/9/9/3S5"), "d6").filter((m) => m.includes("-d7") || m.includes("-c7")))
      .toEqual(["S d6-c7", "S d6-c7=+S", "S d6-d7", "S d6-d7=+S"]);
  });

  it("is offered on a move that starts in the zone, even one that leaves it", () => {
    const fen = "4k4/9/3S5/9/9/9/9/9/4K4[] w - - 0 1";
    expect(movesFrom(S, fen, "d7")).toEqual(expect.arrayContaining(["S d7-c6", "S d7-c6=+S", "S d7-d8", "S d7-d8=+S"]));
    const g = play(S, fen, "S d7-c6=+S");
    expect(g.fen()).toBe("4k4/9/9/2+S6/9/9/9/9/4K4[] b - - 0 1");
  });

  it("is forced where the piece could never move again: pawn and lance on the last rank, knight on the last two", () => {
    const fen = "4k4/P8/2L6/9/N8/9/9/9/4K4[] w - - 0 1";
    expect(movesFrom(S, fen, "a8")).toEqual(["P a8-a9=+P"]);
    expect(movesFrom(S, fen, "c7")).toEqual(["L c7-c8", "L c7-c8=+L", "L c7-c9=+L"]);
    expect(movesFrom(S, fen, "a5")).toEqual(["N a5-b7", "N a5-b7=+N"]);
    expect(movesFrom(S, "4k4/9/9/1N7/9/9/9/9/4K4[] w - - 0 1", "b6")).toEqual(["N b6-a8=+N", "N b6-c8=+N"]);
    // Black's pawn on its last rank, its knight on its last two.
    expect(movesFrom(S, "4k4/9/9/9/9/9/9/p8/4K4[] b - - 0 1", "a2")).toEqual(["p a2-a1=+p"]);
    expect(movesFrom(S, "4k4/9/9/9/9/1n7/9/9/4K4[] b - - 0 1", "b4")).toEqual(["n b4-a2=+n", "n b4-c2=+n"]);
  });

  it("a step that must promote and says nothing is refused, naming the promotion", () => {
    const fen = "4k4/P8/9/9/9/9/9/9/4K4[] w - - 0 1";
    expect(errorOf(() => play(S, fen, "P a8-a9"))).toBe("P a8-a9: say what the piece promotes to (+P), e.g. P a8-a9=+P");
    expect(play(S, fen, "P a8-a9=+P").fen()).toBe("+P3k4/9/9/9/9/9/9/9/4K4[] b - - 0 1");
    expect(errorOf(() => play(S, alone("4G4").replace("4k4/9/9/9/4G4", "4k4/9/9/4G4/9"), "G e6-e7=+G"))).toBe("G e6-e7=+G is not a legal move here");
  });

  it("the king, the gold and the promoted pieces never promote", () => {
    const fen = "4k4/9/9/2G1+P4/9/9/9/9/4K4[] w - - 0 1";
    expect(movesFrom(S, fen, "c6").some((m) => m.includes("="))).toBe(false);
    expect(movesFrom(S, fen, "e6").some((m) => m.includes("="))).toBe(false);
  });

  it("Minishogi's zone is the last rank only", () => {
    const fen = "4k/5/1S3/5/K4[] w - - 0 1";
    expect(movesFrom(M, fen, "b3")).toEqual(["S b3-a2", "S b3-a4", "S b3-b4", "S b3-c2", "S b3-c4"]);
    expect(movesFrom(M, "4k/1S3/5/5/K4[] w - - 0 1", "b4")).toEqual(["S b4-a3", "S b4-a5", "S b4-a5=+S", "S b4-b5", "S b4-b5=+S", "S b4-c3", "S b4-c5", "S b4-c5=+S"]);
    expect(movesFrom(M, "4k/P4/5/5/K4[] w - - 0 1", "a4")).toEqual(["P a4-a5=+P"]);
  });

  it("move text: the promoted piece's letter after =, read tolerantly; a promoted piece moves under its own letter", () => {
    expect(parseActions("S d7-c8=+S")).toEqual({ ok: true, value: [{ type: "step", piece: "S", from: "d7", to: "c8", promotion: "+S" }] });
    const fen = "4k4/9/3S5/9/9/9/9/9/4K4[] w - - 0 1";
    expect(Game.start(S, fen).play("s d7 - c8 = +s")).toBe("S d7-c8=+S");
    expect(Game.start(S, fen).play("S d7-c8")).toBe("S d7-c8");
    const g = play(S, fen, "S d7-c8=+S", "k e9-f9");
    expect(g.play("+S c8-c9")).toBe("+S c8-c9");
    expect(errorOf(() => play(S, fen, "S d7-c8=+S", "k e9-f9", "S c8-c9"))).toBe("S c8-c9: the piece on c8 is a promoted silver (+S), not S");
  });

  it("the board's builder offers both, so the promotion chooser asks", () => {
    const g = Game.start(S, "4k4/9/9/3S5/9/9/9/9/4K4[] w - - 0 1");
    const toD7 = g.nextActions([]).actions.filter((a) => a.type === "step" && a.from === "d6" && a.to === "d7");
    expect(toD7).toHaveLength(2);
    expect(toD7).toEqual(expect.arrayContaining([
      { type: "step", piece: "S", from: "d6", to: "d7", promotion: "+S" },
      { type: "step", piece: "S", from: "d6", to: "d7" },
    ]));
  });
});

describe("shogi: captures and drops", () => {
  it("a captured piece joins the captor's hand unpromoted, as Fairy-Stockfish has it", () => {
    const fen = "4k4/9/9/9/4+r4/4G4/9/9/4K4[] w - - 0 1";
    const { game } = bothAfter(S, fen, ["G e4-e5"], ["e4e5"]);
    expect(game.fen()).toBe("4k4/9/9/9/4G4/9/9/9/4K4[R] b - - 0 1");
    expect(game.hand()).toEqual({ white: [{ letter: "R", count: 1 }], black: [] });
    bothAfter(M, "2k2/5/2+p2/2S2/K4[] w - - 0 1", ["S c2-c3"], ["c2c3"]);
    expect(fenAfter(M, "2k2/5/2+p2/2S2/K4[] w - - 0 1", "S c2-c3")).toBe("2k2/5/2S2/5/K4[P] b - - 0 1");
  });

  it("a drop puts a piece from the hand on any empty square, as the whole move", () => {
    const fen = alone("9", "Gp");
    const drops = moves(S, fen).filter((m) => m.includes("*"));
    expect(drops).toHaveLength(81 - 2);
    expect(drops.every((m) => m.startsWith("G*"))).toBe(true);
    expect(bothAfter(S, fen, ["G*e5"], ["G@e5"]).game.fen()).toBe("4k4/9/9/9/4G4/9/9/9/4K4[p] b - - 0 1");
    expect(errorOf(() => play(S, fen, "G*e5; G e5-e6"))).toBe("G*e5: putting a piece down is the whole move");
    expect(errorOf(() => play(S, fen, "S*e5"))).toBe("S*e5: you have no silver general left in hand");
    expect(errorOf(() => play(S, fen, "G*e1"))).toBe("G*e1: e1 is taken by your king");
  });

  it("nifu: no pawn dropped on a file that holds an unpromoted pawn of one's own; a tokin or the opponent's pawn does not count", () => {
    const fen = "4k4/9/9/3p5/9/9/4P4/9/4K4[P] w - - 0 1";
    expect(errorOf(() => play(S, fen, "P*e5"))).toBe("P*e5: you already have a pawn on the e file");
    expect(moves(S, fen).filter((m) => m.startsWith("P*e"))).toEqual([]);
    expect(play(S, fen, "P*d5").fen()).toBe("4k4/9/9/3p5/3P5/9/4P4/9/4K4[] b - - 0 1");
    expect(moves(S, fen.replace("4P4", "4+P4"))).toContain("P*e5");
    bothAfter(S, fen.replace("4P4", "4+P4"), ["P*e5"], ["P@e5"]);
  });

  it("no piece dropped where it could never move: a pawn or lance on the last rank, a knight on the last two", () => {
    const fen = alone("9", "NLPnlp");
    for (const [drop, why] of [
      ["P*a9", "a pawn cannot stand on a9"], ["L*b9", "a lance cannot stand on b9"], ["N*c8", "a knight cannot stand on c8"],
      ["N*d9", "a knight cannot stand on d9"],
    ]) expect(errorOf(() => play(S, fen, drop))).toBe(`${drop}: ${why}`);
    const legal = moves(S, fen);
    expect(legal).toEqual(expect.arrayContaining(["N*c7", "L*b8", "P*a8"]));
    expect(legal.filter((m) => /\*[a-i]9$/.test(m) || /^N\*[a-i]8$/.test(m))).toEqual([]);
    // Black's last ranks are 1 and 2.
    const black = moves(S, fen.replace(" w ", " b "));
    expect(black).toEqual(expect.arrayContaining(["n*c3", "l*b2", "p*a2"]));
    expect(black.filter((m) => /\*[a-i]1$/.test(m) || /^n\*[a-i]2$/.test(m))).toEqual([]);
  });

  it("a drop must not leave one's own king in check, and may block a check", () => {
    const fen = "4k4/9/9/9/4l4/9/9/9/4K4[G] w - - 0 1";
    expect(errorOf(() => play(S, fen, "G*a5"))).toBe("G*a5: it would leave your king in check");
    expect(moves(S, fen).filter((m) => m.includes("*"))).toEqual(["G*e2", "G*e3", "G*e4"]);
  });
});

describe("shogi: checkmate by a pawn drop", () => {
  const fen = (hand: string) => `3lkl3/9/4G4/9/9/9/9/9/4K4[${hand}] w - - 0 1`;

  it("the drop is legal, and the player who dropped the pawn loses (Fairy-Stockfish's reading)", () => {
    expect(moves(S, fen("P"))).toContain("P*e8");
    const { game, theirs } = bothAfter(S, fen("P"), ["P*e8"], ["P@e8"]);
    expect(game.status()).toEqual({ result: "black-wins", reason: "pawn-drop-mate" });
    expect(game.legalMoves()).toEqual([]);
    expect([theirs.result, theirs.moves]).toEqual(["0-1", []]);
  });

  it("a mate by dropping another piece, or by a pawn's step, is an ordinary checkmate", () => {
    const gold = bothAfter(S, fen("G"), ["G*e8"], ["G@e8"]);
    expect(gold.game.status()).toEqual({ result: "white-wins", reason: "checkmate" });
    expect(gold.theirs.result).toBe("1-0");
    const step = bothAfter(S, "3lkl3/9/3GPG3/9/9/9/9/9/4K4[] w - - 0 1", ["P e7-e8"], ["e7e8"]);
    expect(step.game.status()).toEqual({ result: "white-wins", reason: "checkmate" });
    expect(step.theirs.result).toBe("1-0");
  });

  it("a pawn already mating in a FEN is an ordinary checkmate: no drop came before it", () => {
    const mated = "3lkl3/4P4/4G4/9/9/9/9/9/4K4[] b - - 0 1";
    expect(Game.start(S, mated).status()).toEqual({ result: "white-wins", reason: "checkmate" });
    expect(oracleAfter(ff, oracleRow(S), mated).result).toBe("1-0");
  });

  it("a pawn drop that gives check but not mate is an ordinary move", () => {
    const { game } = bothAfter(S, "3lk4/9/4G4/9/9/9/9/9/4K4[P] w - - 0 1", ["P*e8"], ["P@e8"]);
    expect(game.status()).toEqual({ result: "ongoing" });
    expect(game.checks()).toEqual(["e9"]);
  });
});

describe("shogi: stalemate and the move count", () => {
  it("a stalemated player loses", () => {
    const fen = "k8/2S6/1G7/9/9/9/9/9/4K4[] b - - 0 1";
    expect(Game.start(S, fen).status()).toEqual({ result: "white-wins", reason: "stalemate" });
    expect(oracleAfter(ff, oracleRow(S), fen).result).toBe("1-0");
    const mini = "k4/2S2/1G3/5/4K[] b - - 0 1";
    expect(Game.start(M, mini).status()).toEqual({ result: "white-wins", reason: "stalemate" });
    expect(oracleAfter(ff, oracleRow(M), mini).result).toBe("1-0");
  });

  it("there is no move-count rule: a thousand quiet plies are no draw, and none can be claimed", () => {
    const g = Game.start(S, "4k4/9/9/9/9/9/9/9/R3K4[] w - - 999 600");
    expect(g.status()).toEqual({ result: "ongoing" });
    expect(g.claimableDraws()).toEqual([]);
  });
});

describe("shogi: repetition (sennichite) and perpetual check", () => {
  const times = (n: number, ...moves: string[]) => Array.from({ length: n }, () => moves).flat();

  it("the fourth time a position stands, the game is drawn; the third time is nothing, and no threefold claim", () => {
    const shuffle = times(3, "R h2-g2", "r b8-c8", "R g2-h2", "r c8-b8");
    const third = play(S, "start", ...shuffle.slice(0, 11));
    expect(third.status()).toEqual({ result: "ongoing" });
    expect(third.claimableDraws()).toEqual([]);
    const { game, theirs } = bothAfter(S, START, shuffle, times(3, "h2g2", "b8c8", "g2h2", "c8b8"));
    expect(game.status()).toEqual({ result: "draw", reason: "fourfold-repetition" });
    expect([theirs.result, theirs.claimed]).toEqual(["*", "1/2-1/2"]);
  });

  it("a tokin counts as a gold, as Fairy-Stockfish's position key has it: a gold and a tokin that change places repeat", () => {
    // The gold and the tokin go round a triangle (d6, d5, e5) and swap; the black king goes round one too.
    const fen = "8k/9/9/9/3+PG4/9/9/9/K8[] w - - 0 1";
    const cycle = (x: string, y: string) => [`${x} e5-d6`, "k i9-h9", `${y} d5-e5`, "k h9-h8", `${x} d6-d5`, "k h8-i9"];
    const ucis = times(3, "e5d6", "i9h9", "d5e5", "h9h8", "d6d5", "h8i9");
    const texts = [...cycle("G", "+P"), ...cycle("+P", "G"), ...cycle("G", "+P")];
    expect(play(S, fen, ...texts.slice(0, 17)).status()).toEqual({ result: "ongoing" });
    const { game, theirs } = bothAfter(S, fen, texts, ucis);
    expect(game.fen()).toBe("8k/9/9/9/3G+P4/9/9/9/K8[] w - - 18 10");
    expect(game.status()).toEqual({ result: "draw", reason: "fourfold-repetition" });
    expect(theirs.claimed).toBe("1/2-1/2");
  });

  it("Minishogi: the fourth time, sente (White) loses, whoever is to move", () => {
    const whiteToMove = bothAfter(M, MINI_START, times(3, "R e1-e2", "r a5-a4", "R e2-e1", "r a4-a5"), times(3, "e1e2", "a5a4", "e2e1", "a4a5"));
    expect(whiteToMove.game.turn()).toBe("white");
    expect(whiteToMove.game.status()).toEqual({ result: "black-wins", reason: "fourfold-repetition" });
    expect(whiteToMove.theirs.claimed).toBe("0-1");
    const blackToMove = bothAfter(M, MINI_START, ["S c1-c2", ...times(3, "r a5-a4", "R e1-e2", "r a4-a5", "R e2-e1")],
      ["c1c2", ...times(3, "a5a4", "e1e2", "a4a5", "e2e1")]);
    expect(blackToMove.game.turn()).toBe("black");
    expect(blackToMove.game.status()).toEqual({ result: "black-wins", reason: "fourfold-repetition" });
    expect(blackToMove.theirs.claimed).toBe("0-1");
  });

  it("perpetual check: the side that gave check with every move of the cycle loses", () => {
    const fen = "4k4/9/9/9/9/9/9/9/R3K4[] w - - 0 1";
    const { game, theirs } = bothAfter(S, fen, ["R a1-a9", ...times(3, "k e9-e8", "R a9-a8", "k e8-e9", "R a8-a9")],
      ["a1a9", ...times(3, "e9e8", "a9a8", "e8e9", "a8a9")]);
    expect(game.status()).toEqual({ result: "black-wins", reason: "perpetual-check" });
    expect([theirs.result, theirs.claimed]).toEqual(["*", "0-1"]);
  });

  it("Minishogi: perpetual check comes before sente's loss by repetition", () => {
    const fen = "2k1r/5/5/5/K4[] b - - 0 1";
    const { game, theirs } = bothAfter(M, fen, ["r e5-e1", ...times(3, "K a1-a2", "r e1-e2", "K a2-a1", "r e2-e1")],
      ["e5e1", ...times(3, "a1a2", "e1e2", "a2a1", "e2e1")]);
    expect(game.status()).toEqual({ result: "white-wins", reason: "perpetual-check" });
    expect(theirs.claimed).toBe("1-0");
  });
});

describe("shogi: the drop options act on the pieces they name", () => {
  it("nifu and the drop mate bind the declared piece, here the silver and the gold", () => {
    const decl = { ...shogi, id: "shogi-roles", mechanics: [drops({ pieces: ["G", "S"], capturesToHand: true, noDoubled: "S", dropMateLoses: "G" })] };
    const v = compileVariant(decl);
    const game = (fen: string) => listMoves(unwrap(parseFen(v, fen))).listed.map((m) => m.text);
    const silvers = "4k4/9/9/9/9/9/4S4/9/4K4[S] w - - 0 1";
    expect(game(silvers).filter((m) => m.startsWith("S*e"))).toEqual([]);
    expect(game(silvers)).toContain("S*d5");
    // A pawn on the file does not bind the silver: every empty square of the file.
    expect(game("4k4/9/9/9/9/9/4P4/9/4K4[GS] w - - 0 1").filter((m) => m.startsWith("S*e"))).toHaveLength(6);
    const pos = unwrap(parseFen(v, "3lkl3/9/4G4/9/9/9/9/9/4K4[G] w - - 0 1"));
    const mate = legalMoves(pos).find((m) => m.from === -1 && pos.geo.names[m.to] === "e8")!;
    makeMove(pos, mate);
    expect(positionStatus(pos)).toEqual({ result: "black-wins", reason: "pawn-drop-mate" });
  });
});

describe("shogi: the browser test's games (tests/e2e/support/games/shogi.ts, minishogi.ts)", () => {
  for (const browserGame of [shogiGame, minishogiGame]) {
    it(`${browserGame.variant}: legal move by move, ends as it says, its pieces drawn as it says, its clicks offered`, () => {
      const id = browserGame.variant;
      const texts = browserGame.moves.map((m) => (typeof m === "string" ? m : m.text));
      const g = Game.replay(id, "start", texts);
      expect(g.status()).toEqual({ result: `${browserGame.winner}-wins`, reason: browserGame.reason });
      const start = Game.start(id);
      const ucis = texts.map((_, i) => {
        const before = Game.replay(id, "start", texts.slice(0, i));
        return toUci(unwrap(parseActions(texts[i])), piecesOf(before), before.fen(), false);
      });
      expect(oracleAfter(ff, oracleRow(id), start.fen(), ucis).result).toBe(browserGame.winner === "white" ? "1-0" : "0-1");
      const decl = g.variant.decl.pieces;
      for (const [code, at, art] of browserGame.drawn) {
        expect(g.board().find((s) => s.square === at)?.pieces, at).toEqual([{ color: code[0] === "w" ? "white" : "black", letter: code.slice(1) }]);
        expect(decl.find((p) => p.letter === code.slice(1))?.art, code).toBe(art);
      }
      // Each clicked move: a drop's piece is in hand by its name, and the builder offers the clicked squares
      // (a promotion: both with and without, so the chooser asks, and `choose` names the promoted piece).
      browserGame.moves.forEach((m, i) => {
        if (typeof m === "string") return;
        const before = Game.replay(id, "start", texts.slice(0, i));
        const first = before.nextActions([]).actions;
        if (m.fromHand) {
          const letter = decl.find((p) => p.name === m.fromHand)!.letter;
          expect(first).toContainEqual({ type: "place", piece: letter, to: m.clicks[0] });
          return;
        }
        const [from, to] = m.clicks;
        const offered = first.filter((a) => a.type === "step" && a.from === from && a.to === to);
        const promoted = unwrap(parseActions(m.text))[0] as { promotion?: string };
        expect(offered.map((a) => (a.type === "step" ? a.promotion ?? "" : "")).sort()).toEqual(["", promoted.promotion!]);
        expect(decl.find((p) => p.letter === promoted.promotion)?.name).toBe(m.choose);
      });
    });
  }
});

describe("shogi: game records", () => {
  it("a record with promotions, promoted pieces' moves and drops reads back as written", () => {
    const texts = shogiGame.moves.map((m) => (typeof m === "string" ? m : m.text));
    const g = Game.replay(S, "start", texts);
    const record = makeGameRecord({ variant: S, startFen: g.startFen, moves: g.moves, result: "1-0", tags: {} });
    expect(record).toContain("3. +B h8-g9 p a6-a5 4. S*g8");
    const read = unwrap(parseGameRecord(record));
    expect([read.variant, read.moves, read.game.fen()]).toEqual([S, g.moves, g.fen()]);
  });
});

describe("shogi: the board's move builder (app/_components/move-builder.ts)", () => {
  const at = (game: Game, b: Building) => drawnPosition(game, S, b.prefix, game.nextActions(b.prefix).complete);

  it("a click onto a square where promotion is a choice asks which move: the promoted piece, or the piece as it is", () => {
    const g = Game.replay(S, "start", ["P c3-c4", "p g7-g6"]);
    const b: Building = { prefix: [], selected: "b2" };
    const c = click(g, b, at(g, b), "h8");
    expect(c.kind).toBe("choose");
    if (c.kind !== "choose") return;
    expect(c.choices.map((x) => describeContinuation(S, x)).sort()).toEqual(["Bishop b2 to h8", "Dragon horse"]);
  });

  it("a forced promotion is no question, and a promoted piece is picked up like any other", () => {
    const g = Game.start(S, "4k4/P8/9/9/9/9/9/9/4K4[] w - - 0 1");
    const b: Building = { prefix: [], selected: "a8" };
    expect(click(g, b, at(g, b), "a9")).toEqual({ kind: "extend", actions: [{ type: "step", piece: "P", from: "a8", to: "a9", promotion: "+P" }] });
    const after = Game.start(S, "+P3k4/9/9/9/9/9/9/9/4K4[] w - - 0 1");
    expect(click(after, EMPTY_BUILDING, at(after, EMPTY_BUILDING), "a9")).toEqual({ kind: "select", square: "a9" });
  });
});
