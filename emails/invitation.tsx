import { Button, Text } from "@react-email/components";
import { EmailLayout, buttonStyle } from "./layout";

export interface InvitationProps {
  siteUrl: string;
  acceptUrl: string;
  from: string;
  variantName: string;
  daysPerMove: number;
  colour: string; // the invitee's side in the game's words ("White", "Red", "Sente") or "a random side"
}

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
