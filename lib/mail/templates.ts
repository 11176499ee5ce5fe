/**
 * The emails the worker renders: each kind of email names its template and the zod schema of
 * the template's data. A move or any other event queues only the data (checked here when queued),
 * and the worker renders it just before sending (checked again, as a stored row may be stale or
 * hostile), so no request waits for React Email.
 */
import { createElement, type FunctionComponent } from "react";
import type { z } from "zod";
import ChooseSetup, { chooseSetupProps } from "@/emails/choose-setup";
import Digest, { digestProps } from "@/emails/digest";
import DrawOffer, { drawOfferProps } from "@/emails/draw-offer";
import GameOver, { gameOverProps } from "@/emails/game-over";
import Invitation, { invitationProps } from "@/emails/invitation";
import Reminder, { reminderProps } from "@/emails/reminder";
import ReplyAnswer, { replyAnswerProps } from "@/emails/reply-answer";
import Vacation, { vacationProps } from "@/emails/vacation";
import YourTurn, { yourTurnProps } from "@/emails/your-turn";
import { renderEmail } from "./render";

function template<S extends z.ZodType>(props: S, component: FunctionComponent<z.infer<S>>) {
  return { props, component: component as FunctionComponent<unknown> };
}

export const templates = {
  "choose-setup": template(chooseSetupProps, ChooseSetup),
  digest: template(digestProps, Digest),
  "draw-offer": template(drawOfferProps, DrawOffer),
  "game-over": template(gameOverProps, GameOver),
  invitation: template(invitationProps, Invitation),
  reminder: template(reminderProps, Reminder),
  "reply-answer": template(replyAnswerProps, ReplyAnswer),
  vacation: template(vacationProps, Vacation),
  "your-turn": template(yourTurnProps, YourTurn),
};

/** What an email is: its kind, which names its template. */
export type EmailKind = keyof typeof templates;
/** A template's data, as its kind asks. */
export type EmailData<K extends EmailKind> = z.input<(typeof templates)[K]["props"]>;

/** The template's data checked for `kind`; throws (a zod error, or an unknown kind) when it does not fit. */
export function checkEmailData(kind: string, data: unknown): unknown {
  if (!Object.hasOwn(templates, kind)) throw new Error(`no email template for the kind "${kind.slice(0, 64)}"`);
  return templates[kind as EmailKind].props.parse(data);
}

/** The HTML and plain-text bodies of a queued email's data. */
export async function renderEmailData(kind: string, data: unknown): Promise<{ html: string; text: string }> {
  const props = checkEmailData(kind, data);
  return renderEmail(createElement(templates[kind as EmailKind].component, props as object));
}
