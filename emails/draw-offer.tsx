import { Button, Text } from "@react-email/components";
import { z } from "zod";
import { text } from "./text";
import { EmailLayout, buttonStyle } from "./layout";

/** The template's data, checked when the email is queued and again when the worker renders it (lib/mail/templates.ts). */
export const drawOfferProps = z.object({
  siteUrl: text,
  gameUrl: text,
  opponent: text,
  variantName: text,
});
export type DrawOfferProps = z.infer<typeof drawOfferProps>;

export default function DrawOffer(p: DrawOfferProps) {
  return (
    <EmailLayout preview={`${p.opponent} offers a draw`} siteUrl={p.siteUrl}>
      <Text>{p.opponent} offers a draw in your {p.variantName} game.</Text>
      <Text>Accept or decline it on the game page; a move of yours declines it too.</Text>
      <Button href={p.gameUrl} style={buttonStyle}>Open the game</Button>
    </EmailLayout>
  );
}
