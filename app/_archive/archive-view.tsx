/**
 * The archive's pieces, server-rendered and plain HTML (a GET form, links): the
 * search form, the results and the pager. /games and the player pages share them;
 * every state is an address, so any search can be bookmarked or shared.
 */
import Link from "next/link";
import { GameThumbnail } from "@/app/_components/BoardThumbnail";
import { PlayerLink, variantName } from "@/app/_overview/format";
import { describeEnd, resultMark } from "@/lib/games";
import type { ArchiveEntry, ArchivePage, ArchiveSeat } from "@/lib/games/archive";
import {
  END_REASONS, archiveSearch, isFiltered, type ArchiveFilters, type ArchiveQuery,
} from "@/lib/games/archive-params";
import { multiGameInfo, multiVariantIds, sideNameIn, variantIds } from "@/lib/rules";
import css from "./archive.module.css";

const STATUS_LABEL = { open: "Open challenges", ongoing: "Ongoing", finished: "Finished" } as const;

/** A side as the players of the searched game call it (Red in Xiangqi); White and Black when the search spans games. */
const sideOf = (variant: string | undefined, colour: "white" | "black") => sideNameIn(variant ?? "", colour);

const day = (d: Date) => d.toISOString().slice(0, 10);

function DateCell({ date }: { date: Date | null }) {
  if (!date) return <>—</>;
  return <time dateTime={date.toISOString()} title={`${date.toISOString().slice(0, 16).replace("T", " ")} UTC`}>{day(date)}</time>;
}

function Name({ name, registered, fallback }: { name: string | null; registered: boolean; fallback: string }) {
  if (!name) return <span className="muted">{fallback}</span>;
  return registered ? <PlayerLink name={name} /> : <>{name}</>;
}

function outcome(e: ArchiveEntry): string {
  if (e.status === "open") return e.seats ? "Seats still free" : "Open challenge";
  // A game for more than two: its ending in words, as the service wrote it (lib/games/multi.ts endingWords).
  if (e.seats) return e.status === "finished" ? e.ending ?? "Over" : "Ongoing";
  if (e.status === "active" && e.choosingSetups) return "Ongoing, the players choose their setups";
  if (e.status === "active") return `Ongoing, ${sideOf(e.variant, e.ply % 2 === 0 ? "white" : "black")} to move`;
  if (!e.result) return e.status;
  return `${resultMark(e.result)}${e.endReason ? ` ${describeEnd(e.endReason)}` : ""}`;
}

const fullMoves = (ply: number) => Math.ceil(ply / 2);

const ordinal = (n: number) => `${n}${n % 10 === 1 && n % 100 !== 11 ? "st" : n % 10 === 2 && n % 100 !== 12 ? "nd" : n % 10 === 3 && n % 100 !== 13 ? "rd" : "th"}`;

/** A game for more than two: every seat in turn order, its army, and its place once the game is over. */
function Seats({ seats }: { seats: ArchiveSeat[] }) {
  return (
    <>
      {seats.map((s, i) => (
        <span key={s.army} data-army={s.army}>
          {i > 0 && ", "}
          <Name name={s.player} registered={s.player !== null} fallback="(open seat)" /> ({s.armyName}{s.place !== null ? `, ${ordinal(s.place)}` : ""})
        </span>
      ))}
    </>
  );
}

/** A published preset the search form offers (lib/games/presets.ts listPresets). */
export interface PresetChoice { slug: string; name: string }

