/**
 * Positions and moves as text (docs/notation.md): FEN parse/print round trips, every
 * FEN rejection the contract lists with a clear message, move text read tolerantly
 * and printed canonically, and illegal moves refused with a reason.
 */
import { describe, expect, it } from "vitest";
import { Game, RulesError, makeMoveText, parseActions } from "@/lib/rules";
import { parseFen, makeFen } from "@/lib/rules/notation/fen";
import { unwrap } from "@/lib/rules/result";
import { getVariant } from "@/lib/rules/variants";
import { errorOf, play } from "../support/rules";

const roundTrip = (variant: string, fen: string) => makeFen(unwrap(parseFen(getVariant(variant), fen)));
const rejection = (variant: string, fen: string): string => {
  const read = parseFen(getVariant(variant), fen);
  if (read.ok) throw new Error(`${variant} FEN accepted: ${fen}`);
  expect(read.error).not.toContain("\n");
  return read.error;
};

describe("FEN round trips", () => {
  it("start positions", () => {
    for (const [v, fen] of [
      ["chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"],
      ["compound", "rdcbqkbcdr/ssssssssss/10/10/10/10/SSSSSSSSSS/RDCBQKBCDR w KQkq - 0 1"],
      ["royal-substitute", "rphpqphpr/pnpqpqpnp/9/9/9/PNPQPQPNP/RPHPQPHPR w - - 0 1"],
    ]) {
      expect(roundTrip(v, fen)).toBe(fen);
      expect(Game.start(v).fen()).toBe(fen);
      expect(Game.start(v, "start").fen()).toBe(fen);
    }
  });

  it("ten files: '10' for an empty rank, numbers either side of pieces", () => {
    for (const fen of [
      "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1",
      "5k4/10/2s3S3/4S5/4Q2s2/10/4s5/9K w - - 17 42",
      "r4k3r/10/10/10/3Sd5/10/10/R4K3R b Kq d3 0 9",
    ]) {
      expect(roundTrip("compound", fen)).toBe(fen);
    }
  });

  it("positions in mid-game, with every field", () => {
    for (const fen of [
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
      "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
      "4k3/8/8/8/8/8/8/4K2R w K - 99 123",
    ]) {
      expect(roundTrip("chess", fen)).toBe(fen);
    }
    expect(roundTrip("royal-substitute", "4K2pp/9/1h7/9/4Q4/p8/8N b - - 12 30")).toBe("4K2pp/9/1h7/9/4Q4/p8/8N b - - 12 30");
  });

  it("the FEN a game prints reads back to the same position and moves", () => {
    for (const [v, moves] of [
      ["chess", ["P e2-e4", "p c7-c5", "N g1-f3", "p d7-d6", "B f1-b5", "n b8-c6", "K e1-g1"]],
      ["compound", ["S e2-e4", "s f7-f5", "D i1-h3", "c h8-i6", "S e4-f5"]],
      ["royal-substitute", ["P e2-e4", "p e6-e4", "Q d2-d5", "p c6-c4"]],
    ] as [string, string[]][]) {
      const g = play(v, "start", ...moves);
      const again = Game.start(v, g.fen());
      expect(again.fen()).toBe(g.fen());
      expect(again.legalMoves().map((m) => m.text).sort()).toEqual(g.legalMoves().map((m) => m.text).sort());
    }
  });
});

