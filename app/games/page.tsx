/**
 * /games: the archive of public games. Every filter is in the query string
 * (lib/games/archive-params.ts), so a search is a shareable address; pages are
 * keyset cursors (after/before), never offsets.
 */
import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { ArchiveSection } from "@/app/_archive/archive-view";
import { getDb } from "@/lib/db/client";
import { listArchive } from "@/lib/games/archive";
import { archiveSearch, parseArchiveQuery } from "@/lib/games/archive-params";
import { listPresets } from "@/lib/games/presets";

// Reads the database on every request (docs/stack-notes.md pitfall 8).
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Archive · Courier Variants",
  description: "Public correspondence games of chess variants: search by game, player, result and more.",
};

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ArchivePage({ searchParams }: { searchParams: SearchParams }) {
  const query = parseArchiveQuery(await searchParams);
  // A search form leaves empty fields in the address: show the short one instead.
  if (query.untidy && query.problems.length === 0) {
    redirect(`/games${archiveSearch(query.filters, { after: query.after, before: query.before })}`);
  }
  const db = await getDb();
  const [page, presets] = await Promise.all([listArchive(db, query), listPresets(db)]);
  return (
    <main>
      <h1>Archive</h1>
      <p className="muted">
        Public games, finished and ongoing. Unlisted and private games are not listed.{" "}
        <Link href="/import">Import a game</Link> played elsewhere.
      </p>
      <ArchiveSection basePath="/games" query={query} page={page} presets={presets} />
    </main>
  );
}
