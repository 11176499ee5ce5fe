"use client";

import { useActionState } from "react";
import {
  acceptChallenge, declineChallenge, withdrawChallenge, type InvitationActionState,
} from "@/app/_actions/invitations";

const actions = { accept: acceptChallenge, decline: declineChallenge, withdraw: withdrawChallenge } as const;
const labels = { accept: "Accept", decline: "Decline", withdraw: "Withdraw" } as const;

/**
 * One button acting on one challenge. `about` names the challenge for screen
 * readers and tests ("Accept" alone is ambiguous in a list): "Chess from Alice".
 */
export function ChallengeButton({ kind, invitationId, from, about, army, label }: {
  kind: keyof typeof actions;
  invitationId: string;
  from: "/" | "/lobby";
  about: string;
  /** A game for more than two: the seat (its army's letter) accepting takes. */
  army?: string;
  /** The button's words, when not the kind's ("Take the seat"). */
  label?: string;
}) {
  const [state, action, pending] = useActionState<InvitationActionState, FormData>(actions[kind], { error: null });
  return (
    <form action={action} className="inline-form">
      <input type="hidden" name="invitationId" value={invitationId} />
      <input type="hidden" name="from" value={from} />
      {army && <input type="hidden" name="army" value={army} />}
      <button type="submit" disabled={pending} className={kind === "accept" ? "primary" : undefined}>
        {label ?? labels[kind]}
        <span className="visually-hidden"> {about}</span>
      </button>
      {state.error && <> <span role="alert" className="error">{state.error}</span></>}
    </form>
  );
}
