import { Button, Text } from "@react-email/components";
import { z } from "zod";
import { text } from "./text";
import { EmailLayout, buttonStyle } from "./layout";

/** The template's data, checked when the email is queued and again when the worker renders it (lib/mail/templates.ts). */
export const gameOverProps = z.object({
  siteUrl: text,
  gameUrl: text,
  opponent: text,
  variantName: text,
  /** "You won", "You lost", "Drawn" */
  outcome: text,
  /** How it ended, in words: "by checkmate", "on time", "by agreement" … */
  how: text,
  result: text, // 1-0, 0-1, ½–½
});
export type GameOverProps = z.infer<typeof gameOverProps>;

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
