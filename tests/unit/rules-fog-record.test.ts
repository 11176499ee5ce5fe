/**
 * A record of Fog of War is the real game: its FEN tag may not be a player's view, whose `?`
 * squares block and hide the kings, so a game started from one would never end by a king
 * taken (docs/games/fog-of-war.md#the-view-as-fen). Fog of War is offered here whether or not the
 * gate is open (lib/rules/variants/index.ts), since records are read only for offered games.
 */
import { describe, expect, it, vi } from "vitest";

vi.mock("@/lib/rules/variants", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/rules/variants")>();
  return { ...real, variantIds: () => [...new Set([...real.variantIds(), "fog-of-war"])] };
});

const { parseGameRecord, viewFen } = await import("@/lib/rules");

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const record = (fen: string) => `[Variant "Fog of War"]\n[FEN "${fen}"]\n\n1. P e2-e4 *\n`;

describe("fog-of-war records", () => {
  it("a record from a real position is read", () => {
    const read = parseGameRecord(record(START), {});
    expect(read.ok && read.value.variant).toBe("fog-of-war");
    expect(read.ok && read.value.moves).toEqual(["P e2-e4"]);
  });

  it("a record whose FEN tag is a player's view is refused", () => {
    const read = parseGameRecord(record(viewFen("fog-of-war", START, "white")), {});
    expect(read.ok).toBe(false);
    expect(read.error).toMatch(/view/);
  });
});
