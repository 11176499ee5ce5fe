import { Button, Text } from "@react-email/components";
import { EmailLayout, buttonStyle } from "./layout";

export interface DrawOfferProps {
  siteUrl: string;
  gameUrl: string;
  opponent: string;
  variantName: string;
}

export default function DrawOffer(p: DrawOfferProps) {
  return (
    <EmailLayout preview={`${p.opponent} offers a draw`} siteUrl={p.siteUrl}>
      <Text>{p.opponent} offers a draw in your {p.variantName} game.</Text>
      <Text>Accept or decline it on the game page; a move of yours declines it too.</Text>
      <Button href={p.gameUrl} style={buttonStyle}>Open the game</Button>
    </EmailLayout>
  );
}
