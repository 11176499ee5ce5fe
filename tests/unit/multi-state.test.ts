/**
 * The rules state of the games for more than two (docs/notation.md#the-rules-state-of-a-game-for-more-than-two):
 * a game resumed from `makeMultiRulesState` is the game replayed with its eliminations. Seeded
 * random games of every such game, armies resigning or timing out between the moves, compared at
 * every step with the game resumed there, and played on from a few of them; a fivefold repetition;
 * refusals.
 */
import { describe, expect, it } from "vitest";
import { makeMultiRulesState, MultiGame, multiVariantIds, RulesError } from "@/lib/rules";
import { compiledGame } from "@/lib/rules/multi/game";
import { MULTI_STATE_LIMITS, makeMultiStateText, parseMultiState } from "@/lib/rules/multi/state";
import { mutate, randomString, Rng } from "@/tests/fuzz/random";

type Step = { move: string } | { out: string; reason: "resignation" | "timeout" };

function seen(g: MultiGame) {
  const s = g.status();
  return {
    ply: g.ply, fen: g.fen(), status: s, legal: g.legalMoves(), next: g.nextSteps(), armies: g.armies(), board: g.board(),
    state: makeMultiRulesState(g),
  };
}

const resume = (g: MultiGame, nfen: string) => MultiGame.resume(g.id, nfen, makeMultiRulesState(g));
const apply = (g: MultiGame, step: Step) => ("move" in step ? g.play(step.move) : g.eliminate(step.out, step.reason));

/** A seeded random game: its moves and, now and then, an army that resigns or runs out of time. */
function randomSteps(id: string, nfen: string, seed: number, maxSteps: number, choose?: (g: MultiGame, rng: Rng) => string | undefined): Step[] {
  const rng = new Rng(seed);
  const g = MultiGame.start(id, nfen);
  const steps: Step[] = [];
  while (steps.length < maxSteps) {
    const s = g.status();
    if (s.result !== "ongoing") break;
    const playing = g.armies().filter((a) => a.state === "playing");
    let step: Step;
    if (!choose && playing.length > 2 && rng.chance(0.03)) step = { out: rng.pick(playing).letter, reason: rng.chance(0.5) ? "resignation" : "timeout" };
    else step = { move: choose?.(g, rng) ?? rng.pick(g.legalMoves()).text };
    apply(g, step);
    steps.push(step);
  }
  return steps;
}

function compareAlong(id: string, nfen: string, steps: readonly Step[], continueFrom: readonly number[]): void {
  const replayed = MultiGame.start(id, nfen);
  const onward: MultiGame[] = [];
  for (let i = 0; ; i++) {
    const here = seen(replayed);
    expect(seen(resume(replayed, nfen)), `${id} step ${i}`).toEqual(here);
    for (const g of onward) expect(seen(g), `${id} step ${i}, resumed earlier`).toEqual(here);
    if (continueFrom.includes(i)) onward.push(resume(replayed, nfen));
    if (i === steps.length) break;
    apply(replayed, steps[i]);
    for (const g of onward) apply(g, steps[i]);
  }
}

