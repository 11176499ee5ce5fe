/**
 * Reads for the overview pages (home, lobby, player profile) that the game page
 * does not need: a player's own pending challenges, and win/draw/loss counts.
 * Never selects an email address: these rows are shown to people.
 */
import { aliasedTable, and, count, desc, eq, isNull, or, sql } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { games, invitations, users } from "@/lib/db/schema";
import { declarePresetVariants } from "./presets";

const invitee = aliasedTable(users, "invitee");

export interface OwnChallenge {
  invitationId: string;
  gameId: string;
  variant: string;
  daysPerMove: number;
  kind: "user" | "email" | "link" | "open";
  /** The invited player's display name (kind "user"); never an address. */
  toName: string | null;
  /** The secret of the accept link, for the author to pass on (kind "link", or "open" when not listed). */
  token: string;
  /** In the lobby: an open challenge to a public game. Any other open one is reached by its link. */
  listed: boolean;
  challengerColour: "white" | "black";
  createdAt: Date;
}

/** The pending challenges this player made, newest first (theirs to withdraw). */
export async function challengesBy(db: Executor, userId: string, limit = 100): Promise<OwnChallenge[]> {
  const rows = await db
    .select({
      invitationId: invitations.id, gameId: games.id, variant: games.variant, daysPerMove: games.daysPerMove,
      kind: invitations.kind, toName: invitee.name, token: invitations.token, whiteId: games.whiteId,
      createdAt: invitations.createdAt, visibility: games.visibility,
    })
    .from(invitations)
    .innerJoin(games, eq(games.id, invitations.gameId))
    .leftJoin(invitee, eq(invitee.id, invitations.toUserId))
    // A game for more than two is listed with the player's other such games, not as a game of two (app/page.tsx).
    .where(and(eq(invitations.fromId, userId), eq(invitations.status, "pending"), eq(games.status, "open"), isNull(games.seatCount)))
    .orderBy(desc(invitations.createdAt))
    .limit(limit);
  await declarePresetVariants(db, rows.map((r) => r.variant));
  return rows.map(({ whiteId, visibility, ...r }) => ({
    ...r, listed: r.kind === "open" && visibility === "public", challengerColour: whiteId === userId ? "white" : "black",
  }));
}

export interface VariantRecord {
  variant: string;
  wins: number;
  draws: number;
  losses: number;
}

/**
 * Wins, draws and losses per game over a player's finished games: public ones for
 * everybody, all of them for the player themself (the same rule as their game list).
 */
export async function recordByVariant(db: Executor, playerId: string, viewerId: string | null): Promise<VariantRecord[]> {
  const own = viewerId === playerId;
  const won = sql`(${games.result} = '1-0' and ${games.whiteId} = ${playerId}) or (${games.result} = '0-1' and ${games.blackId} = ${playerId})`;
  const rows = await db
    .select({
      variant: games.variant,
      outcome: sql<"win" | "draw" | "loss">`case when ${games.result} = '1/2-1/2' then 'draw' when ${won} then 'win' else 'loss' end`,
      n: count(),
    })
    .from(games)
    .where(and(
      or(eq(games.whiteId, playerId), eq(games.blackId, playerId)),
      eq(games.status, "finished"),
      own ? undefined : eq(games.visibility, "public"),
    ))
    .groupBy(sql`1`, sql`2`);
  await declarePresetVariants(db, rows.map((r) => r.variant));
  const byVariant = new Map<string, VariantRecord>();
  for (const r of rows) {
    const rec = byVariant.get(r.variant) ?? { variant: r.variant, wins: 0, draws: 0, losses: 0 };
    const n = Number(r.n);
    if (r.outcome === "win") rec.wins += n;
    else if (r.outcome === "draw") rec.draws += n;
    else rec.losses += n;
    byVariant.set(r.variant, rec);
  }
  return [...byVariant.values()];
}
