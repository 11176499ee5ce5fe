"use server";

import { redirect } from "next/navigation";
import { z } from "zod";
import { requireUser } from "@/lib/auth";
import { getDb } from "@/lib/db/client";
import { importRecord } from "@/lib/games/records";
import { FILE_TOO_LARGE, MAX_RECORD_BYTES, RECORD_TOO_LARGE, recordBytes } from "@/lib/games/record-limits";

export type ImportState = { error: string | null; text: string };

// The same limits as the form checks in the browser (lib/games/record-limits.ts).
const importInput = z.object({
  record: z.string({ error: "Paste the record as text." }).refine((s) => recordBytes(s) <= MAX_RECORD_BYTES, RECORD_TOO_LARGE),
  file: z.instanceof(File, { error: "Choose the record as a file." }).refine((f) => f.size <= MAX_RECORD_BYTES, FILE_TOO_LARGE).nullable(),
  visibility: z.enum(["public", "unlisted", "private"], { error: "Choose who may see the game." }),
});

/** Pasted text or an uploaded file (the file wins when both are given) → a finished game, then its page. */
export async function importGame(_prev: ImportState, formData: FormData): Promise<ImportState> {
  const user = await requireUser("/import");
  const pasted = formData.get("record") ?? "";
  const parsed = importInput.safeParse({ record: pasted, file: formData.get("file"), visibility: formData.get("visibility") });
  const echo = typeof pasted === "string" && recordBytes(pasted) <= MAX_RECORD_BYTES ? pasted : "";
  // Pasted text comes back into the form, unless it is the problem.
  if (!parsed.success) return { error: parsed.error.issues[0].message, text: echo };
  const { record, file, visibility } = parsed.data;
  const text = file && file.size > 0 ? await file.text() : record;
  const result = await importRecord(await getDb(), user.id, text, visibility);
  // The record that failed comes back into the form to be corrected, a file's included.
  if (!result.ok) return { error: result.error, text };
  redirect(`/games/${result.gameId}`);
}
