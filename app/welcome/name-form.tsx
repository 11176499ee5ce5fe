"use client";

import { useActionState } from "react";
import { chooseName, type NameState } from "./actions";

export function NameForm({ callbackUrl }: { callbackUrl: string }) {
  const [state, action, pending] = useActionState<NameState, FormData>(chooseName, { error: null });
  return (
    <form action={action}>
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <label>
        Display name{" "}
        <input
          name="name"
          required
          minLength={3}
          maxLength={20}
          pattern="[A-Za-z0-9_\-]+"
          title="3 to 20 letters, digits, - or _"
          autoComplete="username"
          autoFocus
        />
      </label>{" "}
      <button type="submit" disabled={pending}>
        Continue
      </button>
      {state.error && <p role="alert">{state.error}</p>}
    </form>
  );
}
