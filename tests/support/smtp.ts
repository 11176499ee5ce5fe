// A real SMTP server on 127.0.0.1 for tests (docs/stack-notes.md pitfall 12): records what it
// receives, and can be told to refuse mail for a while, to answer slowly, or to hang.
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  messageId: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Present only when the email has a Reply-To. */
  replyTo?: string;
}

export interface TestSmtpServer {
  port: number;
  /** SMTP_URL for the app or `smtpTransport({ url })`. */
  url: string;
  received: ReceivedMail[];
  /** While true, every message is refused with a temporary error (451). */
  refusing: boolean;
  /** A slow server: each message is acknowledged this many ms after it arrived (recorded then). */
  delayMs: number;
  /**
   * While true, a new connection is accepted and then left without a word (no
   * greeting): a hung server. Set back to false, the waiting connections are greeted.
   */
  hanging: boolean;
  /** Connections accepted and not yet greeted (while hanging). */
  readonly waiting: number;
  close(): Promise<void>;
}

/** `port`: a fixed port, e.g. to bring a server back where a "down" one was. */
export async function startSmtpServer(options: { port?: number } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const state = { refusing: false, delayMs: 0, hanging: false };
  const held: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // No reverse DNS of 127.0.0.1 per connection (slow where there is no resolver).
    disableReverseLookup: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // The greeting goes out when this calls back.
    onConnect(_session, callback) {
      if (state.hanging) held.push(() => callback());
      else callback();
    },
    onMailFrom(_address, _session, callback) {
      if (!state.refusing) return callback();
      callback(Object.assign(new Error("Try again later"), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          if (state.delayMs > 0) await new Promise((r) => setTimeout(r, state.delayMs));
          received.push({
            messageId: mail.messageId ?? "",
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            html: typeof mail.html === "string" ? mail.html : "",
            ...(mail.replyTo?.value[0]?.address ? { replyTo: mail.replyTo.value[0].address } : {}),
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    get refusing() {
      return state.refusing;
    },
    set refusing(value: boolean) {
      state.refusing = value;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(value: number) {
      state.delayMs = value;
    },
    get hanging() {
      return state.hanging;
    },
    set hanging(value: boolean) {
      state.hanging = value;
      if (!value) for (const greet of held.splice(0)) greet();
    },
    get waiting() {
      return held.length;
    },
    close: () => new Promise<void>((resolve) => {
      for (const greet of held.splice(0)) greet();
      server.close(() => resolve());
    }),
  };
}
