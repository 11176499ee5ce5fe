import { getDb } from "@/lib/db/client";
import { mailSettings } from "./settings";
import { devMailboxTransport, smtpTransport, type MailTransport } from "./transport";

export { mailSettings, type MailSettings } from "./settings";
export type { Email, MailTransport } from "./transport";
export { enqueueEmail, drainOutbox, type OutboxEmailInput, type DrainOptions, type DrainResult } from "./outbox";

/**
 * Whether /dev/mailbox is shown: only when no SMTP server is configured, and, since
 * it reveals everyone's sign-in links, under `next start` only with DEV_MAILBOX=1.
 */
export function devMailboxEnabled(): boolean {
  return (
    mailSettings().smtp === null && (process.env.NODE_ENV !== "production" || process.env.DEV_MAILBOX === "1")
  );
}

// One transport per process, kept across dev-server hot reloads.
const holder = globalThis as typeof globalThis & { __courierMailTransport?: Promise<MailTransport> };

/** The app's transport: SMTP when configured, else the dev mailbox in the app's database. */
export function getTransport(): Promise<MailTransport> {
  if (!holder.__courierMailTransport) {
    const opening = (async () => {
      const settings = mailSettings();
      return settings.smtp
        ? smtpTransport(settings.smtp, settings.from, { pool: settings.smtpPool })
        : devMailboxTransport(await getDb(), settings.from);
    })();
    holder.__courierMailTransport = opening;
    // A failure (database not reachable yet) is retried by the next caller.
    opening.catch(() => {
      if (holder.__courierMailTransport === opening) holder.__courierMailTransport = undefined;
    });
  }
  return holder.__courierMailTransport;
}

/**
 * Closes the app's transport, so no idle SMTP connection outlives the worker that used it
 * (lib/mail/worker.ts, on stop); the next getTransport opens another.
 */
export async function closeTransport(): Promise<void> {
  const open = holder.__courierMailTransport;
  holder.__courierMailTransport = undefined;
  await (await open?.catch(() => null))?.close();
}
