/** The board's move builder (app/_components/move-builder.ts) on positions that need each of its paths. */
import { describe, expect, it } from "vitest";
import { Game, variantIds, variantInfo, type Action } from "@/lib/rules";
import {
  EMPTY_BUILDING, click, describeContinuation, drawnPosition, exampleMove, moveSquares, nextStepHint, options, type Building,
} from "@/app/_components/move-builder";

function at(game: Game, variant: string, b: Building) {
  const { complete } = game.nextActions(b.prefix);
  return drawnPosition(game, variant, b.prefix, complete);
}

const step = (piece: string, from: string, to: string, promotion?: string): Action =>
  ({ type: "step", piece, from, to, ...(promotion ? { promotion } : {}) });

describe("move builder", () => {
  it("Duck chess: after the piece move, clicking the duck's square completes the move; the duck stays drawn until then", () => {
    const g = Game.replay("duck", "start", ["P e2-e4; duck d5"]);
    const selected = { prefix: [], selected: "d7" };
    expect(click(g, selected, at(g, "duck", selected), "d6")).toEqual({ kind: "extend", actions: [step("p", "d7", "d6")] });
    const moved = { prefix: [step("p", "d7", "d6")], selected: null };
    const drawn = at(g, "duck", moved);
    expect(drawn.squares.filter((s) => s.duck)).toEqual([{ square: "d5", pieces: [], duck: true }]);
    const o = options(g, moved, drawn);
    expect(o.targets.has("d5")).toBe(false);
    expect(o.targets.has("d7")).toBe(true);
    expect(o.targets.size).toBe(31);
    const c = click(g, moved, drawn, "e5");
    expect(c).toEqual({ kind: "extend", actions: [{ type: "duck", to: "e5" }] });
    const done = { prefix: [...moved.prefix, { type: "duck", to: "e5" } as Action], selected: null };
    expect(options(g, done, at(g, "duck", done)).finished).toBe(true);
    expect(at(g, "duck", done).squares.find((s) => s.duck)?.square).toBe("e5");
  });

  it("Duck chess: while the duck's square is chosen, the piece move is drawn as played: castling's rook, en passant's pawn", () => {
    const castling = Game.start("duck", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    const castled = { prefix: [step("K", "e1", "g1")], selected: null };
    const drawn = at(castling, "duck", castled);
    const on = (sq: string) => drawn.squares.find((s) => s.square === sq)?.pieces.map((p) => p.letter).join("") ?? "";
    expect([on("e1"), on("f1"), on("g1"), on("h1")]).toEqual(["", "R", "K", ""]);
    const o = options(castling, castled, drawn);
    expect(o.targets.has("h1")).toBe(true);
    expect(o.targets.has("f1")).toBe(false);
    const ep = Game.start("duck", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    const taken = { prefix: [step("P", "e5", "d6")], selected: null };
    const after = at(ep, "duck", taken);
    expect(after.squares.find((s) => s.square === "d5")).toBeUndefined();
    expect(options(ep, taken, after).targets.has("d5")).toBe(true);
  });

  it("picks up a piece and offers exactly its legal destinations", () => {
    const g = Game.start("chess");
    const drawn = at(g, "chess", EMPTY_BUILDING);
    expect(click(g, EMPTY_BUILDING, drawn, "e2")).toEqual({ kind: "select", square: "e2" });
    const o = options(g, { prefix: [], selected: "e2" }, drawn);
    expect([...o.targets.keys()].sort()).toEqual(["e3", "e4"]);
    expect(click(g, { prefix: [], selected: "e2" }, drawn, "e4")).toEqual({ kind: "extend", actions: [step("P", "e2", "e4")] });
    // An opponent's piece, an empty square and a piece with no move select nothing.
    expect(click(g, EMPTY_BUILDING, drawn, "e7")).toEqual({ kind: "select", square: null });
    expect(click(g, EMPTY_BUILDING, drawn, "e4")).toEqual({ kind: "select", square: null });
    expect(click(g, EMPTY_BUILDING, drawn, "a1")).toEqual({ kind: "select", square: null });
    // Clicking the piece again puts it down.
    expect(click(g, { prefix: [], selected: "e2" }, drawn, "e2")).toEqual({ kind: "select", square: null });
  });

  it("asks which piece a pawn promotes to", () => {
    const g = Game.start("chess", "7k/4P3/8/8/8/8/8/K7 w - - 0 1");
    const b = { prefix: [], selected: "e7" };
    const c = click(g, b, at(g, "chess", b), "e8");
    expect(c.kind).toBe("choose");
    if (c.kind !== "choose") return;
    expect(c.choices.map((x) => describeContinuation("chess", x)).sort()).toEqual(["Bishop", "Knight", "Queen", "Rook"]);
  });

  it("Companion: a click that could move the queen or place her pawn asks; after her move the placement is optional", () => {
    const g = Game.replay("companion", "start", ["Q d1-d2", "p e7-e5"]);
    const selected = { prefix: [], selected: "d2" };
    const drawn = at(g, "companion", selected);
    // Picking up the carrying queen shows her moves and the placements without moving.
    expect(options(g, EMPTY_BUILDING, drawn).targets.has("d3")).toBe(false);
    const c = click(g, selected, drawn, "d3");
    expect(c.kind).toBe("choose");
    if (c.kind === "choose") {
      expect(c.choices.map((x) => describeContinuation("companion", x)).sort()).toEqual(["Place the pawn on d3", "Queen d2 to d3"]);
    }
    const moved: Building = { prefix: [step("Q", "d2", "d5")], selected: null };
    const o = options(g, moved, at(g, "companion", moved));
    expect(o.complete).toBe(true);
    expect(o.finished).toBe(false);
    // Way 1 beside her new square (e5 is taken), way 2 on the square she left.
    expect([...o.targets.keys()].sort()).toEqual(["c5", "d2", "d4", "d6"]);
    // The panel says what the marks are for.
    expect(nextStepHint("companion", moved, o)).toBe("Click a marked square to put the pawn down, or end the move here.");
    expect(nextStepHint("companion", EMPTY_BUILDING, options(g, EMPTY_BUILDING, drawn))).toBeNull();
    // The exact position after the queen's move: she stands on d5, still carrying.
    const d5 = at(g, "companion", moved).squares.find((s) => s.square === "d5");
    expect(d5?.pieces).toEqual([{ color: "white", letter: "Q", carrying: true }]);
    const placed: Building = { prefix: [...moved.prefix, { type: "place", piece: "P", to: "d6" }], selected: null };
    expect(options(g, placed, at(g, "companion", placed)).finished).toBe(true);
    expect(nextStepHint("companion", placed, options(g, placed, at(g, "companion", placed)))).toBeNull();
  });

  it("Duck chess: after the piece move, the panel says to put the duck on a marked square", () => {
    const g = Game.start("duck");
    const moved: Building = { prefix: [step("P", "e2", "e4")], selected: null };
    const o = options(g, moved, at(g, "duck", moved));
    expect(o.targets.size).toBeGreaterThan(0);
    expect(nextStepHint("duck", moved, o)).toBe("Click a marked square to put the duck there.");
  });

  it("Companion: picking up one of two queens is the naming a shared placement square needs", () => {
    const g = Game.start("companion", "7k/8/8/8/8/8/8/2Q[P]1Q[P]2K w - - 0 1");
    const b = { prefix: [], selected: "e1" };
    const c = click(g, b, at(g, "companion", b), "d1");
    expect(c).toEqual({
      kind: "choose",
      choices: [[step("Q", "e1", "d1")], [{ type: "name", piece: "Q", square: "e1" }, { type: "place", piece: "P", to: "d1" }]],
    });
    // Unnamed placements of the other queen are offered only with a carrier picked up.
    expect(options(g, EMPTY_BUILDING, at(g, "companion", EMPTY_BUILDING)).targets.size).toBe(0);
  });

  it("Companion Extended: a pass is a button, named by the queen picked up", () => {
    const g = Game.start("companion-extended", "4k3/8/8/8/8/8/PPPPPPP1/Q2QK3 w - - 0 1");
    const b = { prefix: [], selected: "d1" };
    const o = options(g, b, at(g, "companion-extended", b));
    expect(o.buttons).toEqual([[{ type: "name", piece: "Q", square: "d1" }, { type: "pass" }]]);
    // The button says what the pass does, not only that it is one.
    expect(describeContinuation("companion-extended", o.buttons[0])).toBe("Pass with the queen on d1: the queen takes a new pawn to carry, to put down later");
    expect(describeContinuation("companion-extended", [{ type: "pass" }])).toBe("Pass: the queen takes a new pawn to carry, to put down later");
    expect(describeContinuation("janggi", [{ type: "pass" }])).toBe("Pass: you give up this turn");
  });

  it("Friendly: a pending promotion is offered first, then any piece moves", () => {
    const g = Game.start("friendly", "4(Pr)1k1/7p/8/8/8/8/8/1N2K3 w - - 0 1");
    const o = options(g, EMPTY_BUILDING, at(g, "friendly", EMPTY_BUILDING));
    expect(o.promotions.map((c) => describeContinuation("friendly", c)).sort()).toEqual(["Bishop", "Knight", "Queen", "Rook"]);
    const promoted: Building = { prefix: [{ type: "promote", piece: "P", square: "e8", promotion: "N" }], selected: null };
    const drawn = at(g, "friendly", promoted);
    expect(drawn.squares.find((s) => s.square === "e8")?.pieces).toEqual([{ color: "white", letter: "N" }, { color: "black", letter: "R" }]);
    expect(click(g, promoted, drawn, "e1")).toEqual({ kind: "select", square: "e1" });
    expect(click(g, promoted, drawn, "a1")).toEqual({ kind: "none" });
    expect(click(g, promoted, drawn, "b1")).toEqual({ kind: "select", square: "b1" });
    const c = click(g, { ...promoted, selected: "e1" }, drawn, "d1");
    expect(c).toEqual({ kind: "extend", actions: [step("K", "e1", "d1")] });
  });

  it("Sittuyin's setup: a piece picked from the hand, then a square, is the whole drop", () => {
    const g = Game.start("sittuyin");
    const drawn = at(g, "sittuyin", EMPTY_BUILDING);
    const o = options(g, EMPTY_BUILDING, drawn);
    expect(o.droppable.sort()).toEqual(["F", "K", "N", "R", "S"]);
    // Nothing picked: a square means any piece that may go there, so the player is asked.
    expect(click(g, EMPTY_BUILDING, drawn, "a1")).toEqual({ kind: "choose", choices: ["K", "S", "F", "R", "N"].map((p) => [{ type: "place", piece: p, to: "a1" }]) });
    const held: Building = { prefix: [], selected: null, held: "R" };
    expect([...options(g, held, drawn).targets.keys()].sort()).toEqual(["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"]);
    expect(click(g, held, drawn, "e1")).toEqual({ kind: "extend", actions: [{ type: "place", piece: "R", to: "e1" }] });
    expect(click(g, held, drawn, "e2")).toEqual({ kind: "select", square: null });
  });

  it("Crazyhouse: a drop is offered once its piece is picked from the hand, not on every empty square", () => {
    const g = Game.start("crazyhouse", "4k3/8/8/8/8/8/8/4K3[Nq] w - - 0 1");
    const drawn = at(g, "crazyhouse", EMPTY_BUILDING);
    const o = options(g, EMPTY_BUILDING, drawn);
    expect(o.droppable).toEqual(["N"]);
    expect(o.targets.size).toBe(0);
    // An empty square clicked with nothing picked is no question about what to drop there.
    expect(click(g, EMPTY_BUILDING, drawn, "d4")).toEqual({ kind: "select", square: null });
    const held: Building = { prefix: [], selected: null, held: "N" };
    expect(options(g, held, drawn).targets.size).toBe(62);
    expect(click(g, held, drawn, "d4")).toEqual({ kind: "extend", actions: [{ type: "place", piece: "N", to: "d4" }] });
    // The king picked up shows its steps only.
    expect([...options(g, { prefix: [], selected: "e1" }, drawn).targets.keys()].sort()).toEqual(["d1", "d2", "e2", "f1", "f2"]);
  });

  it("Sittuyin: an optional promotion in place is a target on the pawn's own square, not a forced choice", () => {
    const g = Game.start("sittuyin", "4k3/8/8/4P3/8/8/P7/K7[] w - - 0 1");
    const drawn = at(g, "sittuyin", EMPTY_BUILDING);
    expect(options(g, EMPTY_BUILDING, drawn).promotions).toEqual([]);
    const picked: Building = { prefix: [], selected: "e5" };
    expect([...options(g, picked, drawn).targets.keys()].sort()).toEqual(["d4", "d6", "e5", "e6", "f4", "f6"]);
    expect(click(g, picked, drawn, "e5")).toEqual({ kind: "extend", actions: [{ type: "promote", piece: "P", square: "e5", promotion: "F" }] });
  });

  it("sketches an unfinished move: the mover lands and a piece of its colour there is released", () => {
    const g = Game.start("chess");
    const d = drawnPosition(g, "chess", [step("N", "b1", "d2")], false);
    expect(d.hovering).toEqual({ square: "d2", piece: { color: "white", letter: "P" } });
    expect(d.squares.find((s) => s.square === "d2")?.pieces).toEqual([{ color: "white", letter: "N" }]);
    expect(d.squares.some((s) => s.square === "b1")).toBe(false);
    // The released piece moves on from where it hovers.
    const d2 = drawnPosition(g, "chess", [step("N", "b1", "d2"), step("P", "d2", "d4")], false);
    expect(d2.hovering).toBeNull();
    expect(d2.squares.find((s) => s.square === "d4")?.pieces).toEqual([{ color: "white", letter: "P" }]);
  });

  it("the move box's example is a move of the game being played, legal from its start", () => {
    for (const id of variantIds()) {
      const { startFen } = variantInfo(id);
      const example = exampleMove(id, startFen);
      expect(() => Game.start(id, startFen).play(example), `${id}: ${example}`).not.toThrow();
    }
    expect(exampleMove("shogi", variantInfo("shogi").startFen)).not.toBe("P e2-e4");
    // A position with no move at all (an imported finished game) still gets an example.
    expect(exampleMove("chess", "7k/5QQ1/8/8/8/8/8/K7 b - - 0 1")).toBe("P e2-e4");
  });

  it("lists the squares a move touches", () => {
    expect(moveSquares([step("Q", "d2", "d5"), { type: "place", piece: "P", to: "d6" }])).toEqual(["d2", "d5", "d6"]);
    expect(moveSquares([{ type: "promote", piece: "P", square: "e8", promotion: "Q" }, step("N", "b1", "c3")])).toEqual(["e8", "b1", "c3"]);
  });
});
