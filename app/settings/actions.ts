"use server";

import { signOut, requireUser } from "@/lib/auth";
import { settingsSchema, updateSettings } from "@/lib/auth/profile";
import { getDb } from "@/lib/db/client";
import { endVacation, GameError, startVacation } from "@/lib/games";
import { wakeOutboxWorker } from "@/lib/mail/worker";
import { revalidatePath } from "next/cache";
import { z } from "zod";

export type SettingsState = { error: string | null; saved: boolean };

export async function saveSettings(_prev: SettingsState, formData: FormData): Promise<SettingsState> {
  const user = await requireUser("/settings");
  const parsed = settingsSchema.safeParse({
    name: formData.get("name"),
    notify: formData.get("notify"),
    boardOrientation: formData.get("boardOrientation"),
    // An unticked checkbox is simply absent from the form.
    confirmMoves: formData.get("confirmMoves") === "on",
    pieceSet: formData.get("pieceSet") ?? undefined,
    shogiCoordinates: formData.get("shogiCoordinates") === "on",
    chatEnabled: formData.get("chatEnabled") === "on",
    moveNotation: formData.get("moveNotation") ?? undefined,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { error: `${issue.path.join(".")}: ${issue.message}`, saved: false };
  }
  const result = await updateSettings(await getDb(), user.id, parsed.data);
  if (!result.ok) return { error: `"${parsed.data.name}" is taken. Choose another name.`, saved: false };
  // The header (in the root layout) shows the name: render it anew, so a new name shows at once.
  revalidatePath("/", "layout");
  return { error: null, saved: true };
}

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/" });
}

export type VacationState = { error: string | null };

/** Vacation on or off: the form says which, so a stale page cannot flip it the wrong way. */
export async function setVacation(_prev: VacationState, formData: FormData): Promise<VacationState> {
  const user = await requireUser("/settings");
  const parsed = z.object({ on: z.enum(["1", "0"]) }).safeParse({ on: formData.get("on") });
  if (!parsed.success) return { error: "choose to start or end the vacation" };
  const db = await getDb();
  try {
    if (parsed.data.on === "1") {
      if (!user.vacationSince) await startVacation(db, user.id);
    } else if (user.vacationSince) {
      await endVacation(db, user.id);
    }
  } catch (e) {
    if (e instanceof GameError) return { error: e.message };
    throw e;
  }
  wakeOutboxWorker();
  revalidatePath("/settings");
  return { error: null };
}
