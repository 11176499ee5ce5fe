import { randomUUID } from "node:crypto";
import { and, asc, eq, gte, inArray, lt, lte, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, Executor } from "@/lib/db/client";
import { emailOutbox, type OutboxEmail } from "@/lib/db/schema";
import { mailSettings } from "./settings";
import { checkEmailData, renderEmailData } from "./templates";
import type { MailTransport } from "./transport";

const envelope = z.object({
  to: z.email(),
  /** What the email is about, which names its template: "your-turn", "invitation", "reminder", "game-over", … */
  kind: z.string().min(1).max(64),
  subject: z.string().min(1).max(998),
  payload: z.record(z.string(), z.unknown()).optional(),
  /** A secret address that reads a reply as a move (lib/games/replies.ts). */
  replyTo: z.email().optional(),
});
export const outboxEmailInput = z.union([
  /** The template's data (lib/mail/templates.ts), rendered by the worker just before sending. */
  envelope.extend({ data: z.record(z.string(), z.unknown()) }),
  /** Bodies already written (mail no template makes). */
  envelope.extend({ html: z.string().min(1), text: z.string().min(1) }),
]);
export type OutboxEmailInput = z.input<typeof outboxEmailInput>;

/**
 * Queues an email as a row written through `tx`, the transaction of the event that
 * causes it: if that transaction rolls back, the email never existed. Due at `now`: the
 * caller's clock, so an operation judged at a given time (a move, a timeout) queues its
 * mail at that same time, not at the database's.
 */
export async function enqueueEmail(
  tx: Executor,
  input: OutboxEmailInput,
  now: Date,
): Promise<{ id: string; messageId: string }> {
  const { row, id, messageId } = outboxRow(input, now);
  await tx.insert(emailOutbox).values(row);
  return { id, messageId };
}

/** The row enqueueEmail inserts, checked: for a caller that writes it within a statement of its own (a move's). */
export function outboxRow(input: OutboxEmailInput, now: Date): { row: typeof emailOutbox.$inferInsert; id: string; messageId: string } {
  const email = outboxEmailInput.parse(input);
  const body = "data" in email ? { data: checkEmailData(email.kind, email.data) as Record<string, unknown> } : { html: email.html, text: email.text };
  const id = randomUUID();
  const messageId = `<${id}.outbox@${new URL(mailSettings().siteUrl).hostname}>`;
  return {
    id,
    messageId,
    row: {
      id,
      messageId,
      toAddress: email.to,
      kind: email.kind,
      subject: email.subject,
      ...body,
      payload: email.payload,
      replyTo: email.replyTo,
      nextAttemptAt: now,
      createdAt: now,
    },
  };
}

/**
 * A queued email's bodies, as the worker sends them: rendered from its data, or those it was
 * queued with (every row queued before emails were rendered by the worker). Throws when neither
 * makes an email (a stale or hostile row).
 */
export async function renderQueued(row: Pick<OutboxEmail, "kind" | "data" | "html" | "text">): Promise<{ html: string; text: string }> {
  if (row.data != null) return renderEmailData(row.kind, row.data);
  if (row.html && row.text) return { html: row.html, text: row.text };
  throw new Error("the row has neither data nor bodies");
}

export interface DrainOptions {
  /** Most emails handled in one call, so a caller's loop stays responsive. Default 100. */
  limit?: number;
  /** Attempts before an email is marked failed. Default 10 (about four hours of back-off). */
  maxAttempts?: number;
  /** Wait after the first failure; doubles with each further one. Default 1 minute. */
  retryBaseMs?: number;
  /** Longest wait between attempts. Default 1 hour. */
  retryMaxMs?: number;
  /**
   * How long a claimed row stays reserved for its worker. After that the row is
   * presumed abandoned (worker died) and is sent again with the same Message-ID.
   * Must exceed the transport's worst-case send time, times its sends at once (an email
   * may wait for its recipient's earlier one). Default 10 minutes.
   */
  leaseMs?: number;
}

export interface DrainResult {
  sent: number;
  /** Failed this time, scheduled again. */
  retried: number;
  /** Gave up: marked failed. */
  failed: number;
}

/**
 * Sends every email due at `now`, as many at once as the transport takes (`sendsAtOnce`), but
 * each recipient's in the order they were claimed: a player's two emails about one game must not
 * arrive the wrong way round (within a drain; drains of two workers at once may each take one). Safe with several drainers at once: each row is claimed by a single
 * UPDATE over `FOR UPDATE SKIP LOCKED`, and the claim (status "sending", attempts + 1) commits
 * before the email goes out, so a crash mid-send leaves a visible attempt rather than a silent
 * resend; a drain holds no more claimed rows than it sends at once. `now` is a parameter so tests
 * move the clock instead of sleeping.
 */
