/**
 * The game service: the only code that writes games and moves. Each function is
 * one transaction; the game row is locked (FOR UPDATE) before it is judged, so two
 * tabs, two players or a worker acting at once are serialised, and the expected ply
 * turns a stale page into a clear refusal rather than a double move.
 */
import { randomInt } from "node:crypto";
import { and, asc, eq, getTableColumns, gt, inArray, isNotNull, isNull, lte, max, ne, or, sql, type SQL } from "drizzle-orm";
import { alias, type PgTable } from "drizzle-orm/pg-core";
import { addressKey } from "@/lib/auth/rate-limit";
import { sessionOn, sessionUserId, signedIn, signedInOn, type SessionMover } from "@/lib/auth/session-user";
import type { Db, Executor } from "@/lib/db/client";
import { preparedQuery, preparedStatement } from "@/lib/db/prepared";
import { conditionalMoves, emailOutbox, gameSeats, games, invitations, moves, replyStops, replyTokens, sessions, users, type Game as GameRow, type User } from "@/lib/db/schema";
import { Game, RulesError, chosenSetupFen, makeRulesState, setupFen, sideNameIn, variantInfo, viewFen, type DrawClaim, type Outcome } from "@/lib/rules";
import { mayView } from "./archive";
import { GameError, SIGNED_OUT } from "./errors";
import { fenSeenBy, hiddenNow } from "./fog";
import {
  challengeInput, chooseSetupInput, closeInvitationInput, drawClaimInput, gameActionInput, invitationInput, invitationTokenInput, moveInput, seatChoiceInput,
  type ChallengeInput, type ChooseSetupInput, type MoveInput,
} from "./inputs";
import { enqueueEmail } from "@/lib/mail";
import { chatQuoteSql, quoted } from "./chat";
import { chooseSetupEmail, queueDrawOffer, queueGameOver, queueInvitation, queueTurnEmail, queueYourTurn, wantsTurnEmail, yourTurnEmail, type TurnEmail } from "./notify";
import { newReplyToken, replyTokenRow } from "./reply-tokens";
import { outboxRow } from "@/lib/mail/outbox";
import { markStage } from "@/lib/stages";
import { declarePresetVariants, refuseUnreadable, requirePresetVariant } from "./presets";
import { choosesSetups, firstChooser, setupStage } from "./setups";
import { botOfLevel, isBotAddress } from "./bot-accounts";
import { answerConditionalMove } from "./conditional";
import { takeSeatIn } from "./multi";
import { resumeOrReplay, storableState } from "./stored-rules";

export const DAY_MS = 24 * 60 * 60 * 1000;
type Result = "1-0" | "0-1" | "1/2-1/2";

export function deadlineAfter(now: Date, days: number): Date {
  return new Date(now.getTime() + days * DAY_MS);
}

export function parse<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } } }, input: unknown): T {
  const r = schema.safeParse(input);
  if (!r.success) throw new GameError("invalid", r.error.issues.map((i) => i.message).join("; "));
  return r.data;
}

export async function userById(tx: Executor, id: string): Promise<User> {
  const [u] = await tx.select().from(users).where(eq(users.id, id));
  if (!u) throw new GameError("not-found", "no such player");
  return u;
}

/**
 * The refusals for a game or invitation that does not exist. A private game this
 * user may not see gets exactly these too (same code, same words), so a stranger
 * holding its id learns nothing, not even that it exists.
 */
export const noSuchGame = () => new GameError("not-found", "no such game");
const noSuchInvitation = () => new GameError("not-found", "no such invitation");

export async function lockGame(tx: Executor, gameId: string): Promise<GameRow> {
  const [g] = await tx.select().from(games).where(eq(games.id, gameId)).for("update");
  if (!g) throw noSuchGame();
  await declarePresetVariants(tx, [g.variant]);
  refuseUnreadable(g.variant);
  return g;
}

/**
 * The rules' view of a stored game: resumed from its stored rules state, so no move or page
 * replays the game however long it is; a game stored before the state was kept (or whose state
 * does not match its position) is replayed from its start, and its next move stores the state
 * (lib/games/stored-rules.ts). Either way repetition counts are exact.
 */
export async function loadRules(tx: Executor, g: GameRow): Promise<Game> {
  return resumeOrReplay(g, (state) => Game.resume(g.variant, g.startFen, state), async () => {
    // The moves up to the game's ply as read: a move read without the game's lock may meet one stored since.
    const rows = await tx.select({ text: moves.text }).from(moves).where(and(eq(moves.gameId, g.id), lte(moves.ply, g.ply))).orderBy(asc(moves.ply));
    return Game.replay(g.variant, g.startFen, rows.map((r) => r.text));
  });
}

/** A game's position as stored: its FEN and its rules state, written together wherever the position changes. */
export function positionOf(rules: Game): { currentFen: string; rulesState: string | null } {
  return { currentFen: rules.fen(), rulesState: rulesStateOf(rules) };
}

/** The rules state to store with a game's position (loadRules); null, so the game is replayed, for one too long to keep (RULES_STATE_LIMITS). */
export const rulesStateOf = (rules: Game): string | null => storableState(() => makeRulesState(rules));

/**
 * The acting player's colour: every action on a game asks this first. Others are
 * refused: on a private game as if it did not exist; on a public or unlisted game,
 * which they may watch anyway, with "forbidden".
 */
export function colourOf(g: GameRow, userId: string): "white" | "black" {
  if (g.whiteId === userId) return "white";
  if (g.blackId === userId) return "black";
  if (!mayView(g, userId)) throw noSuchGame();
  throw new GameError("forbidden", "only the players of this game may do that");
}

function opponentId(g: GameRow, userId: string): string {
  return colourOf(g, userId) === "white" ? g.blackId! : g.whiteId!;
}

