/**
 * The reference's N-FEN (docs/notation.md#n-fen): the books' start positions, round trips
 * after seeded random play-outs, and the reader's refusals.
 */
import { describe, expect, it } from "vitest";
import { bookStart } from "./reference-multiplayer/book";
import { chaturaji } from "./reference-multiplayer/chaturaji";
import { REFERENCE_GAMES } from "./reference-multiplayer/index";
import { eightPlayer, eightPlayerPairs, eightPlayerTeams } from "./reference-multiplayer/eight-player";
import { fourPlayer, fourPlayerTeams } from "./reference-multiplayer/four-player";
import { fourSeasons } from "./reference-multiplayer/four-seasons";
import { parseNfen, randomPlayout, squaresOf, writeNfen, type GameDef } from "./reference-multiplayer/shared";
import { threePlayer } from "./reference-multiplayer/three-player";

const GAMES: [GameDef, string, number][] = [
  [chaturaji, "chaturaji", 64],
  [fourSeasons, "four-seasons", 64],
  [fourPlayer, "four-player", 160],
  [fourPlayerTeams, "four-player", 160],
  [threePlayer, "three-player", 126],
  [eightPlayer, "eight-player", 516],
  [eightPlayerPairs, "eight-player", 516],
  [eightPlayerTeams, "eight-player", 516],
];

describe("the boards and the books' start positions", () => {
  for (const [g, book, squares] of GAMES) {
    it(`${g.id}: ${squares} squares, the start N-FEN is the book's and reads back unchanged`, () => {
      expect(squaresOf(g)).toHaveLength(squares);
      expect(g.start).toBe(bookStart(book));
      expect(writeNfen(g, parseNfen(g, g.start))).toBe(g.start);
    });
  }
});

it("the ids are those of docs/notation.md#games-for-more-than-two", () => {
  expect(Object.keys(REFERENCE_GAMES).sort()).toEqual(
    ["chaturaji", "four-seasons", "four-player", "four-player-teams", "three-player", "eight-player", "eight-player-pairs", "eight-player-teams"].sort(),
  );
});

describe("round trips after random play-outs", () => {
  const plies: Record<string, number> = { chaturaji: 150, "four-seasons": 150, "three-player": 40 };
  for (const [g] of GAMES) {
    it(`${g.id}: every position of two seeded play-outs reads back as written`, () => {
      for (const seed of [1, 2]) {
        const run = randomPlayout(g, seed, plies[g.id] ?? 12);
        for (const p of run.positions) {
          const text = writeNfen(g, p);
          expect(writeNfen(g, parseNfen(g, text))).toBe(text);
        }
      }
    });
  }
});

describe("the reader refuses", () => {
  const start = fourPlayer.start;
  const fields = start.split(" ");
  const withField = (i: number, v: string) => fields.map((f, k) => (k === i ? v : f)).join(" ");
  const cases: [string, string][] = [
    ["an unknown army letter", start.replace("yRyN", "zRyN")],
    ["an unknown piece letter", start.replace("yRyN", "yXyN")],
    ["a rank with too many squares", start.replace("/8/bR", "/9/bR")],
    ["a rank with too few squares", start.replace("/8/bR", "/7/bR")],
    ["a rank count that is not the board's", start.replace("/8/bR", "/bR")],
    ["an army listed twice", withField(2, "r0,r0,y0,g0")],
    ["an army missing", withField(2, "r0,b0,y0")],
    ["armies out of turn order", withField(2, "b0,r0,y0,g0")],
    ["an army to move that is out", withField(2, "r0x,b0,y0,g0")],
    ["an unknown army to move", withField(1, "z")],
    ["a castling right without its rook", start.replace("rRrNrBrQrKrBrNrR", "1rNrBrQrKrBrNrR")],
    ["castling rights out of turn order", withField(3, "bKQrKQyKQgKQ")],
    ["en passant where the game has none", withField(4, "rd3:d4")],
    ["six fields", fields.slice(0, 6).join(" ")],
    ["a bad counter", withField(6, "0")],
  ];
  for (const [what, text] of cases) it(what, () => expect(() => parseNfen(fourPlayer, text)).toThrow());
  it("an en passant entry whose pawn is not there (three-player)", () => {
    const ok = "6/7/8/gK8/9bK/11/12/13/4bP7/2gPwP7/10/9/3wK4 g w0,g0,b0 - wd3:d4 0 1";
    expect(() => parseNfen(threePlayer, ok)).not.toThrow();
    expect(() => parseNfen(threePlayer, ok.replace("wd3:d4", "wd3:e4"))).toThrow();
    expect(() => parseNfen(threePlayer, ok.replace("wd3:d4", "gd3:d4"))).toThrow();
  });
  it("an out army with pieces on the board in Four Seasons, not in Chaturaji", () => {
    expect(() => parseNfen(fourSeasons, fourSeasons.start.replace("g0,r0", "g0,r0x"))).toThrow();
    expect(() => parseNfen(chaturaji, chaturaji.start.replace("b0,", "b0x,"))).not.toThrow();
  });
  it("the state k outside all against all", () => {
    expect(() => parseNfen(fourPlayer, withField(2, "r0,b0k,y0,g0"))).not.toThrow();
    expect(() => parseNfen(fourPlayerTeams, withField(2, "r0,b0k,y0,g0"))).toThrow();
    expect(() => parseNfen(chaturaji, chaturaji.start.replace("b0,", "b0k,"))).toThrow();
  });
});
