/**
 * Notes and chat (docs/chat.md): a player's private notes on a game, and the chat between a
 * game's two players — on by default, off for both when either turns it off in Settings,
 * bounded, rate-limited, reportable, and mutable (one player no longer reads the other's
 * messages). Only the game's players ever see its chat; spectators, strangers and every
 * other surface see none of it, and notes are shown to their author only.
 */
import { and, eq, gt, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db, Executor } from "@/lib/db/client";
import { chatMessages, chatMutes, chatReports, gameNotes, games, moves, users, type Game as GameRow, type User } from "@/lib/db/schema";
import { GameError } from "./errors";
import { chatInput, muteInput, noteInput, reportInput } from "./inputs";
import { colourOf, lockGame, parse, userById } from "./service";

/** The most messages a page shows: the latest ones. */
export const CHAT_SHOWN = 100;
/** The rate limit: a player's messages, in all games together (docs/chat.md#limits). */
export const CHAT_PER_MINUTE = 10;
export const CHAT_PER_DAY = 300;
/** How much of a message the "your turn" email quotes. */
export const CHAT_QUOTE_MAX = 200;

export interface ChatLine {
  id: string;
  /** Written by the viewer (else by the opponent). */
  mine: boolean;
  text: string;
  /** ISO time. */
  at: string;
  /** The viewer has reported it to the moderators. */
  reported: boolean;
}

/** The chat as one of the game's players sees it; nobody else sees any (null). */
export interface ChatView {
  /** Whose setting keeps the chat closed: "you", "opponent", or null while it is open. */
  off: "you" | "opponent" | null;
  /** The viewer has muted the opponent: their messages are not shown. */
  muted: boolean;
  /** Messages may be written now (an active game, chat on for both). */
  open: boolean;
  messages: ChatLine[];
  /** Grows with every message (games.chat_version): the players' poll names it beside the game's version. */
  version: number;
}

type Players = Pick<GameRow, "id" | "whiteId" | "blackId" | "status" | "chatVersion">;

/** The opponent when `viewerId` plays the game against a person; null otherwise (spectators, bots, imports, an empty seat). */
async function personOpposite(db: Executor, g: Players, viewerId: string | null): Promise<User | null> {
  if (viewerId === null || !g.whiteId || !g.blackId) return null;
  const otherId = g.whiteId === viewerId ? g.blackId : g.blackId === viewerId ? g.whiteId : null;
  if (otherId === null) return null;
  const [other] = await db.select().from(users).where(eq(users.id, otherId));
  // Bots read no chat (docs/chat.md#who-sees-the-chat).
  return other && other.botLevel === null ? other : null;
}

async function hasMuted(db: Executor, muterId: string, mutedId: string): Promise<boolean> {
  const [row] = await db.select({ id: chatMutes.muterId }).from(chatMutes)
    .where(and(eq(chatMutes.muterId, muterId), eq(chatMutes.mutedId, mutedId)));
  return row !== undefined;
}

/**
 * The chat of a game as `viewerId` sees it, as a column of the game page's one query
 * (lib/games/queries.ts getGameView): JSON text, null for anyone but its two (human) players.
 * Read it with `chatView`. The opponent's messages are left out when the viewer muted them,
 * and every message while either player has chat off.
 */
export function chatColumn(viewerId: string | SQLWrapper | null): SQL<string | null> {
  if (viewerId === null) return sql<null>`null`;
  const opponent = sql`case ${viewerId} when ${games.whiteId} then ${games.blackId} when ${games.blackId} then ${games.whiteId} end`;
  return sql<string | null>`(
    select json_build_object(
      'meOn', me.chat_enabled, 'otherOn', o.chat_enabled, 'muted', mute.muter_id is not null,
      'messages', case when me.chat_enabled and o.chat_enabled then (
        select coalesce(json_agg(json_build_array(c.id, c.author_id = me.id, c.text, c.created_at, r.message_id is not null) order by c.created_at, c.id), '[]')
        from (
          select * from chat_messages c where c.game_id = ${games.id} and (c.author_id = me.id or (c.author_id = o.id and mute.muter_id is null))
          order by c.created_at desc, c.id desc limit ${CHAT_SHOWN}
        ) c
        -- At most one report per message and reporter (chat_reports_message_reporter_key).
        left join chat_reports r on r.message_id = c.id and r.reporter_id = me.id
      ) else '[]' end
    )::text
    from users me
    -- Bots read no chat (docs/chat.md#who-sees-the-chat); a spectator has no opponent here.
    join users o on o.id = ${opponent} and o.bot_level is null
    left join chat_mutes mute on mute.muter_id = me.id and mute.muted_id = o.id
    where me.id = ${viewerId}
  )`;
}

