import { Button, Text } from "@react-email/components";
import { EmailLayout, buttonStyle } from "./layout";

export interface ChooseSetupProps {
  siteUrl: string;
  gameUrl: string;
  opponent: string;
  variantName: string;
  /** The setup the opponent chose before you, by name; absent when you choose first. */
  opponentChose?: string;
  /** You move first once you have chosen. */
  thenMove: boolean;
  deadline: string; // already formatted, with its time zone
}

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