export function SearchForm({ action, filters, playerFixed, presets = [] }: { action: string; filters: ArchiveFilters; playerFixed?: boolean; presets?: PresetChoice[] }) {
  return (
    <form method="get" action={action} className={css.filters} role="search" aria-label="Search games">
      <div>
        <label htmlFor="archive-variant">Game</label>
        <select id="archive-variant" name="variant" defaultValue={filters.variant ?? ""}>
          <option value="">Any game</option>
          {variantIds().map((id) => <option key={id} value={id}>{variantName(id)}</option>)}
          {multiVariantIds().map((id) => <option key={id} value={id}>{multiGameInfo(id).name}</option>)}
        </select>
      </div>
      {(presets.length > 0 || filters.preset) && (
        <div>
          <label htmlFor="archive-preset">Preset</label>
          <select id="archive-preset" name="preset" defaultValue={filters.preset ?? ""}>
            <option value="">Any preset</option>
            {filters.preset && !presets.some((p) => p.slug === filters.preset) && <option value={filters.preset}>{filters.preset}</option>}
            {presets.map((p) => <option key={p.slug} value={p.slug}>{p.name}</option>)}
          </select>
        </div>
      )}
      {!playerFixed && (
        <div>
          <label htmlFor="archive-player">Player</label>
          <input id="archive-player" type="text" name="player" defaultValue={filters.player ?? ""} maxLength={100} autoComplete="off" />
        </div>
      )}
      <div>
        <label htmlFor="archive-opponent">Opponent</label>
        <input id="archive-opponent" type="text" name="opponent" defaultValue={filters.opponent ?? ""} maxLength={100} autoComplete="off" />
      </div>
      <div>
        <label htmlFor="archive-status">Status</label>
        <select id="archive-status" name="status" defaultValue={filters.status ?? ""}>
          <option value="">Any</option>
          {(["open", "ongoing", "finished"] as const).map((s) => <option key={s} value={s}>{STATUS_LABEL[s]}</option>)}
        </select>
      </div>
      <div>
        <label htmlFor="archive-result">Result</label>
        <select id="archive-result" name="result" defaultValue={filters.result ?? ""}>
          <option value="">Any</option>
          <option value="white">{sideOf(filters.variant, "white")} won (1-0)</option>
          <option value="black">{sideOf(filters.variant, "black")} won (0-1)</option>
          <option value="draw">Drawn (½–½)</option>
          <option value="won">{playerFixed ? "Won" : "The player won"}</option>
          <option value="lost">{playerFixed ? "Lost" : "The player lost"}</option>
        </select>
      </div>
      <div>
        <label htmlFor="archive-ended">How it ended</label>
        <select id="archive-ended" name="ended" defaultValue={filters.ended ?? ""}>
          <option value="">Any way</option>
          {END_REASONS.map((r) => <option key={r} value={r}>{describeEnd(r)}</option>)}
        </select>
      </div>
      <div>
        <label htmlFor="archive-from">From (date)</label>
        <input id="archive-from" type="date" name="from" defaultValue={filters.from ?? ""} />
      </div>
      <div>
        <label htmlFor="archive-to">To (date)</label>
        <input id="archive-to" type="date" name="to" defaultValue={filters.to ?? ""} />
      </div>
      <div>
        <label htmlFor="archive-min_moves">At least … moves</label>
        <input id="archive-min_moves" type="number" name="min_moves" min={0} max={10000} defaultValue={filters.minMoves ?? ""} />
      </div>
      <div>
        <label htmlFor="archive-max_moves">At most … moves</label>
        <input id="archive-max_moves" type="number" name="max_moves" min={0} max={10000} defaultValue={filters.maxMoves ?? ""} />
      </div>
      <div>
        <label htmlFor="archive-sort">Sort by</label>
        <select id="archive-sort" name="sort" defaultValue={filters.sort}>
          <option value="last">Last move</option>
          <option value="started">Start date</option>
        </select>
      </div>
      <div>
        <label htmlFor="archive-order">Order</label>
        <select id="archive-order" name="order" defaultValue={filters.order}>
          <option value="newest">Newest first</option>
          <option value="oldest">Oldest first</option>
        </select>
      </div>
      <div className={css.buttons}>
        <button type="submit" className="primary">Search</button>
        <Link href={action}>Clear</Link>
      </div>
      <p className="muted" style={{ gridColumn: "1 / -1", margin: 0, fontSize: "0.85rem" }}>
        Dates are of the column you sort by (UTC). A move is one turn of each side.
      </p>
    </form>
  );
}

export function Problems({ problems }: { problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <div className={css.problems} role="status">
      <p style={{ margin: 0 }}>Part of this search was not understood:</p>
      <ul>{problems.map((p) => <li key={p}>{p}</li>)}</ul>
    </div>
  );
}

