/**
 * /games/<id>: the game. Anyone with the link sees a public or unlisted game;
 * a private one is "not found" for all but its players. The page is rendered per
 * request (it reads the session and the database); the GamePlayer takes it from
 * there and keeps it current.
 */
import Link from "next/link";
import { notFound } from "next/navigation";
import { DeclaredGame } from "@/app/_components/DeclaredGame";
import { GamePlayer } from "@/app/_components/GamePlayer";
import { PieceLegend } from "@/app/_components/PieceLegend";
import { DEFAULT_PIECE_SET } from "@/app/_components/pieces";
import type { ChallengeInfo, Colour, Viewer } from "@/app/_components/game-state";
import { getCurrentUser } from "@/lib/auth";
import { getDb } from "@/lib/db/client";
import type { GameView } from "@/lib/games";
import { mailSettings } from "@/lib/mail";
import { variantPath } from "@/lib/games/preset-ids";
import { declaredPreset } from "@/lib/games/presets";
import { variantInfo } from "@/lib/rules";
import { pageView, toGameState } from "./load";
import { loadMultiView, toMultiGameState } from "./multi-load";
import { MultiGamePage } from "./multi-page";
import { plyParam } from "./metadata";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

// Title plus link previews (Open Graph / Twitter card with the board picture), also for ?ply=N.
export { generateMetadata } from "./metadata";

const KINDS = ["user", "email", "link", "open"] as const;
const isKind = (k: string): k is (typeof KINDS)[number] => (KINDS as readonly string[]).includes(k);

/** What the page offers about a challenge nobody accepted yet: its author may withdraw, its addressee answer. */
function challengeFor(view: GameView, userId: string | null): ChallengeInfo | null {
  const inv = view.invitation;
  if (view.game.status !== "open" || !inv || !userId || !isKind(inv.kind)) return null;
  // An open challenge that is not public is not in the lobby: like a private link, its link is the way in.
  const byLink = inv.kind === "link" || (inv.kind === "open" && view.game.visibility !== "public");
  if (inv.fromId === userId) {
    const link = byLink ? `${mailSettings().siteUrl}/invitations/${inv.token}` : null;
    return { role: "author", invitationId: inv.id, kind: inv.kind, link };
  }
  // The token of a link invitation is its secret: only the lobby's and the named player's are shown
  // (and an unlisted open challenge's, to whoever has the game's link).
  if (inv.kind === "open" || inv.toUserId === userId) return { role: "invitee", answerPath: `/invitations/${inv.token}` };
  return null;
}

/** The game's pace: days per move, or for an imported game its record's TimeControl, if it had one. */
function timeControl(g: GameView["game"]): string {
  if (g.importedBy === null) return `${g.daysPerMove} ${g.daysPerMove === 1 ? "day" : "days"} per move · `;
  const tag = g.importTags?.TimeControl;
  return tag ? `imported, time control ${tag} · ` : "imported · ";
}

export default async function GamePage({ params, searchParams }: Props) {
  const [{ id }, search] = await Promise.all([params, searchParams]);
  const user = await getCurrentUser();
  const view = await pageView(id, user?.id ?? null);
  if (!view) {
    // Not a game of two this viewer may see: a game for more than two has a page of its own, by the same visibility rules.
    const multi = await loadMultiView(await getDb(), id, user?.id ?? null);
    if (multi === null || multi === "two") notFound();
    return <MultiGamePage view={multi} state={toMultiGameState(multi)} viewerId={user?.id ?? null} />;
  }
  if ("unreadable" in view) return <main><h1>This game cannot be shown</h1><p className="error">{view.unreadable}</p></main>;
  const g = view.game;
  // ?ply=N (a shared link to a position): shown first, when the game has got that far.
  const ply = plyParam(search.ply);
  const info = variantInfo(g.variant);
  const colour: Colour | null = !user ? null : g.whiteId === user.id ? "white" : g.blackId === user.id ? "black" : null;
  const viewer: Viewer = {
    colour,
    confirmMoves: user?.confirmMoves ?? true,
    orientation: colour && user?.boardOrientation !== "white" ? colour : "white",
    pieceSet: user?.pieceSet ?? DEFAULT_PIECE_SET,
    shogiCoordinates: user?.shogiCoordinates ?? false,
    moveNotation: user?.moveNotation ?? "coordinates",
  };
  // Notes are the author's alone (docs/chat.md#notes): read with the game for the viewer, shown only when they play here.
  const note = colour ? view.note ?? "" : null;
  const visibility = { public: "public game", unlisted: "unlisted game (only people with the link)", private: "private game" }[g.visibility];
  return (
    <main>
      <h1>{info.name}</h1>
      <p>
        {timeControl(g)}{visibility} ·{" "}
        <Link href={variantPath(g.variant)}>rules of {info.name}</Link>
      </p>
      {/* A preset's game: the browser declares the version this game plays before building it. */}
      <DeclaredGame decl={declaredPreset(g.variant) ?? null}>
        <GamePlayer
          initial={toGameState(view)}
          viewer={viewer}
          challenge={challengeFor(view, user?.id ?? null)}
          initialPly={ply !== undefined && ply < g.ply ? ply : null}
          note={note}
        />
        <PieceLegend variant={g.variant} name={info.name} />
      </DeclaredGame>
    </main>
  );
}
