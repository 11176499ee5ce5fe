/**
 * The rules state (docs/notation.md#the-rules-state): a game resumed from `makeRulesState` is the
 * game replayed. For every game for two and the preset examples, seeded random games compared at
 * every ply (position, ends, draws, legal moves, the bot's start) with the game resumed there, and
 * games resumed at a few plies played on to the end beside the replayed one; lines that reach the
 * repetition, counting and move-count ends random play does not; the trimmed size; refusals.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { analyse } from "@/lib/bot";
import { declareVariant, Game, makeRulesState, parsePreset, RulesError, unwrap, variantIds } from "@/lib/rules";
import { searchStart } from "@/lib/rules/game";
import { RULES_STATE_LIMITS } from "@/lib/rules/notation/rules-state";
import { getVariant } from "@/lib/rules/variants";
import { mutate, randomString, Rng } from "@/tests/fuzz/random";

/** Everything a player, the service and the bot read of a game. */
function seen(g: Game) {
  const { position: p, keys } = searchStart(g);
  return {
    ply: g.ply, turn: g.turn(), fen: g.fen(), status: g.status(), draws: g.claimableDraws(),
    legal: g.legalMoves().map((m) => m.text), next: g.nextActions([]), couldWin: [g.couldWin("white"), g.couldWin("black")],
    board: g.board(), hand: g.hand(), checks: g.checks(),
    position: {
      board: [...p.board], hand: [...p.hand], turn: p.turn, castling: p.castling, ep: p.ep, halfmove: p.halfmove, fullmove: p.fullmove,
      unmoved: p.unmoved, countLimit: p.countLimit, countPly: p.countPly, dropped: p.dropped, passes: p.passes,
    },
    // What the bot reads of the keys: those since the last capture or pawn move.
    botKeys: keys.slice(Math.max(0, keys.length - 1 - p.halfmove)),
    state: makeRulesState(g),
  };
}

const resume = (g: Game) => Game.resume(g.variant.id, g.startFen, makeRulesState(g));

/**
 * Replays `moves` from `fen`; at every ply the game resumed from the replayed one's state must
 * read the same; from `from` plies (and each later one) a resumed game plays on beside it.
 */
function compareAlong(variant: string, fen: string, moves: readonly string[], continueFrom: readonly number[]): void {
  const replayed = Game.start(variant, fen);
  const onward: Game[] = [];
  for (let ply = 0; ; ply++) {
    const here = seen(replayed);
    expect(seen(resume(replayed)), `${variant} ply ${ply}`).toEqual(here);
    for (const g of onward) expect(seen(g), `${variant} ply ${ply}, resumed earlier`).toEqual(here);
    if (continueFrom.includes(ply)) onward.push(resume(replayed));
    if (ply === moves.length) break;
    replayed.play(moves[ply]);
    for (const g of onward) g.play(moves[ply]);
  }
}

/** A seeded random game to its end or `maxPlies`: its moves. */
function randomGame(variant: string, fen: string, seed: number, maxPlies: number, prefer?: (text: string) => boolean): string[] {
  const rng = new Rng(seed);
  const g = Game.start(variant, fen);
  while (g.ply < maxPlies) {
    const legal = g.legalMoves();
    if (legal.length === 0) break;
    const preferred = prefer ? legal.filter((m) => prefer(m.text)) : [];
    g.play((preferred.length && rng.chance(0.7) ? rng.pick(preferred) : rng.pick(legal)).text);
  }
  return [...g.moves];
}

