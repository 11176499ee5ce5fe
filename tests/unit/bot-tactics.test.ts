/**
 * The bot sees what the rules say (docs/bot.md): mate in one and in two in every game with a
 * royal piece to mate, from positions built on each game's own board (each position's mate
 * checked by the engine here, by trying every move), a hanging piece taken, a queen not left
 * to be taken, Antichess's giving away, Crazyhouse's pieces in hand, and the same move for
 * the same seed and node budget.
 */
import { describe, expect, it } from "vitest";
import { analyse, chooseMove } from "@/lib/bot";
import { weights } from "@/lib/bot/evaluate";
import { Game, variantIds } from "@/lib/rules";
import { getVariant } from "@/lib/rules/variants";

const BUDGET = { level: 8, nodes: 30_000, seed: 1 };

/** A copy of the game to try moves on. */
const copy = (g: Game) => Game.replay(g.variant.id, g.startFen, g.moves);
const mover = (g: Game) => (g.turn() === "white" ? "white-wins" : "black-wins");

/** The legal moves of the side to move that win at once, by the engine's judgement. */
function winningMoves(g: Game): string[] {
  const wins = mover(g);
  return g.legalMoves().filter((m) => {
    const c = copy(g);
    c.play(m.text);
    return c.status().result === wins;
  }).map((m) => m.text);
}

/** Does `move` win by force on the next move: every reply leaves a move that wins at once? */
function forcesWinNext(g: Game, move: string): boolean {
  const wins = mover(g);
  const after = copy(g);
  after.play(move);
  if (after.status().result === wins) return true;
  if (after.status().result !== "ongoing") return false;
  return after.legalMoves().every((reply) => {
    const c = copy(after);
    c.play(reply.text);
    return c.status().result === wins || (c.status().result === "ongoing" && winningMoves(c).length > 0);
  });
}

/**
 * Two rooks against a lone king in the top-left corner (in the palace, where the game has one),
 * on the game's own board: mate in one (a rook holds the rank below, the other mates along the
 * top rank), or in two (the holding rook still to be brought up).
 */
function ladder(id: string, moves: 1 | 2): string {
  const v = getVariant(id);
  const { files, ranks } = v.decl;
  const palace = v.decl.palaces !== undefined;
  const rows: string[][] = Array.from({ length: ranks }, () => Array<string>(files).fill(""));
  const put = (file: number, rank: number, piece: string) => (rows[ranks - 1 - rank][file] = piece);
  put(palace ? 4 : 0, ranks - 1, "k");
  put(palace ? 3 : Math.min(4, files - 3), 0, "K");
  put(files - 1, 0, "R");
  if (moves === 1) put(palace ? 0 : files - 2, ranks - 2, "R");
  else put(palace ? 0 : files - 2, 1, "R");
  // Where a bare king loses at once, Black keeps a knight, far from the king.
  if (v.decl.bareRoyal) put(0, 0, "n");
  const placement = rows.map((row) => {
    let out = "";
    let empty = 0;
    for (const c of row) {
      if (c === "") empty++;
      else {
        out += (empty ? String(empty) : "") + c;
        empty = 0;
      }
    }
    return out + (empty ? String(empty) : "");
  }).join("/");
  const hand = v.mechanics.some((m) => m.fenMarks?.holdings) ? "[]" : "";
  return `${placement}${hand} w - - 0 1`;
}

/** Games where a royal piece is mated: the king's games, and the extinction games whose last royal piece must be kept safe. */
const mated = variantIds().filter((id) => {
  const v = getVariant(id);
  return v.royalKind === "king" || (v.royalKind === "extinction" && v.royalCheck && v.extinctionLoses);
});

describe("mates", () => {
  it("covers the games with a royal piece to mate", () => {
    expect(mated).toEqual(expect.arrayContaining(["chess", "compound", "shogi", "minishogi", "xiangqi", "janggi", "atomic", "royal-substitute", "sittuyin"]));
    expect(mated).not.toContain("friendly");
  });

  it.each(mated)("%s: mate in one", (id) => {
    const g = Game.start(id, ladder(id, 1));
    const wins = winningMoves(g);
    expect(wins.length).toBeGreaterThan(0);
    const move = chooseMove(g, BUDGET);
    expect(wins).toContain(move);
  });

  it.each(mated)("%s: mate in two", (id) => {
    const g = Game.start(id, ladder(id, 2));
    // No mate in one here: the bot has to see two moves ahead.
    expect(winningMoves(g)).toEqual([]);
    const move = chooseMove(g, BUDGET);
    expect(forcesWinNext(g, move)).toBe(true);
  });

  it("Crazyhouse: mates by a drop from the hand", () => {
    const g = Game.start("crazyhouse", "7k/6pp/8/8/8/8/8/K7[R] w - - 0 1");
    const wins = winningMoves(g);
    expect(wins).toContain("R*a8");
    expect(wins).toContain(chooseMove(g, BUDGET));
  });

  it("Duck chess and Fog of War: takes the king", () => {
    const duck = Game.start("duck", "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1");
    expect(chooseMove(duck, BUDGET)).toMatch(/^R e2-e8; duck /);
    const fog = Game.start("fog-of-war", "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1");
    expect(chooseMove(fog, BUDGET)).toBe("R e2-e8");
  });
});