export function resultOf(outcome: Exclude<Outcome, { result: "ongoing" }>): Result {
  return outcome.result === "white-wins" ? "1-0" : outcome.result === "black-wins" ? "0-1" : "1/2-1/2";
}

export function requireActive(g: GameRow): void {
  if (g.status === "finished" || g.status === "cancelled") throw new GameError("over", "this game is over");
  if (g.status !== "active") throw new GameError("over", "this game has not started yet");
  if (g.choosingSetups) throw new GameError("invalid", "the players are still choosing their setups: the game begins when both have chosen");
}

/**
 * Ends a locked, active game and queues the game-over emails to both players; conditional moves go with it.
 * `players`: both players' rows when the caller has them already (a move reads them with the lock).
 */
export async function finish(
  tx: Executor, g: GameRow, result: Result, endReason: string, now: Date, players?: { white: User; black: User },
): Promise<void> {
  await tx.update(games).set({ status: "finished", result, endReason, deadline: null, drawOfferBy: null, updatedAt: now })
    .where(eq(games.id, g.id));
  await tx.delete(conditionalMoves).where(eq(conditionalMoves.gameId, g.id));
  const { white, black } = players ?? await bothPlayers(tx, g);
  const ended = { id: g.id, variant: g.variant, result, endReason };
  await queueGameOver(tx, white, ended, "white", black.name ?? "your opponent", now);
  await queueGameOver(tx, black, ended, "black", white.name ?? "your opponent", now);
}

/** Both players of a game of two, in one statement. */
async function bothPlayers(tx: Executor, g: GameRow): Promise<{ white: User; black: User }> {
  const rows = await tx.select().from(users).where(inArray(users.id, [g.whiteId!, g.blackId!]));
  const white = rows.find((u) => u.id === g.whiteId);
  const black = rows.find((u) => u.id === g.blackId);
  if (!white || !black) throw new GameError("not-found", "no such player");
  return { white, black };
}

// ---------------------------------------------------------------- challenges

export interface CreatedChallenge {
  gameId: string;
  invitationId: string;
  /** The secret of the accept link (/invitations/<token>). */
  token: string;
}

/** Creates an open game with its invitation: to a player, to an email address, by private link, or in the lobby. */
export async function createChallenge(db: Db, userId: string, raw: ChallengeInput, now = new Date()): Promise<CreatedChallenge> {
  const input = parse(challengeInput, raw);
  return db.transaction(async (tx) => {
    const me = await userById(tx, userId);
    if (!me.name) throw new GameError("forbidden", "choose a display name first");
    let invitee: User | null = null;
    let toEmail: string | null = null;
    if (input.opponent.kind === "bot") {
      const { level } = input.opponent;
      invitee = await botOfLevel(tx, level);
      if (!invitee) throw new GameError("not-found", `there is no bot of level ${level}`);
      await limitBotGames(tx, me.id, level);
    } else if (input.opponent.kind === "user") {
      const name = input.opponent.name;
      const [other] = await tx.select().from(users).where(sql`lower(${users.name}) = lower(${name})`);
      if (!other) throw new GameError("not-found", `there is no player called ${name}`);
      if (other.id === me.id) throw new GameError("invalid", "you cannot challenge yourself");
      invitee = other;
      // A bot named like a player is challenged as a bot (below); it is never mailed.
      if (other.botLevel === null) await limitInvitations(tx, me.id, { player: other, email: other.email }, now);
    } else if (input.opponent.kind === "email") {
      toEmail = input.opponent.email.toLowerCase();
      if (toEmail === me.email?.toLowerCase()) throw new GameError("invalid", "you cannot challenge yourself");
      if (isBotAddress(toEmail)) throw new GameError("invalid", "that address is a bot's, and bots read no mail: challenge a bot by its level");
      await limitInvitations(tx, me.id, { email: toEmail }, now);
    }
    const toUserId = invitee?.id ?? null;
    // A bot accepts at once: the game starts as it is created, and the worker plays the bot's part.
    const bot = invitee?.botLevel != null ? invitee : null;
    await requirePresetVariant(tx, input.variant);
    const colour = input.color === "random" ? (Math.random() < 0.5 ? "white" : "black") : input.color;
    // Chess960: the setup drawn at random unless the challenger chose one (docs/games/chess960.md#setups).
    const { setups, startFen: fixedStart } = variantInfo(input.variant);
    const startFen = setups === 0 ? fixedStart : setupFen(input.variant, input.setup === "random" ? randomInt(setups) : input.setup);
    const [g] = await tx.insert(games).values({
      variant: input.variant,
      whiteId: colour === "white" ? me.id : bot?.id ?? null,
      blackId: colour === "black" ? me.id : bot?.id ?? null,
      status: bot ? "active" : "open",
      deadline: bot ? deadlineAfter(now, input.daysPerMove) : null,
      startFen,
      ...positionOf(Game.start(input.variant, startFen)),
      daysPerMove: input.daysPerMove,
      visibility: input.visibility,
      // Janggi: the game begins with the players choosing their setups (lib/games/setups.ts).
      choosingSetups: choosesSetups(input.variant),
      createdAt: now,
      updatedAt: now,
    }).returning();
    const [inv] = await tx.insert(invitations).values({
      gameId: g.id, fromId: me.id, toUserId, toEmail, kind: input.opponent.kind === "bot" ? "user" : input.opponent.kind,
      status: bot ? "accepted" : "pending", createdAt: now,
    }).returning();
    const inviteeColour = input.color === "random" ? "a random side" : sideNameIn(input.variant, colour === "white" ? "black" : "white");
    const invite = { token: inv.token, gameId: g.id, variant: g.variant, daysPerMove: g.daysPerMove, inviteeColour };
    if (toEmail) await queueInvitation(tx, toEmail, invite, me.name, now);
    if (!bot && invitee?.email && invitee.notify !== "none") await queueInvitation(tx, invitee.email, invite, me.name, now);
    return { gameId: g.id, invitationId: inv.id, token: inv.token };
  });
}

