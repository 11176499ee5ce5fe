/**
 * Helpers for the hardening tests (races, faults, fuzz): games set up by direct
 * inserts (fast, no email), and the invariants every stored game must satisfy
 * whatever happened to it.
 */
import { asc, eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Db, Executor } from "@/lib/db/client";
import { emailOutbox, games, moves, users, type Game as GameRow } from "@/lib/db/schema";
import { Game, makeRulesState, variantInfo } from "@/lib/rules";

export const T0 = new Date("2026-12-01T12:00:00Z");
export const DAY = 24 * 3600 * 1000;

export interface Players {
  alice: string;
  bob: string;
  carol: string;
  dave: string;
}

/** Empties every table the game service writes (users too when `everything`). DELETE: TRUNCATE costs ~150 ms. */
export async function wipe(db: Db, everything = false): Promise<void> {
  const tables = ["email_outbox", "moves", "invitations", "games"];
  if (everything) tables.push("sessions", "accounts", "verification_tokens", "users");
  for (const t of tables) await db.execute(sql.raw(`delete from ${t}`));
}

/** Alice, Bob and Dave want an email per move; Carol reads the daily digest. */
export async function seedPlayers(db: Db): Promise<Players> {
  await wipe(db, true);
  const rows = await db.insert(users).values([
    { name: "Alice", email: "alice@example.test" },
    { name: "Bob", email: "bob@example.test" },
    { name: "Carol", email: "carol@example.test", notify: "digest" },
    { name: "Dave", email: "dave@example.test" },
  ]).returning();
  const [alice, bob, carol, dave] = rows.map((r) => r.id);
  return { alice, bob, carol, dave };
}

export interface GameSetup {
  white: string;
  black: string;
  variant?: string;
  /** Moves already played (stored without emails). */
  moves?: string[];
  deadline?: Date;
  daysPerMove?: number;
  drawOfferBy?: string | null;
  visibility?: "public" | "unlisted" | "private";
  reminderPly?: number | null;
  /** Janggi: still in the stage of choosing the setups (lib/games/setups.ts), nobody having chosen. */
  choosingSetups?: boolean;
}

/** An active game, inserted directly: as if accepted and played up to `moves`, its emails already gone. */
export async function insertActiveGame(db: Executor, s: GameSetup): Promise<string> {
  const variant = s.variant ?? "chess";
  const startFen = variantInfo(variant).startFen;
  const game = Game.start(variant, startFen);
  const played = (s.moves ?? []).map((m) => {
    const text = game.play(m);
    return { text, fenAfter: game.fen() };
  });
  const [g] = await db.insert(games).values({
    variant, whiteId: s.white, blackId: s.black, status: "active", startFen, currentFen: game.fen(),
    ply: played.length, daysPerMove: s.daysPerMove ?? 3, deadline: s.deadline ?? new Date(T0.getTime() + 3 * DAY),
    visibility: s.visibility ?? "public", drawOfferBy: s.drawOfferBy ?? null, reminderPly: s.reminderPly ?? null,
    choosingSetups: s.choosingSetups ?? false,
    createdAt: T0, updatedAt: T0, lastMoveAt: played.length ? T0 : null,
  }).returning({ id: games.id });
  if (played.length) {
    await db.insert(moves).values(played.map((m, i) => ({
      gameId: g.id, ply: i + 1, text: m.text, fenAfter: m.fenAfter, playerId: i % 2 === 0 ? s.white : s.black, createdAt: T0,
    })));
  }
  return g.id;
}

/**
 * The invariants of a stored game: moves numbered 1..n without a gap, each by the
 * side whose turn it was and legal when replayed from the start (reproducing its
 * stored position); games.ply = n; currentFen = the last move's position; status,
 * result and deadline agree with each other.
 */
export async function expectConsistent(db: Executor, id: string): Promise<{ game: GameRow; moves: string[] }> {
  const [g] = await db.select().from(games).where(eq(games.id, id));
  expect(g, `game ${id} exists`).toBeDefined();
  const ms = await db.select().from(moves).where(eq(moves.gameId, id)).orderBy(asc(moves.ply));
  expect(ms.map((m) => m.ply)).toEqual(ms.map((_, i) => i + 1));
  expect(g.ply).toBe(ms.length);
  const replay = Game.start(g.variant, g.startFen);
  for (const m of ms) {
    const mover = replay.turn() === "white" ? g.whiteId : g.blackId;
    expect(m.playerId).toBe(mover);
    expect(replay.play(m.text)).toBe(m.text);
    expect(m.fenAfter).toBe(replay.fen());
  }
  expect(g.currentFen).toBe(replay.fen());
  // The stored rules state, once a move stored it, is the replayed game's, exactly.
  if (g.rulesState !== null) expect(g.rulesState).toBe(makeRulesState(replay));
  if (g.status === "finished") {
    expect(g.result).not.toBeNull();
    expect(g.endReason).not.toBeNull();
    expect(g.deadline).toBeNull();
  } else {
    expect(g.result).toBeNull();
  }
  if (g.status === "active") expect(g.deadline).not.toBeNull();
  // A game the rules call over was finished in the same transaction as its last move.
  if (g.status === "active") expect(replay.status()).toEqual({ result: "ongoing" });
  return { game: g, moves: ms.map((m) => m.text) };
}

/** The outbox as sorted lines "kind to [ply]", for comparing with what the committed events should have queued. */
export async function mailLines(db: Executor, gameId?: string): Promise<string[]> {
  const rows = await db.select({ kind: emailOutbox.kind, to: emailOutbox.toAddress, payload: emailOutbox.payload }).from(emailOutbox);
  return rows
    .filter((r) => !gameId || r.payload?.gameId === gameId)
    .map((r) => [r.kind, r.to, r.payload && "ply" in r.payload ? `ply=${String(r.payload.ply)}` : ""].join(" ").trim())
    .sort();
}

/** Lines as mailLines writes them. */
export const yourTurnLine = (to: string, ply: number) => `your-turn ${to}@example.test ply=${ply}`;
export const gameOverLines = (...to: string[]) => to.map((t) => `game-over ${t}@example.test`);