function seedOf(id: string): number {
  let h = 20261204;
  for (const c of id) h = (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0;
  return h;
}

describe("a resumed game for more than two is the game replayed with its eliminations", () => {
  // The big boards are slow to list: shorter games there.
  const length = (id: string) => (id.startsWith("eight") ? 24 : id.startsWith("four-player") ? 80 : 160);
  for (const id of multiVariantIds()) {
    it(`${id}: seeded random games, at every step and played on`, () => {
      const steps = randomSteps(id, "start", seedOf(id), length(id));
      const third = Math.floor(steps.length / 3);
      compareAlong(id, "start", steps, [0, third, 2 * third]);
    });
  }

  it("kings going back and forth: the fifth time a position stands ends the game, also when resumed on the way", () => {
    const nfen = "3yK4/8/8/14/14/14/4bK1gK7/14/2yQ11/14/6rN7/8/8/4rK3 r r30,b0,y0,g0 - - 0 40";
    // Each army steps its king out and back, so the position stands again every two rounds.
    const last = new Map<string, string>();
    const steps = randomSteps("four-player", nfen, 1, 200, (g) => {
      const army = g.status().result === "ongoing" ? (g.status() as { toMove: string }).toMove : "";
      const back = last.get(army);
      const legal = g.legalMoves().map((m) => m.text).filter((t) => t.startsWith("K"));
      const move = back && legal.includes(back) ? back : legal[0];
      const [, from, to] = /^K (\w+)-(\w+)/.exec(move)!;
      last.set(army, back === move ? "" : `K ${to}-${from}`);
      return move;
    });
    const end = MultiGame.start("four-player", nfen);
    for (const s of steps) apply(end, s);
    expect(end.status()).toMatchObject({ result: "over", reason: "repetition-points" });
    compareAlong("four-player", nfen, steps, [0, 5, 17, steps.length - 3]);
  });
});

describe("ends no position shows, resumed at every step", () => {
  it("a claim (Chaturaji) and a resignation that ends a game of teams", () => {
    const few = "4yK3/8/8/bK6gK/8/2rR1bP3/8/3rK4 r r0,b0,y0,g0 - - 0 40";
    // The first seeded game that ends by a claim (a claim is taken as soon as there is one).
    const endOf = (steps: Step[]) => {
      const g = MultiGame.start("chaturaji", few);
      for (const s of steps) apply(g, s);
      return g.status();
    };
    let claimed: Step[] = [];
    for (let seed = 1; seed < 50 && !(endOf(claimed).result === "over" && (endOf(claimed) as { reason: string }).reason === "claim-win"); seed++) {
      claimed = randomSteps("chaturaji", few, seed, 150, (g, rng) => {
        const legal = g.legalMoves().map((m) => m.text);
        return legal.includes("claim") ? "claim" : rng.pick(legal);
      });
    }
    expect(endOf(claimed)).toMatchObject({ result: "over", reason: "claim-win" });
    compareAlong("chaturaji", few, claimed, [0, claimed.length - 1]);

    const teams: Step[] = [...randomSteps("four-player-teams", "start", 3, 6), { out: "b", reason: "resignation" }];
    const b = MultiGame.start("four-player-teams");
    for (const s of teams) apply(b, s);
    expect(b.status()).toMatchObject({ result: "over", reason: "resignation" });
    compareAlong("four-player-teams", "start", teams, [0, 3]);
  });
});

describe("refusals", () => {
  const g = MultiGame.start("chaturaji");
  for (const m of ["P c2-c3", "P b3-c3", "P f7-f6", "P g6-f6"]) if (g.legalMoves().some((l) => l.text === m)) g.play(m);
  g.eliminate("y", "resignation");
  const state = makeMultiRulesState(g);
  const refused = (id: string, text: string) => {
    try {
      MultiGame.resume(id, "start", text);
    } catch (e) {
      expect(e).toBeInstanceOf(RulesError);
      return (e as Error).message;
    }
    return "resumed";
  };

  it("a resumed game knows its ply and the moves since, not the moves nor the positions before", () => {
    const r = MultiGame.resume("chaturaji", "start", state);
    expect(r.ply).toBe(g.ply);
    expect(() => r.moves).toThrow(RulesError);
    expect(() => r.positions()).toThrow(RulesError);
    expect(r.movesSince(g.ply)).toEqual([]);
    expect(r.armies().find((a) => a.letter === "y")?.state).not.toBe("playing");
  });

  it("malformed, of another game, forged, too long, fuzzed", () => {
    expect(refused("chaturaji", state)).toBe("resumed");
    expect(refused("four-seasons", state)).toMatch(/another game/);
    expect(refused("chaturaji", state.replace(/;([0-9a-f]{16})/, ";$1*1"))).toMatch(/not keys with the times/);
    expect(refused("chaturaji", state.replace(/;-;/, ";claim-win/q/0,0,0,0;"))).toMatch(/end is not/);
    expect(refused("chaturaji", state.replace(/;-,-,\d+,-;/, ";-,-,-,-;"))).toMatch(/plies out/);
    expect(refused("chaturaji", "x".repeat(1_000_000))).toMatch(/too long/);
    const rng = new Rng(4);
    for (let i = 0; i < 2000; i++) {
      const text = rng.chance(0.8) ? mutate(rng, state, 5) : randomString(rng, 200);
      try {
        const r = MultiGame.resume("chaturaji", "start", text);
        r.status();
        r.legalMoves();
      } catch (e) {
        if (!(e instanceof RulesError)) throw new Error(`${JSON.stringify(text)}: ${e}`);
      }
    }
  });
});

describe("the writer's limit", () => {
  // A game for more than two keeping a position a ply, long after its last capture (the service then stores none, and replays).
  const g = compiledGame("four-player");
  const nfen = MultiGame.start("four-player").fen();
  const keeping = (positions: number) => ({
    variant: "four-player", ply: positions - 1, nfen, outPly: [null, null, null, null], ended: null,
    seen: new Map(Array.from({ length: positions }, (_, i) => [i.toString(16).padStart(16, "0"), 1])),
  });

  it("writes a state of as many positions as the reader reads, and refuses one more", () => {
    const most = makeMultiStateText(g, keeping(MULTI_STATE_LIMITS.positions));
    expect(parseMultiState(g, most).ok).toBe(true);
    expect(() => makeMultiStateText(g, keeping(MULTI_STATE_LIMITS.positions + 1))).toThrow(RulesError);
  });
});
