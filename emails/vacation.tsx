import { Button, Link, Text } from "@react-email/components";
import { z } from "zod";
import { text } from "./text";
import { EmailLayout, buttonStyle } from "./layout";

/** The template's data, checked when the email is queued and again when the worker renders it (lib/mail/templates.ts). */
export const vacationProps = z.object({
  siteUrl: text,
  opponent: text,
  /** Every game the reader plays against the opponent: one email tells of them all. */
  games: z.array(z.object({ url: text, variantName: text })).max(10_000),
  away: z.boolean(), // true: the opponent went on vacation; false: came back
});
export type VacationProps = z.infer<typeof vacationProps>;

export default function Vacation(p: VacationProps) {
  const [only] = p.games.length === 1 ? p.games : [];
  const where = only ? `your ${only.variantName} game` : `your ${p.games.length} games with them`;
  return (
    <EmailLayout preview={`${p.opponent} is ${p.away ? "on vacation" : "back from vacation"}`} siteUrl={p.siteUrl}>
      <Text>
        {p.away
          ? `${p.opponent} is on vacation: their clock in ${where} is paused until they return.`
          : `${p.opponent} is back from vacation: their clock in ${where} runs again.`}
      </Text>
      {only ? (
        <Button href={only.url} style={buttonStyle}>Open the game</Button>
      ) : (
        p.games.map((g) => (
          <Text key={g.url}><Link href={g.url}>Your {g.variantName} game</Link></Text>
        ))
      )}
    </EmailLayout>
  );
}
