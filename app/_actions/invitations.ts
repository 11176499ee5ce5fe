"use server";
/**
 * Accept, decline and withdraw a challenge, from the home page and the lobby.
 * Thin: parse the form, call the game service, refresh the pages that list
 * challenges. Refusals come back as a message for the form to show.
 */
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { requireUser } from "@/lib/auth";
import { getDb } from "@/lib/db/client";
import { acceptInvitation, declineInvitation, GameError, withdrawInvitation } from "@/lib/games";
import { wakeOutboxWorker } from "@/lib/mail/worker";

export type InvitationActionState = { error: string | null };

const form = z.object({
  invitationId: z.string().trim().min(1).max(64),
  // Where the form was: the page to come back to after signing in.
  from: z.enum(["/", "/lobby"]).catch("/"),
  // A game for more than two: the seat taken (lib/games/multi.ts takeSeatIn checks it).
  army: z.string().regex(/^[a-z]$/).optional(),
});

function parse(formData: FormData) {
  return form.safeParse({ invitationId: formData.get("invitationId"), from: formData.get("from"), army: formData.get("army") ?? undefined });
}

function refresh(): void {
  revalidatePath("/");
  revalidatePath("/lobby");
}

function refusal(error: unknown): InvitationActionState {
  if (error instanceof GameError) return { error: error.message.charAt(0).toUpperCase() + error.message.slice(1) + "." };
  throw error;
}

export async function acceptChallenge(_prev: InvitationActionState, formData: FormData): Promise<InvitationActionState> {
  const parsed = parse(formData);
  if (!parsed.success) return { error: "That challenge could not be read. Reload the page and try again." };
  const user = await requireUser(parsed.data.from);
  let gameId: string;
  try {
    ({ gameId } = await acceptInvitation(await getDb(), user.id, { invitationId: parsed.data.invitationId, army: parsed.data.army }));
  } catch (error) {
    // No refresh here: the row stays, with the reason next to its button.
    return refusal(error);
  }
  wakeOutboxWorker();
  refresh();
  redirect(`/games/${gameId}`);
}

async function close(
  formData: FormData,
  service: typeof declineInvitation,
): Promise<InvitationActionState> {
  const parsed = parse(formData);
  if (!parsed.success) return { error: "That challenge could not be read. Reload the page and try again." };
  const user = await requireUser(parsed.data.from);
  try {
    await service(await getDb(), user.id, { invitationId: parsed.data.invitationId });
  } catch (error) {
    // No refresh here: the row stays, with the reason next to its button.
    return refusal(error);
  }
  refresh();
  return { error: null };
}

export async function declineChallenge(_prev: InvitationActionState, formData: FormData): Promise<InvitationActionState> {
  return close(formData, declineInvitation);
}

export async function withdrawChallenge(_prev: InvitationActionState, formData: FormData): Promise<InvitationActionState> {
  return close(formData, withdrawInvitation);
}
