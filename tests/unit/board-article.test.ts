import { describe, expect, it } from "vitest";
import { aBoard } from "@/app/_components/sentence";

describe("aBoard: the article as the board's size is said", () => {
  it("says an before eight, eleven and eighteen", () => {
    expect(aBoard(8, 8)).toBe("an 8×8 board");
    expect(aBoard(11, 11)).toBe("an 11×11 board");
    expect(aBoard(18, 18)).toBe("an 18×18 board");
  });
  it("says a before every other size", () => {
    for (const files of [1, 2, 3, 4, 5, 6, 7, 9, 10, 12, 13, 14, 15, 16, 17, 19, 20, 24]) {
      expect(aBoard(files, 8)).toBe(`a ${files}×8 board`);
    }
  });
});
