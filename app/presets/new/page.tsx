/**
 * /presets/new: write or paste a preset and see it played out before publishing it.
 * ?from=<slug> starts from a published preset's newest version: its author publishes a new
 * version under the same address; anyone else starts a preset of their own from its text.
 */
import type { Metadata } from "next";
import Link from "next/link";
import { getCurrentUser } from "@/lib/auth";
import { getDb } from "@/lib/db/client";
import { presetBySlug, presetVersion } from "@/lib/games/presets";
import { PresetEditor, type EditorDefaults } from "./preset-editor";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Write a preset · Courier Variants" };

type Search = Record<string, string | string[] | undefined>;

const EMPTY: EditorDefaults = { text: "", name: "", slug: "", rules: "", slugFixed: false };

export default async function NewPresetPage({ searchParams }: { searchParams: Promise<Search> }) {
  const search = await searchParams;
  const user = await getCurrentUser();
  let defaults = EMPTY;
  let from: { slug: string; name: string } | null = null;
  if (typeof search.from === "string") {
    const db = await getDb();
    const preset = await presetBySlug(db, search.from);
    const latest = preset && (await presetVersion(db, preset.variant));
    if (preset && latest) {
      const own = user?.id === preset.authorId;
      from = { slug: preset.slug, name: preset.name };
      defaults = own
        ? { text: latest.text, name: preset.name, slug: preset.slug, rules: preset.rulesText, slugFixed: true }
        : { ...EMPTY, text: latest.text };
    }
  }
  return (
    <main>
      <h1>{defaults.slugFixed ? `A new version of ${defaults.name}` : "Write a preset"}</h1>
      <p>
        A preset declares a game: its board, its pieces and how they move (in Betza notation), its start position and
        its rules&apos; switches. Every move of every game of it is then checked by the server, as in the games built in.
        The format is described in <a href="/presets/format">the rule book</a> (<code>docs/presets.md</code>); Interactive Diagram settings from
        chessvariants.com and Fairy-Stockfish <code>variants.ini</code> sections are read too.
      </p>
      {from && !defaults.slugFixed && (
        <p className="meta">Starting from <Link href={`/presets/${from.slug}`}>{from.name}</Link>: publish it under an address of your own.</p>
      )}
      {defaults.slugFixed && (
        <p className="meta">Games already played keep the version they started with; new challenges play the new one.</p>
      )}
      <PresetEditor defaults={defaults} signedIn={user !== null && user.name !== null} />
    </main>
  );
}
