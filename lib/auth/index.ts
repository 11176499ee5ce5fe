import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import NextAuth from "next-auth";
import { cache } from "react";
import { getDb } from "@/lib/db/client";
import type { User } from "@/lib/db/schema";
import { getTransport, mailSettings } from "@/lib/mail";
import { buildAuthConfig, withSessionUser, type AuthDeps } from "./config";
import { authSecret } from "./secret";
import { sessionCookieName } from "./session-user";

export { safeCallbackPath } from "./callback-path";

// Auth.js builds magic links from AUTH_URL, else from the request's Host header,
// which a client controls (and under `next start` it refuses untrusted hosts).
// Default AUTH_URL to SITE_URL unless the operator chose to trust the proxy.
if (!process.env.AUTH_URL && !process.env.AUTH_TRUST_HOST) process.env.AUTH_URL = mailSettings().siteUrl;

let deps: Promise<AuthDeps> | undefined;
function authDeps(): Promise<AuthDeps> {
  deps ??= (async () => ({
    db: await getDb(),
    transport: await getTransport(),
    secret: authSecret(),
    from: mailSettings().from,
  }))().catch((error: unknown) => {
    deps = undefined;
    throw error;
  });
  return deps;
}

// Lazy: the database opens on the first request, not when `next build` imports this.
// A fresh config object each time, because Auth.js fills in defaults by mutation.
export const { handlers, auth, signIn, signOut } = NextAuth(async () => buildAuthConfig(await authDeps()));

/** A signed-in user who has chosen a display name. */
export type Player = User & { name: string };

/**
 * The signed-in user's row, or null. Cached per request. One query: the row is the one Auth.js
 * read with the session (lib/auth/config.ts withSessionUser), not read again.
 */
export const getCurrentUser = cache(async (): Promise<User | null> => {
  const user = await withSessionUser(() => auth());
  // A bot never has a session (sign-in refuses it); should one exist anyway, it is nobody.
  return user && user.botLevel === null ? user : null;
});

/**
 * The session token the request's cookie carries, unchecked, for a statement to check
 * (./session-user.ts: the game's read for a move); a token signs in only if Auth.js stored it.
 */
export async function sessionToken(): Promise<string | null> {
  const name = sessionCookieName(process.env.AUTH_URL ?? process.env.NEXTAUTH_URL, (await headers()).get("x-forwarded-proto"));
  return (await cookies()).get(name)?.value ?? null;
}

/**
 * The signed-in player, for pages and server actions that need one. Redirects to
 * /signin when signed out and to /welcome when no name is chosen yet; both come
 * back to `returnTo` (a path on this site) afterwards.
 */
export async function requireUser(returnTo: string): Promise<Player> {
  const user = await getCurrentUser();
  const back = new URLSearchParams({ callbackUrl: returnTo });
  if (!user) redirect(`/signin?${back}`);
  if (user.name === null) redirect(`/welcome?${back}`);
  return { ...user, name: user.name };
}
