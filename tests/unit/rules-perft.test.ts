/**
 * Move generation against published perft numbers: orthodox chess (the
 * chessprogramming.org "Perft Results" positions) and the start positions of
 * Compound and Royal Substitute Chess (docs/games/compound.md#perft,
 * docs/games/royal-substitute.md#perft).
 */
import { describe, expect, it } from "vitest";
import { perft } from "@/lib/rules/movegen";
import { parseFen } from "@/lib/rules/notation/fen";
import { unwrap } from "@/lib/rules/result";
import { getVariant } from "@/lib/rules/variants";

function count(variant: string, fen: string, depth: number): number {
  const v = getVariant(variant);
  return perft(unwrap(parseFen(v, fen === "start" ? v.decl.startFen : fen)), depth);
}

const cases: { name: string; variant: string; fen: string; counts: number[] }[] = [
  {
    name: "chess start position",
    variant: "chess",
    fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    counts: [20, 400, 8902, 197281, 4865609],
  },
  {
    name: "Kiwipete",
    variant: "chess",
    fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    counts: [48, 2039, 97862, 4085603],
  },
  {
    name: "position 3",
    variant: "chess",
    fen: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    counts: [14, 191, 2812, 43238, 674624],
  },
  {
    name: "position 4",
    variant: "chess",
    fen: "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    counts: [6, 264, 9467, 422333],
  },
  {
    name: "position 4, mirrored",
    variant: "chess",
    fen: "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    counts: [6, 264, 9467, 422333],
  },
  {
    name: "position 5",
    variant: "chess",
    fen: "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    counts: [44, 1486, 62379, 2103487],
  },
  {
    name: "position 6",
    variant: "chess",
    fen: "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    counts: [46, 2079, 89890, 3894594],
  },
  { name: "Compound Chess start position", variant: "compound", fen: "start", counts: [53, 2809, 155275] },
  { name: "Royal Substitute Chess start position", variant: "royal-substitute", fen: "start", counts: [42, 1738, 83369] },
];

describe("perft", () => {
  for (const c of cases) {
    describe(c.name, () => {
      c.counts.forEach((n, i) => {
        it(`depth ${i + 1}: ${n}`, () => {
          expect(count(c.variant, c.fen, i + 1)).toBe(n);
        });
      });
    });
  }

  it("leaves the position as it found it", () => {
    const v = getVariant("chess");
    const pos = unwrap(parseFen(v, cases[1].fen));
    const before = Array.from(pos.board);
    perft(pos, 3);
    expect(Array.from(pos.board)).toEqual(before);
    expect([pos.turn, pos.castling, pos.ep, pos.halfmove, pos.fullmove]).toEqual([0, 15, -1, 0, 1]);
  });

  it("Compound and Royal Substitute start positions match their FEN in the rule book (docs/games/)", () => {
    expect(getVariant("compound").decl.startFen).toBe("rdcbqkbcdr/ssssssssss/10/10/10/10/SSSSSSSSSS/RDCBQKBCDR w KQkq - 0 1");
    expect(getVariant("royal-substitute").decl.startFen).toBe("rphpqphpr/pnpqpqpnp/9/9/9/PNPQPQPNP/RPHPQPHPR w - - 0 1");
  });
});
