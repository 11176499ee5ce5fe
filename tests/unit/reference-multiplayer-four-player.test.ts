/** The reference for four-player chess against the examples of docs/games/four-player.md. */
import { describe, expect, it } from "vitest";
import { fourPlayer as g, fourPlayerTeams as teams } from "./reference-multiplayer/four-player";
import { armiesField, playText, texts, withMover } from "./reference-multiplayer/helpers";
import { parseNfen, randomPlayout, type GameDef } from "./reference-multiplayer/shared";

describe("four-player chess: the book's examples (docs/games/four-player.md#examples)", () => {
  it("1. the start: Red has 20 moves, as in chess; each other army has 20 on its turn", () => {
    const pawns = "defghijk".split("").flatMap((f) => [`P ${f}2-${f}3`, `P ${f}2-${f}4`]);
    expect(texts(g, g.start)).toEqual([...pawns, "N e1-d3", "N e1-f3", "N j1-i3", "N j1-k3"].sort());
    for (const a of "byg") expect(texts(g, withMover(g.start, a))).toHaveLength(20);
    for (const a of "rbyg") expect(texts(teams, withMover(teams.start, a))).toHaveLength(20);
  });

  const two = "3yK4/8/8/14/14/14/4bK1gK7/14/14/14/6rN7/8/8/4rK3 r r0,b0,y0,g0 - - 0 1";
  it("2. two kings at once: 13 moves; N g4-f6 checks two kings with a knight, 5 points, nobody out", () => {
    const knight = ["e3", "e5", "f2", "f6", "h2", "h6", "i3", "i5"].map((s) => `N g4-${s}`);
    const king = ["g1", "g2", "h2", "i1", "i2"].map((s) => `K h1-${s}`);
    expect(texts(g, two)).toEqual([...knight, ...king].sort());
    const after = playText(g, two, "N g4-f6").nfen;
    expect(armiesField(after)).toBe("r5,b0,y0,g0");
    expect(after.split(" ")[1]).toBe("b");
    expect(texts(g, after)).toEqual(["K e8-d8", "K e8-d9", "K e8-e7", "K e8-e9"]);
    expect(texts(g, withMover(after, "g"))).toEqual(["K g8-g7", "K g8-g9", "K g8-h8", "K g8-h9"]);
  });

  it("3. a promotion: a queen on Red's 8th rank worth 1 (free-for-all); any piece on the 11th (teams)", () => {
    const ffa = "3yK4/8/8/14/14/14/14/6rP7/14/bK12gK/14/8/8/4rK3 r r0,b0,y0,g0 - - 0 1";
    expect(texts(g, ffa)).toContain("P g7-g8=Q");
    const m = playText(g, ffa, "P g7-g8=Q");
    expect(m.nfen.split(" ")[0].split("/")[6]).toBe("6rQ~7");
    const team = "3yK4/8/8/14/6rP7/14/14/14/14/bK12gK/14/8/8/4rK3 r r0,b0,y0,g0 - - 0 1";
    expect(texts(teams, team).filter((t) => t.startsWith("P g10-g11"))).toEqual(
      ["P g10-g11=B", "P g10-g11=N", "P g10-g11=Q", "P g10-g11=R"],
    );
    expect(texts(teams, team)).not.toContain("P g10-g11");
    expect(playText(teams, team, "P g10-g11=N").nfen.split(" ")[0].split("/")[3]).toBe("6rN~7");
  });
});

// Blue's king on a4 (a3 and b3 do not exist); Red's rook on b9 holds the b-file.
const MATE = "3yK4/8/8/14/14/1rR12/14/13gK/7rR6/14/bK13/8/8/4rK3 r r0,b0,y0,g0 - - 0 1";

