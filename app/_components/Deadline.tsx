"use client";
/** A move's deadline: in UTC while the page is rendered on the server, in the reader's own time once in the browser. */
import { useSyncExternalStore } from "react";
import { relativeTime, utcStamp } from "@/app/_overview/format";

const noSubscription = () => () => {};
/** False during the server render and hydration, true after: local times differ from the server's. */
function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}

export function Deadline({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  const at = new Date(iso);
  return (
    <time dateTime={iso} title={utcStamp(at)}>
      {hydrated
        ? `${at.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })} (${relativeTime(at, new Date())})`
        : utcStamp(at)}
    </time>
  );
}
