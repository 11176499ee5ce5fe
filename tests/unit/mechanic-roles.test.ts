/**
 * The mechanics act on the pieces their declaration names (docs/games/magicpawns.md,
 * docs/games/companion.md), not on letters of their own: the same mechanic given other
 * roles acts on those pieces.
 */
import { describe, expect, it } from "vitest";
import { makeActionText } from "@/lib/rules";
import { carrying } from "@/lib/rules/mechanics/carrying";
import { swapping } from "@/lib/rules/mechanics/swapping";
import { legalMoves } from "@/lib/rules/movegen";
import { moveActions } from "@/lib/rules/notation/move";
import { parseFen } from "@/lib/rules/notation/fen";
import { unwrap } from "@/lib/rules/result";
import { compileVariant, type VariantDecl } from "@/lib/rules/variant";
import { companion } from "@/lib/rules/variants/companion";
import { magicpawns } from "@/lib/rules/variants/magicpawns";

function moves(decl: VariantDecl, fen: string): string[] {
  const pos = unwrap(parseFen(compileVariant(decl), fen));
  return legalMoves(pos).map((m) => moveActions(pos, m).map(makeActionText).join("; "));
}

describe("mechanics take their roles from the declaration", () => {
  const fen = "4k3/8/8/8/3N4/8/3Q4/4K3 w - - 0 1";

  it("swapping: the piece named as the pawn is the one the others change places with", () => {
    expect(moves(magicpawns, fen)).not.toContain("Q d2-d4");
    const knights = moves({ ...magicpawns, mechanics: [swapping({ pawn: "N" })] }, fen);
    expect(knights).toContain("Q d2-d4");
    expect(() => moves({ ...magicpawns, mechanics: [swapping({ pawn: "X" })] }, fen)).toThrow(/swapping needs a pawn X/);
  });

  it("carrying: the piece named as the queen carries the piece named as the pawn", () => {
    expect(moves(companion, fen)).not.toContain("Q d2-d4");
    const decl = { ...companion, mechanics: [carrying({ queen: "Q", pawn: "N", prince: "B", way1: true, pregnancy: false })] };
    expect(moves(decl, fen)).toContain("Q d2-d4");
  });
});