type ChatRow = { meOn: boolean; otherOn: boolean; muted: boolean; messages: [id: string, mine: boolean, text: string, at: string, reported: boolean][] };

/** The chat of `chatColumn` as the page shows it, or null for anyone but the game's two players. */
export function chatView(column: string | null, g: Players): ChatView | null {
  if (column === null) return null;
  const c = JSON.parse(column) as ChatRow;
  const off = !c.meOn ? "you" : !c.otherOn ? "opponent" : null;
  return {
    off, muted: c.muted, open: off === null && g.status === "active",
    messages: c.messages.map(([id, mine, text, at, reported]) => ({ id, mine, text, at: new Date(at).toISOString(), reported })),
    version: g.chatVersion,
  };
}

/** The game and the opponent of a player acting on its chat, under the game's row lock; refusals as for moves. */
async function lockChat(tx: Executor, gameId: string, userId: string, active = false): Promise<{ g: GameRow; other: User }> {
  const g = await lockGame(tx, gameId);
  colourOf(g, userId);
  // Messages are written while the game is under way (while the setups are chosen too), in the words of requireActive.
  if (active && (g.status === "finished" || g.status === "cancelled")) throw new GameError("over", "this game is over");
  if (active && g.status !== "active") throw new GameError("over", "this game has not started yet");
  const other = await personOpposite(tx, g, userId);
  if (!other) throw g.whiteId && g.blackId ? new GameError("invalid", "bots read no chat") : new GameError("over", "this game has not started yet");
  return { g, other };
}

/**
 * A message was written: the chat's version moves on, so the opponent's page picks it up by its poll
 * (app/games/[id]/state), and the game's own version, which strangers see, stays. Mutes and reports
 * leave it be: the other player's page must not tell them apart.
 */
async function touch(tx: Executor, gameId: string): Promise<void> {
  await tx.update(games).set({ chatVersion: sql`${games.chatVersion} + 1` }).where(eq(games.id, gameId));
}

/** Writes a message to the opponent (docs/chat.md). */
export async function postChat(db: Db, userId: string, raw: { gameId: string; text: string }, now = new Date()): Promise<void> {
  const input = parse(chatInput, raw);
  await db.transaction(async (tx) => {
    const { g, other } = await lockChat(tx, input.gameId, userId, true);
    const me = await userById(tx, userId);
    if (!me.chatEnabled) throw new GameError("forbidden", "you have turned chat off in Settings");
    if (!other.chatEnabled) throw new GameError("forbidden", `${other.name ?? "your opponent"} has turned chat off`);
    await limitChat(tx, userId, now);
    await tx.insert(chatMessages).values({ gameId: g.id, authorId: userId, text: input.text, createdAt: now });
    await touch(tx, g.id);
  });
}

async function limitChat(tx: Executor, userId: string, now: Date): Promise<void> {
  // The player's row lock makes two messages sent at once count one after the other.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  const minuteAgo = new Date(now.getTime() - 60_000);
  const [c] = await tx.select({
    minute: sql<number>`(count(*) filter (where ${gt(chatMessages.createdAt, minuteAgo)}))::int`,
    day: sql<number>`count(*)::int`,
  }).from(chatMessages)
    .where(and(eq(chatMessages.authorId, userId), gt(chatMessages.createdAt, new Date(now.getTime() - 86_400_000))));
  if (c.minute >= CHAT_PER_MINUTE) throw new GameError("limited", `at most ${CHAT_PER_MINUTE} messages a minute: wait a moment`);
  if (c.day >= CHAT_PER_DAY) throw new GameError("limited", `at most ${CHAT_PER_DAY} messages a day: the chat opens again tomorrow`);
}

