import { describe, expect, it } from "vitest";
import { makePgn, Game, makeGameRecord, parseGameRecord, unwrap } from "@/lib/rules";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

function played(variant: string, moves: string[], fen = "start") {
  const g = Game.start(variant, fen);
  for (const m of moves) g.play(m);
  return g;
}

describe("game records", () => {
  it("exports the project's notation with tags, numbers and result, and reads it back", () => {
    const moves = ["P e2-e4", "p e7-e5", "N g1-f3", "n b8-c6", "B f1-c4", "n g8-f6", "K e1-g1"];
    const text = makeGameRecord({ variant: "chess", startFen: START, moves, result: "*", tags: { White: "Alice", Black: 'Bob "B"', Date: "2026.11.29" } });
    expect(text).toContain('[White "Alice"]');
    expect(text).toContain('[Black "Bob \\"B\\""]');
    expect(text).toContain('[Variant "chess"]');
    expect(text).not.toContain("[FEN");
    expect(text).toContain("1. P e2-e4 p e7-e5 2. N g1-f3 n b8-c6 3. B f1-c4 n g8-f6 4. K e1-g1 *");
    const back = unwrap(parseGameRecord(text));
    expect(back.moves).toEqual(moves);
    expect(back.tags.Black).toBe('Bob "B"');
    expect(back.variant).toBe("chess");
    expect(back.game.fen()).toBe(played("chess", moves).fen());
  });

  it("keeps a non-standard start position and a Black first move", () => {
    const fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 3 40";
    const text = makeGameRecord({ variant: "chess", startFen: fen, moves: ["k e8-d7", "P e2-e4"], result: "*" });
    expect(text).toContain(`[FEN "${fen}"]`);
    expect(text).toContain("40... k e8-d7 41. P e2-e4 *");
    expect(unwrap(parseGameRecord(text)).moves).toEqual(["k e8-d7", "P e2-e4"]);
  });

  it("round-trips Compound and Royal Substitute games", () => {
    for (const [variant, moves] of [
      ["compound", ["S e2-e4", "s e7-e5", "D b1-c3"]],
      ["royal-substitute", ["P a2-a3", "p a6-a5", "N b2-c4"]],
    ] as const) {
      const g = played(variant, [...moves]);
      const back = unwrap(parseGameRecord(makeGameRecord({ variant, startFen: g.startFen, moves: g.moves, result: "*" })));
      expect(back.variant).toBe(variant);
      expect(back.moves).toEqual(moves);
    }
  });

  it("reads multi-action moves: actions continue after a ';'", () => {
    const text = '[Variant "chess"]\n\n1. P e2-e4 p e7-e5 2. N g1-f3 *';
    expect(unwrap(parseGameRecord(text)).moves).toEqual(["P e2-e4", "p e7-e5", "N g1-f3"]);
    expect(parseGameRecord('[Variant "chess"]\n\n1. P e2-e4; *').error).toMatch(/ends after a ';'/);
  });

  it("reads moves spaced by hand: a promotion's '=' and a ';' standing apart", () => {
    const chess = unwrap(parseGameRecord('[Variant "chess"]\n[FEN "8/P6k/8/8/8/8/8/K7 w - - 0 1"]\n\n1. P a7-a8 = Q *'));
    expect(chess.moves).toEqual(["P a7-a8=Q"]);
    const shogi = unwrap(parseGameRecord('[Variant "shogi"]\n\n1. P c3-c4 p g7-g6 2. B b2-h8 =+B *'));
    expect(shogi.moves).toEqual(["P c3-c4", "p g7-g6", "B b2-h8=+B"]);
    const duck = unwrap(parseGameRecord('[Variant "duck"]\n\n1. N g1-f3 ; duck e3 *'));
    expect(duck.moves).toEqual(["N g1-f3; duck e3"]);
  });

  it("names the first move that is not legal", () => {
    const text = '[Variant "chess"]\n\n1. P e2-e4 p e7-e5 2. P e4-e5 n b8-c6 *';
    expect(parseGameRecord(text).error).toBe("move 2, White: P e4-e5 is not a legal move here");
    // SAN as written, with the reason (docs/notation.md#san).
    expect(parseGameRecord('[Variant "chess"]\n\n1. e4 e5 2. Ke3 Nc6 *').error).toBe("move 2, White: Ke3: the king on e1 cannot go to e3");
    expect(parseGameRecord('[Variant "chess"]\n\n1. e4 e5 2. Nf3 Nx *').error).toMatch(/^move 2, Black: Nx: cannot read move 'Nx'/);
    expect(parseGameRecord('[Variant "checkers"]\n\n*').error).toMatch(/unknown Variant/);
  });
});

describe("PGN with SAN for orthodox chess", () => {
  it("writes SAN with captures, castling, disambiguation, promotion, en passant, check and mate", () => {
    const g = played("chess", ["P f2-f3", "p e7-e5", "P g2-g4", "q d8-h4"]);
    const pgn = makePgn({ variant: "chess", startFen: START, moves: g.moves, result: "0-1", tags: { White: "A", Black: "B" } });
    expect(pgn).toContain("1. f3 e5 2. g4 Qh4# 0-1");
    expect(pgn).toContain('[Result "0-1"]');
    expect(pgn).not.toContain("Variant");

    const fen = "r3k2r/1P6/8/3pP3/8/8/8/R3K1NR w KQkq d6 0 1";
    const ep = played("chess", ["P e5-d6"], fen);
    expect(makePgn({ variant: "chess", startFen: ep.startFen, moves: ep.moves, result: "*" })).toContain("1. exd6 *");
    const promo = played("chess", ["P b7-a8=Q"], fen);
    expect(makePgn({ variant: "chess", startFen: fen, moves: promo.moves, result: "*" })).toContain("1. bxa8=Q+ *");
    const castle = played("chess", ["K e1-c1"], fen);
    expect(makePgn({ variant: "chess", startFen: fen, moves: castle.moves, result: "*" })).toContain("1. O-O-O *");
    const twoKnights = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";
    const d = played("chess", ["N b1-d2"], twoKnights);
    expect(makePgn({ variant: "chess", startFen: twoKnights, moves: d.moves, result: "*" })).toContain("1. Nbd2 *");
    const rooks = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
    const r = played("chess", ["R a1-a3"], rooks);
    expect(makePgn({ variant: "chess", startFen: rooks, moves: r.moves, result: "*" })).toContain("1. R1a3 *");
  });

  it("imports standard PGN with SAN, comments and annotations", () => {
    const pgn = `[Event "Casual"]\n[White "X"]\n[Black "Y"]\n[Result "1-0"]\n\n1. e4 {best by test} e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3! Nb8?! 1-0`;
    const r = unwrap(parseGameRecord(pgn));
    expect(r.variant).toBe("chess");
    expect(r.result).toBe("1-0");
    expect(r.moves.slice(0, 4)).toEqual(["P e2-e4", "p e7-e5", "N g1-f3", "n b8-c6"]);
    expect(r.moves[8]).toBe("K e1-g1");
    expect(r.moves[15]).toBe("k e8-g8");
    expect(r.moves).toHaveLength(18);
    // And our own PGN export reads back to the same game.
    const again = unwrap(parseGameRecord(makePgn({ variant: "chess", startFen: START, moves: r.moves, result: "1-0" })));
    expect(again.moves).toEqual(r.moves);
  });
});
