/**
 * A position of a stored game, ready to draw: the board picture endpoints
 * (/games/<id>/board.svg|png), link previews and feeds use it. Any ply is one
 * indexed read (one query): the service stores the position after every move (moves.fen_after),
 * so nothing is replayed here; the rules module turns that FEN into squares.
 */
import { aliasedTable, and, eq, sql } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { games, moves, users } from "@/lib/db/schema";
import { Game, parseActions, variantInfo, type SquareContent } from "@/lib/rules";
import { mayView, type VisibleGame } from "./archive";
import { gameAsSeenBy } from "./fog";
import { declarePresetVariants, isUnreadablePreset } from "./presets";
import { boardWhileChoosing } from "./setups";

const white = aliasedTable(users, "white");
const black = aliasedTable(users, "black");

export interface Position {
  view: VisibleGame;
  /** The ply shown: 0 is the start position. */
  ply: number;
  /** True when the caller named the ply and that picture never changes (not while the setups are chosen). */
  fixed: boolean;
  /** What the picture shows, for its ETag: the ply, and while the setups are chosen, the choices so far. */
  key: string;
  fen: string;
  /**
   * A game in fog, drawn for this viewer alone (lib/games/fog.ts): never cached for anyone
   * else. `fen` is then the viewer's view and an opponent's move reads "…".
   */
  hidden: boolean;
  /** The move that led here, as text (null at the start). */
  moveText: string | null;
  drawing: {
    variant: string;
    files: number;
    ranks: number;
    squares: SquareContent[];
    lastMove: string[];
    checks: string[];
    /** Both sides' pieces in hand, in a game that has them (drawn in bands above and below the board). */
    hands?: ReturnType<Game["hand"]>;
  };
}

export type PositionLookup =
  | { ok: true; position: Position }
  | { ok: false; reason: "no-game" | "no-ply" | "unreadable" };

/** The squares a move touched, for the highlight: every step's ends, placements, promotions. */
export function touchedSquares(text: string): string[] {
  const out = new Set<string>();
  for (const a of parseActions(text).value ?? []) {
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
  if (!/^[A-Za-z0-9-]{1,64}$/.test(gameId) || (ply !== undefined && (!Number.isInteger(ply) || ply < 0))) {
    return { ok: false, reason: ply === undefined || ply >= 0 ? "no-game" : "no-ply" };
  }
  // One round trip: the game, its players' names and the move that led to the position.
  const [row] = await db
    .select({ game: games, whiteUser: white.name, blackUser: black.name, text: moves.text, fenAfter: moves.fenAfter })
    .from(games)
    .leftJoin(white, eq(white.id, games.whiteId))
    .leftJoin(black, eq(black.id, games.blackId))
    .leftJoin(moves, and(eq(moves.gameId, games.id), eq(moves.ply, ply === undefined ? games.ply : sql`${ply}::int`)))
    .where(eq(games.id, gameId));
  if (!row || !mayView(row.game, viewerId)) return { ok: false, reason: "no-game" };
  const g = row.game;
  await declarePresetVariants(db, [g.variant]);
  if (isUnreadablePreset(g.variant)) return { ok: false, reason: "unreadable" };
  const view: VisibleGame = { game: g, whiteName: row.whiteUser ?? g.whiteName, blackName: row.blackUser ?? g.blackName };
  const at = ply ?? g.ply;
  if (at > g.ply || (at > 0 && row.fenAfter === null)) return { ok: false, reason: "no-ply" };
  // The gate (lib/games/fog.ts): a game in fog is drawn as this viewer sees it, per viewer.
  const seen = gameAsSeenBy(g, at === 0 ? [] : [{ ply: at, text: row.text!, fenAfter: row.fenAfter! }], viewerId);
  const fen = at === 0 ? seen.game.startFen : seen.moves[0].fenAfter;
  const moveText = at === 0 ? null : seen.moves[0].text;
  const info = variantInfo(g.variant);
  const rules = Game.start(g.variant, fen);
  // Before both setups are chosen the start FEN is a stand-in: the board shows the choices made so far.
  const choosing = g.choosingSetups && g.status === "active";
  const setups = `${g.whiteSetup ?? "-"}.${g.blackSetup ?? "-"}`;
  return {
    ok: true,
    position: {
      view, ply: at, fixed: ply !== undefined && !choosing, key: choosing ? `0-choosing-${setups}` : String(at), fen, moveText, hidden: seen.hidden,
      drawing: {
        variant: g.variant, files: info.files, ranks: info.ranks,
        squares: choosing ? boardWhileChoosing(g.variant, g.whiteSetup, g.blackSetup) : rules.board(),
        // An unseen move ("…") touches no square: the highlight would show where the opponent moved.
        lastMove: moveText ? touchedSquares(moveText) : [], checks: rules.checks(),
        ...(info.hands ? { hands: rules.hand() } : {}),
      },
    },
  };
}
