import nodemailer from "nodemailer";
// The file, not the folder: Node resolves no folder imports in ES modules (the browser tests import the game service).
import SMTPPool from "nodemailer/lib/smtp-pool/index.js";
import type { Executor } from "@/lib/db/client";
import { devMailbox } from "@/lib/db/schema";
import { SMTP_POOL, type SmtpPool, type SmtpSettings } from "./settings";

/** One rendered email, ready to hand to a transport. */
export interface Email {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** With angle brackets: `<id@host>`. Fixed per email, so a resend is recognisable. */
  messageId: string;
  /** Where a reply goes, when not to the sender (a "your turn" email's reply address). */
  replyTo?: string;
}

export interface MailTransport {
  readonly kind: "smtp" | "dev-mailbox";
  /** How many sends it takes at once (the outbox keeps that many going); 1 when unsaid. */
  readonly sendsAtOnce?: number;
  /** Resolves once the email is accepted; throws if it was not. */
  send(email: Email): Promise<void>;
  close(): Promise<void>;
}

export interface SmtpTimeouts {
  connectionTimeout: number;
  greetingTimeout: number;
  socketTimeout: number;
}

/** Far below nodemailer's defaults (up to 10 minutes), so a hung server cannot outlast the outbox's claim on a row. */
export const SMTP_TIMEOUTS: SmtpTimeouts = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

export interface SmtpOptions {
  timeouts?: SmtpTimeouts;
  /** Default: `SMTP_POOL`. */
  pool?: SmtpPool;
}

/**
 * SMTP through nodemailer's pool: up to `pool.connections` connections, each kept open for the next
 * email (up to `pool.messagesPerConnection`, then a new one), with the timeouts above whether the
 * server is given as a URL or as parts. An idle connection ends at the socket timeout, or at close().
 */
export function smtpTransport(smtp: SmtpSettings, from: string, { timeouts = SMTP_TIMEOUTS, pool = SMTP_POOL }: SmtpOptions = {}): MailTransport {
  // `auth` is passed only when configured: an empty one makes servers that
  // advertise AUTH fail with "Missing credentials" (docs/stack-notes.md pitfall 7).
  // An SMTPPool, not createTransport's options: given a `url`, createTransport
  // keeps only what the URL says and drops every other option, the timeouts too;
  // SMTPPool merges the two.
  const options: SMTPPool.Options & { maxRequeues: number } = {
    ...smtp,
    ...timeouts,
    pool: true,
    maxConnections: pool.connections,
    maxMessages: pool.messagesPerConnection,
    // A connection closed without a word while sending puts its email back in the pool's queue;
    // by default without end, so a server that accepts and at once closes would hold the send
    // for ever (tests/integration/outbox-pool.test.ts). Once, then the send fails and the outbox retries.
    maxRequeues: 1,
  };
  const transporter = nodemailer.createTransport(new SMTPPool(options));
  return {
    kind: "smtp",
    sendsAtOnce: pool.connections,
    async send(email) {
      const info = await transporter.sendMail({ from, ...email });
      if (info.rejected.length > 0) throw new Error(`SMTP server did not accept ${info.rejected.join(", ")}: ${info.response}`);
    },
    // Idle connections end now (QUIT); one still sending ends once its email is through; emails
    // waiting for a connection fail (the outbox sends them again). Nothing here waits.
    async close() {
      transporter.close();
    },
  };
}

/** Development without a mail server: each email becomes a row shown at /dev/mailbox. */
export function devMailboxTransport(db: Executor, from: string): MailTransport {
  return {
    kind: "dev-mailbox",
    async send(email) {
      await db.insert(devMailbox).values({
        fromAddress: from,
        toAddress: email.to,
        subject: email.subject,
        html: email.html,
        text: email.text,
        messageId: email.messageId,
      });
    },
    async close() {},
  };
}
