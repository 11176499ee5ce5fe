/**
 * Betza notation (lib/rules/betza.ts), read as parseBetza's Result: the atoms of a
 * piece's moves, or the first thing in the text that cannot be read.
 */
import { describe, expect, it } from "vitest";
import { parseBetza } from "@/lib/rules/betza";
import { unwrap } from "@/lib/rules/result";

const vectors = (text: string) => unwrap(parseBetza(text)).map((a) => `${a.dx},${a.dy}:${a.min}-${a.max}${a.move ? "m" : ""}${a.capture ? "c" : ""}`).sort();

describe("parseBetza", () => {
  it("reads leaps, riders and modifiers", () => {
    expect(vectors("N")).toHaveLength(8);
    expect(vectors("R")).toEqual(["-1,0:1-Infinitymc", "0,-1:1-Infinitymc", "0,1:1-Infinitymc", "1,0:1-Infinitymc"]);
    expect(vectors("fmWfcF")).toEqual(["-1,1:1-1c", "0,1:1-1m", "1,1:1-1c"]);
    expect(vectors("W2")).toHaveLength(4);
    expect(unwrap(parseBetza("nN")).every((a) => a.via !== undefined)).toBe(true);
  });

  it("reads hoppers: the cannon moves as a rook and captures over a screen (mRcpR)", () => {
    const atoms = unwrap(parseBetza("mRcpR"));
    expect(atoms.filter((a) => a.hop).map((a) => `${a.dx},${a.dy}:${a.move ? "m" : ""}${a.capture ? "c" : ""}`).sort())
      .toEqual(["-1,0:c", "0,-1:c", "0,1:c", "1,0:c"]);
    expect(atoms.filter((a) => !a.hop).every((a) => a.move && !a.capture)).toBe(true);
    expect(unwrap(parseBetza("pR")).every((a) => a.hop && a.move && a.capture)).toBe(true);
  });

  it("reads the lame zebra (Janggi's elephant, nZ): blocked on its straight step and on the diagonal one after it", () => {
    const atoms = unwrap(parseBetza("nZ"));
    expect(atoms).toHaveLength(8);
    const up = atoms.find((a) => a.dx === 2 && a.dy === 3)!;
    expect([up.via, up.via2]).toEqual([[0, 1], [1, 2]]);
    const wide = atoms.find((a) => a.dx === -3 && a.dy === 2)!;
    expect([wide.via, wide.via2]).toEqual([[-1, 0], [-2, 1]]);
    // The lame knight has one blocking square only.
    expect(unwrap(parseBetza("nN")).every((a) => a.via2 === undefined)).toBe(true);
  });

    it("names what it cannot read", () => {
    expect(parseBetza("NX").error).toBe("cannot read Betza notation 'NX' at 'X'");
    expect(parseBetza("W0").error).toBe("range 0 in Betza notation 'W0'");
    expect(parseBetza("nR").error).toBe("lame riders are not supported ('nR')");
    expect(parseBetza("nC").error).toBe("lame C is not supported ('nC')");
    expect(parseBetza("pW").error).toBe("only riders hop ('pW')");
    expect(parseBetza("N").ok).toBe(true);
  });
});
