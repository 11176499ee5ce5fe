/**
 * Moves by replying to the "your turn" email (docs/reply-by-email.md). A reply reaches us by the
 * app's own SMTP server (lib/mail/inbound-smtp.ts) or a provider's POST (app/api/inbound-mail);
 * both hand it here. Its recipient names a reply secret (lib/games/reply-tokens.ts), which says
 * the game, the player and the ply; its first line is the move (lib/mail/reply-text.ts), submitted
 * through submitMove with that ply like any other move. The answer goes by email to the player's
 * own address (never to the address the reply came from, which anyone can write): "played", or
 * why not, with the moves that may be made.
 */
import { eq } from "drizzle-orm";
import { countEventsSince, recordEvents } from "@/lib/auth/rate-limit";
import type { Db, Executor } from "@/lib/db/client";
import { games, replyStops, replyTokens, users, type Game as GameRow, type User } from "@/lib/db/schema";
import { mailSettings } from "@/lib/mail";
import { replyMoveLine } from "@/lib/mail/reply-text";
import { Game, RulesError, variantInfo, viewFen } from "@/lib/rules";
import type { ReplyAnswerProps } from "@/emails/reply-answer";
import type { EmailData } from "@/lib/mail/templates";
import { GameError } from "./errors";
import { hiddenNow } from "./fog";
import { gameUrl, queueTurnEmail } from "./notify";
import { declarePresetVariants, refuseUnreadable } from "./presets";
import { findReplyToken, findReplyTokenByLink, newReplyToken, repliesStopped, stopRepliesUrl, tokenInAddress } from "./reply-tokens";
import { loadRules, submitMove, userById } from "./service";

/** The largest reply taken, by SMTP or HTTP, headers and every part included: a reply is a line; a photo of a signature fits. */
export const MAX_REPLY_BYTES = 512 * 1024;

/** The most moves an answer lists; the rest are counted (a Shogi position has hundreds). */
export const LISTED_MOVES = 40;

/**
 * The most answers by email in an hour, to one reply address and to one player in all games
 * (docs/reply-by-email.md#limits): whoever holds an address (a forwarded email) can send it any
 * number of replies, and each would mail the player.
 */
export const ANSWERS_PER_ADDRESS_HOUR = 3;
export const ANSWERS_PER_PLAYER_HOUR = 20;

/** Counts an answer to the player about a reply to the address `tokenHash`; false when over a limit (then none is sent). */
async function mayAnswer(db: Db, tokenHash: string, playerId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    // The player's row lock: replies handled at once are counted one after the other.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, playerId)).for("update");
    const hourAgo = new Date(now.getTime() - 3_600_000);
    if ((await countEventsSince(tx, "reply-answer-address", tokenHash, hourAgo)) >= ANSWERS_PER_ADDRESS_HOUR) return false;
    if ((await countEventsSince(tx, "reply-answer-player", playerId, hourAgo)) >= ANSWERS_PER_PLAYER_HOUR) return false;
    await recordEvents(tx, [{ bucket: "reply-answer-address", key: tokenHash }, { bucket: "reply-answer-player", key: playerId }], now);
    return true;
  });
}

/** A reply as it came in; the bodies already cut to the limits of the way it came. */
export interface InboundReply {
  /** The recipients (the envelope's, or the provider's `to`): one of them is a reply address. */
  to: string[];
  /** The address in the reply's From header. */
  from: string | null;
  text?: string | null;
  html?: string | null;
}

export type ReplyOutcome =
  | "unknown-address" // no recipient is a reply address we gave: nothing is answered
  | "wrong-sender" | "stopped" | "over" | "stale" | "refused" | "played"
  | "already-played"; // a second delivery of a reply that played: the first was answered, nothing is sent

/** The first of the recipients that names a reply secret we stored, with its row. */
async function findAddressed(db: Executor, to: readonly string[]) {
  for (const address of to.slice(0, 50)) {
    const token = tokenInAddress(address);
    const row = token ? await findReplyToken(db, token) : null;
    if (row) return row;
  }
  return null;
}

