/**
 * The archive's query string (/games?…, and the list on a player page): read with
 * zod one parameter at a time, so a bad value is dropped with a message the page
 * shows instead of failing the whole search (never a 500). Written back in one
 * canonical order without defaults, so a search is a short, shareable address.
 *
 *   variant   a game id: a built-in game's (lib/rules variantIds) or a preset version's (preset.<slug>.<n>)
 *   preset    a preset's slug: the games of all its versions
 *   player    a name: a registered player, or a White/Black name of an imported record
 *   opponent  a second name: games between the two
 *   status    open | ongoing | finished            (default: all three)
 *   result    white | black | draw | won | lost    (won/lost: from `player`'s side)
 *   ended     how it ended (resignation, checkmate, …: END_REASONS)
 *   from, to  YYYY-MM-DD, inclusive, UTC; dates of the sort column
 *   min_moves, max_moves  full moves (a move is White's and Black's turn: ply 1–2 is move 1)
 *   sort      last (last move, default) | started
 *   order     newest (default) | oldest
 *   after, before   keyset cursors (opaque) of the next and previous page
 */
import { z } from "zod";
import { isMultiVariant } from "@/lib/rules";
import { isGameId, slugSchema } from "./preset-ids";

export const PAGE_SIZE = 20;

/** Every way a listed game can end: the rules module's and the service's. */
export const END_REASONS = [
  "checkmate", "stalemate", "extinction", "king-exploded", "king-captured", "all-pieces-lost", "bare-royal", "union-with-king", "insufficient-material",
  "seventy-five-move-rule", "all-pieces-in-unions", "no-legal-move", "fivefold-repetition",
  "threefold-repetition", "fifty-move-rule", "counting-rule", "fourfold-repetition", "perpetual-check", "pawn-drop-mate", "perpetual-chase",
  "bikjang", "double-pass", "repetition-points", "move-rule-points", "no-move-but-promotion", "resignation", "agreement", "timeout",
  "timeout-vs-insufficient-material", "imported",
] as const;
export type EndReasonFilter = (typeof END_REASONS)[number];

export const STATUSES = ["open", "ongoing", "finished"] as const;
export const RESULTS = ["white", "black", "draw", "won", "lost"] as const;
export const SORTS = ["last", "started"] as const;
export const ORDERS = ["newest", "oldest"] as const;

export interface ArchiveFilters {
  variant?: string;
  preset?: string;
  player?: string;
  opponent?: string;
  status?: (typeof STATUSES)[number];
  result?: (typeof RESULTS)[number];
  ended?: EndReasonFilter;
  from?: string;
  to?: string;
  minMoves?: number;
  maxMoves?: number;
  sort: (typeof SORTS)[number];
  order: (typeof ORDERS)[number];
}

/** A position in the sorted list: the sort column to the microsecond, and the id that breaks ties. */
export interface Cursor {
  /** ISO 8601, UTC, six fractional digits (PostgreSQL keeps microseconds; a JS Date would lose them). */
  at: string;
  id: string;
}

export interface ArchiveQuery {
  filters: ArchiveFilters;
  after?: Cursor;
  before?: Cursor;
  /** What was ignored and why, for the page to show. */
  problems: string[];
  /** True when the address had empty or defaulted parameters: the canonical one is shorter. */
  untidy: boolean;
}

export type RawSearch = URLSearchParams | Record<string, string | string[] | undefined>;

// The years a date in a query may name: PostgreSQL takes more, but no game here is older or newer.
const FIRST_YEAR = 1800;
const LAST_YEAR = 2200;
const yearInRange = (d: Date) => d.getUTCFullYear() >= FIRST_YEAR && d.getUTCFullYear() <= LAST_YEAR;

const isoDate = z.string().regex(/^\d{4}-\d\d-\d\d$/, "a date like 2026-11-29").refine((s) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && yearInRange(d);
}, "no such date");

/**
 * A decoded cursor, checked field by field before it reaches SQL: a forged one
 * ("0000-01-01…", "2026-02-30…", "…T24:00…") would otherwise make PostgreSQL
 * refuse the timestamp and the page fail. The time must be a real instant in
 * range, written the one way encodeCursor writes it.
 */
