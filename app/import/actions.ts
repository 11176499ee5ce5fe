"use server";

import { redirect } from "next/navigation";
import { z } from "zod";
import { requireUser } from "@/lib/auth";
import { getDb } from "@/lib/db/client";
import { MAX_RECORD_CHARS, importRecord } from "@/lib/games/records";

export type ImportState = { error: string | null; text: string };

const visibilityInput = z.enum(["public", "unlisted", "private"]);

/** Pasted text or an uploaded file (the file wins when both are given) → a finished game, then its page. */
export async function importGame(_prev: ImportState, formData: FormData): Promise<ImportState> {
  const user = await requireUser("/import");
  const pasted = formData.get("record");
  let text = typeof pasted === "string" ? pasted : "";
  const file = formData.get("file");
  if (file instanceof File && file.size > 0) {
    if (file.size > MAX_RECORD_CHARS * 4) return { error: "That file is too large for a game record.", text };
    text = await file.text();
  }
  const visibility = visibilityInput.safeParse(formData.get("visibility"));
  if (!visibility.success) return { error: "Choose who may see the game.", text };
  const result = await importRecord(await getDb(), user.id, text, visibility.data);
  if (!result.ok) return { error: result.error, text: text.slice(0, MAX_RECORD_CHARS) };
  redirect(`/games/${result.gameId}`);
}
