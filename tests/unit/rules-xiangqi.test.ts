/**
 * Xiangqi (docs/games/xiangqi.md) as Fairy-Stockfish plays it: the pieces and where they may
 * stand, the lame horse and elephant, the cannon's screen (in moves and in check), the
 * soldier across the river, the flying general, the ends. Each constructed position's legal
 * moves are also asked of Fairy-Stockfish (ffish 0.7.10).
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { FairyStockfish } from "ffish";
import { Game } from "@/lib/rules";
import { listMoves } from "@/lib/rules/game";
import { chasing } from "@/lib/rules/mechanics/chasing";
import { drops } from "@/lib/rules/mechanics/drops";
import { inCheck, legalMoves, makeMove, perft } from "@/lib/rules/movegen";
import { parseFen } from "@/lib/rules/notation/fen";
import { unwrap } from "@/lib/rules/result";
import { compileVariant } from "@/lib/rules/variant";
import { getVariant } from "@/lib/rules/variants";
import { xiangqi } from "@/lib/rules/variants/xiangqi";
import { Rng } from "@/tests/fuzz/random";
import { describeGame, differences, loadFairyStockfish, oracleAfter, oracleBoard, oracleRow, ourMoves } from "../support/oracle";
import { errorOf, movesFrom, position } from "../support/rules";

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

  it("both sides chasing throughout: a draw", () => {
    // From a seeded game: Black's cannon (d4, a4) and Red's chariot (b2, a2) each chase with every move of the cycle.
    const { game, theirs } = bothPlay("1n2kabnr/9/b2a5/4p3p/R1pr4P/6P2/3c5/4B3N/1R7/cN1AKAB2 w - - 1 34",
      repeated(["R a6-a8"], ["c d4-a4", "R b2-a2", "c a4-d4", "R a2-b2"], 2));
    expect(game.status()).toEqual({ result: "draw", reason: "perpetual-chase" });
    expect(theirs.claimed).toBe("1/2-1/2");
  });

  it("attacking a protected piece is no chase: a draw", () => {
    // The same, with Black's chariot on a10 protecting the cannon.
    const { game, theirs } = bothPlay("r2k5/9/9/c8/9/9/9/9/9/1R2K4 w - - 0 1",
      repeated(["R b1-b7"], ["c a7-a6", "R b7-b6", "c a6-a7", "R b6-b7"], 2));
    expect(game.status()).toEqual({ result: "draw", reason: "threefold-repetition" });
    expect(theirs.claimed).toBe("1/2-1/2");
  });
});

interface ForcingOptions {
  fen: string;
  games: number;
  /** Chance of taking back one's own last move, so positions repeat. */
  back: number;
  /** Only checks are preferred (not chases), and captures are avoided, so the fifty moves run with many checks. */
  checksOnly: boolean;
}

/**
 * Seeded random games that prefer forcing moves (checks and chases) and take moves back, so
 * that repetitions by perpetual check and chasing come up, compared with Fairy-Stockfish at
 * every position (tests/support/oracle.ts `differences`). Returns the problems and how often
 * each kind of end and of position came up.
 */
