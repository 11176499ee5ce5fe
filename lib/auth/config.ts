import { AsyncLocalStorage } from "node:async_hooks";
import { DrizzleAdapter } from "@auth/drizzle-adapter";
import type { NextAuthConfig } from "next-auth";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { preparedQuery } from "@/lib/db/prepared";
import { accounts, sessions, users, verificationTokens, type User } from "@/lib/db/schema";
import type { MailTransport } from "@/lib/mail/transport";
import { clientAddress } from "./client-address";
import { signInAllowance, SignInRateLimited } from "./rate-limit";
import { sendSignInEmail } from "./signin-email";
import { isBotAccount } from "@/lib/games/bot-accounts";

export interface AuthDeps {
  db: Db;
  transport: MailTransport;
  secret: string;
  from: string;
}

/**
 * The user row Auth.js read with the session (its adapter joins the two in one query), handed
 * to the code that asked for the session in this request, so it need not read the user again.
 */
const sessionRow = new AsyncLocalStorage<{ user: User | null }>();

/**
 * Runs `read` (Auth.js's `auth()`) and answers the user row of the session it found, or null.
 * Auth.js has made all its checks by then: the cookie names a stored session, unexpired (an
 * expired one is deleted), whose user exists; its expiry rolls on when due.
 */
export async function withSessionUser(read: () => Promise<{ user?: { id?: string } } | null>): Promise<User | null> {
  const holder: { user: User | null } = { user: null };
  const session = await sessionRow.run(holder, read);
  // The row only if Auth.js answered with that same session (not one it refused after the callback).
  return session?.user?.id !== undefined && session.user.id === holder.user?.id ? holder.user : null;
}

/** The session and its user, read as the adapter reads them, with the query built once (lib/db/prepared.ts): every signed-in request asks. */
const sessionAndUser = preparedQuery((ex) => ex.select({ session: sessions, user: users }).from(sessions)
  .innerJoin(users, eq(users.id, sessions.userId)).where(eq(sessions.sessionToken, sql.placeholder("token"))).prepare("session_and_user"));

/** The Auth.js configuration; separate from lib/auth/index.ts so tests can drive it. */
export function buildAuthConfig({ db, transport, secret, from }: AuthDeps): NextAuthConfig {
  const adapter = DrizzleAdapter(db, {
    usersTable: users,
    accountsTable: accounts,
    sessionsTable: sessions,
    verificationTokensTable: verificationTokens,
  });
  return {
    secret,
    adapter: {
      ...adapter,
      // The adapter's own read returns these same rows, typed as Auth.js's (a user's email is never null there).
      getSessionAndUser: async (token) => ((await sessionAndUser(db, { token }))[0] ?? null) as Awaited<ReturnType<NonNullable<typeof adapter.getSessionAndUser>>>,
    },
    // Sessions live in the database (the default with an adapter); said explicitly
    // because getCurrentUser relies on the user id from the session row.
    session: { strategy: "database" },
    providers: [
      {
        id: "email",
        type: "email",
        name: "Email",
        from,
        maxAge: 24 * 60 * 60,
        // Counted and limited here, where every sign-in email passes (the form and a direct POST alike).
        sendVerificationRequest({ identifier, url, request }) {
          const sending = (async () => {
            const allowed = await signInAllowance(db, identifier, clientAddress(request.headers), { record: true });
            if (!allowed.ok) throw new SignInRateLimited(allowed.message);
            await sendSignInEmail(transport, identifier, url);
          })();
          // Auth.js awaits this promise only after hashing the token (@auth/core send-token.js):
          // a refusal that comes first would otherwise be an unhandled rejection. Auth.js still
          // receives the refusal from the promise returned.
          sending.catch(() => {});
          return sending;
        },
      },
    ],
    pages: {
      signIn: "/signin",
      // Auth.js appends ?provider=email&type=email; /signin shows "check your mail".
      verifyRequest: "/signin",
      error: "/signin",
      newUser: "/welcome",
    },
    callbacks: {
      // Bots never sign in (docs/playing-bots.md#accounts): asked at the request, so no link is sent,
      // and again at the link's callback, so a link that reached a bot's address anyway is refused.
      async signIn({ user }) {
        return !user.email || !(await isBotAccount(db, user.email));
      },
      // `user` is the whole users row the adapter read with the session (getSessionAndUser).
      // It goes to getCurrentUser by sessionRow; the answer, which GET /api/auth/session
      // also sends to the browser, holds only who is signed in (never the session token).
      session({ session, user }) {
        const holder = sessionRow.getStore();
        if (holder) holder.user = user as unknown as User;
        return { user: { id: user.id, name: user.name, email: user.email }, expires: session.expires };
      },
    },
  };
}
