/**
 * Traditional Xiangqi notation (docs/notation.md#traditional-xiangqi-notation): WXF and
 * Chinese from the position before a move and the move in coordinates. The examples are
 * the standard opening of published game collections (the central cannon against the
 * screen horses, with the chariot crossing the river) and the WXF's own notation table
 * (tandem pieces, tandem soldiers on one and on two files).
 */
import { describe, expect, it } from "vitest";
import { xiangqiMove, xiangqiPlacement, xiangqiRecord } from "@/lib/rules/notation/xiangqi";

const START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
const placement = (pieces: Record<string, string>) => new Map(Object.entries(pieces));
const both = (p: Map<string, string>, move: string) => [xiangqiMove(p, move, "wxf"), xiangqiMove(p, move, "chinese")];

describe("traditional Xiangqi notation", () => {
  it("writes the central cannon against the screen horses as the game records do", () => {
    const moves = ["C h3-e3", "n h10-g8", "N h1-g3", "r i10-h10", "R i1-h1", "p g7-g6", "R h1-h7", "n b10-c8", "P c4-c5"];
    expect(xiangqiRecord(START, moves, "wxf")).toEqual(["C2=5", "H8+7", "H2+3", "R9=8", "R1=2", "P7+1", "R2+6", "H2+3", "P7+1"]);
    expect(xiangqiRecord(START, moves, "chinese")).toEqual(["炮二平五", "馬８進７", "傌二進三", "車９平８", "俥一平二", "卒７進１", "俥二進六", "馬２進３", "兵七進一"]);
  });

  it("counts the ranks of a straight move and names the file a diagonal piece reaches", () => {
    const p = xiangqiPlacement(START)!;
    expect(both(p, "B g1-e3")).toEqual(["E3+5", "相三進五"]);
    expect(both(p, "A f1-e2")).toEqual(["A4+5", "仕四進五"]);
    expect(both(p, "a d10-e9")).toEqual(["A4+5", "士４進５"]);
    expect(both(p, "c b8-b1")).toEqual(["C2+7", "砲２進７"]); // Black's cannon takes the horse
    expect(both(p, "K e1-e2")).toEqual(["K5+1", "帥五進一"]);
    const later = placement({ e3: "C", e4: "N", c8: "n", e10: "k", e1: "K" });
    expect(both(later, "C e3-e2")).toEqual(["C5-1", "炮五退一"]);
    expect(both(later, "N e4-c3")).toEqual(["H5-7", "傌五退七"]);
    expect(both(later, "n c8-e7")).toEqual(["H3+5", "馬３進５"]);
    expect(both(later, "K e1-d1")).toEqual(["K5=6", "帥五平六"]);
  });

  it("tells two like pieces on a file apart as front and rear, each side looking at the other", () => {
    // WXF's table: 車前平三 R+.3, 炮後退一 C--1 (written here with `=` for WXF's `.`).
    const red = placement({ g8: "R", g4: "R", b5: "C", b3: "C" });
    expect(both(red, "R g8-c8")).toEqual(["R+=7", "前俥平七"]);
    expect(both(red, "R g4-i4")).toEqual(["R-=1", "後俥平一"]);
    expect(both(red, "C b3-b2")).toEqual(["C--1", "後炮退一"]);
    // Black's front is towards Red: the lower rank.
    const black = placement({ g3: "r", g9: "r", h8: "c", h6: "c" });
    expect(both(black, "r g3-g1")).toEqual(["R++2", "前車進２"]);
    expect(both(black, "r g9-c9")).toEqual(["R-=3", "後車平３"]);
    expect(both(black, "c h6-h7")).toEqual(["C+-1", "前砲退１"]);
  });

  it("writes three, four and five soldiers on a file, and soldiers doubled on two files, as the WXF does", () => {
    // Red's 3rd file is g: three soldiers there crossing to the 4th file (f).
    const three = placement({ g6: "P", g7: "P", g8: "P" });
    expect(["g8", "g7", "g6"].map((sq) => both(three, `P ${sq}-f${sq[1]}`))).toEqual([
      ["P+=4", "前兵平四"], ["P3=4", "中兵平四"], ["P-=4", "後兵平四"],
    ]);
    const five = placement({ g6: "P", g7: "P", g8: "P", g9: "P", g10: "P" });
    expect(["g10", "g9", "g8", "g7", "g6"].map((sq) => xiangqiMove(five, `P ${sq}-f${sq.slice(1)}`, "wxf"))).toEqual(["++=4", "P+=4", "P3=4", "P-=4", "--=4"]);
    expect(xiangqiMove(five, "P g9-f9", "chinese")).toBe("二兵平四");
    const four = placement({ g6: "P", g7: "P", g8: "P", g9: "P" });
    expect(["g9", "g8", "g7", "g6"].map((sq) => xiangqiMove(four, `P ${sq}-f${sq[1]}`, "wxf"))).toEqual(["++=4", "P+=4", "P-=4", "--=4"]);
    // Three on the 3rd file (g) and two on the 7th (c): the file number takes the letter's place.
    const two = placement({ g6: "P", g7: "P", g8: "P", c6: "P", c7: "P" });
    expect(both(two, "P g8-f8")).toEqual(["3+=4", "前三平四"]);
    expect(both(two, "P g7-f7")).toEqual(["33=4", "中三平四"]);
    expect(both(two, "P c6-d6")).toEqual(["7-=6", "後七平六"]);
  });

  it("shows nothing for what is not a Xiangqi step from the position, and stops there", () => {
    const p = xiangqiPlacement(START)!;
    expect(xiangqiMove(p, "C e5-e6", "wxf")).toBeNull(); // no piece there
    expect(xiangqiMove(p, "pass", "wxf")).toBeNull();
    expect(xiangqiMove(p, "not a move", "chinese")).toBeNull();
    expect(xiangqiMove(p, "C h3-k3", "wxf")).toBeNull(); // off the board
    expect(xiangqiPlacement("rnbakabnr/9/9 w - - 0 1")).toBeNull();
    expect(xiangqiPlacement("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w")).toBeNull();
    expect(xiangqiPlacement("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA?ABNR w")).toBeNull();
    expect(xiangqiRecord(START, ["C h3-e3", "x a1-a2", "n h10-g8"], "wxf")).toEqual(["C2=5", null, null]);
    expect(xiangqiRecord("8/8/8/8/8/8/8/8 w - - 0 1", ["P e2-e4"], "wxf")).toEqual([null]);
  });
});
