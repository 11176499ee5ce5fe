/**
 * The bot in the games for more than two (docs/bot.md#games-for-more-than-two): a legal move
 * from random positions of every game, within its budget; a king left to take is taken and a
 * mate in one is played; in team games the team's win comes before material; and level 4
 * scores more than level 1.
 */
import { describe, expect, it } from "vitest";
import { analyseMulti, chooseMultiMove, multiBotMove, randomSource, replayMulti } from "@/lib/bot";
import { makeMultiRulesState, MultiGame, multiVariantIds, RulesError } from "@/lib/rules";

/** The bot's move, checked: the game unchanged, the move legal and canonical in a fresh game from the same position. */
function checkedMove(g: MultiGame, level: number, seed: number): string {
  const fen = g.fen();
  const move = chooseMultiMove(g, { level, nodes: 30 + (seed % 5) * 15, seed });
  expect(g.fen()).toBe(fen);
  expect(MultiGame.start(g.id, fen).play(move), `${g.id} ${fen}`).toBe(move);
  return move;
}

/** Seeded random play-out of up to `plies` plies; the game as it stands. */
function playout(id: string, seed: number, plies: number): MultiGame {
  const random = randomSource(seed);
  const g = MultiGame.start(id);
  for (let i = 0; i < plies && g.status().result === "ongoing"; i++) {
    const moves = g.legalMoves();
    g.play(moves[Math.floor(random() * moves.length)].text);
  }
  return g;
}

/** Fewer positions on the big boards, where a ply costs most. */
const POSITIONS: Record<string, number> = { chaturaji: 24, "four-seasons": 24, "three-player": 12, "four-player": 8, "four-player-teams": 10 };

describe("the bot for more than two: always a legal move", () => {
  for (const id of multiVariantIds()) {
    it(`${id}: from random positions, at every level`, () => {
      const n = POSITIONS[id] ?? 5;
      let tried = 0;
      for (let k = 0; k < n; k++) {
        const g = playout(id, k * 7919 + id.length, Math.floor(randomSource(k)() * (id.startsWith("eight") ? 60 : 160)));
        if (g.status().result !== "ongoing") continue;
        checkedMove(g, 1 + ((k + id.length) % 8), k);
        tried++;
      }
      expect(tried).toBeGreaterThan(n / 2);
    }, 30_000);
  }

  it("the only legal move (a pass in Chaturaji) and a claim", () => {
    const pass = MultiGame.start("chaturaji", "8/8/8/8/8/yP7/rP7/7yK r r0,b0x,y0,g0x - - 0 1");
    expect(chooseMultiMove(pass, { level: 8, seed: 1 })).toBe("pass");
    const claim = MultiGame.start("four-player", "3yK4/8/8/14/14/14/4bK9/14/14/14/6rN7/8/8/4rK3 r r45,b10,y0x,g0x - - 0 1");
    for (const level of [2, 5, 8]) expect(chooseMultiMove(claim, { level, seed: level })).toBe("claim");
  });

  it("a game that is over, or a level that is no number, is refused", () => {
    const g = MultiGame.start("four-player-teams");
    g.eliminate("g", "resignation");
    expect(() => chooseMultiMove(g, { level: 3 })).toThrow(RulesError);
    expect(() => chooseMultiMove(MultiGame.start("chaturaji"), { level: NaN })).toThrow(RulesError);
  });
});

describe("the bot for more than two: its budget", () => {
  it("stops within its nodes (beyond the first look at each move) and its time", () => {
    const g = playout("eight-player", 5, 40);
    const moves = g.legalMoves().length;
    const r = analyseMulti(g, { level: 8, nodes: 300, seed: 2 });
    expect(r.nodes).toBeLessThanOrEqual(Math.max(301, moves + 1));
    const started = Date.now();
    const timed = analyseMulti(g, { level: 8, ms: 300, seed: 2 });
    // The first look at each move is finished first (a few milliseconds), then the time counts.
    expect(Date.now() - started).toBeLessThan(300 + 1500);
    expect(timed.nodes).toBeGreaterThan(moves);
  });

  it("the same seed and nodes, the same move", () => {
    const g = playout("four-player", 9, 30);
    const a = analyseMulti(g, { level: 5, nodes: 400, seed: 3 });
    const b = analyseMulti(g, { level: 5, nodes: 400, seed: 3 });
    expect(a.move).toBe(b.move);
    expect(a.nodes).toBe(b.nodes);
  });
});

// Four-player positions, ranks 14 down to 1 (docs/notation.md#n-fen): the corner ranks have 8 cells, the others 14.
const FOUR = (ranks: Record<number, string>, fields = "r r0,b0,y0,g0 - - 0 1") =>
  Array.from({ length: 14 }, (_, i) => ranks[14 - i] ?? (14 - i > 11 || 14 - i < 4 ? "8" : "14")).join("/") + " " + fields;