const cursorSchema = z.object({
  at: z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/).refine((at) => {
    const d = new Date(`${at.slice(0, 23)}Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 23) === at.slice(0, 23) && yearInRange(d);
  }),
  id: z.string().regex(/^[A-Za-z0-9-]{1,64}$/),
}).strict();

export function encodeCursor(c: Cursor): string {
  return Buffer.from(`${c.at}|${c.id}`, "utf8").toString("base64url");
}

export function decodeCursor(raw: string): Cursor | null {
  if (raw.length > 200 || !/^[A-Za-z0-9_-]+$/.test(raw)) return null;
  const parts = Buffer.from(raw, "base64url").toString("utf8").split("|");
  if (parts.length !== 2) return null;
  const parsed = cursorSchema.safeParse({ at: parts[0], id: parts[1] });
  return parsed.success ? parsed.data : null;
}

// Names: registered ones are ASCII, an imported record's may be anything printable.
const name = z.string().trim().min(1).max(100, "at most 100 characters").regex(/^[^\p{Cc}]+$/u, "no control characters");
const moves = z.coerce.number({ error: "a whole number" }).int("a whole number").min(0, "0 or more").max(10_000, "at most 10000");

const fields = {
  variant: z.string().max(64).refine((v) => isGameId(v) || isMultiVariant(v), "not a game played here"),
  preset: slugSchema,
  player: name,
  opponent: name,
  status: z.enum(STATUSES, { error: `one of ${STATUSES.join(", ")}` }),
  result: z.enum(RESULTS, { error: `one of ${RESULTS.join(", ")}` }),
  ended: z.enum(END_REASONS, { error: "not a way a game ends here" }),
  from: isoDate,
  to: isoDate,
  min_moves: moves,
  max_moves: moves,
  sort: z.enum(SORTS, { error: `one of ${SORTS.join(", ")}` }),
  order: z.enum(ORDERS, { error: `one of ${ORDERS.join(", ")}` }),
} as const;
type Field = keyof typeof fields;
const FIELD_NAMES = Object.keys(fields) as Field[];

function get(raw: RawSearch, key: string): string | string[] | undefined {
  if (raw instanceof URLSearchParams) {
    const all = raw.getAll(key);
    return all.length === 0 ? undefined : all.length === 1 ? all[0] : all;
  }
  return raw[key];
}

const show = (v: string) => (v.length > 40 ? `${v.slice(0, 40)}…` : v);

/**
 * Reads an archive query string. Unknown parameters are ignored silently (trackers
 * add them); a known one with a bad value is ignored with a message.
 */
export function parseArchiveQuery(raw: RawSearch, options: { playerFixed?: boolean } = {}): ArchiveQuery {
  const problems: string[] = [];
  let untidy = false;
  const values: Partial<Record<Field, unknown>> = {};
  for (const key of FIELD_NAMES) {
    let v = get(raw, key);
    if (Array.isArray(v)) {
      problems.push(`${key} was given more than once: the first value is used`);
      v = v[0];
    }
    if (v === undefined) continue;
    if (v.trim() === "") {
      untidy = true;
      continue;
    }
    if (options.playerFixed && key === "player") continue;
    const parsed = fields[key].safeParse(v);
    if (parsed.success) values[key] = parsed.data;
    else problems.push(`${key}=${show(v)} was ignored: ${parsed.error.issues[0]?.message ?? "not understood"}`);
  }
  const filters: ArchiveFilters = {
    variant: values.variant as string | undefined,
    preset: values.preset as string | undefined,
    player: values.player as string | undefined,
    opponent: values.opponent as string | undefined,
    status: values.status as ArchiveFilters["status"],
    result: values.result as ArchiveFilters["result"],
    ended: values.ended as ArchiveFilters["ended"],
    from: values.from as string | undefined,
    to: values.to as string | undefined,
    minMoves: values.min_moves as number | undefined,
    maxMoves: values.max_moves as number | undefined,
    sort: (values.sort as ArchiveFilters["sort"]) ?? "last",
    order: (values.order as ArchiveFilters["order"]) ?? "newest",
  };
  if (values.sort === "last" || values.order === "newest") untidy = true;
  if ((filters.result === "won" || filters.result === "lost") && !filters.player && !options.playerFixed) {
    problems.push(`result=${filters.result} was ignored: it needs a player to say whose side`);
    filters.result = undefined;
  }
  if (filters.opponent && !filters.player && !options.playerFixed) {
    // An opponent alone is just a player.
    filters.player = filters.opponent;
    filters.opponent = undefined;
  }
  if (filters.from && filters.to && filters.from > filters.to) {
    problems.push(`from=${filters.from} is after to=${filters.to}: both were ignored`);
    filters.from = filters.to = undefined;
  }
  if (filters.minMoves !== undefined && filters.maxMoves !== undefined && filters.minMoves > filters.maxMoves) {
    problems.push(`min_moves=${filters.minMoves} is more than max_moves=${filters.maxMoves}: both were ignored`);
    filters.minMoves = filters.maxMoves = undefined;
  }
  if (filters.status === "open" && (filters.result || filters.ended)) {
    problems.push("open challenges have no result: result and ended were ignored");
    filters.result = filters.ended = undefined;
  }

  const page = readPage(raw);
  const lost = page.problems.map((p) => `${p}: showing the first page`);
  return { filters, after: page.after, before: page.before, problems: [...problems, ...lost], untidy: untidy || page.untidy };
}

/**
 * The page position of an archive address (after/before). A position that does
 * not decode is a bad request: the archive pages answer 400 for it (proxy.ts)
 * rather than guess which page was meant.
 */
export function readPage(raw: RawSearch): { after?: Cursor; before?: Cursor; problems: string[]; untidy: boolean } {
  const out: { after?: Cursor; before?: Cursor; problems: string[]; untidy: boolean } = { problems: [], untidy: false };
  for (const key of ["after", "before"] as const) {
    let v = get(raw, key);
    if (Array.isArray(v)) v = v[0];
    if (v === undefined) continue;
    if (v.trim() === "") {
      out.untidy = true;
      continue;
    }
    const c = decodeCursor(v.trim());
    if (c) out[key] = c;
    else out.problems.push(`the page position (${key}=${show(v)}) was not understood`);
  }
  if (out.after && out.before) {
    out.problems.push("a page position cannot be both after and before");
    out.after = out.before = undefined;
  }
  return out;
}

/** The canonical query string of a search (defaults left out), with an optional page position. */
export function archiveSearch(
  filters: Partial<ArchiveFilters>,
  page: { after?: Cursor; before?: Cursor } = {},
  options: { playerFixed?: boolean } = {},
): string {
  const p = new URLSearchParams();
  if (filters.variant) p.set("variant", filters.variant);
  if (filters.preset) p.set("preset", filters.preset);
  if (filters.player && !options.playerFixed) p.set("player", filters.player);
  if (filters.opponent) p.set("opponent", filters.opponent);
  if (filters.status) p.set("status", filters.status);
  if (filters.result) p.set("result", filters.result);
  if (filters.ended) p.set("ended", filters.ended);
  if (filters.from) p.set("from", filters.from);
  if (filters.to) p.set("to", filters.to);
  if (filters.minMoves !== undefined) p.set("min_moves", String(filters.minMoves));
  if (filters.maxMoves !== undefined) p.set("max_moves", String(filters.maxMoves));
  if (filters.sort && filters.sort !== "last") p.set("sort", filters.sort);
  if (filters.order && filters.order !== "newest") p.set("order", filters.order);
  if (page.after) p.set("after", encodeCursor(page.after));
  else if (page.before) p.set("before", encodeCursor(page.before));
  const s = p.toString();
  return s ? `?${s}` : "";
}

/** True when any filter (not sort or page) is set: the page says "no games match" rather than "no games yet". */
export function isFiltered(f: ArchiveFilters): boolean {
  return !!(f.variant || f.preset || f.player || f.opponent || f.status || f.result || f.ended || f.from || f.to ||
    f.minMoves !== undefined || f.maxMoves !== undefined);
}
