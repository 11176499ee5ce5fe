import { Button, Img, Text } from "@react-email/components";
import { z } from "zod";
import { text } from "./text";
import { EmailLayout, buttonStyle } from "./layout";
import { ReplyByEmail } from "./reply-by-email";

/** The template's data, checked when the email is queued and again when the worker renders it (lib/mail/templates.ts). */
export const yourTurnProps = z.object({
  siteUrl: text,
  gameUrl: text,
  opponent: text,
  variantName: text,
  /** The opponent's move in notation, absent when the game has just begun with your move. */
  lastMove: text.optional(),
  /** The opponent has moved, but the move is not named (Fog of War). */
  moved: z.boolean().optional(),
  moveNumber: z.number().int().nonnegative(),
  /** The recipient's side as the game's players call it ("Red" in Xiangqi). */
  side: text,
  deadline: text, // already formatted, with its time zone
  boardImageUrl: text.optional(),
  /** The page that stops replies by email in this game; absent when this email takes no reply as a move. */
  stopRepliesUrl: text.optional(),
  /** The opponent's latest chat message since your last move (docs/chat.md#emails); React escapes it. */
  said: text.optional(),
  /** What happened, when no move says it (a game for more than two: "Blue resigned"). */
  headline: text.optional(),
});
export type YourTurnProps = z.infer<typeof yourTurnProps>;

export default function YourTurn(p: YourTurnProps) {
  const headline = p.headline ?? (p.lastMove ? `${p.opponent} played ${p.lastMove}` : p.moved ? `${p.opponent} has moved` : `Your game of ${p.variantName} with ${p.opponent} has begun`);
  return (
    <EmailLayout preview={`${headline}: your move`} siteUrl={p.siteUrl}>
      <Text>{headline} in your {p.variantName} game (move {p.moveNumber}).</Text>
      {p.boardImageUrl ? <Img src={p.boardImageUrl} alt="The position" width="320" /> : null}
      {p.said ? <Text style={{ borderLeft: "3px solid #ccc", paddingLeft: 8 }}>{p.opponent} wrote: “{p.said}”</Text> : null}
      <Text>It is your move; you play {p.side}. Your time runs out at {p.deadline}.</Text>
      <Button href={p.gameUrl} style={buttonStyle}>Open the game</Button>
      {p.stopRepliesUrl ? <ReplyByEmail stopUrl={p.stopRepliesUrl} /> : null}
    </EmailLayout>
  );
}
