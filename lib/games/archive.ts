/**
 * The archive: listed games with filters, in one of two orders, a page at a time.
 *
 * Listed means public and not a cancelled challenge; unlisted and private games are
 * never listed, except on a player's own page for that player. Pages are found by
 * keyset (the sort column and the id of the last row shown), never by OFFSET, so
 * page 500 costs what page 1 costs. The partial indexes games_archive_* in
 * lib/db/schema.ts serve these reads; the player filter uses the white/black
 * indexes (bitmap OR), then sorts that player's games. Games for more than two are
 * listed too, their players found by their seats (game_seats), which a page reads
 * in one query.
 */
import { aliasedTable, and, asc, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { gameSeats, games, users, type Game as GameRow } from "@/lib/db/schema";
import { multiGameInfo } from "@/lib/rules";
import { declarePresetVariants, versionsOfPreset } from "./presets";
import { PAGE_SIZE, type ArchiveFilters, type ArchiveQuery, type Cursor } from "./archive-params";

const white = aliasedTable(users, "white");
const black = aliasedTable(users, "black");

/** The two sort columns. Must read exactly as in the index definitions. */
const SORT_COLUMN = {
  last: sql`coalesce(${games.lastMoveAt}, ${games.createdAt})`,
  started: sql`${games.createdAt}`,
} as const;

export interface ArchiveEntry {
  id: string;
  variant: string;
  status: GameRow["status"];
  /** Ongoing, with the players still choosing their setups (lib/games/setups.ts). */
  choosingSetups: boolean;
  result: GameRow["result"];
  endReason: string | null;
  ply: number;
  visibility: GameRow["visibility"];
  whiteName: string | null;
  blackName: string | null;
  /** Registered players' names link to their pages; an imported record's names are just text. */
  whiteRegistered: boolean;
  blackRegistered: boolean;
  imported: boolean;
  createdAt: Date;
  lastMoveAt: Date | null;
  /** A game for more than two: its seats in turn order (the white and black names are null), and its ending in words once over. */
  seats: ArchiveSeat[] | null;
  ending: string | null;
}

/** A seat of a game for more than two as the archive lists it. */
export interface ArchiveSeat {
  army: string;
  armyName: string;
  player: string | null;
  /** Once over: the army's place (1 = first, shared on a tie) and whether it won. */
  place: number | null;
  winner: boolean;
}

export interface ArchivePage {
  entries: ArchiveEntry[];
  /** The next page (further in the chosen order), or null at the end. */
  next: Cursor | null;
  /** The previous page, or null on the first. */
  prev: Cursor | null;
  /** Why an empty search found nothing, when a name in it names nobody ("no player is called …"). */
  notes: string[];
}

export interface ArchiveScope {
  viewerId: string | null;
  /**
   * A player page: only this registered player's games (not imported records that
   * merely carry their name). On their own page a player also sees their unlisted
   * and private games.
   */
  playerId?: string;
}

/** A name to look for: a registered player's id when the name is theirs, and the name itself for imported records. */
interface PlayerRef {
  id: string | null;
  name: string | null;
}

const NOBODY: PlayerRef = { id: null, name: null };

async function resolveNames(db: Executor, names: string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(names.map((n) => n.toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: users.name }).from(users)
    .where(inArray(sql`lower(${users.name})`, wanted));
  return new Map(rows.map((r) => [r.name!.toLowerCase(), r.id]));
}

function plays(ref: PlayerRef, colour: "white" | "black"): SQL {
  const idCol = colour === "white" ? games.whiteId : games.blackId;
  const nameCol = colour === "white" ? games.whiteName : games.blackName;
  const parts: SQL[] = [];
  if (ref.id) parts.push(eq(idCol, ref.id));
  if (ref.name) parts.push(sql`lower(${nameCol}) = ${ref.name.toLowerCase()}`);
  // Nobody by that name: nothing matches.
  return parts.length === 0 ? sql`false` : parts.length === 1 ? parts[0] : or(...parts)!;
}

/**
 * A registered player holds a seat of a game for more than two (`winner`: a winning one, or a placed
 * losing one). Their seats are few and read once by game_seats_user_id_idx (a hashed subplan), not per game.
 */
function seated(ref: PlayerRef, winner?: boolean): SQL {
  if (!ref.id) return sql`false`;
  const won = winner === undefined ? sql`` : winner ? sql` and ${gameSeats.winner}` : sql` and not ${gameSeats.winner} and ${gameSeats.place} is not null`;
  return sql`${games.id} in (select ${gameSeats.gameId} from ${gameSeats} where ${gameSeats.userId} = ${ref.id}${won})`;
}

const RESULT_OF = { white: "1-0", black: "0-1", draw: "1/2-1/2" } as const;
const STATUS_OF = { open: "open", ongoing: "active", finished: "finished" } as const;

const startOfDay = (d: string) => new Date(`${d}T00:00:00.000Z`);
const endOfDay = (d: string) => new Date(startOfDay(d).getTime() + 24 * 60 * 60 * 1000);

/** The WHERE clause of a search, without the page position, and the names in it that name nobody. */
async function conditions(db: Executor, f: ArchiveFilters, scope: ArchiveScope): Promise<{ where: SQL[]; notes: string[] }> {
  // Games for more than two are listed with their seats (docs/games-for-more-than-two-service.md#pictures-records-and-the-archive).
  const where: SQL[] = [sql`${games.status} <> 'cancelled'`];
  const notes: string[] = [];
  const ownPage = scope.playerId !== undefined && scope.viewerId === scope.playerId;
  if (!ownPage) where.push(sql`${games.visibility} = 'public'`);

  let player: PlayerRef = NOBODY;
  let opponent: PlayerRef | null = null;
  // An imported record's names are searched too: a name no player has, and no record carries, names nobody.
  const nobody = async (n: string) => {
    const [onRecord] = await db.select({ id: games.id }).from(games)
      .where(or(sql`lower(${games.whiteName}) = lower(${n})`, sql`lower(${games.blackName}) = lower(${n})`)).limit(1);
    if (!onRecord) notes.push(`no player is called "${n}"`);
  };
  if (scope.playerId !== undefined) {
    player = { id: scope.playerId, name: null };
    if (f.opponent) {
      const ids = await resolveNames(db, [f.opponent]);
      opponent = { id: ids.get(f.opponent.toLowerCase()) ?? null, name: null };
      if (opponent.id === null) await nobody(f.opponent);
    }
  } else if (f.player) {
    const ids = await resolveNames(db, [f.player, ...(f.opponent ? [f.opponent] : [])]);
    player = { id: ids.get(f.player.toLowerCase()) ?? null, name: f.player };
    if (player.id === null) await nobody(f.player);
    if (f.opponent) {
      opponent = { id: ids.get(f.opponent.toLowerCase()) ?? null, name: f.opponent };
      if (opponent.id === null) await nobody(f.opponent);
    }
  }
  const playerSet = scope.playerId !== undefined || !!f.player;
  if (playerSet) {
    if (opponent) {
      where.push(or(
        and(plays(player, "white"), plays(opponent, "black")),
        and(plays(opponent, "white"), plays(player, "black")),
        and(seated(player), seated(opponent)),
      )!);
    } else {
      where.push(or(plays(player, "white"), plays(player, "black"), seated(player))!);
    }
  }

  if (f.variant) where.push(eq(games.variant, f.variant));
  if (f.preset) {
    // Every version's games: the versions are few, and `variant in (…)` reads the per-game indexes.
    const versions = await versionsOfPreset(db, f.preset);
    where.push(versions.length > 0 ? inArray(games.variant, versions) : sql`false`);
    if (versions.length === 0) notes.push(`no preset is called "${f.preset}"`);
  }
  if (f.status) where.push(eq(games.status, STATUS_OF[f.status]));
  if (f.result === "won" || f.result === "lost") {
    const whiteWins = f.result === "won" ? "1-0" : "0-1";
    const blackWins = f.result === "won" ? "0-1" : "1-0";
    where.push(or(
      and(eq(games.result, whiteWins), plays(player, "white")),
      and(eq(games.result, blackWins), plays(player, "black")),
      seated(player, f.result === "won"),
    )!);
  } else if (f.result) {
    where.push(eq(games.result, RESULT_OF[f.result]));
  }
  if (f.ended) where.push(eq(games.endReason, f.ended));
  const key = SORT_COLUMN[f.sort];
  if (f.from) where.push(sql`${key} >= ${startOfDay(f.from).toISOString()}::timestamptz`);
  if (f.to) where.push(sql`${key} < ${endOfDay(f.to).toISOString()}::timestamptz`);
  // Full moves → plies: move m is plies 2m-1 and 2m.
  if (f.minMoves !== undefined && f.minMoves > 0) where.push(sql`${games.ply} >= ${2 * f.minMoves - 1}`);
  if (f.maxMoves !== undefined) where.push(sql`${games.ply} <= ${2 * f.maxMoves}`);
  return { where, notes };
}

type Row = {
  game: Pick<GameRow, "id" | "variant" | "status" | "choosingSetups" | "result" | "endReason" | "ply" | "visibility" | "createdAt" | "lastMoveAt" | "importedBy" | "whiteName" | "blackName" | "seatCount" | "ending">;
  whiteUser: string | null;
  blackUser: string | null;
  at: string;
};

async function fetchRows(db: Executor, where: SQL[], f: ArchiveFilters, position: { cursor?: Cursor; forward: boolean }, limit: number): Promise<Row[]> {
  const key = SORT_COLUMN[f.sort];
  // The list's own direction, and the scan's: a "before" page reads backwards from its cursor.
  const newestFirst = f.order === "newest";
  const scanDesc = position.forward ? newestFirst : !newestFirst;
  const conds = [...where];
  if (position.cursor) {
    const c = position.cursor;
    conds.push(scanDesc
      ? sql`(${key}, ${games.id}) < (${c.at}::timestamptz, ${c.id})`
      : sql`(${key}, ${games.id}) > (${c.at}::timestamptz, ${c.id})`);
  }
  const dir = scanDesc ? desc : asc;
  return db
    .select({
      game: {
        id: games.id, variant: games.variant, status: games.status, choosingSetups: games.choosingSetups, result: games.result,
        endReason: games.endReason, ply: games.ply, visibility: games.visibility, createdAt: games.createdAt, lastMoveAt: games.lastMoveAt,
        importedBy: games.importedBy, whiteName: games.whiteName, blackName: games.blackName, seatCount: games.seatCount, ending: games.ending,
      },
      whiteUser: white.name,
      blackUser: black.name,
      // Exact to the microsecond, for the cursor.
      at: sql<string>`to_char(${key} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(games)
    .leftJoin(white, eq(white.id, games.whiteId))
    .leftJoin(black, eq(black.id, games.blackId))
    .where(and(...conds))
    .orderBy(dir(key), dir(games.id))
    .limit(limit);
}

/** The seats of the page's games for more than two, in one read. */
async function seatsOf(db: Executor, rows: Row[]): Promise<Map<string, ArchiveSeat[]>> {
  const multi = rows.filter((r) => r.game.seatCount !== null);
  const out = new Map<string, ArchiveSeat[]>();
  if (multi.length === 0) return out;
  const seats = await db.select({ gameId: gameSeats.gameId, army: gameSeats.army, player: users.name, place: gameSeats.place, winner: gameSeats.winner })
    .from(gameSeats).leftJoin(users, eq(users.id, gameSeats.userId))
    .where(inArray(gameSeats.gameId, multi.map((r) => r.game.id))).orderBy(asc(gameSeats.gameId), asc(gameSeats.seat));
  const variant = new Map(multi.map((r) => [r.game.id, r.game.variant]));
  for (const s of seats) {
    const armyName = multiGameInfo(variant.get(s.gameId)!).armies.find((a) => a.letter === s.army)?.name ?? s.army;
    out.set(s.gameId, [...(out.get(s.gameId) ?? []), { army: s.army, armyName, player: s.player, place: s.place, winner: s.winner }]);
  }
  return out;
}

/** The page's entries: the rows, with the seats of its games for more than two. */
async function entriesOf(db: Executor, rows: Row[]): Promise<ArchiveEntry[]> {
  await declarePresetVariants(db, rows.map((r) => r.game.variant));
  const seats = await seatsOf(db, rows);
  return rows.map((r) => toEntry(r, seats.get(r.game.id) ?? null));
}

function toEntry(r: Row, seats: ArchiveSeat[] | null): ArchiveEntry {
  const g = r.game;
  return {
    id: g.id, variant: g.variant, status: g.status, choosingSetups: g.status === "active" && g.choosingSetups, result: g.result,
    endReason: g.endReason, ply: g.ply, visibility: g.visibility, createdAt: g.createdAt, lastMoveAt: g.lastMoveAt,
    whiteName: r.whiteUser ?? g.whiteName, blackName: r.blackUser ?? g.blackName,
    whiteRegistered: r.whiteUser !== null, blackRegistered: r.blackUser !== null,
    imported: g.importedBy !== null,
    seats: g.seatCount === null ? null : seats ?? [],
    ending: g.ending,
  };
}

const cursorOf = (r: Row): Cursor => ({ at: r.at, id: r.game.id });

/** One page of the archive (or of a player's games) for a parsed query. */
export async function listArchive(
  db: Executor,
  query: Pick<ArchiveQuery, "filters" | "after" | "before">,
  scope: ArchiveScope = { viewerId: null },
  pageSize = PAGE_SIZE,
): Promise<ArchivePage> {
  const f = query.filters;
  const { where, notes } = await conditions(db, f, scope);
  if (query.before) {
    const rows = await fetchRows(db, where, f, { cursor: query.before, forward: false }, pageSize + 1);
    // Fewer than a page before the cursor: that is the start, shown as the first page.
    if (rows.length > pageSize) {
      const kept = rows.slice(0, pageSize).reverse();
      return { entries: await entriesOf(db, kept), prev: cursorOf(kept[0]), next: cursorOf(kept[kept.length - 1]), notes: [] };
    }
    return listArchive(db, { filters: f }, scope, pageSize);
  }
  const rows = await fetchRows(db, where, f, { cursor: query.after, forward: true }, pageSize + 1);
  const kept = rows.slice(0, pageSize);
  return {
    entries: await entriesOf(db, kept),
    next: rows.length > pageSize ? cursorOf(kept[kept.length - 1]) : null,
    prev: query.after && kept.length > 0 ? cursorOf(kept[0]) : null,
    notes: kept.length === 0 ? notes : [],
  };
}

/** The SQL of the first page of a search, for EXPLAIN in the benchmark. */
export async function archiveSql(
  db: Executor,
  query: Pick<ArchiveQuery, "filters" | "after">,
  scope: ArchiveScope = { viewerId: null },
): Promise<{ sql: string; params: unknown[] }> {
  const { where } = await conditions(db, query.filters, scope);
  const key = SORT_COLUMN[query.filters.sort];
  const scanDesc = query.filters.order === "newest";
  const conds = [...where];
  if (query.after) {
    const c = query.after;
    conds.push(scanDesc
      ? sql`(${key}, ${games.id}) < (${c.at}::timestamptz, ${c.id})`
      : sql`(${key}, ${games.id}) > (${c.at}::timestamptz, ${c.id})`);
  }
  const dir = scanDesc ? desc : asc;
  const q = db.select({ id: games.id, whiteUser: white.name, blackUser: black.name })
    .from(games)
    .leftJoin(white, eq(white.id, games.whiteId))
    .leftJoin(black, eq(black.id, games.blackId))
    .where(and(...conds)).orderBy(dir(key), dir(games.id)).limit(PAGE_SIZE + 1);
  const { sql: text, params } = q.toSQL();
  return { sql: text, params };
}

// ---------------------------------------------------------------- one game, as a viewer may see it

export interface VisibleGame {
  game: GameRow;
  whiteName: string | null;
  blackName: string | null;
}

/**
 * May this viewer see this game of two? Public and unlisted: anyone with the link; private: its players
 * (and its importer). A game for more than two is none of the surfaces' that ask this (they draw two players):
 * its pictures, record and preview are lib/games/multi-views.ts's, behind lib/games/multi.ts's own gate.
 */
export function mayView(g: Pick<GameRow, "visibility" | "whiteId" | "blackId" | "importedBy" | "seatCount">, viewerId: string | null): boolean {
  if (g.seatCount !== null) return false;
  if (g.visibility !== "private") return true;
  return viewerId !== null && (g.whiteId === viewerId || g.blackId === viewerId || g.importedBy === viewerId);
}

/**
 * The game for the picture, record and preview endpoints, or null when it does not
 * exist for this viewer (a private game looks exactly like a missing one).
 */
export async function visibleGame(db: Executor, gameId: string, viewerId: string | null): Promise<VisibleGame | null> {
  if (!/^[A-Za-z0-9-]{1,64}$/.test(gameId)) return null;
  const [row] = await db
    .select({ game: games, whiteUser: white.name, blackUser: black.name })
    .from(games)
    .leftJoin(white, eq(white.id, games.whiteId))
    .leftJoin(black, eq(black.id, games.blackId))
    .where(eq(games.id, gameId));
  if (!row || !mayView(row.game, viewerId)) return null;
  await declarePresetVariants(db, [row.game.variant]);
  return { game: row.game, whiteName: row.whiteUser ?? row.game.whiteName, blackName: row.blackUser ?? row.game.blackName };
}
