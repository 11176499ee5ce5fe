/**
 * Time in correspondence play: days per move, reminders, timeouts, the daily
 * digest, "+1 day" and vacations. The worker calls runClock every few seconds; each
 * game is judged in its own transaction under a row lock taken with SKIP LOCKED, so
 * several workers never decide the same timeout twice. `now` is a parameter so
 * tests move the clock instead of sleeping.
 */
import { and, eq, isNotNull, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { Db, Executor } from "@/lib/db/client";
import { gameSeats, games, users, type Game as GameRow, type User } from "@/lib/db/schema";
import { hasEventSince, recordEvents } from "@/lib/auth/rate-limit";
import { GameError } from "./errors";
import { gameActionInput } from "./inputs";
import { queueCancelled, queueDigest, queueReminder, queueVacation } from "./notify";
import { declarePresetVariants, isUnreadablePreset } from "./presets";
import { colourOf, DAY_MS, finish, loadRules, lockGame, parse, requireActive, userById } from "./service";
import { sideToAct } from "./setups";
import { timeOutMulti } from "./multi";

/** Vacation days each player may take per calendar year. */
export const VACATION_DAYS_PER_YEAR = 30;
const ALLOWANCE_S = VACATION_DAYS_PER_YEAR * 24 * 3600;

/** The player the game waits for: to choose a setup (lib/games/setups.ts) or to move. */
function playerToMove(g: GameRow): string {
  return sideToAct(g) === "white" ? g.whiteId! : g.blackId!;
}
function otherPlayer(g: GameRow, id: string): string {
  return g.whiteId === id ? g.blackId! : g.whiteId!;
}

/**
 * Reminder threshold: when a day is left; with one day per move (where a day is
 * the whole time) when a fifth of it is left.
 */
export function reminderLeadMs(daysPerMove: number): number {
  return daysPerMove >= 2 ? DAY_MS : (daysPerMove * DAY_MS) / 5;
}

export interface ClockReport {
  timeouts: number;
  cancelled: number;
  reminders: number;
  digests: number;
  vacationsEnded: number;
}

export async function runClock(db: Db, now = new Date()): Promise<ClockReport> {
  const report: ClockReport = { timeouts: 0, cancelled: 0, reminders: 0, digests: 0, vacationsEnded: 0 };
  report.vacationsEnded = await endSpentVacations(db, now);
  const due = await db.select({ id: games.id }).from(games)
    .where(and(eq(games.status, "active"), lte(games.deadline, now)));
  for (const { id } of due) {
    const r = await decideTimeout(db, id, now);
    if (r === "timeout") report.timeouts++;
    if (r === "cancelled") report.cancelled++;
  }
  // Candidates within a day of their deadline; the exact threshold depends on the time control.
  const soon = await db.select({ id: games.id }).from(games).where(and(
    eq(games.status, "active"), lte(games.deadline, new Date(now.getTime() + DAY_MS)),
    or(isNull(games.reminderPly), ne(games.reminderPly, games.ply)),
    // Reminders name one opponent: games for more than two have none yet (docs/games-for-more-than-two-service.md#timeouts).
    isNull(games.seatCount),
  ));
  for (const { id } of soon) if (await remind(db, id, now)) report.reminders++;
  report.digests = await sendDigests(db, now);
  return report;
}

/**
 * Locks a game for a background job; null when another worker holds it right now, or when the
 * rules no longer read its preset version (nothing about it can be judged: it waits as it is).
 */
async function lockForJob(tx: Executor, id: string): Promise<GameRow | null> {
  const [g] = await tx.select().from(games).where(eq(games.id, id)).for("update", { skipLocked: true });
  if (g) await declarePresetVariants(tx, [g.variant]);
  return g && !isUnreadablePreset(g.variant) ? g : null;
}

async function decideTimeout(db: Db, id: string, now: Date): Promise<"timeout" | "cancelled" | null> {
  return db.transaction(async (tx) => {
    const g = await lockForJob(tx, id);
    if (!g || g.status !== "active" || !g.deadline || g.deadline > now) return null;
    // More than two: the army to move goes out and the others play on (docs/games-for-more-than-two-service.md#timeouts).
    if (g.seatCount !== null) return timeOutMulti(tx, g, now);
    const late = await userById(tx, playerToMove(g));
    if (late.vacationSince) return null; // paused: the deadline moves on when the vacation ends
    const other = await userById(tx, otherPlayer(g, late.id));
    if (g.ply < 2) {
      // Decision: a game in which either player never made a first move is cancelled, not scored;
      // so is one whose setups were not chosen in time (docs/games/janggi.md#choosing-the-setups).
      const reason = g.choosingSetups ? "no-setup-chosen" : "no-first-move";
      await tx.update(games).set({ status: "cancelled", endReason: reason, deadline: null, updatedAt: now })
        .where(eq(games.id, g.id));
      await queueCancelled(tx, late, g, other.name ?? "your opponent", reason, now);
      await queueCancelled(tx, other, g, late.name ?? "your opponent", reason, now);
      return "cancelled";
    }
    const winner = g.whiteId === late.id ? "black" : "white";
    const rules = await loadRules(tx, g);
    if (rules.couldWin(winner)) await finish(tx, g, winner === "white" ? "1-0" : "0-1", "timeout", now);
    else await finish(tx, g, "1/2-1/2", "timeout-vs-insufficient-material", now);
    return "timeout";
  });
}

async function remind(db: Db, id: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const g = await lockForJob(tx, id);
    if (!g || g.status !== "active" || !g.deadline || g.reminderPly === g.ply) return false;
    const left = g.deadline.getTime() - now.getTime();
    if (left <= 0 || left > reminderLeadMs(g.daysPerMove)) return false;
    const player = await userById(tx, playerToMove(g));
    if (player.vacationSince) return false;
    const opponent = await userById(tx, otherPlayer(g, player.id));
    // Marked even when the player wants no mail: one decision per move.
    await tx.update(games).set({ reminderPly: g.ply }).where(eq(games.id, g.id));
    const waiting = { id: g.id, variant: g.variant, deadline: g.deadline, choosingSetups: g.choosingSetups };
    return queueReminder(tx, player, waiting, opponent.name ?? "your opponent", now);
  });
}