export function Results({ page, filters, showVisibility }: { page: ArchivePage; filters: ArchiveFilters; showVisibility?: boolean }) {
  if (page.entries.length === 0) {
    if (!isFiltered(filters)) return <p className="muted">No games yet.</p>;
    return <p className="muted" role="status">No games match this search{page.notes.length > 0 ? `: ${page.notes.join("; ")}` : ""}.</p>;
  }
  return (
    <div className="table-wrap">
      <table className={css.results}>
        <caption className="visually-hidden">Games, {filters.sort === "last" ? "by last move" : "by start date"}, {filters.order} first</caption>
        <thead>
          <tr>
            <th scope="col"><span className="visually-hidden">Board</span></th>
            <th scope="col">Game</th>
            {/* A list with games for more than two: no two sides to name. */}
            <th scope="col">{page.entries.some((e) => e.seats) ? "Players" : <>{sideOf(filters.variant, "white")} – {sideOf(filters.variant, "black")}</>}</th>
            <th scope="col">Result</th>
            <th scope="col" className="num">Moves</th>
            <th scope="col">Started</th>
            <th scope="col">Last move</th>
          </tr>
        </thead>
        <tbody>
          {page.entries.map((e) => (
            <tr key={e.id} data-game={e.id}>
              <td className={css.thumbnail}>{e.status !== "open" && <GameThumbnail game={e} />}</td>
              <td><Link href={`/games/${e.id}`}>{e.seats ? multiGameInfo(e.variant).name : variantName(e.variant)}</Link></td>
              <td className="players">
                {e.seats ? <Seats seats={e.seats} /> : <>
                <Name name={e.whiteName} registered={e.whiteRegistered} fallback={e.status === "open" ? "(open seat)" : "?"} />
                {" – "}
                <Name name={e.blackName} registered={e.blackRegistered} fallback={e.status === "open" ? "(open seat)" : "?"} />
                </>}
                {e.imported && <> <span className="badge" title="Imported from a record">imported</span></>}
                {showVisibility && e.visibility !== "public" && <> <span className="badge">{e.visibility}</span></>}
              </td>
              <td>{outcome(e)}</td>
              <td className="num" title={e.seats ? "Turns of all the armies" : undefined}>{e.seats ? e.ply : fullMoves(e.ply)}</td>
              <td><DateCell date={e.createdAt} /></td>
              <td><DateCell date={e.lastMoveAt} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function Pager({ basePath, page, filters, playerFixed }: { basePath: string; page: ArchivePage; filters: ArchiveFilters; playerFixed?: boolean }) {
  if (!page.prev && !page.next) return null;
  const href = (p: { after?: ArchivePage["next"]; before?: ArchivePage["prev"] }) =>
    `${basePath}${archiveSearch(filters, { after: p.after ?? undefined, before: p.before ?? undefined }, { playerFixed })}`;
  const newer = filters.order === "newest" ? "Newer" : "Older";
  const older = filters.order === "newest" ? "Older" : "Newer";
  return (
    <nav className={css.pager} aria-label="Pages">
      <span>
        {page.prev ? <Link href={href({ before: page.prev })} rel="prev">← {newer} games</Link> : <span className="muted">First page</span>}
        {page.prev && <> · <Link href={href({})}>First page</Link></>}
      </span>
      <span>{page.next ? <Link href={href({ after: page.next })} rel="next">{older} games →</Link> : <span className="muted">End of the list</span>}</span>
    </nav>
  );
}

/** The form, any messages, the results and the pager. */
export function ArchiveSection({ basePath, query, page, playerFixed, showVisibility, presets }: {
  basePath: string;
  presets?: PresetChoice[];
  query: ArchiveQuery;
  page: ArchivePage;
  playerFixed?: boolean;
  showVisibility?: boolean;
}) {
  return (
    <>
      <SearchForm action={basePath} filters={query.filters} playerFixed={playerFixed} presets={presets} />
      <Problems problems={query.problems} />
      <Results page={page} filters={query.filters} showVisibility={showVisibility} />
      <Pager basePath={basePath} page={page} filters={query.filters} playerFixed={playerFixed} />
    </>
  );
}
