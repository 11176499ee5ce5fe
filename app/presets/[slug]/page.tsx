/**
 * /presets/<slug>: a preset players wrote: its name and author, its rules text, the start
 * position and pieces of its newest version, its versions, and its games. ?version=N shows an
 * older version's position and pieces (the games of that version play it).
 */
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Results } from "@/app/_archive/archive-view";
import { BoardDrawing } from "@/app/_components/pieces";
import { PlayerLink, utcStamp } from "@/app/_overview/format";
import { getCurrentUser } from "@/lib/auth";
import { getDb } from "@/lib/db/client";
import { listArchive } from "@/lib/games/archive";
import { archiveSearch, parseArchiveQuery } from "@/lib/games/archive-params";
import { declarePresetVariants, presetBySlug } from "@/lib/games/presets";
import { Game, findVariantInfo } from "@/lib/rules";
import { PresetRules } from "../markdown";
import { aBoard } from "@/app/_components/sentence";
import { PieceList } from "@/app/_components/PieceList";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const preset = await presetBySlug(await getDb(), (await params).slug);
  return { title: preset ? `${preset.name} · Courier Variants` : "No such preset · Courier Variants" };
}

export default async function PresetPage({ params, searchParams }: Props) {
  const [{ slug }, search] = await Promise.all([params, searchParams]);
  const db = await getDb();
  const preset = await presetBySlug(db, slug);
  if (!preset) notFound();
  const user = await getCurrentUser();
  const asked = typeof search.version === "string" && /^\d{1,6}$/.test(search.version) ? Number(search.version) : preset.latestVersion;
  const shown = preset.versions.find((v) => v.number === asked) ?? preset.versions[0];
  await declarePresetVariants(db, [shown.variant]);
  const info = findVariantInfo(shown.variant);
  const filters = parseArchiveQuery({ preset: preset.slug }).filters;
  const games = await listArchive(db, { filters }, { viewerId: null }, 20);
  const own = user?.id === preset.authorId;
  return (
    <main>
      <p className="meta"><Link href="/variants">Variants</Link> › Presets › {preset.name}</p>
      <h1>{preset.name}</h1>
      <p>
        A preset by {preset.authorName ? <PlayerLink name={preset.authorName} /> : "a former player"} · version {preset.latestVersion}
        {" "}· published <time dateTime={preset.updatedAt.toISOString()}>{utcStamp(preset.updatedAt)}</time>
      </p>
      <p>
        <Link className="call-to-action" href={`/challenge?${new URLSearchParams({ variant: preset.variant })}`}>Challenge someone to this game</Link>{" "}
        {own
          ? <Link href={`/presets/new?${new URLSearchParams({ from: preset.slug })}`}>Publish a new version</Link>
          : <Link href={`/presets/new?${new URLSearchParams({ from: preset.slug })}`}>Write your own from this preset</Link>}
      </p>
      <div className="variant-page">
        {info ? (
          <figure className="diagram" style={{ margin: 0 }}>
            <BoardDrawing variant={info.id} files={info.files} ranks={info.ranks} squares={Game.start(info.id).board()} orientation="white" />
            <figcaption className="meta">
              The start position of version {shown.number}{shown.number !== preset.latestVersion ? ` (the newest is ${preset.latestVersion})` : ""}, on {aBoard(info.files, info.ranks)}.
            </figcaption>
          </figure>
        ) : (
          <p className="error">This version can no longer be read by the rules: its games cannot be shown.</p>
        )}
        <div>
          <section aria-labelledby="rules-heading">
            <h2 id="rules-heading" style={{ marginTop: 0 }}>Rules</h2>
            {preset.rulesText.trim() ? <PresetRules text={preset.rulesText} /> : <p className="meta">The author wrote no rules text; the pieces and the preset say it all.</p>}
            <p className="meta">
              The rules text is the preset&apos;s, the same beside every version, and its author may edit it. What a game plays
              is its version&apos;s declaration (the pieces and the start position below), which never changes.
            </p>
            {info && info.summary.length > 0 && <ul>{info.summary.map((line, i) => <li key={i}>{line}</li>)}</ul>}
          </section>
          {info && (
            <section aria-labelledby="pieces-heading">
              <h2 id="pieces-heading">Pieces</h2>
              <PieceList variant={info.id} />
            </section>
          )}
          <section aria-labelledby="versions-heading">
            <h2 id="versions-heading">Versions</h2>
            <ol reversed>
              {preset.versions.map((v) => (
                <li key={v.number}>
                  <Link href={`/presets/${preset.slug}?version=${v.number}`}>Version {v.number}</Link> ({v.name}),{" "}
                  <time dateTime={v.createdAt.toISOString()}>{utcStamp(v.createdAt)}</time> ·{" "}
                  <Link href={`/games${archiveSearch({ variant: v.variant })}`}>its games</Link>
                </li>
              ))}
            </ol>
          </section>
        </div>
      </div>
      <section aria-labelledby="games-heading">
        <h2 id="games-heading">Games</h2>
        {games.entries.length === 0 ? <p className="meta">No public games yet.</p> : <Results page={games} filters={filters} />}
        <p><Link href={`/games${archiveSearch(filters)}`}>All games of {preset.name} in the archive</Link></p>
      </section>
    </main>
  );
}
