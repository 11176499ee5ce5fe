"use client";
/**
 * The board of a game for more than two (lib/rules/multi), any of its geometries: squares
 * with holes or hexagons, turned so that `bottom`'s army is at the bottom. The drawing is
 * server-safe (./pieces/multi-drawing); this wrapper adds picking a move:
 * - a click on a piece the army to move may move picks it up and marks where it may go
 *   (MultiGame.nextSteps), a click on one of those cells makes the move, a promotion is
 *   chosen from buttons below the board;
 * - keyboard: the arrow keys move a cursor to the nearest cell that way on the drawing
 *   (on hexagons too), Enter or Space clicks it, Escape lets go; the cursor's cell is spoken
 *   through a live region (docs/accessibility.md#boards-for-more-than-two).
 *
 * Every cell is a `[data-cell="e2"]` named for screen readers ("e2, Red pawn, can move
 * here"); pieces are `<g data-piece="rP" data-at="e2">` and never catch the pointer.
 */
import { useMemo, useState, type KeyboardEvent, type MouseEvent, type ReactElement } from "react";
import { multiGameInfo, type MultiCell, type MultiGame } from "@/lib/rules";
import styles from "./Board.module.css";
import { NO_PICK, choosePromotion, pickCell, targetsOf, type MultiPick } from "./multi-move";
import { multiBoardTree, multiLayout, multiPieceName } from "./pieces/multi-drawing";
import { toReact } from "./pieces";

export interface MultiBoardProps {
  game: MultiGame;
  /** The army drawn at the bottom: the viewer's, or null (a spectator: the first army). */
  bottom: string | null;
  /** Whether the viewer may pick a move now (their army is to move). */
  canMove: boolean;
  /** A complete move, in the game's move text. */
  onMove: (move: string) => void;
  /** The cells of the last move, marked. */
  lastMove?: readonly string[];
}

const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** What is on a cell and what it is to the move in progress, as a screen reader says it. */
export function describeCell(variant: string, cell: MultiCell, marks: { picked: boolean; target: boolean; last: boolean }): string {
  return [
    cell.name,
    cell.piece ? multiPieceName(variant, cell.piece) : "empty",
    marks.picked && "picked up",
    marks.target && "can move here",
    marks.last && "last move",
  ].filter(Boolean).join(", ");
}

/** The nearest cell from `from` in the arrow's direction on the drawing (within 60° of it), or `from`. */
export function cellToward(at: Map<string, { x: number; y: number }>, from: string, [dx, dy]: [number, number]): string {
  const o = at.get(from);
  if (!o) return from;
  let best: [string, number] | null = null;
  for (const [name, p] of at) {
    const vx = p.x - o.x;
    const vy = p.y - o.y;
    const along = vx * dx + vy * dy;
    const dist = Math.hypot(vx, vy);
    if (along <= 0.01 || along < dist * 0.5) continue;
    // The nearest cell, sideways drift breaking ties: on hexagons "up" is one of the two cells above, not the one two rows up.
    const cost = dist + 0.5 * Math.abs(vx * dy - vy * dx);
    if (!best || cost < best[1]) best = [name, cost];
  }
  return best ? best[0] : from;
}

export function MultiBoard({ game, bottom, canMove, onMove, lastMove }: MultiBoardProps): ReactElement {
  const variant = game.id;
  const cells = useMemo(() => game.board(), [game]);
  const layout = useMemo(() => multiLayout(variant, cells, bottom), [variant, cells, bottom]);
  const [pick, setPick] = useState<MultiPick>(NO_PICK);
  const [pickFor, setPickFor] = useState(game);
  const [cursor, setCursor] = useState<string | null>(null);
  const [keyboard, setKeyboard] = useState(false);
  const [focused, setFocused] = useState(false);
  // A new position (a move made here or elsewhere) lets go of what was picked.
  if (pickFor !== game) {
    setPickFor(game);
    setPick(NO_PICK);
  }
  const shownPick = canMove ? pick : NO_PICK;
  const targets = targetsOf(game, shownPick);

  function click(cell: string) {
    if (!canMove) return;
    const r = pickCell(game, pick, cell);
    setPick(r.pick);
    if (r.move) onMove(r.move);
  }

  function promote(piece: string) {
    const move = choosePromotion(game, pick, piece);
    setPick(NO_PICK);
    if (move) onMove(move);
  }

  function onClick(e: MouseEvent<SVGSVGElement>) {
    const cell = (e.target as Element).closest?.("[data-cell]")?.getAttribute("data-cell");
    setKeyboard(false);
    if (cell) click(cell);
  }

  function onKeyDown(e: KeyboardEvent<SVGSVGElement>) {
    const start = cursor ?? pick.from ?? [...layout.at].reduce((a, b) => (b[1].y > a[1].y ? b : a))[0];
    if (e.key in ARROWS) {
      e.preventDefault();
      setCursor(keyboard && cursor ? cellToward(layout.at, start, ARROWS[e.key]) : start);
      setKeyboard(true);
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      setKeyboard(true);
      setCursor(start);
      click(start);
    } else if (e.key === "Escape") {
      e.preventDefault();
      setPick(NO_PICK);
    }
  }

  const showCursor = focused && keyboard && cursor !== null;
  const last = new Set(lastMove ?? []);
  const describe = (c: MultiCell) => describeCell(variant, c, { picked: shownPick.from === c.name, target: targets.includes(c.name), last: last.has(c.name) });
  const tree = multiBoardTree({
    variant,
    cells,
    bottom,
    selected: shownPick.from,
    targets,
    lastMove,
    cursor: showCursor ? cursor : null,
    className: styles.board,
  });
  tree.attrs.role = "application";
  tree.attrs["aria-roledescription"] = "board";
  const byName = new Map(cells.map((c) => [c.name, c]));
  for (const layer of tree.children) {
    if (typeof layer === "string" || layer.attrs["data-layer"] !== "cells") continue;
    for (const shape of layer.children) {
      if (typeof shape === "string") continue;
      const cell = byName.get(String(shape.attrs["data-cell"]));
      if (!cell) continue;
      shape.attrs.role = "img";
      shape.attrs["aria-label"] = describe(cell);
    }
  }
  const svg = toReact(tree) as ReactElement<Record<string, unknown>>;
  const pieceNames = multiGameInfo(variant).pieces;
  const cursorCell = cursor ? byName.get(cursor) : undefined;

  return (
    <div className={styles.wrap}>
      <svg
        {...(svg.props as object)}
        tabIndex={0}
        onClick={onClick}
        onKeyDown={onKeyDown}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
      />
      <span className={styles.srOnly} aria-live="polite">
        {showCursor && cursorCell ? describe(cursorCell) : ""}
      </span>
      {canMove && pick.promotion && (
        <div role="group" aria-label="Promote to">
          Promote to:{" "}
          {pick.promotion.choices.map((letter) => (
            <button key={letter} type="button" onClick={() => promote(letter)} data-promote={letter}>
              {pieceNames.find((p) => p.letter === letter)?.name ?? letter}
            </button>
          ))}{" "}
          <button type="button" onClick={() => setPick(NO_PICK)}>
            Cancel
          </button>
        </div>
      )}
    </div>
  );
}

export default MultiBoard;
