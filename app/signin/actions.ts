"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { AuthError } from "next-auth";
import { z } from "zod";
import { safeCallbackPath, signIn } from "@/lib/auth";
import { clientAddress } from "@/lib/auth/client-address";
import { signInAllowance } from "@/lib/auth/rate-limit";
import { getDb } from "@/lib/db/client";

export type SignInState = { error: string | null };

const form = z.object({
  email: z.email("Enter an email address.").max(320),
  callbackUrl: z.string().nullable(),
});

export async function requestSignIn(_prev: SignInState, formData: FormData): Promise<SignInState> {
  const parsed = form.safeParse({ email: formData.get("email"), callbackUrl: formData.get("callbackUrl") });
  if (!parsed.success) return { error: parsed.error.issues[0].message };
  // Asked first for a clear answer; the email sender counts and enforces (lib/auth/rate-limit.ts).
  const allowed = await signInAllowance(await getDb(), parsed.data.email, clientAddress(await headers()), { record: false });
  if (!allowed.ok) return { error: allowed.message };
  try {
    // Sends the link; `redirect: false` skips Auth.js's hop through /api/auth/verify-request.
    await signIn("email", {
      email: parsed.data.email,
      redirectTo: safeCallbackPath(parsed.data.callbackUrl),
      redirect: false,
    });
  } catch (error) {
    if (error instanceof AuthError) return { error: "The sign-in email could not be sent. Try again in a moment." };
    throw error;
  }
  redirect("/signin?type=email");
}