/** One email a day to each digest reader with games waiting for their move. */
async function sendDigests(db: Db, now: Date): Promise<number> {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const readers = await db.select({ id: users.id }).from(users).where(and(
    eq(users.notify, "digest"), isNotNull(users.email), or(isNull(users.lastDigestAt), lte(users.lastDigestAt, dayAgo)),
  ));
  let sent = 0;
  for (const { id } of readers) {
    const queued = await db.transaction(async (tx) => {
      const [u] = await tx.select().from(users).where(eq(users.id, id)).for("update", { skipLocked: true });
      if (!u || !u.email || (u.lastDigestAt && u.lastDigestAt > dayAgo)) return false;
      const waiting = await gamesWaitingFor(tx, u.id);
      if (waiting.length === 0) return false;
      await queueDigest(tx, u.email, waiting, now);
      await tx.update(users).set({ lastDigestAt: now }).where(eq(users.id, u.id));
      return true;
    });
    if (queued) sent++;
  }
  return sent;
}

async function gamesWaitingFor(tx: Executor, userId: string) {
  const rows = await tx.select().from(games).where(and(
    eq(games.status, "active"), or(eq(games.whiteId, userId), eq(games.blackId, userId)),
  ));
  const waiting = rows.filter((g) => playerToMove(g) === userId && g.deadline);
  await declarePresetVariants(tx, waiting.map((g) => g.variant));
  const out = [];
  for (const g of waiting) {
    const opponent = await userById(tx, otherPlayer(g, userId));
    out.push({ id: g.id, variant: g.variant, opponent: opponent.name ?? "your opponent", deadline: g.deadline! });
  }
  return out.sort((a, b) => a.deadline.getTime() - b.deadline.getTime());
}

/** "+1 day": a player gives the opponent, who is to move, one more day. */
export async function giveExtraDay(db: Db, userId: string, raw: { gameId: string }, now = new Date()): Promise<Date> {
  const { gameId } = parse(gameActionInput, raw);
  return db.transaction(async (tx) => {
    const g = await lockGame(tx, gameId);
    colourOf(g, userId);
    requireActive(g);
    if (playerToMove(g) === userId) throw new GameError("invalid", "you can give time only while your opponent is to move");
    const deadline = new Date(Math.max(g.deadline?.getTime() ?? now.getTime(), now.getTime()) + DAY_MS);
    // A fresh reminder may be due again before the new deadline.
    await tx.update(games).set({ deadline, reminderPly: null, updatedAt: now }).where(eq(games.id, g.id));
    return deadline;
  });
}

// ---------------------------------------------------------------- vacation

/** Seconds of vacation left this year. */
export function vacationLeftSeconds(u: Pick<User, "vacationUsedSeconds" | "vacationYear" | "vacationSince">, now: Date): number {
  const used = u.vacationYear === now.getUTCFullYear() ? u.vacationUsedSeconds : 0;
  const running = u.vacationSince ? Math.floor((now.getTime() - u.vacationSince.getTime()) / 1000) : 0;
  return Math.max(0, ALLOWANCE_S - used - running);
}

