import { Button, Text } from "@react-email/components";
import { z } from "zod";
import { text } from "./text";
import { EmailLayout, buttonStyle } from "./layout";
import { ReplyByEmail } from "./reply-by-email";

/** The template's data, checked when the email is queued and again when the worker renders it (lib/mail/templates.ts). */
export const replyAnswerProps = z.object({
  siteUrl: text,
  gameUrl: text,
  opponent: text,
  variantName: text,
  /** The move played, when the reply was read and played. */
  played: text.optional(),
  /** Why the reply was refused, when it was. */
  refused: text.optional(),
  /** The moves the player may make now, at most a screenful; `moreMoves` are not listed. */
  legalMoves: z.array(text).max(10_000).optional(),
  moreMoves: z.number().int().nonnegative().optional(),
  /** Set when a reply to this answer is read as a move again. */
  stopRepliesUrl: text.optional(),
});
export type ReplyAnswerProps = z.infer<typeof replyAnswerProps>;

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
