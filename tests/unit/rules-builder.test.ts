/**
 * The step-by-step builder the board uses must offer exactly the legal moves:
 * following nextActions from the empty prefix reaches every listed move and
 * nothing else, in every position of random play-outs of every variant.
 */
import { describe, expect, it } from "vitest";
import { makeActionText, Game, variantIds, type Action } from "@/lib/rules";

/** A tiny deterministic generator, so a failure can be replayed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** The moves the builder completes, and the prefixes it offers that lead nowhere. */
function builtMoves(game: Game): { built: string[]; deadEnds: string[] } {
  const built: string[] = [];
  const deadEnds: string[] = [];
  const walk = (prefix: Action[]) => {
    const { actions, complete } = game.nextActions(prefix);
    if (complete) built.push(prefix.map(makeActionText).join("; "));
    // Every offered step must lead on to a complete move (the empty prefix of a
    // finished game offers nothing, rightly). Collected and checked once per position,
    // not by an expect() per step: the duck's four play-outs walk a quarter of a million.
    if (prefix.length > 0 && actions.length === 0 && !complete) deadEnds.push(prefix.map(makeActionText).join("; "));
    for (const a of actions) walk([...prefix, a]);
  };
  walk([]);
  return { built, deadEnds };
}

describe.each(variantIds())("builder and move list agree in %s", (variant) => {
  it("over random play-outs", () => {
    const random = rng(variant.length * 7919);
    let positions = 0;
    for (let game = 0; game < 4; game++) {
      const g = Game.start(variant);
      for (let ply = 0; ply < 60; ply++) {
        const listed = g.legalMoves().map((m) => m.text);
        const { built, deadEnds } = builtMoves(g);
        expect(deadEnds, g.fen()).toEqual([]);
        if (variant === "friendly") {
          // Every chain the rules allow is a move; the list shows each result once, by its shortest
          // chain (docs/games/friendly.md#one-move-many-chains, lib/rules/mechanics/unions/listing.ts). So: the same results, every listed chain built.
          const result = (t: string) => Game.replay(variant, g.fen(), [t]).fen();
          expect(new Set(built.map(result))).toEqual(new Set(listed.map(result)));
          expect(built).toEqual(expect.arrayContaining(listed));
        } else {
          expect(built.sort()).toEqual([...listed].sort());
        }
        expect(new Set(listed).size).toBe(listed.length); // each move listed once
        positions++;
        if (listed.length === 0) break;
        g.play(listed[Math.floor(random() * listed.length)]);
      }
    }
    expect(positions).toBeGreaterThan(40);
  });
});
