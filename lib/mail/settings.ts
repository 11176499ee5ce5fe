import { z } from "zod";

/** SMTP as a URL (smtp://user:pass@host:port, smtps://…) or as separate parts. */
export type SmtpSettings =
  | { url: string }
  | { host: string; port: number; secure: boolean; auth?: { user: string; pass: string } };

/** The SMTP connections the outbox sends over at once, each kept open for the next email. */
export interface SmtpPool {
  /** Connections at most, and so emails in flight at once. */
  connections: number;
  /** Emails over one connection before it is closed and another opened (providers cap it). */
  messagesPerConnection: number;
}

/** Nodemailer's own defaults, within what common providers allow one client. */
export const SMTP_POOL: SmtpPool = { connections: 5, messagesPerConnection: 100 };

export interface MailSettings {
  /** null: no SMTP configured, mail goes to the dev mailbox at /dev/mailbox. */
  smtp: SmtpSettings | null;
  smtpPool: SmtpPool;
  /** The From header of every email. */
  from: string;
  /** The site's public origin, for links in emails and for Message-IDs; no trailing slash. */
  siteUrl: string;
  /**
   * The domain of the "your turn" emails' reply addresses (`move+<secret>@domain`, lib/games/replies.ts),
   * lower case; null: replies by email are off and the emails carry no reply address.
   */
  replyDomain: string | null;
}

// A domain name with at least one dot (an email address needs one): labels of letters, digits and hyphens.
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

// Empty strings count as unset: `SMTP_HOST= npm run dev` must mean "no SMTP".
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

const envSchema = z
  .object({
    SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://")),
    SMTP_HOST: optional(z.string()),
    SMTP_PORT: optional(z.coerce.number().int().min(1).max(65535)),
    SMTP_USER: optional(z.string()),
    SMTP_PASS: optional(z.string()),
    SMTP_CONNECTIONS: optional(z.coerce.number().int().min(1).max(20)),
    SMTP_MESSAGES_PER_CONNECTION: optional(z.coerce.number().int().min(1).max(10_000)),
    MAIL_FROM: optional(z.string()),
    SITE_URL: optional(z.url({ protocol: /^https?$/ })),
    REPLY_MAIL_DOMAIN: optional(z.string().regex(DOMAIN, "REPLY_MAIL_DOMAIN must be a domain name such as reply.example.org")),
  })
  .refine((env) => !(env.SMTP_URL && env.SMTP_HOST), "set SMTP_URL or SMTP_HOST, not both");

/** Mail settings from the environment, with development defaults. Throws on malformed values. */
export function mailSettings(env: Record<string, string | undefined> = process.env): MailSettings {
  const e = envSchema.parse(env);
  let smtp: SmtpSettings | null = null;
  if (e.SMTP_URL) {
    smtp = { url: e.SMTP_URL };
  } else if (e.SMTP_HOST) {
    const port = e.SMTP_PORT ?? 587;
    smtp = {
      host: e.SMTP_HOST,
      port,
      // Port 465 speaks TLS from the start; others upgrade with STARTTLS when offered.
      secure: port === 465,
      ...(e.SMTP_USER ? { auth: { user: e.SMTP_USER, pass: e.SMTP_PASS ?? "" } } : {}),
    };
  }
  const siteUrl = new URL(e.SITE_URL ?? "http://localhost:3000").origin;
  return {
    smtp,
    smtpPool: {
      connections: e.SMTP_CONNECTIONS ?? SMTP_POOL.connections,
      messagesPerConnection: e.SMTP_MESSAGES_PER_CONNECTION ?? SMTP_POOL.messagesPerConnection,
    },
    from: e.MAIL_FROM ?? `Courier Variants <noreply@${new URL(siteUrl).hostname}>`,
    siteUrl,
    replyDomain: e.REPLY_MAIL_DOMAIN?.toLowerCase() ?? null,
  };
}

export interface InboundMailSettings {
  /** The port of the app's own SMTP server for replies (lib/mail/inbound-smtp.ts); null: it does not run. */
  smtpPort: number | null;
  /** The address it listens on: loopback unless set (an MTA in front hands mail on). */
  smtpHost: string;
  /** The shared secret of POST /api/inbound-mail; null: that endpoint answers 404. */
  httpSecret: string | null;
}

const inboundSchema = z.object({
  REPLY_SMTP_PORT: optional(z.coerce.number().int().min(1).max(65535)),
  REPLY_SMTP_HOST: optional(z.string().max(255)),
  INBOUND_MAIL_SECRET: optional(z.string().min(24, "INBOUND_MAIL_SECRET must be at least 24 characters").max(512)),
});

/** How replies come in. Throws on malformed values. */
export function inboundMailSettings(env: Record<string, string | undefined> = process.env): InboundMailSettings {
  const e = inboundSchema.parse(env);
  return { smtpPort: e.REPLY_SMTP_PORT ?? null, smtpHost: e.REPLY_SMTP_HOST ?? "127.0.0.1", httpSecret: e.INBOUND_MAIL_SECRET ?? null };
}
