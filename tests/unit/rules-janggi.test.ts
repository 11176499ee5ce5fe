/**
 * Janggi (docs/games/janggi.md) as Fairy-Stockfish plays its `janggi`: the pieces and the
 * palace lines, the cannon's limits, the setups the players choose, passing, bikjang, the
 * ends decided on points and the one draw. Each constructed position or end is also asked
 * of Fairy-Stockfish (ffish 0.7.10), its moves written as the oracle writes ours.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { FairyStockfish } from "ffish";
import { chosenSetupFen, Game, makeGameRecord, parseActions, parseGameRecord, variantInfo } from "@/lib/rules";
import { listMoves } from "@/lib/rules/game";
import { perft } from "@/lib/rules/movegen";
import { unwrap } from "@/lib/rules/result";
import { parseFen } from "@/lib/rules/notation/fen";
import { positionStatus } from "@/lib/rules/status";
import { bikjang } from "@/lib/rules/mechanics/bikjang";
import { palaceLines } from "@/lib/rules/mechanics/palace-lines";
import { compileVariant, type VariantDecl } from "@/lib/rules/variant";
import { getVariant } from "@/lib/rules/variants";
import { janggi } from "@/lib/rules/variants/janggi";
import { Rng } from "@/tests/fuzz/random";
import { loadFairyStockfish, oracleAfter, oracleRow, ourMoves, piecesOf, toUci } from "../support/oracle";
import { errorOf, movesFrom, play, position } from "../support/rules";

const J = "janggi";
const START = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1";

let ff: FairyStockfish;
beforeAll(async () => {
  ff = await loadFairyStockfish();
});

/** The targets of the piece on `square`, sorted. */
const targets = (fen: string, square: string) => movesFrom(J, fen, square).map((m) => m.split("-")[1]).sort();

/** Our legal moves as UCI and Fairy-Stockfish's, both sorted, for the position `fen`. */
function bothMoves(fen: string) {
  const game = Game.start(J, fen);
  const ours = ourMoves(game, game.legalMoves(), false).map((m) => m.uci).sort();
  return { ours, theirs: oracleAfter(ff, oracleRow(J), fen).moves };
}

/** Our game after the moves, and Fairy-Stockfish's after the same moves in UCI (translated as the oracle does). */
function bothAfter(fen: string, texts: string[]) {
  const game = Game.start(J, fen);
  const ucis: string[] = [];
  for (const text of texts) {
    ucis.push(toUci(unwrap(parseActions(text)), piecesOf(game), game.fen(), false));
    game.play(text);
  }
  const theirs = oracleAfter(ff, oracleRow(J), fen, ucis);
  expect(game.fen()).toBe(theirs.fen);
  return { game, theirs };
}

const times = (n: number, ...moves: string[]) => Array.from({ length: n }, () => moves).flat();

describe("janggi: perft against Fairy-Stockfish", () => {
  it("from the start: 32, 1,024 and 33,000 (the pass included)", () => {
    expect([1, 2, 3].map((d) => perft(position(J, "start"), d))).toEqual([32, 1024, 33000]);
  });

  it("from each of the sixteen arrangements, the same count as Fairy-Stockfish to depth 2", () => {
    for (let cho = 0; cho < 4; cho++) {
      for (let han = 0; han < 4; han++) {
        const fen = chosenSetupFen(J, cho, han);
        const { ours, theirs } = bothMoves(fen);
        expect(ours, fen).toEqual(theirs);
        expect(perft(position(J, fen), 2), fen).toBe(theirs.length * theirs.length);
      }
    }
  });
});