describe("material", () => {
  it("takes a hanging piece", () => {
    expect(chooseMove(Game.start("chess", "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1"), BUDGET)).toBe("R d2-d5");
    expect(chooseMove(Game.start("xiangqi", "5k3/9/9/9/4r4/9/9/9/4R4/3K5 w - - 0 1"), BUDGET)).toBe("R e2-e6");
  });

  it("does not leave its queen to be taken", () => {
    // The queen stands attacked by a pawn defended by a pawn.
    const g = Game.start("chess", "4k3/8/1p6/2p5/3Q4/8/8/4K3 w - - 0 1");
    const move = chooseMove(g, BUDGET);
    const after = copy(g);
    after.play(move);
    for (const reply of after.legalMoves()) {
      const c = copy(after);
      c.play(reply.text);
      expect(c.board().some((s) => s.pieces.some((p) => p.color === "white" && p.letter === "Q")), `${move} then ${reply.text}`).toBe(true);
    }
  });

  it("Antichess: gives its last piece away, where orthodox chess keeps it", () => {
    const fen = "8/8/8/3p4/R7/8/8/8 w - - 0 1";
    const g = Game.start("antichess", fen);
    const move = chooseMove(g, BUDGET);
    const after = copy(g);
    after.play(move);
    // Black must take, and White, with nothing left, wins.
    expect(after.legalMoves().length).toBeGreaterThan(0);
    for (const reply of after.legalMoves()) {
      const c = copy(after);
      c.play(reply.text);
      expect(c.status()).toEqual({ result: "white-wins", reason: "all-pieces-lost" });
    }
    const chess = Game.start("chess", "7k/8/8/3p4/R7/8/8/7K w - - 0 1");
    const kept = copy(chess);
    kept.play(chooseMove(chess, BUDGET));
    expect(kept.legalMoves().every((m) => {
      const c = copy(kept);
      c.play(m.text);
      return c.board().some((s) => s.pieces.some((p) => p.color === "white" && p.letter === "R"));
    })).toBe(true);
  });

  it("Crazyhouse and Shogi: a piece in hand is worth more than on the board, as they declare", () => {
    for (const id of ["crazyhouse", "shogi", "minishogi"]) {
      const v = getVariant(id);
      const w = weights(v);
      const rook = v.byLetter.get("R")!;
      expect(w.inHand[rook]).toBeGreaterThan(w.value[rook]);
    }
    // With the same board, the side holding a knight stands better by more than a knight on the board is worth.
    const v = getVariant("crazyhouse");
    const with_ = analyse(Game.start("crazyhouse", "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[N] w - - 0 1"), { level: 8, nodes: 2, seed: 1 });
    const without = analyse(Game.start("crazyhouse", "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[] w - - 0 1"), { level: 8, nodes: 2, seed: 1 });
    expect(with_.score - without.score).toBeGreaterThan(weights(v).value[v.byLetter.get("N")!]);
  });

  it("Compound Chess: the values its page gives", () => {
    const v = getVariant("compound");
    const w = weights(v);
    const value = (l: string) => w.value[v.byLetter.get(l)!];
    expect([value("S"), value("D"), value("B"), value("R"), value("C"), value("Q")]).toEqual([150, 500, 525, 700, 750, 1250]);
    expect(value("K")).toBe(0);
  });

  it("estimates undeclared pieces from their moves, near their usual values", () => {
    const v = getVariant("chess");
    const w = weights(v);
    const value = (l: string) => w.value[v.byLetter.get(l)!] / 100;
    expect(value("N")).toBeCloseTo(3, 0);
    expect(value("B")).toBeGreaterThan(value("N"));
    expect(value("R")).toBeCloseTo(5, 0);
    expect(value("Q")).toBeGreaterThan(value("R") + value("N"));
    expect(value("P")).toBe(1);
    expect(value("K")).toBe(0);
  });
});

describe("repeatable", () => {
  it("the same seed and node budget give the same move, and the game is not changed", () => {
    for (const id of ["chess", "shogi", "friendly", "duck"]) {
      for (const level of [2, 4, 8]) {
        const g = Game.start(id);
        const fen = g.fen();
        const a = analyse(g, { level, nodes: 1500, seed: 42 });
        const b = analyse(g, { level, nodes: 1500, seed: 42 });
        expect(b.move).toBe(a.move);
        expect(b.nodes).toBe(a.nodes);
        expect(b.score).toBe(a.score);
        expect(g.fen()).toBe(fen);
        expect(g.ply).toBe(0);
      }
    }
  });
});
