/** Small server-safe pieces the overview pages share: names, links, deadlines. */
import Link from "next/link";
import { variantPath } from "@/lib/games/preset-ids";
import { findVariantInfo, sideNameIn } from "@/lib/rules";

/** A game's display name; an id the rules module no longer knows shows as itself. */
export function variantName(id: string): string {
  return findVariantInfo(id)?.name ?? id;
}

export function VariantLink({ id }: { id: string }) {
  const info = findVariantInfo(id);
  if (!info) return <>{id}</>;
  return <Link href={variantPath(id)}>{info.name}</Link>;
}

export function playerPath(name: string): string {
  return `/players/${encodeURIComponent(name)}`;
}

/** A player's display name linked to their page (names only, never addresses). */
export function PlayerLink({ name }: { name: string | null }) {
  if (!name) return <>someone</>;
  return <Link href={playerPath(name)}>{name}</Link>;
}

/** A side as the game's players call it: Red and Black in Xiangqi (VariantDecl.sideNames). */
export const Colour = ({ variant, colour }: { variant: string; colour: "white" | "black" }) => <>{sideNameIn(variant, colour)}</>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/** "in 2 days 3 hours", "in 40 minutes", "5 hours ago": coarse, for a correspondence clock. */
export function relativeTime(to: Date, now: Date): string {
  const ms = to.getTime() - now.getTime();
  const abs = Math.abs(ms);
  let text: string;
  if (abs < MINUTE) return ms >= 0 ? "in under a minute" : "just now";
  if (abs < HOUR) text = plural(Math.floor(abs / MINUTE), "minute");
  else if (abs < DAY) text = plural(Math.floor(abs / HOUR), "hour");
  else {
    const days = Math.floor(abs / DAY);
    const hours = Math.floor((abs % DAY) / HOUR);
    text = plural(days, "day") + (days < 3 && hours > 0 ? ` ${plural(hours, "hour")}` : "");
  }
  return ms >= 0 ? `in ${text}` : `${text} ago`;
}

/** "2026-12-04 14:00 UTC": the same for every reader, as in the emails. */
export function utcStamp(d: Date): string {
  return `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

export function Deadline({ date, now }: { date: Date; now: Date }) {
  return (
    <time dateTime={date.toISOString()} title={utcStamp(date)}>
      {relativeTime(date, now)}
    </time>
  );
}

/** A line of rules text, with `move text` in backticks shown as code (as text, never as markup). */
export function RulesText({ text }: { text: string }) {
  const parts = text.split("`");
  // An odd number of backticks leaves the last one literal.
  if (parts.length % 2 === 0) return <>{text}</>;
  return <>{parts.map((p, i) => (i % 2 === 1 ? <code key={i}>{p}</code> : p))}</>;
}
