/**
 * A game's pieces from its declaration (lib/rules variantInfo): each side's drawing, the
 * name, the letter and the Betza moves. The variant pages and the game page's legend share it.
 */
import { PieceSvg } from "@/app/_components/pieces";
import { variantInfo } from "@/lib/rules";

export function PieceList({ variant }: { variant: string }) {
  const v = variantInfo(variant);
  const [first, second] = v.sideNames;
  return (
    <>
      <p className="meta">
        Moves in <a href="https://www.chessvariants.com/piececlopedia.dir/betza-notation.html">Betza notation</a>;
        the letter is the one used in positions and move text.
      </p>
      <ul className="piece-list">
        {v.pieces.map((p) => (
          <li key={p.letter}>
            <PieceSvg variant={v.id} color="white" letter={p.letter} size={40} title={`${first} ${p.name}`} />
            {/* Black's pieces as they stand facing White: a shogi tile points down. */}
            <PieceSvg variant={v.id} color="black" letter={p.letter} size={40} title={`${second} ${p.name}`} turned />
            <span>
              <strong>{p.name}</strong> <code>{p.letter}</code>
              <br />
              <span className="meta">Betza: <code>{p.betza}</code></span>
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
