/**
 * The setup choice's pure parts (lib/games/setups.ts, docs/games/janggi.md#choosing-the-setups):
 * who chooses when, who the game waits for, and the board while the choice is open.
 */
import { describe, expect, it } from "vitest";
import { boardWhileChoosing, choosesSetups, firstChooser, setupStage, sideToAct } from "@/lib/games/setups";
import { Game, chosenSetupFen, variantInfo } from "@/lib/rules";

const janggi = (over: Partial<Parameters<typeof sideToAct>[0]> = {}) => ({
  variant: "janggi", status: "active" as const, choosingSetups: true, whiteSetup: null, blackSetup: null,
  currentFen: variantInfo("janggi").startFen, ...over,
});
const emptied = (squares: ReturnType<typeof boardWhileChoosing>) => squares.filter((s) => s.pieces.length === 0).map((s) => s.square);
const EMPTY_AT_START = emptied(Game.start("janggi", variantInfo("janggi").startFen).board());

describe("setups chosen before the first move", () => {
  it("are Janggi's alone among the games, and Han (Black), who moves second, chooses first", () => {
    expect(choosesSetups("janggi")).toBe(true);
    expect(choosesSetups("chess")).toBe(false);
    expect(choosesSetups("xiangqi")).toBe(false);
    expect(firstChooser("janggi")).toBe("black");
    expect(setupStage({ ...janggi(), variant: "chess" })).toBeNull();
  });

  it("wait for Black, then White, then for White's first move", () => {
    expect(setupStage(janggi())).toMatchObject({ toChoose: "black", white: null, black: null });
    expect(sideToAct(janggi())).toBe("black");
    expect(setupStage(janggi({ blackSetup: 2 }))).toMatchObject({ toChoose: "white", black: 2 });
    expect(sideToAct(janggi({ blackSetup: 2 }))).toBe("white");
    const started = janggi({ blackSetup: 2, whiteSetup: 1, choosingSetups: false });
    expect(setupStage(started)?.toChoose).toBeNull();
    expect(sideToAct({ ...started, currentFen: started.currentFen.replace(" w ", " b ") })).toBe("black");
  });

  it("wait for nobody in a game that is over, or not begun", () => {
    for (const status of ["open", "finished", "cancelled"] as const) expect(setupStage(janggi({ status }))?.toChoose).toBeNull();
  });

  it("leave open exactly the horse and elephant points of a side yet to choose", () => {
    const wings = (rank: number) => ["b", "c", "g", "h"].map((f) => `${f}${rank}`);
    expect(emptied(boardWhileChoosing("janggi", null, null)).sort()).toEqual([...EMPTY_AT_START, ...wings(1), ...wings(10)].sort());
    const hanChose = boardWhileChoosing("janggi", null, 3);
    expect(emptied(hanChose).sort()).toEqual([...EMPTY_AT_START, ...wings(1)].sort());
    const han = Game.start("janggi", chosenSetupFen("janggi", 0, 3)).board().filter((s) => s.square.endsWith("10"));
    expect(hanChose.filter((s) => s.square.endsWith("10"))).toEqual(han);
    expect(boardWhileChoosing("janggi", 2, 3)).toEqual(Game.start("janggi", chosenSetupFen("janggi", 2, 3)).board());
  });
});
