/**
 * The secret reply addresses of "your turn" emails (docs/reply-by-email.md): `move+<secret>@<domain>`,
 * one per email, for one player in one game at one ply. The secret is the authenticator of a reply
 * (a From header is easily forged): 160 random bits, written in lower-case base32 so that a mail
 * server that changes the case of an address changes nothing, and stored only as its SHA-256.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import { z } from "zod";
import type { Executor } from "@/lib/db/client";
import { games, replyStops, replyTokens } from "@/lib/db/schema";
import { mailSettings } from "@/lib/mail";

const ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";
const TOKEN_BYTES = 20;
const TOKEN_CHARS = (TOKEN_BYTES * 8) / 5;

/** A reply secret as it appears in an address or a link: 32 base32 characters. */
export const replyTokenInput = z.string().trim().toLowerCase().regex(new RegExp(`^[${ALPHABET}]{${TOKEN_CHARS}}$`), "not a reply address");

function base32(bytes: Buffer): string {
  let out = "";
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

export const hashReplyToken = (token: string): string => createHash("sha256").update(token).digest("hex");

export interface ReplyToken {
  token: string;
  /** `move+<token>@<REPLY_MAIL_DOMAIN>` */
  address: string;
  gameId: string;
  userId: string;
  ply: number;
}

export async function repliesStopped(db: Executor, gameId: string, userId: string): Promise<boolean> {
  const [row] = await db.select({ gameId: replyStops.gameId }).from(replyStops)
    .where(and(eq(replyStops.gameId, gameId), eq(replyStops.userId, userId)));
  return row !== undefined;
}

/**
 * A new reply address for this player's move at `ply`, not stored yet (saveReplyToken, in the
 * transaction that queues its email); null when replies by email are off (no REPLY_MAIL_DOMAIN)
 * or the player stopped them in this game.
 */
export async function newReplyToken(
  db: Executor, gameId: string, userId: string, ply: number,
  /** Whether the player stopped replies in this game, when the caller knows already (a move reads it with its lock). */
  stopped?: boolean,
): Promise<ReplyToken | null> {
  const domain = mailSettings().replyDomain;
  if (!domain || (stopped ?? (await repliesStopped(db, gameId, userId)))) return null;
  const token = base32(randomBytes(TOKEN_BYTES));
  return { token, address: `move+${token}@${domain}`, gameId, userId, ply };
}

export async function saveReplyToken(tx: Executor, t: ReplyToken, now: Date): Promise<void> {
  await tx.insert(replyTokens).values(replyTokenRow(t, now));
}

/** The row saveReplyToken inserts (the secret's hash only). */
export function replyTokenRow(t: ReplyToken, now: Date): typeof replyTokens.$inferInsert {
  return { tokenHash: hashReplyToken(t.token), gameId: t.gameId, userId: t.userId, ply: t.ply, createdAt: now };
}

/**
 * The page where a player stops replies by email in the game (app/reply-by-email/[link]). It names
 * the secret's hash, never the secret: a link is seen by mail scanners, proxies' logs and browser
 * history, and the secret in the reply address is what moves (docs/reply-by-email.md#stopping).
 */
export const stopRepliesUrl = (token: string): string => `${mailSettings().siteUrl}/reply-by-email/${hashReplyToken(token)}`;

/** A stop link's part after /reply-by-email/: a reply secret's SHA-256, in hex. */
export const stopLinkInput = z.string().regex(/^[0-9a-f]{64}$/, "not a stop link");

/** The stored row of a stop link, or null. */
export async function findReplyTokenByLink(db: Executor, link: string) {
  const parsed = stopLinkInput.safeParse(link);
  if (!parsed.success) return null;
  const [row] = await db.select().from(replyTokens).where(eq(replyTokens.tokenHash, parsed.data));
  return row ?? null;
}

/**
 * The secret in one of our reply addresses (`move+<token>@<our domain>`, the domain compared
 * without case), or null for any other address.
 */
export function tokenInAddress(address: string): string | null {
  const domain = mailSettings().replyDomain;
  if (!domain || address.length > 320) return null;
  const at = address.lastIndexOf("@");
  if (at < 0 || address.slice(at + 1).toLowerCase() !== domain) return null;
  const local = address.slice(0, at);
  if (!/^move\+/i.test(local)) return null;
  const token = replyTokenInput.safeParse(local.slice(5));
  return token.success ? token.data : null;
}

/** The stored row of a reply secret, or null. */
export async function findReplyToken(db: Executor, token: string) {
  const [row] = await db.select().from(replyTokens).where(eq(replyTokens.tokenHash, hashReplyToken(token)));
  return row ?? null;
}

/**
 * How long a reply token that can no longer move (its game over, or past its ply) is kept: a late
 * second delivery of its reply, or a stale one, is still answered, and its email's stop link works.
 */
export const DEAD_TOKEN_DAYS = 7;

/** Deletes the tokens dead for long (docs/reply-by-email.md#the-reply-address); the worker runs it (lib/games/worker.ts). */
export async function pruneReplyTokens(db: Executor, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - DEAD_TOKEN_DAYS * 86_400_000);
  const gone = await db.delete(replyTokens).where(and(
    lt(replyTokens.createdAt, before),
    sql`exists (select 1 from ${games} where ${games.id} = ${replyTokens.gameId} and (${games.status} <> 'active' or ${games.ply} <> ${replyTokens.ply}))`,
  )).returning({ tokenHash: replyTokens.tokenHash });
  return gone.length;
}
