import { DrizzleAdapter } from "@auth/drizzle-adapter";
import type { NextAuthConfig } from "next-auth";
import type { Db } from "@/lib/db/client";
import { accounts, sessions, users, verificationTokens } from "@/lib/db/schema";
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

/** The Auth.js configuration; separate from lib/auth/index.ts so tests can drive it. */
export function buildAuthConfig({ db, transport, secret, from }: AuthDeps): NextAuthConfig {
  return {
    secret,
    adapter: DrizzleAdapter(db, {
      usersTable: users,
      accountsTable: accounts,
      sessionsTable: sessions,
      verificationTokensTable: verificationTokens,
    }),
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
      session({ session, user }) {
        return { ...session, user: { ...session.user, id: user.id } };
      },
    },
  };
}
