import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { presetOfVariant } from "@/lib/games/preset-ids";
import { Hand } from "@/app/_components/Hand";
import { BoardDrawing } from "@/app/_components/pieces";
import { PieceList } from "@/app/_components/PieceList";
import { RulesText } from "@/app/_overview/format";
import { Game, findVariantInfo, isMultiVariant, multiGameInfo, variantIds } from "@/lib/rules";
import { ruleBookPath } from "../rule-book";
import { aBoard } from "@/app/_components/sentence";
import { MultiVariant } from "./MultiVariant";

type Params = Promise<{ id: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { id } = await params;
  const name = isMultiVariant(id) ? multiGameInfo(id).name : findVariantInfo(id)?.name;
  return { title: name ? `${name} · Courier Variants` : "No such game · Courier Variants" };
}

/**
 * A game's rules in short, its pieces, and its start position, from the rules
 * module; the full rules are the game's file of the project's rule book (docs/).
 */
export default async function VariantPage({ params }: { params: Params }) {
  const { id } = await params;
  // A preset version's game has its preset's page; only built-in games (and no preview) have this one.
  const preset = presetOfVariant(id);
  if (preset) redirect(`/presets/${preset.slug}?version=${preset.version}`);
  if (isMultiVariant(id)) return <MultiVariant id={id} />;
  const v = variantIds().includes(id) ? findVariantInfo(id) : undefined;
  if (!v) notFound();
  const start = Game.start(v.id);
  const squares = start.board();
  const hands = start.hand();
  const inHand = hands.white.length + hands.black.length > 0;
  const [first, second] = v.sideNames;
  return (
    <main>
      <p className="meta"><Link href="/variants">Variants</Link> › {v.name}</p>
      <h1>{v.name}</h1>
      <div className="variant-page">
        <figure className="diagram" style={{ margin: 0 }}>
          {inHand && <Hand variant={v.id} color="black" pieces={hands.black} held={null} droppable={[]} />}
          <BoardDrawing variant={v.id} files={v.files} ranks={v.ranks} squares={squares} orientation="white" />
          {inHand && <Hand variant={v.id} color="white" pieces={hands.white} held={null} droppable={[]} />}
          <figcaption className="meta">
            The start position on {aBoard(v.files, v.ranks)}, {first} at the bottom
            {inHand ? `; the pieces in hand (${second}'s above, ${first}'s below) are put down first` : ""}.
          </figcaption>
        </figure>
        <div>
          <section aria-labelledby="rules-heading">
            <h2 id="rules-heading" style={{ marginTop: 0 }}>Rules in short</h2>
            <ul>
              {v.summary.map((line, i) => <li key={i}><RulesText text={line} /></li>)}
            </ul>
            <p className="meta">
              <a href={`/variants/${v.id}/rules`}>The full rules</a> are in the project&apos;s rule
              book: <code>{ruleBookPath(v.id)}</code>.
            </p>
          </section>
          <p>
            <Link className="call-to-action" href={`/challenge?${new URLSearchParams({ variant: v.id })}`}>
              Challenge someone to this game
            </Link>
          </p>
          <section aria-labelledby="pieces-heading">
            <h2 id="pieces-heading">Pieces</h2>
            <PieceList variant={v.id} />
          </section>
          <section aria-labelledby="fen-heading">
            <h2 id="fen-heading">Start position</h2>
            <p><code style={{ wordBreak: "break-all" }}>{v.startFen}</code></p>
          </section>
        </div>
      </div>
    </main>
  );
}
