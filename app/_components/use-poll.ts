"use client";
/**
 * The game page's polling of its state endpoint, for games for two and for more: every
 * POLL_MS while the game can still change and the tab is visible, at once when it becomes
 * visible again. A game that has not changed answers 204 from one small read.
 */
import { useEffect, useRef } from "react";

/** Correspondence pace: a few seconds is plenty, and cheap (204 while nothing changed). */
export const POLL_MS = 4000;

/**
 * `fetchSince(id, version)`: the fresh state, "unchanged" or null (offline for a moment:
 * the next poll tries again); `onFresh` takes a state newer than `version`'s.
 */
export function usePoll<T>(
  id: string,
  version: number,
  live: boolean,
  fetchSince: (id: string, since: number) => Promise<T | "unchanged" | null>,
  onFresh: (fresh: T) => void,
): void {
  const latest = useRef({ fetchSince, onFresh });
  useEffect(() => {
    latest.current = { fetchSince, onFresh };
  });
  useEffect(() => {
    if (!live) return;
    let stopped = false;
    const poll = async () => {
      if (document.hidden) return;
      const fresh = await latest.current.fetchSince(id, version);
      if (fresh !== null && fresh !== "unchanged" && !stopped) latest.current.onFresh(fresh);
    };
    const timer = setInterval(poll, POLL_MS);
    const onVisible = () => {
      if (!document.hidden) void poll();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [id, version, live]);
}
