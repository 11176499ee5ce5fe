import { Button, Link, Text } from "@react-email/components";
import { EmailLayout, buttonStyle } from "./layout";

export interface VacationProps {
  siteUrl: string;
  opponent: string;
  /** Every game the reader plays against the opponent: one email tells of them all. */
  games: { url: string; variantName: string }[];
  away: boolean; // true: the opponent went on vacation; false: came back
}

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
