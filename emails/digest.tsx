import { Link, Text } from "@react-email/components";
import { EmailLayout } from "./layout";

export interface DigestProps {
  siteUrl: string;
  games: { url: string; opponent: string; variantName: string; deadline: string }[];
}

export default function Digest(p: DigestProps) {
  const n = p.games.length;
  return (
    <EmailLayout preview={`${n} game${n === 1 ? " is" : "s are"} waiting for your move`} siteUrl={p.siteUrl}>
      <Text>{n === 1 ? "One game is" : `${n} games are`} waiting for your move:</Text>
      {p.games.map((g) => (
        <Text key={g.url}>
          <Link href={g.url}>{g.variantName} against {g.opponent}</Link> — time runs out at {g.deadline}
        </Text>
      ))}
    </EmailLayout>
  );
}
