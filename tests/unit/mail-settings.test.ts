import { describe, expect, it } from "vitest";
import { inboundMailSettings, mailSettings } from "@/lib/mail/settings";

describe("mail settings", () => {
  it("defaults to the dev mailbox on localhost:3000", () => {
    expect(mailSettings({})).toEqual({
      smtp: null,
      smtpPool: { connections: 5, messagesPerConnection: 100 },
      from: "Courier Variants <noreply@localhost>",
      siteUrl: "http://localhost:3000",
      replyDomain: null,
    });
  });

  it("treats empty variables as unset", () => {
    expect(mailSettings({ SMTP_URL: "", SMTP_HOST: "", SITE_URL: "" }).smtp).toBeNull();
  });

  it("takes SMTP as a URL", () => {
    expect(mailSettings({ SMTP_URL: "smtps://u:p@mail.example.org" }).smtp).toEqual({ url: "smtps://u:p@mail.example.org" });
  });

  it("takes SMTP as parts, with credentials only when a user is given", () => {
    expect(mailSettings({ SMTP_HOST: "mail.example.org" }).smtp).toEqual({ host: "mail.example.org", port: 587, secure: false });
    expect(mailSettings({ SMTP_HOST: "mail.example.org", SMTP_PORT: "465", SMTP_USER: "u", SMTP_PASS: "p" }).smtp).toEqual({
      host: "mail.example.org",
      port: 465,
      secure: true,
      auth: { user: "u", pass: "p" },
    });
  });

  it("takes the SMTP connections and the emails per connection, within bounds", () => {
    expect(mailSettings({ SMTP_CONNECTIONS: "2", SMTP_MESSAGES_PER_CONNECTION: "50" }).smtpPool).toEqual({ connections: 2, messagesPerConnection: 50 });
    expect(mailSettings({ SMTP_CONNECTIONS: "", SMTP_MESSAGES_PER_CONNECTION: "" }).smtpPool).toEqual({ connections: 5, messagesPerConnection: 100 });
    for (const bad of ["0", "21", "2.5", "five", "-1"]) expect(() => mailSettings({ SMTP_CONNECTIONS: bad }), bad).toThrow();
    for (const bad of ["0", "10001", "many"]) expect(() => mailSettings({ SMTP_MESSAGES_PER_CONNECTION: bad }), bad).toThrow();
  });

  it("derives the default sender from SITE_URL and drops any path", () => {
    const settings = mailSettings({ SITE_URL: "https://courier.example.org/some/path" });
    expect(settings.siteUrl).toBe("https://courier.example.org");
    expect(settings.from).toBe("Courier Variants <noreply@courier.example.org>");
    expect(mailSettings({ MAIL_FROM: "Games <games@example.org>" }).from).toBe("Games <games@example.org>");
  });

  it("rejects malformed settings", () => {
    expect(() => mailSettings({ SMTP_URL: "mail.example.org" })).toThrow();
    expect(() => mailSettings({ SMTP_HOST: "h", SMTP_PORT: "seventy" })).toThrow();
    expect(() => mailSettings({ SMTP_URL: "smtp://a", SMTP_HOST: "b" })).toThrow();
    expect(() => mailSettings({ SITE_URL: "ftp://example.org" })).toThrow();
  });

  it("takes the reply domain in lower case, and refuses one no email address could have", () => {
    expect(mailSettings({ REPLY_MAIL_DOMAIN: "Reply.Example.ORG" }).replyDomain).toBe("reply.example.org");
    expect(mailSettings({ REPLY_MAIL_DOMAIN: "" }).replyDomain).toBeNull();
    for (const bad of ["localhost", "reply@example.org", "-x.example.org", "example..org", "exa mple.org"]) {
      expect(() => mailSettings({ REPLY_MAIL_DOMAIN: bad }), bad).toThrow(/REPLY_MAIL_DOMAIN/);
    }
  });

  it("runs no reply server and no webhook unless configured", () => {
    expect(inboundMailSettings({})).toEqual({ smtpPort: null, smtpHost: "127.0.0.1", httpSecret: null });
    expect(inboundMailSettings({ REPLY_SMTP_PORT: "2525", REPLY_SMTP_HOST: "0.0.0.0", INBOUND_MAIL_SECRET: "s".repeat(24) }))
      .toEqual({ smtpPort: 2525, smtpHost: "0.0.0.0", httpSecret: "s".repeat(24) });
    expect(() => inboundMailSettings({ INBOUND_MAIL_SECRET: "short" })).toThrow(/at least 24/);
    expect(() => inboundMailSettings({ REPLY_SMTP_PORT: "70000" })).toThrow();
  });
});
