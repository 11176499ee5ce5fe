/**
 * For tests that replace lib/auth around the game page's actions (ctx.user): the session token the
 * request of a move carries for the user signed in. A move's session is checked by the statement
 * that reads its game (lib/auth/session-user.ts), not by getCurrentUser, so the session is a real
 * row: the user's own, made once and used again while it lasts (a test that compares the tables before and after
 * an action makes its sessions first), or for a user who is not stored, a token naming nobody.
 */
import { randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { sessions, users, type User } from "@/lib/db/schema";

export async function sessionTokenOf(db: Executor, user: Pick<User, "id"> | null): Promise<string | null> {
  if (!user) return null;
  const [held] = await db.select({ token: sessions.sessionToken }).from(sessions).where(and(eq(sessions.userId, user.id), gt(sessions.expires, new Date()))).limit(1);
  if (held) return held.token;
  const token = randomBytes(16).toString("hex");
  const [stored] = await db.select({ id: users.id }).from(users).where(eq(users.id, user.id));
  if (stored) await db.insert(sessions).values({ sessionToken: token, userId: user.id, expires: new Date(Date.now() + 30 * 86_400_000) });
  return token;
}
