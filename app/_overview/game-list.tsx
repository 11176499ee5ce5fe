/** Lists of games for the home and player pages (server components). */
import Link from "next/link";
import { GameThumbnail } from "@/app/_components/BoardThumbnail";
import { describeEnd, type GameSummary } from "@/lib/games";
import { sideNameIn } from "@/lib/rules";
import { Colour, Deadline, variantName } from "./format";

/** The outcome from the viewer's side, or plainly when they did not play. */
function outcome(g: GameSummary, side: "white" | "black" | null): string {
  if (!g.result) return "";
  if (g.result === "1/2-1/2") return "Drawn";
  const whiteWon = g.result === "1-0";
  if (!side) return `${sideNameIn(g.variant, whiteWon ? "white" : "black")} won`;
  return whiteWon === (side === "white") ? "Won" : "Lost";
}

const moveNumber = (ply: number) => Math.floor(ply / 2) + 1;

/**
 * One game. `side` is the colour of the player whose list this is (the viewer on
 * the home page, the profile's owner on a player page).
 */
export function GameItem({ game: g, side, now, viewerPlays }: {
  game: GameSummary;
  side: "white" | "black" | null;
  now: Date;
  /** True on the viewer's own list: "your turn", "their turn". */
  viewerPlays: boolean;
}) {
  const opponent = side === "white" ? g.blackName : side === "black" ? g.whiteName : null;
  const name = variantName(g.variant);
  const title = side
    ? `${name} against ${opponent ?? "someone"}`
    : `${name}: ${g.whiteName ?? "someone"} against ${g.blackName ?? "someone"}`;
  const toMove = g.ply % 2 === 0 ? "white" : "black";
  return (
    <li className={`with-thumbnail${viewerPlays && g.yourTurn ? " your-turn" : ""}`}>
      <GameThumbnail game={g} flip={side === "black"} />
      <div>
        <div className="card-title">
          <Link href={`/games/${g.id}`}>{title}</Link>{" "}
          {g.status === "active" && viewerPlays && (
            g.yourTurn
              ? <span className="badge turn">Your turn</span>
              : <span className="badge">Their turn</span>
          )}
          {g.status === "finished" && <span className="badge">{outcome(g, side)}</span>}
        </div>
        <div className="meta">
          {side && (
            <>
              {viewerPlays ? (g.status === "finished" ? "You played" : "You play") : g.status === "finished" ? "Played" : "Plays"}{" "}
              <Colour variant={g.variant} colour={side} />{" · "}
            </>
          )}
          {g.status === "active" && (
            <>
              {g.choosingSetups ? <>choosing setups</> : <>move {moveNumber(g.ply)}, <Colour variant={g.variant} colour={toMove} /> to play</>}
              {g.deadline && <>, due <Deadline date={g.deadline} now={now} /></>}
              {" · "}
            </>
          )}
          {g.status === "finished" && g.endReason && <>{describeEnd(g.endReason)}{" · "}</>}
          {g.daysPerMove} {g.daysPerMove === 1 ? "day" : "days"} per move
        </div>
      </div>
    </li>
  );
}

export function GameList({ games, side, now, viewerPlays, empty }: {
  games: GameSummary[];
  side: (g: GameSummary) => "white" | "black" | null;
  now: Date;
  viewerPlays: boolean;
  empty?: React.ReactNode;
}) {
  if (games.length === 0) return empty ? <p className="muted">{empty}</p> : null;
  return (
    <ul className="cards">
      {games.map((g) => <GameItem key={g.id} game={g} side={side(g)} now={now} viewerPlays={viewerPlays} />)}
    </ul>
  );
}
