/**
 * The bots' accounts (users.bot_level, created by drizzle/0007_bots.sql): one per level,
 * named Bot-level-1 to Bot-level-8 (a name no person may take, lib/auth/profile.ts), at
 * addresses no mail reaches, wanting no mail. Sign-in refuses them (lib/auth/config.ts).
 */
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { users } from "@/lib/db/schema";

/** The bots' addresses: the reserved .invalid domain (RFC 2606), which no mail reaches. */
export const BOT_EMAIL_DOMAIN = "bots.invalid";

/** Whether an address is in the bots' domain (case and spaces as people type them). */
export function isBotAddress(email: string): boolean {
  return email.trim().toLowerCase().endsWith(`@${BOT_EMAIL_DOMAIN}`);
}

/** The bot of a level, or null (the migration creates all eight; a name clash could have kept one out). */
export async function botOfLevel(db: Executor, level: number) {
  const [bot] = await db.select().from(users).where(eq(users.botLevel, level));
  return bot ?? null;
}


/** Whether an address is a bot's: in the bots' domain, or the address of an account marked as a bot. */
export async function isBotAccount(db: Executor, email: string): Promise<boolean> {
  if (isBotAddress(email)) return true;
  const [bot] = await db.select({ id: users.id }).from(users)
    .where(and(sql`lower(${users.email}) = lower(${email.trim()})`, isNotNull(users.botLevel)));
  return bot !== undefined;
}