describe("four-player chess, free-for-all", () => {
  it("checkmate is immediate: R h6-a6 mates Blue, 20 points, Blue out and skipped, its pieces dead", () => {
    const m = playText(g, MATE, "R h6-a6");
    expect(m.nfen).toBe("3yK4/8/8/14/14/1rR12/14/13gK/rR13/14/bK13/8/8/4rK3 y r20,b0x,y0,g0 - - 1 1");
    // The dead king gives no check and is taken for nothing.
    const dead = withMover(m.nfen, "r");
    expect(texts(g, dead)).toContain("R a6-a4");
    expect(armiesField(playText(g, dead, "R a6-a4").nfen)).toBe("r20,b0x,y0,g0");
  });
  it("a live king left by a resignation (state k) is taken for 20, then the army is x", () => {
    const pos = MATE.replace("r0,b0,y0,g0", "r0,b0k,y0,g0").replace("/7rR6/14/bK13/", "/rR13/14/bK13/");
    const m = playText(g, pos, "R a6-a4");
    expect(armiesField(m.nfen)).toBe("r20,b0x,y0,g0");
  });
  it("castling: K h1-j1 with the rook to i1, not through an attacked square; rights lost", () => {
    const pos = "3yK4/8/8/14/14/14/14/14/14/bK12gK/14/8/8/4rK2rR r r0,b0,y0,g0 rK - 0 1";
    const m = playText(g, pos, "K h1-j1");
    expect(m.nfen.split(" ")[0].split("/")[13]).toBe("5rRrK1");
    expect(m.nfen.split(" ")[3]).toBe("-");
    const guarded = pos.replace("3yK4/8/8/", "3yK4/5yR2/8/");
    expect(texts(g, guarded)).not.toContain("K h1-j1");
    expect(playText(g, pos, "R k1-k2").nfen.split(" ")[3]).toBe("-");
  });
  it("the claim with two armies left: only when still strictly first", () => {
    const pos = "3yK4/8/8/14/14/14/14/13gK/14/14/bK13/8/8/4rK3 r r50,b0x,y0x,g0 - - 0 40";
    const claim = g.legalMoves(parseNfen(g, pos)).find((m) => m.text === "claim")!;
    expect(claim.end).toMatchObject({ reason: "claim-win", winners: ["r"], scores: { r: 50, b: 0, y: 0, g: 20 } });
    expect(texts(g, pos.replace("r50", "r40"))).toContain("claim");
    expect(texts(g, pos.replace("r50", "r20"))).not.toContain("claim");
    // A live king of an out army is 20 more for the other side.
    expect(texts(g, pos.replace("r50", "r40").replace("b0x", "b0k"))).not.toContain("claim");
  });
  it("ends: the last army, the move count (+10 each playing)", () => {
    expect(g.status(parseNfen(g, "3yK4/8/8/14/14/14/14/14/14/14/bK13/8/8/4rK3 r r3,b9x,y0x,g0x - - 0 9"))).toMatchObject({
      reason: "last-army-standing", winners: ["b"],
    });
    const st = g.status(parseNfen(g, g.start.replace(" - 0 1", " - 100 30")));
    expect(st).toMatchObject({ reason: "move-rule-points", scores: { r: 10, b: 10, y: 10, g: 10 } });
  });
});

describe("four-player chess, teams", () => {
  it("no taking a partner's pieces; the partner's pieces give no check", () => {
    // Yellow's rook on i2, next to Red's king on h1.
    const pos = "3yK4/8/8/14/14/14/14/14/14/bK12gK/14/8/5yR2/4rK3 r r0,b0,y0,g0 - - 0 1";
    expect(texts(teams, pos)).toEqual(["K h1-g1", "K h1-g2", "K h1-h2", "K h1-i1"]);
    expect(texts(g, pos)).toEqual(["K h1-g1", "K h1-i2"]);
  });
  it("checkmate is judged on the mated army's turn; the other team wins", () => {
    const m = playText(teams, MATE, "R h6-a6");
    expect(m.nfen.split(" ")[1]).toBe("b");
    expect(armiesField(m.nfen)).toBe("r0,b0,y0,g0");
    expect(teams.status(m.next)).toMatchObject({ over: true, reason: "team-checkmate", winners: ["r", "y"] });
  });
  it("taking a king wins at once, even leaving the taker's king attacked", () => {
    // Blue's king on a4 attacked by Red's rook on h4; Green's rook on n1... attacks Red's king after.
    const pos = "3yK4/8/8/14/14/14/14/13gK/14/14/bK6rR6/8/8/4rK2gR r r0,b0,y0,g0 - - 0 1";
    const m = playText(teams, pos, "R h4-a4");
    expect(teams.status(m.next)).toMatchObject({ over: true, reason: "king-captured", winners: ["r", "y"] });
    expect(texts(g, pos)).not.toContain("R h4-a4");
  });
});

describe("four-player chess: random play-outs end as the book allows", () => {
  const allowed: Record<string, string[]> = {
    "four-player": ["last-army-standing", "claim-win", "move-rule-points", "repetition-points"],
    "four-player-teams": ["team-checkmate", "king-captured", "stalemate", "move-rule", "repetition"],
  };
  // Kings and queens only, so that games end within the bound; the teams game also from a thinned middlegame.
  const thin = "3yK4/3yQ4/8/14/14/14/bKbQ10gQgK/14/14/14/14/8/4rQ3/4rK3 r r0,b0,y0,g0 - - 0 1";
  const sparse = "yRyN1yK2yNyR/yPyP4yPyP/8/bR13/bNbP10gPgN/14/bKbP10gPgK/14/14/bNbP10gPgN/bR13/8/rPrP4rPrP/rRrN1rK2rNrR r r0,b0,y0,g0 - - 0 1";
  const runs: [GameDef, number, string][] = [[g, 3, thin], [g, 4, thin], [teams, 3, thin], [teams, 12, sparse]];
  for (const [game, seed, from] of runs) {
    it(`${game.id}, seed ${seed}`, () => {
      const run = randomPlayout(game, seed, 400, from);
      expect(run.status.over).toBe(true);
      if (!run.status.over) return;
      expect(allowed[game.id]).toContain(run.status.reason);
      if (game === g) {
        const best = Math.max(...Object.values(run.status.scores));
        expect(run.status.winners.every((a) => run.status.over && run.status.scores[a] === best)).toBe(true);
      }
    });
  }
});
