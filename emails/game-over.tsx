import { Button, Text } from "@react-email/components";
import { EmailLayout, buttonStyle } from "./layout";

export interface GameOverProps {
  siteUrl: string;
  gameUrl: string;
  opponent: string;
  variantName: string;
  /** "You won", "You lost", "Drawn" */
  outcome: string;
  /** How it ended, in words: "by checkmate", "on time", "by agreement" … */
  how: string;
  result: string; // 1-0, 0-1, ½–½
}

export default function GameOver(p: GameOverProps) {
  return (
    <EmailLayout preview={`${p.outcome} ${p.how} against ${p.opponent}`} siteUrl={p.siteUrl}>
      <Text>
        Your {p.variantName} game with {p.opponent} is over: {p.outcome.toLowerCase()} {p.how} ({p.result}).
      </Text>
      <Button href={p.gameUrl} style={buttonStyle}>See the game</Button>
    </EmailLayout>
  );
}
