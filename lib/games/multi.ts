/**
 * The service of the games for more than two (lib/rules/multi, docs/games-for-more-than-two-service.md):
 * a challenge for N seats, taking a seat, moves, resignation and timeouts per army, and the end.
 * The game row is locked (lockGame) for every change, and moves carry the expected ply, as for two.
 * Its players are in game_seats (one a seat, the seat's army is the army of that index in turn order);
 * armies that went out by resignation or timeout are in game_eliminations. Every change stores the
 * game's rules state with its position (games.rules_state), from which the next one resumes it:
 * the moves and eliminations are replayed only for a game stored before the state was kept.
 */
import { and, asc, count, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db, Executor } from "@/lib/db/client";
import { gameEliminations, gameSeats, games, invitations, moves, users, type Game as GameRow, type GameSeat, type User } from "@/lib/db/schema";
import { MultiGame, RulesError, makeMultiRulesState, multiGameInfo, replayMultiGame, type MultiElimination, type MultiStatus } from "@/lib/rules";
import { botOfLevel } from "./bot-accounts";
import { GameError } from "./errors";
import { gameActionInput, moveInput, multiChallengeInput, type MoveInput, type MultiChallengeInput } from "./inputs";
import { gameName, queueCancelled, queueInvitation, queueMultiGameOver, queueMultiTurn } from "./notify";
import { deadlineAfter, limitBotGames, limitInvitations, lockGame, noSuchGame, parse, requireActive, userById, type CreatedChallenge } from "./service";
import { resumeOrReplay, storableState } from "./stored-rules";

export type Elimination = MultiElimination;
export type EliminationReason = Elimination["reason"];

/** A stored game replayed: its moves, and the armies that went out between them (lib/rules/multi/replay.ts); loadMulti resumes it instead. */
export const replayMulti = (variant: string, startFen: string, played: readonly string[], out: readonly Elimination[]): MultiGame =>
  replayMultiGame(variant, startFen, played, out).game;

/**
 * The rules' view of a stored game: resumed from its stored rules state, so no change replays the
 * game however long it is; a game stored before the state was kept (or whose state does not read or
 * is not its position) is replayed with its eliminations, and its next change stores the state
 * (lib/games/stored-rules.ts).
 */
async function loadMulti(tx: Executor, g: GameRow): Promise<MultiGame> {
  return resumeOrReplay(g, (state) => MultiGame.resume(g.variant, g.startFen, state), async () => {
    const [played, out] = await Promise.all([movesOf(tx, g.id), eliminationsOf(tx, g.id)]);
    return replayMulti(g.variant, g.startFen, played, out);
  });
}

/** A game's position as stored: its N-FEN and its rules state (loadMulti), written together wherever the position changes. */
const positionOf = (rules: MultiGame): { currentFen: string; rulesState: string | null } =>
  ({ currentFen: rules.fen(), rulesState: storableState(() => makeMultiRulesState(rules)) });

/** The army to move of an active game: the N-FEN's second field (docs/notation.md#games-for-more-than-two), kept current by every change. */
const armyToMove = (g: Pick<GameRow, "currentFen">): string | null => g.currentFen.split(" ")[1] ?? null;

/** The seats in turn order, with their players (bots too) by id: one read. */
interface Seated {
  seats: GameSeat[];
  people: Map<string, User>;
}

async function readSeats(tx: Executor, gameId: string): Promise<Seated> {
  const rows = await tx.select({ seat: gameSeats, user: users }).from(gameSeats).leftJoin(users, eq(users.id, gameSeats.userId))
    .where(eq(gameSeats.gameId, gameId)).orderBy(asc(gameSeats.seat));
  return { seats: rows.map((r) => r.seat), people: new Map(rows.flatMap((r) => (r.user ? [[r.user.id, r.user] as const] : []))) };
}