/** Whether an address is one of ours whose secret we stored: the SMTP server accepts mail only for these. */
export async function isReplyAddress(db: Executor, address: string): Promise<boolean> {
  return (await findAddressed(db, [address])) !== null;
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The moves the player may make now, as they see the position (their own view in fog); none for a game that no longer reads. */
async function movesNow(db: Executor, g: GameRow, colour: "white" | "black"): Promise<string[]> {
  try {
    await declarePresetVariants(db, [g.variant]);
    refuseUnreadable(g.variant);
    const rules = await loadRules(db, g);
    if (rules.turn() !== colour) return [];
    const seen = hiddenNow(g) ? Game.start(g.variant, viewFen(g.variant, rules.fen(), colour)) : rules;
    return seen.legalMoves().map((m) => m.text);
  } catch (e) {
    if (e instanceof GameError || e instanceof RulesError) return [];
    throw e;
  }
}

/** Reads a reply and plays its move, or refuses it; every answer is queued in the outbox. */
export async function handleReply(db: Db, mail: InboundReply, now = new Date()): Promise<ReplyOutcome> {
  const token = await findAddressed(db, mail.to);
  if (!token) return "unknown-address";
  const [g] = await db.select().from(games).where(eq(games.id, token.gameId));
  if (!g) return "unknown-address"; // deleted since (its tokens go with it)
  const player = await userById(db, token.userId);
  const opponentId = g.whiteId === player.id ? g.blackId : g.whiteId;
  const opponent = opponentId ? (await userById(db, opponentId)).name ?? "your opponent" : "your opponent";
  const colour = g.whiteId === player.id ? "white" : "black";

  const answer = async (props: Pick<ReplyAnswerProps, "played" | "refused">, offerMoves = false) => {
    if (!player.email || !(await mayAnswer(db, token.tokenHash, player.id, now))) return;
    let legalMoves: string[] = [];
    let again = null;
    if (offerMoves) {
      // After a refusal the move is still to be made at the same ply: list the moves, and this
      // answer takes a reply as a move again.
      const [current] = await db.select().from(games).where(eq(games.id, g.id));
      if (current?.status === "active" && current.ply === token.ply) {
        legalMoves = await movesNow(db, current, colour);
        if (legalMoves.length > 0) again = await newReplyToken(db, g.id, player.id, token.ply);
      }
    }
    const variantName = variantInfo(g.variant).name;
    const data: EmailData<"reply-answer"> = {
      siteUrl: mailSettings().siteUrl, gameUrl: gameUrl(g.id), opponent, variantName, ...props,
      legalMoves: legalMoves.slice(0, LISTED_MOVES), moreMoves: Math.max(0, legalMoves.length - LISTED_MOVES),
      ...(again ? { stopRepliesUrl: stopRepliesUrl(again.token) } : {}),
    };
    await db.transaction((tx) => queueTurnEmail(tx, {
      to: player.email!, kind: "reply-answer",
      subject: props.played ? `You played ${props.played} against ${opponent} (${variantName})` : `Your reply was not played against ${opponent} (${variantName})`,
      data, payload: { gameId: g.id, ply: token.ply },
      ...(again ? { replyTo: again.address, reply: again } : {}),
    }, now));
  };

  // The sender first: a reply from any other address learns nothing, whatever the game's state.
  if (!mail.from || !player.email || !sameAddress(mail.from, player.email)) {
    await answer({ refused: `it came from another address than your account's (${player.email}), so it was not read` });
    return "wrong-sender";
  }
  // Before the game's state: the move this address played may have ended the game, or the game moved on since.
  const playedHere = async () => (await db.select({ move: replyTokens.playedMove }).from(replyTokens)
    .where(eq(replyTokens.tokenHash, token.tokenHash)))[0]?.move != null;
  if (token.playedMove !== null) return "already-played";
  if (g.status !== "active") {
    await answer({ refused: "this game is over" });
    return "over";
  }
  if (await repliesStopped(db, g.id, player.id)) {
    await answer({ refused: "you stopped replies by email for this game; move on the game page" });
    return "stopped";
  }
  const stale = { refused: `the game has moved on since the email you answered (sent at move ${Math.floor(token.ply / 2) + 1}); see the game for the position now` };
  if (g.ply !== token.ply) {
    // A delivery at once with the one that played (read before it was stored) is no stale reply either.
    if (await playedHere()) return "already-played";
    await answer(stale);
    return "stale";
  }
  const line = replyMoveLine(mail);
  if ("refused" in line) {
    await answer(line, true);
    return "refused";
  }
  try {
    const played = await submitMove(db, player.id, { gameId: g.id, expectedPly: token.ply, move: line.move }, now,
      (tx, text) => tx.update(replyTokens).set({ playedMove: text }).where(eq(replyTokens.tokenHash, token.tokenHash)).then(() => {}));
    await answer({ played: played.text });
    return "played";
  } catch (e) {
    if (!(e instanceof GameError)) throw e;
    if (e.code === "stale") {
      if (await playedHere()) return "already-played";
      await answer(stale);
      return "stale";
    }
    if (e.code === "over") {
      await answer({ refused: "this game is over" });
      return "over";
    }
    await answer({ refused: e.message }, true);
    return "refused";
  }
}

/** What the page of a stop link shows: the game's name and whether replies are stopped already; null for an unknown link. */
export async function replyStopPage(db: Executor, link: string) {
  const row = await findReplyTokenByLink(db, link);
  if (!row) return null;
  const [g] = await db.select().from(games).where(eq(games.id, row.gameId));
  if (!g) return null;
  const opponentId = g.whiteId === row.userId ? g.blackId : g.whiteId;
  const opponent: Pick<User, "name"> = opponentId ? await userById(db, opponentId) : { name: null };
  return {
    gameId: g.id, variantName: variantInfo(g.variant).name, opponent: opponent.name ?? "your opponent",
    over: g.status !== "active", stopped: await repliesStopped(db, g.id, row.userId),
  };
}

/** Stops replies by email for the link's player in its game (idempotent); false for an unknown link. */
export async function stopReplies(db: Executor, link: string, now = new Date()): Promise<boolean> {
  const row = await findReplyTokenByLink(db, link);
  if (!row) return false;
  await db.insert(replyStops).values({ gameId: row.gameId, userId: row.userId, stoppedAt: now }).onConflictDoNothing();
  return true;
}