/**
 * Challenges that mail someone (by email, or to a player by name) a player may send
 * a day, in all and to one recipient, so nobody mail-bombs through the service. One
 * recipient is one mailbox, as at sign-in (case and "+tags" fold: a+1@x and a+2@x are
 * a@x), and a player named is also their own mailbox. Accepted challenges do not
 * count: the recipient wanted them, so friends may start several games at once.
 */
export const INVITATIONS_PER_DAY = 10;
export const INVITATIONS_PER_RECIPIENT_PER_DAY = 3;

export async function limitInvitations(
  tx: Executor, userId: string, to: { player?: User; email: string | null }, now: Date,
): Promise<void> {
  // The player's row lock makes two challenges sent at once count one after the other.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  // At most INVITATIONS_PER_DAY rows: a refused challenge is not stored, and statuses only leave "pending".
  const sent = await tx.select({ toUserId: invitations.toUserId, toEmail: invitations.toEmail, playerEmail: users.email })
    .from(invitations).leftJoin(users, eq(users.id, invitations.toUserId))
    .where(and(
      eq(invitations.fromId, userId), inArray(invitations.kind, ["email", "user"]), ne(invitations.status, "accepted"),
      gt(invitations.createdAt, new Date(now.getTime() - DAY_MS)),
    ));
  if (sent.length >= INVITATIONS_PER_DAY) {
    throw new GameError("limited", `you can challenge at most ${INVITATIONS_PER_DAY} people by name or email a day (accepted challenges do not count); meanwhile post a challenge in the lobby or share a link`);
  }
  const mailbox = to.email ? addressKey(to.email) : null;
  const same = sent.filter((s) =>
    (to.player && s.toUserId === to.player.id) || (mailbox && addressKey(s.toEmail ?? s.playerEmail ?? "") === mailbox)).length;
  if (same >= INVITATIONS_PER_RECIPIENT_PER_DAY) {
    throw new GameError("limited", to.player
      ? `${to.player.name} has had ${same} challenges from you today; wait for an answer`
      : `that address has had ${same} invitations from you today; wait for an answer`);
  }
}

/**
 * Games against bots a player may have under way at once: the bots' worker takes turns between
 * people (lib/games/bots.ts), but every game costs searches, the strongest up to half a minute a
 * move (docs/playing-bots.md#limits). Counted from the games themselves: a bot's challenge is
 * accepted at once, so limitInvitations never sees it.
 */
export const BOT_GAMES_AT_ONCE = 10;
export const STRONG_BOT_GAMES_AT_ONCE = 3;
export const STRONG_BOT_LEVEL = 7;

/**
 * `level`: the strongest bot of the new game. A game for more than two with bots in it counts as one
 * game against bots, of its strongest bot's level (docs/games-for-more-than-two-service.md#bots).
 */
export async function limitBotGames(tx: Executor, userId: string, level: number): Promise<void> {
  // The player's row lock makes two challenges sent at once count one after the other.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  const bot = alias(users, "bot");
  const two = await tx.select({ level: bot.botLevel }).from(games).innerJoin(bot, or(
    and(eq(games.whiteId, userId), eq(bot.id, games.blackId)),
    and(eq(games.blackId, userId), eq(bot.id, games.whiteId)),
  )).where(and(eq(games.status, "active"), isNotNull(bot.botLevel)));
  const mine = alias(gameSeats, "mine");
  const more = await tx.select({ level: max(gameSeats.botLevel) }).from(mine)
    .innerJoin(games, eq(games.id, mine.gameId)).innerJoin(gameSeats, eq(gameSeats.gameId, mine.gameId))
    // Open ones too: such a game starts by itself when its last seat is taken, with no check then.
    .where(and(eq(mine.userId, userId), isNull(mine.botLevel), inArray(games.status, ["open", "active"]), isNotNull(gameSeats.botLevel)))
    .groupBy(mine.gameId);
  const rows = [...two, ...more];
  if (rows.length >= BOT_GAMES_AT_ONCE) {
    throw new GameError("limited", `you are already playing ${rows.length} games against bots, the most at once; finish or resign one to start another`);
  }
  const strong = rows.filter((r) => r.level! >= STRONG_BOT_LEVEL).length;
  if (level >= STRONG_BOT_LEVEL && strong >= STRONG_BOT_GAMES_AT_ONCE) {
    throw new GameError("limited", `you are already playing ${strong} games against bots of level ${STRONG_BOT_LEVEL} or 8, the most at once; finish or resign one, or challenge a bot of level ${STRONG_BOT_LEVEL - 1} or below`);
  }
}

/**
 * Locks an invitation for `me`. On a private game, an invitation that does not
 * concern them (they neither sent it nor may accept it) is refused as a missing one,
 * before anything else about it (its status included) is told.
 */
async function lockInvitation(tx: Executor, where: ReturnType<typeof eq>, me: User) {
  const [row] = await tx.select({ inv: invitations, visibility: games.visibility }).from(invitations)
    .innerJoin(games, eq(games.id, invitations.gameId)).where(where).for("update", { of: invitations });
  if (!row) throw noSuchInvitation();
  if (row.visibility === "private" && row.inv.fromId !== me.id && !mayAccept(row.inv, me)) throw noSuchInvitation();
  return row;
}

/** Who may accept: the named player, the holder of the email address, anyone with the link or in the lobby. */
function mayAccept(inv: typeof invitations.$inferSelect, user: User): boolean {
  if (inv.fromId === user.id) return false;
  if (inv.kind === "user") return inv.toUserId === user.id;
  if (inv.kind === "email") return !!user.email && user.email.toLowerCase() === inv.toEmail?.toLowerCase();
  return true;
}

