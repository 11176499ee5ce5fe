/**
 * The bot always answers with a legal move (docs/bot.md): in every game, from thousands of
 * positions of seeded random play-outs (every level, small node budgets), each answer played on
 * a fresh game from the position's FEN; with exactly one legal move; in long Friendly games full
 * of unions and chains; and in Fog of War from what its side sees, never from what it cannot.
 */
import { describe, expect, it } from "vitest";
import { analyse, chooseMove, randomMove, randomSource } from "@/lib/bot";
import { Game, RulesError, variantIds } from "@/lib/rules";
import { LISTING_LIMIT } from "@/lib/rules/mechanics/unions";

/** Would listing every move of the game's position pass the listing limit? */
function tooMany(g: Game): boolean {
  try {
    g.legalMoves();
    return false;
  } catch (e) {
    if (e instanceof RulesError) return true;
    throw e;
  }
}

/** Positions per game, along seeded random play-outs of random lengths. */
const PER_GAME = 100;

/** The bot's move, checked: the game unchanged, the move legal in a fresh game from the same position. */
function checkedMove(g: Game, level: number, seed: number): string {
  const fen = g.fen();
  const ply = g.ply;
  const move = chooseMove(g, { level, nodes: 40 + (seed % 7) * 20, seed });
  expect(g.fen()).toBe(fen);
  expect(g.ply).toBe(ply);
  const fresh = Game.start(g.variant.id, fen);
  expect(() => fresh.play(move), `${g.variant.id} ${fen}: ${move}`).not.toThrow();
  // Canonical text: the game writes it back as the bot wrote it.
  expect(Game.start(g.variant.id, fen).play(move)).toBe(move);
  return move;
}

describe("the bot answers legally", () => {
  it.each(variantIds())("%s: from random play-outs, at every level", (id) => {
    const random = randomSource(id.length * 7919);
    let positions = 0;
    let seed = 1;
    while (positions < PER_GAME) {
      const g = Game.start(id);
      const length = Math.floor(random() * 60);
      for (let i = 0; i < length && g.status().result === "ongoing"; i++) {
        if (random() < 0.25) {
          const level = 1 + (seed % 8);
          g.play(checkedMove(g, level, seed++));
          positions++;
        } else {
          g.play(randomMove(g, random));
        }
      }
      if (g.status().result === "ongoing") {
        checkedMove(g, 2 + (seed % 7), seed++);
        positions++;
      }
    }
    expect(positions).toBeGreaterThanOrEqual(PER_GAME);
  });

  it("answers legally with no budget at all, looking at captures first; refuses a level that is no number", () => {
    const g = Game.start("chess", "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1");
    expect(chooseMove(g, { level: 8, nodes: 0, seed: 1 })).toBe("R d2-d5");
    expect(chooseMove(g, { level: 8, ms: -1, seed: 1 })).toBe("R d2-d5");
    expect(() => chooseMove(g, { level: Number.NaN })).toThrow(RulesError);
    const over = Game.start("chess", "7k/5QQ1/8/8/8/8/8/K7 b - - 0 1");
    expect(() => chooseMove(over, { level: 5 })).toThrow(RulesError);
  });

  it("plays the only legal move", () => {
    for (const [id, fen, only] of [
      ["chess", "7k/8/8/8/8/8/1r6/K1r5 w - - 0 1", "K a1-b2"],
      ["xiangqi", "3k5/9/9/9/9/9/9/9/9/4K3r w - - 0 1", "K e1-e2"],
      ["antichess", "8/8/8/8/8/8/p7/R7 w - - 0 1", "R a1-a2"],
    ] as const) {
      const g = Game.start(id, fen);
      expect(g.legalMoves().map((m) => m.text)).toEqual([only]);
      for (const level of [1, 2, 8]) expect(chooseMove(g, { level, nodes: 1000, seed: 3 })).toBe(only);
    }
  });

  it("Friendly: long games of unions and chains", () => {
    const random = randomSource(16);
    let positions = 0;
    for (let game = 0; game < 30 && positions < 15; game++) {
      const g = Game.start("friendly");
      for (let i = 0; i < 200 && g.status().result === "ongoing"; i++) {
        if (i >= 30 && i % 6 === 0) {
          g.play(checkedMove(g, 2 + (i % 7), i));
          positions++;
        } else g.play(randomMove(g, random));
      }
    }
    expect(positions).toBeGreaterThanOrEqual(15);
  });

  it("Friendly: where the moves are too many to list, chooses among moves built step by step", () => {
    // A listing limit far below the usual one makes every position with chains one whose moves are too many to list.
    const saved = LISTING_LIMIT.states;
    LISTING_LIMIT.states = 30;
    try {
      const random = randomSource(17);
      let sampled = 0;
      for (let game = 0; game < 30 && sampled < 5; game++) {
        const g = Game.start("friendly");
        for (let i = 0; i < 120 && g.status().result === "ongoing" && sampled < 5; i++) {
          if (i >= 6 && i % 3 === 0 && tooMany(g)) {
            checkedMove(g, 2 + (i % 7), i);
            sampled++;
          }
          g.play(randomMove(g, random));
        }
      }
      expect(sampled).toBe(5);
    } finally {
      LISTING_LIMIT.states = saved;
    }
  });
});

describe("Fog of War", () => {
  it("moves from its side's view: what it cannot see does not change its move", () => {
    // The same board as White sees it; Black's unseen back rank differs (a queen more or less).
    const seen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const twin = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    for (const seed of [1, 2, 3]) {
      const a = analyse(Game.start("fog-of-war", seen), { level: 8, nodes: 3000, seed });
      const b = analyse(Game.start("fog-of-war", twin), { level: 8, nodes: 3000, seed });
      expect(b).toMatchObject({ move: a.move, nodes: a.nodes, score: a.score });
    }
  });
});
