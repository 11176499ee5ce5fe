"use client";
/**
 * The interactive chess board: any rectangular board up to 16×16, every piece of every
 * game. Plain-data props; the drawing itself is server-safe (./pieces: BoardDrawing,
 * boardSvgString), this wrapper adds:
 * - clicks: onSquareClick(square), once per press — at pointer-down on a piece (so a
 *   picked-up piece shows its targets while dragged), otherwise at pointer-up;
 * - drag and drop with pointer events (mouse, pen, touch): onSquareDrop(from, to);
 * - keyboard: arrow keys move a cursor across the board as it is drawn (turned with the
 *   player's side), Enter or Space "clicks" the cursor square, Escape calls onCancel; the
 *   cursor square is spoken through a live region (docs/accessibility.md#the-board);
 * - a short slide of the moved piece when lastMove changes (not after a drop).
 *
 * Every square is a <rect data-square="e2">; pieces are <g data-piece="wQ" data-at="e2">
 * and never catch the pointer, so tests can click `[data-square="e2"]`. Each square is
 * named for screen readers ("e4, White Knight, can move here"). On a board of
 * points (Xiangqi, Janggi) each point is the middle of its square's cell, so clicks,
 * drags and the keyboard work on points exactly as on squares.
 */
import { useRef, useState, type KeyboardEvent, type PointerEvent, type ReactElement } from "react";
import { sideNameIn } from "@/lib/rules";
import styles from "./Board.module.css";
import {
  boardTree,
  pieceName,
  squareAtPoint,
  squareOrigin,
  toReact,
  type BoardGeometry,
  type BoardProps,
  type Color,
  type PieceOnBoard,
  type SquareContent,
} from "./pieces";

export type { BoardProps, Color, PieceOnBoard, SquareContent } from "./pieces";

/** Pointer travel (CSS px) before a press on a piece becomes a drag. */
const DRAG_THRESHOLD = 4;

interface Press {
  pointerId: number;
  from: string;
  clientX: number;
  clientY: number;
  /** onSquareClick already ran at pointer-down. */
  clicked: boolean;
  draggable: boolean;
  dragging: boolean;
}

/**
 * What stands on a square and what it is to the move in progress, as a screen reader says it.
 * `content` and `targets` are looked up once per board, so naming every square takes time linear in them.
 */
function describe(drawing: BoardProps, square: string, content: SquareContent | undefined, targets: ReadonlySet<string>): string {
  const { variant } = drawing;
  const names = (content?.pieces ?? []).map((p) =>
    `${sideNameIn(variant, p.color)} ${pieceName(variant, p.letter)}${p.carrying ? " carrying a pawn" : ""}${p.promoted ? " (promoted)" : ""}`);
  const what = content?.duck ? "the duck" : content?.unseen ? "unseen" : names.length > 0 ? names.join(" and ") : "empty";
  const marks = [
    drawing.selected === square && "picked up",
    targets.has(square) && "can move here",
    drawing.checks?.includes(square) && "in check",
    drawing.lastMove?.includes(square) && "last move",
  ].filter(Boolean);
  return [square, what, ...marks].join(", ");
}