/**
 * Whether an invitation may be answered by its id, without the token of its link:
 * one addressed to a player (mayAccept checks who), or an open challenge listed in
 * the lobby (a public game). A private link, or an unlisted or private open
 * challenge, needs its token; without it, it looks like no invitation at all.
 */
function answerableById(inv: typeof invitations.$inferSelect, visibility: GameRow["visibility"]): boolean {
  if (inv.kind === "user" || inv.kind === "email") return true;
  if (inv.kind === "link") return false;
  return visibility === "public";
}

/**
 * Accepts by invitation id (lobby, named player) or by the link's token; starts the game. In a game
 * for more than two, accepting takes a seat (`army`, or the first free one), and the game starts
 * when the last is taken (lib/games/multi.ts).
 */
export async function acceptInvitation(
  db: Db, userId: string, raw: ({ invitationId: string } | { token: string }) & { army?: string }, now = new Date(),
): Promise<{ gameId: string }> {
  const byToken = typeof raw === "object" && raw !== null && "token" in raw;
  const where = byToken
    ? eq(invitations.token, parse(invitationTokenInput, raw).token)
    : eq(invitations.id, parse(invitationInput, raw).invitationId);
  const { army } = parse(seatChoiceInput, raw);
  return db.transaction(async (tx) => {
    const me = await userById(tx, userId);
    const { inv, visibility } = await lockInvitation(tx, where, me);
    if (!byToken && !answerableById(inv, visibility)) throw noSuchInvitation();
    if (!me.name) throw new GameError("forbidden", "choose a display name first");
    if (inv.status !== "pending") throw new GameError("over", `this invitation was ${inv.status}`);
    if (!mayAccept(inv, me)) {
      throw new GameError("forbidden", inv.fromId === me.id ? "you cannot accept your own challenge" : "this invitation is for someone else");
    }
    const g = await lockGame(tx, inv.gameId);
    if (g.status !== "open") throw new GameError("over", "this challenge is no longer open");
    if (g.seatCount !== null) return takeSeatIn(tx, g, inv, me, army, now);
    const seat = g.whiteId ? { blackId: me.id } : { whiteId: me.id };
    const deadline = deadlineAfter(now, g.daysPerMove);
    await tx.update(games).set({ ...seat, status: "active", deadline, updatedAt: now }).where(eq(games.id, g.id));
    await tx.update(invitations).set({ status: "accepted", toUserId: me.id }).where(eq(invitations.id, inv.id));
    // White moves first, or the first chooser of a setup acts first: tell them unless they are the one accepting now.
    const first = g.choosingSetups ? firstChooser(g.variant) : "white";
    const firstId = (first === "white" ? g.whiteId : g.blackId) ?? me.id;
    if (firstId !== me.id) {
      const player = await userById(tx, firstId);
      const game = { id: g.id, variant: g.variant, ply: 0, deadline, colour: first };
      if (g.choosingSetups) {
        const email = await chooseSetupEmail(player, game, me.name, false);
        if (email) await enqueueEmail(tx, email, now);
      } else await queueYourTurn(tx, player, game, me.name, now);
    }
    return { gameId: g.id };
  });
}

async function closeInvitation(db: Db, userId: string, raw: unknown, status: "declined" | "withdrawn", now: Date) {
  const { invitationId, gameId } = parse(closeInvitationInput, raw);
  await db.transaction(async (tx) => {
    const me = await userById(tx, userId);
    const { inv } = await lockInvitation(tx, eq(invitations.id, invitationId), me);
    if (gameId !== undefined && inv.gameId !== gameId) throw noSuchInvitation();
    if (inv.status !== "pending") throw new GameError("over", `this invitation was already ${inv.status}`);
    if (status === "withdrawn" && inv.fromId !== me.id) throw new GameError("forbidden", "only its author may withdraw an invitation");
    if (status === "declined" && (inv.kind === "open" || inv.kind === "link" || !mayAccept(inv, me))) {
      throw new GameError("forbidden", "only the invited player may decline");
    }
    await tx.update(invitations).set({ status }).where(eq(invitations.id, inv.id));
    await tx.update(games).set({ status: "cancelled", updatedAt: now })
      .where(and(eq(games.id, inv.gameId), eq(games.status, "open")));
  });
}

export const declineInvitation = (db: Db, userId: string, raw: { invitationId: string; gameId?: string }, now = new Date()) =>
  closeInvitation(db, userId, raw, "declined", now);
export const withdrawInvitation = (db: Db, userId: string, raw: { invitationId: string; gameId?: string }, now = new Date()) =>
  closeInvitation(db, userId, raw, "withdrawn", now);

// ---------------------------------------------------------------- playing

export interface MoveResult {
  /** Who made it: the player the session signed in, for a move given its session (Mover). */
  by: string;
  ply: number;
  text: string;
  /** The position after the move: the mover's view in a game in fog. */
  fen: string;
  outcome: Outcome;
  /** The game's version once the move is stored (its updated-at time in ms, as the page counts it). */
  version: number;
  /** When the player to move now loses on time. */
  deadline: Date;
  /** The opponent's conditional answer was played in the same transaction: the game moved on past this move. */
  answered: boolean;
  /** The game's rules state after the move (lib/rules makeRulesState), for the page to resume from; null in fog, or for a game too long to keep one. */
  rulesState: string | null;
  /**
   * The move left the background worker something to do at once (an email queued, a bot to move, a
   * game over): the action wakes it only then, since a wake costs the worker its queries (issue 18).
   */
  wakesWorker: boolean;
}

const white = alias(users, "white");
const black = alias(users, "black");

