/**
 * The surfaces of a game for more than two beyond its page: its board picture at a ply and its
 * record (docs/games-for-more-than-two-service.md#pictures-records-and-the-archive). Visibility as
 * everywhere (getMultiGameView): public and unlisted to anyone with the link, private to its seated
 * players only; to anyone else such a game does not exist.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { gameSeats, games, moves, users, type Game as GameRow } from "@/lib/db/schema";
import { MultiGame, makeMultiRecord, multiGameInfo, type MultiCell } from "@/lib/rules";
import { GameError } from "./errors";
import { getMultiGameView, type MultiGameView } from "./multi";

export interface MultiPosition {
  game: GameRow;
  /** The ply shown (0 = the start) and whether the caller named it (that picture never changes). */
  ply: number;
  fixed: boolean;
  cells: MultiCell[];
  /** The seats' armies in turn order, with their players' names (null for an empty seat). */
  seats: { army: string; userId: string | null; name: string | null }[];
}

export type MultiPositionLookup = { ok: true; position: MultiPosition } | { ok: false; reason: "no-game" | "no-ply" | "two" };

/**
 * The position after `ply` moves as that move left it (default, and for the last ply: the current
 * one, with any army gone out since that move) of a game for more than two this viewer may see. One read for the game, one for its seats,
 * one for the move: the service stores the N-FEN after every move, so nothing is replayed.
 */
export async function multiPositionAt(db: Executor, gameId: string, viewerId: string | null, ply?: number): Promise<MultiPositionLookup> {
  if (!/^[A-Za-z0-9-]{1,64}$/.test(gameId)) return { ok: false, reason: "no-game" };
  const [g] = await db.select().from(games).where(eq(games.id, gameId));
  if (!g) return { ok: false, reason: "no-game" };
  if (g.seatCount === null) return { ok: false, reason: "two" };
  const seats = await db.select({ army: gameSeats.army, userId: gameSeats.userId, name: users.name }).from(gameSeats)
    .leftJoin(users, eq(users.id, gameSeats.userId)).where(eq(gameSeats.gameId, g.id)).orderBy(asc(gameSeats.seat));
  if (g.visibility === "private" && !(viewerId !== null && seats.some((s) => s.userId === viewerId))) return { ok: false, reason: "no-game" };
  if (ply !== undefined && ply > g.ply) return { ok: false, reason: "no-ply" };
  let fen = g.currentFen;
  if (ply !== undefined && ply < g.ply) {
    if (ply === 0) fen = g.startFen;
    else {
      const [m] = await db.select({ fen: moves.fenAfter }).from(moves).where(and(eq(moves.gameId, g.id), eq(moves.ply, ply)));
      if (!m?.fen) return { ok: false, reason: "no-ply" };
      fen = m.fen;
    }
  }
  // The last ply of a game still on is not fixed: an army may yet resign after it (currentFen has them out).
  const fixed = ply !== undefined && (ply < g.ply || g.status === "finished" || g.status === "cancelled");
  return { ok: true, position: { game: g, ply: ply ?? g.ply, fixed, cells: MultiGame.start(g.variant, fen).board(), seats } };
}

export type MultiRecordExport =
  | { ok: true; text: string; filename: string; game: GameRow }
  | { ok: false; reason: "no-game" | "two" };

const pad = (n: number) => String(n).padStart(2, "0");
const recordDate = (d: Date) => `${d.getUTCFullYear()}.${pad(d.getUTCMonth() + 1)}.${pad(d.getUTCDate())}`;

/** The record of a game for more than two (lib/rules/multi/record.ts), for a viewer who may see it. */
export async function exportMultiRecord(db: Executor, gameId: string, viewerId: string | null, siteUrl: string): Promise<MultiRecordExport> {
  let view: MultiGameView | "two";
  try {
    view = await getMultiGameView(db, gameId, viewerId);
  } catch (e) {
    if (e instanceof GameError && e.code === "not-found") return { ok: false, reason: "no-game" };
    throw e;
  }
  if (view === "two") return { ok: false, reason: "two" };
  const g = view.game;
  const over = g.status === "finished";
  const text = makeMultiRecord({
    variant: g.variant,
    startFen: g.startFen,
    moves: view.moves,
    eliminations: view.eliminations,
    tags: {
      Event: "Courier Variants correspondence game",
      Site: `${siteUrl}/games/${g.id}`,
      Date: recordDate(g.createdAt),
      TimeControl: `1/${g.daysPerMove * 86_400}`,
    },
    players: Object.fromEntries(view.seats.map((s) => [s.army, s.name])),
    end: over ? { places: Object.fromEntries(view.seats.map((s) => [s.army, { place: s.place, score: s.score }])), ending: g.ending ?? g.endReason ?? "over" } : null,
  });
  return { ok: true, text, filename: `${g.variant}-${multiGameInfo(g.variant).armies.length}-players-${g.id.slice(0, 8)}.txt`, game: g };
}