function forcingGames(seed: number, o: ForcingOptions) {
  const row = oracleRow(X);
  const v = getVariant(X);
  const chaser = v.mechanics.find((m) => m.chases)!;
  const rng = new Rng(seed);
  const seen = new Map<string, number>();
  const count = (what: string) => seen.set(what, (seen.get(what) ?? 0) + 1);
  const problems: string[] = [];
  for (let n = 0; n < o.games && problems.length === 0; n++) {
    const game = Game.start(X, o.fen);
    const board = oracleBoard(ff, row, o.fen);
    const opening = rng.int(60);
    const played: string[] = [];
    try {
      for (let ply = 0; ply < 300; ply++) {
        const found = differences(game, board, row);
        if (found.length) {
          problems.push(`${describeGame(game)}\n  ${found.join("\n  ")}`);
          break;
        }
        if (Number(game.fen().split(" ")[4]) >= 100 && game.status().result === "ongoing" && game.claimableDraws().length === 0) {
          count("fifty moves lengthened by checks");
        }
        const listed = ourMoves(game, game.legalMoves(), false);
        if (listed.length === 0) break;
        let pick = rng.pick(listed);
        if (ply >= opening) {
          const own = played[played.length - 2];
          const squares = own && /^([a-i]\d+)([a-i]\d+)$/.exec(own);
          const back = squares && rng.chance(o.back) ? listed.filter((m) => m.uci === squares[2] + squares[1]) : [];
          if (back.length) pick = back[0];
          else {
            const pos = unwrap(parseFen(v, game.fen()));
            const { legal, listed: texts } = listMoves(pos);
            const forcing = new Set<string>();
            const quiet = new Set<string>();
            legal.forEach((m, i) => {
              const chases = !o.checksOnly && chaser.chases!(pos, m).length > 0;
              makeMove(pos, m);
              const check = inCheck(pos, pos.turn);
              const keepsCount = pos.halfmove > 0;
              pos.unmake();
              if ((check || chases) && (keepsCount || !o.checksOnly)) forcing.add(texts[i].text);
              if (keepsCount) quiet.add(texts[i].text);
            });
            const forcingMoves = listed.filter((m) => forcing.has(m.move.text));
            const quietMoves = o.checksOnly ? listed.filter((m) => quiet.has(m.move.text)) : [];
            if (forcingMoves.length && rng.chance(0.8)) pick = rng.pick(forcingMoves);
            else if (quietMoves.length) pick = rng.pick(quietMoves);
          }
        }
        game.play(pick.move.actions);
        played.push(pick.uci);
        board.push(pick.uci);
      }
    } finally {
      board.delete();
    }
    const s = game.status();
    count(s.result === "ongoing" ? "unfinished" : `${s.result} by ${s.reason}`);
  }
  return { problems, seen };
}

describe("xiangqi: seeded games of checks, chases and take-backs against Fairy-Stockfish", () => {
  it("repetitions: the same ends at every position, perpetual checks and chases among them", () => {
    const { problems, seen } = forcingGames(20261201, { fen: START, games: 300, back: 0.5, checksOnly: false });
    expect(problems.join("\n\n")).toBe("");
    const ends = [...seen.keys()];
    for (const end of ["draw by threefold-repetition", "white-wins by perpetual-check", "black-wins by perpetual-check",
      "white-wins by perpetual-chase", "black-wins by perpetual-chase"]) expect(ends, JSON.stringify([...seen])).toContain(end);
  });

  it("the fifty moves with many checks: the same claims and ends at every position, lengthened counts among them", () => {
    const { problems, seen } = forcingGames(20261202, { fen: START.replace("- 0 1", "- 40 1"), games: 120, back: 0, checksOnly: true });
    expect(problems.join("\n\n")).toBe("");
    expect(seen.get("fifty moves lengthened by checks") ?? 0, JSON.stringify([...seen])).toBeGreaterThan(0);
    expect([...seen.keys()]).toContain("draw by fifty-move-rule");
  });
});