/**
 * The game with what a move needs beside it: both players, the mover's chat message the "your
 * turn" email quotes (chatQuoteSql), whether a conditional line waits, and whether the opponent
 * stopped replies by email. Read as is (the usual move: writeUsualMove checks it is unchanged) or
 * locked (the move's transaction). The mover is given by id, or by the session token of the
 * request (a move from the game page), which the same statement checks (lib/auth/session-user.ts:
 * the session and its user joined once): one round trip for the session and the game.
 */
function readForMoveQuery(by: "id" | "session", name: string, locked: boolean) {
  return preparedQuery((ex) => {
    const mover = by === "id" ? sql<string | null>`${sql.placeholder("userId")}::text` : signedIn.id;
    const opponent = sql`(case when ${games.whiteId} = ${mover} then ${games.blackId} else ${games.whiteId} end)`;
    const read = ex.select({
      game: games, white, black,
      moverId: sql<string | null>`${mover}`,
      said: chatQuoteSql(games.id, opponent, mover),
      linesWait: sql<boolean>`exists (select 1 from ${conditionalMoves} where ${conditionalMoves.gameId} = ${games.id})`,
      repliesStopped: sql<boolean>`exists (select 1 from ${replyStops} where ${replyStops.gameId} = ${games.id} and ${replyStops.userId} = ${opponent})`,
    }).from(games).leftJoin(white, eq(white.id, games.whiteId)).leftJoin(black, eq(black.id, games.blackId)).$dynamic();
    const withMover = by === "id" ? read : read.leftJoin(sessions, sessionOn(sql.placeholder("token"))).leftJoin(signedIn, signedInOn);
    const one = withMover.where(eq(games.id, sql.placeholder("gameId")));
    return (locked ? one.for("update", { of: games }) : one).prepare(name);
  });
}
/** By the mover's id, as is or locked; by the session token, as is (the transaction then has the id it signed in). */
const readsForMove = {
  byId: [readForMoveQuery("id", "read_for_move", false), readForMoveQuery("id", "lock_for_move", true)],
  bySession: readForMoveQuery("session", "read_for_move_by_session", false),
};

/** Who makes a move: a player's id (already signed in, or replying by email, or a bot), or the session token of the request, checked with the game's read. */
export type Mover = string | SessionMover;

const signedOut = () => new GameError("signed-out", SIGNED_OUT);

async function readForMove(ex: Executor, gameId: string, mover: Mover, locked: boolean) {
  const bySession = typeof mover !== "string";
  if (bySession && locked) throw new Error("a locked read of a game names its mover by id");
  const [row] = await (bySession ? readsForMove.bySession(ex, { gameId, token: mover.sessionToken }) : readsForMove.byId[Number(locked)](ex, { gameId, userId: mover }));
  // No game: a signed-out mover is told so first, as for a game that exists.
  if (!row) throw bySession && (await sessionUserId(ex, mover.sessionToken)) === null ? signedOut() : noSuchGame();
  const { moverId, ...read } = row;
  if (moverId === null) throw signedOut();
  return { ...read, moverId };
}

/** What the usual move writes, each named by its column's key: a placeholder of writeUsualMove's statement. */
const MOVE_KEYS = ["gameId", "ply", "text", "fenAfter", "playerId", "createdAt"] as const;
const GAME_KEYS = ["currentFen", "rulesState", "ply", "lastMoveAt", "updatedAt", "deadline", "drawOfferBy"] as const;
/** A "your turn" email's columns: always its template's data, never bodies (lib/games/notify.ts yourTurnEmail). */
const TURN_EMAIL_KEYS = ["id", "messageId", "toAddress", "kind", "subject", "data", "payload", "replyTo", "nextAttemptAt", "createdAt"] as const;
const REPLY_TOKEN_KEYS = ["tokenHash", "gameId", "userId", "ply", "createdAt"] as const;

/** `key` of `table` as the placeholder `prefix` + key, cast to its column's type (PostgreSQL infers none for a SELECT's parameters). */
function typedPlaceholder(table: PgTable, key: string, prefix: string): SQL {
  const column = getTableColumns(table)[key];
  return sql`${sql.param(sql.placeholder(prefix + key), column)}::${sql.raw(column.getSQLType())}`;
}

/** `insert into <table> (<keys>) select <their placeholders> from <source>`: a write made only when the CTE `source` has a row. */
function insertIfAny(table: PgTable, keys: readonly string[], prefix: string, source: string): SQL {
  const columns = getTableColumns(table);
  return sql`insert into ${table} (${sql.join(keys.map((k) => sql.identifier(columns[k].name)), sql`, `)})
    select ${sql.join(keys.map((k) => typedPlaceholder(table, k, prefix)), sql`, `)} from ${sql.identifier(source)}`;
}

/**
 * The usual move in one statement: the game, if it is still as the move was judged on, then the
 * move, the "your turn" email and its reply address's token. One statement per shape (no email; an
 * email; an email with a reply address), each built once (preparedStatement).
 *
 * "As judged" is checked on the game's own row only: its ply, its version, still active, and no
 * conditional line added since (linesAdded). A statement waiting for the row's lock sees that row
 * as its locker committed it, but other tables as they were when it began, so a check on another
 * table (a line's row) could pass on a line it cannot see. Replies stopped meanwhile need no check:
 * a stop refuses every reply address of the player's in the game, one made just before it too.
 */
