/** What the pages read: a game with its players and moves, a player's games, the lobby. */
import { aliasedTable, and, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { preparedQuery } from "@/lib/db/prepared";
import { games, gameSeats, invitations, users, type Game as GameRow } from "@/lib/db/schema";
import { chatColumn, chatView, type ChatView } from "./chat";
import { GameError } from "./errors";
import { gameAsSeenBy, hiddenNow, type Side } from "./fog";
import { declarePresetVariants, refuseUnreadable } from "./presets";
import { sideToAct } from "./setups";

const white = aliasedTable(users, "white");
const black = aliasedTable(users, "black");

export interface GameView {
  game: GameRow;
  whiteName: string | null;
  blackName: string | null;
  /** The level of a side played by a bot (lib/games/bots.ts), null for a person. */
  bots: { white: number | null; black: number | null };
  moves: { ply: number; text: string; fenAfter: string }[];
  /**
   * A game in fog (lib/games/fog.ts): the FENs above are the viewer's views and the
   * opponent's moves read "…"; `side` is the viewer's (null: they see nothing).
   */
  fog: { side: Side | null } | null;
  /** The pending invitation of an open game, for accept/withdraw buttons. */
  invitation: { id: string; kind: string; fromId: string; toUserId: string | null; toName: string | null; token: string } | null;
  /** The players' chat as this viewer sees it: null for anyone but the game's two players (lib/games/chat.ts). */
  chat: ChatView | null;
  /** The viewer's own notes on the game (docs/chat.md#notes), null when they have none; the page shows them to its players only. */
  note: string | null;
  /**
   * The rules state stored with the game (lib/rules makeRulesState), from which the page resumes
   * the game instead of replaying its moves; null when the row has none (a game stored before
   * states were kept) and always while the game hides its position: it holds the real one.
   */
  rulesState: string | null;
}

/**
 * The game with all its page shows, in one statement built once per shape (lib/db/prepared.ts):
 * for a signed-in viewer (with their chat and notes) and for nobody.
 */
const gameViewReads = [false, true].map((signedIn) => preparedQuery((ex) => {
  const viewerId = signedIn ? sql.placeholder("viewerId") : null;
  return ex
    // An imported game's players are the names on its record.
    .select({
      game: games, whiteName: sql<string | null>`coalesce(${white.name}, ${games.whiteName})`, blackName: sql<string | null>`coalesce(${black.name}, ${games.blackName})`,
      whiteBot: white.botLevel, blackBot: black.botLevel,
      moves: sql<string>`(
        select coalesce(json_agg(json_build_array(m.ply, m.text, m.fen_after) order by m.ply), '[]')::text
        from moves m where m.game_id = ${games.id}
      )`,
      invitation: sql<string | null>`(
        select json_build_object('id', i.id, 'kind', i.kind, 'fromId', i.from_id, 'toUserId', i.to_user_id, 'toName', u.name, 'token', i.token)::text
        from invitations i left join users u on u.id = i.to_user_id
        where i.game_id = ${games.id} and i.status = 'pending' limit 1
      )`,
      chat: chatColumn(viewerId),
      note: viewerId === null ? sql<null>`null` : sql<string | null>`(select n.text from game_notes n where n.game_id = ${games.id} and n.user_id = ${viewerId})`,
    })
    .from(games)
    .leftJoin(white, eq(white.id, games.whiteId))
    .leftJoin(black, eq(black.id, games.blackId))
    .where(eq(games.id, sql.placeholder("gameId")))
    .prepare(signedIn ? "game_view_signed_in" : "game_view");
}));

/**
 * A game as a viewer may see it: public and unlisted games to anyone with the link,
 * private games to their players only (others get "not found", never a hint); a game
 * in fog as the viewer sees it (lib/games/fog.ts). A game for more than two is not
 * found here (lib/games/multi.ts getMultiGameView reads those).
 *
 * One statement: the game and its players, with its moves, pending invitation, the
 * viewer's chat and notes as JSON columns (the page and its poll are the hottest reads).
 */
export async function getGameView(db: Executor, gameId: string, viewerId: string | null): Promise<GameView> {
  // U+0000 cannot be in a PostgreSQL text value: no game has it, and the query would fail.
  if (gameId.length > 64 || gameId.includes("\u0000")) throw new GameError("not-found", "no such game");
  const [row] = await gameViewReads[Number(viewerId !== null)](db, { gameId, viewerId });
  if (!row || row.game.seatCount !== null) throw new GameError("not-found", "no such game");
  await declarePresetVariants(db, [row.game.variant]);
  if (!visibleTo(row.game, viewerId)) throw new GameError("not-found", "no such game");
  refuseUnreadable(row.game.variant);
  const list = (JSON.parse(row.moves) as [number, string, string][]).map(([ply, text, fenAfter]) => ({ ply, text, fenAfter }));
  // The gate: from here on, the game is what this viewer may know of it.
  const seen = gameAsSeenBy(row.game, list, viewerId);
  return {
    game: seen.game, whiteName: row.whiteName, blackName: row.blackName, bots: { white: row.whiteBot, black: row.blackBot },
    moves: seen.moves, invitation: row.invitation === null ? null : (JSON.parse(row.invitation) as GameView["invitation"]),
    fog: seen.hidden ? { side: seen.side } : null,
    chat: chatView(row.chat, row.game),
    note: row.note,
    rulesState: seen.game.rulesState,
  };
}

export interface GameSummary {
  id: string;
  variant: string;
  status: GameRow["status"];
  result: GameRow["result"];
  endReason: string | null;
  ply: number;
  deadline: Date | null;
  daysPerMove: number;
  whiteName: string | null;
  blackName: string | null;
  /** The viewer's colour, when the viewer plays in it. */
  colour: "white" | "black" | null;
  /** The game waits for a player to choose a setup (lib/games/setups.ts), not yet for a move. */
  choosingSetups: boolean;
  yourTurn: boolean;
  updatedAt: Date;
}

function summarise(r: { game: GameRow; whiteName: string | null; blackName: string | null }, viewerId: string | null): GameSummary {
  const g = r.game;
  const colour = viewerId === g.whiteId ? "white" : viewerId === g.blackId ? "black" : null;
  const toAct = sideToAct(g);
  return {
    id: g.id, variant: g.variant, status: g.status, result: g.result, endReason: g.endReason, ply: g.ply,
    deadline: g.deadline, daysPerMove: g.daysPerMove, whiteName: r.whiteName, blackName: r.blackName, colour,
    choosingSetups: g.status === "active" && g.choosingSetups, yourTurn: g.status === "active" && colour === toAct, updatedAt: g.updatedAt,
  };
}

/** The home page: the player's own games, the ones waiting for their move first, nearest deadline first. */
export async function gamesOfPlayer(
  db: Executor, playerId: string, viewerId: string | null, options: { limit?: number } = {},
): Promise<GameSummary[]> {
  const own = viewerId === playerId;
  const rows = await db
    .select({ game: games, whiteName: white.name, blackName: black.name })
    .from(games)
    .leftJoin(white, eq(white.id, games.whiteId))
    .leftJoin(black, eq(black.id, games.blackId))
    .where(and(
      or(eq(games.whiteId, playerId), eq(games.blackId, playerId)),
      // Others see a player's public games; the player sees all of their own.
      own ? undefined : eq(games.visibility, "public"),
      own ? undefined : inArray(games.status, ["active", "finished"]),
    ))
    .orderBy(desc(games.updatedAt))
    .limit(options.limit ?? 200);
  await declarePresetVariants(db, rows.map((r) => r.game.variant));
  const list = rows.map((r) => summarise(r, viewerId));
  const rank = (s: GameSummary) => (s.yourTurn ? 0 : s.status === "active" ? 1 : s.status === "open" ? 2 : 3);
  return list.sort((a, b) =>
    rank(a) - rank(b) ||
    (a.deadline && b.deadline ? a.deadline.getTime() - b.deadline.getTime() : 0) ||
    b.updatedAt.getTime() - a.updatedAt.getTime());
}

export interface OpenChallenge {
  invitationId: string;
  gameId: string;
  variant: string;
  daysPerMove: number;
  fromName: string | null;
  fromId: string;
  /** The colour the challenger plays. */
  challengerColour: "white" | "black";
  createdAt: Date;
}

const challengeColumns = {
  invitationId: invitations.id, gameId: games.id, variant: games.variant, daysPerMove: games.daysPerMove,
  fromName: users.name, fromId: invitations.fromId, whiteId: games.whiteId, createdAt: invitations.createdAt,
};

function toChallenge(r: { invitationId: string; gameId: string; variant: string; daysPerMove: number; fromName: string | null; fromId: string; whiteId: string | null; createdAt: Date }): OpenChallenge {
  const { whiteId, ...rest } = r;
  return { ...rest, challengerColour: whiteId === r.fromId ? "white" : "black" };
}

/**
 * The lobby: open invitations to public games, newest first. An unlisted or
 * private open challenge is reached by its link alone.
 */
export async function openChallenges(db: Executor, limit = 100): Promise<OpenChallenge[]> {
  const rows = await db.select(challengeColumns).from(invitations)
    .innerJoin(games, eq(games.id, invitations.gameId))
    .innerJoin(users, eq(users.id, invitations.fromId))
    .where(and(
      eq(invitations.kind, "open"), eq(invitations.status, "pending"), eq(games.status, "open"), eq(games.visibility, "public"),
      // Games for more than two are listed by their seats (lib/games/multi.ts openSeats).
      isNull(games.seatCount),
    ))
    .orderBy(desc(invitations.createdAt)).limit(limit);
  await declarePresetVariants(db, rows.map((r) => r.variant));
  return rows.map(toChallenge);
}

/** Challenges addressed to this player by name or by their email address. */
export async function challengesFor(db: Executor, userId: string, email: string | null): Promise<OpenChallenge[]> {
  const rows = await db.select(challengeColumns).from(invitations)
    .innerJoin(games, eq(games.id, invitations.gameId))
    .innerJoin(users, eq(users.id, invitations.fromId))
    .where(and(
      eq(invitations.status, "pending"), isNull(games.seatCount),
      or(eq(invitations.toUserId, userId), email ? sql`lower(${invitations.toEmail}) = lower(${email})` : undefined),
    ))
    .orderBy(desc(invitations.createdAt));
  await declarePresetVariants(db, rows.map((r) => r.variant));
  return rows.map(toChallenge);
}

export async function invitationByToken(db: Executor, token: string) {
  if (!/^[0-9a-f]{32}$/.test(token)) throw new GameError("not-found", "no such invitation");
  const [row] = await db.select({ ...challengeColumns, status: invitations.status, kind: invitations.kind, token: invitations.token, toEmail: invitations.toEmail })
    .from(invitations)
    .innerJoin(games, eq(games.id, invitations.gameId))
    .innerJoin(users, eq(users.id, invitations.fromId))
    .where(eq(invitations.token, token));
  if (!row) throw new GameError("not-found", "no such invitation");
  await declarePresetVariants(db, [row.variant]);
  const { status, kind, token: t, toEmail, ...rest } = row;
  // The address an email invitation went to: only for the sign-in form of the one holding its secret link.
  return { ...toChallenge(rest), status, kind, token: t, toEmail };
}

export async function playerByName(db: Executor, name: string) {
  if (name.length > 40 || name.includes("\u0000")) return null;
  const [u] = await db.select({ id: users.id, name: users.name, createdAt: users.createdAt, botLevel: users.botLevel }).from(users)
    .where(sql`lower(${users.name}) = lower(${name})`);
  return u ?? null;
}

/** Whether a viewer may see a game at all: a private one only its players (the importer of a record counts as one). */
function visibleTo(g: Pick<GameRow, "visibility" | "whiteId" | "blackId" | "importedBy">, viewerId: string | null): boolean {
  if (g.visibility !== "private") return true;
  return viewerId !== null && (g.whiteId === viewerId || g.blackId === viewerId || g.importedBy === viewerId);
}

/** What gameVersion reads of a game, built once (lib/db/prepared.ts): every open page's poll asks. */
const versionReads = preparedQuery((ex) => ex.select({
  updatedAt: games.updatedAt, visibility: games.visibility, chatVersion: games.chatVersion, whiteId: games.whiteId, blackId: games.blackId,
  importedBy: games.importedBy, seatCount: games.seatCount, variant: games.variant,
}).from(games).where(eq(games.id, sql.placeholder("gameId"))).prepare("game_version"));

/**
 * What the game page's poll needs first: the game's version (its last update, in
 * ms), whether anyone may see it, and for its players the chat's version and who
 * they are. One indexed read, no moves: most polls of a correspondence game find nothing new.
 */
export async function gameVersion(db: Executor, gameId: string): Promise<{
  version: number; private: boolean; chatVersion: number; multi: boolean; players: (string | null)[]; visibleTo(viewerId: string | null): boolean;
  /** Whether its moves may be shown while it is on: a game of two that hides nothing (its moves may travel on its event stream). */
  movesShown: boolean;
} | null> {
  if (gameId.length > 64 || gameId.includes("\u0000")) return null;
  const [row] = await versionReads(db, { gameId });
  if (!row) return null;
  const multi = row.seatCount !== null;
  // A game for more than two: its players are its seats' (a second small read, for these games only).
  const players = multi
    ? (await db.select({ userId: gameSeats.userId }).from(gameSeats).where(eq(gameSeats.gameId, gameId))).map((s) => s.userId)
    : [row.whiteId, row.blackId];
  return {
    version: row.updatedAt.getTime(), private: row.visibility === "private", chatVersion: row.chatVersion, multi, players,
    movesShown: !multi && !hiddenNow({ variant: row.variant, status: "active" }),
    visibleTo: (viewerId) => row.visibility !== "private" || (viewerId !== null && (players.includes(viewerId) || row.importedBy === viewerId)),
  };
}
