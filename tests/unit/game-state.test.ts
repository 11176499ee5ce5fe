import { describe, expect, it } from "vitest";
import { afterServerError, currentGame, type GameState } from "@/app/_components/game-state";
import { toGameState } from "@/app/games/[id]/load";
import type { Game as GameRow } from "@/lib/db/schema";
import type { GameView } from "@/lib/games";
import { gameAsSeenBy } from "@/lib/games/fog";
import { Game, makeRulesState, variantInfo } from "@/lib/rules";

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

describe("the game the page plays: resumed from the rules state, replayed without one", () => {
  const START = variantInfo("chess").startFen;
  // Knights out and back twice: the start position a third time, a draw to claim.
  const MOVES = ["N g1-f3", "n g8-f6", "N f3-g1", "n f6-g8", "N g1-f3", "n g8-f6", "N f3-g1", "n f6-g8"];
  const played = Game.replay("chess", START, MOVES);
  const rulesState = makeRulesState(played);

  it("with a rules state: the game as replayed, claims included, without replaying the moves", () => {
    const resumed = currentGame({ variant: "chess", startFen: START, moves: MOVES, rulesState });
    expect(resumed.fen()).toBe(played.fen());
    expect(resumed.claimableDraws()).toEqual(["threefold-repetition"]);
    // The moves are not read at all: the state alone makes the game.
    expect(currentGame({ variant: "chess", startFen: START, moves: [], rulesState }).claimableDraws()).toEqual(["threefold-repetition"]);
  });

  it("without one, or with one that does not read: replayed from the moves", () => {
    for (const s of [undefined, "not a rules state"]) {
      const game = currentGame({ variant: "chess", startFen: START, moves: MOVES, rulesState: s });
      expect(game.fen()).toBe(played.fen());
      expect(game.claimableDraws()).toEqual(["threefold-repetition"]);
    }
  });

  it("in fog: the viewer's last view, whatever else is there", () => {
    const view = "????????/????????/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
    expect(currentGame({ variant: "fog-of-war", startFen: view, moves: [], fog: { side: "white", views: [view] } }).fen()).toBe(Game.start("fog-of-war", view).fen());
  });
});

describe("the rules state never leaves the server while the game hides its position", () => {
  const row = (variant: string, status: GameRow["status"]) => ({
    id: "g1", variant, status, whiteId: "w", blackId: "b", startFen: variantInfo(variant).startFen, currentFen: variantInfo(variant).startFen,
    rulesState: "the real position",
  }) as unknown as GameRow & { rulesState: string | null };

  it("the gate clears it in a game in fog, for players and everyone else, and keeps it in the others", () => {
    for (const viewer of ["w", "b", "stranger", null]) {
      expect((gameAsSeenBy(row("fog-of-war", "active"), [], viewer).game as { rulesState: unknown }).rulesState).toBeNull();
      expect((gameAsSeenBy(row("fog-of-war", "finished"), [], viewer).game as { rulesState: unknown }).rulesState).toBe("the real position");
      expect((gameAsSeenBy(row("chess", "active"), [], viewer).game as { rulesState: unknown }).rulesState).toBe("the real position");
    }
  });

  it("the page's state carries it only outside fog", () => {
    const view = (fog: GameView["fog"]): GameView => ({
      game: { ...row("chess", "active"), updatedAt: new Date(0), deadline: null, drawOfferBy: null, endReason: null, result: null, daysPerMove: 3 } as GameRow,
      whiteName: "W", blackName: "B", bots: { white: null, black: null }, moves: [], fog, invitation: null, chat: null, note: null,
      rulesState: "a state",
    });
    expect(toGameState(view(null)).rulesState).toBe("a state");
    expect(toGameState(view({ side: "white" }))).not.toHaveProperty("rulesState");
  });
});