describe("janggi: the setups the players choose", () => {
  it("the four arrangements are named by the elephants' place, the first being Fairy-Stockfish's start", () => {
    expect(variantInfo(J).chosenSetups).toEqual([
      "Inner elephants (마상상마)", "Outer elephants (상마마상)", "Left elephant (상마상마)", "Right elephant (마상마상)",
    ]);
    expect(chosenSetupFen(J, 0, 0)).toBe(START);
    expect(Game.start(J).fen()).toBe(START);
  });

  it("each player's arrangement is read from their own left: Han's left is file i", () => {
    const fen = chosenSetupFen(J, 2, 2);
    const [han, , , , , , , , , cho] = fen.split(" ")[0].split("/");
    // Cho, left elephant: elephant, horse on b, c; elephant, horse on g, h.
    expect(cho).toBe("RBNA1ABNR");
    // Han, left elephant: from i to a, elephant on h, horse on g, elephant on c, horse on b.
    expect(han).toBe("rnba1anbr");
    expect(chosenSetupFen(J, 1, 3).split("/")[9].split(" ")[0]).toBe("RBNA1ANBR");
    expect(chosenSetupFen(J, 1, 3).split("/")[0]).toBe("rbna1abnr");
  });

  it("the sixteen start positions differ, and Fairy-Stockfish reads each as we write it", () => {
    const fens = new Set<string>();
    for (let cho = 0; cho < 4; cho++) for (let han = 0; han < 4; han++) fens.add(chosenSetupFen(J, cho, han));
    expect(fens.size).toBe(16);
    for (const fen of fens) expect(oracleAfter(ff, oracleRow(J), fen).fen).toBe(fen);
  });

  it("refuses an arrangement that does not exist", () => {
    expect(errorOf(() => chosenSetupFen(J, 4, 0))).toBe("Janggi has setups 0 to 3");
    expect(errorOf(() => chosenSetupFen(J, 0, -1))).toBe("Janggi has setups 0 to 3");
  });
});

