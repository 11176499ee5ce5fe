"use server";
/** The game page's server actions. Thin on purpose (./act.ts): check the input, call the game service, answer with the fresh state (a move: with what it changed). */
import { z } from "zod";
import type { GameActionResult, MoveActionResult, PlayedMove } from "@/app/_components/game-state";
import { getCurrentUser } from "@/lib/auth";
import { getDb, type Db } from "@/lib/db/client";
import {
  GameError, acceptDraw, addConditionalLine, chatInput, chooseSetup, chooseSetupInput, claimDraw, conditionalLinesOf, declineDraw,
  deleteConditionalLine, giveExtraDay, moveInput, muteInput, noteInput, offerDraw, postChat, reportInput, reportMessage, resign,
  saveNote, setMute, submitMove, withdrawInvitation, type ConditionalLineView,
} from "@/lib/games";
import { conditionalLineIdInput, conditionalLineInput, drawClaimInput, gameActionInput, invitationInput } from "@/lib/games/inputs";
import { act as shared, sessionSigner } from "./act";
import { loadGame, toGameState } from "./load";

async function fresh(db: Db, gameId: string, viewerId: string | null) {
  const view = await loadGame(db, gameId, viewerId);
  return view && !("unreadable" in view) ? toGameState(view) : null;
}

const act = <T extends { gameId: string }>(schema: z.ZodType<T>, raw: unknown, op: (db: Db, userId: string, input: T) => Promise<unknown>): Promise<GameActionResult> =>
  shared(schema, raw, op, fresh);

/**
 * A move answers with what it changed (the page applies it: withMove), not the game read again; a move
 * that ended the game or was answered by a conditional move at once answers with the fresh state.
 * It wakes the worker only when it left it work (MoveResult.wakesWorker): most moves queue none.
 * Its session is checked in the statement that reads the game (sessionSigner: one round trip fewer), and
 * a fresh state after it is drawn for the player that session signed in.
 */
export async function moveAction(raw: { gameId: string; expectedPly: number; move: string }): Promise<MoveActionResult> {
  return shared(moveInput, raw, (db, mover, input) => submitMove(db, mover, input), fresh, {
    answer: (m): PlayedMove | null => m.answered || m.outcome.result !== "ongoing" ? null : {
      ply: m.ply, text: m.text, fen: m.fen, deadline: m.deadline.toISOString(), version: m.version, ...(m.rulesState !== null && { rulesState: m.rulesState }),
    },
    wakes: (m) => m.wakesWorker,
    signer: sessionSigner,
    viewerOf: (m) => m.by,
  });
}

/** Chooses the player's own setup before the first move (Janggi's arrangements). */
export async function chooseSetupAction(raw: { gameId: string; setup: number }): Promise<GameActionResult> {
  return act(chooseSetupInput, raw, (db, userId, input) => chooseSetup(db, userId, input));
}

export async function resignAction(raw: { gameId: string }): Promise<GameActionResult> {
  return act(gameActionInput, raw, (db, userId, input) => resign(db, userId, input));
}

export async function offerDrawAction(raw: { gameId: string }): Promise<GameActionResult> {
  return act(gameActionInput, raw, (db, userId, input) => offerDraw(db, userId, input));
}

export async function acceptDrawAction(raw: { gameId: string }): Promise<GameActionResult> {
  return act(gameActionInput, raw, (db, userId, input) => acceptDraw(db, userId, input));
}

export async function declineDrawAction(raw: { gameId: string }): Promise<GameActionResult> {
  return act(gameActionInput, raw, (db, userId, input) => declineDraw(db, userId, input));
}

/** "+1 day" for the opponent, who is to move. */
export async function extraDayAction(raw: { gameId: string }): Promise<GameActionResult> {
  return act(gameActionInput, raw, (db, userId, input) => giveExtraDay(db, userId, input));
}

export async function claimDrawAction(raw: { gameId: string; reason: string }): Promise<GameActionResult> {
  return act(drawClaimInput, raw, (db, userId, input) => claimDraw(db, userId, input));
}

const withdrawInput = gameActionInput.extend(invitationInput.shape);

/** Withdraws one's own open challenge (the game page of a challenge nobody accepted yet). */
export async function withdrawAction(raw: { gameId: string; invitationId: string }): Promise<GameActionResult> {
  return act(withdrawInput, raw, (db, userId, input) => withdrawInvitation(db, userId, input));
}

// ---------------------------------------------------------------- conditional moves

/** The signed-in player's own lines after an action on them, or the refusal in words. */
export type ConditionalLinesResult = { ok: true; lines: ConditionalLineView[] } | { ok: false; code: string; error: string };

async function onLines<T>(
  schema: z.ZodType<T>,
  raw: unknown,
  op: (db: Db, userId: string, input: T) => Promise<ConditionalLineView[]>,
): Promise<ConditionalLinesResult> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) return { ok: false, code: "invalid", error: parsed.error.issues[0]?.message ?? "invalid input" };
  try {
    const user = await getCurrentUser();
    if (!user?.name) return { ok: false, code: "signed-out", error: "You are signed out: sign in again to plan moves." };
    return { ok: true, lines: await op(await getDb(), user.id, parsed.data) };
  } catch (e) {
    if (e instanceof GameError) return { ok: false, code: e.code, error: e.message };
    console.error("conditional moves action failed:", e);
    return { ok: false, code: "server", error: "Something went wrong on the server. Please try again." };
  }
}

/** One's own conditional lines in a game (docs/conditional-moves.md): for its players only. */
export async function conditionalLinesAction(raw: { gameId: string }): Promise<ConditionalLinesResult> {
  return onLines(gameActionInput, raw, (db, userId, input) => conditionalLinesOf(db, userId, input));
}

export async function addConditionalLineAction(raw: { gameId: string; expectedPly: number; moves: string[] }): Promise<ConditionalLinesResult> {
  return onLines(conditionalLineInput, raw, (db, userId, input) => addConditionalLine(db, userId, input));
}

export async function deleteConditionalLineAction(raw: { gameId: string; lineId: string }): Promise<ConditionalLinesResult> {
  return onLines(conditionalLineIdInput, raw, (db, userId, input) => deleteConditionalLine(db, userId, input));
}

// ---------------------------------------------------------------- notes and chat

// Notes and chat (docs/chat.md): the service decides who may; these only check the shape.

/** Keeps the player's private notes on the game. */
export async function saveNoteAction(raw: { gameId: string; text: string }): Promise<GameActionResult> {
  return act(noteInput, raw, (db, userId, input) => saveNote(db, userId, input));
}

export async function chatAction(raw: { gameId: string; text: string }): Promise<GameActionResult> {
  return act(chatInput, raw, (db, userId, input) => postChat(db, userId, input));
}

export async function muteAction(raw: { gameId: string; mute: boolean }): Promise<GameActionResult> {
  return act(muteInput, raw, (db, userId, input) => setMute(db, userId, input));
}

export async function reportAction(raw: { gameId: string; messageId: string }): Promise<GameActionResult> {
  return act(reportInput, raw, (db, userId, input) => reportMessage(db, userId, input));
}
