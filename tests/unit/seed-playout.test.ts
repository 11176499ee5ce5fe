/**
 * The demo seed's play-outs (scripts/seed-lib.ts): a game of numbered setups starts from
 * one drawn at random (docs/games/chess960.md#setups), every other game from its own start.
 */
import { describe, expect, it } from "vitest";
import { setupFen, variantInfo } from "@/lib/rules";
import { prng, playout } from "@/scripts/seed-lib";

describe("seed play-outs", () => {
  it("start Chess960 games from setups drawn at random, each one of the 960", () => {
    const all = new Set(Array.from({ length: 960 }, (_, n) => setupFen("chess960", n)));
    const random = prng(7);
    const starts = Array.from({ length: 20 }, () => playout("chess960", 2, random).startFen);
    for (const fen of starts) expect(all.has(fen), fen).toBe(true);
    expect(new Set(starts).size).toBeGreaterThan(10);
  });

  it("start every other game from its own start position, and replay from there", () => {
    const p = playout("chess", 6, prng(1));
    expect(p.startFen).toBe(variantInfo("chess").startFen);
    expect(p.moves).toHaveLength(6);
  });
});
