/**
 * The page of a game for more than two (lib/rules/multi): as a two-player game's page, its
 * start position, its rules in short with the rule book's file, its armies in turn order and
 * its pieces, all from the game's declaration.
 */
import Link from "next/link";
import { RulesText } from "@/app/_overview/format";
import { toReact } from "@/app/_components/pieces";
import { armyColour, multiBoardTree, multiPieceSvgTree } from "@/app/_components/pieces/multi-drawing";
import { MultiGame, multiGameInfo } from "@/lib/rules";
import { ruleBookPath } from "../rule-book";

/** "160 squares", "126 hexagons": a board of these games as the page names it. */
export function cellCount(id: string): string {
  const info = multiGameInfo(id);
  return `${info.cells.length} ${info.lattice === "hex" ? "hexagons" : "squares"}`;
}

export function MultiVariant({ id }: { id: string }) {
  const info = multiGameInfo(id);
  const cells = MultiGame.start(id).board();
  const first = info.armies[0];
  const teams = info.armies.some((a) => a.team !== null);
  return (
    <main>
      <p className="meta"><Link href="/variants">Variants</Link> › {info.name}</p>
      <h1>{info.name}</h1>
      {/* A board of hundreds of cells takes the page's width, its rules below. */}
      <div className={info.cells.length > 200 ? "variant-page wide-board" : "variant-page"}>
        <figure className="diagram" style={{ margin: 0 }}>
          {toReact(multiBoardTree({ variant: id, cells, bottom: null }))}
          <figcaption className="meta">
            The start position on a board of {cellCount(id)}, {first.name} at the bottom; each player sees their own army there.
          </figcaption>
        </figure>
        <div>
          <section aria-labelledby="rules-heading">
            <h2 id="rules-heading" style={{ marginTop: 0 }}>Rules in short</h2>
            <ul>
              {info.summary.map((line, i) => <li key={i}><RulesText text={line} /></li>)}
            </ul>
            <p className="meta">
              <a href={`/variants/${id}/rules`}>The full rules</a> are in the project&apos;s rule
              book: <code>{ruleBookPath(id)}</code>.
            </p>
          </section>
          <section aria-labelledby="armies-heading">
            <h2 id="armies-heading">Armies</h2>
            <p className="meta">In turn order, {info.armies.length} players{teams ? ", by team" : ", each for themselves"}; the letter is the one used in positions.</p>
            <ol className="army-list">
              {info.armies.map((a) => (
                <li key={a.letter} data-army={a.letter}>
                  <span aria-hidden="true" className="army-swatch" style={{ background: armyColour(a.name).fill }} />{" "}
                  {a.name} <code>{a.letter}</code>
                  {a.team !== null && <span className="meta"> · team {a.team + 1}</span>}
                </li>
              ))}
            </ol>
          </section>
          <section aria-labelledby="pieces-heading">
            <h2 id="pieces-heading">Pieces</h2>
            <p className="meta">
              Moves in <a href="https://www.chessvariants.com/piececlopedia.dir/betza-notation.html">Betza notation</a>,
              forward being each army&apos;s own direction; the letter is the one used in positions and move text.
            </p>
            <ul className="piece-list">
              {info.pieces.map((p) => (
                <li key={p.letter}>
                  {toReact(multiPieceSvgTree(id, first.letter, p.letter, 40))}
                  <span>
                    <strong>{p.name}</strong> <code>{p.letter}</code>
                    <br />
                    <span className="meta">Betza: <code>{p.betza}</code></span>
                  </span>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="fen-heading">
            <h2 id="fen-heading">Start position</h2>
            <p>
              <code style={{ wordBreak: "break-all" }}>{info.start}</code>
            </p>
            <p className="meta">In N-FEN (<code>docs/notation.md</code>, games for more than two).</p>
          </section>
        </div>
      </div>
    </main>
  );
}
