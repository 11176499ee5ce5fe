/**
 * The SMTP transport's timeouts hold however the server is configured. Given
 * SMTP_URL, nodemailer's createTransport used to keep only the URL and drop the
 * timeouts, so a server that accepts and never greets held a send for 30 s (its
 * default) and the socket for 10 minutes, as long as the outbox's claim on a row.
 * Here the timeouts are set tiny: a send to a hung server must give up with a
 * greeting timeout long before nodemailer's own default could fire.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smtpTransport, SMTP_TIMEOUTS, type SmtpTimeouts } from "@/lib/mail/transport";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";

const TINY: SmtpTimeouts = { connectionTimeout: 300, greetingTimeout: 300, socketTimeout: 4_000 };
const EMAIL = { to: "bob@example.test", subject: "Your move", html: "<p>Move</p>", text: "Move", messageId: "<t1@localhost>" };

describe("SMTP timeouts", () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    smtp.hanging = true;
  });
  afterAll(async () => {
    await smtp?.close();
  });

  const port = () => smtp.port;
  const forms = [
    { form: "a URL (SMTP_URL)", settings: () => ({ url: smtp.url }) },
    { form: "host and port", settings: () => ({ host: "127.0.0.1", port: port(), secure: false }) },
  ];

  // The test's own limit (8 s) is far below nodemailer's 30 s greeting default, so a
  // transport that ignores the configured timeouts fails here instead of passing late.
  it.each(forms)("a hung server given as $form gives up at the configured greeting timeout", { timeout: 8_000 }, async ({ settings }) => {
    const transport = smtpTransport(settings(), "Courier <noreply@localhost>", { timeouts: TINY });
    try {
      await expect(transport.send(EMAIL)).rejects.toThrow(/greeting/i);
      expect(smtp.received).toHaveLength(0);
    } finally {
      await transport.close();
    }
  });

  it("the defaults stay below the outbox's ten-minute lease", () => {
    for (const ms of Object.values(SMTP_TIMEOUTS)) expect(ms).toBeLessThan(10 * 60_000);
  });
});
