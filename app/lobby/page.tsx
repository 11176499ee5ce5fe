import type { Metadata } from "next";
import Link from "next/link";
import { ChallengeButton } from "@/app/_overview/challenge-button";
import { Colour, PlayerLink, VariantLink, relativeTime, variantName } from "@/app/_overview/format";
import { getCurrentUser } from "@/lib/auth";
import { getDb } from "@/lib/db/client";
import { openChallenges, openSeats } from "@/lib/games";

export const metadata: Metadata = { title: "Lobby · Courier Variants" };

// Reads the database on every request (docs/stack-notes.md pitfall 8).
export const dynamic = "force-dynamic";

export default async function LobbyPage() {
  const [user, list, seats] = await Promise.all([getCurrentUser(), getDb().then((db) => openChallenges(db)), getDb().then((db) => openSeats(db))]);
  const now = new Date();
  const signInToAccept = `/signin?${new URLSearchParams({ callbackUrl: "/lobby" })}`;
  return (
    <main>
      <h1>Lobby</h1>
      <p>
        Open challenges: anyone may accept one, and the game starts at once.{" "}
        <Link href="/challenge">Post your own</Link>.
      </p>
      <p>
        Or play a bot, at once: it answers within a minute, at the level you choose (1, random legal moves, to 8).{" "}
        {user ? <Link href="/challenge?bot=1">Play a bot</Link> : <Link href={`/signin?${new URLSearchParams({ callbackUrl: "/challenge?bot=1" })}`}>Sign in to play a bot</Link>}.
      </p>
      {list.length === 0 ? (
        <p className="muted">No open challenges right now.</p>
      ) : (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Open challenges, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Game</th>
                <th scope="col">Challenger</th>
                <th scope="col">Challenger plays</th>
                <th scope="col" className="num">Days per move</th>
                <th scope="col">Posted</th>
                <th scope="col"><span className="visually-hidden">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {list.map((c) => {
                const mine = user !== null && c.fromId === user.id;
                const about = `${variantName(c.variant)} from ${c.fromName ?? "someone"}`;
                return (
                  <tr key={c.invitationId}>
                    <td><VariantLink id={c.variant} /></td>
                    <td><PlayerLink name={c.fromName} />{mine && <> (you)</>}</td>
                    <td><Colour variant={c.variant} colour={c.challengerColour} /></td>
                    <td className="num">{c.daysPerMove}</td>
                    <td><time dateTime={c.createdAt.toISOString()}>{relativeTime(c.createdAt, now)}</time></td>
                    <td>
                      {mine ? (
                        <ChallengeButton kind="withdraw" invitationId={c.invitationId} from="/lobby" about={about} />
                      ) : user ? (
                        <ChallengeButton kind="accept" invitationId={c.invitationId} from="/lobby" about={about} />
                      ) : (
                        <Link href={signInToAccept}>Sign in to accept</Link>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <h2>Games for more than two</h2>
      {seats.length === 0 ? (
        <p className="muted">No game for more than two is waiting for players right now.</p>
      ) : (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Games for more than two with free seats, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Game</th>
                <th scope="col">Posted by</th>
                <th scope="col" className="num">Days per move</th>
                <th scope="col">Posted</th>
                <th scope="col">Free seats</th>
              </tr>
            </thead>
            <tbody>
              {seats.map((c) => {
                const mine = user !== null && c.fromId === user.id;
                return (
                  <tr key={c.invitationId}>
                    <td><Link href={`/games/${c.gameId}`}>{c.name}</Link> ({c.seats} players)</td>
                    <td><PlayerLink name={c.fromName} />{mine && <> (you)</>}</td>
                    <td className="num">{c.daysPerMove}</td>
                    <td><time dateTime={c.createdAt.toISOString()}>{relativeTime(c.createdAt, now)}</time></td>
                    <td>
                      {mine ? (
                        <>{c.free.map((f) => f.name).join(", ")} <ChallengeButton kind="withdraw" invitationId={c.invitationId} from="/lobby" about={`${c.name} from you`} /></>
                      ) : user ? (
                        c.free.map((f) => (
                          <ChallengeButton key={f.army} kind="accept" invitationId={c.invitationId} army={f.army} from="/lobby"
                            label={`Take ${f.name}`} about={`in ${c.name} from ${c.fromName ?? "someone"}`} />
                        ))
                      ) : (
                        <>{c.free.map((f) => f.name).join(", ")} <Link href={signInToAccept}>Sign in to take a seat</Link></>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </main>
  );
}
