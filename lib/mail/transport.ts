import nodemailer from "nodemailer";
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
}

export interface MailTransport {
  readonly kind: "smtp" | "dev-mailbox";
  /** Resolves once the email is accepted; throws if it was not. */
  send(email: Email): Promise<void>;
  close(): Promise<void>;
}

/**
 * SMTP through nodemailer. Timeouts are far below nodemailer's defaults (up to 10
 * minutes) so a hung server cannot outlast the outbox's claim on a row.
 */
export function smtpTransport(smtp: SmtpSettings, from: string): MailTransport {
  const timeouts = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };
  // `auth` is passed only when configured: an empty one makes servers that
  // advertise AUTH fail with "Missing credentials" (docs/stack-notes.md pitfall 7).
  const transporter = nodemailer.createTransport({ ...smtp, ...timeouts });
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
