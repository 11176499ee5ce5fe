"use client";
/**
 * Conditional moves on one's own game page (docs/conditional-moves.md): the lines waiting for
 * the opponent's move, each deletable, and the planning of a new one, whose moves are made on
 * the board (or typed in the move box) on a copy of the position.
 */
import type { ConditionalLineView } from "@/lib/games/conditional";
import { CONDITIONAL_LINES_PER_GAME, CONDITIONAL_PLIES_PER_LINE } from "@/lib/games/conditional-limits";
import styles from "./GamePlayer.module.css";

/** "If they play X1, answer Y1; then if X2, Y2": the line as the player reads it. */
function LineText({ moves }: { moves: readonly string[] }) {
  const pairs = [];
  for (let i = 0; i + 1 < moves.length; i += 2) pairs.push([moves[i], moves[i + 1]]);
  return (
    <>
      {pairs.map(([theirs, mine], i) => (
        <span key={i}>
          {i === 0 ? "If they play " : "; then if "}<code>{theirs}</code>, answer <code>{mine}</code>
        </span>
      ))}
    </>
  );
}

export function ConditionalMoves({ lines, planning, opponent, busy, onPlan, onTakeBack, onSave, onStop, onDelete }: {
  /** Null while they load. */
  lines: ConditionalLineView[] | null;
  /** The line being planned, or null. */
  planning: readonly string[] | null;
  opponent: string;
  busy: boolean;
  onPlan: () => void;
  onTakeBack: () => void;
  onSave: () => void;
  onStop: () => void;
  onDelete: (lineId: string) => void;
}) {
  const full = lines !== null && lines.length >= CONDITIONAL_LINES_PER_GAME;
  return (
    <section className={styles.panel} aria-label="Conditional moves">
      <h2 className={styles.heading}>Conditional moves</h2>
      <p>Plan your answers to {opponent}&apos;s moves: when a move of theirs matches a line, your answer is played at once. Nobody else sees your lines.</p>
      {lines === null ? (
        <p>Loading your lines…</p>
      ) : lines.length === 0 ? (
        <p>You have no lines in this game.</p>
      ) : (
        <ol aria-label="Your lines">
          {lines.map((l) => (
            <li key={l.id}>
              <LineText moves={l.moves} />.{" "}
              <button type="button" disabled={busy} onClick={() => onDelete(l.id)}>
                Delete this line
              </button>
            </li>
          ))}
        </ol>
      )}
      {planning === null ? (
        <button type="button" disabled={busy || full} onClick={onPlan}>
          {full ? `Plan a line (at most ${CONDITIONAL_LINES_PER_GAME})` : "Plan a line"}
        </button>
      ) : (
        <div role="group" aria-label="Line being planned">
          <p>
            {planning.length === 0 ? "Nothing is sent until you save the line. " : <>So far: <LineText moves={planning.length % 2 ? [...planning, "…"] : planning} />. </>}
            {planning.length >= CONDITIONAL_PLIES_PER_LINE
              ? `A line has at most ${CONDITIONAL_PLIES_PER_LINE} moves: save it.`
              : planning.length % 2 === 0
                ? `Make the move you expect from ${opponent} on the board, or type it in the move box.`
                : "Now make your answer."}
          </p>
          <button type="button" className="primary" disabled={busy || planning.length < 2 || planning.length % 2 === 1} onClick={onSave}>
            Save line
          </button>{" "}
          <button type="button" disabled={busy || planning.length === 0} onClick={onTakeBack}>
            Take back a move
          </button>{" "}
          <button type="button" disabled={busy} onClick={onStop}>
            Stop planning
          </button>
        </div>
      )}
    </section>
  );
}
