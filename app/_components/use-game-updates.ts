"use client";
/**
 * How a game page stays current, for games for two and for more (docs/pushed-updates.md): the
 * game's event stream says when it changed, and the page reads its state then; the poll is the
 * fallback, slow while the stream is open, every POLL_MS while it is not, and at once when the
 * tab becomes visible again. One stream for the page's life, not one per version.
 */
import { useEffect, useRef } from "react";

/** The poll while the event stream is down: a few seconds is plenty, and cheap (204 while nothing changed). */
export const POLL_MS = 4000;
/** The poll while the stream is open, for a notification lost on the way (docs/pushed-updates.md#the-fallback-poll). */
export const SLOW_POLL_MS = 30_000;

/** What the page shows: the game's version and, for a player of a game with chat, the chat's (docs/chat.md). */
export interface Shown {
  version: number;
  chat?: number;
}

/**
 * `fetchSince(id, shown)`: the fresh state, "unchanged" or null (offline for a moment: the
 * next poll tries again); `onFresh` takes a state newer than the one shown.
 */
export function useGameUpdates<T>(
  id: string,
  shown: Shown,
  live: boolean,
  fetchSince: (id: string, since: Shown) => Promise<T | "unchanged" | null>,
  onFresh: (fresh: T) => void,
): void {
  const latest = useRef({ shown, fetchSince, onFresh });
  useEffect(() => {
    latest.current = { shown, fetchSince, onFresh };
  });
  useEffect(() => {
    if (!live) return;
    let stopped = false;
    let polled = Date.now();
    const poll = async () => {
      if (document.hidden) return;
      polled = Date.now();
      const fresh = await latest.current.fetchSince(id, latest.current.shown);
      if (fresh !== null && fresh !== "unchanged" && !stopped) latest.current.onFresh(fresh);
    };
    // A player's stream says "N.C", the game's version and the chat's; the browser reconnects by
    // itself, naming the last it heard (Last-Event-ID).
    const { version, chat } = latest.current.shown;
    const events = new EventSource(`/games/${encodeURIComponent(id)}/events?since=${chat === undefined ? version : `${version}.${chat}`}`);
    events.onmessage = (e: MessageEvent<string>) => {
      const [heard, heardChat] = e.data.split(".").map(Number);
      const now = latest.current.shown;
      if (heard !== now.version || (heardChat !== undefined && heardChat !== now.chat)) void poll();
    };
    const timer = setInterval(() => {
      const wait = events.readyState === EventSource.OPEN ? SLOW_POLL_MS : POLL_MS;
      if (Date.now() - polled >= wait - POLL_MS / 2) void poll();
    }, POLL_MS);
    const onVisible = () => {
      if (!document.hidden) void poll();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      stopped = true;
      events.close();
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [id, live]);
}