export function Board(props: BoardProps & { className?: string; onCancel?: () => void }): ReactElement {
  const { onSquareClick, onSquareDrop, onCancel, className, ...drawing } = props;
  const orientation: Color = drawing.orientation === "black" ? "black" : "white";
  const geometry: BoardGeometry = { files: drawing.files, ranks: drawing.ranks, orientation };

  const svgRef = useRef<SVGSVGElement | null>(null);
  const press = useRef<Press | null>(null);
  const [drag, setDrag] = useState<{ from: string; x: number; y: number } | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [keyboard, setKeyboard] = useState(false);
  const [focused, setFocused] = useState(false);

  // Slide animation when lastMove changes (derived during render, the React way).
  const lastMoveKey = (drawing.lastMove ?? []).join(" ");
  const [seenLastMove, setSeenLastMove] = useState(lastMoveKey);
  const [animation, setAnimation] = useState<{ from: string; to: string; key: string } | null>(null);
  const [dropped, setDropped] = useState<string | null>(null);
  if (seenLastMove !== lastMoveKey) {
    setSeenLastMove(lastMoveKey);
    const lm = drawing.lastMove ?? [];
    const fromDrop = dropped !== null && lm.length === 2 && dropped === `${lm[0]} ${lm[1]}`;
    setAnimation(lm.length === 2 && !fromDrop ? { from: lm[0], to: lm[1], key: `slide ${lastMoveKey}` } : null);
    setDropped(null);
  }

  const cells = new Map<string, SquareContent>();
  const contents = new Map<string, PieceOnBoard[]>();
  for (const c of drawing.squares) {
    cells.set(c.square, c);
    if (c.pieces.length > 0) contents.set(c.square, c.pieces);
  }
  const targets = new Set(drawing.targets);

  /** Client coordinates → board units (the viewBox's user space). */
  function toBoard(clientX: number, clientY: number): { x: number; y: number } | null {
    const svg = svgRef.current;
    const ctm = svg?.getScreenCTM();
    if (!svg || !ctm) return null;
    const p = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
    return { x: p.x, y: p.y };
  }
  function squareAtClient(clientX: number, clientY: number): string | null {
    const p = toBoard(clientX, clientY);
    return p ? squareAtPoint(p.x, p.y, geometry) : null;
  }

  function onPointerDown(e: PointerEvent<SVGSVGElement>) {
    if (e.button !== 0 || press.current) return;
    const sq = squareAtClient(e.clientX, e.clientY);
    if (!sq) return;
    setKeyboard(false);
    const occupied = contents.has(sq);
    let clicked = false;
    if (occupied && sq !== drawing.selected) {
      onSquareClick?.(sq);
      clicked = true;
    }
    // A press that captured (clicked a target) does not start dragging the capturer.
    const isTarget = targets.has(sq);
    const draggable = occupied && !!onSquareDrop && !(clicked && isTarget);
    press.current = { pointerId: e.pointerId, from: sq, clientX: e.clientX, clientY: e.clientY, clicked, draggable, dragging: false };
    if (draggable) e.currentTarget.setPointerCapture?.(e.pointerId);
  }

  function onPointerMove(e: PointerEvent<SVGSVGElement>) {
    const p = press.current;
    if (!p || p.pointerId !== e.pointerId || !p.draggable) return;
    if (!p.dragging) {
      if (Math.hypot(e.clientX - p.clientX, e.clientY - p.clientY) < DRAG_THRESHOLD) return;
      p.dragging = true;
    }
    const b = toBoard(e.clientX, e.clientY);
    if (b) setDrag({ from: p.from, x: b.x, y: b.y });
  }

  function onPointerUp(e: PointerEvent<SVGSVGElement>) {
    const p = press.current;
    if (!p || p.pointerId !== e.pointerId) return;
    press.current = null;
    setDrag(null);
    const sq = squareAtClient(e.clientX, e.clientY);
    if (p.dragging) {
      if (sq && sq !== p.from) {
        setDropped(`${p.from} ${sq}`);
        onSquareDrop?.(p.from, sq);
      }
      return;
    }
    if (sq === p.from && !p.clicked) onSquareClick?.(sq);
  }

  function onPointerCancel(e: PointerEvent<SVGSVGElement>) {
    if (press.current?.pointerId !== e.pointerId) return;
    press.current = null;
    setDrag(null);
  }

  function onKeyDown(e: KeyboardEvent<SVGSVGElement>) {
    const moves: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const start = cursor ?? drawing.selected ?? squareAtPoint(drawing.files / 2, drawing.ranks - 0.5, geometry);
    if (!start) return;
    if (e.key in moves) {
      e.preventDefault();
      const o = squareOrigin(start, geometry) ?? { x: 0, y: 0 };
      const [dx, dy] = keyboard && cursor ? moves[e.key] : [0, 0];
      const x = Math.min(drawing.files - 1, Math.max(0, o.x + dx));
      const y = Math.min(drawing.ranks - 1, Math.max(0, o.y + dy));
      setCursor(squareAtPoint(x + 0.5, y + 0.5, geometry));
      setKeyboard(true);
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      setKeyboard(true);
      setCursor(start);
      onSquareClick?.(start);
    } else if (e.key === "Escape" && onCancel) {
      e.preventDefault();
      onCancel();
    }
  }

  const showCursor = focused && keyboard && cursor !== null;
  const tree = boardTree(drawing, {
    className: [styles.board, drag ? styles.dragging : "", className ?? ""].filter(Boolean).join(" "),
    ghostClassName: styles.ghost,
    dragFrom: drag?.from ?? null,
    ghost: drag ? { x: drag.x, y: drag.y, pieces: contents.get(drag.from) ?? [] } : null,
    cursor: showCursor ? cursor : null,
    animate: animation && !drag ? { ...animation, className: styles.slide } : null,
  });
  tree.attrs.role = "application";
  tree.attrs["aria-roledescription"] = "board";
  // Named squares, for reading the board square by square outside the application's keys.
  for (const layer of tree.children) {
    if (typeof layer === "string" || layer.attrs["data-layer"] !== "squares") continue;
    for (const rect of layer.children) {
      const sq = typeof rect === "string" ? undefined : rect.attrs["data-square"];
      if (typeof rect === "string" || typeof sq !== "string") continue;
      rect.attrs.role = "img";
      rect.attrs["aria-label"] = describe(drawing, sq, cells.get(sq), targets);
    }
  }
  const svg = toReact(tree) as ReactElement<Record<string, unknown>>;

  return (
    <div className={styles.wrap}>
      <svg
        {...(svg.props as object)}
        ref={svgRef}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
        onLostPointerCapture={onPointerCancel}
        onKeyDown={onKeyDown}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
      />
      <span className={styles.srOnly} aria-live="polite">
        {showCursor && cursor ? describe(drawing, cursor, cells.get(cursor), targets) : ""}
      </span>
    </div>
  );
}

export default Board;
