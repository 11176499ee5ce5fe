import type { Metadata } from "next";
import Link from "next/link";
import { VariantThumbnail } from "@/app/_components/BoardThumbnail";
import { RulesText } from "@/app/_overview/format";
import { PlayerLink } from "@/app/_overview/format";
import { getDb } from "@/lib/db/client";
import { listPresets } from "@/lib/games/presets";
import { multiGameInfo, multiVariantIds, variantIds, variantInfo } from "@/lib/rules";
import { cellCount } from "./[id]/MultiVariant";

// The presets come from the database (docs/stack-notes.md pitfall 8).
export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Variants · Courier Variants" };

const SHOWN = 500;

/** A built-in game's card: its start position, name, board and first summary line. */
function VariantCard({ id, name, about, summary }: { id: string; name: string; about: string; summary: string | undefined }) {
  return (
    <li className="with-thumbnail">
      <VariantThumbnail variant={id} />
      <div>
        <h2 className="card-title" style={{ margin: 0, fontSize: "1.1rem" }}>
          <Link href={`/variants/${id}`}>{name}</Link>
        </h2>
        <div className="meta">
          {about} · <code>{id}</code>
        </div>
        {summary && <p><RulesText text={summary} /></p>}
      </div>
    </li>
  );
}

/**
 * Every game the rules module has built in, from its own list (nothing to keep in step by
 * hand), and apart from them the presets players published.
 */
export default async function VariantsPage() {
  // The most recently published, and whether there are more (each is at its own address all the same).
  const listed = await listPresets(await getDb(), SHOWN + 1);
  const presets = listed.slice(0, SHOWN);
  return (
    <main>
      <h1>Variants</h1>
      <p>Every game here is played by correspondence: a few days per move, every move checked by the server.</p>
      <p className="meta">Each game&apos;s page has its rules in short and links its rules in full, from the project&apos;s rule book (<code>docs/</code>).</p>
      <ul className="variant-grid">
        {variantIds().map((id) => {
          const v = variantInfo(id);
          return <VariantCard key={id} id={id} name={v.name} about={`${v.files}×${v.ranks} board · ${v.pieces.length} kinds of piece`} summary={v.summary[0]} />;
        })}
        {multiVariantIds().map((id) => {
          const v = multiGameInfo(id);
          return <VariantCard key={id} id={id} name={v.name} about={`${v.armies.length} players · ${cellCount(id)} · ${v.pieces.length} kinds of piece`} summary={v.summary[0]} />;
        })}
      </ul>
      <section aria-labelledby="presets-heading">
        <h2 id="presets-heading">Presets by players</h2>
        <p>
          Games players declared: every move checked by the server as in the games above.{" "}
          <Link href="/presets/new">Write a preset</Link>.
        </p>
        {presets.length === 0 ? (
          <p className="meta">No presets yet.</p>
        ) : (
          <ul className="preset-index">
            {presets.map((p) => (
              <li key={p.slug}>
                <Link href={`/presets/${p.slug}`}>{p.name}</Link>{" "}
                <span className="meta">by {p.authorName ? <PlayerLink name={p.authorName} /> : "a former player"} · version {p.latestVersion}</span>
              </li>
            ))}
          </ul>
        )}
        {listed.length > SHOWN && (
          <p className="meta">The {SHOWN} presets most recently published; every other is at its own address, <code>/presets/&lt;address&gt;</code>, and can be challenged from there.</p>
        )}
      </section>
    </main>
  );
}