const usualMoveWrites = [false, true].map((mailed) => [false, true].map((replyable) => preparedStatement<{ moved: number }>((ex) => {
  const gameId = sql.placeholder("move.gameId");
  // set() takes placeholders as insert's values() does (each a parameter with its column's encoding); its types do not say so.
  const set = Object.fromEntries(GAME_KEYS.map((k) => [k, sql.placeholder(`game.${k}`)])) as unknown as Partial<GameRow>;
  const unchanged = and(
    eq(games.id, gameId), eq(games.status, "active"), eq(games.ply, sql.placeholder("was.ply")),
    sql`date_trunc('milliseconds', ${games.updatedAt}) = ${typedPlaceholder(games, "updatedAt", "was.")}`,
    eq(games.linesAdded, sql.placeholder("was.linesAdded")),
  );
  const writes = [
    insertIfAny(moves, MOVE_KEYS, "move.", "moved"),
    ...(mailed ? [insertIfAny(emailOutbox, TURN_EMAIL_KEYS, "mail.", "moved")] : []),
    ...(replyable ? [insertIfAny(replyTokens, REPLY_TOKEN_KEYS, "reply.", "moved")] : []),
  ];
  return sql`with moved as (${ex.update(games).set(set).where(unchanged).returning({ id: games.id }).getSQL()}),
    ${sql.join(writes.map((w, i) => sql`${sql.identifier(`write${i}`)} as (${w})`), sql`, `)}
    select count(*)::int as moved from moved`;
})));

/** Each value of `row` under `prefix`, absent ones as null (a placeholder needs a value). */
function valuesOf<K extends string>(keys: readonly K[], prefix: string, row: Partial<Record<K, unknown>>): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [prefix + k, row[k] ?? null]));
}

/** Writes the usual move (usualMoveWrites); false, writing nothing, when the game is no longer as `was`. */
async function writeUsualMove(
  ex: Executor,
  was: Pick<GameRow, "ply" | "updatedAt" | "linesAdded">,
  move: typeof moves.$inferInsert,
  game: Partial<GameRow>,
  email: TurnEmail | null,
  now: Date,
): Promise<boolean> {
  const { reply, ...queued } = email ?? {};
  const mail = email ? outboxRow(queued as TurnEmail, now).row : null;
  if (mail && mail.data == null) throw new Error("a your-turn email is queued as its template's data");
  const values = {
    ...valuesOf(["ply", "updatedAt", "linesAdded"], "was.", was),
    ...valuesOf(MOVE_KEYS, "move.", move),
    ...valuesOf(GAME_KEYS, "game.", game),
    ...(mail ? valuesOf(TURN_EMAIL_KEYS, "mail.", mail) : {}),
    ...(reply ? valuesOf(REPLY_TOKEN_KEYS, "reply.", replyTokenRow(reply, now)) : {}),
  };
  const [row] = await usualMoveWrites[Number(!!mail)][Number(!!reply)](ex, values);
  return row.moved === 1;
}

/** A move judged on the game as read (judgeMove): what it writes, and what submitMove answers. */
interface JudgedMove {
  result: MoveResult;
  rules: Game;
  move: typeof moves.$inferInsert;
  gameAfter: Partial<GameRow>;
  players: { white: User; black: User };
  /** The "your turn" email to the opponent, or null when they want none per move. */
  turnEmail: () => Promise<TurnEmail | null>;
  /** The opponent is a bot, whose turn the worker plays. */
  botToMove: boolean;
}

/** Whether a move that goes on left the worker work: its "your turn" email, or a bot's turn (MoveResult.wakesWorker). */
const leavesWork = (email: TurnEmail | null, { botToMove }: Pick<JudgedMove, "botToMove">) => !!email || botToMove;

/** Judges the move on the game as `read` (readForMove): refusals as GameErrors, in the words the player may see. */
async function judgeMove(ex: Executor, read: Awaited<ReturnType<typeof readForMove>>, userId: string, input: MoveInput, now: Date): Promise<JudgedMove> {
  const { game: g, said, repliesStopped, ...seats } = read;
  await declarePresetVariants(ex, [g.variant]);
  refuseUnreadable(g.variant);
  const colour = colourOf(g, userId);
  requireActive(g);
  if (g.ply !== input.expectedPly) throw new GameError("stale", "the position changed since your page was loaded; here is the new position");
  const rules = await loadRules(ex, g);
  if (rules.turn() !== colour) throw new GameError("not-your-turn", "it is your opponent's turn");
  // In fog a refusal must not tell what the player cannot see (a piece in the way on an
  // unseen square): the move is judged on the player's view first, whose words are safe,
  // then on the real position (docs/games/fog-of-war.md#what-each-surface-shows).
  const hidden = hiddenNow(g);
  const illegal = (e: unknown, words?: string) => {
    if (e instanceof RulesError) return new GameError("illegal", words ?? e.message);
    return e;
  };
  if (hidden) {
    try {
      Game.start(g.variant, viewFen(g.variant, rules.fen(), colour)).play(input.move);
    } catch (e) {
      throw illegal(e);
    }
  }
  let text: string;
  try {
    text = rules.play(input.move);
  } catch (e) {
    // The view allows exactly the real moves (the rule shows every square a piece may reach);
    // should the real position refuse one all the same, its words are not said in fog.
    throw illegal(e, hidden ? "this move cannot be played" : undefined);
  }
  const ply = g.ply + 1;
  const fen = rules.fen();
  const outcome = rules.status();
  const deadline = deadlineAfter(now, g.daysPerMove);
  const position = positionOf(rules);
  const players = seats.white && seats.black ? { white: seats.white, black: seats.black } : await bothPlayers(ex, g);
  return {
    rules,
    players,
    botToMove: players[colour === "white" ? "black" : "white"].botLevel !== null,
    move: { gameId: g.id, ply, text, fenAfter: fen, playerId: userId, createdAt: now },
    gameAfter: {
      ...position, ply, lastMoveAt: now, updatedAt: now, deadline,
      // A move answers the opponent's draw offer with a no; one's own offer stands.
      drawOfferBy: g.drawOfferBy === userId ? g.drawOfferBy : null,
    },
    async turnEmail() {
      const me = players[colour];
      const other = players[colour === "white" ? "black" : "white"];
      if (!wantsTurnEmail(other)) return null;
      // The mover's latest chat message since the recipient last moved is quoted (docs/chat.md#emails).
      const quote = said !== null && other.chatEnabled && me.chatEnabled && me.botLevel === null ? quoted(said) : undefined;
      const reply = await newReplyToken(ex, g.id, other.id, ply, repliesStopped);
      const turn = { id: g.id, variant: g.variant, ply, deadline, colour: colour === "white" ? "black" as const : "white" as const };
      return yourTurnEmail(other, turn, me.name ?? "your opponent", reply, text, quote);
    },
    result: {
      by: userId, ply, text, fen: hidden && outcome.result === "ongoing" ? fenSeenBy(g.variant, fen, colour) : fen, outcome,
      version: now.getTime(), deadline, answered: false, wakesWorker: true,
      // The real position's past: never to the player of a game in fog (lib/games/fog.ts).
      rulesState: hidden ? null : position.rulesState,
    },
  };
}

