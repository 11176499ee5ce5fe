/**
 * Asks which of several moves a click meant: the promotion piece (drawn), or
 * e.g. moving a carrying queen to d3 versus placing her pawn there.
 */
import type { Color } from "@/lib/rules";
import { makeMoveText } from "@/lib/rules";
import { describeContinuation, type Continuation } from "./move-builder";
import { PieceSvg, type PieceSet } from "./pieces";
import styles from "./GamePlayer.module.css";

function promotionOf(c: Continuation): string | null {
  const last = c[c.length - 1];
  return (last.type === "step" || last.type === "promote") && last.promotion ? last.promotion : null;
}

export function MoveChooser(props: {
  variant: string;
  color: Color;
  choices: Continuation[];
  onChoose: (c: Continuation) => void;
  /** Absent when there is no way back (a pending promotion must be chosen). */
  onCancel?: () => void;
  pieceSet?: PieceSet;
}) {
  const { variant, color, choices, onChoose, onCancel, pieceSet } = props;
  const promoting = choices.every((c) => promotionOf(c) !== null);
  const title = promoting ? "Promote to" : "Which move do you mean?";
  return (
    <div role="group" aria-label={title} className={styles.chooser}>
      <p className={styles.chooserTitle}>{title}</p>
      <div className={styles.chooserButtons}>
        {choices.map((c) => {
          const promotion = promotionOf(c);
          return (
            <button key={makeMoveText(c)} type="button" onClick={() => onChoose(c)} className={styles.choice}>
              {promotion && (
                <span aria-hidden="true">
                  <PieceSvg variant={variant} color={color} letter={promotion.toUpperCase()} size={40} pieceSet={pieceSet} />
                </span>
              )}
              {describeContinuation(variant, c)}
            </button>
          );
        })}
        {onCancel && (
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </div>
  );
}
