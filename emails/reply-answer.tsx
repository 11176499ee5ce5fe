import { Button, Text } from "@react-email/components";
import { EmailLayout, buttonStyle } from "./layout";
import { ReplyByEmail } from "./reply-by-email";

export interface ReplyAnswerProps {
  siteUrl: string;
  gameUrl: string;
  opponent: string;
  variantName: string;
  /** The move played, when the reply was read and played. */
  played?: string;
  /** Why the reply was refused, when it was. */
  refused?: string;
  /** The moves the player may make now, at most a screenful; `moreMoves` are not listed. */
  legalMoves?: string[];
  moreMoves?: number;
  /** Set when a reply to this answer is read as a move again. */
  stopRepliesUrl?: string;
}

export default function ReplyAnswer(p: ReplyAnswerProps) {
  const moves = p.legalMoves ?? [];
  return (
    <EmailLayout preview={p.played ? `You played ${p.played}` : "Your reply was not played"} siteUrl={p.siteUrl}>
      {p.played ? (
        <Text>Your reply was read: you played {p.played} in your {p.variantName} game with {p.opponent}.</Text>
      ) : (
        <Text>Your reply in your {p.variantName} game with {p.opponent} was not played: {p.refused}.</Text>
      )}
      {moves.length > 0 ? (
        <Text>
          The moves you may make: {moves.join(", ")}
          {p.moreMoves ? `, and ${p.moreMoves} more (see the game page)` : ""}.
        </Text>
      ) : null}
      <Button href={p.gameUrl} style={buttonStyle}>Open the game</Button>
      {p.stopRepliesUrl ? <ReplyByEmail stopUrl={p.stopRepliesUrl} /> : null}
    </EmailLayout>
  );
}
