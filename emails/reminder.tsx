import { Button, Text } from "@react-email/components";
import { z } from "zod";
import { text } from "./text";
import { EmailLayout, buttonStyle } from "./layout";

/** The template's data, checked when the email is queued and again when the worker renders it (lib/mail/templates.ts). */
export const reminderProps = z.object({
  siteUrl: text,
  gameUrl: text,
  opponent: text,
  variantName: text,
  timeLeft: text, // "about 20 hours"
  deadline: text,
  /** The game waits for the player's setup, not a move (Janggi): running out cancels it. */
  choosing: z.boolean().optional(),
});
export type ReminderProps = z.infer<typeof reminderProps>;

export default function Reminder(p: ReminderProps) {
  const what = p.choosing ? "to choose your setup" : "for your move";
  return (
    <EmailLayout preview={`${p.timeLeft} left ${what} against ${p.opponent}`} siteUrl={p.siteUrl}>
      <Text>
        Your {p.variantName} game with {p.opponent} is waiting {p.choosing ? "for you to choose your setup" : "for your move"}, and {p.timeLeft} remain
        (until {p.deadline}). If the time runs out, {p.choosing ? "the game is cancelled" : "you lose the game"}.
      </Text>
      <Button href={p.gameUrl} style={buttonStyle}>{p.choosing ? "Choose your setup" : "Make your move"}</Button>
    </EmailLayout>
  );
}
