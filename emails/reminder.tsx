import { Button, Text } from "@react-email/components";
import { EmailLayout, buttonStyle } from "./layout";

export interface ReminderProps {
  siteUrl: string;
  gameUrl: string;
  opponent: string;
  variantName: string;
  timeLeft: string; // "about 20 hours"
  deadline: string;
}

export default function Reminder(p: ReminderProps) {
  return (
    <EmailLayout preview={`${p.timeLeft} left for your move against ${p.opponent}`} siteUrl={p.siteUrl}>
      <Text>
        Your {p.variantName} game with {p.opponent} is waiting for your move, and {p.timeLeft} remain
        (until {p.deadline}). If the time runs out, you lose the game.
      </Text>
      <Button href={p.gameUrl} style={buttonStyle}>Make your move</Button>
    </EmailLayout>
  );
}
