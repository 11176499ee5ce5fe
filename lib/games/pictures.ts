/**
 * A position of a stored game, ready to draw: the board picture endpoints
 * (/games/<id>/board.svg|png), link previews and feeds use it. Any ply is one
 * indexed read: the service stores the position after every move (moves.fen_after),
 * so nothing is replayed here; the rules module turns that FEN into squares.
 */
import { and, eq } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { moves } from "@/lib/db/schema";
import { Game, parseActions, variantInfo, type SquareContent } from "@/lib/rules";
import { visibleGame, type VisibleGame } from "./archive";

export interface Position {
  view: VisibleGame;
  /** The ply shown: 0 is the start position. */
  ply: number;
  /** True when the caller named the ply: that picture never changes. */
  fixed: boolean;
  fen: string;
  /** The move that led here, as text (null at the start). */
  moveText: string | null;
  drawing: {
    variant: string;
    files: number;
    ranks: number;
    squares: SquareContent[];
    lastMove: string[];
    checks: string[];
  };
}

export type PositionLookup =
  | { ok: true; position: Position }
  | { ok: false; reason: "no-game" | "no-ply" };

/** The squares a move touched, for the highlight: every step's ends, placements, promotions. */
export function touchedSquares(text: string): string[] {
  const out = new Set<string>();
  for (const a of parseActions(text) ?? []) {
    if (a.type === "step") {
      out.add(a.from);
      out.add(a.to);
    } else if (a.type === "place") out.add(a.to);
    else if (a.type === "promote") out.add(a.square);
  }
  return [...out];
}

/**
 * The position after `ply` moves (default: the current one) of a game this viewer
 * may see. A private game is "no-game" to strangers, as if it did not exist.
 */
export async function positionAt(db: Executor, gameId: string, viewerId: string | null, ply?: number): Promise<PositionLookup> {
  const view = await visibleGame(db, gameId, viewerId);
  if (!view) return { ok: false, reason: "no-game" };
  const g = view.game;
  const at = ply ?? g.ply;
  if (at < 0 || at > g.ply) return { ok: false, reason: "no-ply" };
  let fen = g.startFen;
  let moveText: string | null = null;
  if (at > 0) {
    const [m] = await db.select({ text: moves.text, fenAfter: moves.fenAfter }).from(moves)
      .where(and(eq(moves.gameId, g.id), eq(moves.ply, at)));
    if (!m) return { ok: false, reason: "no-ply" };
    fen = m.fenAfter;
    moveText = m.text;
  }
  const info = variantInfo(g.variant);
  const rules = Game.start(g.variant, fen);
  return {
    ok: true,
    position: {
      view, ply: at, fixed: ply !== undefined, fen, moveText,
      drawing: {
        variant: g.variant, files: info.files, ranks: info.ranks, squares: rules.board(),
        lastMove: moveText ? touchedSquares(moveText) : [], checks: rules.checks(),
      },
    },
  };
}
