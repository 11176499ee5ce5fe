"use client";
/**
 * The move typed in notation ("P e2-e4", "Q d2-d5; P*d6"), as tolerant as the
 * rules module's reader. The owner checks it against the position and answers
 * with an error to show, or null when the move was taken.
 */
import { useId, useState, type FormEvent } from "react";
import styles from "./GamePlayer.module.css";

/**
 * `example`: a move of this game as it is written, shown in the empty box and in the hint.
 * `position`: what the board shows (its ply, on the game or on a planned line); an error about another position is cleared when it changes.
 */
export function MoveInput({ disabled, example, position, onMove }: {
  disabled: boolean;
  example: string;
  position: string;
  onMove: (text: string) => string | null;
}) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [errorAt, setErrorAt] = useState(position);
  const errorId = useId();
  // Set while rendering (React's way to reset state on a prop change): no stale error flashes.
  if (errorAt !== position) {
    setErrorAt(position);
    setError(null);
  }

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!text.trim()) {
      setError(`Write a move first, for example ${example}.`);
      return;
    }
    const refusal = onMove(text);
    setError(refusal);
    // A refused move stays in the box to be corrected.
    if (!refusal) setText("");
  }

  return (
    <form onSubmit={submit} className={styles.moveInput}>
      <label>
        Move in notation{" "}
        <input
          value={text}
          onChange={(e) => setText(e.target.value)}
          disabled={disabled}
          placeholder={example}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      </label>{" "}
      <button type="submit" disabled={disabled}>
        Play
      </button>
      {error && (
        <p id={errorId} role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </form>
  );
}
