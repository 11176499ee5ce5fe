import nodemailer from "nodemailer";
// The file, not the folder: Node resolves no folder imports in ES modules (the browser tests import the game service).
import SMTPTransport from "nodemailer/lib/smtp-transport/index.js";
import type { Executor } from "@/lib/db/client";
import { devMailbox } from "@/lib/db/schema";
import type { SmtpSettings } from "./settings";

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

/** SMTP through nodemailer, with the timeouts above whether the server is given as a URL or as parts. */
export function smtpTransport(smtp: SmtpSettings, from: string, timeouts: SmtpTimeouts = SMTP_TIMEOUTS): MailTransport {
  // `auth` is passed only when configured: an empty one makes servers that
  // advertise AUTH fail with "Missing credentials" (docs/stack-notes.md pitfall 7).
  // An SMTPTransport, not createTransport's options: given a `url`, createTransport
  // keeps only what the URL says and drops every other option, the timeouts too;
  // SMTPTransport merges the two.
  const transporter = nodemailer.createTransport(new SMTPTransport({ ...smtp, ...timeouts }));
  return {
    kind: "smtp",
    async send(email) {
      const info = await transporter.sendMail({ from, ...email });
      const refused = [...info.rejected, ...(info.pending ?? [])].map((a) => (typeof a === "string" ? a : a.address));
      if (refused.length > 0) throw new Error(`SMTP server did not accept ${refused.join(", ")}: ${info.response}`);
    },
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
