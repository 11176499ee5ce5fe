"use server";
/** Answers an invitation: accepting starts the game and goes there; declining cancels it. */
import { refresh } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { sentence } from "@/app/_components/sentence";
import { requireUser } from "@/lib/auth";
import { getDb } from "@/lib/db/client";
import { GameError, acceptInvitation, declineInvitation } from "@/lib/games";
import { invitationInput, invitationTokenInput } from "@/lib/games/inputs";
import { wakeOutboxWorker } from "@/lib/mail/worker";

export type AnswerState = { error: string | null };

const answerInput = invitationTokenInput.extend({
  ...invitationInput.shape,
  answer: z.enum(["accept", "decline"]),
  // A game for more than two: the seat chosen (lib/games/multi.ts takeSeatIn checks it).
  army: z.string().regex(/^[a-z]$/).optional(),
});

export async function answerInvitationAction(_prev: AnswerState, form: FormData): Promise<AnswerState> {
  const parsed = answerInput.safeParse({
    token: form.get("token"), invitationId: form.get("invitationId"), answer: form.get("answer"), army: form.get("army") ?? undefined,
  });
  if (!parsed.success) return { error: "This form is out of date: reload the page." };
  const { token, invitationId, answer, army } = parsed.data;
  const user = await requireUser(`/invitations/${token}`);
  let gameId: string | null = null;
  try {
    const db = await getDb();
    if (answer === "accept") ({ gameId } = await acceptInvitation(db, user.id, { token, army }));
    else await declineInvitation(db, user.id, { invitationId });
  } catch (e) {
    if (e instanceof GameError) return { error: sentence(e.message) };
    console.error("answering an invitation failed:", e);
    return { error: "Something went wrong on the server. Please try again." };
  }
  if (gameId) {
    // White's "your move" email is queued when Black accepts: send it now.
    wakeOutboxWorker();
    redirect(`/games/${gameId}`);
  }
  // Declined: show the invitation again, now as declined.
  refresh();
  return { error: null };
}
