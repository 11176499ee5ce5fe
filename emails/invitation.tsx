import { Button, Text } from "@react-email/components";
import { z } from "zod";
import { text } from "./text";
import { EmailLayout, buttonStyle } from "./layout";

/** The template's data, checked when the email is queued and again when the worker renders it (lib/mail/templates.ts). */
export const invitationProps = z.object({
  siteUrl: text,
  acceptUrl: text,
  from: text,
  variantName: text,
  daysPerMove: z.number().int().nonnegative(),
  colour: text, // the invitee's side in the game's words ("White", "Red", "Sente") or "a random side"
});
export type InvitationProps = z.infer<typeof invitationProps>;

export default function Invitation(p: InvitationProps) {
  return (
    <EmailLayout preview={`${p.from} invites you to a game of ${p.variantName}`} siteUrl={p.siteUrl}>
      <Text>
        {p.from} invites you to a correspondence game of {p.variantName}, {p.daysPerMove} day
        {p.daysPerMove === 1 ? "" : "s"} per move. You would play {p.colour}.
      </Text>
      <Button href={p.acceptUrl} style={buttonStyle}>See the invitation</Button>
      <Text>If you have no account yet, the link lets you sign up with this email address.</Text>
    </EmailLayout>
  );
}
