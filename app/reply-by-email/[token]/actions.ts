"use server";
/**
 * Stops replies by email in one game, from the link in its emails (docs/reply-by-email.md#stopping).
 * The link's secret is the credential, as the email's reply address is: no sign-in, so the link
 * works from any mail program; only the stopping is a POST, so a mail scanner opening links stops nothing.
 */
import { redirect } from "next/navigation";
import { getDb } from "@/lib/db/client";
import { stopReplies } from "@/lib/games/replies";
import { stopLinkInput } from "@/lib/games/reply-tokens";

export async function stopRepliesByEmail(formData: FormData): Promise<void> {
  const link = stopLinkInput.safeParse(formData.get("token"));
  if (link.success) await stopReplies(await getDb(), link.data);
  redirect(`/reply-by-email/${link.success ? link.data : "unknown"}`);
}
