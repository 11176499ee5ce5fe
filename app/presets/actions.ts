"use server";
/** Publishes a preset from the editor: the service checks the input and the text again, then the preset's page. */
import { redirect } from "next/navigation";
import { sentence } from "@/app/_components/sentence";
import { requireUser } from "@/lib/auth";
import { getDb } from "@/lib/db/client";
import { GameError } from "@/lib/games";
import { publishPreset } from "@/lib/games/presets";

export type PublishState = { error: string | null };

const text = (v: FormDataEntryValue | null) => (typeof v === "string" ? v : "");

export async function publishPresetAction(_prev: PublishState, form: FormData): Promise<PublishState> {
  const user = await requireUser("/presets/new");
  let slug: string;
  try {
    ({ slug } = await publishPreset(await getDb(), user.id, {
      slug: text(form.get("slug")), name: text(form.get("name")), rules: text(form.get("rules")), text: text(form.get("text")),
    }));
  } catch (e) {
    if (e instanceof GameError) return { error: sentence(e.message) };
    console.error("publish preset failed:", e);
    return { error: "Something went wrong on the server. Please try again." };
  }
  redirect(`/presets/${slug}`);
}
