/**
 * Sittuyin against Fairy-Stockfish itself (npm ffish 0.7.10, docs/games/sittuyin.md):
 * seeded random games, at every ply the same FEN byte for byte, the same legal moves,
 * agreeing game ends and the same draws to claim. Our moves map to ffish's UCI one to one
 * (tests/support/oracle.ts): a drop `K*e2` is `K@e2` (UCI writes the letter uppercase for
 * both sides), a step `P e4-e5` is `e4e5`, a promotion by a step `P e5-d6=F` is `e5d6f`,
 * a promotion in place `P e5=F` is `e5e5f`.
 */
import type { FairyStockfish } from "ffish";
import { beforeAll, describe, expect, it } from "vitest";
import { Game } from "@/lib/rules";
import { loadFairyStockfish, oracleBoard, oracleMoves, oracleRow, ourMoves } from "../support/oracle";

let ff: FairyStockfish;
beforeAll(async () => {
  ff = await loadFairyStockfish();
});

const RESULT = { "white-wins": "1-0", "black-wins": "0-1", draw: "1/2-1/2", ongoing: "*" } as const;

function randomGame(seed: number, plies: number) {
  let s = seed;
  const random = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  const board = oracleBoard(ff, oracleRow("sittuyin"));
  const game = Game.start("sittuyin");
  const seen = { positions: 0, counting: 0, promotions: 0, claims: 0, end: "" };
  try {
    for (let ply = 0; ply < plies; ply++) {
      const at = `seed ${seed}, ply ${ply}`;
      expect(game.fen(), at).toBe(board.fen());
      seen.positions++;
      if (/ \d+ \d+ \d+$/.test(board.fen())) seen.counting++;
      const ours = game.status();
      if (board.isGameOver(false)) {
        // ffish's own ends (no legal move, too little material) are ours too, with the same result.
        expect(RESULT[ours.result], at).toBe(board.result());
        seen.end = ours.result === "ongoing" ? "" : ours.reason;
        return seen;
      }
      if (ours.result !== "ongoing") {
        // Our automatic draws (75 moves, fivefold repetition) are claims in ffish.
        expect([ours.reason, board.isGameOver(true), board.result(true)], at).toEqual([ours.reason, true, "1/2-1/2"]);
        seen.end = ours.reason;
        return seen;
      }
      // A draw to claim (repetition, fifty moves, the count, no move but promotions) is ffish's optional end.
      const claims = game.claimableDraws();
      expect(claims.length > 0, `${at}: ${claims.join(" ")}`).toBe(board.isGameOver(true));
      seen.claims += claims.length > 0 ? 1 : 0;
      const theirs = oracleMoves(board).sort();
      const legal = game.legalMoves();
      // A Sittuyin move is one action: a drop, a step or a promotion in place.
      expect(legal.filter((m) => m.actions.length !== 1).map((m) => m.text), at).toEqual([]);
      const mine = new Map(ourMoves(game, legal, false).map(({ move, uci }) => [uci, move.text]));
      expect([...mine.keys()].sort(), at).toEqual(theirs);
      seen.promotions += theirs.filter((m) => m.length === 5).length;
      const pick = theirs[Math.floor(random() * theirs.length)];
      game.play(mine.get(pick)!);
      board.push(pick);
    }
    return seen;
  } finally {
    board.delete();
  }
}

describe("sittuyin: random games against Fairy-Stockfish", () => {
  it("the same FEN, legal moves and ends at every ply", () => {
    const runs = [3, 11, 29, 47, 83, 101].map((seed) => randomGame(seed, 700));
    // The games reach what this test is for: the setup, promotions, the count, and ends.
    expect(runs.reduce((n, r) => n + r.positions, 0)).toBeGreaterThan(1500);
    expect(runs.some((r) => r.promotions > 0)).toBe(true);
    expect(runs.some((r) => r.counting > 0)).toBe(true);
    expect(runs.some((r) => r.claims > 0)).toBe(true);
    expect(runs.filter((r) => r.end !== "").length).toBeGreaterThan(2);
  });
});
