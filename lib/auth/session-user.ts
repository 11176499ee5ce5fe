/**
 * The player a session token signs in, checked by PostgreSQL inside a statement that does
 * something else (issue 18: a move checks its session in the statement that reads its game, one
 * round trip where Auth.js's read and the game's were two). The same checks as getCurrentUser
 * with Auth.js (lib/auth/index.ts, ./config.ts): the token names a stored session, unexpired,
 * whose user is a person, not a bot, and has chosen a name. Auth.js remains the only one to
 * create, roll on and end sessions: a move does not extend its session, the game page it is made
 * from (and every other page) does.
 */
import { and, eq, gt, isNotNull, isNull, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { sessions, users } from "@/lib/db/schema";

/** A move's signer before the check: the session token its request's cookie carries (lib/auth sessionToken). */
export interface SessionMover {
  sessionToken: string;
}

const signsIn = (token: Placeholder | string) =>
  and(eq(sessions.sessionToken, token), gt(sessions.expires, sql`now()`), isNull(users.botLevel), isNotNull(users.name));

/** The id of the player `token` signs in, as an expression a statement can select or compare with: null when it signs in nobody. */
export function sessionUserSql(token: Placeholder): SQL<string | null> {
  return sql<string | null>`(select ${sessions.userId} from ${sessions} inner join ${users} on ${eq(users.id, sessions.userId)} where ${signsIn(token)})`;
}

/** The id of the player `token` signs in, or null, as a statement of its own (for when no other statement carries it). */
export async function sessionUserId(ex: Executor, token: string): Promise<string | null> {
  const [row] = await ex.select({ id: sessions.userId }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(signsIn(token));
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