// docs/games/xiangqi.md#pieces, #check, #flying-general
describe("xiangqi: refusals in players' words", () => {
  const refusal = (fen: string, text: string) => errorOf(() => Game.start(X, fen).play(text));
  it("the palace, the river, a blocked horse or elephant, the soldier before the river", () => {
    const palace = "n3k4/9/9/9/9/9/9/3A5/9/3K5 w - - 0 1";
    expect(refusal(palace, "K d1-c1")).toBe("K d1-c1: the general may not leave the palace");
    expect(refusal(palace, "A d3-c4")).toBe("A d3-c4: an advisor may not leave the palace");
    const elephant = "4k4/9/9/9/9/4B4/3P5/9/9/3K5 w - - 0 1";
    expect(refusal(elephant, "B e5-c7")).toBe("B e5-c7: an elephant may not cross the river");
    expect(refusal(elephant, "B e5-c3")).toBe("B e5-c3: the elephant is blocked at d4");
    const horse = "4k4/9/9/9/4P4/4N4/9/9/9/3K5 w - - 0 1";
    expect(refusal(horse, "N e5-d7")).toBe("N e5-d7: the horse is blocked at e6");
    const soldier = "3k5/9/9/9/9/9/4P4/9/9/4K4 w - - 0 1";
    expect(refusal(soldier, "P e4-d4")).toBe("P e4-d4: a soldier moves this way only once it has crossed the river");
    expect(refusal("3k5/9/9/9/4P4/9/9/9/9/4K4 w - - 0 1", "P e6-e5")).toBe("P e6-e5 is not a legal move here");
  });

  it("the cannon's screen", () => {
    expect(refusal(START, "C b3-b9")).toBe("C b3-b9: the cannon jumps only to capture");
    expect(refusal("5k3/4r4/9/4p4/9/4p4/9/4C4/9/3K5 w - - 0 1", "C e3-e9")).toBe("C e3-e9: the cannon must jump exactly one piece, not 2");
    expect(refusal("5k3/9/9/4p4/9/9/9/4C4/9/3K5 w - - 0 1", "C e3-e7")).toBe("C e3-e7: the cannon must jump exactly one piece");
    // Onto an empty point no count of screens helps: the cannon jumps only to capture.
    expect(refusal("3k5/9/9/9/9/9/P8/P8/9/C3K4 w - - 0 1", "C a1-a6")).toBe("C a1-a6: the cannon jumps only to capture");
  });

  it("the generals facing, and check", () => {
    expect(refusal("4k4/9/9/9/9/9/9/4N4/9/4K4 w - - 0 1", "N e3-c4")).toBe("N e3-c4: the generals would face each other on the e-file");
    expect(refusal("4k4/9/9/9/9/9/9/9/9/N2K5 w - - 0 1", "K d1-e1")).toBe("K d1-e1: the generals would face each other on the e-file");
    expect(refusal("4k4/9/9/9/9/4c4/P8/4N4/9/4K4 w - - 0 1", "P a4-a5")).toBe("P a4-a5: it would leave your general in check");
  });
});

// docs/games/xiangqi.md#game-end
describe("xiangqi: the ends, as Fairy-Stockfish says them", () => {
  const verdict = (fen: string) => oracleAfter(ff, oracleRow(X), fen);

  it("checkmate: the cannon over the advisor covers the general's only way out", () => {
    const { game, theirs } = bothPlay(START, ["C b3-b5", "p a7-a6", "C b5-c5", "a f10-e9", "C c5-c10"]);
    expect(game.status()).toEqual({ result: "white-wins", reason: "checkmate" });
    expect(game.checks()).toEqual(["e10"]);
    expect(theirs.result).toBe("1-0");
  });

  it("stalemate loses for the side that cannot move", () => {
    // Black's general on d10: d9 is covered along rank 9, e10 along the e-file; it is not in check.
    const fen = "3k5/R8/4R4/9/9/9/9/9/9/5K3 b - - 0 1";
    expect(Game.start(X, fen).status()).toEqual({ result: "white-wins", reason: "stalemate" });
    expect(verdict(fen).result).toBe("1-0");
  });

  it("with only generals, advisors and elephants left, it is a draw; one soldier can still win", () => {
    const dead = "3k5/4a4/9/9/9/9/9/4B4/9/4K4 w - - 0 1";
    expect(Game.start(X, dead).status()).toEqual({ result: "draw", reason: "insufficient-material" });
    expect(verdict(dead).result).toBe("1/2-1/2");
    const soldier = "3k5/4a4/9/9/9/9/P8/4B4/9/4K4 w - - 0 1";
    const game = Game.start(X, soldier);
    expect(game.status()).toEqual({ result: "ongoing" });
    expect(verdict(soldier).result).toBe("*");
    // When a player's time runs out: Red could still win with the soldier, Black with its advisor could not.
    expect(game.couldWin("white")).toBe(true);
    expect(game.couldWin("black")).toBe(false);
    expect(insufficientPerSide(soldier)).toEqual([false, true]);
  });

  it("a soldier's step does not restart the fifty-move count; a capture does", () => {
    const game = Game.start(X, "3k5/9/9/9/9/9/P8/9/9/4K4 w - - 7 20");
    game.play("P a4-a5");
    expect(game.fen().split(" ")[4]).toBe("8");
    const capture = Game.start(X, "3k5/9/9/9/p8/9/R8/9/9/4K4 w - - 7 20");
    capture.play("R a4-a6");
    expect(capture.fen().split(" ")[4]).toBe("0");
  });
});