describe("FEN rejections", () => {
  it("a letter foreign to the game", () => {
    expect(rejection("chess", "4k3/8/8/8/8/8/8/4K2S w - - 0 1")).toMatch(/'S' is not a piece of Chess/);
    expect(rejection("compound", "5k4/10/10/10/10/10/10/4NK4 w - - 0 1")).toMatch(/'N' is not a piece of Compound Chess/);
    expect(rejection("royal-substitute", "4p4/9/9/9/9/9/P3b4 w - - 0 1")).toMatch(/'b' is not a piece of Royal Substitute/);
    expect(rejection("chess", "4k3/8/8/8/8/8/8/4K2? w - - 0 1")).toMatch(/'\?'/);
  });

  it("a castling right without its king and rook on their squares", () => {
    expect(rejection("chess", "4k3/8/8/8/8/8/8/4K3 w K - 0 1")).toMatch(/castling right 'K'.*e1.*h1/);
    expect(rejection("chess", "r3k2r/8/8/8/8/8/8/R4K1R w Q - 0 1")).toMatch(/castling right 'Q'.*e1.*a1/);
    expect(rejection("chess", "r3k3/8/8/8/8/8/8/R3K2R w KQk - 0 1")).toMatch(/castling right 'k'.*e8.*h8/);
    expect(rejection("compound", "r4k3r/10/10/10/10/10/10/R3K4R w K - 0 1")).toMatch(/castling right 'K'.*f1.*j1/);
    expect(rejection("compound", "r4k3r/10/10/10/10/10/10/R4K2R1 w K - 0 1")).toMatch(/castling right 'K'.*f1.*j1/);
    expect(rejection("chess", "r3k2r/8/8/8/8/8/8/R3K2R w KK - 0 1")).toMatch(/castling/);
    expect(rejection("chess", "r3k2r/8/8/8/8/8/8/R3K2R w X - 0 1")).toMatch(/castling/);
  });

  it("Royal Substitute has no castling and no en passant", () => {
    expect(rejection("royal-substitute", "rphpqphpr/pnpqpqpnp/9/9/9/PNPQPQPNP/RPHPQPHPR w KQkq - 0 1")).toMatch(/castling/);
    expect(rejection("royal-substitute", "rphpqphpr/pnpqpqpnp/9/9/4P4/PNPQ1QPNP/RPHPQPHPR b - e3 0 1")).toMatch(/en passant/);
  });

  it("an impossible en passant square", () => {
    // Wrong rank for the side to move.
    expect(rejection("chess", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e6 0 1")).toMatch(/en passant square e6/);
    // No pawn that could just have double-stepped.
    expect(rejection("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1")).toMatch(/en passant square e6/);
    // The square the pawn came from is occupied.
    expect(rejection("chess", "rnbqkbnr/pppppppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 2")).toMatch(/en passant square e6/);
    // The en passant square itself is occupied.
    expect(rejection("chess", "rnbqkbnr/pppp1ppp/4n3/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 2")).toMatch(/en passant square e6/);
    expect(rejection("chess", "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 2")).toMatch(/en passant/);
    // Compound: only a Sergeant double-steps.
    expect(rejection("compound", "5k4/10/10/3d6/10/10/10/5K4 w - d6 0 1")).toMatch(/en passant square d6/);
    // and the good ones are accepted
    expect(roundTrip("companion", "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 2")).toContain(" e6 ");
    // Orthodox chess reads it, and writes it only where a pawn stands to take (docs/notation.md#en-passant-square).
    expect(roundTrip("chess", "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 2")).toContain(" - ");
    expect(roundTrip("chess", "rnbqkbnr/pppp1ppp/8/3Pp3/8/8/PPP1PPPP/RNBQKBNR w KQkq e6 0 2")).toContain(" e6 ");
    expect(roundTrip("compound", "5k4/10/10/3s6/10/10/10/5K4 w - d6 0 1")).toContain(" d6 ");
  });

  it("the side not to move in check", () => {
    expect(rejection("chess", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1")).toMatch(/not to move.*Black.*in check/);
    expect(rejection("compound", "5k4/10/10/10/10/10/10/5R3K w - - 0 1")).toMatch(/in check/);
    // Royal Substitute: the last royal piece attacked …
    expect(rejection("royal-substitute", "4p4/9/9/9/9/9/P3R4 w - - 0 1")).toMatch(/in check|attacked/);
    // … but with two royal pieces, attacked ones are no check.
    expect(roundTrip("royal-substitute", "4p3p/9/9/9/9/9/P3R4 w - - 0 1")).toBe("4p3p/9/9/9/9/9/P3R4 w - - 0 1");
  });

  it("a pawn where the game never allows one", () => {
    expect(rejection("chess", "4k3/8/8/8/8/8/8/P3K3 w - - 0 1")).toMatch(/pawn cannot stand on a1/);
    expect(rejection("chess", "P3k3/8/8/8/8/8/8/4K3 w - - 0 1")).toMatch(/pawn cannot stand on a8/);
    expect(rejection("chess", "p3k3/8/8/8/8/8/8/4K3 w - - 0 1")).toMatch(/pawn cannot stand on a8/);
    expect(rejection("chess", "4k3/8/8/8/8/8/8/p3K3 w - - 0 1")).toMatch(/pawn cannot stand on a1/);
    expect(rejection("compound", "5k4/10/10/10/10/10/10/S4K4 w - - 0 1")).toMatch(/a sergeant cannot stand on a1/);
    expect(rejection("compound", "S4k4/10/10/10/10/10/10/5K4 w - - 0 1")).toMatch(/a sergeant cannot stand on a8/);
    expect(rejection("royal-substitute", "P3p4/9/9/9/9/9/P8 w - - 0 1")).toMatch(/royal pawn cannot stand on a7/);
    expect(rejection("royal-substitute", "4p4/9/9/9/9/9/p3P4 w - - 0 1")).toMatch(/royal pawn cannot stand on a1/);
    // Royal pawns may stand on their own first rank (the start position has them there).
    expect(roundTrip("royal-substitute", "4p4/9/9/9/9/9/P3P4 b - - 0 1")).toBe("4p4/9/9/9/9/9/P3P4 b - - 0 1");
  });

  it("wrong numbers of ranks or files", () => {
    expect(rejection("chess", "4k3/8/8/8/8/8/4K3 w - - 0 1")).toMatch(/7 ranks.*8/);
    expect(rejection("chess", "4k3/8/8/8/8/8/8/8/4K3 w - - 0 1")).toMatch(/9 ranks/);
    expect(rejection("chess", "4k3/8/8/8/8/9/8/4K3 w - - 0 1")).toMatch(/rank 3/);
    expect(rejection("chess", "4k3/8/8/8/8/7/8/4K3 w - - 0 1")).toMatch(/rank 3 has 7 squares/);
    expect(rejection("chess", "4k4/8/8/8/8/8/8/4K3 w - - 0 1")).toMatch(/rank 8/);
    expect(rejection("compound", "5k4/10/10/10/9/10/10/5K4 w - - 0 1")).toMatch(/rank 4 has 9 squares/);
    expect(rejection("compound", "5k4/10/10/10/10/10/5K4 w - - 0 1")).toMatch(/7 ranks/);
    expect(rejection("royal-substitute", "4p4/9/9/9/9/9/9/P8 w - - 0 1")).toMatch(/8 ranks/);
    expect(rejection("chess", "4k3/8/8/8/8/8/8/04K3 w - - 0 1")).toMatch(/empty-square count/);
  });

  it("kings: exactly one each in chess and Compound", () => {
    expect(rejection("chess", "8/8/8/8/8/8/8/4K3 w - - 0 1")).toMatch(/Black must have exactly one king/);
    expect(rejection("chess", "4k3/8/8/8/8/8/8/K3K3 w - - 0 1")).toMatch(/White must have exactly one king/);
  });

  it("garbage", () => {
    expect(rejection("chess", "")).toMatch(/6 fields/);
    expect(rejection("chess", "hello")).toMatch(/6 fields/);
    expect(rejection("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0")).toMatch(/6 fields/);
    expect(rejection("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1")).toMatch(/side to move/);
    expect(rejection("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1")).toMatch(/halfmove/);
    expect(rejection("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0")).toMatch(/fullmove/);
    expect(rejection("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1")).toMatch(/halfmove/);
    expect(rejection("chess", "x".repeat(5000))).toMatch(/too long/);
    expect(() => Game.start("chess", "nonsense")).toThrow(RulesError);
  });
});

describe("move text", () => {
  it("every form of docs/notation.md reads and prints back unchanged", () => {
    for (const t of [
      "P e2-e4", "n b8-c6", "K e1-g1", "p d2-d1=n", "Q d1-d2", "Q d2-d5; P*d6", "P*d3", "N c6-e5; P*c6",
      "B c1-f4; N f4-d5", "P e8=Q; N b1-c3", "S b7-b8=D", "K f1-i1", "Q d4; P*d3", "Q d1; pass", "pass",
      "P e6-e7=K", "R a8-a7=Q", "S j2-j4", "R a1-l12",
    ]) {
      expect(makeMoveText(unwrap(parseActions(t)))).toBe(t);
    }
  });

  it("input is tolerant of spacing; output is canonical", () => {
    expect(makeMoveText(unwrap(parseActions("  P   e2 - e4  ")))).toBe("P e2-e4");
    expect(makeMoveText(unwrap(parseActions("Pe2-e4")))).toBe("P e2-e4");
    expect(makeMoveText(unwrap(parseActions("P e7 - e8 = Q")))).toBe("P e7-e8=Q");
    expect(makeMoveText(unwrap(parseActions("Q d2-d5 ;P * d6")))).toBe("Q d2-d5; P*d6");
    expect(makeMoveText(unwrap(parseActions("PASS")))).toBe("pass");
    expect(play("chess", "start").play("  P e2 -e4 ")).toBe("P e2-e4");
    expect(play("chess", "7k/4P3/8/8/8/8/8/4K3 w - - 0 1").play("P e7-e8 = N")).toBe("P e7-e8=N");
    expect(play("compound", "start").play("S  e2-e4")).toBe("S e2-e4");
  });

  it("every legal move is listed in canonical text", () => {
    const canonical = /^[A-Za-z] [a-l](?:1[0-2]|[1-9])-[a-l](?:1[0-2]|[1-9])(?:=[A-Za-z])?$/;
    for (const v of ["chess", "compound", "royal-substitute"]) {
      for (const m of Game.start(v).legalMoves()) {
        expect(m.text).toMatch(canonical);
        expect(makeMoveText(m.actions)).toBe(m.text);
      }
    }
  });

  it("garbage is not move text, and playing it says how to write a move", () => {
    for (const t of ["", "  ", "e4", "hello", "P e2-e4;", "P e2e4", "P e2-e4=", "PP e2-e4", "P q2-q4", "P a17-a18", "P a0-a1", "P e2-e4 e5", "x".repeat(3000)]) {
      expect(parseActions(t).error, JSON.stringify(t.slice(0, 20))).toBe(`cannot read move '${t.slice(0, 80)}': write it like 'P e2-e4' or 'Q d2-d5; P*d6'`);
    }
    const g = Game.start("chess");
    expect(errorOf(() => g.play("hello"))).toMatch(/cannot read move 'hello'/);
    // SAN is move text in orthodox chess and Chess960 only (docs/notation.md#san).
    expect(errorOf(() => Game.start("compound").play("e4"))).toBe("cannot read move 'e4': write it like 'P e2-e4' or 'Q d2-d5; P*d6'");
    expect(errorOf(() => g.play("e9"))).toBe("cannot read move 'e9': write it in SAN like 'e4', 'Nf3', 'exd5', 'O-O', 'e8=Q', or like 'P e2-e4'");
    expect(() => g.play("hello")).toThrow(RulesError);
    expect(g.ply).toBe(0);
  });

  it("an illegal move is refused with a reason naming the problem", () => {
    const g = Game.start("chess");
    expect(errorOf(() => g.play("p e7-e5"))).toMatch(/p e7-e5.*not yours; it is White's turn/);
    expect(errorOf(() => g.play("N e4-e5"))).toMatch(/N e4-e5: there is no White piece on e4/);
    expect(errorOf(() => g.play("N e2-e4"))).toMatch(/N e2-e4.*pawn/);
    expect(errorOf(() => g.play("N g1-g3"))).toMatch(/N g1-g3 is not a legal move/);
    expect(errorOf(() => g.play("P e2-e9"))).toMatch(/no such square/);
    expect(errorOf(() => play("chess", "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1", "B e2-d3"))).toMatch(/B e2-d3.*leave your king in check/);
    expect(errorOf(() => play("chess", "7k/4P3/8/8/8/8/8/4K3 w - - 0 1", "P e7-e8"))).toMatch(/P e7-e8.*promotes to.*P e7-e8=Q/);
    expect(errorOf(() => play("compound", "5k4/1S8/10/10/10/10/10/5K4 w - - 0 1", "S b7-b8"))).toMatch(/promotes to/);
    expect(errorOf(() => play("chess", "4k3/8/8/8/8/8/3p4/K7 b - - 0 1", "p d2-d1"))).toMatch(/p d2-d1=[qrbn]/);
    expect(g.ply).toBe(0);
  });

  it("a replayed game names the first move that is not legal", () => {
    expect(errorOf(() => Game.replay("chess", "start", ["P e2-e4", "p e7-e5", "K e1-e3"]))).toBe("move 2, White: K e1-e3 is not a legal move here");
    // A game that starts with Black to move counts from its FEN's move number; the sides by their names in the game.
    expect(errorOf(() => Game.replay("xiangqi", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 7", ["p a7-a6", "R a1-b2"])))
      .toBe("move 8, Red: R a1-b2 is not a legal move here");
    expect(Game.replay("chess", "start", ["P e2-e4", "p e7-e5"]).moves).toEqual(["P e2-e4", "p e7-e5"]);
  });
});
