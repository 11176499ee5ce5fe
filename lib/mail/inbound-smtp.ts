/**
 * The app's own SMTP server for mail that comes in (the replies of lib/games/replies.ts): it takes
 * mail only for the recipients `accepts` says yes to (550 for any other, so it is no relay and no
 * store of junk), refuses mail over `maxBytes` (advertised as SIZE, so a client that honours it
 * never sends it; one that does not is cut off from buffering and answered 552), parses what it
 * accepted with mailparser and hands it on. No AUTH and no STARTTLS: it is meant for an MTA in
 * front of it, or a port of its own (docs/reply-by-email.md#receiving-mail).
 */
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer, type SMTPServerDataStream } from "smtp-server";

export interface InboundMail {
  /** The envelope's recipients that were accepted. */
  to: string[];
  /** The address of the From header (null when it has none). */
  from: string | null;
  text: string | null;
  html: string | null;
}

/**
 * How many clients at once, and how long one may be silent (docs/reply-by-email.md#receiving-mail).
 * Replies are a few a minute, relayed by one MTA that speaks at once: 10 clients and 30 s are room
 * enough for it and its retries, and bound what idle or slow clients can hold (each a socket and a
 * parse of up to the size limit).
 */
export const INBOUND_SMTP_LIMITS = { maxClients: 10, socketTimeout: 30_000 };

export interface InboundSmtpOptions {
  port: number;
  host: string;
  maxBytes: number;
  /** Most recipients of one message. */
  maxRecipients?: number;
  limits?: typeof INBOUND_SMTP_LIMITS;
  accepts(address: string): Promise<boolean>;
  /** Handles one message; a throw answers 451, so the sending server tries again later. */
  deliver(mail: InboundMail): Promise<void>;
  log?: (message: string) => void;
}

export interface InboundSmtp {
  port: number;
  close(): Promise<void>;
}

const failure = (responseCode: number, message: string) => Object.assign(new Error(message), { responseCode });

/** Reads the message, keeping at most `maxBytes`; null when it was longer (the rest is read and dropped). */
async function readBounded(stream: SMTPServerDataStream, maxBytes: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length <= maxBytes) chunks.push(chunk);
  }
  return length > maxBytes || stream.sizeExceeded ? null : Buffer.concat(chunks);
}

export async function startInboundSmtp(o: InboundSmtpOptions): Promise<InboundSmtp> {
  const log = o.log ?? console.error;
  const maxRecipients = o.maxRecipients ?? 5;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    disableReverseLookup: true,
    logger: false,
    size: o.maxBytes,
    ...(o.limits ?? INBOUND_SMTP_LIMITS),
    closeTimeout: 10_000,
    onRcptTo(address, session, callback) {
      if (session.envelope.rcptTo.length >= maxRecipients) return callback(failure(452, "too many recipients"));
      o.accepts(address.address).then(
        (yes) => callback(yes ? undefined : failure(550, "no such mailbox")),
        (e: unknown) => {
          log(`reply server: ${e instanceof Error ? e.message : String(e)}`);
          callback(failure(451, "try again later"));
        },
      );
    },
    onData(stream, session, callback) {
      readBounded(stream, o.maxBytes)
        .then(async (raw) => {
          if (!raw) return callback(failure(552, `message too large (at most ${o.maxBytes} bytes)`));
          const mail = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true });
          await o.deliver({
            to: session.envelope.rcptTo.map((r) => r.address),
            from: mail.from?.value[0]?.address ?? null,
            text: mail.text ?? null,
            html: typeof mail.html === "string" ? mail.html : null,
          });
          callback();
        })
        .catch((e: unknown) => {
          log(`reply server: ${e instanceof Error ? e.message : String(e)}`);
          callback(failure(451, "try again later"));
        });
    },
  });
  server.on("error", (e) => log(`reply server: ${e.message}`));
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(o.port, o.host, () => {
      server.server.off("error", reject);
      resolve();
    });
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
