/**
 * A side's pieces in hand (Sittuyin's setup), beside the board. When the player may
 * put one down, each droppable piece is a button: pick it, then click a square.
 */
import type { Color } from "@/lib/rules";
import { PieceSvg, pieceName } from "./pieces";
import styles from "./GamePlayer.module.css";

export function Hand(props: {
  variant: string;
  color: Color;
  pieces: { letter: string; count: number }[];
  /** The piece picked up, if any (uppercase letter). */
  held: string | null;
  /** Letters that can be put down now; empty when this hand is not to move. */
  droppable: string[];
  onPick?: (letter: string) => void;
}) {
  const { variant, color, pieces, held, droppable, onPick } = props;
  if (pieces.length === 0) return null;
  const side = color === "white" ? "White" : "Black";
  return (
    <ul className={styles.hand} aria-label={`${side}'s pieces in hand`}>
      {pieces.map(({ letter, count }) => {
        const name = `${pieceName(variant, letter)}${count > 1 ? ` ×${count}` : ""}`;
        const figure = (
          <>
            <PieceSvg variant={variant} color={color} letter={letter} size="2rem" />
            {count > 1 && <span className={styles.handCount}>{count}</span>}
          </>
        );
        return (
          <li key={letter}>
            {onPick && droppable.includes(letter) ? (
              <button
                type="button"
                className={styles.handPiece}
                aria-pressed={held === letter}
                aria-label={`Put down: ${side} ${name}`}
                onClick={() => onPick(letter)}
              >
                {figure}
              </button>
            ) : (
              <span className={styles.handPiece} title={`${side} ${name}`}>{figure}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
