"use client";
import { useActionState } from "react";
import { answerInvitationAction, type AnswerState } from "./actions";

/** Accept (and go to the game) or decline; one form, the pressed button says which. */
export function AnswerForm({ token, invitationId, canDecline, seats }: {
  token: string; invitationId: string; canDecline: boolean;
  /** A game for more than two: the free seats, one to choose. */
  seats?: { army: string; name: string }[];
}) {
  const [state, action, pending] = useActionState<AnswerState, FormData>(answerInvitationAction, { error: null });
  return (
    <form action={action}>
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="invitationId" value={invitationId} />
      {seats && (
        <p>
          <label>
            Your seat{" "}
            <select name="army" defaultValue={seats[0]?.army}>
              {seats.map((s) => <option key={s.army} value={s.army}>{s.name}</option>)}
            </select>
          </label>
        </p>
      )}
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
