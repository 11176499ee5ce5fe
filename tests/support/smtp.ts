// A real SMTP server on 127.0.0.1 for tests (docs/stack-notes.md pitfall 12): records what it
// receives, and can be told to refuse mail for a while or for some recipients, to answer slowly,
// to hang, or to hold messages until several are in flight; it counts connections and messages at once.
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
  /** Recipients refused at RCPT TO with a temporary error (450); the others are taken. */
  refusedRecipients: Set<string>;
  /**
   * Set: each message is held until `count` are held at once, or for `maxWaitMs` at most; those
   * released together are recorded (and acknowledged) last-arrived first, the order least kind to
   * a sender that relies on it.
   */
  gather: { count: number; maxWaitMs: number } | null;
  /** Connections accepted since the start, and open now. */
  readonly connections: number;
  readonly open: number;
  /** The most messages in flight (DATA sent, not yet acknowledged) at once, since the start. */
  readonly mostAtOnce: number;
  /** Stops taking connections and ends those open (an idle pooled client's too) without waiting for them. */
  close(): Promise<void>;
}

/** `port`: a fixed port, e.g. to bring a server back where a "down" one was. */
export async function startSmtpServer(options: { port?: number } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const state = { refusing: false, delayMs: 0, hanging: false, gather: null as TestSmtpServer["gather"] };
  const counts = { connections: 0, open: 0, atOnce: 0, mostAtOnce: 0 };
  const refusedRecipients = new Set<string>();
  const held: (() => void)[] = [];
  const gathered: (() => void)[] = [];
  /** Resolves once `count` messages are held, or after `maxWaitMs`. */
  const gather = ({ count, maxWaitMs }: { count: number; maxWaitMs: number }) =>
    new Promise<void>((resolve) => {
      const release = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        gathered.splice(gathered.indexOf(release), 1);
        resolve();
      }, maxWaitMs);
      gathered.push(release);
      if (gathered.length >= count) for (const r of gathered.splice(0).reverse()) r();
    });
  const server = new SMTPServer({
    authOptional: true,
    // No reverse DNS of 127.0.0.1 per connection (slow where there is no resolver).
    disableReverseLookup: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // close() ends open connections after this long (its default, 30 s, waits for an idle pooled client to leave).
    closeTimeout: 50,
    // The greeting goes out when this calls back.
    onConnect(_session, callback) {
      counts.connections++;
      counts.open++;
      if (state.hanging) held.push(() => callback());
      else callback();
    },
    onClose() {
      counts.open--;
    },
    onMailFrom(_address, _session, callback) {
      if (!state.refusing) return callback();
      callback(Object.assign(new Error("Try again later"), { responseCode: 451 }));
    },
    onRcptTo(address, _session, callback) {
      if (!refusedRecipients.has(address.address)) return callback();
      callback(Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 450 }));
    },
    onData(stream, session, callback) {
      counts.mostAtOnce = Math.max(counts.mostAtOnce, ++counts.atOnce);
      const done = (error?: Error) => {
        counts.atOnce--;
        callback(error);
      };
      simpleParser(stream)
        .then(async (mail) => {
          if (state.gather) await gather(state.gather);
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
          done();
        })
        .catch(done);
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
    refusedRecipients,
    get gather() {
      return state.gather;
    },
    set gather(value) {
      state.gather = value;
    },
    get connections() {
      return counts.connections;
    },
    get open() {
      return counts.open;
    },
    get mostAtOnce() {
      return counts.mostAtOnce;
    },
    close: () => new Promise<void>((resolve) => {
      for (const greet of held.splice(0)) greet();
      server.close(() => resolve());
    }),
  };
}