/** Fairy-Stockfish's insufficient material per side (White, Black) in a position. */
function insufficientPerSide(fen: string): [boolean, boolean] {
  const board = oracleBoard(ff, oracleRow(X), fen);
  try {
    return [board.hasInsufficientMaterial(true), board.hasInsufficientMaterial(false)];
  } finally {
    board.delete();
  }
}

// docs/games/xiangqi.md#chasing
describe("xiangqi: what a move chases", () => {
  const v = getVariant(X);
  const chaser = v.mechanics.find((m) => m.chases)!;
  /** The points of the pieces the move (our text) chases. */
  const chasedBy = (fen: string, text: string) => {
    const pos = unwrap(parseFen(v, fen));
    const { legal, listed } = listMoves(pos);
    const move = legal[listed.findIndex((m) => m.text === text)];
    return chaser.chases!(pos, move).map((sq) => pos.geo.names[sq]).sort();
  };

  it("a new attack on an unprotected piece; none on a protected one", () => {
    expect(chasedBy("3k5/9/9/c8/9/9/9/9/9/1R2K4 w - - 0 1", "R b1-b7")).toEqual(["a7"]);
    expect(chasedBy("r2k5/9/9/c8/9/9/9/9/9/1R2K4 w - - 0 1", "R b1-b7")).toEqual([]);
  });

  it("a horse chases a chariot, protected or not; two chariots attacking each other chase nothing", () => {
    expect(chasedBy("r4k3/9/r8/9/9/1N7/9/9/9/4K4 w - - 0 1", "N b5-c7")).toEqual(["a8"]);
    expect(chasedBy("5k3/9/r8/9/9/9/9/9/9/1R2K4 w - - 0 1", "R b1-b8")).toEqual([]);
  });

  it("a soldier is chased only once across the river; the general never", () => {
    expect(chasedBy("5k3/9/9/p8/9/9/9/9/9/1R2K4 w - - 0 1", "R b1-b7")).toEqual([]);
    expect(chasedBy("5k3/9/9/9/9/p8/9/9/9/1R2K4 w - - 0 1", "R b1-b5")).toEqual(["a5"]);
  });

  it("the roles name the game's own pieces", () => {
    const wrong = chasing({ general: "K", advisor: "A", elephant: "B", horse: "N", chariot: "R", cannon: "C", soldier: "X" });
    const pos = unwrap(parseFen(compileVariant({ ...xiangqi, mechanics: [wrong] }), START));
    expect(() => wrong.chases!(pos, legalMoves(pos)[0])).toThrow(/chasing names a piece X the game does not have/);
  });
});

describe("regions hold for pieces put down too (PieceDecl.region)", () => {
  it("an elephant dropped from a hand lands only on its own side of the river", () => {
    const decl = { ...xiangqi, id: "xiangqi-drops", mechanics: [drops({ pieces: ["B"], capturesToHand: true })] };
    const pos = unwrap(parseFen(compileVariant(decl), "3k5/9/9/9/9/9/9/9/9/4K4[B] w - - 0 1"));
    const placed = listMoves(pos).listed.map((m) => m.text).filter((t) => t.startsWith("B*"));
    expect(placed.length).toBe(9 * 5 - 1);
    expect(placed.every((t) => Number(t.slice(3)) <= 5)).toBe(true);
  });
});