/**
 * Plays a move for the signed-in player: checks the turn and the expected ply,
 * lets the rules module judge it, stores it, and queues the emails it causes.
 *
 * The usual move (the game goes on, no conditional line waits) holds no transaction open while it
 * is judged: the game is read with all the move needs, judged on its stored rules state (cheap,
 * whatever the game's length: loadRules), and one statement writes the game, the move and the
 * email (as its template's data: the worker renders it), only if the game is still as read.
 * Any other move, or one whose game changed meanwhile (another tab's move, a resignation), is
 * judged again in a transaction with the game locked.
 */
export async function submitMove(db: Db, mover: Mover, raw: MoveInput, now?: Date): Promise<MoveResult>;
export async function submitMove(
  db: Db, mover: string, raw: MoveInput, now: Date,
  /** Also done in the move's transaction, once it is stored (a reply by email marks its address used: lib/games/replies.ts). */
  alsoWithMove: (tx: Executor, text: string) => Promise<void>,
): Promise<MoveResult>;
export async function submitMove(
  db: Db, mover: Mover, raw: MoveInput, now = new Date(), alsoWithMove?: (tx: Executor, text: string) => Promise<void>,
): Promise<MoveResult> {
  const input = parse(moveInput, raw);
  if (!alsoWithMove) {
    const read = await readForMove(db, input.gameId, mover, false);
    markStage("read");
    // Signed in: the transaction below, should the move need it, locks and reads the game by the id.
    mover = read.moverId;
    const judged = await judgeMove(db, read, mover, input, now);
    if (judged.result.outcome.result === "ongoing" && !read.linesWait) {
      const email = await judged.turnEmail();
      markStage("judged");
      if (await writeUsualMove(db, read.game, judged.move, judged.gameAfter, email, now)) {
        markStage("written");
        return { ...judged.result, wakesWorker: leavesWork(email, judged) };
      }
    }
  }
  return db.transaction(async (tx) => {
    const read = await readForMove(tx, input.gameId, mover, true);
    const userId = read.moverId;
    const g = read.game;
    const judged = await judgeMove(tx, read, userId, input, now);
    const { result, rules, move, gameAfter, players, turnEmail } = judged;
    const { ply, text, outcome } = result;
    if (outcome.result === "ongoing" && !read.linesWait) {
      // Locked, the game is as read.
      const email = await turnEmail();
      if (!await writeUsualMove(tx, g, move, gameAfter, email, now)) throw new Error(`game ${g.id} changed under its lock`);
      await alsoWithMove?.(tx, text);
      return { ...result, wakesWorker: leavesWork(email, judged) };
    }
    await tx.insert(moves).values(move);
    await alsoWithMove?.(tx, text);
    await tx.update(games).set(gameAfter).where(eq(games.id, g.id));
    if (outcome.result !== "ongoing") await finish(tx, { ...g, ply }, resultOf(outcome), outcome.reason, now, players);
    // The opponent's conditional answer, when a line of theirs waits for this move (docs/conditional-moves.md):
    // then the mover is told it is their turn again, and the opponent is not mailed.
    else if (await answerConditionalMove(tx, g, rules, { ply, text, by: userId }, now)) return { ...result, answered: true, wakesWorker: true };
    else {
      const email = await turnEmail();
      if (email) await queueTurnEmail(tx, email, now);
      return { ...result, wakesWorker: leavesWork(email, judged) };
    }
    // The game over is mailed to both players.
    return { ...result, wakesWorker: true };
  });
}

export interface SetupChoice {
  colour: "white" | "black";
  /** The start FEN once both have chosen (the game then begins); null while the other side still chooses. */
  startFen: string | null;
}

/**
 * Chooses the signed-in player's own setup before the first move (lib/games/setups.ts,
 * docs/games/janggi.md#choosing-the-setups): once, in the tradition's order, while the game
 * waits for it. The second choice writes the start FEN both choices make, and the game begins.
 * Under the game's row lock, so two tabs or both players at once are judged one after the other.
 */
