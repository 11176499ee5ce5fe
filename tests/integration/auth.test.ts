// Drives Auth.js itself (the handler behind /api/auth) with our configuration:
// magic link through a real SMTP server, sessions and users in real PostgreSQL.
import { Auth } from "@auth/core";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAuthConfig } from "@/lib/auth/config";
import { chooseDisplayName } from "@/lib/auth/profile";
import { emailOutbox, sessions, users } from "@/lib/db/schema";
import { createTestPostgres, type TestDb } from "@/lib/db/testing";
import { smtpTransport, type MailTransport } from "@/lib/mail/transport";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";

const SITE = "http://localhost:3000";

/** The cookies a browser would keep, from Set-Cookie headers. */
class CookieJar {
  private cookies = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair.indexOf("=");
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

describe("sign-in by magic link", () => {
  let handle: TestDb;
  let smtp: TestSmtpServer;
  let transport: MailTransport;
  let auth: (request: Request) => Promise<Response>;

  beforeAll(async () => {
    [handle, smtp] = await Promise.all([createTestPostgres(), startSmtpServer()]);
    transport = smtpTransport({ url: smtp.url }, "Courier Variants <noreply@localhost>");
    auth = (request) =>
      Auth(request, {
        ...buildAuthConfig({ db: handle.db, transport, secret: "test-secret", from: "noreply@localhost" }),
        basePath: "/api/auth",
        trustHost: true,
      });
  });
  afterAll(async () => {
    await transport?.close();
    await smtp?.close();
    await handle?.close();
  });

  async function requestLink(jar: CookieJar, email: string, callbackUrl: string): Promise<string> {
    const csrf = await auth(new Request(`${SITE}/api/auth/csrf`, { headers: { cookie: jar.header() } }));
    jar.take(csrf);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const before = smtp.received.length;
    const response = await auth(
      new Request(`${SITE}/api/auth/signin/email`, {
        method: "POST",
        headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email, csrfToken, callbackUrl }),
      }),
    );
    jar.take(response);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${SITE}/api/auth/verify-request?provider=email&type=email`);
    // Sent directly, before the redirect: no outbox worker involved.
    expect(smtp.received).toHaveLength(before + 1);
    const mail = smtp.received[before];
    expect(mail.to).toEqual([email.toLowerCase()]);
    expect(mail.subject).toBe("Sign in to Courier Variants");
    const link = mail.text.match(/http:\/\/\S+/)?.[0];
    expect(link).toBeDefined();
    expect(mail.html).toContain(`href="${link!.replaceAll("&", "&amp;")}"`);
    return link!;
  }

  it("signs a new user in, sends them to choose a name, and refuses the link a second time", async () => {
    const jar = new CookieJar();
    const link = await requestLink(jar, "Newcomer@Example.test", `${SITE}/games/g1`);
    expect(link.startsWith(`${SITE}/api/auth/callback/email?`)).toBe(true);

    const callback = await auth(new Request(link, { headers: { cookie: jar.header() } }));
    jar.take(callback);
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe(`/welcome?${new URLSearchParams({ callbackUrl: `${SITE}/games/g1` })}`);

    const session = await auth(new Request(`${SITE}/api/auth/session`, { headers: { cookie: jar.header() } }));
    const body = (await session.json()) as { user: { id: string; email: string }; expires: string };
    // Auth.js lower-cases the address, so one mailbox is one account.
    expect(body.user.email).toBe("newcomer@example.test");
    // What the browser may read of its session: who it is, never the session token (an HttpOnly
    // cookie, which script must not reach through this answer) nor the rest of the user's row.
    expect(Object.keys(body).sort()).toEqual(["expires", "user"]);
    expect(Object.keys(body.user).sort()).toEqual(["email", "id", "name"]);
    const token = jar.header().match(/authjs\.session-token=([^;]+)/)?.[1];
    expect(token).toBeTruthy();
    expect(JSON.stringify(body)).not.toContain(token);
    const [user] = await handle.db.select().from(users).where(eq(users.id, body.user.id));
    expect(user).toMatchObject({ email: "newcomer@example.test", name: null, notify: "every-move" });
    expect(user.emailVerified).toBeInstanceOf(Date);
    expect(await handle.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    expect(await handle.db.select().from(emailOutbox)).toEqual([]);

    const again = await auth(new Request(link));
    expect(again.headers.get("location")).toBe(`${SITE}/signin?error=Verification`);
  });

  it("sends a returning user straight back to where they were", async () => {
    const first = new CookieJar();
    await auth(new Request(await requestLink(first, "returning@example.test", SITE), { headers: { cookie: first.header() } }));
    const [user] = await handle.db.select().from(users).where(eq(users.email, "returning@example.test"));
    expect(await chooseDisplayName(handle.db, user.id, "Returner")).toEqual({ ok: true });

    const jar = new CookieJar();
    const link = await requestLink(jar, "returning@example.test", `${SITE}/settings`);
    const callback = await auth(new Request(link, { headers: { cookie: jar.header() } }));
    expect(callback.headers.get("location")).toBe(`${SITE}/settings`);
    expect(await handle.db.select().from(users).where(eq(users.email, "returning@example.test"))).toHaveLength(1);
  });

  it("refuses a callback URL on another site", async () => {
    const jar = new CookieJar();
    const link = await requestLink(jar, "wary@example.test", "https://evil.example/steal");
    const callback = await auth(new Request(link, { headers: { cookie: jar.header() } }));
    // Auth.js replaces it with the site's own origin.
    expect(callback.headers.get("location")).toBe(`/welcome?${new URLSearchParams({ callbackUrl: SITE })}`);
  });
});
