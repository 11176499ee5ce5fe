/** The reference for eight-player chess against the examples of docs/games/eight-player.md. */
import { describe, expect, it } from "vitest";
import { eightPlayer as g, eightPlayerPairs as pairs, eightPlayerTeams as teams } from "./reference-multiplayer/eight-player";
import { armiesField, placed, playText, texts, withMover } from "./reference-multiplayer/helpers";
import { randomPlayout, type GameDef } from "./reference-multiplayer/shared";

const KINGS = { h1: "wK", a8: "rK", a18: "bK", g24: "yK", q24: "gK", x17: "pK", x7: "oK", r1: "kK" };

describe("eight-player chess: the book's examples (docs/games/eight-player.md#examples)", () => {
  it("1. the start: White has 20 moves, as in chess; so has Black on its turn", () => {
    const pawns = (files: string) => files.split("").flatMap((f) => [`P ${f}2-${f}3`, `P ${f}2-${f}4`]);
    expect(texts(g, g.start)).toEqual([...pawns("defghijk"), "N e1-d3", "N e1-f3", "N j1-i3", "N j1-k3"].sort());
    expect(texts(g, withMover(g.start, "k"))).toEqual([...pawns("nopqrstu"), "N o1-n3", "N o1-p3", "N t1-s3", "N t1-u3"].sort());
    for (const game of [g, pairs, teams]) for (const a of game.armies) expect(texts(game, withMover(game.start, a))).toHaveLength(20);
  });
  it("2. the notch: a rook on k3 has 30 moves, on k4 46", () => {
    expect(texts(g, placed(g, { k3: "wR" }, "w"))).toHaveLength(30);
    expect(texts(g, placed(g, { k3: "wR" }, "w"))).not.toContain("R k3-l3");
    expect(texts(g, placed(g, { k4: "wR" }, "w"))).toHaveLength(46);
  });
  it("3. a promotion: White on rank 13 to a 1-point queen; Yellow on rank 12; any piece in pairs and teams", () => {
    const pos = placed(g, { ...KINGS, h12: "wP", e13: "yP" }, "w");
    const m = playText(g, pos, "P h12-h13=Q");
    expect(m.next.board.get("h13")).toEqual({ army: "w", kind: "Q", promoted: true });
    expect(m.nfen).toContain("wQ~");
    expect(texts(g, withMover(pos, "y"))).toContain("P e13-e12=Q");
    for (const game of [pairs, teams]) {
      expect(texts(game, pos).filter((t) => t.startsWith("P h12-h13"))).toEqual(["P h12-h13=B", "P h12-h13=N", "P h12-h13=Q", "P h12-h13=R"]);
    }
  });
});

describe("eight-player chess: the modes", () => {
  // Red's king on a4 (a3 and b3 do not exist), White's rook on b9 holds the b-file; R h6-a6 mates.
  const kings = { h1: "wK", a4: "rK", a18: "bK", g24: "yK", q24: "gK", x17: "pK", x7: "oK", r1: "kK" };
  const MATE = placed(g, { ...kings, b9: "wR", h6: "wR" }, "w");
  it("all against all: the mate is immediate, 20 points, Red out and skipped", () => {
    const m = playText(g, MATE, "R h6-a6");
    expect(armiesField(m.nfen)).toBe("w20,r0x,b0,y0,g0,p0,o0,k0");
    expect(m.nfen.split(" ")[1]).toBe("b");
  });
  it("pairs: mated on its own turn, Red puts its pair (Red and Purple) out", () => {
    const m = playText(pairs, MATE, "R h6-a6");
    expect(armiesField(m.nfen)).toBe("w0,r0x,b0,y0,g0,p0x,o0,k0");
    expect(m.nfen.split(" ")[1]).toBe("b");
    // A partner's pieces are not taken and give no check: White's king next to Green's rook.
    const pos = placed(pairs, { ...KINGS, i2: "gR" }, "w");
    expect(texts(pairs, pos)).toEqual(["K h1-g1", "K h1-g2", "K h1-h2", "K h1-i1"]);
  });
  it("teams: the first mate of an opposing army wins for the team", () => {
    const m = playText(teams, MATE, "R h6-a6");
    expect(teams.status(m.next)).toMatchObject({ over: true, reason: "team-checkmate", winners: ["w", "b", "g", "o"] });
  });
  it("castling as in four-player chess: Black K r1-t1, the rook u1 to s1", () => {
    const pos = placed(g, { ...KINGS, u1: "kR", n1: "kR" }, "k", "kKQ - 0 1");
    const m = playText(g, pos, "K r1-t1");
    expect(m.next.board.get("s1")).toMatchObject({ army: "k", kind: "R" });
    expect(texts(g, pos)).toContain("K r1-p1");
  });
});

describe("eight-player chess: random play-outs end as the book allows", () => {
  const allowed: Record<string, string[]> = {
    "eight-player": ["last-army-standing", "claim-win", "move-rule-points", "repetition-points"],
    "eight-player-pairs": ["last-army-standing", "stalemate", "move-rule", "repetition"],
    "eight-player-teams": ["team-checkmate", "king-captured", "stalemate", "move-rule", "repetition"],
  };
  // Kings and queens in the middle, so that the armies meet and games end within the bound; in
  // all against all and pairs some armies are already out (and have left nothing on the board).
  const QUEENS = { e5: "wQ", e8: "rQ", e17: "bQ", g20: "yQ", q20: "gQ", t17: "pQ", t8: "oQ", q5: "kQ" };
  const only = (letters: string) =>
    Object.fromEntries(Object.entries({ ...KINGS, ...QUEENS }).filter(([, t]) => letters.includes(t[0])));
  const out = (text: string, letters: string) =>
    text.replace(/ ([a-z0-9,x]+) - - /, (_, armies: string) =>
      ` ${armies.split(",").map((a) => (letters.includes(a[0]) ? a + "x" : a)).join(",")} - - `);
  const thin: Record<string, string> = {
    "eight-player": out(placed(g, only("wgk"), "w"), "rbypo"),
    "eight-player-pairs": out(placed(pairs, only("wgyk"), "w"), "rpbo"),
    "eight-player-teams": placed(teams, only("wrbygpok"), "w"),
  };
  const runs: [GameDef, number][] = [[g, 1], [pairs, 1], [teams, 1]];
  for (const [game, seed] of runs) {
    it(`${game.id}, seed ${seed}`, () => {
      const run = randomPlayout(game, seed, 600, thin[game.id]);
      expect(run.status.over).toBe(true);
      if (run.status.over) expect(allowed[game.id]).toContain(run.status.reason);
    });
  }
});