describe("janggi: the pieces", () => {
  /** A piece on e6 between Cho's general on f2 and Han's on e9 (not facing), other pieces where `extra` puts them. */
  const onE6 = (piece: string, rank7 = "9", rank8 = "9") => `9/4k4/${rank8}/${rank7}/4${piece}4/9/9/9/5K3/9 w - - 0 1`;

  it("the general steps along the lines of its palace, diagonally only from a corner or the centre", () => {
    // From the centre: all eight points of the palace.
    expect(targets("3k5/9/9/9/9/9/9/9/4K4/9 w - - 0 1", "e2")).toEqual(["d1", "d2", "d3", "e1", "e3", "f1", "f2", "f3"]);
    // From the middle of an edge (d2) no diagonal, and never out of the palace (c2).
    expect(targets("5k3/9/9/9/9/9/9/9/3K5/9 w - - 0 1", "d2")).toEqual(["d1", "d3", "e2"]);
    // From a corner: along the edges and to the centre.
    expect(targets("3k5/9/9/9/9/9/9/9/9/5K3 w - - 0 1", "f1")).toEqual(["e1", "e2", "f2"]);
  });

  it("a guard moves as the general and stays in its palace", () => {
    expect(targets("3k5/9/9/9/9/9/9/3A5/9/5K3 w - - 0 1", "d3")).toEqual(["d2", "e2", "e3"]);
    // Han's soldier on a4 keeps the game going (generals and guards alone are a draw).
    const fen = "3k5/9/9/9/9/9/p8/3A5/9/5K3 w - - 0 1";
    expect(errorOf(() => play(J, fen, "A d3-c3"))).toBe("A d3-c3: the guard never leaves its palace");
    expect(errorOf(() => play(J, fen, "K f1-g1"))).toBe("K f1-g1: the general never leaves its palace");
    // d2 is no point of the lines: no diagonal step from it.
    expect(errorOf(() => play(J, "3k5/9/9/9/9/9/p8/9/3A5/5K3 w - - 0 1", "A d2-e3"))).toBe(
      "A d2-e3: the guard steps diagonally only along the palace lines, from a corner or the centre");
  });

  it("the elephant: one step straight, two diagonally outwards, blocked on either point", () => {
    expect(targets(onE6("B"), "e6")).toEqual(["b4", "b8", "c3", "c9", "g3", "g9", "h4", "h8"]);
    // A piece on e7 (the first point) blocks both leaps upwards; one on f8 (the second) only the one to g9.
    expect(targets(onE6("B", "4P4"), "e6")).toEqual(["b4", "b8", "c3", "g3", "h4", "h8"]);
    expect(targets(onE6("B", "9", "5p3"), "e6")).toEqual(["b4", "b8", "c3", "c9", "g3", "h4", "h8"]);
    const { ours, theirs } = bothMoves(onE6("B", "4P4", "5p3"));
    expect(ours).toEqual(theirs);
  });

  it("the horse: one step straight, one diagonally outwards, blocked on the first point", () => {
    expect(targets(onE6("N"), "e6")).toEqual(["c5", "c7", "d4", "d8", "f4", "f8", "g5", "g7"]);
    expect(targets(onE6("N", "4p4"), "e6")).toEqual(["c5", "c7", "d4", "f4", "g5", "g7"]);
  });

  it("the chariot moves straight, and along the palace lines from a corner or the centre", () => {
    const fen = "9/4k4/9/9/9/9/9/9/5K3/3R5 w - - 0 1";
    expect(targets(fen, "d1")).toEqual(
      ["a1", "b1", "c1", "d10", "d2", "d3", "d4", "d5", "d6", "d7", "d8", "d9", "e1", "e2", "f1", "f3", "g1", "h1", "i1"].sort());
    expect(bothMoves(fen).ours).toEqual(bothMoves(fen).theirs);
  });

  it("the soldier steps forward or sideways from the start, never back, and forward along the lines of the opponent's palace", () => {
    // Han's general on f8, Cho's on e1.
    const soldier = (square: string) => {
      const fen = (rank9: string, rank8: string, rank4: string) => `9/${rank9}/${rank8}/9/9/9/${rank4}/9/9/4K4 w - - 0 1`;
      if (square === "e4") return fen("9", "5k3", "4P4");
      if (square === "d8") return fen("9", "3P1k3", "9");
      return fen("4P4", "5k3", "9");
    };
    expect(targets(soldier("e4"), "e4")).toEqual(["d4", "e5", "f4"]);
    expect(targets(soldier("d8"), "d8")).toEqual(["c8", "d9", "e8", "e9"]);
    expect(targets(soldier("e9"), "e9")).toEqual(["d10", "d9", "e10", "f10", "f9"]);
    // Han's soldier goes down the board.
    expect(targets("9/9/5k3/9/9/4p4/9/9/9/4K4 b - - 0 1", "e5")).toEqual(["d5", "e4", "f5"]);
    for (const square of ["e4", "d8", "e9"]) expect(bothMoves(soldier(square)).ours).toEqual(bothMoves(soldier(square)).theirs);
  });
});

