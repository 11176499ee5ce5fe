"use client";
import { useActionState } from "react";
import { answerInvitationAction, type AnswerState } from "./actions";

/** Accept (and go to the game) or decline; one form, the pressed button says which. */
export function AnswerForm({ token, invitationId, canDecline }: { token: string; invitationId: string; canDecline: boolean }) {
  const [state, action, pending] = useActionState<AnswerState, FormData>(answerInvitationAction, { error: null });
  return (
    <form action={action}>
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="invitationId" value={invitationId} />
      <button type="submit" name="answer" value="accept" disabled={pending} className="primary">
        Accept and play
      </button>{" "}
      {canDecline && (
        <button type="submit" name="answer" value="decline" disabled={pending}>
          Decline
        </button>
      )}
      {state.error && <p role="alert">{state.error}</p>}
    </form>
  );
}
