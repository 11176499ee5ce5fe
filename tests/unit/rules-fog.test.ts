/**
 * Fog of War (docs/games/fog-of-war.md): chess without check whose king is taken, a draw
 * without a move, and each player's view — `?` for every square they cannot see — which the
 * rules read back, so the moves offered from a view are the player's real legal moves.
 * tests/unit/oracle.test.ts compares the real game with Fairy-Stockfish; tests/fuzz/fog.test.ts
 * checks the views against the rule.
 */
import { describe, expect, it } from "vitest";
import { Game, hidesInformation, RulesError, variantIds, variantInfo, viewFen } from "@/lib/rules";
import { getVariant } from "@/lib/rules/variants";
import { Rng } from "@/tests/fuzz/random";
import { perft } from "@/lib/rules/movegen";
import { errorOf, moves, movesFrom, play, position } from "../support/rules";

const F = "fog-of-war";
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const SEED = Number(process.env.FUZZ_SEED ?? 20261201);
const POSITIONS = Number(process.env.FOG_POSITIONS ?? 4000);

describe("fog-of-war: the game and its gate", () => {
  // Whether the service offers it (variantIds) is the gate's, lib/rules/variants/index.ts: not asserted here.
  it("is known to the rules, hidden, and the only game that hides (docs/games/fog-of-war.md#what-each-player-sees)", () => {
    expect(getVariant(F).id).toBe(F);
    expect(variantIds().filter(hidesInformation)).toEqual(variantIds().includes(F) ? [F] : []);
    expect(variantInfo(F)).toMatchObject({ id: F, name: "Fog of War", startFen: START, hidden: true });
    expect(variantInfo("chess").hidden).toBe(false);
    expect(hidesInformation(F)).toBe(true);
    expect(hidesInformation("chess")).toBe(false);
    expect(hidesInformation("duck")).toBe(false);
  });
});

