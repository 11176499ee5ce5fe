import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { isUniqueViolation, type Executor } from "@/lib/db/client";
import { boardOrientation, moveNotation, notifyMode, pieceSet, users } from "@/lib/db/schema";

/** ASCII only: names appear in /players/<name> links and must not imitate each other. */
export const displayNameSchema = z
  .string()
  .trim()
  .min(3, "At least 3 characters.")
  .max(20, "At most 20 characters.")
  .regex(/^[A-Za-z0-9_-]+$/, "Letters, digits, - and _ only.")
  // The bots' names (lib/games/bot-accounts.ts): nobody may pass for one, nor spell one with
  // a look-alike (Bot_level, Bot-Ievel, B0t-1evel).
  .refine((name) => !/^b[o0]t[\s_-]*[l1i]evel/i.test(name), "Names that read as Bot-level are the bots'.");

export const settingsSchema = z.object({
  name: displayNameSchema,
  notify: z.enum(notifyMode.enumValues),
  boardOrientation: z.enum(boardOrientation.enumValues),
  confirmMoves: z.boolean(),
  // Optional: a caller that leaves them out leaves them as they are.
  pieceSet: z.enum(pieceSet.enumValues).optional(),
  shogiCoordinates: z.boolean().optional(),
  // The players' chat (docs/chat.md): off, this player neither sees nor receives it.
  chatEnabled: z.boolean().optional(),
  moveNotation: z.enum(moveNotation.enumValues).optional(),
});
export type SettingsInput = z.input<typeof settingsSchema>;

export type ProfileResult = { ok: true } | { ok: false; error: "name-taken" | "name-already-chosen" };

/** Sets the display name on first sign-in; a name, once chosen, changes only in settings. */
export async function chooseDisplayName(db: Executor, userId: string, name: string): Promise<ProfileResult> {
  const parsed = displayNameSchema.parse(name);
  try {
    const updated = await db
      .update(users)
      .set({ name: parsed })
      .where(and(eq(users.id, userId), isNull(users.name)))
      .returning({ id: users.id });
    return updated.length === 1 ? { ok: true } : { ok: false, error: "name-already-chosen" };
  } catch (error) {
    if (isUniqueViolation(error, "users_name_lower_key")) return { ok: false, error: "name-taken" };
    throw error;
  }
}

export async function updateSettings(db: Executor, userId: string, input: SettingsInput): Promise<ProfileResult> {
  const settings = settingsSchema.parse(input);
  try {
    await db.update(users).set(settings).where(eq(users.id, userId));
    return { ok: true };
  } catch (error) {
    if (isUniqueViolation(error, "users_name_lower_key")) return { ok: false, error: "name-taken" };
    throw error;
  }
}
