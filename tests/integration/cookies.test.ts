/**
 * Cookies under https: the whole magic-link sign-in through Auth.js with our
 * configuration on an https origin sets the session cookie as __Secure-, Secure,
 * HttpOnly, SameSite=Lax, and the CSRF cookie as __Host-; over plain http (local
 * development) the same cookies without the prefixes. A sign-in POST without the
 * CSRF token sends nothing.
 */
import { Auth } from "@auth/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAuthConfig } from "@/lib/auth/config";
import { createTestPostgres, type TestDb } from "@/lib/db/testing";
import { smtpTransport, type MailTransport } from "@/lib/mail/transport";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";

describe("session and CSRF cookies", () => {
  let handle: TestDb;
  let smtp: TestSmtpServer;
  let transport: MailTransport;

  beforeAll(async () => {
    [handle, smtp] = await Promise.all([createTestPostgres({ max: 3 }), startSmtpServer()]);
    transport = smtpTransport({ url: smtp.url }, "Courier Variants <noreply@localhost>");
  });
  afterAll(async () => {
    await transport?.close();
    await smtp?.close();
    await handle?.close();
  });

  const auth = (request: Request) =>
    Auth(request, { ...buildAuthConfig({ db: handle.db, transport, secret: "test-secret", from: "noreply@localhost" }), basePath: "/api/auth", trustHost: true });
  const setCookies = (r: Response) => r.headers.getSetCookie();
  const pairs = (r: Response) => setCookies(r).map((c) => c.split(";")[0]).join("; ");

  async function signIn(site: string, email: string): Promise<string[]> {
    const csrf = await auth(new Request(`${site}/api/auth/csrf`));
    const csrfCookies = setCookies(csrf);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const before = smtp.received.length;
    await auth(new Request(`${site}/api/auth/signin/email`, {
      method: "POST",
      headers: { cookie: pairs(csrf), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, csrfToken, callbackUrl: site }),
    }));
    const link = smtp.received[before].text.match(/https?:\/\/\S+/)![0];
    const callback = await auth(new Request(link));
    return [...csrfCookies, ...setCookies(callback)];
  }

  it("under https: __Secure- session cookie and __Host- CSRF cookie, both Secure, HttpOnly, SameSite=Lax", async () => {
    const cookies = await signIn("https://courier.example", "secure@example.test");
    const session = cookies.find((c) => c.startsWith("__Secure-authjs.session-token="));
    const csrf = cookies.find((c) => c.startsWith("__Host-authjs.csrf-token="));
    for (const c of [session, csrf]) {
      expect(c).toBeDefined();
      expect(c).toMatch(/; Secure/i);
      expect(c).toMatch(/; HttpOnly/i);
      expect(c).toMatch(/; SameSite=Lax/i);
    }
  });

  it("over plain http (development): the same cookies without the Secure prefixes", async () => {
    const cookies = await signIn("http://localhost:3000", "plain@example.test");
    expect(cookies.some((c) => c.startsWith("authjs.session-token=") && /HttpOnly/i.test(c))).toBe(true);
    expect(cookies.some((c) => /; Secure/i.test(c))).toBe(false);
  });

  it("a sign-in POST without the CSRF token sends no email", async () => {
    const before = smtp.received.length;
    const r = await auth(new Request("https://courier.example/api/auth/signin/email", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "victim@example.test", callbackUrl: "https://courier.example" }),
    }));
    expect(r.status).toBe(302);
    expect(r.headers.get("location")).toMatch(/error=MissingCSRF|csrf=true/);
    expect(smtp.received.length).toBe(before);
  });
});
