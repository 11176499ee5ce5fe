/**
 * Pushed updates (docs/pushed-updates.md): one LISTEN per app process on the channel the
 * games table's trigger publishes to (drizzle/0014_game-changes.sql), fanned out in memory to
 * every open event stream of that process. A move made on any process reaches the watchers on
 * all of them, through PostgreSQL.
 *
 * What travels is a game's id, its new version and its chat's, and with a move of a game of two
 * still on, that move (drizzle/0019_pushed-move.sql): never a position. The event stream passes the
 * move on only to a subscriber who may see it (app/games/[id]/events/route.ts); every other page
 * reads its own state through the authorized state endpoint.
 */
import { inArray } from "drizzle-orm";
import { getDbHandle, type DbHandle } from "@/lib/db/client";
import { games } from "@/lib/db/schema";

export const GAME_CHANNEL = "game_changed";

/** The move a change was, as its notification carries it: the game's ply with it and what the move set. */
export interface NotifiedMove {
  ply: number;
  text: string;
  /** When the player now to move loses on time, in ms. */
  deadline: number | null;
  /** The draw offer standing after the move. */
  drawOffer: "white" | "black" | null;
}

/**
 * Called with the watched game's version and its chat's version (docs/chat.md), at least each
 * time either changes (possibly more than once), and the move when the change was one (else null).
 */
export type OnVersion = (version: number, chat: number, move: NotifiedMove | null) => void;

export interface GameFeed {
  /** Watches a game; resolves once the LISTEN is in place, so a version read after it misses nothing. */
  watch(gameId: string, onVersion: OnVersion): Promise<() => void>;
  /** Open watches, all games together. */
  watching(): number;
  close(): Promise<void>;
}

/**
 * "<id> <version> <chat version>", then for a move "<ply> <deadline or -> <draw offer or -> <text>",
 * as the trigger writes it; null for anything else.
 */
export function readPayload(payload: string): { gameId: string; version: number; chat: number; move: NotifiedMove | null } | null {
  const [gameId, version, chat, ply, deadline, offer, ...text] = payload.split(" ");
  const n = (word: string | undefined) => (word !== undefined && /^\d{1,15}$/.test(word) ? Number(word) : null);
  const v = n(version);
  const c = n(chat);
  if (!gameId || v === null || c === null) return null;
  if (ply === undefined) return { gameId, version: v, chat: c, move: null };
  const p = n(ply);
  const d = deadline === "-" ? null : n(deadline);
  const moveText = text.join(" ");
  if (p === null || p < 1 || (d === null && deadline !== "-") || (offer !== "white" && offer !== "black" && offer !== "-") || moveText === "") return null;
  return { gameId, version: v, chat: c, move: { ply: p, text: moveText, deadline: d, drawOffer: offer === "-" ? null : offer } };
}

export function createGameFeed(handle: Pick<DbHandle, "db" | "listen">): GameFeed {
  const watchers = new Map<string, Set<OnVersion>>();
  let count = 0;
  let listening: Promise<() => Promise<void>> | null = null;
  let established = 0;

  const tell = (gameId: string, version: number, chat: number, move: NotifiedMove | null) => {
    for (const fn of watchers.get(gameId) ?? []) fn(version, chat, move);
  };

  // After a reconnect the notifications sent meanwhile are lost: read every watched game again.
  const catchUp = async () => {
    const ids = [...watchers.keys()];
    for (let i = 0; i < ids.length; i += 1000) {
      const rows = await handle.db.select({ id: games.id, updatedAt: games.updatedAt, chatVersion: games.chatVersion }).from(games).where(inArray(games.id, ids.slice(i, i + 1000)));
      for (const row of rows) tell(row.id, row.updatedAt.getTime(), row.chatVersion, null);
    }
  };

  const listen = () => {
    listening ??= handle.listen(GAME_CHANNEL, (payload) => {
      const change = readPayload(payload);
      if (change) tell(change.gameId, change.version, change.chat, change.move);
    }, () => {
      if (established++ > 0) catchUp().catch(() => {});
    });
    // A failed LISTEN (the database down) is tried again by the next watcher.
    listening.catch(() => {
      listening = null;
    });
    return listening;
  };

  return {
    async watch(gameId, onVersion) {
      await listen();
      let set = watchers.get(gameId);
      if (!set) watchers.set(gameId, (set = new Set()));
      set.add(onVersion);
      count++;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        count--;
        set.delete(onVersion);
        if (set.size === 0 && watchers.get(gameId) === set) watchers.delete(gameId);
      };
    },
    watching: () => count,
    async close() {
      const unlisten = await listening?.catch(() => null);
      listening = null;
      await unlisten?.();
    },
  };
}

// On globalThis, like the database, so the dev server's hot reloads keep one LISTEN.
const holder = globalThis as typeof globalThis & { __courierGameFeed?: Promise<GameFeed> };

/** This process's feed, on the app's database. */
export function gameFeed(): Promise<GameFeed> {
  if (!holder.__courierGameFeed) {
    const opening = getDbHandle().then(createGameFeed);
    holder.__courierGameFeed = opening;
    opening.catch(() => {
      if (holder.__courierGameFeed === opening) holder.__courierGameFeed = undefined;
    });
  }
  return holder.__courierGameFeed;
}