/** Blue's king on a7 behind its pawns, Red's rook on f9 can close the a-file; Green's queen on f12 is the bait. */
const BACK_RANK = FOUR({ 14: "3yK4", 12: "2gQ5", 9: "5rR8", 8: "1bP12", 7: "bKbP11gK", 6: "1bP12", 1: "4rK3" });

describe("the bot for more than two: tactics", () => {
  it("takes a king left to take (Chaturaji, all against all, teams), not a piece beside it", () => {
    // Chaturaji: Red's boat takes Blue's king on d5, not Yellow's boat on c3 (docs/games/chaturaji.md#points).
    const chaturaji = MultiGame.start("chaturaji", "7yK/8/8/3bK4/8/2yR5/7gK/rKrN1rR4 r r0,b0,y0,g0 - - 0 1");
    // All against all: Yellow's king on g14 stands attacked by Red's rook on g10 (Yellow has not moved since); Blue's queen on d10 is the bait.
    const open = FOUR({ 14: "3yK4", 10: "3bQ2rR7", 7: "bK12gK", 1: "4rK3" });
    // Teams: Blue's king on a10 stands attacked by Red's rook on d10 (Green's move uncovered it); Green's queen on d5 is the bait.
    const teams = FOUR({ 14: "3yK4", 10: "bK2rR10", 7: "13gK", 5: "3gQ10", 1: "4rK3" });
    for (const level of [2, 4, 8]) {
      const budget = { level, seed: level, nodes: level === 8 ? 3000 : undefined };
      expect(chooseMultiMove(chaturaji, budget), `level ${level}`).toBe("R d1-d5");
      expect(chooseMultiMove(MultiGame.start("four-player", open), budget)).toBe("R g10-g14");
      const game = MultiGame.start("four-player-teams", teams);
      game.play(chooseMultiMove(game, budget));
      expect(game.status()).toMatchObject({ result: "over", reason: "king-captured", winners: ["r", "y"] });
    }
  });

  it("mates in one: all against all the mated army goes out; in teams the game is won", () => {
    for (const level of [2, 4, 8]) {
      const ffa = MultiGame.start("four-player", BACK_RANK);
      const budget = { level, seed: level, nodes: level === 8 ? 3000 : undefined };
      ffa.play(chooseMultiMove(ffa, budget));
      expect(ffa.armies().find((a) => a.letter === "b")!.state, `level ${level}`).toBe("out");
      const teams = MultiGame.start("four-player-teams", BACK_RANK);
      teams.play(chooseMultiMove(teams, budget));
      expect(teams.status()).toMatchObject({ result: "over", reason: "team-checkmate", winners: ["r", "y"] });
    }
    // Four Seasons: Green's knight smothers Red's king on a1, rather than take Black's rook on d5; Red goes out on its turn.
    const seasons = MultiGame.start("four-seasons", "gK6wK/8/8/3bR4/8/4gN3/rPrP6/rKrR5bK g g0,r0,b0,w0 - - 0 1");
    for (const level of [2, 4, 8]) expect(chooseMultiMove(seasons, { level, seed: level, nodes: 3000 })).toBe("N e3-c2");
  });

  it("in teams, saves its partner's king before it takes a queen", () => {
    // Blue's rook on g10 attacks Yellow's king on g14 and Blue moves next: Red takes the rook, not Green's queen on c5.
    const danger = FOUR({ 14: "3yK4", 10: "2rR3bR7", 7: "bK12gK", 5: "2gQ11", 1: "4rK3" });
    for (const level of [2, 4, 8]) expect(chooseMultiMove(MultiGame.start("four-player-teams", danger), { level, seed: level, nodes: 3000 })).toBe("R c10-g10");
    // All against all Yellow is no partner: the queen is worth more than the rook.
    expect(chooseMultiMove(MultiGame.start("four-player", danger), { level: 4, seed: 1 })).toBe("R c10-c5");
  });

  it("in teams, counts on its partner: uncovers Yellow's rook on Green's king rather than take Blue's knight", () => {
    // Red's knight on h8 stands between Yellow's rook on h13 and Green's king on h4; Blue, moving between, cannot close the file.
    const uncover = FOUR({ 14: "3yK4", 13: "4yR3", 8: "7rN6", 7: "bK13", 5: "10bN3", 4: "7gK6", 1: "1rK5rR" });
    for (const level of [4, 8]) {
      const game = MultiGame.start("four-player-teams", uncover);
      const move = chooseMultiMove(game, { level, seed: level, nodes: 3000 });
      expect(move, `level ${level}`).toMatch(/^N h8-/);
    }
  });
});

