/** The game page's view of a stored game, shared by the page, its actions and its state endpoint. */
import { cache } from "react";
import type { GameState } from "@/app/_components/game-state";
import { sentence } from "@/app/_components/sentence";
import { getDb, type Executor } from "@/lib/db/client";
import { GameError, describeEnd, getGameView, setupStage, type GameView } from "@/lib/games";

export function toGameState(view: GameView): GameState {
  const g = view.game;
  const offeredBy = g.drawOfferBy;
  const setups = setupStage(g);
  return {
    id: g.id,
    variant: g.variant,
    status: g.status,
    result: g.result,
    ending: g.endReason ? describeEnd(g.endReason) : null,
    startFen: g.startFen,
    moves: view.moves.map((m) => m.text),
    white: view.whiteName,
    black: view.blackName,
    registered: { white: g.whiteId !== null, black: g.blackId !== null },
    // A challenge by name names its player before they accept (a display name, public anyway).
    ...(view.invitation?.kind === "user" && view.invitation.toName && { invited: view.invitation.toName }),
    bots: view.bots,
    deadline: g.deadline?.toISOString() ?? null,
    daysPerMove: g.daysPerMove,
    drawOffer: offeredBy === null ? null : offeredBy === g.whiteId ? "white" : offeredBy === g.blackId ? "black" : null,
    ...(setups && { setups }),
    // Already the viewer's views (the gate in lib/games/fog.ts): the page draws them as they are.
    ...(view.fog && { fog: { side: view.fog.side, views: [g.startFen, ...view.moves.map((m) => m.fenAfter)] } }),
    // The game to resume instead of replaying its moves (never in fog: the gate keeps it back).
    ...(!view.fog && view.rulesState !== null && { rulesState: view.rulesState }),
    // The players' own (docs/chat.md): absent for everyone else.
    ...(view.chat && { chat: view.chat }),
    version: g.updatedAt.getTime(),
  };
}

/**
 * The game as this viewer may see it, null when it does not exist for them (private games), or
 * why it cannot be shown in players' words (a preset version the rules no longer read).
 */
export async function loadGame(db: Executor, gameId: string, viewerId: string | null): Promise<GameView | { unreadable: string } | null> {
  try {
    return await getGameView(db, gameId, viewerId);
  } catch (e) {
    if (e instanceof GameError && e.code === "not-found") return null;
    if (e instanceof GameError && e.code === "unreadable") return { unreadable: sentence(e.message) };
    throw e;
  }
}

/** loadGame for the page, once per request: its link preview (./metadata.ts) and its body share the one read. */
export const pageView = cache(async (gameId: string, viewerId: string | null) => loadGame(await getDb(), gameId, viewerId));
