import { describe, expect, it } from "vitest";
import { mailSettings } from "@/lib/mail/settings";

describe("mail settings", () => {
  it("defaults to the dev mailbox on localhost:3000", () => {
    expect(mailSettings({})).toEqual({
      smtp: null,
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
});
