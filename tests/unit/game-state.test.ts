import { describe, expect, it } from "vitest";
import { afterServerError, currentGame, withPushedMove, type GameState } from "@/app/_components/game-state";
import { readEvent } from "@/app/_components/use-game-updates";
import { toGameState } from "@/app/games/[id]/load";
import type { Game as GameRow } from "@/lib/db/schema";
import type { GameView } from "@/lib/games";
import { gameAsSeenBy } from "@/lib/games/fog";
import { readPayload } from "@/lib/games/push";
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

describe("a move the event stream carries (docs/pushed-updates.md#what-an-event-says)", () => {
  const START = variantInfo("chess").startFen;
  const held = (moves: string[], more: Partial<GameState> = {}): GameState => {
    const game = Game.replay("chess", START, moves);
    return { ...state(moves), startFen: START, rulesState: makeRulesState(game), version: 100, ...more };
  };
  const pushed = { ply: 3, text: "N g1-f3", deadline: "2026-12-10T00:00:00.000Z", drawOffer: null };

  it("follows from the state held: the state the server would give, rules state included", () => {
    const next = withPushedMove(held(["P e2-e4", "p e7-e5"], { drawOffer: "black", deadline: "2026-12-09T00:00:00.000Z" }), pushed, 200)!;
    const played = Game.replay("chess", START, ["P e2-e4", "p e7-e5", "N g1-f3"]);
    expect(next.moves).toEqual(["P e2-e4", "p e7-e5", "N g1-f3"]);
    expect(next.rulesState).toBe(makeRulesState(played));
    expect(currentGame(next).fen()).toBe(played.fen());
    // The clock and the offer are the server's, as the event says (the move declined Black's offer).
    expect(next).toMatchObject({ version: 200, deadline: pushed.deadline, drawOffer: null });
  });

  it("is not applied where it does not follow: a move missed or already shown, an old version, fog, a game over, a move the rules refuse", () => {
    const two = ["P e2-e4", "p e7-e5"];
    expect(withPushedMove(held(["P e2-e4"]), pushed, 200)).toBeNull();
    expect(withPushedMove(held([...two, "N g1-f3"]), pushed, 200)).toBeNull();
    expect(withPushedMove(held(two), pushed, 100)).toBeNull();
    expect(withPushedMove(held(two, { status: "finished" }), pushed, 200)).toBeNull();
    expect(withPushedMove(held(two, { fog: { side: "white", views: [START] } }), pushed, 200)).toBeNull();
    expect(withPushedMove(held(two), { ...pushed, text: "N g1-g3" }, 200)).toBeNull();
    // Not the canonical text the server stores: the page reads the state rather than guess.
    expect(withPushedMove(held(two), { ...pushed, text: "Nf3" }, 200)).toBeNull();
    // A move that ends the game comes with the full state, never alone.
    const mate = ["P f2-f3", "p e7-e5", "P g2-g4"];
    expect(withPushedMove(held(mate), { ...pushed, ply: 4, text: "q d8-h4" }, 200)).toBeNull();
  });

  it("reads an event's data: versions, and a move only when it is one", () => {
    expect(readEvent("17")).toEqual({ version: 17, move: null });
    expect(readEvent("17.3")).toEqual({ version: 17, chat: 3, move: null });
    expect(readEvent(`17.3 ${JSON.stringify(pushed)}`)).toEqual({ version: 17, chat: 3, move: pushed });
    // A move that does not read is no move; the event still says the game changed.
    for (const bad of ["{", '{"ply":0,"text":"x","deadline":null,"drawOffer":null}', '{"ply":1,"text":"","deadline":null,"drawOffer":null}', "null"]) {
      expect(readEvent(`17 ${bad}`)).toEqual({ version: 17, move: null });
    }
    for (const bad of ["", "x", "17.", "1.2.3", "1".repeat(16)]) expect(readEvent(bad)).toBeNull();
  });

  it("reads a notification's payload as the trigger writes it, and refuses anything else", () => {
    expect(readPayload("g1 17 3")).toEqual({ gameId: "g1", version: 17, chat: 3, move: null });
    expect(readPayload("g1 17 3 5 1800000000000 - P e2-e4")).toEqual({
      gameId: "g1", version: 17, chat: 3, move: { ply: 5, text: "P e2-e4", deadline: 1800000000000, drawOffer: null },
    });
    expect(readPayload("g1 17 3 5 - white N g1-f3")?.move).toEqual({ ply: 5, text: "N g1-f3", deadline: null, drawOffer: "white" });
    for (const bad of ["", "g1", "g1 17", "g1 x 3", "g1 17 3 5", "g1 17 3 0 - - P e2-e4", "g1 17 3 5 soon - P e2-e4", "g1 17 3 5 - red P e2-e4", "g1 17 3 5 - -"]) {
      expect(readPayload(bad), bad).toBeNull();
    }
  });
});