describe("the bot for more than two: what the worker asks", () => {
  it("replays moves and the armies gone out between them, then moves for the army to move", () => {
    const request = { variant: "four-player", startFen: "start", moves: ["P h2-h3", "P b7-c7"], eliminations: [{ army: "y", reason: "resignation" as const, afterPly: 2 }] };
    const game = replayMulti(request.variant, request.startFen, request.moves, request.eliminations);
    expect(game.armies().map((a) => a.state)).toEqual(["playing", "playing", "out-king-live", "playing"]);
    expect(game.status()).toMatchObject({ result: "ongoing", toMove: "g" });
    const move = multiBotMove({ ...request, level: 3, seed: 4 });
    expect(() => game.play(move)).not.toThrow();
    expect(() => replayMulti("four-player", "start", ["P h2-h3"], [{ army: "y", reason: "timeout", afterPly: 2 }])).toThrow(RulesError);
    expect(() => multiBotMove({ variant: "four-player", startFen: "start", moves: ["P h2-h9"], level: 3 })).toThrow(RulesError);
  });
});

describe("the bot for more than two: asked from the position now", () => {
  // The service asks with the game's N-FEN and nothing to replay (lib/games/bots.ts actInMulti): the same move as on the game replayed.
  const sameMove = (game: MultiGame, moves: readonly string[], eliminations: { army: string; reason: "resignation" | "timeout"; afterPly: number }[]) => {
    for (const level of [1, 2, 4]) {
      const asked = { variant: game.id, level, seed: level * 31 + moves.length, nodes: 300 };
      const replayed = multiBotMove({ ...asked, startFen: "start", moves, eliminations });
      expect(multiBotMove({ ...asked, startFen: game.fen(), moves: [], eliminations: [] }), `${game.id} ply ${moves.length} level ${level}`).toBe(replayed);
    }
  };

  for (const id of multiVariantIds()) {
    it(`${id}: a random game with an army gone out`, () => {
      const random = randomSource(id.length * 101);
      const g = MultiGame.start(id);
      const eliminations: { army: string; reason: "resignation" | "timeout"; afterPly: number }[] = [];
      const plies = id.startsWith("eight") ? 12 : 30;
      for (let i = 0; i < plies && g.status().result === "ongoing"; i++) {
        const playing = g.armies().filter((a) => a.state === "playing" && !a.toMove);
        if (i === Math.floor(plies / 2) && playing.length > 2) {
          g.eliminate(playing[0].letter, "resignation");
          eliminations.push({ army: playing[0].letter, reason: "resignation", afterPly: g.ply });
          if (g.status().result !== "ongoing") break;
        }
        if (i % 5 === 4) sameMove(g, g.moves, eliminations);
        const moves = g.legalMoves();
        g.play(moves[Math.floor(random() * moves.length)].text);
      }
      if (g.status().result === "ongoing") sameMove(g, g.moves, eliminations);
    });
  }

  it("a position standing the fourth time, the next standing ending the game", () => {
    const nfen = "3yK4/8/8/14/14/14/4bK1gK7/14/2yQ11/14/6rN7/8/8/4rK3 r r30,b0,y0,g0 - - 0 40";
    const g = MultiGame.start("four-player", nfen);
    // Each army steps its king out and back (tests/unit/multi-state.test.ts), until the next move would end the game by repetition.
    const last = new Map<string, string>();
    let ending = "";
    for (let i = 0; i < 200 && !ending; i++) {
      const army = (g.status() as { toMove: string }).toMove;
      const back = last.get(army);
      const legal = g.legalMoves().map((m) => m.text).filter((t) => t.startsWith("K"));
      const move = back && legal.includes(back) ? back : legal[0];
      const next = MultiGame.resume("four-player", nfen, makeMultiRulesState(g));
      next.play(move);
      const after = next.status();
      if (after.result === "over") ending = after.reason;
      else {
        const [, from, to] = /^K (\w+)-(\w+)/.exec(move)!;
        last.set(army, back === move ? "" : `K ${to}-${from}`);
        g.play(move);
      }
    }
    expect(ending).toBe("repetition-points");
    expect(replayMulti("four-player", nfen, g.moves).fen()).toBe(g.fen());
    for (const level of [1, 4]) {
      const asked = { variant: "four-player", level, seed: 5, nodes: 400 };
      expect(multiBotMove({ ...asked, startFen: g.fen(), moves: [] })).toBe(multiBotMove({ ...asked, startFen: nfen, moves: g.moves }));
    }
  });
});

describe("the bot for more than two: strength", () => {
  it("Chaturaji: level 4 in one seat scores more than the level 1 players beside it, game after game", () => {
    // bench/multi-bot-strength.ts plays more games, of every id.
    let strong = 0;
    let weak = 0;
    for (const seed of [1, 2, 3]) {
      const g = MultiGame.start("chaturaji");
      for (let ply = 0; ply < 240 && g.status().result === "ongoing"; ply++) {
        const seat = g.armies().findIndex((a) => a.toMove);
        g.play(chooseMultiMove(g, { level: seat === (seed % 4) ? 4 : 1, nodes: 400, seed: seed * 1000 + ply }));
      }
      const scores = g.armies().map((a) => a.score);
      strong += scores[seed % 4];
      weak += (scores.reduce((x, y) => x + y, 0) - scores[seed % 4]) / 3;
    }
    expect(strong).toBeGreaterThan(2 * weak);
  }, 60_000);
});