/** Mutes the opponent (their messages no longer shown, nor quoted in emails), or unmutes them. */
export async function setMute(db: Db, userId: string, raw: { gameId: string; mute: boolean }, now = new Date()): Promise<void> {
  const input = parse(muteInput, raw);
  await db.transaction(async (tx) => {
    const { other } = await lockChat(tx, input.gameId, userId);
    if (input.mute) await tx.insert(chatMutes).values({ muterId: userId, mutedId: other.id, createdAt: now }).onConflictDoNothing();
    else await tx.delete(chatMutes).where(and(eq(chatMutes.muterId, userId), eq(chatMutes.mutedId, other.id)));
  });
}

/** Reports an opponent's message to the moderators: a row in chat_reports (docs/chat.md#reports). */
export async function reportMessage(db: Db, userId: string, raw: { gameId: string; messageId: string }, now = new Date()): Promise<void> {
  const input = parse(reportInput, raw);
  await db.transaction(async (tx) => {
    const { g, other } = await lockChat(tx, input.gameId, userId);
    const [m] = await tx.select({ authorId: chatMessages.authorId }).from(chatMessages)
      .where(and(eq(chatMessages.id, input.messageId), eq(chatMessages.gameId, g.id)));
    if (!m) throw new GameError("not-found", "no such message");
    if (m.authorId !== other.id) throw new GameError("invalid", "you can report your opponent's messages, not your own");
    await tx.insert(chatReports).values({ messageId: input.messageId, reporterId: userId, createdAt: now }).onConflictDoNothing();
  });
}

/**
 * The opponent's latest message since the recipient's own last move, as the "your turn" email
 * quotes it (truncated, by `quoted`), or null: none, or the recipient muted them. A message the
 * recipient reported is never quoted to them (docs/chat.md#emails). A subselect, so the move reads
 * it in the statement that locks the game; `toId` is the recipient, `fromId` the mover. Whether
 * either has chat on (or is a bot) is the caller's to check on their rows.
 */
export function chatQuoteSql(gameId: SQLWrapper, toId: SQLWrapper, fromId: string | SQLWrapper): SQL<string | null> {
  // The recipient's last move is found from the newest ply down: a step or two, however long the game.
  const lastMove = sql`(select ${moves.createdAt} from ${moves} where ${moves.gameId} = ${gameId} and ${moves.playerId} = ${toId} order by ${moves.ply} desc limit 1)`;
  return sql<string | null>`(select ${chatMessages.text} from ${chatMessages}
    where ${chatMessages.gameId} = ${gameId} and ${chatMessages.authorId} = ${fromId}
      and ${chatMessages.createdAt} > coalesce(${lastMove}, '-infinity')
      and not exists (select 1 from ${chatReports} where ${chatReports.messageId} = ${chatMessages.id} and ${chatReports.reporterId} = ${toId})
      and not exists (select 1 from ${chatMutes} where ${chatMutes.muterId} = ${toId} and ${chatMutes.mutedId} = ${fromId})
    order by ${chatMessages.createdAt} desc limit 1)`;
}

/** A chat message as the "your turn" email quotes it: at most CHAT_QUOTE_MAX characters. */
export function quoted(text: string): string {
  return text.length > CHAT_QUOTE_MAX ? `${text.slice(0, CHAT_QUOTE_MAX - 1).trimEnd()}…` : text;
}

/** Keeps the player's private notes on a game (an empty text deletes them). Only the game's players have notes. */
export async function saveNote(db: Db, userId: string, raw: { gameId: string; text: string }, now = new Date()): Promise<void> {
  const input = parse(noteInput, raw);
  const [g] = await db.select().from(games).where(eq(games.id, input.gameId));
  if (!g) throw new GameError("not-found", "no such game");
  colourOf(g, userId);
  if (input.text.trim() === "") {
    await db.delete(gameNotes).where(and(eq(gameNotes.gameId, g.id), eq(gameNotes.userId, userId)));
    return;
  }
  await db.insert(gameNotes).values({ gameId: g.id, userId, text: input.text, updatedAt: now })
    .onConflictDoUpdate({ target: [gameNotes.gameId, gameNotes.userId], set: { text: input.text, updatedAt: now } });
}
