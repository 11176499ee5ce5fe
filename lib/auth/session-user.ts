/**
 * The player a session token signs in, checked by PostgreSQL inside a statement that does
 * something else (issue 18: a move checks its session in the statement that reads its game, one
 * round trip where Auth.js's read and the game's were two). The same checks as getCurrentUser
 * with Auth.js (lib/auth/index.ts, ./config.ts): the token names a stored session, unexpired,
 * whose user is a person, not a bot, and has chosen a name. Auth.js remains the only one to
 * create, roll on and end sessions: a move does not extend its session, the game page it is made
 * from (and every other page) does.
 */
import { and, eq, gt, isNotNull, isNull, sql, type Placeholder } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "@/lib/db/client";
import { sessions, users } from "@/lib/db/schema";

/** A move's signer before the check: the session token its request's cookie carries (lib/auth sessionToken). */
export interface SessionMover {
  sessionToken: string;
}

/**
 * The player `token` signs in, as a statement that reads something else left-joins it: the
 * session by its token and unexpired (sessionOn), then its user if a person with a name
 * (signedIn, signedInOn), whose id is then null when the token signs in nobody. Joined once,
 * however often the statement names the player (a scalar subquery is run again for each place).
 */
export const signedIn = alias(users, "signed_in");
export const sessionOn = (token: Placeholder | string) => and(eq(sessions.sessionToken, token), gt(sessions.expires, sql`now()`));
export const signedInOn = and(eq(signedIn.id, sessions.userId), isNull(signedIn.botLevel), isNotNull(signedIn.name));

/** The id of the player `token` signs in, or null, as a statement of its own (for when no other statement carries it). */
export async function sessionUserId(ex: Executor, token: string): Promise<string | null> {
  const [row] = await ex.select({ id: signedIn.id }).from(sessions).innerJoin(signedIn, signedInOn).where(sessionOn(token));
  return row?.id ?? null;
}

/**
 * The name of Auth.js's session cookie for a request, chosen as Auth.js chooses it (@auth/core
 * createActionURL, defaultCookies): with the "__Secure-" prefix when the site's address is https,
 * that address being AUTH_URL, or else what the request's proxy says (x-forwarded-proto, https
 * when unsaid). Only that name: on an https site a cookie of the plain name may have been set by
 * someone else (over http, or from a sibling domain), and Auth.js does not read it either.
 */
export function sessionCookieName(authUrl: string | undefined, forwardedProto: string | null): string {
  const protocol = authUrl ? new URL(authUrl).protocol : `${(forwardedProto ?? "https").replace(/:$/, "")}:`;
  return `${protocol === "https:" ? "__Secure-" : ""}authjs.session-token`;
}
