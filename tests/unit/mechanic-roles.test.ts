/**
 * The mechanics act on the pieces their declaration names (docs/games/magicpawns.md,
 * docs/games/companion.md, docs/games/makruk.md#counting, docs/games/sittuyin.md#counting,
 * docs/games/atomic.md#explosions),
 * not on letters of their own: the same mechanic given other roles acts on those pieces.
 */
import { describe, expect, it } from "vitest";
import { makeActionText } from "@/lib/rules";
import { carrying } from "@/lib/rules/mechanics/carrying";
import { counting, type CountingRule } from "@/lib/rules/mechanics/counting";
import { explosions } from "@/lib/rules/mechanics/explosions";
import { swapping } from "@/lib/rules/mechanics/swapping";
import { legalMoves, makeMove } from "@/lib/rules/movegen";
import { moveActions } from "@/lib/rules/notation/move";
import { makeFen, parseFen } from "@/lib/rules/notation/fen";
import type { Position } from "@/lib/rules/position";
import { unwrap } from "@/lib/rules/result";
import { positionStatus } from "@/lib/rules/status";
import { compileVariant, type VariantDecl } from "@/lib/rules/variant";
import { atomic } from "@/lib/rules/variants/atomic";
import { companion } from "@/lib/rules/variants/companion";
import { magicpawns } from "@/lib/rules/variants/magicpawns";
import { makruk } from "@/lib/rules/variants/makruk";

const text = (pos: Position, m: ReturnType<typeof legalMoves>[number]) =>
  moveActions(pos, m).map(makeActionText).join("; ");

function moves(decl: VariantDecl, fen: string): string[] {
  const pos = unwrap(parseFen(compileVariant(decl), fen));
  return legalMoves(pos).map((m) => text(pos, m));
}

/** The position after one move, given as text. */
function after(decl: VariantDecl, fen: string, move: string) {
  const pos = unwrap(parseFen(compileVariant(decl), fen));
  const m = legalMoves(pos).find((x) => text(pos, x) === move);
  if (!m) throw new Error(`${move} is not legal in ${fen}`);
  makeMove(pos, m);
  return pos;
}

describe("mechanics take their roles from the declaration", () => {
  const fen = "4k3/8/8/8/3N4/8/3Q4/4K3 w - - 0 1";

  it("swapping: the piece named as the pawn is the one the others change places with", () => {
    expect(moves(magicpawns, fen)).not.toContain("Q d2-d4");
    const knights = moves({ ...magicpawns, mechanics: [swapping({ pawn: "N" })] }, fen);
    expect(knights).toContain("Q d2-d4");
    expect(() => moves({ ...magicpawns, mechanics: [swapping({ pawn: "X" })] }, fen)).toThrow(/swapping names a piece X the game does not have/);
  });

  it("carrying: the piece named as the queen carries the piece named as the pawn", () => {
    expect(moves(companion, fen)).not.toContain("Q d2-d4");
    const decl = { ...companion, mechanics: [carrying({ queen: "Q", pawn: "N", prince: "B", way1: true, pregnancy: false })] };
    expect(moves(decl, fen)).toContain("Q d2-d4");
  });

  it("explosions: the pieces named as survivors are the ones a blast beside them leaves standing", () => {
    // The rook takes on d4, beside White's pawn c3 and knight d3 and Black's pawn c5 and knight e5.
    const fen = "4k3/8/8/2p1n3/R2r4/2PN4/8/4K3 w - - 0 1";
    expect(makeFen(after(atomic, fen, "R a4-d4"))).toBe("4k3/8/8/2p5/8/2P5/8/4K3 b - - 0 1");
    const knights = { ...atomic, mechanics: [explosions({ survivors: ["N"] })] };
    expect(makeFen(after(knights, fen, "R a4-d4"))).toBe("4k3/8/8/4n3/8/3N4/8/4K3 b - - 0 1");
    expect(() => moves({ ...atomic, mechanics: [explosions({ survivors: ["X"] })] }, fen)).toThrow(/explosions names a piece X the game does not have/);
  });

  describe("counting: the pieces and tables come from the declaration", () => {
    const rook = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
    const withRule = (rule: CountingRule): VariantDecl => ({ ...makruk, mechanics: [counting(rule)] });

    it("the limit from the declared table, the count from 0 or from the pieces on the board", () => {
      expect(makeFen(after(makruk, rook, "R a1-a2"))).toBe("4k3/8/8/8/8/8/R7/4K3 b - 32 6 1");
      const five = { pawn: "P", piecesHonour: [{ piece: "R", count: 1, moves: 5 }], draw: "automatic" } as const;
      expect(makeFen(after(withRule(five), rook, "R a1-a2"))).toBe("4k3/8/8/8/8/8/R7/4K3 b - 10 0 1");
      expect(makeFen(after(withRule({ ...five, fromPieces: true }), rook, "R a1-a2"))).toBe("4k3/8/8/8/8/8/R7/4K3 b - 10 6 1");
      // The table names the knight only: against a rook no count starts, unless the table has an otherwise.
      const knights = { ...five, piecesHonour: [{ piece: "N", count: 1, moves: 5 }] };
      expect(makeFen(after(withRule(knights), rook, "R a1-a2"))).toBe("4k3/8/8/8/8/8/R7/4K3 b - - 1 1");
      expect(makeFen(after(withRule({ ...knights, piecesHonourOtherwise: 7 }), rook, "R a1-a2"))).toBe("4k3/8/8/8/8/8/R7/4K3 b - 14 0 1");
    });

    it("past the limit the draw is automatic or a claim, as declared", () => {
      const rule = { pawn: "P", piecesHonour: [{ piece: "R", count: 1, moves: 16 }] } as const;
      const fen = "4k3/8/8/8/8/8/R7/4K3 b - 32 32 1";
      expect(positionStatus(after(withRule({ ...rule, draw: "automatic" }), fen, "k e8-f8"))).toEqual({ result: "draw", reason: "counting-rule" });
      const claimed = after(withRule({ ...rule, draw: "claim" }), fen, "k e8-f8");
      expect(positionStatus(claimed)).toEqual({ result: "ongoing" });
      expect(claimed.variant.mechanics[0].claims!(claimed, legalMoves(claimed))).toEqual(["counting-rule"]);
    });

    it("a piece the declaration does not have is refused", () => {
      const bad = withRule({ pawn: "X", piecesHonour: [], draw: "automatic" });
      expect(() => after(bad, rook, "R a1-a2")).toThrow(/counting names a piece X the game does not have/);
    });
  });
});
