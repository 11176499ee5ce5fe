/**
 * /reply-by-email/<link>: the "Stop replies by email for this game" link of a "your turn" email;
 * the link is the reply secret's hash (lib/games/reply-tokens.ts stopRepliesUrl), not the secret.
 * Shows the game it is about and stops replies there with one button (actions.ts).
 */
import Link from "next/link";
import { notFound } from "next/navigation";
import { getDb } from "@/lib/db/client";
import { replyStopPage } from "@/lib/games/replies";
import { stopRepliesByEmail } from "./actions";

export const metadata = { title: "Replies by email · Courier Variants", robots: { index: false } };

export default async function ReplyByEmailPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const page = await replyStopPage(await getDb(), token);
  if (!page) notFound();
  const game = <Link href={`/games/${page.gameId}`}>your {page.variantName} game with {page.opponent}</Link>;
  return (
    <main>
      <h1>Replies by email</h1>
      {page.stopped ? (
        <p>Replies by email are stopped for {game}: its emails take no reply as a move. Move on the game page.</p>
      ) : page.over ? (
        <p>This game is over ({game}): no reply is read as a move any more.</p>
      ) : (
        <form action={stopRepliesByEmail}>
          <p>A reply to a &ldquo;your move&rdquo; email of {game} is read as your move. Stop that for this game?</p>
          <input type="hidden" name="token" value={token} />
          <button type="submit">Stop replies by email for this game</button>
        </form>
      )}
    </main>
  );
}
