import { Button, Text } from "@react-email/components";
import { EmailLayout, buttonStyle } from "./layout";

export interface VacationProps {
  siteUrl: string;
  gameUrl: string;
  opponent: string;
  variantName: string;
  away: boolean; // true: the opponent went on vacation; false: came back
}

export default function Vacation(p: VacationProps) {
  return (
    <EmailLayout preview={`${p.opponent} is ${p.away ? "on vacation" : "back from vacation"}`} siteUrl={p.siteUrl}>
      <Text>
        {p.away
          ? `${p.opponent} is on vacation: their clock in your ${p.variantName} game is paused until they return.`
          : `${p.opponent} is back from vacation: their clock in your ${p.variantName} game runs again.`}
      </Text>
      <Button href={p.gameUrl} style={buttonStyle}>Open the game</Button>
    </EmailLayout>
  );
}
