import Link from "next/link";
import { redirect } from "next/navigation";
import { getCurrentUser, safeCallbackPath } from "@/lib/auth";
import { devMailboxEnabled } from "@/lib/mail";
import { SignInForm } from "./sign-in-form";

export const metadata = { title: "Sign in · Courier Variants" };

// Error codes Auth.js puts in ?error= when it sends people back here.
const errors: Record<string, string> = {
  Verification: "That sign-in link has expired or has already been used. Ask for a new one below.",
  AccessDenied: "Sign-in was refused.",
};

type Search = Record<string, string | string[] | undefined>;

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
  return (
    <main>
      <h1>Sign in</h1>
      {error && <p role="alert">{error}</p>}
      <p>We email you a link; no password needed. A new address gets a new account.</p>
      <SignInForm callbackUrl={callbackUrl} />
      {mailbox}
    </main>
  );
}
