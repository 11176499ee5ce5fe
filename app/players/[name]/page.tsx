import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { z } from "zod";
import { ArchiveSection } from "@/app/_archive/archive-view";
import { GameList } from "@/app/_overview/game-list";
import { VariantLink, playerPath } from "@/app/_overview/format";
import { getCurrentUser } from "@/lib/auth";
import { getDb } from "@/lib/db/client";
import { gamesOfPlayer, playerByName, type GameSummary } from "@/lib/games";
import { recordByVariant } from "@/lib/games/overview";
import { listArchive } from "@/lib/games/archive";
import { archiveSearch, parseArchiveQuery } from "@/lib/games/archive-params";

// Reads the database on every request (docs/stack-notes.md pitfall 8).
export const dynamic = "force-dynamic";

type Params = Promise<{ name: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// Display names are ASCII letters, digits, - and _ (lib/auth/profile.ts); anything else is no one.
const nameParam = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);

function parseName(raw: string): string | null {
  let name = raw;
  try {
    name = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const parsed = nameParam.safeParse(name);
  return parsed.success ? parsed.data : null;
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const name = parseName((await params).name);
  return {
    title: `${name ?? "No such player"} · Courier Variants`,
    ...(name ? { alternates: { types: { "application/atom+xml": `${playerPath(name)}/feed.xml` } } } : {}),
  };
}

export default async function PlayerPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const name = parseName((await params).name);
  if (!name) notFound();
  const db = await getDb();
  const [player, viewer] = await Promise.all([playerByName(db, name), getCurrentUser()]);
  if (!player?.name) notFound();
  // One address per player: /players/alice shows as /players/Alice.
  if (player.name !== name) redirect(playerPath(player.name));
  // The game search below (the archive's filters, with this player fixed).
  const query = parseArchiveQuery(await searchParams, { playerFixed: true });
  if (query.untidy && query.problems.length === 0) {
    redirect(`${playerPath(player.name)}${archiveSearch(query.filters, { after: query.after, before: query.before }, { playerFixed: true })}`);
  }

  const viewerId = viewer?.id ?? null;
  const own = viewerId === player.id;
  const [games, record, archive] = await Promise.all([
    gamesOfPlayer(db, player.id, viewerId, { limit: 100 }),
    recordByVariant(db, player.id, viewerId),
    listArchive(db, query, { viewerId, playerId: player.id }),
  ]);
  const now = new Date();
  const side = (g: GameSummary) => (g.whiteName === player.name ? "white" : g.blackName === player.name ? "black" : null);
  const playing = games.filter((g) => g.status === "active");
  const total = (k: "wins" | "draws" | "losses") => record.reduce((n, r) => n + r[k], 0);
  const since = player.createdAt.toLocaleDateString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });

  return (
    <main>
      <h1>{player.name}</h1>
      <p className="meta">Playing here since {since}.</p>
      {player.botLevel !== null ? (
        <p>
          A bot, level {player.botLevel} of 8: it accepts every challenge at once and answers each move within a minute.{" "}
          <Link className="call-to-action" href={`/challenge?${new URLSearchParams({ bot: String(player.botLevel) })}`}>
            Play {player.name}
          </Link>
        </p>
      ) : own ? (
        <p className="muted">This is your public page: others see your public games here.</p>
      ) : (
        <p>
          <Link className="call-to-action" href={`/challenge?${new URLSearchParams({ opponent: player.name })}`}>
            Challenge {player.name}
          </Link>
        </p>
      )}

      <section aria-labelledby="record-heading">
        <h2 id="record-heading">Results</h2>
        {record.length === 0 ? (
          <p className="muted">No finished games yet.</p>
        ) : (
          <div className="table-wrap">
            <table>
              <caption className="visually-hidden">Wins, draws and losses of {player.name} per game</caption>
              <thead>
                <tr>
                  <th scope="col">Game</th>
                  <th scope="col" className="num">Played</th>
                  <th scope="col" className="num">Won</th>
                  <th scope="col" className="num">Drawn</th>
                  <th scope="col" className="num">Lost</th>
                </tr>
              </thead>
              <tbody>
                {record.map((r) => (
                  <tr key={r.variant}>
                    <th scope="row"><VariantLink id={r.variant} /></th>
                    <td className="num">{r.wins + r.draws + r.losses}</td>
                    <td className="num">{r.wins}</td>
                    <td className="num">{r.draws}</td>
                    <td className="num">{r.losses}</td>
                  </tr>
                ))}
              </tbody>
              {record.length > 1 && (
                <tfoot>
                  <tr>
                    <th scope="row">All games</th>
                    <td className="num">{total("wins") + total("draws") + total("losses")}</td>
                    <td className="num">{total("wins")}</td>
                    <td className="num">{total("draws")}</td>
                    <td className="num">{total("losses")}</td>
                  </tr>
                </tfoot>
              )}
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="playing-heading">
        <h2 id="playing-heading">Games in progress</h2>
        <GameList games={playing} side={side} now={now} viewerPlays={own} empty="None at the moment." />
      </section>

      <section aria-labelledby="all-games-heading">
        <h2 id="all-games-heading">All games</h2>
        <p className="muted">
          {own ? "Yours, including unlisted and private ones (only you see those here)." : "Public games."}{" "}
          <a href={`${playerPath(player.name)}/feed.xml`}>Atom feed</a> of {own ? "your" : "these"} games&apos; moves.
        </p>
        <ArchiveSection basePath={playerPath(player.name)} query={query} page={archive} playerFixed showVisibility={own} />
      </section>
    </main>
  );
}
