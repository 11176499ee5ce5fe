"use server";

import { signOut, requireUser } from "@/lib/auth";
import { settingsSchema, updateSettings } from "@/lib/auth/profile";
import { getDb } from "@/lib/db/client";

export type SettingsState = { error: string | null; saved: boolean };

export async function saveSettings(_prev: SettingsState, formData: FormData): Promise<SettingsState> {
  const user = await requireUser("/settings");
  const parsed = settingsSchema.safeParse({
    name: formData.get("name"),
    notify: formData.get("notify"),
    boardOrientation: formData.get("boardOrientation"),
    // An unticked checkbox is simply absent from the form.
    confirmMoves: formData.get("confirmMoves") === "on",
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { error: `${issue.path.join(".")}: ${issue.message}`, saved: false };
  }
  const result = await updateSettings(await getDb(), user.id, parsed.data);
  if (!result.ok) return { error: `"${parsed.data.name}" is taken. Choose another name.`, saved: false };
  return { error: null, saved: true };
}

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/" });
}
