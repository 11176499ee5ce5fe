"use client";
/** The moves of a game in the project's notation, numbered in pairs, the latest kept in view. */
import { useEffect, useRef } from "react";
import styles from "./GamePlayer.module.css";

interface Row {
  number: number;
  white: string | null;
  black: string | null;
}

/** Pairs the moves; a game whose start position has Black to move begins with an empty White cell. */
function rows(startFen: string, moves: readonly string[]): Row[] {
  const [, side, , , , full] = startFen.split(" ");
  const first = Number(full) || 1;
  const offset = side === "b" ? 1 : 0;
  const out: Row[] = [];
  moves.forEach((text, i) => {
    const k = i + offset;
    const at = Math.floor(k / 2);
    out[at] ??= { number: first + at, white: null, black: null };
    if (k % 2 === 0) out[at].white = text;
    else out[at].black = text;
  });
  return out;
}

/**
 * The move list; each move is a button that shows the position after it (`onSelect`
 * with its ply). `shown` is the ply on the board: its move is marked.
 */
export function MoveList({ startFen, moves, shown, onSelect }: {
  startFen: string;
  moves: readonly string[];
  shown: number;
  onSelect: (ply: number) => void;
}) {
  const box = useRef<HTMLDivElement | null>(null);
  // A long game scrolls: keep the newest move visible when one arrives.
  useEffect(() => {
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [moves.length]);
  const table = rows(startFen, moves);
  const offset = startFen.split(" ")[1] === "b" ? 1 : 0;
  return (
    <div ref={box} className={styles.moveList}>
      {moves.length === 0 ? (
        <p className={styles.muted}>No moves yet.</p>
      ) : (
        <table aria-label="Moves">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">White</th>
              <th scope="col">Black</th>
            </tr>
          </thead>
          <tbody>
            {table.map((r, i) => (
              <tr key={r.number}>
                <th scope="row">{r.number}.</th>
                {([r.white, r.black] as const).map((text, side) => {
                  const ply = i * 2 + side - offset + 1;
                  const current = ply === shown;
                  return (
                    <td key={side} className={current ? styles.lastMove : undefined}>
                      {text === null ? (
                        side === 0 && i === 0 && offset ? "…" : ""
                      ) : (
                        <button
                          type="button"
                          className={styles.moveButton}
                          aria-current={current ? "step" : undefined}
                          aria-label={`${text}: show the position after it`}
                          onClick={() => onSelect(ply)}
                        >
                          {text}
                        </button>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
