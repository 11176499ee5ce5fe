"use server";
/** The server actions of a game for more than two: thin (./act.ts), the service decides (lib/games/multi.ts). */
import type { MultiGameActionResult } from "@/app/_components/multi-game-state";
import type { Db } from "@/lib/db/client";
import { moveInput, resignMulti, submitMultiMove } from "@/lib/games";
import { gameActionInput } from "@/lib/games/inputs";
import { act } from "./act";
import { loadMultiGame } from "./multi-load";

const fresh = async (db: Db, gameId: string, viewerId: string | null) => {
  const state = await loadMultiGame(db, gameId, viewerId);
  return state === "two" ? null : state;
};

export async function multiMoveAction(raw: { gameId: string; expectedPly: number; move: string }): Promise<MultiGameActionResult> {
  return act(moveInput, raw, (db, userId, input) => submitMultiMove(db, userId, input), fresh);
}

export async function multiResignAction(raw: { gameId: string }): Promise<MultiGameActionResult> {
  return act(gameActionInput, raw, (db, userId, input) => resignMulti(db, userId, input), fresh);
}