async function activeGamesOf(tx: Executor, userId: string): Promise<GameRow[]> {
  const rows = await tx.select().from(games).where(and(
    eq(games.status, "active"), or(eq(games.whiteId, userId), eq(games.blackId, userId)),
  )).for("update");
  await declarePresetVariants(tx, rows.map((g) => g.variant));
  return rows;
}

/** The games for more than two under way whose army to move is this player's (the N-FEN's second field, kept current by every change). */
async function multiGamesWaitingFor(tx: Executor, userId: string): Promise<GameRow[]> {
  const rows = await tx.select({ game: games }).from(games).innerJoin(gameSeats, eq(gameSeats.gameId, games.id))
    .where(and(eq(games.status, "active"), eq(gameSeats.userId, userId), sql`split_part(${games.currentFen}, ' ', 2) = ${gameSeats.army}`))
    .for("update", { of: games });
  return rows.map((r) => r.game);
}

export async function startVacation(db: Db, userId: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [u] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!u) throw new GameError("not-found", "no such player");
    if (u.vacationSince) throw new GameError("invalid", "you are already on vacation");
    const year = now.getUTCFullYear();
    const used = u.vacationYear === year ? u.vacationUsedSeconds : 0;
    if (used >= ALLOWANCE_S) throw new GameError("invalid", `you have used your ${VACATION_DAYS_PER_YEAR} vacation days for ${year}`);
    await tx.update(users).set({ vacationSince: now, vacationYear: year, vacationUsedSeconds: used }).where(eq(users.id, userId));
    await tellOpponents(tx, u, await activeGamesOf(tx, userId), true, now);
  });
}

/**
 * Ends a vacation: the time it lasted is charged to the allowance, and in each game
 * waiting for this player the deadline moves on by the part of the vacation that
 * fell within the player's turn.
 */
export async function endVacation(db: Db, userId: string, now = new Date()): Promise<void> {
  await db.transaction((tx) => endVacationIn(tx, userId, now));
}

async function endVacationIn(tx: Executor, userId: string, now: Date): Promise<boolean> {
  const [u] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
  if (!u?.vacationSince) return false;
  const since = u.vacationSince;
  const usedNow = Math.min(ALLOWANCE_S, u.vacationUsedSeconds + Math.floor((now.getTime() - since.getTime()) / 1000));
  await tx.update(users).set({ vacationSince: null, vacationUsedSeconds: usedNow }).where(eq(users.id, userId));
  const active = await activeGamesOf(tx, userId);
  const waiting = [...active.filter((g) => playerToMove(g) === userId), ...(await multiGamesWaitingFor(tx, userId))];
  for (const g of waiting) {
    if (!g.deadline) continue;
    const turnStart = g.deadline.getTime() - g.daysPerMove * DAY_MS;
    const paused = now.getTime() - Math.max(since.getTime(), turnStart);
    if (paused > 0) await tx.update(games).set({ deadline: new Date(g.deadline.getTime() + paused) }).where(eq(games.id, g.id));
  }
  await tellOpponents(tx, u, active, false, now);
  return true;
}

/**
 * Tells each opponent that the player went away or came back: one email for all the
 * games they share, and at most one a day per opponent, so switching vacation on and
 * off cannot flood anyone's mailbox. Decision: only the email is held back. The pause
 * itself always applies (deadlines never depend on an email), and what an opponent
 * misses is harmless to them: a vacation pauses only the clock of the player on
 * vacation, and the game's deadline, moved on when the vacation ends, is the truth.
 * Runs under the player's row lock, so check and count are one step.
 */
async function tellOpponents(tx: Executor, player: User, active: GameRow[], away: boolean, now: Date): Promise<void> {
  const shared = new Map<string, GameRow[]>();
  for (const g of active) {
    const id = otherPlayer(g, player.id);
    shared.set(id, [...(shared.get(id) ?? []), g]);
  }
  const dayAgo = new Date(now.getTime() - DAY_MS);
  for (const [opponentId, games] of shared) {
    const key = `${player.id}>${opponentId}`;
    if (await hasEventSince(tx, "vacation-notice", key, dayAgo)) continue;
    const opponent = await userById(tx, opponentId);
    if (await queueVacation(tx, opponent, games, player.name ?? "your opponent", away, now)) {
      await recordEvents(tx, [{ bucket: "vacation-notice", key }], now);
    }
  }
}

/** Vacations whose yearly allowance has run out end by themselves. */
async function endSpentVacations(db: Db, now: Date): Promise<number> {
  const onVacation = await db.select().from(users).where(isNotNull(users.vacationSince));
  let n = 0;
  for (const u of onVacation) {
    if (vacationLeftSeconds(u, now) > 0) continue;
    if (await db.transaction((tx) => endVacationIn(tx, u.id, now))) n++;
  }
  return n;
}

