import Link from "next/link";
import { VariantThumbnail } from "@/app/_components/BoardThumbnail";
import { RulesText } from "@/app/_overview/format";
import { ChallengesForYou, YourChallenges } from "@/app/_overview/challenge-list";
import { GameList } from "@/app/_overview/game-list";
import { getCurrentUser, requireUser, type Player } from "@/lib/auth";
import { getDb } from "@/lib/db/client";
import { challengesFor, gamesOfPlayer, multiGamesOf } from "@/lib/games";
import { challengesBy } from "@/lib/games/overview";
import { multiGameInfo, multiVariantIds, variantIds, variantInfo } from "@/lib/rules";
import { cellCount } from "./variants/[id]/MultiVariant";

// The page reads the session and the database on every request (docs/stack-notes.md pitfall 8).
export const dynamic = "force-dynamic";

export default async function Home() {
  const user = await getCurrentUser();
  if (!user) return <Welcome />;
  return <Dashboard user={await requireUser("/")} />;
}

function Welcome() {
  return (
    <main>
      <h1>Correspondence chess variants</h1>
      <p>
        Slow games of chess and its relatives, a move every few days: you get an email when it is your
        turn, and every move is checked by the server. <Link href="/signin">Sign in</Link> with your email
        address (no password) to challenge someone or accept a challenge from the <Link href="/lobby">lobby</Link>.
      </p>
      <h2>The games</h2>
      <ul className="variant-grid">
        {[
          ...variantIds().map((id) => {
            const v = variantInfo(id);
            return { id, name: v.name, about: `${v.files}×${v.ranks} board`, summary: v.summary[0] };
          }),
          ...multiVariantIds().map((id) => {
            const v = multiGameInfo(id);
            return { id, name: v.name, about: `${v.armies.length} players · ${cellCount(id)}`, summary: v.summary[0] };
          }),
        ].map(({ id, name, about, summary }) => (
          <li key={id} className="with-thumbnail">
            <VariantThumbnail variant={id} />
            <div>
              <Link href={`/variants/${id}`} className="card-title">{name}</Link>
              <div className="meta">{about}</div>
              {summary && <p><RulesText text={summary} /></p>}
            </div>
          </li>
        ))}
      </ul>
    </main>
  );
}

async function Dashboard({ user }: { user: Player }) {
  const db = await getDb();
  const [games, forYou, yours, multi] = await Promise.all([
    gamesOfPlayer(db, user.id, user.id),
    challengesFor(db, user.id, user.email),
    challengesBy(db, user.id),
    multiGamesOf(db, user.id),
  ]);
  const now = new Date();
  // Sorted by the service: your turn first, then nearest deadline.
  const playing = games.filter((g) => g.status === "active");
  const finished = games.filter((g) => g.status === "finished").slice(0, 10);
  const yourTurn = playing.filter((g) => g.yourTurn).length;
  return (
    <main>
      <h1>Hello, {user.name}</h1>
      <p className="muted">
        {yourTurn === 0
          ? "No game is waiting for your move."
          : `${yourTurn} ${yourTurn === 1 ? "game is" : "games are"} waiting for your move.`}
      </p>

      <section aria-labelledby="games-heading">
        <h2 id="games-heading">Your games</h2>
        <GameList
          games={playing} side={(g) => g.colour} now={now} viewerPlays
          empty={<>No games in progress. Accept a challenge in the <Link href="/lobby">lobby</Link> or <Link href="/challenge">challenge someone</Link>.</>}
        />
      </section>

      {multi.length > 0 && (
        <section aria-labelledby="multi-heading">
          <h2 id="multi-heading">Your games for more than two</h2>
          <ul>
            {multi.map((g) => (
              <li key={g.id}>
                <Link href={`/games/${g.id}`}>{g.name}</Link>, you play {g.army}:{" "}
                {g.status === "open" ? "waiting for every seat to be taken"
                  : g.status === "active" ? (g.yourTurn ? <strong>your move</strong> : `${g.toMove} to move`)
                  : g.status === "cancelled" ? "cancelled" : g.ending}
              </li>
            ))}
          </ul>
        </section>
      )}

      {forYou.length > 0 && (
        <section aria-labelledby="for-you-heading">
          <h2 id="for-you-heading">Challenges for you</h2>
          <ChallengesForYou list={forYou} from="/" />
        </section>
      )}

      <section aria-labelledby="yours-heading">
        <h2 id="yours-heading">Your open challenges</h2>
        {yours.length > 0 ? (
          <YourChallenges list={yours} from="/" />
        ) : (
          <p className="muted">None. <Link href="/challenge">Make a challenge</Link>.</p>
        )}
      </section>

      {finished.length > 0 && (
        <section aria-labelledby="finished-heading">
          <h2 id="finished-heading">Finished games</h2>
          <GameList games={finished} side={(g) => g.colour} now={now} viewerPlays />
          <p><Link href={`/players/${encodeURIComponent(user.name)}`}>All your games</Link></p>
        </section>
      )}
    </main>
  );
}
