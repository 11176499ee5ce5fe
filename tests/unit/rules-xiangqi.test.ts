/**
 * Xiangqi (docs/games/xiangqi.md) as Fairy-Stockfish plays it: the pieces and where they may
 * stand, the lame horse and elephant, the cannon's screen (in moves and in check), the
 * soldier across the river, the flying general, the ends. Each constructed position's legal
 * moves are also asked of Fairy-Stockfish (ffish 0.7.10).
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { FairyStockfish } from "ffish";
import { Game } from "@/lib/rules";
import { perft } from "@/lib/rules/movegen";
import { loadFairyStockfish, oracleAfter, oracleRow, ourMoves } from "../support/oracle";
import { movesFrom, position } from "../support/rules";

const X = "xiangqi";
const START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

let ff: FairyStockfish;
beforeAll(async () => {
  ff = await loadFairyStockfish();
});

/** Our legal moves in UCI, sorted, after checking they are Fairy-Stockfish's. */
function legalUci(fen: string): string[] {
  const game = Game.start(X, fen);
  const ours = ourMoves(game, game.legalMoves(), false).map((m) => m.uci).sort();
  expect(ours, fen).toEqual(oracleAfter(ff, oracleRow(X), fen).moves);
  return ours;
}

/** The legal moves (UCI) of the piece on `square`. */
const from = (fen: string, square: string) => legalUci(fen).filter((m) => m.startsWith(square) && !/\d/.test(m[square.length]));

describe("xiangqi: perft against Fairy-Stockfish", () => {
  it("the start, to depth 3 (Fairy-Stockfish: 44, 1920, 79666)", () => {
    const pos = position(X, START);
    expect([1, 2, 3].map((d) => perft(pos, d))).toEqual([44, 1920, 79666]);
  });
});

// docs/games/xiangqi.md#pieces
describe("xiangqi: the pieces", () => {
  it("the general and advisors keep to the palace (docs/games/xiangqi.md#the-palace)", () => {
    // General on d1 with advisor e2: d1-c1 would leave the palace; the advisor may not go to d3's outside either.
    const fen = "n3k4/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1";
    expect(from(fen, "d1")).toEqual(["d1d2", "d1e1"]);
    expect(from(fen, "e2")).toEqual(["e2d3", "e2f1", "e2f3"]);
    expect(movesFrom(X, fen, "d1")).toEqual(["K d1-d2", "K d1-e1"]);
  });

  it("the elephant goes two points diagonally, blocked at the eye, and never crosses the river", () => {
    // Elephant on e5 (the river bank): forward is across the river; c3 is blocked at d4.
    const fen = "4k4/9/9/9/9/4B4/3P5/9/9/3K5 w - - 0 1";
    expect(from(fen, "e5")).toEqual(["e5g3"]);
  });

  it("the horse is lame: blocked at the point next to it", () => {
    // Horse on e5, a soldier on e6 blocks d7 and f7; the other six are open.
    const fen = "4k4/9/9/9/4P4/4N4/9/9/9/3K5 w - - 0 1";
    expect(from(fen, "e5")).toEqual(["e5c4", "e5c6", "e5d3", "e5f3", "e5g4", "e5g6"]);
  });

  it("the cannon moves as a chariot and captures only over exactly one piece", () => {
    // Cannon e3; e7 a black soldier (no screen), e8 beyond e7: taken over the screen e7; a3 is not taken (no screen).
    const fen = "5k3/9/4r4/4p4/9/9/9/p3C4/9/3K5 w - - 0 1";
    const cannon = from(fen, "e3");
    expect(cannon).toContain("e3e8");
    expect(cannon).not.toContain("e3e7");
    expect(cannon).not.toContain("e3a3");
    expect(cannon).toContain("e3b3");
  });

  it("the soldier steps forward, and sideways too once across the river, never back", () => {
    expect(from("3k5/9/9/9/9/9/4P4/9/9/4K4 w - - 0 1", "e4")).toEqual(["e4e5"]);
    expect(from("3k5/9/9/9/4P4/9/9/9/9/4K4 w - - 0 1", "e6")).toEqual(["e6d6", "e6e7", "e6f6"]);
    // Black's soldier crosses downwards: on e5 it is across.
    expect(from("3k5/9/9/9/9/4p4/9/9/9/4K4 b - - 0 1", "e5")).toEqual(["e5d5", "e5e4", "e5f5"]);
  });
});

