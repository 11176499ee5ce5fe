"use client";

import { useActionState } from "react";
import { setVacation, type VacationState } from "./actions";

/** The vacation switch: pauses the clocks of all your games while it is on. */
export function VacationForm({ onVacation, daysLeft, allowance }: { onVacation: boolean; daysLeft: number; allowance: number }) {
  const [state, action, pending] = useActionState<VacationState, FormData>(setVacation, { error: null });
  return (
    <form action={action}>
      <input type="hidden" name="on" value={onVacation ? "0" : "1"} />
      <p>
        {onVacation
          ? `You are on vacation: the clocks of your games are paused. ${daysLeft} of your ${allowance} vacation days are left this year.`
          : `Going away? A vacation pauses the clocks of all your games, and your opponents are told. ${daysLeft} of your ${allowance} vacation days are left this year.`}
      </p>
      <button type="submit" disabled={pending || (!onVacation && daysLeft <= 0)}>
        {onVacation ? "End vacation" : "Start vacation"}
      </button>
      {state.error && <p role="alert">{state.error}</p>}
    </form>
  );
}
