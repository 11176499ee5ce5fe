import { Button, Text } from "@react-email/components";
import { z } from "zod";
import { text } from "./text";
import { EmailLayout, buttonStyle } from "./layout";

/** The template's data, checked when the email is queued and again when the worker renders it (lib/mail/templates.ts). */
export const chooseSetupProps = z.object({
  siteUrl: text,
  gameUrl: text,
  opponent: text,
  variantName: text,
  /** The setup the opponent chose before you, by name; absent when you choose first. */
  opponentChose: text.optional(),
  /** You move first once you have chosen. */
  thenMove: z.boolean(),
  deadline: text, // already formatted, with its time zone
});
export type ChooseSetupProps = z.infer<typeof chooseSetupProps>;

/** Before the first move of a game whose players choose their setups (Janggi's arrangements). */
export default function ChooseSetup(p: ChooseSetupProps) {
  const headline = p.opponentChose
    ? `${p.opponent} chose the setup ${p.opponentChose}`
    : `Your game of ${p.variantName} with ${p.opponent} has begun`;
  return (
    <EmailLayout preview={`${headline}: choose your setup`} siteUrl={p.siteUrl}>
      <Text>{headline} in your {p.variantName} game.</Text>
      <Text>
        It is your turn to choose your setup{p.thenMove ? ", then to make the first move" : ""}. Your time runs out at {p.deadline}.
      </Text>
      <Button href={p.gameUrl} style={buttonStyle}>Choose your setup</Button>
    </EmailLayout>
  );
}