describe("janggi: the cannon", () => {
  /** Cho's cannon on a1, its general on e2, Han's on d10; `rank4`, `rank9` as given. */
  const cannon = (rank4: string, rank9 = "9") => `3k5/${rank9}/9/9/9/9/${rank4}/9/4K4/C8 w - - 0 1`;

  it("must jump to move: over one piece of either side, to any empty point beyond or the first piece there", () => {
    // Over the soldier on a4: a5 to a8 and the capture on a9.
    expect(targets(cannon("P8", "p8"), "a1")).toEqual(["a5", "a6", "a7", "a8", "a9"]);
    expect(movesFrom(J, cannon("9"), "a1")).toEqual([]);
    expect(bothMoves(cannon("P8", "p8")).ours).toEqual(bothMoves(cannon("P8", "p8")).theirs);
  });

  it("may not jump over another cannon, nor capture one, its own side's or the other's", () => {
    expect(movesFrom(J, cannon("c8"), "a1")).toEqual([]);
    expect(movesFrom(J, cannon("C8"), "a1")).toEqual([]);
    // Over the soldier, the first piece beyond is a cannon: the empty points before it only.
    expect(targets(cannon("P8", "c8"), "a1")).toEqual(["a5", "a6", "a7", "a8"]);
    for (const fen of [cannon("c8"), cannon("C8"), cannon("P8", "c8")]) expect(bothMoves(fen).ours).toEqual(bothMoves(fen).theirs);
  });

  it("jumps along the palace lines only from corner to corner, over a piece on the centre that is no cannon", () => {
    // d1 over the guard on e2 to f3, capturing there.
    expect(targets("4k4/9/9/9/9/9/9/5r3/4A4/3C1K3 w - - 0 1", "d1")).toEqual(["f3"]);
    expect(movesFrom(J, "4k4/9/9/9/9/9/9/5r3/4c4/3C1K3 w - - 0 1", "d1")).toEqual([]);
    // From the centre there is nothing to jump on the lines: no move at all here.
    const centre = "5k3/9/9/9/9/9/9/3r5/4C4/3AK4 w - - 0 1";
    expect(movesFrom(J, centre, "e2")).toEqual([]);
    expect(bothMoves(centre).ours).toEqual(bothMoves(centre).theirs);
  });

  it("a move it cannot make is refused in the players' words", () => {
    expect(errorOf(() => play(J, "start", "C b3-b5"))).toBe("C b3-b5: a cannon moves only by jumping over exactly one piece, and never over or onto another cannon");
    expect(errorOf(() => play(J, cannon("C8"), "C a1-a6"))).toBe("C a1-a6: a cannon moves only by jumping over exactly one piece, and never over or onto another cannon");
  });

  it("gives check only as it could capture: over a piece that is no cannon", () => {
    expect(Game.start(J, "4k4/9/4P4/9/9/9/9/9/4C4/3K5 b - - 0 1").checks()).toEqual(["e10"]);
    expect(Game.start(J, "4k4/9/4c4/9/9/9/9/9/4C4/3K5 b - - 0 1").checks()).toEqual([]);
    // Along the palace line: d10 over e9 to f8.
    expect(Game.start(J, "3k5/4p4/5C3/9/9/9/9/9/9/4K4 b - - 0 1").checks()).toEqual(["d10"]);
  });
});

describe("janggi: passing", () => {
  it("is a legal move written `pass`, in UCI the general's point twice", () => {
    const game = Game.start(J);
    expect(game.legalMoves().map((m) => m.text)).toContain("pass");
    const { game: after, theirs } = bothAfter(START, ["pass"]);
    expect(after.fen()).toBe("rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR b - - 1 1");
    expect(theirs.moves).toContain("e9e9");
    expect(after.moves).toEqual(["pass"]);
  });

  it("is refused in check", () => {
    const fen = "4k4/9/9/9/9/9/9/9/4r4/3K5 w - - 0 1";
    expect(listMoves(position(J, fen)).listed.map((m) => m.text)).not.toContain("pass");
    expect(errorOf(() => play(J, fen, "pass"))).toBe("pass: your general is in check: you may pass only when it is not, or in bikjang");
    expect(bothMoves(fen).ours).toEqual(bothMoves(fen).theirs);
  });

  it("the board's builder offers it as a move of its own, and a record keeps it", () => {
    const game = Game.start(J);
    expect(game.nextActions([]).actions).toContainEqual({ type: "pass" });
    expect(game.nextActions([{ type: "pass" }])).toEqual({ actions: [], complete: true });
    game.play("pass");
    game.play("p c7-d7");
    const record = makeGameRecord({ variant: J, startFen: game.startFen, moves: game.moves, result: "*" });
    const read = parseGameRecord(record);
    expect(read.ok && read.value.moves).toEqual(["pass", "p c7-d7"]);
  });

  it("two passes in turn end the game on points: with equal material Han wins by its 1.5", () => {
    const { game, theirs } = bothAfter(START, ["pass", "pass"]);
    expect(game.status()).toEqual({ result: "black-wins", reason: "double-pass" });
    expect([theirs.result, theirs.over]).toEqual(["0-1", true]);
    expect(game.legalMoves()).toEqual([]);
  });

  it("a pass and a move, or a single pass read from a FEN, go on", () => {
    expect(play(J, "start", "pass", "P a7-b7", "pass").status()).toEqual({ result: "ongoing" });
    const afterOne = play(J, "start", "pass");
    expect(Game.start(J, afterOne.fen()).status()).toEqual({ result: "ongoing" });
  });
});

