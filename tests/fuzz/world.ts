/**
 * The fuzz tests' world: players (one without a name, and an id nobody has), games
 * in every state and visibility (active, private with a draw offer, unlisted and
 * overdue, another variant, a repetition, a Janggi game whose players choose their setups,
 * finished) and pending challenges of every
 * kind, with the moves legal in each game; and calls that succeed in it as built
 * (validCall), so that each fuzz reaches its target's success path too.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import * as schema from "@/lib/db/schema";
import { createChallenge, resign, setupStage } from "@/lib/games";
import { Game } from "@/lib/rules";
import { DAY, T0, insertActiveGame, seedPlayers, wipe, type Players } from "../support/games";
import type { Rng } from "./random";

export interface GameFacts {
  ply: number;
  moves: string[];
  toMove: string | null;
  white: string | null;
  black: string | null;
  status: string;
  drawOfferBy: string | null;
  /** The draws that may be claimed in its position. */
  claims: string[];
  /** The player to choose a setup now, while the setups are chosen (Janggi); null otherwise. */
  chooser: string | null;
  /** A conditional line legal here (a move of the player to move, an answer), or none. */
  line: string[];
}

export interface InvitationFacts {
  id: string;
  token: string;
  gameId: string;
  from: string;
  /** Who may accept it: the invited player, or any other named player for an open or link challenge. */
  acceptors: string[];
  /** Who may decline it: the invited player (open and link challenges are not declined). */
  decliner: string | null;
}

export interface World {
  p: Players & { nameless: string; ghost: string };
  users: string[];
  gameIds: string[];
  /** Per game, when the world was built: its ply, the moves legal there, who is to move, its players and state. */
  legal: Map<string, GameFacts>;
  invitations: InvitationFacts[];
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
    await g({ white: p.dave, black: p.bob, variant: "janggi", choosingSetups: true }),
  ];
  await resign(db, p.alice, { gameId: await g({ white: p.alice, black: p.bob }) }, T0).then(() => undefined);
  const challenges = [
    await createChallenge(db, p.alice, { variant: "chess", color: "white", daysPerMove: 3, opponent: { kind: "open" } }, T0),
    await createChallenge(db, p.alice, { variant: "companion", color: "black", daysPerMove: 1, opponent: { kind: "user", name: "Bob" } }, T0),
    await createChallenge(db, p.bob, { variant: "chess", color: "random", daysPerMove: 7, visibility: "private", opponent: { kind: "email", email: "carol@example.test" } }, T0),
    await createChallenge(db, p.dave, { variant: "royal-substitute", color: "white", daysPerMove: 14, opponent: { kind: "link" } }, T0),
  ];
  const finishedAndOpen = (await db.select({ id: schema.games.id }).from(schema.games)).map((x) => x.id);
  const legal = new Map<string, GameFacts>();
  for (const row of await db.select().from(schema.games)) {
    const texts = (await db.select({ text: schema.moves.text }).from(schema.moves).where(sql`${schema.moves.gameId} = ${row.id}`).orderBy(schema.moves.ply)).map((m) => m.text);
    const game = Game.replay(row.variant, row.startFen, texts);
    const choosing = setupStage(row)?.toChoose;
    const expected = game.legalMoves().at(-1)?.text;
    const answer = expected && Game.replay(row.variant, row.startFen, [...texts, expected]).legalMoves()[0]?.text;
    legal.set(row.id, {
      chooser: choosing === "white" ? row.whiteId : choosing === "black" ? row.blackId : null,
      ply: row.ply, moves: game.legalMoves().map((m) => m.text), toMove: game.turn() === "white" ? row.whiteId : row.blackId,
      white: row.whiteId, black: row.blackId, status: row.status, drawOfferBy: row.drawOfferBy, claims: game.claimableDraws(),
      line: expected && answer ? [expected, answer] : [],
    });
  }
  const named = await db.select({ id: schema.users.id, email: schema.users.email }).from(schema.users).where(sql`${schema.users.name} is not null`);
  const invitations = (await db.select().from(schema.invitations)).map((inv): InvitationFacts => {
    const invited = inv.kind === "user" ? named.filter((u) => u.id === inv.toUserId)
      : inv.kind === "email" ? named.filter((u) => u.email?.toLowerCase() === inv.toEmail?.toLowerCase())
      : named.filter((u) => u.id !== inv.fromId);
    return {
      id: inv.id, token: inv.token, gameId: inv.gameId, from: inv.fromId, acceptors: invited.map((u) => u.id),
      decliner: inv.kind === "user" || inv.kind === "email" ? invited[0]?.id ?? null : null,
    };
  });
  return {
    legal,
    invitations,
    p,
    users: [p.alice, p.bob, p.carol, p.dave, p.nameless, p.ghost],
    gameIds: [...new Set([...gameIds, ...finishedAndOpen])],
    invitationIds: challenges.map((c) => c.invitationId),
    tokens: challenges.map((c) => c.token),
  };
}

