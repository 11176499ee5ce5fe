/**
 * The foreign readers quote a hostile name short (lib/rules/presets/line-error.ts): a key, a
 * section or a piece name of any length gives a refusal of one short line naming its line,
 * as lib/rules/notation/fen.ts quotes a bad field, not the whole name.
 */
import { describe, expect, it } from "vitest";
import { parseInteractiveDiagram } from "@/lib/rules/presets/interactive-diagram";
import { parseVariantsIni } from "@/lib/rules/presets/variants-ini";

const LONG = "x".repeat(500);

function refusal(result: { ok: boolean; error?: string }): string {
  expect(result.ok).toBe(false);
  return result.error ?? "";
}

describe("a hostile name in a foreign preset", () => {
  it.each([
    ["a key", `[mine:chess]\n${LONG} = true`, 2],
    ["a key before any section", `${LONG} = 1`, 1],
    ["a key set twice", `[mine:chess]\nmaxFile = 8\n${LONG}A = 1\n${LONG}A = 2`, 3],
    ["a section", `[${LONG}]\nmaxRank = 8`, 1],
    ["a parent", `[mine:${LONG}]\nmaxRank = 8`, 1],
  ])("variants.ini: %s is quoted short", (_what, text, line) => {
    const error = refusal(parseVariantsIni(text));
    expect(error.startsWith(`line ${line}: `)).toBe(true);
    expect(error).toContain("x…");
    expect(error.length).toBeLessThan(140);
  });

  it("Interactive Diagram: a piece name is quoted short", () => {
    const text = `files=8 ranks=8\n${LONG}:K:K:king:e1,,e8`;
    const error = refusal(parseInteractiveDiagram(text));
    expect(error.startsWith("line 2: ")).toBe(true);
    expect(error).toContain("x…");
    expect(error.length).toBeLessThan(140);
  });

  it("a name of the longest length is still read", () => {
    const name = "y".repeat(40);
    expect(refusal(parseVariantsIni(`[${name}:chess]\nfoo = 1`))).toMatch(/^line 2: /);
    expect(refusal(parseInteractiveDiagram(`files=8 ranks=8\n${name}:K:K:king:e1,,e8`))).not.toContain("longer than");
  });
});
