"use client";
/**
 * How a game page stays current, for games for two and for more (docs/pushed-updates.md): the
 * game's event stream says when it changed, and the page applies the move the event carries or,
 * for any other change, reads its state then; the poll is the fallback, slow while the stream is
 * open, every POLL_MS while it is not, and at once when the tab becomes visible again. One stream
 * for the page's life, not one per version.
 */
import { useEffect, useRef } from "react";
import { z } from "zod";

/** The poll while the event stream is down: a few seconds is plenty, and cheap (204 while nothing changed). */
export const POLL_MS = 4000;
/** The poll while the stream is open, for a notification lost on the way (docs/pushed-updates.md#the-fallback-poll). */
export const SLOW_POLL_MS = 30_000;

/** What the page shows: the game's version and, for a player of a game with chat, the chat's (docs/chat.md). */
export interface Shown {
  version: number;
  chat?: number;
}

/** A move as the game's event stream carries it after the version (app/games/[id]/events/route.ts). */
export const pushedMoveSchema = z.object({
  /** The game's ply with the move: the page applies it only on the position just before. */
  ply: z.number().int().positive(),
  text: z.string().min(1).max(8000),
  /** ISO time when the player now to move loses on time. */
  deadline: z.string().nullable(),
  drawOffer: z.enum(["white", "black"]).nullable(),
});
export type PushedMove = z.infer<typeof pushedMoveSchema>;

/** An event's data: "N", "N.C", and either followed by a move as JSON; null for anything else. */
export function readEvent(data: string): { version: number; chat?: number; move: PushedMove | null } | null {
  const space = data.indexOf(" ");
  const versions = (space < 0 ? data : data.slice(0, space)).match(/^(\d{1,15})(?:\.(\d{1,15}))?$/);
  if (!versions) return null;
  let move: PushedMove | null = null;
  if (space >= 0) {
    try {
      move = pushedMoveSchema.safeParse(JSON.parse(data.slice(space + 1))).data ?? null;
    } catch {
      // Not JSON: the event still says the game changed, and the page reads it.
    }
  }
  return { version: Number(versions[1]), ...(versions[2] !== undefined && { chat: Number(versions[2]) }), move };
}

/**
 * `fetchSince(id, shown)`: the fresh state, "unchanged" or null (offline for a moment: the
 * next poll tries again); `onFresh` takes a state newer than the one shown. `onMove` applies a
 * move the stream carried, with the game's version after it, and says whether it could (it
 * follows from what the page shows); when it could not, or there is none, the page reads the state.
 */
export function useGameUpdates<T>(
  id: string,
  shown: Shown,
  live: boolean,
  fetchSince: (id: string, since: Shown) => Promise<T | "unchanged" | null>,
  onFresh: (fresh: T) => void,
  onMove?: (move: PushedMove, version: number) => boolean,
): void {
  const latest = useRef({ shown, fetchSince, onFresh, onMove });
  useEffect(() => {
    latest.current = { shown, fetchSince, onFresh, onMove };
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
      const heard = readEvent(e.data);
      const now = latest.current.shown;
      const chatNews = heard?.chat !== undefined && heard.chat !== now.chat;
      if (heard && heard.version === now.version && !chatNews) return;
      // A move alone: applied to what the page shows, with no read, when it follows from it. The
      // page is then as current as a read would make it, so the fallback poll's clock starts again.
      if (heard?.move && !chatNews && latest.current.onMove?.(heard.move, heard.version)) {
        polled = Date.now();
        return;
      }
      void poll();
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
