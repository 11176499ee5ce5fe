/**
 * The fuzz tests' world: players (one without a name, and an id nobody has), games
 * in every state and visibility (active, private with a draw offer, unlisted and
 * overdue, another variant, a repetition, finished) and pending challenges of every
 * kind, with the moves legal in each game.
 */
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import * as schema from "@/lib/db/schema";
import { createChallenge, resign } from "@/lib/games";
import { Game } from "@/lib/rules";
import { DAY, T0, insertActiveGame, seedPlayers, wipe, type Players } from "../support/games";

export interface World {
  p: Players & { nameless: string; ghost: string };
  users: string[];
  gameIds: string[];
  /** Per game: its ply, the moves legal there and who is to move, when the world was built. */
  legal: Map<string, { ply: number; moves: string[]; toMove: string | null }>;
  invitationIds: string[];
  tokens: string[];
}

export async function buildWorld(db: Db, previous?: World): Promise<World> {
  await wipe(db);
  await db.execute(sql`update users set vacation_since = null, vacation_used_seconds = 0, last_digest_at = null`);
  const p = previous?.p ?? await (async () => {
    const base = await seedPlayers(db);
    const [nameless] = await db.insert(schema.users).values({ email: "nameless@example.test" }).returning();
    return { ...base, nameless: nameless.id, ghost: "00000000-0000-4000-8000-000000000000" };
  })();
  // Settings fuzzing renames people and changes what mail they want: back to the start.
  await db.update(schema.users).set({ name: null });
  for (const [id, name, notify] of [[p.alice, "Alice", "every-move"], [p.bob, "Bob", "every-move"], [p.carol, "Carol", "digest"], [p.dave, "Dave", "every-move"], [p.nameless, null, "every-move"]] as const) {
    await db.update(schema.users).set({ name, notify, boardOrientation: "player", confirmMoves: true }).where(sql`${schema.users.id} = ${id}`);
  }
  const g = (s: Parameters<typeof insertActiveGame>[1]) => insertActiveGame(db, s);
  const gameIds = [
    await g({ white: p.alice, black: p.bob, moves: ["P e2-e4"] }),
    await g({ white: p.bob, black: p.dave, visibility: "private", drawOfferBy: p.bob }),
    await g({ white: p.alice, black: p.dave, visibility: "unlisted", moves: ["P e2-e4", "p e7-e5", "N g1-f3"], deadline: new Date(T0.getTime() - DAY) }),
    await g({ white: p.dave, black: p.alice, variant: "compound", moves: [] }),
    await g({ white: p.carol, black: p.bob, moves: ["N g1-f3", "n g8-f6", "N f3-g1", "n f6-g8", "N g1-f3", "n g8-f6", "N f3-g1", "n f6-g8"] }),
  ];
  await resign(db, p.alice, { gameId: await g({ white: p.alice, black: p.bob }) }, T0).then(() => undefined);
  const challenges = [
    await createChallenge(db, p.alice, { variant: "chess", color: "white", daysPerMove: 3, opponent: { kind: "open" } }, T0),
    await createChallenge(db, p.alice, { variant: "companion", color: "black", daysPerMove: 1, opponent: { kind: "user", name: "Bob" } }, T0),
    await createChallenge(db, p.bob, { variant: "chess", color: "random", daysPerMove: 7, visibility: "private", opponent: { kind: "email", email: "carol@example.test" } }, T0),
    await createChallenge(db, p.dave, { variant: "royal-substitute", color: "white", daysPerMove: 14, opponent: { kind: "link" } }, T0),
  ];
  const finishedAndOpen = (await db.select({ id: schema.games.id }).from(schema.games)).map((x) => x.id);
  const legal = new Map<string, { ply: number; moves: string[]; toMove: string | null }>();
  for (const row of await db.select().from(schema.games)) {
    const texts = (await db.select({ text: schema.moves.text }).from(schema.moves).where(sql`${schema.moves.gameId} = ${row.id}`).orderBy(schema.moves.ply)).map((m) => m.text);
    const game = Game.replay(row.variant, row.startFen, texts);
    legal.set(row.id, { ply: row.ply, moves: game.legalMoves().map((m) => m.text), toMove: game.turn() === "white" ? row.whiteId : row.blackId });
  }
  return {
    legal,
    p,
    users: [p.alice, p.bob, p.carol, p.dave, p.nameless, p.ghost],
    gameIds: [...new Set([...gameIds, ...finishedAndOpen])],
    invitationIds: challenges.map((c) => c.invitationId),
    tokens: challenges.map((c) => c.token),
  };
}
