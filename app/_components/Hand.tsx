"use client";
/**
 * A side's pieces in hand, beside the board: Sittuyin's setup, and the captured pieces of
 * Crazyhouse and Shogi. When the player may put one down, each droppable piece is a
 * button: click it (or Enter/Space) and then a square, or drag it onto the square. The
 * board's own targets come from the rules module's builder, as for a click.
 */
import { useRef, useState, type PointerEvent } from "react";
import { sideNameIn, type Color } from "@/lib/rules";
import { PieceSvg, pieceName, type PieceSet } from "./pieces";
import styles from "./GamePlayer.module.css";

/** Pointer travel (CSS px) before a press on a piece in hand becomes a drag, as on the board. */
const DRAG_THRESHOLD = 4;

interface Press {
  pointerId: number;
  letter: string;
  clientX: number;
  clientY: number;
  /** The press picked the piece up (it was not held before). */
  picked: boolean;
  dragging: boolean;
}

export function Hand(props: {
  variant: string;
  color: Color;
  pieces: { letter: string; count: number }[];
  /** The piece picked up, if any (uppercase letter). */
  held: string | null;
  /** Letters that can be put down now; empty when this hand is not to move. */
  droppable: string[];
  onPick?: (letter: string, how: "pointer" | "keyboard") => void;
  /** A piece dragged from this hand and let go over a square of the board. */
  onDrop?: (letter: string, square: string) => void;
  /** Shown even when empty (hands that fill up during play), so both keep their places. */
  always?: boolean;
  pieceSet?: PieceSet;
  /** This hand belongs to the side at the top of the board: its tiles point down. */
  turned?: boolean;
}) {
  const { variant, color, pieces, held, droppable, onPick, onDrop, always, pieceSet, turned } = props;
  const press = useRef<Press | null>(null);
  const [ghost, setGhost] = useState<{ letter: string; x: number; y: number } | null>(null);
  if (pieces.length === 0 && !always) return null;
  const side = sideNameIn(variant, color);

  function onPointerDown(e: PointerEvent<HTMLButtonElement>, letter: string) {
    if (e.button !== 0 || press.current) return;
    const picked = held !== letter;
    // Picked up at once, so the board shows where it may go while it is dragged.
    if (picked) onPick?.(letter, "pointer");
    press.current = { pointerId: e.pointerId, letter, clientX: e.clientX, clientY: e.clientY, picked, dragging: false };
    if (onDrop) e.currentTarget.setPointerCapture?.(e.pointerId);
  }

  function onPointerMove(e: PointerEvent<HTMLButtonElement>) {
    const p = press.current;
    if (!p || p.pointerId !== e.pointerId || !onDrop) return;
    if (!p.dragging && Math.hypot(e.clientX - p.clientX, e.clientY - p.clientY) < DRAG_THRESHOLD) return;
    p.dragging = true;
    setGhost({ letter: p.letter, x: e.clientX, y: e.clientY });
  }

  function onPointerUp(e: PointerEvent<HTMLButtonElement>) {
    const p = press.current;
    if (!p || p.pointerId !== e.pointerId) return;
    press.current = null;
    setGhost(null);
    if (p.dragging) {
      // The board's squares catch the pointer (its pieces never do): the one under the release.
      const square = document.elementFromPoint(e.clientX, e.clientY)?.closest("[data-square]")?.getAttribute("data-square");
      if (square) onDrop?.(p.letter, square);
    } else if (!p.picked) {
      onPick?.(p.letter, "pointer"); // a second press on the held piece puts it back
    }
  }

  function onPointerCancel(e: PointerEvent<HTMLButtonElement>) {
    if (press.current?.pointerId !== e.pointerId) return;
    press.current = null;
    setGhost(null);
  }

  return (
    <ul className={styles.hand} aria-label={`${side}'s pieces in hand`} data-colour={color}>
      {pieces.length === 0 && <li className={styles.handEmpty}>No pieces in hand</li>}
      {pieces.map(({ letter, count }) => {
        const name = `${pieceName(variant, letter)}${count > 1 ? ` ×${count}` : ""}`;
        const canDrop = onPick && droppable.includes(letter);
        const figure = (
          <>
            <PieceSvg variant={variant} color={color} letter={letter} size="2.4rem" pieceSet={pieceSet} turned={turned} title={canDrop ? undefined : `${side} ${name}`} />
            {count > 1 && <span className={styles.handCount} aria-hidden="true">{count}</span>}
          </>
        );
        return (
          <li key={letter}>
            {canDrop ? (
              <button
                type="button"
                className={styles.handPiece}
                aria-pressed={held === letter}
                aria-label={`Put down: ${side} ${name}`}
                data-letter={letter}
                onPointerDown={(e) => onPointerDown(e, letter)}
                onPointerMove={onPointerMove}
                onPointerUp={onPointerUp}
                onPointerCancel={onPointerCancel}
                onLostPointerCapture={onPointerCancel}
                onClick={(e) => {
                  // Enter or Space (a click with no pointer behind it) picks up or puts back;
                  // a pointer's press was handled by the pointer events.
                  if (e.detail === 0) onPick(letter, "keyboard");
                }}
              >
                {figure}
              </button>
            ) : (
              <span className={styles.handPiece} title={`${side} ${name}`}>{figure}</span>
            )}
          </li>
        );
      })}
      {ghost && (
        <li className={styles.handGhost} aria-hidden="true" style={{ left: ghost.x, top: ghost.y }}>
          <PieceSvg variant={variant} color={color} letter={ghost.letter} size="3.2rem" pieceSet={pieceSet} turned={turned} />
        </li>
      )}
    </ul>
  );
}