describe("janggi: bikjang", () => {
  // The generals face each other on the e file; Cho has a chariot more.
  const FACING = "4k4/9/9/9/9/9/9/9/9/R3K4 b - - 0 1";

  it("the player to move must end it, or pass", () => {
    expect(listMoves(position(J, FACING)).listed.map((m) => m.text).sort()).toEqual(["k e10-d10", "k e10-f10", "pass"]);
    const { ours, theirs } = bothMoves("4k4/9/9/9/9/9/9/9/9/3RK4 w - - 0 1");
    // The chariot blocks along the palace line (d1-e2), or the general steps aside, or Cho passes.
    expect(ours).toEqual(theirs);
    expect(ours).toEqual(["d1e2", "e1e1", "e1f1"]);
  });

  it("a pass accepts it: the game ends on points", () => {
    const { game, theirs } = bothAfter(FACING, ["pass"]);
    expect(game.status()).toEqual({ result: "white-wins", reason: "bikjang" });
    expect([theirs.result, theirs.over]).toEqual(["1-0", true]);
  });

  it("bringing it about is a legal move, and no check", () => {
    const fen = "4k4/9/9/9/9/9/9/9/4N4/R3K4 w - - 0 1";
    const { game } = bothAfter(fen, ["N e2-c3"]);
    expect(game.checks()).toEqual([]);
    expect(game.status()).toEqual({ result: "ongoing" });
    expect(bothAfter(fen, ["N e2-c3", "pass"]).game.status()).toEqual({ result: "white-wins", reason: "bikjang" });
  });

  it("a move that leaves the generals facing is refused in the players' words", () => {
    expect(errorOf(() => play(J, FACING, "k e10-e9"))).toBe("k e10-e9: the generals face each other (bikjang): end it with your move, or pass");
  });

  it("a FEN where the player who passed in bikjang stands in check is read, as Fairy-Stockfish writes it; in check otherwise it is refused", () => {
    // Cho passed in check by Han's chariot on a1, the generals facing: the game is over, its FEN still reads.
    const { game } = bothAfter("4k4/9/9/9/9/9/9/9/9/r3K4 w - - 0 1", ["pass"]);
    expect(game.status()).toEqual({ result: "black-wins", reason: "bikjang" });
    const fen = game.fen();
    expect(fen).toBe("4k4/9/9/9/9/9/9/9/9/r3K4 b - - 1 1");
    expect(parseFen(getVariant(J), fen).ok).toBe(true);
    const blocked = parseFen(getVariant(J), "4k4/4p4/9/9/9/9/9/9/9/r3K4 b - - 1 1");
    expect(blocked.ok ? "read" : blocked.error).toBe("the side not to move (White) is in check");
  });

  it("in bikjang a player in check may still pass", () => {
    const fen = "4k4/9/9/9/9/9/9/9/9/r3K4 w - - 0 1";
    const { ours, theirs } = bothMoves(fen);
    expect(ours).toEqual(theirs);
    expect(ours).toContain("e1e1");
  });
});

