/**
 * Pushed updates (docs/pushed-updates.md): one LISTEN per app process on the channel the
 * games table's trigger publishes to (drizzle/0014_game-changes.sql), fanned out in memory to
 * every open event stream of that process. A move made on any process reaches the watchers on
 * all of them, through PostgreSQL.
 *
 * What travels is only a game's id, its new version and its chat's: never a position, so nothing
 * a Fog of War view hides can reach another subscriber; each page reads its own state through
 * the authorized state endpoint.
 */
import { inArray } from "drizzle-orm";
import { getDbHandle, type DbHandle } from "@/lib/db/client";
import { games } from "@/lib/db/schema";

export const GAME_CHANNEL = "game_changed";

/**
 * Called with the watched game's version and its chat's version (docs/chat.md), at least each
 * time either changes (possibly more than once).
 */
export type OnVersion = (version: number, chat: number) => void;

export interface GameFeed {
  /** Watches a game; resolves once the LISTEN is in place, so a version read after it misses nothing. */
  watch(gameId: string, onVersion: OnVersion): Promise<() => void>;
  /** Open watches, all games together. */
  watching(): number;
  close(): Promise<void>;
}

/** "<id> <version> <chat version>", as the trigger writes it; null for anything else. */
function readPayload(payload: string): { gameId: string; version: number; chat: number } | null {
  const [gameId, version, chat, ...rest] = payload.split(" ");
  const n = (text: string | undefined) => (text !== undefined && /^\d{1,15}$/.test(text) ? Number(text) : null);
  const v = n(version);
  const c = n(chat);
  return gameId && v !== null && c !== null && rest.length === 0 ? { gameId, version: v, chat: c } : null;
}

export function createGameFeed(handle: Pick<DbHandle, "db" | "listen">): GameFeed {
  const watchers = new Map<string, Set<OnVersion>>();
  let count = 0;
  let listening: Promise<() => Promise<void>> | null = null;
  let established = 0;

  const tell = (gameId: string, version: number, chat: number) => {
    for (const fn of watchers.get(gameId) ?? []) fn(version, chat);
  };

  // After a reconnect the notifications sent meanwhile are lost: read every watched game again.
  const catchUp = async () => {
    const ids = [...watchers.keys()];
    for (let i = 0; i < ids.length; i += 1000) {
      const rows = await handle.db.select({ id: games.id, updatedAt: games.updatedAt, chatVersion: games.chatVersion }).from(games).where(inArray(games.id, ids.slice(i, i + 1000)));
      for (const row of rows) tell(row.id, row.updatedAt.getTime(), row.chatVersion);
    }
  };

  const listen = () => {
    listening ??= handle.listen(GAME_CHANNEL, (payload) => {
      const change = readPayload(payload);
      if (change) tell(change.gameId, change.version, change.chat);
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
