import { describe, expect, it } from "vitest";
import { afterServerError, type GameState } from "@/app/_components/game-state";

const state = (moves: string[]): GameState => ({
  id: "g1", variant: "chess", status: "active", result: null, ending: null, startFen: "", moves, white: "A", black: "B",
  registered: { white: true, black: true }, bots: { white: null, black: null }, deadline: null, daysPerMove: 3, drawOffer: null, version: moves.length,
});

describe("what the game page says after a server error", () => {
  it("a move the server stored is reported recorded, though its answer was an error", () => {
    expect(afterServerError(state(["P e2-e4"]), { ply: 0, text: "P e2-e4" })).toEqual({
      tone: "info", text: "Your move P e2-e4 was recorded (the server's answer was lost on the way).",
    });
  });

  it("a move the server does not have is reported not recorded, also when another move took its place", () => {
    for (const moves of [[], ["P d2-d4"]]) {
      const notice = afterServerError(state(moves), { ply: 0, text: "P e2-e4" });
      expect(notice.tone).toBe("error");
      expect(notice.text).toMatch(/^Your move P e2-e4 was not recorded/);
    }
  });

  it("claims nothing when the game could not be read again", () => {
    expect(afterServerError(null, { ply: 0, text: "P e2-e4" }).text).toMatch(/not known whether your move was recorded/);
    expect(afterServerError(null, null).tone).toBe("error");
    expect(afterServerError(state([]), null).text).toMatch(/as it stands now/);
  });
});