/** What a player can do that changes a game or an invitation. */
export type Doing =
  | "move" | "conditional" | "resign" | "offerDraw" | "answerDraw" | "extraDay" | "claimDraw" | "chooseSetup" | "accept" | "acceptByToken" | "decline" | "withdraw";

/**
 * A call that succeeds in the world as built: who makes it and its input (the
 * service's input; the game page's actions take the same). After a success the
 * world has moved on, so later ones may be refused; `pending`, the invitations
 * still pending now, keeps to those. Null when nothing qualifies.
 */
export function validCall(r: Rng, w: World, doing: Doing, pending?: Set<string>): { user: string; input: Record<string, unknown> } | null {
  // A game whose setups are being chosen takes nothing but the choice.
  const games = [...w.legal].filter(([, g]) => g.status === "active" && g.white && g.black && g.chooser === null);
  const pick = <T>(xs: T[]): T | null => (xs.length ? r.pick(xs) : null);
  const player = (g: GameFacts) => r.pick([g.white!, g.black!]);
  const game = (ok: (g: GameFacts) => boolean = () => true) => pick(games.filter(([, g]) => ok(g)));
  const invitation = (ok: (i: InvitationFacts) => boolean) => pick(w.invitations.filter((i) => ok(i) && (!pending || pending.has(i.id))));
  switch (doing) {
    case "move": {
      const [gameId, g] = game((g) => g.moves.length > 0) ?? [];
      return g ? { user: g.toMove!, input: { gameId, expectedPly: g.ply, move: r.pick(g.moves) } } : null;
    }
    case "conditional": {
      const [gameId, g] = game((g) => g.line.length > 0) ?? [];
      return g ? { user: g.toMove === g.white ? g.black! : g.white!, input: { gameId, expectedPly: g.ply, moves: g.line } } : null;
    }
    case "resign":
    case "offerDraw": {
      const [gameId, g] = game() ?? [];
      return g ? { user: player(g), input: { gameId } } : null;
    }
    case "answerDraw": {
      const [gameId, g] = game((g) => g.drawOfferBy !== null) ?? [];
      return g ? { user: g.drawOfferBy === g.white ? g.black! : g.white!, input: { gameId } } : null;
    }
    case "extraDay": {
      const [gameId, g] = game() ?? [];
      return g ? { user: g.toMove === g.white ? g.black! : g.white!, input: { gameId } } : null;
    }
    case "claimDraw": {
      const [gameId, g] = game((g) => g.claims.length > 0) ?? [];
      return g ? { user: player(g), input: { gameId, reason: r.pick(g.claims) } } : null;
    }
    case "chooseSetup": {
      const [gameId, g] = pick([...w.legal].filter(([, g]) => g.status === "active" && g.chooser !== null)) ?? [];
      return g ? { user: g.chooser!, input: { gameId, setup: r.int(4) } } : null;
    }
    case "accept":
    case "acceptByToken": {
      const inv = invitation((i) => i.acceptors.length > 0);
      if (!inv) return null;
      return { user: r.pick(inv.acceptors), input: doing === "accept" ? { invitationId: inv.id } : { token: inv.token } };
    }
    case "decline": {
      const inv = invitation((i) => i.decliner !== null);
      return inv ? { user: inv.decliner!, input: { invitationId: inv.id } } : null;
    }
    case "withdraw": {
      const inv = invitation(() => true);
      return inv ? { user: inv.from, input: { invitationId: inv.id, gameId: inv.gameId } } : null;
    }
  }
}

/** The ids of the invitations pending now. */
export async function pendingInvitations(db: Db): Promise<Set<string>> {
  const rows = await db.select({ id: schema.invitations.id }).from(schema.invitations).where(eq(schema.invitations.status, "pending"));
  return new Set(rows.map((x) => x.id));
}