const movesOf = async (tx: Executor, gameId: string): Promise<string[]> =>
  (await tx.select({ text: moves.text }).from(moves).where(eq(moves.gameId, gameId)).orderBy(asc(moves.ply))).map((m) => m.text);

const eliminationsOf = async (tx: Executor, gameId: string): Promise<Elimination[]> =>
  (await tx.select().from(gameEliminations).where(eq(gameEliminations.gameId, gameId)).orderBy(asc(gameEliminations.n)))
    .map((e) => ({ army: e.army, reason: e.reason as EliminationReason, afterPly: e.afterPly }));

const isSeated = (seats: GameSeat[], userId: string | null) => userId !== null && seats.some((s) => s.userId === userId);

/**
 * The acting player's seat: every action on a game asks this first. Others are refused as in
 * games of two: on a private game as if it did not exist, else with "forbidden".
 */
function seatOf(g: GameRow, seats: GameSeat[], userId: string, toMove?: string): GameSeat {
  // A bot's account may hold several seats (the bots' worker moves for each through this service): the one to move, if it is one.
  const mine = seats.filter((s) => s.userId === userId);
  if (mine.length > 0) return mine.find((s) => s.army === toMove) ?? mine[0];
  if (g.visibility === "private") throw noSuchGame();
  throw new GameError("forbidden", "only the players of this game may do that");
}

async function lockMultiGame(tx: Executor, gameId: string): Promise<GameRow> {
  const g = await lockGame(tx, gameId);
  // A game of two answers as missing here, as a game for more than two does to the functions of two.
  if (g.seatCount === null) throw noSuchGame();
  return g;
}

const armyName = (variant: string, army: string) => multiGameInfo(variant).armies.find((a) => a.letter === army)?.name ?? army;

