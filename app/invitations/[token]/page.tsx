/**
 * /invitations/<token>: the link in an invitation email, a private link, or the
 * way in from a game page. Shows who invites whom to what, and lets the invited
 * player accept (into the game) or decline. Signed-out visitors sign in (or sign
 * up) first and come back here.
 */
import Link from "next/link";
import { notFound } from "next/navigation";
import { requireUser } from "@/lib/auth";
import { getDb } from "@/lib/db/client";
import { GameError, freeSeats, invitationByToken } from "@/lib/games";
import { isMultiVariant, multiGameInfo, variantInfo } from "@/lib/rules";
import { AnswerForm } from "./answer-form";

export const metadata = { title: "Invitation · Courier Variants" };

async function invitation(token: string) {
  try {
    return await invitationByToken(await getDb(), token);
  } catch (e) {
    if (e instanceof GameError && e.code === "not-found") return null;
    throw e;
  }
}

const CLOSED: Record<string, string> = {
  accepted: "This invitation has been accepted.",
  declined: "This invitation was declined.",
  withdrawn: "This invitation was withdrawn.",
};

export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const user = await requireUser(`/invitations/${encodeURIComponent(token)}`);
  const inv = await invitation(token);
  if (!inv) notFound();
  if (isMultiVariant(inv.variant)) return <SeatInvitation inv={inv} own={inv.fromId === user.id} />;
  const info = variantInfo(inv.variant);
  const [theirs, yours] = inv.challengerColour === "white" ? info.sideNames : [...info.sideNames].reverse();
  const own = inv.fromId === user.id;
  const from = inv.fromName ?? "A player";
  return (
    <main>
      <h1>{own ? "Your challenge" : `${from} invites you to play`}</h1>
      <p>
        A game of <Link href={`/variants/${inv.variant}`}>{info.name}</Link>, {inv.daysPerMove}{" "}
        {inv.daysPerMove === 1 ? "day" : "days"} per move.{" "}
        {own ? `You play ${theirs}.` : `You would play ${yours}; ${from} plays ${theirs}.`}
      </p>
      {inv.status !== "pending" ? (
        <>
          <p>{CLOSED[inv.status] ?? `This invitation is ${inv.status}.`}</p>
          {inv.status === "accepted" && (
            <p>
              <Link href={`/games/${inv.gameId}`}>Go to the game</Link>
            </p>
          )}
        </>
      ) : own ? (
        <p>
          Send this page&apos;s link to your opponent. <Link href={`/games/${inv.gameId}`}>Go to the game</Link>
        </p>
      ) : (
        <AnswerForm token={inv.token} invitationId={inv.invitationId} canDecline={inv.kind === "user" || inv.kind === "email"} />
      )}
    </main>
  );
}

/** An invitation to a game for more than two: a seat to choose (docs/games-for-more-than-two-service.md#seats). */
async function SeatInvitation({ inv, own }: { inv: Awaited<ReturnType<typeof invitationByToken>>; own: boolean }) {
  const info = multiGameInfo(inv.variant);
  const seats = await freeSeats(await getDb(), inv.gameId);
  const from = inv.fromName ?? "A player";
  return (
    <main>
      <h1>{own ? "Your challenge" : `${from} invites you to play`}</h1>
      <p>
        A game of {info.name} for {info.armies.length} players, {inv.daysPerMove} {inv.daysPerMove === 1 ? "day" : "days"} per move.
        {" "}It begins when every seat is taken.
      </p>
      {inv.status !== "pending" ? (
        <p>{CLOSED[inv.status] ?? `This invitation is ${inv.status}.`} <Link href={`/games/${inv.gameId}`}>Go to the game</Link></p>
      ) : own ? (
        <p>Send this page&apos;s link to the players you want. <Link href={`/games/${inv.gameId}`}>Go to the game</Link></p>
      ) : (
        <AnswerForm token={inv.token} invitationId={inv.invitationId} canDecline={inv.kind === "user" || inv.kind === "email"} seats={seats} />
      )}
    </main>
  );
}
