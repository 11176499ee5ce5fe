/**
 * Pushed updates (docs/pushed-updates.md): one LISTEN per app process on the channel the
 * games table's trigger publishes to (drizzle/0014_game-changes.sql), fanned out in memory to
 * every open event stream of that process. A move made on any process reaches the watchers on
 * all of them, through PostgreSQL.
 *
 * What travels is only a game's id and its new version: never a position, so nothing a Fog of
 * War view hides can reach another subscriber; each page reads its own state through the
 * authorized state endpoint.
 */
import { inArray } from "drizzle-orm";
import { getDbHandle, type DbHandle } from "@/lib/db/client";
import { games } from "@/lib/db/schema";

export const GAME_CHANNEL = "game_changed";

/** Called with a version of the watched game, at least each time it changes (possibly more than once). */
export type OnVersion = (version: number) => void;

export interface GameFeed {
  /** Watches a game; resolves once the LISTEN is in place, so a version read after it misses nothing. */
  watch(gameId: string, onVersion: OnVersion): Promise<() => void>;
  /** Open watches, all games together. */
  watching(): number;
  close(): Promise<void>;
}

/** "<id> <version>", as the trigger writes it; null for anything else. */
function readPayload(payload: string): { gameId: string; version: number } | null {
  const space = payload.indexOf(" ");
  const version = Number(payload.slice(space + 1));
  return space > 0 && Number.isSafeInteger(version) ? { gameId: payload.slice(0, space), version } : null;
}

export function createGameFeed(handle: Pick<DbHandle, "db" | "listen">): GameFeed {
  const watchers = new Map<string, Set<OnVersion>>();
  let count = 0;
  let listening: Promise<() => Promise<void>> | null = null;
  let established = 0;

  const tell = (gameId: string, version: number) => {
    for (const fn of watchers.get(gameId) ?? []) fn(version);
  };

  // After a reconnect the notifications sent meanwhile are lost: read every watched game again.
  const catchUp = async () => {
    const ids = [...watchers.keys()];
    for (let i = 0; i < ids.length; i += 1000) {
      const rows = await handle.db.select({ id: games.id, updatedAt: games.updatedAt }).from(games).where(inArray(games.id, ids.slice(i, i + 1000)));
      for (const row of rows) tell(row.id, row.updatedAt.getTime());
    }
  };

  const listen = () => {
    listening ??= handle.listen(GAME_CHANNEL, (payload) => {
      const change = readPayload(payload);
      if (change) tell(change.gameId, change.version);
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