describe("janggi: the other ends", () => {
  it("the third time a position stands the game ends on points", () => {
    const fen = "3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1";
    const cycle = ["R a2-a3", "k d10-d9", "R a3-a2", "k d9-d10"];
    expect(play(J, fen, ...times(1, ...cycle)).status()).toEqual({ result: "ongoing" });
    const { game, theirs } = bothAfter(fen, times(2, ...cycle));
    expect(game.status()).toEqual({ result: "white-wins", reason: "repetition-points" });
    expect([theirs.result, theirs.claimed]).toEqual(["*", "1-0"]);
  });

  it("perpetual check loses", () => {
    const fen = "3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1";
    const { game, theirs } = bothAfter(fen, ["R i1-i10", ...times(2, "k d10-d9", "R i10-i9", "k d9-d10", "R i9-i10")]);
    expect(game.status()).toEqual({ result: "black-wins", reason: "perpetual-check" });
    expect(theirs.claimed).toBe("0-1");
  });

  it("fifty moves without a capture end the game on points; soldier moves do not restart the count", () => {
    const fen = "3k5/9/9/9/9/9/P8/9/R8/4K4 w - - 98 60";
    const { game, theirs } = bothAfter(fen, ["P a4-b4", "k d10-d9"]);
    expect(game.fen()).toBe("9/3k5/9/9/9/9/1P7/9/R8/4K4 w - - 100 61");
    expect(game.status()).toEqual({ result: "white-wins", reason: "move-rule-points" });
    expect(theirs.claimed).toBe("1-0");
    expect(positionStatus(position(J, game.fen()))).toEqual({ result: "white-wins", reason: "move-rule-points" });
  });

  it("generals and guards alone are a draw, as Fairy-Stockfish 0.7.10 has it", () => {
    const { game, theirs } = bothAfter("3ak4/9/9/9/9/9/9/9/4K4/3A1A3 w - - 0 1", []);
    expect(game.status()).toEqual({ result: "draw", reason: "insufficient-material" });
    expect([theirs.result, theirs.over]).toEqual(["1/2-1/2", true]);
    expect(positionStatus(position(J, "3ak4/9/9/9/9/9/P8/9/4K4/3A1A3 w - - 0 1"))).toEqual({ result: "ongoing" });
  });

  it("checkmate wins", () => {
    // Two chariots on the ninth and tenth ranks; the general cannot leave its palace.
    const { game, theirs } = bothAfter("3k5/8R/9/9/9/9/9/9/9/R3K4 w - - 0 1", ["R a1-a10"]);
    expect(game.status()).toEqual({ result: "white-wins", reason: "checkmate" });
    expect(theirs.result).toBe("1-0");
  });
});

describe("janggi: counting points", () => {
  it("Cho needs two points more than Han to win: Han's 1.5 decides a one-point lead", () => {
    // Cho: guard (3) against Han's soldier (2): one point more, Han wins. Cho: horse (5) against a soldier: Cho wins.
    const oneMore = bothAfter("3k5/9/9/9/p8/9/9/9/4K4/3A5 w - - 0 1", ["pass", "pass"]);
    expect(oneMore.game.status()).toEqual({ result: "black-wins", reason: "double-pass" });
    expect(oneMore.theirs.result).toBe("0-1");
    const threeMore = bothAfter("3k5/9/9/9/p8/9/9/9/4K4/3N5 w - - 0 1", ["pass", "pass"]);
    expect(threeMore.game.status()).toEqual({ result: "white-wins", reason: "double-pass" });
    expect(threeMore.theirs.result).toBe("1-0");
  });
});