function seedOf(id: string): number {
  let h = 20261204;
  for (const c of id) h = (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0;
  return h;
}

const PRESETS = ["compound", "royal-substitute"].map((name) => {
  const decl = { ...unwrap(parsePreset(readFileSync(`docs/presets/${name}.txt`, "utf8"))).decl, id: `state-test-${name}` };
  declareVariant(decl);
  return decl.id;
});

describe("a resumed game is the replayed game", () => {
  // Friendly Chess lists many chains per position: shorter games there.
  const length = (id: string) => (id.startsWith("friendly") ? 30 : 120);
  for (const id of [...variantIds(), ...PRESETS]) {
    it(`${id}: seeded random games, at every ply and played on`, () => {
      for (let n = 0; n < 2; n++) {
        const moves = randomGame(id, "start", seedOf(id) + n, length(id));
        const third = Math.floor(moves.length / 3);
        compareAlong(id, "start", moves, [0, third, 2 * third]);
      }
    });
  }
});

describe("the bot on a resumed game", () => {
  it("searches the same: the same move, depth and nodes as on the replayed game", () => {
    // Shuffles that repeat positions, so the past the search avoids matters.
    const lines: [string, string[]][] = [
      ["chess", ["P e2-e4", "p e7-e5", "N g1-f3", "n b8-c6", "N f3-g1", "n c6-b8", "N g1-f3", "n b8-c6"]],
      ["xiangqi", randomGame("xiangqi", "start", 11, 40)],
      ["shogi", randomGame("shogi", "start", 12, 40)],
      ["crazyhouse", randomGame("crazyhouse", "start", 13, 30)],
    ];
    for (const [id, moves] of lines) {
      const replayed = Game.replay(id, "start", moves);
      if (replayed.status().result !== "ongoing") continue;
      const options = { level: 4, seed: 7, nodes: 4000, ms: 60_000 };
      const { ms: _a, ...ours } = analyse(resume(replayed), options);
      const { ms: _b, ...theirs } = analyse(replayed, options);
      expect(ours, id).toEqual(theirs);
    }
  });
});

describe("the ends that look back, resumed at every ply", () => {
  const times = (n: number, ...moves: string[]) => Array.from({ length: n }, () => moves).flat();
  const ends = (variant: string, fen: string, moves: string[]) => {
    compareAlong(variant, fen, moves, [0, 1, Math.floor(moves.length / 2)]);
    const g = Game.replay(variant, fen, moves);
    return { status: resume(g).status(), draws: resume(g).claimableDraws() };
  };

  it("chess: a threefold claim, fivefold, the fifty-move claim and the 75-move rule", () => {
    const shuffle = times(4, "N g1-f3", "n g8-f6", "N f3-g1", "n f6-g8");
    expect(ends("chess", "start", shuffle.slice(0, 8)).draws).toContain("threefold-repetition");
    expect(ends("chess", "start", shuffle).status).toEqual({ result: "draw", reason: "fivefold-repetition" });
    // The position right after a capture stands a third time: the first position kept counts.
    const afterCapture = ["P e2-e4", "p d7-d5", "P e4xd5", "q d8xd5", ...times(2, "N g1-f3", "q d5-d8", "N f3-g1", "q d8-d5")];
    expect(ends("chess", "start", afterCapture).draws).toContain("threefold-repetition");
    // Where a move that restarts the fifty-move count can be undone (here knights count as pawns), only the last capture bounds what is kept.
    const chess = getVariant("chess").decl;
    declareVariant({ ...chess, id: "state-test-knights-as-pawns", pieces: chess.pieces.map((p) => (p.letter === "N" ? { ...p, pawnLike: true } : p)) });
    expect(ends("state-test-knights-as-pawns", "start", afterCapture).draws).toContain("threefold-repetition");
    const late = "4k3/8/8/8/8/8/8/R3K3 w Q - 96 80";
    expect(ends("chess", late, ["R a1-a2", "k e8-e7", "R a2-a1", "k e7-e8"]).draws).toContain("fifty-move-rule");
    expect(ends("chess", late.replace(" 96 ", " 146 "), ["R a1-a2", "k e8-e7", "R a2-a1", "k e7-e8"]).status)
      .toEqual({ result: "draw", reason: "seventy-five-move-rule" });
  });

  it("xiangqi: perpetual check, perpetual chase (one side, both), threefold", () => {
    expect(ends("xiangqi", "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", ["R a1-a10", ...times(2, "k e10-e9", "R a10-a9", "k e9-e10", "R a9-a10")]).status)
      .toEqual({ result: "black-wins", reason: "perpetual-check" });
    expect(ends("xiangqi", "3k5/9/9/c8/9/9/9/9/9/1R2K4 w - - 0 1", ["R b1-b7", ...times(2, "c a7-a6", "R b7-b6", "c a6-a7", "R b6-b7")]).status)
      .toEqual({ result: "black-wins", reason: "perpetual-chase" });
    expect(ends("xiangqi", "1n2kabnr/9/b2a5/4p3p/R1pr4P/6P2/3c5/4B3N/1R7/cN1AKAB2 w - - 1 34",
      ["R a6-a8", ...times(2, "c d4-a4", "R b2-a2", "c a4-d4", "R a2-b2")]).status).toEqual({ result: "draw", reason: "perpetual-chase" });
    expect(ends("xiangqi", "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1", times(2, "R a1-a2", "k d10-d9", "R a2-a1", "k d9-d10")).status)
      .toEqual({ result: "draw", reason: "threefold-repetition" });
  });

  it("xiangqi: the fifty moves lengthened by checks", () => {
    // Checks preferred from a position 40 plies into the count: the extension of the move rule is read back.
    const fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 40 1";
    for (let n = 0; n < 3; n++) {
      const moves = randomGame("xiangqi", fen, 77 + n, 140, (text) => /^[RCH]/.test(text));
      compareAlong("xiangqi", fen, moves, [0, 30, 70]);
    }
  });

  it("shogi and minishogi: fourfold, perpetual check, a tokin as a gold", () => {
    const S = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1";
    expect(ends("shogi", S, times(3, "R h2-g2", "r b8-c8", "R g2-h2", "r c8-b8")).status).toEqual({ result: "draw", reason: "fourfold-repetition" });
    expect(ends("shogi", "4k4/9/9/9/9/9/9/9/R3K4[] w - - 0 1", ["R a1-a9", ...times(3, "k e9-e8", "R a9-a8", "k e8-e9", "R a8-a9")]).status)
      .toEqual({ result: "black-wins", reason: "perpetual-check" });
    const cycle = (x: string, y: string) => [`${x} e5-d6`, "k i9-h9", `${y} d5-e5`, "k h9-h8", `${x} d6-d5`, "k h8-i9"];
    expect(ends("shogi", "8k/9/9/9/3+PG4/9/9/9/K8[] w - - 0 1", [...cycle("G", "+P"), ...cycle("+P", "G"), ...cycle("G", "+P")]).status)
      .toEqual({ result: "draw", reason: "fourfold-repetition" });
    expect(ends("minishogi", "rbsgk/4p/5/P4/KGSBR[] w - - 0 1", times(3, "R e1-e2", "r a5-a4", "R e2-e1", "r a4-a5")).status)
      .toEqual({ result: "black-wins", reason: "fourfold-repetition" });
  });

  it("janggi: repetition on points, perpetual check, two passes, fifty moves on points", () => {
    expect(ends("janggi", "3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1", times(2, "R a2-a3", "k d10-d9", "R a3-a2", "k d9-d10")).status)
      .toEqual({ result: "white-wins", reason: "repetition-points" });
    expect(ends("janggi", "3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1", ["R i1-i10", ...times(2, "k d10-d9", "R i10-i9", "k d9-d10", "R i9-i10")]).status)
      .toEqual({ result: "black-wins", reason: "perpetual-check" });
    expect(ends("janggi", "start", ["pass", "pass"]).status).toEqual({ result: "black-wins", reason: "double-pass" });
    expect(ends("janggi", "3k5/9/9/9/9/9/P8/9/R8/4K4 w - - 96 60", ["R a2-a3", "k d10-d9", "R a3-a2", "k d9-d10"]).status)
      .toEqual({ result: "white-wins", reason: "move-rule-points" });
  });

  it("counting: Makruk's and Ouk Chatrang's draws, Sittuyin's claim, with counts begun and run", () => {
    expect(ends("makruk", "4k3/8/8/8/8/8/R7/4K3 b - 32 30 1", ["K e8-f8", "R a2-a3", "K f8-e8"]).status).toEqual({ result: "draw", reason: "counting-rule" });
    // A count begun by a capture that bares the king.
    const bare = ends("makruk", "8/8/8/3k4/4P3/8/8/R3K3 b - - 0 1", ["K d5-e4", "R a1-a2", "K e4-e5"]);
    expect(bare.status).toEqual({ result: "ongoing" });
    expect(ends("sittuyin", "8/8/8/4k3/8/8/8/R3K3[] w - 32 30 1", ["R a1-a2", "k e5-e6", "R a2-a1"]).draws).toContain("counting-rule");
    for (const id of ["makruk", "ouk-chatrang", "sittuyin"]) {
      const moves = randomGame(id, "start", seedOf(id) + 9, 300, (text) => /x|-/.test(text));
      compareAlong(id, "start", moves, [0, Math.floor(moves.length / 2)]);
    }
  });
});

describe("the state's size: only what the rules can still look back on", () => {
  /** Pieces on the board and in hand, from the FEN's placement. */
  const material = (fen: string) => (fen.split(" ")[0].match(/[A-Za-z]/g) ?? []).length;
  const positionsKept = (state: string) => state.split(";")[6].split(" ").length;

  it("chess: exactly the positions since the last capture, in 400 plies with regular captures", () => {
    const rng = new Rng(400);
    let g = Game.start("chess");
    let lastCapture = 0;
    let most = 0;
    let longest = 0;
    let sinceCapture = 0;
    for (let ply = 0; ply < 400; ply++) {
      let legal = g.legalMoves();
      if (legal.length === 0) {
        g = resume(Game.start("chess"));
        lastCapture = 0;
        sinceCapture = 0;
        legal = g.legalMoves();
      }
      const takes = legal.filter((m) => m.text.includes("x"));
      // A capture at least every 40 plies, while there are any.
      const move = takes.length && (sinceCapture >= 39 || rng.chance(0.1)) ? rng.pick(takes) : rng.pick(legal);
      const before = material(g.fen());
      g = resume(g);
      g.play(move.text);
      sinceCapture = material(g.fen()) < before ? 0 : sinceCapture + 1;
      longest = Math.max(longest, sinceCapture);
      if (material(g.fen()) < before) lastCapture = g.ply;
      const kept = positionsKept(makeRulesState(g));
      expect(kept).toBe(g.ply - lastCapture + 1);
      most = Math.max(most, kept);
    }
    // Captures while there are any, one at least every 40 plies: stretches without one stay short.
    expect(most).toBe(longest + 1);
    expect(most).toBeLessThan(100);
  });

  it("shogi: captured pieces come back, so every position is kept", () => {
    const moves = randomGame("shogi", "start", 5, 200);
    const g = Game.replay("shogi", "start", moves);
    expect(positionsKept(makeRulesState(g))).toBe(moves.length + 1);
  });
});

describe("refusals", () => {
  const game = Game.replay("chess", "start", ["P e2-e4", "p e7-e5", "N g1-f3"]);
  const state = makeRulesState(game);
  const refused = (variant: string, text: string) => {
    try {
      Game.resume(variant, "start", text);
    } catch (e) {
      expect(e).toBeInstanceOf(RulesError);
      return (e as Error).message;
    }
    return "resumed";
  };

  it("a resumed game knows its ply and the moves since, not those before", () => {
    const g = Game.resume("chess", "start", state);
    expect(g.ply).toBe(3);
    expect(() => g.moves).toThrow(RulesError);
    g.play("n b8-c6");
    expect(g.movesSince(3)).toEqual(["n b8-c6"]);
    expect(() => g.movesSince(2)).toThrow(/not known/);
    expect(Game.resume("chess", "start", makeRulesState(Game.start("chess"))).moves).toEqual([]);
  });

  it("malformed, forged, of another game, too long", () => {
    expect(refused("chess", "")).toMatch(/7 fields/);
    expect(refused("chess", state.replace(/^1;/, "2;"))).toMatch(/version/);
    expect(refused("chess960", state)).toMatch(/another game/);
    expect(refused("xiangqi", state)).toMatch(/another game/);
    expect(refused("chess", state.replace(";3;", ";2;"))).toMatch(/more than a game of 2 plies/);
    // Another position's FEN under the same keys.
    expect(refused("chess", state.replace("4P3/5N2", "4P3/2N5"))).toMatch(/not its position/);
    expect(refused("chess", state.replace(/;[0-9a-f]{4}/, ";zzzz"))).toMatch(/position 1/);
    expect(refused("chess", `${state} ${"0".repeat(16)}`.repeat(1))).toMatch(/not its position|more than/);
    expect(refused("chess", state + " 0123456789abcdef".repeat(RULES_STATE_LIMITS.positions))).toMatch(/too long|more than/);
    expect(refused("chess", "x".repeat(RULES_STATE_LIMITS.chars + 1))).toMatch(/too long/);
    expect(refused("chess", state)).toBe("resumed");
  });

  it("thousands of mutated and random states: a RulesError or a game that reads, never a crash or a stall", () => {
    const rng = new Rng(20261204);
    const xiangqi = makeRulesState(Game.replay("xiangqi", "3k5/9/9/c8/9/9/9/9/9/1R2K4 w - - 0 1", ["R b1-b7", "c a7-a6", "R b7-b6"]));
    const shogi = makeRulesState(Game.replay("shogi", "start", randomGame("shogi", "start", 3, 40)));
    const samples: [string, string, string][] = [["chess", "start", state], ["xiangqi", "3k5/9/9/c8/9/9/9/9/9/1R2K4 w - - 0 1", xiangqi], ["shogi", "start", shogi]];
    let read = 0;
    for (let i = 0; i < 3000; i++) {
      const [variant, fen, valid] = rng.pick(samples);
      // Whole texts mutated, one field or one position mutated (reaching the checks past the form), random text.
      const fields = valid.split(";");
      const entries = fields[6].split(" ");
      const at = rng.int(fields.length);
      const one = rng.int(entries.length);
      const text = rng.pick([
        () => mutate(rng, valid, 6),
        () => fields.map((f, i) => (i === at ? mutate(rng, f, 2) : f)).join(";"),
        () => [...fields.slice(0, 6), entries.map((e, i) => (i === one ? mutate(rng, e, 2) : e)).join(" ")].join(";"),
        () => randomString(rng, 300),
      ])();
      try {
        const g = Game.resume(variant, fen, text);
        // What reads is a game that answers, and plays on.
        g.status();
        const legal = g.legalMoves();
        if (legal.length) g.play(legal[0].text);
        makeRulesState(g);
        read++;
      } catch (e) {
        if (!(e instanceof RulesError)) throw new Error(`${JSON.stringify(text)}: ${e}`);
      }
    }
    // Some edits leave a state that still reads (another check flag, an earlier position's key): those games play on.
    expect(read).toBeGreaterThan(30);
  });

  it("the variant's own letters: a dropped piece must be one held in hand", () => {
    const s = makeRulesState(Game.replay("crazyhouse", "start", ["P e2-e4", "p d7-d5", "P e4xd5", "q d8xd5", "P*e4"]));
    expect(s.split(";")[4]).toBe("0,P,0");
    expect(refused("crazyhouse", s.replace(",P,0;", ",K,0;"))).toMatch(/dropped piece/);
    expect(refused("crazyhouse", s)).toBe("resumed");
  });
});
