import Link from "next/link";
import { redirect } from "next/navigation";
import { getCurrentUser, safeCallbackPath } from "@/lib/auth";
import { getDb } from "@/lib/db/client";
import { GameError, invitationByToken } from "@/lib/games";
import { variantInfo } from "@/lib/rules";
import { devMailboxEnabled } from "@/lib/mail";
import { SignInForm } from "./sign-in-form";

export const metadata = { title: "Sign in · Courier Variants" };

// Error codes Auth.js puts in ?error= when it sends people back here.
const errors: Record<string, string> = {
  Verification: "That sign-in link has expired or has already been used. Ask for a new one below.",
  AccessDenied: "Sign-in was refused.",
};

type Search = Record<string, string | string[] | undefined>;

/**
 * The invitation a signed-out visitor came to answer (the sign-in's way back is its page): what it
 * is, in a sentence, and for an email invitation the address it went to, to sign in with.
 */
async function invitationComingFrom(callbackUrl: string) {
  const token = /^\/invitations\/([0-9a-f]{32})$/.exec(callbackUrl)?.[1];
  if (!token) return null;
  try {
    const inv = await invitationByToken(await getDb(), token);
    if (inv.status !== "pending") return null;
    const from = inv.fromName ?? "A player";
    const days = `${inv.daysPerMove} ${inv.daysPerMove === 1 ? "day" : "days"} per move`;
    return {
      heading: `Sign in to answer ${from}'s invitation`,
      what: `${from} invites you to a game of ${variantInfo(inv.variant).name}, ${days}. Sign in (a new address gets a new account), then accept or decline.`,
      email: inv.kind === "email" ? (inv.toEmail ?? undefined) : undefined,
    };
  } catch (e) {
    if (e instanceof GameError && e.code === "not-found") return null;
    throw e;
  }
}

export default async function SignInPage({ searchParams }: { searchParams: Promise<Search> }) {
  const search = await searchParams;
  const callbackUrl = safeCallbackPath(search.callbackUrl);
  // ?type=email: the link is sent (from our action, or from Auth.js via pages.verifyRequest).
  const sent = search.type === "email";
  if (!sent && (await getCurrentUser())) redirect(callbackUrl);

  const mailbox = devMailboxEnabled() && (
    <p>
      No mail server is configured: the email is in the <Link href="/dev/mailbox">dev mailbox</Link>.
    </p>
  );

  if (sent) {
    return (
      <main>
        <h1>Check your mail</h1>
        <p>A sign-in link is on its way. It works once, within 24 hours.</p>
        {mailbox}
      </main>
    );
  }
  const error = typeof search.error === "string" ? (errors[search.error] ?? "Sign-in failed. Try again.") : null;
  const invitation = await invitationComingFrom(callbackUrl);
  return (
    <main>
      <h1>{invitation?.heading ?? "Sign in"}</h1>
      {error && <p role="alert">{error}</p>}
      {invitation && <p>{invitation.what}</p>}
      <p>We email you a link; no password needed. A new address gets a new account.</p>
      <SignInForm callbackUrl={callbackUrl} email={invitation?.email} />
      {mailbox}
    </main>
  );
}
