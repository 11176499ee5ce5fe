/**
 * /games/<id> for a game for more than two: the board and its seats (MultiGamePlayer), and while
 * the game waits for players, the way in: a free seat to take from here (a lobby game), or the
 * link its author shares (docs/games-for-more-than-two-service.md#seats).
 */
import Link from "next/link";
import { MultiGamePlayer } from "@/app/_components/MultiGamePlayer";
import type { MultiGameState } from "@/app/_components/multi-game-state";
import { ChallengeButton } from "@/app/_overview/challenge-button";
import type { MultiGameView } from "@/lib/games";
import { mailSettings } from "@/lib/mail";
import { multiGameInfo } from "@/lib/rules";
import { multiMoveAction, multiResignAction } from "./multi-actions";

const VISIBILITY = { public: "public game", unlisted: "unlisted game (only people with the link)", private: "private game" } as const;

export function MultiGamePage({ view, state, viewerId }: { view: MultiGameView; state: MultiGameState; viewerId: string | null }) {
  const g = view.game;
  const info = multiGameInfo(g.variant);
  const viewerArmy = view.seats.find((s) => viewerId !== null && s.userId === viewerId)?.army ?? null;
  const inv = view.invitation;
  const free = view.seats.filter((s) => s.userId === null);
  return (
    <main>
      <h1>{info.name}</h1>
      <p>
        {g.daysPerMove} {g.daysPerMove === 1 ? "day" : "days"} per move · {VISIBILITY[g.visibility]} · {view.seats.length} players
      </p>
      {g.status === "open" && view.invitedViewer && !viewerArmy && (
        <p>
          A seat is kept for you in this game. <Link href={`/invitations/${view.invitedViewer.token}`}>Answer the invitation</Link> to take it.
        </p>
      )}
      {g.status === "open" && view.withdrawable && (
        <ChallengeButton kind="withdraw" invitationId={view.withdrawable.invitationId} from="/" about={`this ${info.name} game`} label="Withdraw the challenge" />
      )}
      {g.status === "open" && inv && (
        <section aria-label="Take a seat">
          {inv.fromId === viewerId && inv.kind === "link" && (
            <p>Share this link: whoever opens it takes a free seat. <code>{`${mailSettings().siteUrl}/invitations/${inv.token}`}</code></p>
          )}
          {viewerId && !viewerArmy && inv.kind === "open" && g.visibility === "public" && (
            <ul className="seat-choice">
              {free.map((s) => {
                const name = info.armies.find((a) => a.letter === s.army)?.name ?? s.army;
                return (
                  <li key={s.army}>
                    <ChallengeButton kind="accept" invitationId={inv.id} army={s.army} from="/lobby" label={`Take the seat of ${name}`} about={`in this ${info.name} game`} />
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      )}
      <MultiGamePlayer initial={state} viewerArmy={viewerArmy} actions={{ move: multiMoveAction, resign: multiResignAction }} />
    </main>
  );
}
