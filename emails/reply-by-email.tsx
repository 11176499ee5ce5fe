import { Link, Text } from "@react-email/components";

/**
 * How to move by replying (docs/reply-by-email.md), in every email whose reply is read as a move.
 * The stop link ends its line: no full stop after it for a mail program to take into the address.
 */
export function ReplyByEmail({ stopUrl }: { stopUrl: string }) {
  return (
    <Text style={{ fontSize: 14 }}>
      Or reply to this email with your move on the first line, written as in the move box (for example P e2-e4).
      To stop that for this game: <Link href={stopUrl}>Stop replies by email for this game</Link>
    </Text>
  );
}