describe("janggi: the mechanics take their roles from the declaration", () => {
  const moveTexts = (decl: VariantDecl, fen: string) => listMoves(unwrap(parseFen(compileVariant(decl), fen))).listed.map((m) => m.text);

  it("palace lines: only the pieces named in a role move along the lines", () => {
    // The chariot on d1 is no rider along the lines once the roles leave it out.
    const fen = "9/4k4/9/9/9/9/9/9/5K3/3R5 w - - 0 1";
    expect(moveTexts(janggi, fen)).toContain("R d1-e2");
    const noRider = { ...janggi, id: "janggi-roles", mechanics: [palaceLines({ steppers: ["K", "A"], forward: ["P"], riders: [], hoppers: ["C"] }), janggi.mechanics![1]] };
    expect(moveTexts(noRider, fen)).not.toContain("R d1-e2");
    const unknown = { ...janggi, id: "janggi-x", mechanics: [palaceLines({ steppers: ["X"], forward: [], riders: [], hoppers: [] })] };
    expect(() => moveTexts(unknown, fen)).toThrow(/palace lines names a piece X the game does not have/);
  });

  it("bikjang: the points come from the declared values", () => {
    // Equal pieces, so Han wins by its 1.5; counting the soldier as 5 gives Cho the lead.
    const fen = "3k5/9/9/9/p8/9/9/9/4K4/3A5 w - - 0 1";
    const valued = { ...janggi, id: "janggi-values", mechanics: [janggi.mechanics![0], bikjang({ general: "K", guards: ["A"], values: { A: 3, P: 5 } })] };
    const pos = unwrap(parseFen(compileVariant(valued), fen));
    // Cho: guard 3; Han: soldier 5 and 1.5: Han wins. With the soldier worth nothing Cho's 3 beats Han's 1.5.
    pos.passes = 2;
    expect(positionStatus(pos)).toEqual({ result: "black-wins", reason: "double-pass" });
    const cheap = { ...valued, id: "janggi-cheap", mechanics: [janggi.mechanics![0], bikjang({ general: "K", guards: ["A"], values: { A: 3, P: 0 } })] };
    const other = unwrap(parseFen(compileVariant(cheap), fen));
    other.passes = 2;
    expect(positionStatus(other)).toEqual({ result: "white-wins", reason: "double-pass" });
  });
});

describe("janggi: crowded palaces against Fairy-Stockfish", () => {
  it("2,000 seeded positions with pieces on and around the palace lines: the same moves and the same checks", () => {
    const rng = new Rng(20261201);
    const files = "abcdefghi";
    const palace = (side: 0 | 1) => [0, 1, 2].flatMap((r) => [3, 4, 5].map((f) => `${files[f]}${side === 0 ? r + 1 : 10 - r}`));
    const near = (side: 0 | 1) => [0, 1, 2, 3].flatMap((r) => [2, 3, 4, 5, 6].map((f) => `${files[f]}${side === 0 ? r + 1 : 10 - r}`));
    let compared = 0;
    let inCheck = 0;
    for (let tries = 0; compared < 2000 && tries < 20000; tries++) {
      const board = new Map<string, string>();
      const put = (squares: string[], letter: string) => {
        const free = squares.filter((s) => !board.has(s));
        if (free.length) board.set(rng.pick(free), letter);
      };
      put(palace(0), "K");
      put(palace(1), "k");
      for (const letter of ["A", "a"]) if (rng.chance(0.7)) put(palace(letter === "A" ? 0 : 1), letter);
      // Chariots, cannons and soldiers of both sides in either palace, and a few other pieces around them.
      for (let i = rng.int(7); i > 0; i--) put(near(rng.chance(0.5) ? 0 : 1), rng.pick(["R", "r", "C", "c", "P", "p", "N", "n", "B", "b"]));
      const ranks: string[] = [];
      for (let r = 10; r >= 1; r--) {
        let row = "";
        let empty = 0;
        for (const f of files) {
          const p = board.get(`${f}${r}`);
          if (!p) empty++;
          else {
            row += (empty || "") + p;
            empty = 0;
          }
        }
        ranks.push(row + (empty || ""));
      }
      const fen = `${ranks.join("/")} ${rng.chance(0.5) ? "w" : "b"} - - 0 1`;
      // A position with the side not to move in check is no game: our FEN refuses it.
      if (!parseFen(getVariant(J), fen).ok) continue;
      const game = Game.start(J, fen);
      const ours = ourMoves(game, listMoves(position(J, fen)).listed, false).map((m) => m.uci).sort();
      const theirs = oracleAfter(ff, oracleRow(J), fen).moves;
      expect(ours, fen).toEqual(theirs);
      if (game.checks().length) inCheck++;
      compared++;
    }
    expect(compared).toBe(2000);
    // The checks along the palace lines and through screens came up too, not only quiet positions.
    expect(inCheck).toBeGreaterThan(100);
  });
});