export async function chooseSetup(db: Db, userId: string, raw: ChooseSetupInput, now = new Date()): Promise<SetupChoice> {
  const input = parse(chooseSetupInput, raw);
  return db.transaction(async (tx) => {
    const g = await lockGame(tx, input.gameId);
    const colour = colourOf(g, userId);
    if (g.status === "finished" || g.status === "cancelled") throw new GameError("over", "this game is over");
    if (g.status !== "active") throw new GameError("over", "this game has not started yet");
    const stage = setupStage(g);
    if (!stage) throw new GameError("invalid", `${variantInfo(g.variant).name} has no setups for the players to choose`);
    const mine = stage[colour];
    if (mine !== null) throw new GameError("invalid", `you have already chosen your setup (${stage.names[mine]})`);
    if (!g.choosingSetups) throw new GameError("invalid", "the setups are chosen and the game is under way");
    const other = colour === "white" ? "black" : "white";
    if (stage.toChoose !== colour) {
      throw new GameError("not-your-turn", `${sideNameIn(g.variant, other)} chooses first; you choose when your opponent has`);
    }
    if (input.setup >= stage.names.length) {
      throw new GameError("invalid", `choose one of the ${stage.names.length} setups (0 to ${stage.names.length - 1})`);
    }
    const chosen = { white: stage.white, black: stage.black, [colour]: input.setup };
    const column = colour === "white" ? { whiteSetup: input.setup } : { blackSetup: input.setup };
    const deadline = deadlineAfter(now, g.daysPerMove);
    if (chosen[other] === null) {
      await tx.update(games).set({ ...column, deadline, reminderPly: null, updatedAt: now }).where(eq(games.id, g.id));
      // The opponent chooses now, seeing this choice, and then moves first.
      const [me, opponent] = await Promise.all([userById(tx, userId), userById(tx, opponentId(g, userId))]);
      const email = await chooseSetupEmail(opponent, { id: g.id, variant: g.variant, deadline }, me.name ?? "your opponent", true, stage.names[input.setup]);
      if (email) await enqueueEmail(tx, email, now);
      return { colour, startFen: null };
    }
    const startFen = chosenSetupFen(g.variant, chosen.white!, chosen.black!);
    // The deadline set at the opponent's choice stays: it is for choosing and making the first move, in one sitting.
    await tx.update(games).set({ ...column, choosingSetups: false, startFen, ...positionOf(Game.start(g.variant, startFen)), updatedAt: now })
      .where(eq(games.id, g.id));
    return { colour, startFen };
  });
}

export async function resign(db: Db, userId: string, raw: { gameId: string }, now = new Date()): Promise<void> {
  const { gameId } = parse(gameActionInput, raw);
  await db.transaction(async (tx) => {
    const g = await lockGame(tx, gameId);
    const colour = colourOf(g, userId);
    requireActive(g);
    await finish(tx, g, colour === "white" ? "0-1" : "1-0", "resignation", now);
  });
}

/** Offers a draw, or agrees to one when the opponent has already offered. */
export async function offerDraw(db: Db, userId: string, raw: { gameId: string }, now = new Date()): Promise<"offered" | "agreed"> {
  const { gameId } = parse(gameActionInput, raw);
  return db.transaction(async (tx) => {
    const g = await lockGame(tx, gameId);
    colourOf(g, userId);
    requireActive(g);
    if (g.drawOfferBy && g.drawOfferBy !== userId) {
      await finish(tx, g, "1/2-1/2", "agreement", now);
      return "agreed";
    }
    await tx.update(games).set({ drawOfferBy: userId, updatedAt: now }).where(eq(games.id, g.id));
    // The offer is news to the opponent once: offering again while it stands mails nobody.
    if (g.drawOfferBy !== userId) {
      const [me, opponent] = await Promise.all([userById(tx, userId), userById(tx, opponentId(g, userId))]);
      await queueDrawOffer(tx, opponent, g, me.name ?? "your opponent", now);
    }
    return "offered";
  });
}

/** Answers the opponent's draw offer: agreed (the game ends) or declined (the offer goes). */
async function answerDrawOffer(db: Db, userId: string, raw: { gameId: string }, agree: boolean, now: Date): Promise<void> {
  const { gameId } = parse(gameActionInput, raw);
  await db.transaction(async (tx) => {
    const g = await lockGame(tx, gameId);
    colourOf(g, userId);
    requireActive(g);
    if (!g.drawOfferBy || g.drawOfferBy === userId) throw new GameError("invalid", "there is no draw offer from your opponent");
    if (agree) await finish(tx, g, "1/2-1/2", "agreement", now);
    else await tx.update(games).set({ drawOfferBy: null, updatedAt: now }).where(eq(games.id, g.id));
  });
}

export const acceptDraw = (db: Db, userId: string, raw: { gameId: string }, now = new Date()) =>
  answerDrawOffer(db, userId, raw, true, now);
export const declineDraw = (db: Db, userId: string, raw: { gameId: string }, now = new Date()) =>
  answerDrawOffer(db, userId, raw, false, now);

/** Why a claimed draw is refused when the position does not qualify. */
const UNCLAIMABLE: Record<DrawClaim, string> = {
  "threefold-repetition": "this position has not occurred three times",
  "fifty-move-rule": "a fifty-move draw needs 50 moves by each side without a capture or a pawn move",
  "counting-rule": "the count has not run out",
  "no-move-but-promotion": "this draw needs a king and one pawn with no move but promotions",
};

/**
 * Claims a draw by threefold repetition or the fifty-move rule. Decision: either
 * player may claim while the position on the board qualifies (in correspondence
 * play the position, not the clock, is what both players look at).
 */
export async function claimDraw(
  db: Db, userId: string, raw: { gameId: string; reason: DrawClaim }, now = new Date(),
): Promise<void> {
  const { gameId, reason } = parse(drawClaimInput, raw);
  await db.transaction(async (tx) => {
    const g = await lockGame(tx, gameId);
    colourOf(g, userId);
    requireActive(g);
    // Whether a claim holds depends on moves the claimant cannot see: in fog, draws are agreed.
    if (hiddenNow(g)) throw new GameError("invalid", "in a game in fog a draw is agreed, not claimed: the repetition and the move count are hidden");
    const rules = await loadRules(tx, g);
    if (!rules.claimableDraws().includes(reason)) {
      throw new GameError("invalid", UNCLAIMABLE[reason]);
    }
    await finish(tx, g, "1/2-1/2", reason, now);
  });
}