// docs/games/xiangqi.md#check
describe("xiangqi: check by a cannon over its screen", () => {
  it("a cannon with one piece between it and the general gives check", () => {
    const game = Game.start(X, "4k4/9/9/9/9/4c4/9/4N4/9/3K5 w - - 0 1");
    expect(game.checks()).toEqual([]);
    const checked = Game.start(X, "4k4/9/9/9/9/4c4/9/4N4/9/4K4 w - - 0 1");
    expect(checked.checks()).toEqual(["e1"]);
    legalUci("4k4/9/9/9/9/4c4/9/4N4/9/4K4 w - - 0 1");
  });

  it("no piece may step in between a cannon and its own general where it would become the screen", () => {
    // Black cannon e7 faces the red general e1 over nothing: R a4-e4 would make a screen.
    const fen = "3k5/9/9/4c4/9/9/R8/9/9/4K4 w - - 0 1";
    expect(from(fen, "a4")).not.toContain("a4e4");
    expect(from(fen, "a4")).toContain("a4d4");
  });

  it("of two pieces between, either may not leave", () => {
    const fen = "3k5/9/9/4c4/9/4R4/9/4N4/9/4K4 w - - 0 1";
    expect(from(fen, "e5").every((m) => m.slice(2, 3) === "e")).toBe(true);
    expect(from(fen, "e3")).toEqual([]);
  });
});

// docs/games/xiangqi.md#flying-general
describe("xiangqi: the generals may not face each other", () => {
  it("the only piece between them may not leave the file", () => {
    const fen = "4k4/9/9/9/9/9/9/4N4/9/4K4 w - - 0 1";
    expect(from(fen, "e3")).toEqual([]);
  });

  it("a general may not step onto the open file facing the other", () => {
    const fen = "4k4/9/9/9/9/9/9/9/9/N2K5 w - - 0 1";
    expect(from(fen, "d1")).toEqual(["d1d2"]);
  });

  it("generals set up facing are no check, but every move must end it", () => {
    const fen = "4k4/9/9/9/9/9/9/9/R8/4K4 w - - 0 1";
    expect(Game.start(X, fen).checks()).toEqual([]);
    expect(legalUci(fen)).toEqual(["a2e2", "e1d1", "e1f1"]);
  });
});

/** Plays the moves on our game and on Fairy-Stockfish's board; Fairy-Stockfish's verdict after them. */
function bothPlay(fen: string, texts: string[]) {
  const game = Game.start(X, fen);
  const ucis: string[] = [];
  for (const text of texts) {
    const move = ourMoves(game, game.legalMoves(), false).find((m) => m.move.text === text);
    if (!move) throw new Error(`${text} is not legal in ${game.fen()}`);
    ucis.push(move.uci);
    game.play(text);
  }
  const theirs = oracleAfter(ff, oracleRow(X), fen, ucis);
  expect(game.fen()).toBe(theirs.fen);
  return { game, theirs };
}

/** The moves `cycle` played `times` times over, after `opening`. */
const repeated = (opening: string[], cycle: string[], times: number) => [...opening, ...Array.from({ length: times }, () => cycle).flat()];

// docs/games/xiangqi.md#repetition
describe("xiangqi: repetition, perpetual check and chasing, as Fairy-Stockfish judges them", () => {
  it("the third time a position stands is a draw, when nobody forced it", () => {
    const { game, theirs } = bothPlay("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1", repeated([], ["R a1-a2", "k d10-d9", "R a2-a1", "k d9-d10"], 2));
    expect(game.status()).toEqual({ result: "draw", reason: "threefold-repetition" });
    expect(theirs.claimed).toBe("1/2-1/2");
    // Fairy-Stockfish makes it a claim; the project ends the game (Decision).
    expect(theirs.result).toBe("*");
  });

  it("the second time is not yet the end", () => {
    const { game, theirs } = bothPlay("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1", repeated([], ["R a1-a2", "k d10-d9", "R a2-a1", "k d9-d10"], 1));
    expect(game.status()).toEqual({ result: "ongoing" });
    expect(game.claimableDraws()).toEqual([]);
    expect(theirs.claimed).toBe("*");
  });

  it("perpetual check loses for the side that checks", () => {
    // Red's chariot checks along ranks 10 and 9; Black's general steps between e10 and e9.
    const { game, theirs } = bothPlay("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1",
      repeated(["R a1-a10"], ["k e10-e9", "R a10-a9", "k e9-e10", "R a9-a10"], 2));
    expect(game.status()).toEqual({ result: "black-wins", reason: "perpetual-check" });
    expect(theirs.claimed).toBe("0-1");
  });

  it("perpetual chasing of an unprotected piece loses for the side that chases", () => {
    // Red's chariot attacks Black's lone cannon on a7, then a6, then a7 again.
    const { game, theirs } = bothPlay("3k5/9/9/c8/9/9/9/9/9/1R2K4 w - - 0 1",
      repeated(["R b1-b7"], ["c a7-a6", "R b7-b6", "c a6-a7", "R b6-b7"], 2));
    expect(game.status()).toEqual({ result: "black-wins", reason: "perpetual-chase" });
    expect(theirs.claimed).toBe("0-1");
  });

  it("attacking a protected piece is no chase: a draw", () => {
    // The same, with Black's chariot on a10 protecting the cannon.
    const { game, theirs } = bothPlay("r2k5/9/9/c8/9/9/9/9/9/1R2K4 w - - 0 1",
      repeated(["R b1-b7"], ["c a7-a6", "R b7-b6", "c a6-a7", "R b6-b7"], 2));
    expect(game.status()).toEqual({ result: "draw", reason: "threefold-repetition" });
    expect(theirs.claimed).toBe("1/2-1/2");
  });
});