describe("fog-of-war: chess without check (docs/games/fog-of-war.md#no-check)", () => {
  it("perft as Fairy-Stockfish counts it (docs/games/fog-of-war.md#perft)", () => {
    expect([1, 2, 3].map((d) => perft(position(F, START), d))).toEqual([20, 400, 8902]);
    expect([1, 2].map((d) => perft(position(F, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"), d))).toEqual([48, 2049]);
  });

  it("a king may move into attack and stay attacked", () => {
    // The rook on e8 attacks e1 and e2; the king may stay, step along the file, or take nothing.
    expect(movesFrom(F, "4r1k1/8/8/8/8/8/8/4K3 w - - 0 1", "e1")).toEqual(["K e1-d1", "K e1-d2", "K e1-e2", "K e1-f1", "K e1-f2"]);
    expect(moves(F, "4r1k1/8/8/8/8/8/8/4K3 w - - 0 1")).toContain("K e1-e2");
  });

  it("castling out of, through and into attack is allowed", () => {
    // Out of: the rook on e8 attacks the king; through: f8 attacks f1, d8 attacks d1; into: g8 and c8.
    for (const fen of ["4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "3r1rk1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "2r3r1/7k/8/8/8/8/8/R3K2R w KQ - 0 1"]) {
      expect(movesFrom(F, fen, "e1"), fen).toEqual(expect.arrayContaining(["K e1-c1", "K e1-g1"]));
    }
    // Chess itself refuses the same castlings.
    expect(movesFrom("chess", "3r1rk1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1")).not.toContain("K e1-g1");
  });

  it("taking the king wins (king-captured); the side left without a king has no move", () => {
    const g = play(F, "4k3/8/8/8/8/8/8/4RK2 w - - 0 1", "R e1-e8");
    expect(g.status()).toEqual({ result: "white-wins", reason: "king-captured" });
    expect(g.legalMoves()).toEqual([]);
  });

  it("no legal move is a draw by stalemate (docs/games/fog-of-war.md#winning)", () => {
    // Every piece of Black's walled in by Black's own, the pawns at the bottom blocked by White's with nothing to take.
    const g = Game.start(F, "knb5/pb1p4/p1pP4/p1P5/P7/8/8/7K b - - 0 1");
    expect(g.legalMoves()).toEqual([]);
    expect(g.status()).toEqual({ result: "draw", reason: "stalemate" });
  });

  it("two lone kings play on: no dead positions (docs/games/fog-of-war.md#draws)", () => {
    expect(Game.start(F, "4k3/8/8/8/8/8/8/4K3 w - - 0 1").status()).toEqual({ result: "ongoing" });
  });
});

describe("fog-of-war: the view (docs/games/fog-of-war.md#the-view-as-fen)", () => {
  it("each side's view of the start: its two ranks and the two ahead of its pawns, its own castling rights", () => {
    expect(viewFen(F, START, "white")).toBe("????????/????????/????????/????????/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1");
    expect(viewFen(F, START, "black")).toBe("rnbqkbnr/pppppppp/8/8/????????/????????/????????/???????? w kq - 0 1");
  });

  it("agrees with Fairy-Stockfish's own fog example (its test.py, with `*` for `?`), fields as our rule says", () => {
    const fen = "rnbqkbnr/p1p2ppp/8/Pp1pp3/4P3/8/1PPP1PPP/RNBQKBNR w KQkq b6 0 1";
    const fairyStockfish = "********/********/2******/Pp*p***1/4P3/4*3/1PPP1PPP/RNBQKBNR w KQkq b6 0 1";
    const [placement, side, , ep, ...counters] = fairyStockfish.replaceAll("*", "?").split(" ");
    expect(viewFen(F, fen, "white")).toBe([placement, side, "KQ", ep, ...counters].join(" "));
  });

  it("a pawn's diagonals: seen with something to take or the en passant square, not otherwise", () => {
    // White pawn e4: d5 holds a pawn to take, e5 is its step ahead; f5 is empty and unseen.
    expect(viewFen(F, "4k3/8/8/3p4/4P3/8/8/K7 w - - 0 1", "white").split("/")[3]).toBe("???p1???");
    // The pawn blocked by a piece ahead does not see it: e5 stays unseen.
    expect(viewFen(F, "4k3/8/8/4p3/4P3/8/8/K7 w - - 0 1", "white").split("/")[3]).toBe("????????");
  });

  it("en passant: the square seen and written for the side to move, the pawn to be taken not seen for it", () => {
    const fen = "4k3/8/8/3pP3/8/8/8/K7 w - d6 0 1";
    const view = viewFen(F, fen, "white");
    // d6 and e6 seen (the capture and the step), d5's pawn not; the king's three squares.
    expect(view).toBe("????????/????????/???2???/????P???/????????/????????/2??????/K1?????? w - d6 0 1");
    // Played from the view, the capture is there and takes the unseen pawn.
    const g = Game.start(F, view);
    expect(g.legalMoves().map((m) => m.text)).toContain("P e5-d6");
    g.play("P e5-d6");
    expect(g.fen()).toBe("????????/????????/???P1???/???2???/????????/????????/2??????/K1?????? b - - 0 1");
    // Black, not to move, has no en passant square in its view.
    expect(viewFen(F, fen, "black").split(" ")[3]).toBe("-");
  });

  it("castling: the squares the king and rook land on are seen while it is legal; only one's own rights are shown", () => {
    const fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    expect(viewFen(F, fen, "white").split(" ")[2]).toBe("KQ");
    expect(viewFen(F, fen, "black").split(" ")[2]).toBe("kq");
    const rank1 = (f: string) => viewFen(F, f, "white").split(" ")[0].split("/")[7];
    expect(rank1("4k3/8/8/8/8/8/3PPP2/R3K3 w Q - 0 1")).toBe("R3K1??");
    // A knight on b1 stops castling: c1, which no other move of White's reaches, is unseen.
    expect(rank1("4k3/8/8/8/8/8/3PPP2/RN2K3 w Q - 0 1")).toBe("RN?1K1??");
  });

  it("the halfmove clock is 0, the move number as it is: the clock would tell when the opponent took or moved a pawn", () => {
    const fen = "4k3/8/8/8/8/8/8/R3K3 w Q - 37 60";
    for (const side of ["white", "black"] as const) expect(viewFen(F, fen, side).split(" ").slice(4)).toEqual(["0", "60"]);
  });

  it("writes `?` one a square and reads it back only for a game that hides information", () => {
    const view = viewFen(F, START, "white");
    expect(Game.start(F, view).fen()).toBe(view);
    expect(errorOf(() => Game.start("chess", view))).toMatch(/hides no squares/);
    expect(errorOf(() => Game.start("duck", view))).toMatch(/hides no squares/);
    expect(() => viewFen("chess", START, "white")).toThrow(RulesError);
    expect(errorOf(() => viewFen(F, "not a fen", "white"))).toMatch(/FEN/);
    // A caller's wrong side (a spectator's null, a typo) is an error, never Black's view.
    for (const side of [null, undefined, "red", "Black", ""]) expect(() => viewFen(F, START, side as unknown as "white")).toThrow(RulesError);
  });

  it("a `?` blocks every piece and is neither entered nor taken", () => {
    // A rook below an unseen a4, a bishop's diagonal cut at e3, a knight's square f3 unseen.
    const view = "4k3/8/8/8/?7/4??2/8/R1B1K1N1 w - - 0 1";
    const g = Game.start(F, view);
    const from = (sq: string) => g.legalMoves().map((m) => m.text).filter((m) => m.slice(2, 4) === sq).sort();
    expect(from("a1")).toEqual(["R a1-a2", "R a1-a3", "R a1-b1"]);
    expect(from("c1")).toEqual(["B c1-a3", "B c1-b2", "B c1-d2"]);
    expect(from("g1")).toEqual(["N g1-e2", "N g1-h3"]);
    expect(errorOf(() => Game.start(F, view).play("R a1-a4"))).toBeTruthy();
    expect(errorOf(() => Game.start(F, view).play("N g1-f3"))).toBeTruthy();
    const pawn = Game.start(F, "4k3/8/8/8/8/?7/P7/4K3 w - - 0 1");
    expect(pawn.legalMoves().map((m) => m.text).filter((m) => m.startsWith("P"))).toEqual([]);
  });

  it("a view judges no extinction: the opponent's king may stand unseen", () => {
    const g = Game.start(F, viewFen(F, START, "white"));
    expect(g.status()).toEqual({ result: "ongoing" });
    expect(g.legalMoves()).toHaveLength(20);
  });

  it("the board of a view marks unseen squares, never a duck", () => {
    const board = Game.start(F, viewFen(F, START, "white")).board();
    expect(board.filter((s) => s.unseen)).toHaveLength(32);
    expect(board.some((s) => s.duck)).toBe(false);
  });
});

describe(`fog-of-war: the moves from a player's view are their real legal moves (${POSITIONS} seeded positions, FUZZ_SEED=${SEED})`, () => {
  it("moves, the builder's first actions and the game's status agree", { timeout: 120_000 }, () => {
    const rng = new Rng(SEED);
    const problems: string[] = [];
    let compared = 0;
    let captures = 0;
    while (compared < POSITIONS && problems.length < 3) {
      const g = Game.start(F);
      const bias = rng.pick([0, 0.5, 0.9]);
      for (let ply = 0; ply < 200 && compared < POSITIONS; ply++) {
        const legal = g.legalMoves();
        const fen = g.fen();
        const view = Game.start(F, viewFen(F, fen, g.turn()));
        const ours = legal.map((m) => m.text).sort();
        const seen = view.legalMoves().map((m) => m.text).sort();
        compared++;
        if (JSON.stringify(ours) !== JSON.stringify(seen)) problems.push(`${fen} as ${g.turn()}: real [${ours.join(", ")}], from the view [${seen.join(", ")}]`);
        const first = (x: Game) => JSON.stringify(x.nextActions([]).actions.map((a) => JSON.stringify(a)).sort());
        if (first(g) !== first(view)) problems.push(`${fen}: the builder's first actions differ in the view`);
        // The game goes on here (it stops at its end), so the view's status is the position's: ongoing, or stalemate.
        if (JSON.stringify(g.status()) !== JSON.stringify(view.status())) problems.push(`${fen}: status ${JSON.stringify(g.status())}, from the view ${JSON.stringify(view.status())}`);
        if (legal.length === 0) break;
        const taking = legal.filter((m) => m.actions.some((a) => a.type === "step" && g.board().some((s) => s.square === a.to && s.pieces.some((p) => p.color !== g.turn()))));
        const move = taking.length && rng.chance(bias) ? rng.pick(taking) : rng.pick(legal);
        if (taking.includes(move)) captures++;
        g.play(move.text);
        if (g.status().result !== "ongoing") break;
      }
    }
    expect(problems).toEqual([]);
    expect(compared).toBe(POSITIONS);
    // The positions reach captures (unseen pieces taken, kings among them), not only openings.
    expect(captures).toBeGreaterThan(POSITIONS / 20);
  });
});
