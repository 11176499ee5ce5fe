/**
 * perft of the games for more than two: the engine (lib/rules/multi) against the independent
 * reference computed here, where the reference is fast enough, and against the tables the
 * reference's README publishes (tests/unit/reference-multiplayer/README.md) one ply deeper;
 * the books' own counts of the start (docs/games/*.md#examples) too.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MultiGame } from "@/lib/rules/multi";
import { REFERENCE_GAMES, parseNfen, perft } from "./reference-multiplayer";

const refPerft = (id: string, nfen: string, depth: number) => {
  const g = REFERENCE_GAMES[id];
  return perft(g, parseNfen(g, nfen === "start" ? g.start : nfen), depth);
};
const enginePerft = (id: string, nfen: string, depth: number) => MultiGame.start(id, nfen).countPositions(depth);

// The README's middlegames (seed 1 of the reference's randomPlayout), read from the README itself.
const README = readFileSync(new URL("./reference-multiplayer/README.md", import.meta.url), "utf8");
function middle(label: string): string {
  const line = README.split("\n").find((l) => l.startsWith(`- ${label}`));
  const nfen = line && /`([^`]+)`/.exec(line)?.[1];
  if (!nfen) throw new Error(`no middlegame for ${label} in the README`);
  return nfen;
}
const MIDDLE = {
  chaturaji: middle("chaturaji,"),
  "four-seasons": middle("four-seasons,"),
  "four-player": middle("four-player and"),
  "three-player": middle("three-player,"),
  "eight-player": middle("eight-player and"),
  "eight-player-teams": middle("eight-player-teams,"),
};
const pairsMiddle = MIDDLE["eight-player"].replace(",p1,", ",p0,");

// [id, position, depth computed by both, the README's counts by depth from 1]
const CASES: [string, string, number, number[]][] = [
  ["chaturaji", "start", 3, [8, 64, 512, 4096]],
  ["four-seasons", "start", 3, [7, 49, 343, 2401]],
  ["four-player", "start", 2, [20, 399, 7960]],
  ["four-player-teams", "start", 2, [20, 399, 7960]],
  ["three-player", "start", 2, [44, 1930]],
  ["eight-player", "start", 1, [20, 399]],
  ["eight-player-pairs", "start", 1, [20, 399]],
  ["eight-player-teams", "start", 1, [20, 399]],
  ["chaturaji", MIDDLE.chaturaji, 2, [20, 221, 6213]],
  ["four-seasons", MIDDLE["four-seasons"], 2, [13, 91, 1553, 19736]],
  ["four-player", MIDDLE["four-player"], 1, [24, 714]],
  ["four-player-teams", MIDDLE["four-player"], 1, [24, 714]],
  ["three-player", MIDDLE["three-player"], 1, [43, 2576]],
  ["eight-player", MIDDLE["eight-player"], 1, [50, 1348]],
  ["eight-player-pairs", pairsMiddle, 1, [50, 1348]],
  ["eight-player-teams", MIDDLE["eight-player-teams"], 1, [51, 1375]],
];

describe("perft of the games for more than two: engine, reference and the published tables", () => {
  for (const [id, nfen, both, table] of CASES) {
    it(`${id} from ${nfen === "start" ? "the start" : "the README's middlegame"}`, () => {
      for (let d = 1; d <= both; d++) expect(enginePerft(id, nfen, d), `${id} depth ${d}`).toBe(refPerft(id, nfen, d));
      table.forEach((n, i) => expect(enginePerft(id, nfen, i + 1), `${id} depth ${i + 1}`).toBe(n));
    });
  }

  it("the books' counts of the first army's moves at the start", () => {
    const books: Record<string, number> = { chaturaji: 8, "four-seasons": 7, "four-player": 20, "four-player-teams": 20, "three-player": 44, "eight-player": 20, "eight-player-pairs": 20, "eight-player-teams": 20 };
    for (const [id, n] of Object.entries(books)) expect(MultiGame.start(id).legalMoves(), id).toHaveLength(n);
  });

  it("countPositions stops at its cap", () => {
    expect(MultiGame.start("four-player").countPositions(3, 1000)).toBeNull();
    expect(MultiGame.start("four-player").countPositions(2, 1000)).toBe(399);
  });
});
