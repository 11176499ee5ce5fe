/**
 * SAN read as move text in orthodox chess and Chess960 (docs/notation.md#san): every kind
 * of move, the tolerant forms, the refusals in the players' words, and the round trip of
 * every legal move's SAN through Game.play on seeded random games. What is played is
 * always the canonical text.
 */
import { describe, expect, it } from "vitest";
import { Game, sanRecord } from "@/lib/rules";
import { parseSan } from "@/lib/rules/notation/san";
import { Rng } from "../fuzz/random";
import { errorOf } from "../support/rules";

/** The canonical text each SAN is read as, each from `fen`. */
const read = (variant: string, fen: string, ...texts: string[]) => texts.map((t) => Game.start(variant, fen).play(t));
const refusal = (variant: string, fen: string, text: string) => errorOf(() => Game.start(variant, fen).play(text));
const chess = (fen: string, ...texts: string[]) => read("chess", fen, ...texts);

describe("SAN: every kind of move", () => {
  it("pawn steps, piece moves and captures, as a game is written", () => {
    const g = Game.start("chess");
    const played = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "b5", "Bb3", "d5", "exd5", "Nxd5"].map((t) => g.play(t));
    expect(played).toEqual([
      "P e2-e4", "p e7-e5", "N g1-f3", "n b8-c6", "B f1-b5", "p a7-a6", "B b5-a4", "n g8-f6",
      "K e1-g1", "p b7-b5", "B a4-b3", "p d7-d5", "P e4-d5", "n f6-d5",
    ]);
    // Stored and given back canonical; SAN is only how it was typed.
    expect(g.moves).toEqual(played);
    expect(sanRecord("chess", g.startFen, g.moves).slice(-2)).toEqual(["exd5", "Nxd5"]);
  });

  it("disambiguation by file, by rank, by square; needless disambiguation is accepted", () => {
    const knights = "rn2k3/8/5n2/8/8/8/8/4K3 b - - 0 1";
    expect(read("chess", knights, "Nbd7", "Nfd7", "nbd7", "Nb8d7")).toEqual(["n b8-d7", "n f6-d7", "n b8-d7", "n b8-d7"]);
    const rooks = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
    expect(chess(rooks, "R1a3", "R5a3", "Ra1a3")).toEqual(["R a1-a3", "R a5-a3", "R a1-a3"]);
    expect(chess("start", "Ngf3", "Ng1f3", "Ng1-f3")).toEqual(["N g1-f3", "N g1-f3", "N g1-f3"]);
  });

  it("promotion, with or without '=', in either case, by capture too; long form e7e8q", () => {
    const fen = "3r3k/2P1P3/8/8/8/8/8/4K3 w - - 0 1";
    expect(chess(fen, "e8=Q", "e8Q", "e8=q", "e7e8n", "exd8=R+", "cxd8=B", "c8=N")).toEqual(
      ["P e7-e8=Q", "P e7-e8=Q", "P e7-e8=Q", "P e7-e8=N", "P e7-d8=R", "P c7-d8=B", "P c7-c8=N"],
    );
  });

  it("en passant: exd6, with 'e.p.' or 'ep' after it, or without the x", () => {
    const fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
    expect(chess(fen, "exd6", "exd6 e.p.", "exd6ep", "ed6")).toEqual(Array(4).fill("P e5-d6"));
  });

  it("check and mate marks and annotations are optional, and not checked", () => {
    const fools = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2";
    expect(read("chess", fools, "Qh4#", "Qh4", "Qh4+", "Qh4!?", "Qh4#!")).toEqual(Array(5).fill("q d8-h4"));
    expect(chess("start", "e4+", "Nf3#")).toEqual(["P e2-e4", "N g1-f3"]);
  });

  it("orthodox castling: O-O and O-O-O, 0-0 and o-o, and the king's step Kg1", () => {
    const fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    expect(chess(fen, "O-O", "0-0", "o-o", "O-O+", "Kg1")).toEqual(Array(5).fill("K e1-g1"));
    expect(chess(fen, "O-O-O", "0-0-0", "O-O-O#", "Kc1")).toEqual(Array(4).fill("K e1-c1"));
  });

  it("Chess960 castling is O-O / O-O-O, wherever king and rook stand; Kg1 is a king's step", () => {
    // The king on c1 castles long without moving (the rook b1 goes to d1), short to g1.
    const kc1 = "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1RK4R w HBhb - 0 1";
    expect(read("chess960", kc1, "O-O-O", "0-0-0+", "O-O", "Kd1")).toEqual(["O-O-O", "O-O-O", "O-O", "K c1-d1"]);
    const g = Game.start("chess960", kc1);
    g.play("O-O-O");
    expect(g.fen().split(" ")[0].split("/")[7]).toBe("2KR3R");
    // The king on f1: O-O puts it on g1 and the rook on f1; Kg1 is the king's own step, the rook stays.
    const kf1 = "1r3k1r/pppppppp/8/8/8/8/PPPPPPPP/1R3K1R w HBhb - 0 1";
    const castled = Game.start("chess960", kf1);
    castled.play("O-O");
    expect(castled.fen().split(" ")[0].split("/")[7]).toBe("1R3RK1");
    const stepped = Game.start("chess960", kf1);
    expect(stepped.play("Kg1")).toBe("K f1-g1");
    expect(stepped.fen().split(" ")[0].split("/")[7]).toBe("1R4KR");
    expect(read("chess960", "start", "e4", "Nf3")).toEqual(["P e2-e4", "N g1-f3"]);
  });

  it("lower-case piece letters; a lower-case b is the b-file, or a bishop where no b-pawn's move fits", () => {
    expect(chess("start", "nf3", "nc3", "pe4")).toEqual(["N g1-f3", "N b1-c3", "P e2-e4"]);
    // b3 pawn, e2 bishop, a black pawn on c4: both can take it; bxc4 is the pawn's, as SAN writes it.
    const both = "4k3/8/8/8/2p5/1P6/4B3/4K3 w - - 0 1";
    expect(chess(both, "bxc4", "bc4", "Bxc4", "b4", "Bd3", "bd3")).toEqual(["P b3-c4", "P b3-c4", "B e2-c4", "P b3-b4", "B e2-d3", "B e2-d3"]);
    const bishopOnly = "4k3/8/8/8/2p5/8/4B3/4K3 w - - 0 1";
    expect(chess(bishopOnly, "bxc4", "bc4")).toEqual(["B e2-c4", "B e2-c4"]);
    expect(refusal("chess", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "bxc4")).toBe("bxc4: no b-file pawn and no bishop of yours can go to c4");
  });

  it("a naming written like SAN with a space, N f3, is the knight's move", () => {
    expect(chess("start", "N f3")).toEqual(["N g1-f3"]);
  });
});

