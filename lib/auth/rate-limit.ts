/**
 * Rate limits on sign-in emails, so nobody can mail-bomb an address (or use the
 * site as a spam cannon) through the sign-in form: per address per hour and per
 * day, and per client address per hour. Counted in the database (rate_events), so
 * every app server sees the same counts.
 *
 * Two callers: the sign-in action asks first (record: false), to answer with a clear
 * message; the email sender itself (Auth.js' sendVerificationRequest) counts and
 * enforces (record: true), so a direct POST to /api/auth/signin/email is limited too.
 *
 * The client address comes from lib/auth/client-address.ts: the connection's peer,
 * and X-Forwarded-For only from proxies named in TRUSTED_PROXIES.
 */
import { and, eq, gt, lt, or, sql } from "drizzle-orm";
import type { Db, Executor } from "@/lib/db/client";
import { rateEvents } from "@/lib/db/schema";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Any constant shared by every process of this app (see lib/db/migrate.ts for the other).
const LOCK = 72_114_002;

export interface SignInLimits {
  perAddressPerHour: number;
  perAddressPerDay: number;
  perClientPerHour: number;
}

/** The limits; each can be raised from the environment (the browser tests sign in many people from one address). */
export function signInLimits(env: Record<string, string | undefined> = process.env): SignInLimits {
  const n = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d);
  return {
    perAddressPerHour: n(env.SIGNIN_LIMIT_PER_ADDRESS_HOUR, 5),
    perAddressPerDay: n(env.SIGNIN_LIMIT_PER_ADDRESS_DAY, 10),
    perClientPerHour: n(env.SIGNIN_LIMIT_PER_CLIENT_HOUR, 30),
  };
}

/** One mailbox, one budget: case and a "+tag" do not make another address. */
export function addressKey(email: string): string {
  const e = email.trim().toLowerCase();
  const at = e.lastIndexOf("@");
  if (at < 0) return e;
  return `${e.slice(0, at).split("+")[0]}${e.slice(at)}`;
}

export type Allowance = { ok: true } | { ok: false; reason: "address" | "client"; message: string };

/**
 * Whether a sign-in email to `email`, asked for from `client`, may go out at `now`.
 * With `record`, it is also counted — check and count in one transaction under an
 * advisory lock, so concurrent requests cannot all slip under the limit.
 */
export async function signInAllowance(
  db: Db, email: string, client: string, options: { record: boolean; now?: Date; limits?: SignInLimits },
): Promise<Allowance> {
  const { record, now = new Date(), limits = signInLimits() } = options;
  const address = addressKey(email);
  const hourAgo = new Date(now.getTime() - HOUR);
  const dayAgo = new Date(now.getTime() - DAY);
  return db.transaction(async (tx) => {
    if (record) await tx.execute(sql`select pg_advisory_xact_lock(${LOCK})`);
    const isAddress = and(eq(rateEvents.bucket, "signin-address"), eq(rateEvents.key, address));
    const isClient = and(eq(rateEvents.bucket, "signin-client"), eq(rateEvents.key, client));
    const [c] = await tx.select({
      addressHour: sql<number>`(count(*) filter (where ${and(isAddress, gt(rateEvents.at, hourAgo))}))::int`,
      addressDay: sql<number>`(count(*) filter (where ${isAddress}))::int`,
      clientHour: sql<number>`(count(*) filter (where ${and(isClient, gt(rateEvents.at, hourAgo))}))::int`,
    }).from(rateEvents).where(and(gt(rateEvents.at, dayAgo), or(isAddress, isClient)));
    if (c.addressHour >= limits.perAddressPerHour || c.addressDay >= limits.perAddressPerDay) {
      return {
        ok: false, reason: "address",
        message: "Too many sign-in emails went to this address lately. Use the link already sent, or try again in an hour.",
      } as const;
    }
    if (c.clientHour >= limits.perClientPerHour) {
      return { ok: false, reason: "client", message: "Too many sign-in emails were asked for from your network. Try again in an hour." } as const;
    }
    if (record) await recordEvents(tx, [{ bucket: "signin-address", key: address }, { bucket: "signin-client", key: client }], now);
    return { ok: true } as const;
  });
}

/** Whether `bucket` has an event for `key` after `since` (the game service's limits use this too). */
export async function hasEventSince(tx: Executor, bucket: string, key: string, since: Date): Promise<boolean> {
  const [row] = await tx.select({ id: rateEvents.id }).from(rateEvents)
    .where(and(eq(rateEvents.bucket, bucket), eq(rateEvents.key, key), gt(rateEvents.at, since))).limit(1);
  return row !== undefined;
}

/** How many events `bucket` has for `key` after `since`. */
export async function countEventsSince(tx: Executor, bucket: string, key: string, since: Date): Promise<number> {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(rateEvents)
    .where(and(eq(rateEvents.bucket, bucket), eq(rateEvents.key, key), gt(rateEvents.at, since)));
  return row.n;
}

/** Counts events at `now`; the caller holds the lock that makes check and count one step. */
export async function recordEvents(tx: Executor, events: { bucket: string; key: string }[], now: Date): Promise<void> {
  await tx.insert(rateEvents).values(events.map((e) => ({ ...e, at: now })));
  // Nothing older than the longest window (a day) counts any more.
  await tx.delete(rateEvents).where(lt(rateEvents.at, new Date(now.getTime() - DAY)));
}

/** What the email sender throws when over a limit: Auth.js then sends nothing and reports an error. */
export class SignInRateLimited extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SignInRateLimited";
  }
}