export async function drainOutbox(
  db: Db,
  transport: MailTransport,
  now: Date = new Date(),
  options: DrainOptions = {},
): Promise<DrainResult> {
  const { limit = 100, maxAttempts = 10, leaseMs = 600_000 } = options;
  const result: DrainResult = { sent: 0, retried: 0, failed: 0 };

  // A worker that died during the last allowed attempt left its row "sending"; once
  // the lease is over, nothing will claim it again, so record the failure.
  const abandoned = await db
    .update(emailOutbox)
    .set({ status: "failed", lastError: sql`coalesce(${emailOutbox.lastError}, 'worker lost during the last attempt')` })
    .where(
      and(
        eq(emailOutbox.status, "sending"),
        lte(emailOutbox.nextAttemptAt, now),
        gte(emailOutbox.attempts, maxAttempts),
      ),
    )
    .returning({ id: emailOutbox.id });
  result.failed += abandoned.length;

  // Claims are made one at a time, and each claimed email joins its recipient's line before the
  // next claim: so a recipient's emails are sent in claim order, each after the one before is settled.
  let handled = result.failed;
  let stop = false;
  const lastTo = new Map<string, Promise<void>>();
  let claiming: Promise<unknown> = Promise.resolve();
  const claimNext = () => {
    const next = claiming.then(async () => {
      if (stop || handled >= limit) return null;
      const email = await claimOne(db, now, maxAttempts, new Date(now.getTime() + leaseMs));
      if (!email) {
        stop = true;
        return null;
      }
      handled++;
      const to = email.toAddress.toLowerCase();
      const after = lastTo.get(to);
      let done!: () => void;
      lastTo.set(to, new Promise<void>((resolve) => (done = resolve)));
      return { email, after, done };
    });
    claiming = next.catch(() => {});
    return next;
  };
  const lane = async () => {
    try {
      for (let turn; (turn = await claimNext()); ) {
        try {
          await turn.after;
          result[await deliver(db, transport, turn.email, now, options)]++;
        } finally {
          turn.done();
        }
      }
    } catch (error) {
      stop = true;
      throw error;
    }
  };
  // Every lane ends before the drain does, even when one fails: no send outlives its drain.
  const lanes = await Promise.allSettled(Array.from({ length: Math.max(1, transport.sendsAtOnce ?? 1) }, lane));
  for (const l of lanes) if (l.status === "rejected") throw l.reason;
  return result;
}

/** Renders and sends one claimed email and settles its row: sent, retried later, or failed for good. */
async function deliver(db: Db, transport: MailTransport, email: OutboxEmail, now: Date, options: DrainOptions): Promise<keyof DrainResult> {
  const { maxAttempts = 10, retryBaseMs = 60_000, retryMaxMs = 3_600_000, leaseMs = 600_000 } = options;
  // Only the claim that is still ours may settle the row: if our lease ran out and
  // another worker re-claimed it, `attempts` has moved on.
  const ours = and(eq(emailOutbox.id, email.id), eq(emailOutbox.attempts, email.attempts));
  let body;
  try {
    body = await renderQueued(email);
  } catch (error) {
    // Rendering it again will not help: the row is set aside, and the rows behind it go on.
    await db.update(emailOutbox).set({ status: "failed", lastError: `not rendered: ${errorText(error)}`.slice(0, 2000) }).where(ours);
    return "failed";
  }
  try {
    await transport.send({
      to: email.toAddress,
      subject: email.subject,
      ...body,
      messageId: email.messageId,
      ...(email.replyTo ? { replyTo: email.replyTo } : {}),
    });
  } catch (error) {
    const giveUp = email.attempts >= maxAttempts;
    const delay = Math.min(retryBaseMs * 2 ** (email.attempts - 1), retryMaxMs);
    await db
      .update(emailOutbox)
      .set({
        lastError: errorText(error).slice(0, 2000),
        ...(giveUp ? { status: "failed" } : { status: "pending", nextAttemptAt: new Date(now.getTime() + delay) }),
      })
      .where(ours);
    return giveUp ? "failed" : "retried";
  }
  await settle(() => db.update(emailOutbox).set({ status: "sent", sentAt: now, lastError: null }).where(ours), leaseMs);
  return "sent";
}

/**
 * Records that an email went out. Should the database be unreachable right then,
 * giving up would leave the row "sending", and it would go out again when its lease
 * ends; so keep trying (in real time) for half the lease, during which no other
 * worker takes the row (tests/integration/faults.test.ts).
 */
async function settle(write: () => Promise<unknown>, leaseMs: number): Promise<void> {
  const giveUpAt = Date.now() + leaseMs / 2;
  for (let wait = 100; ; wait = Math.min(wait * 2, 5_000)) {
    try {
      await write();
      return;
    } catch (error) {
      if (Date.now() + wait > giveUpAt) throw error;
      await new Promise((r) => setTimeout(r, wait));
    }
  }
}

/** Claims the earliest due row, recording the attempt; null when nothing is due. */
async function claimOne(db: Db, now: Date, maxAttempts: number, leaseUntil: Date): Promise<OutboxEmail | null> {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        inArray(emailOutbox.status, ["pending", "sending"]),
        lte(emailOutbox.nextAttemptAt, now),
        lt(emailOutbox.attempts, maxAttempts),
      ),
    )
    .orderBy(asc(emailOutbox.nextAttemptAt))
    .limit(1)
    .for("update", { skipLocked: true });
  const [claimed] = await db
    .update(emailOutbox)
    .set({ status: "sending", attempts: sql`${emailOutbox.attempts} + 1`, nextAttemptAt: leaseUntil })
    .where(eq(emailOutbox.id, due))
    .returning();
  return claimed ?? null;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
