import { Link, Text } from "@react-email/components";
import { z } from "zod";
import { text } from "./text";
import { EmailLayout } from "./layout";

/** The template's data, checked when the email is queued and again when the worker renders it (lib/mail/templates.ts). */
export const digestProps = z.object({
  siteUrl: text,
  games: z.array(z.object({ url: text, opponent: text, variantName: text, deadline: text })).max(10_000),
});
export type DigestProps = z.infer<typeof digestProps>;

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
