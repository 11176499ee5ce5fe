"use client";

import { useActionState } from "react";
import { requestSignIn, type SignInState } from "./actions";

export function SignInForm({ callbackUrl, email }: { callbackUrl: string; email?: string }) {
  const [state, action, pending] = useActionState<SignInState, FormData>(requestSignIn, { error: null });
  return (
    <form action={action}>
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <label>
        Email address{" "}
        <input type="email" name="email" required autoComplete="email" autoFocus defaultValue={email} />
      </label>{" "}
      <button type="submit" disabled={pending}>
        {pending ? "Sending…" : "Email me a sign-in link"}
      </button>
      {state.error && <p role="alert">{state.error}</p>}
    </form>
  );
}
