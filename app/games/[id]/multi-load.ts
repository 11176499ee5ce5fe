/** The page's view of a game for more than two (lib/games/multi.ts), shared by the page, its actions and its state endpoint. */
import type { MultiGameState } from "@/app/_components/multi-game-state";
import type { Executor } from "@/lib/db/client";
import { GameError, getMultiGameView, type MultiGameView } from "@/lib/games";
import { multiGameInfo } from "@/lib/rules";

export function toMultiGameState(view: MultiGameView): MultiGameState {
  const g = view.game;
  const names = new Map(multiGameInfo(g.variant).armies.map((a) => [a.letter, a.name]));
  return {
    id: g.id,
    variant: g.variant,
    status: g.status,
    startFen: g.startFen,
    moves: view.moves,
    eliminations: view.eliminations,
    seats: view.seats.map((s) => ({
      army: s.army,
      armyName: names.get(s.army) ?? s.army,
      player: s.name,
      bot: s.botLevel,
      // Only the seat to move has a deadline (lib/games/multi.ts afterChange).
      deadline: s.army === view.toMove ? g.deadline?.toISOString() ?? null : null,
    })),
    daysPerMove: g.daysPerMove,
    ending: g.ending,
    version: g.updatedAt.getTime(),
  };
}

/**
 * A game for more than two as this viewer may see it: its state, null when it does not exist for
 * them (private games included), or "two" for a game of two (read by ./load.ts).
 */
export async function loadMultiGame(db: Executor, gameId: string, viewerId: string | null): Promise<MultiGameState | "two" | null> {
  const view = await loadMultiView(db, gameId, viewerId);
  return view === null || view === "two" ? view : toMultiGameState(view);
}

/** The same, as the service's view (the page needs who sits where and the game's invitation). */
export async function loadMultiView(db: Executor, gameId: string, viewerId: string | null): Promise<MultiGameView | "two" | null> {
  try {
    return await getMultiGameView(db, gameId, viewerId);
  } catch (e) {
    if (e instanceof GameError && e.code === "not-found") return null;
    throw e;
  }
}
