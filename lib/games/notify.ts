/**
 * The emails a game event causes, queued in the event's own transaction (the
 * outbox), so an email exists exactly when its event committed. Each is queued as its
 * template's data (lib/mail/templates.ts); the worker renders it just before sending. Addresses never
 * appear in an email to someone else: the other player is named by display name.
 */
import type { Executor } from "@/lib/db/client";
import { replyTokens, type User } from "@/lib/db/schema";
import { enqueueEmail, mailSettings, type OutboxEmailInput } from "@/lib/mail";
import type { EmailData } from "@/lib/mail/templates";
import { hidesInformation, isMultiVariant, multiGameInfo, sideNameIn, variantInfo } from "@/lib/rules";
import { resultMark } from "./result-mark";
import { newReplyToken, replyTokenRow, stopRepliesUrl, type ReplyToken } from "./reply-tokens";

export function gameUrl(gameId: string): string {
  return `${mailSettings().siteUrl}/games/${gameId}`;
}

/** A game's name, for two players or for more (lib/rules/multi). */
export function gameName(variant: string): string {
  return isMultiVariant(variant) ? multiGameInfo(variant).name : variantInfo(variant).name;
}

export function formatDeadline(d: Date): string {
  return `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

type Recipient = Pick<User, "email" | "notify" | "name">;

/** The player wants an email at every move (a "your turn" email is made, with its reply address, only for them). */
export function wantsTurnEmail<R extends Recipient>(to: R): to is R & { email: string } {
  return !!to.email && to.notify === "every-move";
}

/**
 * The "your turn" email, made but not queued (null when the player wants none per move); with
 * replies by email on, `reply` is its reply address, which reads a reply as the move
 * (lib/games/replies.ts), and the token is stored when the email is queued (queueTurnEmail). A token
 * is made only for an email that is sent: a digest reader, say, gets no reply address
 * (docs/reply-by-email.md#the-reply-address).
 */
export function yourTurnEmail(
  to: Recipient & Pick<User, "id">,
  g: { id: string; variant: string; ply: number; deadline: Date; colour: "white" | "black" },
  opponent: string,
  /** A new reply address for `to` at this ply (reply-tokens.ts), null when replies are off or stopped. */
  reply: ReplyToken | null,
  lastMove?: string,
  /** The opponent's latest chat message, already checked and truncated (lib/games/chat.ts chatQuoteSql). */
  said?: string,
): TurnEmail | null {
  if (!wantsTurnEmail(to)) return null;
  const siteUrl = mailSettings().siteUrl;
  const variantName = variantInfo(g.variant).name;
  // A game in fog (docs/games/fog-of-war.md#what-each-surface-shows): the mail names no move,
  // and shows no board — an email client opens the picture without the player's session.
  const fog = hidesInformation(g.variant);
  if (fog) lastMove = undefined;
  const data: EmailData<"your-turn"> = {
    siteUrl, gameUrl: gameUrl(g.id), opponent, variantName, lastMove, moved: fog && g.ply > 0, said,
    moveNumber: Math.floor(g.ply / 2) + 1, side: sideNameIn(g.variant, g.colour), deadline: formatDeadline(g.deadline),
    // Drawn from the recipient's side, as their game page shows it.
    ...(fog ? {} : { boardImageUrl: `${siteUrl}/games/${g.id}/board.png?ply=${g.ply}${g.colour === "black" ? "&flip=1" : ""}` }),
    ...(reply ? { stopRepliesUrl: stopRepliesUrl(reply.token) } : {}),
  };
  return {
    to: to.email,
    kind: "your-turn",
    subject: lastMove ? `${opponent} played ${lastMove}: your move (${variantName})` : `Your move against ${opponent} (${variantName})`,
    data,
    payload: { gameId: g.id, ply: g.ply },
    ...(reply ? { replyTo: reply.address, reply } : {}),
  };
}

/** An email whose reply is read as a move: its reply token is stored with it. */
export type TurnEmail = OutboxEmailInput & { reply?: ReplyToken };

/** Queues an email in `tx`, and the reply token its reply address names, so both exist or neither. */
export async function queueTurnEmail(tx: Executor, email: TurnEmail, now: Date): Promise<void> {
  const { reply, ...queued } = email;
  await enqueueEmail(tx, queued, now);
  if (reply) await tx.insert(replyTokens).values(replyTokenRow(reply, now));
}

export async function queueYourTurn(
  tx: Executor,
  to: Recipient & Pick<User, "id">,
  g: { id: string; variant: string; ply: number; deadline: Date; colour: "white" | "black" },
  opponent: string,
  now: Date,
  lastMove?: string,
): Promise<void> {
  if (!wantsTurnEmail(to)) return;
  const email = yourTurnEmail(to, g, opponent, await newReplyToken(tx, g.id, to.id, g.ply), lastMove);
  if (email) await queueTurnEmail(tx, email, now);
}

/**
 * "A draw is offered", to the player offered it, when they want mail for every move (the offer
 * waits on the game page for those who read a digest: docs/chat.md#the-draw-offer-email).
 */
export async function queueDrawOffer(
  tx: Executor, to: Recipient, g: { id: string; variant: string }, opponent: string, now: Date,
): Promise<void> {
  if (!to.email || to.notify !== "every-move") return;
  const variantName = variantInfo(g.variant).name;
  const data: EmailData<"draw-offer"> = { siteUrl: mailSettings().siteUrl, gameUrl: gameUrl(g.id), opponent, variantName };
  await enqueueEmail(tx, {
    to: to.email, kind: "draw-offer", subject: `${opponent} offers a draw (${variantName})`, data,
    payload: { gameId: g.id },
  }, now);
}

/**
 * "Choose your setup" (lib/games/setups.ts): to the player who chooses now, with the
 * opponent's choice when they chose first; null when the player wants no mail per move.
 */
export async function chooseSetupEmail(
  to: Recipient,
  g: { id: string; variant: string; deadline: Date },
  opponent: string,
  thenMove: boolean,
  opponentChose?: string,
): Promise<OutboxEmailInput | null> {
  if (!to.email || to.notify !== "every-move") return null;
  const variantName = variantInfo(g.variant).name;
  const data: EmailData<"choose-setup"> = {
      siteUrl: mailSettings().siteUrl, gameUrl: gameUrl(g.id), opponent, variantName, opponentChose, thenMove,
      deadline: formatDeadline(g.deadline),
    };
  return {
    to: to.email,
    kind: "choose-setup",
    subject: opponentChose
      ? `${opponent} chose ${opponentChose}: choose your setup (${variantName})`
      : `Choose your setup against ${opponent} (${variantName})`,
    data,
    payload: { gameId: g.id, ply: 0 },
  };
}

export async function queueInvitation(
  tx: Executor,
  to: string,
  inv: { token: string; gameId: string; variant: string; daysPerMove: number; inviteeColour: string },
  from: string,
  now: Date,
): Promise<void> {
  const siteUrl = mailSettings().siteUrl;
  const variantName = gameName(inv.variant);
  const data: EmailData<"invitation"> = {
      siteUrl, acceptUrl: `${siteUrl}/invitations/${inv.token}`, from, variantName,
      daysPerMove: inv.daysPerMove, colour: inv.inviteeColour,
    };
  await enqueueEmail(tx, {
    to, kind: "invitation", subject: `${from} invites you to play ${variantName}`, data,
    payload: { gameId: inv.gameId },
  }, now);
}

const HOW: Record<string, string> = {
  checkmate: "by checkmate", stalemate: "by stalemate", extinction: "by extinction of the royal pieces",
  "king-exploded": "by blowing up the king", "king-captured": "by capturing the king", "all-pieces-lost": "by losing every piece",
  "bare-royal": "by baring the royal piece", "union-with-king": "by union with the king",
  "insufficient-material": "as neither side can win", "seventy-five-move-rule": "by the 75-move rule",
  "all-pieces-in-unions": "with every piece in a union", "no-legal-move": "with no legal move left",
  "fivefold-repetition": "by fivefold repetition", "threefold-repetition": "by threefold repetition",
  "fifty-move-rule": "by the fifty-move rule", "counting-rule": "by the counting rule",
  "fourfold-repetition": "by fourfold repetition", "perpetual-check": "by perpetual check",
  "pawn-drop-mate": "by the pawn-drop mate rule", "perpetual-chase": "by perpetual chasing",
  bikjang: "on points after bikjang", "double-pass": "on points after both players passed",
  "repetition-points": "on points after threefold repetition", "move-rule-points": "on points after fifty moves without a capture",
  "no-move-but-promotion": "with no move but a promotion", resignation: "by resignation", agreement: "by agreement",
  timeout: "on time", "timeout-vs-insufficient-material": "on time, against a side that could not win",
  "no-first-move": "as the first moves were not made in time",
  "no-setup-chosen": "as the setups were not chosen in time",
  imported: "as the imported record gives it",
};

export function describeEnd(reason: string): string {
  return HOW[reason] ?? reason;
}

export async function queueGameOver(
  tx: Executor,
  to: Recipient,
  g: { id: string; variant: string; result: "1-0" | "0-1" | "1/2-1/2"; endReason: string },
  colour: "white" | "black",
  opponent: string,
  now: Date,
): Promise<void> {
  if (!to.email || to.notify === "none") return;
  const won = (g.result === "1-0" && colour === "white") || (g.result === "0-1" && colour === "black");
  const outcome = g.result === "1/2-1/2" ? "Drawn" : won ? "You won" : "You lost";
  const variantName = variantInfo(g.variant).name;
  const data: EmailData<"game-over"> = {
      siteUrl: mailSettings().siteUrl, gameUrl: gameUrl(g.id), opponent, variantName, outcome,
      how: describeEnd(g.endReason), result: resultMark(g.result),
    };
  await enqueueEmail(tx, {
    to: to.email, kind: "game-over", subject: `${outcome} against ${opponent} (${variantName})`, data,
    payload: { gameId: g.id },
  }, now);
}

export async function queueCancelled(
  tx: Executor, to: Recipient, g: { id: string; variant: string }, opponent: string, reason: "no-first-move" | "no-setup-chosen", now: Date,
): Promise<void> {
  if (!to.email || to.notify === "none") return;
  const variantName = gameName(g.variant);
  const data: EmailData<"game-over"> = {
      siteUrl: mailSettings().siteUrl, gameUrl: gameUrl(g.id), opponent, variantName, outcome: "Cancelled",
      how: describeEnd(reason), result: "no result",
    };
  await enqueueEmail(tx, {
    to: to.email, kind: "game-over", subject: `Game against ${opponent} cancelled (${variantName})`, data,
    payload: { gameId: g.id },
  }, now);
}

function hoursText(ms: number): string {
  const h = Math.max(1, Math.round(ms / 3_600_000));
  return h === 1 ? "about an hour" : `about ${h} hours`;
}

/** A reminder goes to everyone who wants mail at all: losing on time matters in digest mode too. */
export async function queueReminder(
  tx: Executor, to: Recipient, g: { id: string; variant: string; deadline: Date; choosingSetups: boolean }, opponent: string, now: Date,
): Promise<boolean> {
  if (!to.email || to.notify === "none") return false;
  const variantName = variantInfo(g.variant).name;
  const timeLeft = hoursText(g.deadline.getTime() - now.getTime());
  const data: EmailData<"reminder"> = {
      siteUrl: mailSettings().siteUrl, gameUrl: gameUrl(g.id), opponent, variantName, timeLeft,
      deadline: formatDeadline(g.deadline), choosing: g.choosingSetups,
    };
  const what = g.choosingSetups ? "to choose your setup" : "for your move";
  await enqueueEmail(tx, {
    to: to.email, kind: "reminder", subject: `${timeLeft} left ${what} against ${opponent} (${variantName})`, data,
    payload: { gameId: g.id },
  }, now);
  return true;
}

export async function queueDigest(
  tx: Executor, to: string, waiting: { id: string; variant: string; opponent: string; deadline: Date }[], now: Date,
): Promise<void> {
  const data: EmailData<"digest"> = {
      siteUrl: mailSettings().siteUrl,
      games: waiting.map((g) => ({
        url: gameUrl(g.id), opponent: g.opponent, variantName: variantInfo(g.variant).name, deadline: formatDeadline(g.deadline),
      })),
    };
  const n = waiting.length;
  await enqueueEmail(tx, {
    to, kind: "digest", subject: n === 1 ? "A game is waiting for your move" : `${n} games are waiting for your move`, data,
    payload: { gameIds: waiting.map((g) => g.id) },
  }, now);
}

/** One email about every game `to` plays against the opponent; false when `to` wants no mail. */
export async function queueVacation(
  tx: Executor, to: Recipient, shared: { id: string; variant: string }[], opponent: string, away: boolean, now: Date,
): Promise<boolean> {
  if (!to.email || to.notify === "none") return false;
  const games = shared.map((g) => ({ url: gameUrl(g.id), variantName: variantInfo(g.variant).name }));
  const data: EmailData<"vacation"> = { siteUrl: mailSettings().siteUrl, games, opponent, away };
  await enqueueEmail(tx, {
    to: to.email, kind: "vacation", subject: `${opponent} is ${away ? "on vacation" : "back from vacation"}`, data,
    payload: { gameIds: shared.map((g) => g.id) },
  }, now);
  return true;
}

// ---------------------------------------------------------------- games for more than two

/**
 * "Your turn" in a game for more than two (docs/games-for-more-than-two-service.md#the-turn-email):
 * to the player whose army is to move, naming the others by display name only; no board picture
 * (the pictures draw games of two) and no reply address (replies are read as moves of two-player games).
 */
export async function queueMultiTurn(
  tx: Executor,
  to: Recipient,
  g: { id: string; variant: string; ply: number; deadline: Date; army: string; armyLetter: string },
  news: { others: string; by?: string; move?: string; headline?: string },
  now: Date,
): Promise<void> {
  if (!to.email || to.notify !== "every-move") return;
  const variantName = gameName(g.variant);
  const siteUrl = mailSettings().siteUrl;
  const data: EmailData<"your-turn"> = {
      siteUrl, gameUrl: gameUrl(g.id), opponent: news.by ?? news.others, variantName,
      lastMove: news.move, headline: news.headline, moveNumber: g.ply + 1, side: g.army, deadline: formatDeadline(g.deadline),
      // Turned to the recipient's army, as a game of two is drawn from the recipient's side.
      boardImageUrl: `${siteUrl}/games/${g.id}/board.png?ply=${g.ply}&army=${g.armyLetter}`,
    };
  const what = news.headline ?? (news.move ? `${news.by} played ${news.move}` : `Your game with ${news.others} has begun`);
  await enqueueEmail(tx, {
    to: to.email, kind: "your-turn", subject: `${what}: your move as ${g.army} (${variantName})`, data,
    payload: { gameId: g.id, ply: g.ply },
  }, now);
}

/** "Game over" in a game for more than two: to each player, with their place and the ending in words. */
export async function queueMultiGameOver(
  tx: Executor,
  to: Recipient,
  g: { id: string; variant: string; ending: string },
  seat: { place: number; winner: boolean; of: number },
  others: string,
  now: Date,
): Promise<void> {
  if (!to.email || to.notify === "none") return;
  const variantName = gameName(g.variant);
  const outcome = seat.winner ? "You won" : `You placed ${ordinal(seat.place)}`;
  const data: EmailData<"game-over"> = {
      siteUrl: mailSettings().siteUrl, gameUrl: gameUrl(g.id), opponent: others, variantName, outcome,
      how: `(${g.ending})`, result: `${ordinal(seat.place)} of ${seat.of}`,
    };
  await enqueueEmail(tx, {
    to: to.email, kind: "game-over", subject: `${outcome} (${variantName}): ${g.ending}`, data,
    payload: { gameId: g.id },
  }, now);
}

export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th";
  return `${n}${suffix}`;
}