/** "Bob, Carol and Dave": the other players by display name (never an address). */
function othersOf(seats: GameSeat[], people: Map<string, User>, exceptUserId: string | null): string {
  const names = seats.filter((s) => s.userId && s.userId !== exceptUserId).map((s) => people.get(s.userId!)?.name ?? "a player");
  return names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

// ---------------------------------------------------------------- challenges

/**
 * Creates a game for more than two: the creator takes the seat of their choice (or one at random),
 * bots take the seats given them, players named are invited (each gets an invitation, and a seat is
 * kept for them), and the other seats are taken by link or from the lobby (`others`).
 */
export async function createMultiChallenge(db: Db, userId: string, raw: MultiChallengeInput, now = new Date()): Promise<CreatedChallenge> {
  const input = parse(multiChallengeInput, raw);
  const info = multiGameInfo(input.variant);
  return db.transaction(async (tx) => {
    const me = await userById(tx, userId);
    if (!me.name) throw new GameError("forbidden", "choose a display name first");
    const invited: User[] = [];
    for (const name of input.invite) {
      const [other] = await tx.select().from(users).where(sql`lower(${users.name}) = lower(${name})`);
      if (!other) throw new GameError("not-found", `there is no player called ${name}`);
      if (other.id === me.id) throw new GameError("invalid", "you cannot invite yourself: you have a seat already");
      if (other.botLevel !== null) throw new GameError("invalid", `${other.name} is a bot: give it a seat by its level`);
      invited.push(other);
    }
    const bots = new Map<string, { id: string; level: number }>();
    for (const b of input.bots) {
      const bot = await botOfLevel(tx, b.level);
      if (!bot) throw new GameError("not-found", `there is no bot of level ${b.level}`);
      bots.set(b.army, { id: bot.id, level: b.level });
    }
    // Bots' searches cost the service: the limits of games against bots count this game too (docs/playing-bots.md#limits).
    if (bots.size > 0) await limitBotGames(tx, me.id, Math.max(...[...bots.values()].map((b) => b.level)));
    const free = info.armies.filter((a) => !bots.has(a.letter)).map((a) => a.letter);
    const mine = input.seat === "random" ? free[Math.floor(Math.random() * free.length)] : input.seat;
    const full = 1 + bots.size === info.armies.length;
    const start = MultiGame.start(input.variant);
    const [g] = await tx.insert(games).values({
      variant: input.variant, seatCount: info.armies.length, status: full ? "active" : "open",
      deadline: full ? deadlineAfter(now, input.daysPerMove) : null,
      startFen: start.fen(), ...positionOf(start), daysPerMove: input.daysPerMove, visibility: input.visibility, createdAt: now, updatedAt: now,
    }).returning();
    await tx.insert(gameSeats).values(info.armies.map((a, seat) => ({
      gameId: g.id, seat, army: a.letter,
      userId: a.letter === mine ? me.id : bots.get(a.letter)?.id ?? null,
      botLevel: bots.get(a.letter)?.level ?? null,
    })));
    const invite = { gameId: g.id, variant: g.variant, daysPerMove: g.daysPerMove, inviteeColour: "the seat of your choice" };
    const made = [];
    for (const other of invited) {
      // Checked one by one, each stored before the next is counted: one challenge cannot carry more than the day's limit.
      await limitInvitations(tx, me.id, { player: other, email: other.email }, now);
      const [inv] = await tx.insert(invitations).values({ gameId: g.id, fromId: me.id, toUserId: other.id, kind: "user", createdAt: now }).returning();
      if (other.email && other.notify !== "none") await queueInvitation(tx, other.email, { ...invite, token: inv.token }, me.name, now);
      made.push(inv);
    }
    // One invitation for all the seats nobody was named for: the link (or the lobby) seats one player at a time.
    if (1 + bots.size + invited.length < info.armies.length) {
      const [inv] = await tx.insert(invitations).values({ gameId: g.id, fromId: me.id, kind: input.others, createdAt: now }).returning();
      made.unshift(inv);
    }
    if (full) await tellFirstToMove(tx, g, null, now);
    // Every seat given at once (the creator's and bots'): no invitation, so no id and no link ("").
    return { gameId: g.id, invitationId: made[0]?.id ?? "", token: made[0]?.token ?? "" };
  });
}

/**
 * Seats `me` by an invitation already checked (acceptInvitation: pending, theirs to accept, the
 * game open and locked). A seat named players were invited to is kept for them: the link and the
 * lobby seat others only while more seats are free than named invitations wait. The last seat taken
 * starts the game.
 */
export async function takeSeatIn(
  tx: Executor, g: GameRow, inv: typeof invitations.$inferSelect, me: User, army: string | undefined, now: Date,
): Promise<{ gameId: string }> {
  const seats = await tx.select().from(gameSeats).where(eq(gameSeats.gameId, g.id)).orderBy(asc(gameSeats.seat)).for("update");
  if (isSeated(seats, me.id)) throw new GameError("invalid", "you have a seat in this game already");
  const free = seats.filter((s) => s.userId === null);
  if ((inv.kind === "link" || inv.kind === "open") && free.length <= (await namedWaiting(tx, g.id))) {
    throw new GameError("over", "the seats left are kept for the players invited by name");
  }
  const seat = army === undefined ? free[0] : seats.find((s) => s.army === army);
  if (!seat) throw new GameError("invalid", `there is no army ${army} in this game`);
  if (seat.userId !== null) throw new GameError("invalid", `the seat of ${armyName(g.variant, seat.army)} is taken; choose a free one`);
  await tx.update(gameSeats).set({ userId: me.id }).where(and(eq(gameSeats.gameId, g.id), eq(gameSeats.seat, seat.seat)));
  if (inv.kind === "user" || inv.kind === "email") await tx.update(invitations).set({ status: "accepted", toUserId: me.id }).where(eq(invitations.id, inv.id));
  // A player invited by name who sat down by the link or the lobby instead: their kept seat is no longer waited for
  // (else the last free seat would stay kept for someone already seated, and the game open for good).
  await tx.update(invitations).set({ status: "accepted" })
    .where(and(eq(invitations.gameId, g.id), eq(invitations.toUserId, me.id), eq(invitations.status, "pending")));
  if (free.length > 1) {
    await tx.update(games).set({ updatedAt: now }).where(eq(games.id, g.id));
    return { gameId: g.id };
  }
  // The last seat: the game begins, and the invitations still open (the link, the lobby's) close.
  const deadline = deadlineAfter(now, g.daysPerMove);
  await tx.update(games).set({ status: "active", deadline, updatedAt: now }).where(eq(games.id, g.id));
  await tx.update(invitations).set({ status: "accepted" }).where(and(eq(invitations.gameId, g.id), eq(invitations.status, "pending")));
  await tellFirstToMove(tx, { ...g, deadline }, me.id, now);
  return { gameId: g.id };
}

/** How many players invited by name have not taken their seat yet. */
async function namedWaiting(tx: Executor, gameId: string): Promise<number> {
  const [{ waiting }] = await tx.select({ waiting: count() }).from(invitations)
    .where(and(eq(invitations.gameId, gameId), eq(invitations.kind, "user"), eq(invitations.status, "pending")));
  return waiting;
}

/** The game has begun: "your move" to the first army's player, unless they are the one who just sat down (they are on the page). */
async function tellFirstToMove(tx: Executor, g: GameRow, seatedNow: string | null, now: Date): Promise<void> {
  const { seats, people } = await readSeats(tx, g.id);
  const first = seats.find((s) => s.army === MultiGame.start(g.variant, g.startFen).armies().find((a) => a.toMove)?.letter);
  if (!first?.userId || first.botLevel !== null || first.userId === seatedNow) return;
  await queueMultiTurn(tx, people.get(first.userId)!, { id: g.id, variant: g.variant, ply: 0, deadline: g.deadline!, army: armyName(g.variant, first.army), armyLetter: first.army },
    { others: othersOf(seats, people, first.userId) }, now);
}

// ---------------------------------------------------------------- playing

/**
 * Plays a move for the signed-in player in a game for more than two: under the game's row lock,
 * the expected ply first (a stale page is refused with the new position), then the turn (only the
 * player of the army to move), then the rules (the game resumed from its stored rules state judges
 * the move: loadMulti), and the move is stored with the game's new position and rules state.
 */
export async function submitMultiMove(db: Db, userId: string, raw: MoveInput, now = new Date()): Promise<{ ply: number; text: string; status: MultiStatus }> {
  const input = parse(moveInput, raw);
  return db.transaction(async (tx) => {
    const g = await lockMultiGame(tx, input.gameId);
    const seated = await readSeats(tx, g.id);
    const rules = await loadMulti(tx, g);
    const before = rules.status();
    const mine = seatOf(g, seated.seats, userId, before.result === "ongoing" ? before.toMove : undefined);
    requireActive(g);
    if (g.ply !== input.expectedPly) throw new GameError("stale", "the position changed since your page was loaded; here is the new position");
    if (before.result === "ongoing" && before.toMove !== mine.army) {
      const name = armyName(g.variant, before.toMove);
      throw new GameError("not-your-turn", `it is ${name}'s turn, not yours (you play ${armyName(g.variant, mine.army)})`);
    }
    let text: string;
    try {
      text = rules.play(input.move);
    } catch (e) {
      if (e instanceof RulesError) throw new GameError("illegal", e.message);
      throw e;
    }
    const ply = g.ply + 1;
    await tx.insert(moves).values({ gameId: g.id, ply, text, fenAfter: rules.fen(), playerId: userId, createdAt: now });
    const change = { ...positionOf(rules), ply, lastMoveAt: now, updatedAt: now };
    await afterChange(tx, { ...g, ply }, rules, seated, change, { by: seated.people.get(userId)?.name ?? "a player", move: text }, now);
    return { ply, text, status: rules.status() };
  });
}

/**
 * The bots' worker's question (lib/games/bots.ts): the seat to move, if a bot plays it; null if a
 * person is to move or the game is over. The move itself goes through submitMultiMove, with the ply
 * of `g` (a game that moved on since is refused as stale there).
 */
export async function botSeatToMove(db: Executor, g: GameRow): Promise<{ seat: GameSeat & { userId: string; botLevel: number } } | null> {
  if (g.status !== "active") return null;
  const { seats } = await readSeats(db, g.id);
  const seat = seats.find((s) => s.army === armyToMove(g));
  if (!seat?.userId || seat.botLevel === null) return null;
  return { seat: { ...seat, userId: seat.userId, botLevel: seat.botLevel } };
}

/**
 * Resignation per player: their army goes out (MultiGame.eliminate), in turn or not; the game goes on
 * for the others, or ends as its rules say (docs/common-rules.md#resignation-and-timeout-per-player).
 */
export async function resignMulti(db: Db, userId: string, raw: { gameId: string }, now = new Date()): Promise<void> {
  const { gameId } = parse(gameActionInput, raw);
  await db.transaction(async (tx) => {
    const g = await lockMultiGame(tx, gameId);
    const seated = await readSeats(tx, g.id);
    const mine = seatOf(g, seated.seats, userId);
    requireActive(g);
    await eliminateArmy(tx, g, await loadMulti(tx, g), seated, mine, "resignation", now);
  });
}

/**
 * The clock's part (lib/games/clock.ts runClock): the army to move is out of time, and goes out; but
 * a game in which that player never made a first move is cancelled, as for two
 * (docs/common-rules.md#resignation-and-timeout-per-player).
 */
export async function timeOutMulti(tx: Executor, g: GameRow, now: Date): Promise<"timeout" | "cancelled" | null> {
  const seated = await readSeats(tx, g.id);
  const rules = await loadMulti(tx, g);
  const toMove = rules.status();
  if (toMove.result !== "ongoing") return null;
  const late = seated.seats.find((s) => s.army === toMove.toMove)!;
  // Paused while its player is on vacation: the deadline moves on when the vacation ends (lib/games/clock.ts).
  if (late.userId && late.botLevel === null && seated.people.get(late.userId)?.vacationSince) return null;
  const [{ played }] = await tx.select({ played: count() }).from(moves).where(and(eq(moves.gameId, g.id), eq(moves.playerId, late.userId!)));
  if (played > 0) {
    await eliminateArmy(tx, g, rules, seated, late, "timeout", now);
    return "timeout";
  }
  await tx.update(games).set({ status: "cancelled", endReason: "no-first-move", deadline: null, updatedAt: now }).where(eq(games.id, g.id));
  const { seats, people } = seated;
  for (const s of seats) {
    if (s.userId && s.botLevel === null) await queueCancelled(tx, people.get(s.userId)!, g, othersOf(seats, people, s.userId), "no-first-move", now);
  }
  return "cancelled";
}

/** `seat`'s army goes out of the game the locked `g` is, whose rules `rules` are (loadMulti); stored with the game's new position. */
async function eliminateArmy(
  tx: Executor, g: GameRow, rules: MultiGame, seated: Seated, seat: GameSeat, reason: EliminationReason, now: Date,
): Promise<void> {
  const before = rules.status();
  const name = armyName(g.variant, seat.army);
  try {
    rules.eliminate(seat.army, reason);
  } catch (e) {
    if (e instanceof RulesError) throw new GameError("invalid", `${name} is out of the game already`);
    throw e;
  }
  const out = { army: seat.army, reason, afterPly: g.ply };
  // Numbered in the order they went out (a replay eliminates them in that order); the game's row lock serialises the count.
  const n = sql<number>`(select count(*) from ${gameEliminations} where ${gameEliminations.gameId} = ${g.id})`;
  await tx.insert(gameEliminations).values({ gameId: g.id, n, ...out, createdAt: now });
  const change = { ...positionOf(rules), updatedAt: now };
  // Out of turn, the army to move and its deadline stay as they were.
  const after = rules.status();
  if (after.result === "ongoing" && before.result === "ongoing" && after.toMove === before.toMove) {
    await tx.update(games).set(change).where(eq(games.id, g.id));
    return;
  }
  const player = seat.userId ? seated.people.get(seat.userId)?.name : null;
  const headline = `${name}${player ? ` (${player})` : ""} ${reason === "resignation" ? "resigned" : "ran out of time"}`;
  await afterChange(tx, g, rules, seated, change, { headline }, now, out);
}

/** What a change writes to the game's row beside the turn or the end: its new position, and for a move its ply. */
type GameChange = { currentFen: string; rulesState: string | null; updatedAt: Date; ply?: number; lastMoveAt?: Date };

/**
 * After a move or an army going out, in the one update of the game that stores `change`: the game
 * ends as the rules say, or the army to move gets a fresh deadline and its player the "your turn"
 * email (never a bot; only display names in it). `lastOut`: the army that just went out, if one did.
 */
async function afterChange(
  tx: Executor, g: GameRow, rules: MultiGame, seated: Seated, change: GameChange,
  news: { by?: string; move?: string; headline?: string }, now: Date, lastOut?: Elimination,
): Promise<void> {
  const status = rules.status();
  if (status.result === "over") return finishMulti(tx, g, status, seated, change, now, lastOut);
  const { seats, people } = seated;
  const next = seats.find((s) => s.army === status.toMove)!;
  const deadline = deadlineAfter(now, g.daysPerMove);
  await tx.update(games).set({ ...change, deadline, reminderPly: null }).where(eq(games.id, g.id));
  if (!next.userId || next.botLevel !== null) return;
  const to = people.get(next.userId)!;
  await queueMultiTurn(tx, to, { id: g.id, variant: g.variant, ply: g.ply, deadline, army: armyName(g.variant, next.army), armyLetter: next.army },
    { others: othersOf(seats, people, next.userId), ...news }, now);
}

/** The ending in words: "Red and Yellow win: the other team was checkmated", "White and Grey win: Black resigned". */
export function endingWords(variant: string, status: Extract<MultiStatus, { result: "over" }>, lastOut?: Elimination): string {
  const names = status.winners.map((a) => armyName(variant, a));
  const who = names.length === 0 ? "Nobody wins" : names.length === 1 ? `${names[0]} wins` : `${names.slice(0, -1).join(", ")} and ${names.at(-1)} win`;
  const out = lastOut && (status.reason === "resignation" || status.reason === "timeout")
    ? `${armyName(variant, lastOut.army)} ${lastOut.reason === "resignation" ? "resigned" : "ran out of time"}`
    : HOW_MULTI[status.reason] ?? status.reason;
  return `${who}: ${out}`;
}

const HOW_MULTI: Record<string, string> = {
  checkmate: "checkmate", stalemate: "stalemate", "last-army-standing": "the last army standing",
  "kings-captured": "every other king was taken", "claim-win": "a win claimed on points", "team-checkmate": "the other team was checkmated",
  "king-captured": "a king was taken", "insufficient-material": "no army can win any more",
  "move-rule-points": "on points after the move rule", "repetition-points": "on points after a repetition",
  "move-rule": "a draw by the move rule", repetition: "a draw by repetition",
};

/** The end: only an army going out ends a game by resignation or timeout, so only then is `lastOut` named in the ending. */
async function finishMulti(
  tx: Executor, g: GameRow, status: Extract<MultiStatus, { result: "over" }>, seated: Seated, change: GameChange, now: Date, lastOut?: Elimination,
): Promise<void> {
  const ending = endingWords(g.variant, status, lastOut);
  await tx.update(games).set({ ...change, status: "finished", endReason: status.reason, ending, deadline: null }).where(eq(games.id, g.id));
  const { seats, people } = seated;
  for (const s of seats) {
    const place = status.places[s.army];
    const winner = status.winners.includes(s.army);
    await tx.update(gameSeats).set({ place, score: status.scores[s.army], winner }).where(and(eq(gameSeats.gameId, g.id), eq(gameSeats.seat, s.seat)));
    if (!s.userId || s.botLevel !== null) continue;
    await queueMultiGameOver(tx, people.get(s.userId)!, { id: g.id, variant: g.variant, ending }, { place, winner, of: seats.length },
      othersOf(seats, people, s.userId), now);
  }
}

// ---------------------------------------------------------------- reading

export interface MultiGameView {
  game: GameRow;
  seats: (GameSeat & { name: string | null })[];
  moves: string[];
  eliminations: Elimination[];
  /** The seat to move, while the game is active. */
  toMove: string | null;
  /** The open game's invitation for the seats nobody was named for (its token is the link's secret: for its author only). */
  invitation: { id: string; kind: "link" | "open"; fromId: string; token: string } | null;
  /** The viewer's own invitation by name, while its seat is kept for them: its token, for them to answer it. */
  invitedViewer: { token: string } | null;
  /** For the open game's author: a pending invitation of it, whose withdrawal cancels the game. */
  withdrawable: { invitationId: string } | null;
}

/**
 * A game for more than two as a viewer may see it: public and unlisted games to anyone with the link,
 * private ones to their seated players only (others: "not found", as a missing game). "two" for a
 * game of two (the caller reads it the way of two).
 */
export async function getMultiGameView(db: Executor, gameId: string, viewerId: string | null): Promise<MultiGameView | "two"> {
  if (gameId.length > 64 || gameId.includes("\u0000")) throw noSuchGame();
  const [g] = await db.select().from(games).where(eq(games.id, gameId));
  if (!g) throw noSuchGame();
  if (g.seatCount === null) return "two";
  const { seats, people } = await readSeats(db, g.id);
  if (g.visibility === "private" && !isSeated(seats, viewerId)) throw noSuchGame();
  const [played, out] = await Promise.all([movesOf(db, g.id), eliminationsOf(db, g.id)]);
  const pending = g.status !== "open" ? [] : await db.select({
    id: invitations.id, kind: invitations.kind, fromId: invitations.fromId, toUserId: invitations.toUserId, token: invitations.token,
  }).from(invitations).where(and(eq(invitations.gameId, g.id), eq(invitations.status, "pending")));
  const inv = pending.find((i) => i.kind === "link" || i.kind === "open");
  const named = viewerId === null ? undefined : pending.find((i) => i.kind === "user" && i.toUserId === viewerId);
  const authored = viewerId === null ? undefined : pending.find((i) => i.fromId === viewerId);
  return {
    game: g,
    seats: seats.map((s) => ({ ...s, name: s.userId ? people.get(s.userId)?.name ?? null : null })),
    moves: played,
    eliminations: out,
    // An active game's rules say it goes on (a change that ends it finishes it at once): its army to move is its N-FEN's.
    toMove: g.status === "active" ? armyToMove(g) : null,
    invitation: inv ? { id: inv.id, kind: inv.kind as "link" | "open", fromId: inv.fromId, token: inv.token } : null,
    invitedViewer: named ? { token: named.token } : null,
    withdrawable: authored ? { invitationId: authored.id } : null,
  };
}

export interface OpenSeats {
  invitationId: string;
  gameId: string;
  variant: string;
  name: string;
  daysPerMove: number;
  fromName: string | null;
  fromId: string;
  /** The free seats' armies, in turn order, with their names. */
  free: { army: string; name: string }[];
  seats: number;
  createdAt: Date;
}

/**
 * The lobby's games for more than two, newest first: public, open, with a lobby invitation and more free
 * seats than are kept for players invited by name (takeSeatIn: those are not the lobby's to give).
 * One statement for the whole list, the free seats and the kept ones read per game as subselects.
 */
export async function openSeats(db: Executor, limit = 100): Promise<OpenSeats[]> {
  const free = sql<string[]>`(select coalesce(json_agg(${gameSeats.army} order by ${gameSeats.seat}), '[]'::json) from ${gameSeats}
    where ${gameSeats.gameId} = ${games.id} and ${gameSeats.userId} is null)`;
  const freeCount = sql`(select count(*) from ${gameSeats} where ${gameSeats.gameId} = ${games.id} and ${gameSeats.userId} is null)`;
  const kept = sql`(select count(*) from ${invitations} named where named.game_id = ${games.id} and named.kind = 'user' and named.status = 'pending')`;
  const rows = await db.select({
    invitationId: invitations.id, gameId: games.id, variant: games.variant, daysPerMove: games.daysPerMove, seats: games.seatCount,
    fromName: users.name, fromId: invitations.fromId, createdAt: invitations.createdAt, free,
  }).from(invitations)
    .innerJoin(games, eq(games.id, invitations.gameId))
    .innerJoin(users, eq(users.id, invitations.fromId))
    .where(and(
      eq(invitations.kind, "open"), eq(invitations.status, "pending"), eq(games.status, "open"), eq(games.visibility, "public"),
      isNotNull(games.seatCount), sql`${freeCount} > ${kept}`,
    ))
    .orderBy(desc(invitations.createdAt)).limit(limit);
  return rows.map((r) => ({
    ...r, seats: r.seats!, name: gameName(r.variant), free: r.free.map((army) => ({ army, name: armyName(r.variant, army) })),
  }));
}

/** The free seats of a game for more than two, for the holder of its invitation's link (app/invitations/[token]). */
export async function freeSeats(db: Executor, gameId: string): Promise<{ army: string; name: string }[]> {
  const [g] = await db.select({ variant: games.variant, seatCount: games.seatCount }).from(games).where(eq(games.id, gameId));
  if (!g || g.seatCount === null) return [];
  const rows = await db.select({ army: gameSeats.army }).from(gameSeats)
    .where(and(eq(gameSeats.gameId, gameId), isNull(gameSeats.userId))).orderBy(asc(gameSeats.seat));
  return rows.map((r) => ({ army: r.army, name: armyName(g.variant, r.army) }));
}

export interface MultiGameSummary {
  id: string;
  name: string;
  status: GameRow["status"];
  /** The viewer's army, by name. */
  army: string;
  /** The army to move by name while active; whether it is the viewer's. */
  toMove: string | null;
  yourTurn: boolean;
  deadline: Date | null;
  ending: string | null;
  updatedAt: Date;
}

/**
 * A player's games for more than two, for their home page: the ones waiting for their move first,
 * then the others under way, then the open and the finished ones, newest first (at most `limit`).
 */
export async function multiGamesOf(db: Executor, userId: string, limit = 50): Promise<MultiGameSummary[]> {
  const rows = await db.select({ game: games, army: gameSeats.army }).from(gameSeats)
    .innerJoin(games, eq(games.id, gameSeats.gameId))
    .where(and(eq(gameSeats.userId, userId), isNull(gameSeats.botLevel)))
    .orderBy(sql`${games.updatedAt} desc`).limit(limit);
  const list = rows.map(({ game: g, army }) => {
    const toMove = g.status === "active" ? armyToMove(g) : null;
    return {
      id: g.id, name: gameName(g.variant), status: g.status, army: armyName(g.variant, army),
      toMove: toMove && armyName(g.variant, toMove), yourTurn: toMove === army, deadline: g.deadline, ending: g.ending, updatedAt: g.updatedAt,
    };
  });
  const rank = (s: MultiGameSummary) => (s.yourTurn ? 0 : s.status === "active" ? 1 : s.status === "open" ? 2 : 3);
  return list.sort((a, b) => rank(a) - rank(b) || b.updatedAt.getTime() - a.updatedAt.getTime());
}
