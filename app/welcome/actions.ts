"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { getCurrentUser, safeCallbackPath } from "@/lib/auth";
import { chooseDisplayName, displayNameSchema } from "@/lib/auth/profile";
import { getDb } from "@/lib/db/client";

export type NameState = { error: string | null };

export async function chooseName(_prev: NameState, formData: FormData): Promise<NameState> {
  const user = await getCurrentUser();
  if (!user) redirect("/signin?callbackUrl=/welcome");
  const callbackUrl = safeCallbackPath(formData.get("callbackUrl"));
  const name = displayNameSchema.safeParse(formData.get("name"));
  if (!name.success) return { error: name.error.issues[0].message };
  const result = await chooseDisplayName(await getDb(), user.id, name.data);
  // "name-already-chosen": a second tab got there first; carry on as if done.
  if (!result.ok && result.error === "name-taken") return { error: `"${name.data}" is taken. Choose another.` };
  // The header (in the root layout) still says "Choose a name": render it anew with the page we go to.
  revalidatePath("/", "layout");
  redirect(callbackUrl);
}