describe("SAN: refusals say why, naming the candidates", () => {
  it("an ambiguous move names every move it could be", () => {
    expect(refusal("chess", "rn2k3/8/5n2/8/8/8/8/4K3 b - - 0 1", "Nd7")).toBe("Nd7: it is ambiguous: write Nbd7 or Nfd7");
    expect(refusal("chess", "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "Ra3")).toBe("Ra3: it is ambiguous: write R1a3 or R5a3");
    expect(refusal("chess", "4k3/8/8/8/8/8/8/N1N1K3 w - - 0 1", "N1b3")).toBe("N1b3: it is ambiguous: write Nab3 or Ncb3");
  });

  it("a promotion must be said, be one the pawn may make, and happen on the last rank", () => {
    const fen = "7k/3P4/8/8/8/8/8/4K3 w - - 0 1";
    expect(refusal("chess", fen, "d8")).toBe("d8: say what the piece promotes to (Q, R, B, N), e.g. d8=Q+");
    expect(refusal("chess", fen, "d8=K")).toBe("d8=K: say what the piece promotes to (Q, R, B, N), e.g. d8=Q+");
    expect(refusal("chess", "start", "e4=Q")).toBe("e4=Q: a pawn promotes only on the last rank");
  });

  it("what keeps the move from being legal: the piece, the square, the king", () => {
    expect(refusal("chess", "start", "Ke3")).toBe("Ke3: the king on e1 cannot go to e3");
    expect(refusal("chess", "start", "e5")).toBe("e5: the pawn on e2 cannot go to e5");
    expect(refusal("chess", "start", "Bc4")).toBe("Bc4: no bishop of yours can go to c4");
    expect(refusal("chess", "start", "Nbf3")).toBe("Nbf3: the knight on b1 cannot go to f3");
    expect(refusal("chess", "start", "exd5")).toBe("exd5: the pawn on e2 cannot capture on d5");
    expect(refusal("chess", "start", "Nxf3")).toBe("Nxf3: there is nothing to capture on f3");
    expect(refusal("chess", "4k3/8/8/8/8/8/8/4K2R w - - 0 1", "Nf3")).toBe("Nf3: you have no knight");
    expect(refusal("chess", "4k3/8/8/8/8/8/8/4K2R w - - 0 1", "Raa1")).toBe("Raa1: you have no rook on the a-file");
    expect(refusal("chess", "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1", "Bd3")).toBe("Bd3: it would leave your king in check");
    expect(refusal("chess", "4k3/8/8/8/8/8/8/R3K2R w - - 0 1", "O-O")).toBe("O-O is not a legal move here");
    expect(refusal("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", "e4")).toBe("e4: the pawn on e7 cannot go to e4");
  });

  it("text that is no SAN says how to write a move; long text is not looked at", () => {
    for (const t of ["", "e9", "i4", "E4", "NF3", "Nf", "xx", "N f3 e4", "Qa1xb2=Q+!!!!!!!!!!!!", "e4".repeat(50)]) {
      expect(parseSan(t).error, t).toMatch(/^cannot read move '.*': write it in SAN like 'e4', 'Nf3', 'exd5', 'O-O', 'e8=Q', or like 'P e2-e4'$/);
      expect(refusal("chess", "start", t), t).toMatch(/^cannot read move/);
    }
    expect(parseSan("Nbxd7+!?").ok).toBe(true);
  });

  it("no SAN where the game has none: Companion Chess reads its own notation only", () => {
    expect(refusal("companion", "start", "e4")).toBe("cannot read move 'e4': write it like 'P e2-e4' or 'Q d2-d5; P*d6'");
  });
});

describe("SAN: every legal move's SAN plays that move (seeded random games)", () => {
  /** Plays `plies` random moves, checking at each position that every move's SAN is read as it. */
  function roundTrip(variant: string, fen: string, seed: number, plies: number): number {
    const rng = new Rng(seed);
    const g = Game.start(variant, fen);
    let checked = 0;
    for (let i = 0; i < plies && g.status().result === "ongoing"; i++) {
      const listed = g.sanMoves();
      for (const m of listed) {
        expect(Game.start(variant, g.fen()).play(m.san), `${m.san} at ${g.fen()}`).toBe(m.text);
        checked++;
      }
      g.play(listed[rng.int(listed.length)].san);
    }
    expect(sanRecord(variant, g.startFen, g.moves)).toEqual(
      g.moves.map((_, i) => Game.replay(variant, g.startFen, g.moves.slice(0, i)).sanMoves().find((m) => m.text === g.moves[i])!.san),
    );
    return checked;
  }

  it("orthodox chess", () => {
    let checked = 0;
    for (const seed of [1, 2, 3]) checked += roundTrip("chess", "start", seed, 80);
    expect(checked).toBeGreaterThan(3000);
  });

  it("Chess960", () => {
    // Setups with the king on the b, g and e files.
    for (const [seed, fen] of [
      [4, "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1"],
      [5, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"],
      [6, "nrbqkbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBQKBRN w GBgb - 0 1"],
    ] as const) {
      roundTrip("chess960", fen, seed, 80);
    }
  });
});
