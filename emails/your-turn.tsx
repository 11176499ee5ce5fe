import { Button, Img, Text } from "@react-email/components";
import { EmailLayout, buttonStyle } from "./layout";
import { ReplyByEmail } from "./reply-by-email";

export interface YourTurnProps {
  siteUrl: string;
  gameUrl: string;
  opponent: string;
  variantName: string;
  /** The opponent's move in notation, absent when the game has just begun with your move. */
  lastMove?: string;
  /** The opponent has moved, but the move is not named (Fog of War). */
  moved?: boolean;
  moveNumber: number;
  /** The recipient's side as the game's players call it ("Red" in Xiangqi). */
  side: string;
  deadline: string; // already formatted, with its time zone
  boardImageUrl?: string;
  /** The page that stops replies by email in this game; absent when this email takes no reply as a move. */
  stopRepliesUrl?: string;
  /** The opponent's latest chat message since your last move (docs/chat.md#emails); React escapes it. */
  said?: string;
  /** What happened, when no move says it (a game for more than two: "Blue resigned"). */
  headline?: string;
}

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
