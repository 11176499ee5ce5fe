/**
 * Rate limits against mail bombing: sign-in emails per address (hour, day) and per
 * client address (the connection's, not a header the client wrote), enforced where
 * Auth.js sends them; challenges by name or email per player per day and per
 * recipient. Concurrent requests cannot slip past a limit.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Auth } from "@auth/core";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildAuthConfig } from "@/lib/auth/config";
import { clientAddress, stampPeerAddresses, trustedProxies } from "@/lib/auth/client-address";
import { addressKey, signInAllowance, signInLimits } from "@/lib/auth/rate-limit";
import type { Db } from "@/lib/db/client";
import { emailOutbox, invitations, rateEvents, users } from "@/lib/db/schema";
import { createTestPostgres, testDrivers, type TestDb } from "@/lib/db/testing";
import { acceptInvitation, createChallenge, GameError } from "@/lib/games";
import { INVITATIONS_PER_DAY, INVITATIONS_PER_RECIPIENT_PER_DAY } from "@/lib/games/service";
import { smtpTransport, type MailTransport } from "@/lib/mail/transport";
import { DAY, T0, seedPlayers, wipe, type Players } from "../support/games";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";

const HOUR = 3_600_000;
const at = (ms: number) => new Date(T0.getTime() + ms);
const limits = signInLimits({});

/** An HTTP server on 127.0.0.1 whose requests are stamped as under `next start` (instrumentation.ts), answering with `handle`. */
async function stampedServer(handle: (request: Request) => Promise<Response>): Promise<{ url: string; close(): Promise<void> }> {
  stampPeerAddresses();
  const server = createServer(async (req, res) => {
    const body: Buffer[] = [];
    for await (const chunk of req) body.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) for (const v of [value ?? []].flat()) headers.append(name, v);
    const answer = await handle(new Request(`http://localhost:3000${req.url}`, {
      method: req.method, headers, body: req.method === "POST" ? Buffer.concat(body) : undefined,
    })).catch((e: unknown) => new Response(String(e), { status: 500 }));
    res.writeHead(answer.status, [...answer.headers.entries()].filter(([n]) => n !== "set-cookie").concat(answer.headers.getSetCookie().map((c) => ["set-cookie", c])).flat());
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe("what counts as one address and one client", () => {
  it("folds case and +tags", () => {
    expect(addressKey(" Bob+Games@Example.TEST ")).toBe("bob@example.test");
    expect(addressKey("bob@example.test")).toBe("bob@example.test");
    expect(signInLimits({ SIGNIN_LIMIT_PER_CLIENT_HOUR: "100", SIGNIN_LIMIT_PER_ADDRESS_HOUR: "x" })).toMatchObject({ perClientPerHour: 100, perAddressPerHour: 5 });
  });

  it("takes the connection's address; X-Forwarded-For only from the proxies TRUSTED_PROXIES names", async () => {
    // The server answers with the headers the app would see; the client below sends spoofed ones.
    const server = await stampedServer(async (r) => Response.json(Object.fromEntries(r.headers)));
    try {
      const seen = new Headers(await (await fetch(server.url, {
        headers: { "x-forwarded-for": "6.6.6.6, 203.0.113.9", "x-real-ip": "198.51.100.1", "x-courier-peer": "guess 7.7.7.7" },
      })).json() as Record<string, string>);
      expect(clientAddress(seen, undefined)).toBe("127.0.0.1");
      expect(clientAddress(seen, "")).toBe("127.0.0.1");
      expect(clientAddress(seen, "10.0.0.0/8, 192.168.1.1")).toBe("127.0.0.1"); // the peer is no proxy named
      expect(clientAddress(seen, "127.0.0.1")).toBe("203.0.113.9");
      expect(clientAddress(seen, "::1 127.0.0.0/8,203.0.113.0/24")).toBe("6.6.6.6");
      expect(clientAddress(seen, "127.0.0.1,203.0.113.9,6.6.6.6")).toBe("6.6.6.6"); // every hop trusted: the farthest
      // A trusted proxy's entries may carry a port or brackets; an entry that is no address stops at the proxy.
      const via = (xff: string) => new Headers({ "x-courier-peer": seen.get("x-courier-peer")!, "x-forwarded-for": xff });
      expect(clientAddress(via("[2001:db8::1]:443"), "127.0.0.1")).toBe("2001:db8::1");
      expect(clientAddress(via("203.0.113.7:5000"), "127.0.0.1")).toBe("203.0.113.7");
      expect(clientAddress(via("evil, <script>"), "127.0.0.1")).toBe("127.0.0.1");
    } finally {
      await server.close();
    }
    // Without a stamp of this process (a request before register() ran), nothing is believed.
    expect(clientAddress(new Headers({ "x-courier-peer": "guess 7.7.7.7", "x-forwarded-for": "6.6.6.6" }), "0.0.0.0/0")).toBe("unknown");
    expect(clientAddress(new Headers({ "x-forwarded-for": "6.6.6.6" }))).toBe("unknown");
    expect(() => trustedProxies("10.0.0.0/8, loopback")).toThrow(/TRUSTED_PROXIES: "loopback" is not an IP address or a CIDR range/);
    expect(() => trustedProxies("10.0.0.0/33")).toThrow(/"10.0.0.0\/33"/);
    expect(trustedProxies("::ffff:10.1.2.3").has("10.1.2.3")).toBe(true);
  });
});

describe.each(testDrivers)("rate limits on $driver", ({ create }) => {
  let handle: TestDb;
  let db: Db;
  let p: Players;

  // Fifteen more players to challenge by name.
  const crowd = Array.from({ length: 15 }, (_, i) => `Player${i}`);
  const challenge = (from: string, name: string, now = T0) =>
    createChallenge(db, from, { variant: "chess", color: "white", daysPerMove: 3, opponent: { kind: "user", name } }, now);

  beforeAll(async () => {
    handle = await create();
    db = handle.db;
    p = await seedPlayers(db);
    await db.insert(users).values(crowd.map((name) => ({ name, email: `${name.toLowerCase()}@example.test` })));
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(async () => {
    await wipe(db);
    await db.delete(rateEvents);
  });

  const send = (email: string, client: string, now: Date) => signInAllowance(db, email, client, { record: true, now, limits });

  it("sign-in emails: at most 5 an hour and 10 a day to one address, whatever its spelling", async () => {
    for (let i = 0; i < limits.perAddressPerHour; i++) expect(await send(i % 2 ? "Victim@example.test" : "victim+x@example.test", `10.0.0.${i}`, at(i))).toEqual({ ok: true });
    const refused = await send("victim@example.test", "10.0.1.1", at(10));
    expect(refused).toMatchObject({ ok: false, reason: "address" });
    expect((refused as { message: string }).message).toMatch(/too many sign-in emails.*try again in an hour/i);
    // Asking does not count; another address is not affected.
    expect(await signInAllowance(db, "victim@example.test", "10.0.1.1", { record: false, now: at(11), limits })).toMatchObject({ ok: false });
    expect(await send("other@example.test", "10.0.1.1", at(12))).toEqual({ ok: true });
    // An hour later: five more, then the daily limit holds.
    for (let i = 0; i < limits.perAddressPerDay - limits.perAddressPerHour; i++) expect(await send("victim@example.test", "10.0.2.1", at(HOUR + i))).toEqual({ ok: true });
    expect(await send("victim@example.test", "10.0.2.2", at(3 * HOUR))).toMatchObject({ ok: false, reason: "address" });
    expect(await send("victim@example.test", "10.0.2.2", at(DAY + HOUR + 1000))).toEqual({ ok: true });
  });

  it("sign-in emails: at most 30 an hour from one client, to any addresses", async () => {
    for (let i = 0; i < limits.perClientPerHour; i++) expect(await send(`p${i}@example.test`, "203.0.113.9", at(i))).toEqual({ ok: true });
    expect(await send("fresh@example.test", "203.0.113.9", at(100))).toMatchObject({ ok: false, reason: "client", message: expect.stringMatching(/your network/) });
    expect(await send("fresh@example.test", "203.0.113.10", at(100))).toEqual({ ok: true });
    expect(await send("fresh2@example.test", "203.0.113.9", at(HOUR + 100))).toEqual({ ok: true });
  });

  it("sign-in emails: twenty requests at once for one address let exactly five through", async () => {
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => send("rush@example.test", `10.9.0.${i}`, T0)));
    expect(results.filter((r) => r.ok)).toHaveLength(limits.perAddressPerHour);
    expect(await db.select().from(rateEvents).where(eq(rateEvents.bucket, "signin-address"))).toHaveLength(limits.perAddressPerHour);
  });

  it("invitations by email: 10 a day per player and 3 a day to one address; refused ones leave nothing behind", async () => {
    const invite = (email: string, now = T0) =>
      createChallenge(db, p.alice, { variant: "chess", color: "white", daysPerMove: 3, opponent: { kind: "email", email } }, now);
    for (let i = 0; i < INVITATIONS_PER_RECIPIENT_PER_DAY; i++) await invite("Target@example.test");
    const same = await invite("target@example.test").then(() => null, (e: unknown) => e);
    expect(same).toBeInstanceOf(GameError);
    expect(same).toMatchObject({ code: "limited", message: expect.stringMatching(/that address has had 3 invitations/) });
    for (let i = INVITATIONS_PER_RECIPIENT_PER_DAY; i < INVITATIONS_PER_DAY; i++) await invite(`friend${i}@example.test`);
    const more = await invite("new@example.test").then(() => null, (e: unknown) => e);
    expect(more).toMatchObject({ code: "limited", message: expect.stringMatching(/at most 10 people by name or email a day/) });
    expect(await db.select().from(invitations)).toHaveLength(INVITATIONS_PER_DAY);
    expect(await db.select().from(emailOutbox)).toHaveLength(INVITATIONS_PER_DAY);
    // A challenge by name counts toward the same daily limit.
    await expect(challenge(p.alice, "Bob")).rejects.toMatchObject({ code: "limited", message: expect.stringMatching(/at most 10 people/) });
    // Other players, lobby and link challenges, and tomorrow are not limited.
    await createChallenge(db, p.bob, { variant: "chess", color: "white", daysPerMove: 3, opponent: { kind: "email", email: "new@example.test" } }, T0);
    await createChallenge(db, p.alice, { variant: "chess", color: "white", daysPerMove: 3, opponent: { kind: "link" } }, T0);
    await createChallenge(db, p.alice, { variant: "chess", color: "white", daysPerMove: 3, opponent: { kind: "open" } }, T0);
    await invite("new@example.test", new Date(T0.getTime() + DAY + 1));
  });

  it("invitations by email: one mailbox is one recipient, whatever its case and +tags", async () => {
    const sent = await Promise.allSettled(["a+1@x.test", "A+2@X.test", "a@x.test", "a+3@x.test", "a+4@x.test", "a+tag+more@x.test", "a+5@x.test"]
      .map((email) => createChallenge(db, p.alice, { variant: "chess", color: "white", daysPerMove: 3, opponent: { kind: "email", email } }, T0)));
    expect(sent.filter((r) => r.status === "fulfilled")).toHaveLength(INVITATIONS_PER_RECIPIENT_PER_DAY);
    for (const r of sent) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "limited", message: expect.stringMatching(/that address has had 3/) });
    expect(await db.select().from(emailOutbox)).toHaveLength(INVITATIONS_PER_RECIPIENT_PER_DAY);
    // Another mailbox at the same domain is another recipient.
    await createChallenge(db, p.alice, { variant: "chess", color: "white", daysPerMove: 3, opponent: { kind: "email", email: "b+1@x.test" } }, T0);
  });

  it("challenges by name: 3 a day to one player (by name or at their address), 10 a day in all; accepted ones do not count", async () => {
    for (let i = 0; i < INVITATIONS_PER_RECIPIENT_PER_DAY; i++) await challenge(p.alice, i % 2 ? "bob" : "Bob");
    await expect(challenge(p.alice, "BOB")).rejects.toMatchObject({ code: "limited", message: "Bob has had 3 challenges from you today; wait for an answer" });
    // Bob's mailbox is Bob: an invitation by email to it (any spelling) is refused too.
    await expect(createChallenge(db, p.alice, { variant: "chess", color: "white", daysPerMove: 3, opponent: { kind: "email", email: "Bob+chess@example.test" } }, T0))
      .rejects.toMatchObject({ code: "limited" });
    // ... and the other way round: invitations by email to Carol's address count when she is challenged by name.
    for (let i = 0; i < INVITATIONS_PER_RECIPIENT_PER_DAY; i++) {
      await createChallenge(db, p.alice, { variant: "chess", color: "white", daysPerMove: 3, opponent: { kind: "email", email: `carol+${i}@example.test` } }, T0);
    }
    await expect(challenge(p.alice, "Carol")).rejects.toMatchObject({ code: "limited", message: /Carol has had 3/ });
    // Dave accepts each challenge: a welcome challenge is no flood.
    for (let i = 0; i < 5; i++) await acceptInvitation(db, p.dave, { invitationId: (await challenge(p.alice, "Dave")).invitationId }, T0);
    // Six challenges count; four more to other players, then none.
    for (let i = 0; i < INVITATIONS_PER_DAY - 6; i++) await challenge(p.alice, crowd[i]);
    await expect(challenge(p.alice, crowd[5])).rejects.toMatchObject({ code: "limited", message: expect.stringMatching(/at most 10 people by name or email a day/) });
    expect((await db.select().from(emailOutbox)).filter((m) => m.kind === "invitation")).toHaveLength(INVITATIONS_PER_DAY + 5);
    // Bob may still challenge Alice; a day later Alice may challenge Bob again.
    await challenge(p.bob, "Alice");
    await challenge(p.alice, "Bob", new Date(T0.getTime() + DAY + 1));
  });

  it("challenges by name sent at once: twenty to one player, exactly three go; fifteen to fifteen players, exactly ten go", async () => {
    const toBob = await Promise.allSettled(Array.from({ length: 20 }, () => challenge(p.alice, "Bob")));
    expect(toBob.filter((r) => r.status === "fulfilled")).toHaveLength(INVITATIONS_PER_RECIPIENT_PER_DAY);
    for (const r of toBob) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "limited" });
    expect(await db.select().from(emailOutbox)).toHaveLength(INVITATIONS_PER_RECIPIENT_PER_DAY);
    const toMany = await Promise.allSettled(crowd.map((name) => challenge(p.bob, name)));
    expect(toMany.filter((r) => r.status === "fulfilled")).toHaveLength(INVITATIONS_PER_DAY);
    for (const r of toMany) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "limited" });
  });

  it("invitations by email: fifteen sent at once, exactly ten go", async () => {
    const results = await Promise.allSettled(Array.from({ length: 15 }, (_, i) =>
      createChallenge(db, p.alice, { variant: "chess", color: "white", daysPerMove: 3, opponent: { kind: "email", email: `rush${i}@example.test` } }, T0)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(INVITATIONS_PER_DAY);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "limited" });
  });
});

describe("the sign-in email sender enforces the limits (a direct POST to /api/auth/signin/email)", () => {
  let handle: TestDb;
  let smtp: TestSmtpServer;
  let transport: MailTransport;
  const SITE = "http://localhost:3000";

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

  /** A direct POST to the Auth.js endpoint over HTTP, with a spoofed X-Forwarded-For. */
  async function post(server: string, email: string, spoofed: string): Promise<Response> {
    const csrf = await fetch(`${server}/api/auth/csrf`);
    const cookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    return fetch(`${server}/api/auth/signin/email`, {
      method: "POST", redirect: "manual",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": spoofed },
      body: new URLSearchParams({ email, csrfToken, callbackUrl: SITE }),
    });
  }

  it("sends five links to one address in an hour, then none; the sixth request ends on the error page", async () => {
    const server = await stampedServer(auth);
    try {
      for (let i = 0; i < 5; i++) {
        const r = await post(server.url, "bombed@example.test", `198.51.100.${i}`);
        expect(r.headers.get("location")).toContain("/verify-request");
      }
      const sixth = await post(server.url, "bombed@example.test", "198.51.100.99");
      expect(sixth.status).toBe(302);
      expect(sixth.headers.get("location")).toMatch(/\/signin\?error=/);
      expect(smtp.received.filter((m) => m.to.includes("bombed@example.test"))).toHaveLength(5);
    } finally {
      await server.close();
    }
  });

  it("a refused sign-in email is never an unhandled rejection, though Auth.js awaits the refusal late", async () => {
    // Auth.js starts sendVerificationRequest, then hashes the token, then awaits both
    // (@auth/core send-token.js): a refusal that lands in between had no handler yet.
    const provider = buildAuthConfig({ db: handle.db, transport, secret: "test-secret", from: "noreply@localhost" }).providers[0] as unknown as {
      sendVerificationRequest(p: { identifier: string; url: string; request: Request }): Promise<void>;
    };
    await handle.db.delete(rateEvents);
    const unhandled: unknown[] = [];
    const listen = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", listen);
    try {
      const ask = () => provider.sendVerificationRequest({
        identifier: "late@example.test", url: `${SITE}/api/auth/callback/email?token=t`, request: new Request(`${SITE}/api/auth/signin/email`),
      });
      for (let i = 0; i < 5; i++) await ask();
      const refused = ask();
      // The caller is busy elsewhere for a while before it awaits the promise.
      await new Promise((r) => setTimeout(r, 200));
      expect(unhandled).toEqual([]);
      await expect(refused).rejects.toThrow(/Too many sign-in emails/);
    } finally {
      process.off("unhandledRejection", listen);
    }
  });

  it("counts the connection's address per client, whatever X-Forwarded-For says, unless the proxy is trusted", async () => {
    const saved = { ...process.env };
    process.env.SIGNIN_LIMIT_PER_CLIENT_HOUR = "2";
    const server = await stampedServer(auth);
    try {
      await handle.db.delete(rateEvents);
      const sent = [];
      for (let i = 0; i < 3; i++) sent.push((await post(server.url, `spoofer${i}@example.test`, `203.0.113.${i}`)).headers.get("location"));
      expect(sent.map((l) => (l?.includes("/verify-request") ? "sent" : "refused"))).toEqual(["sent", "sent", "refused"]);
      const keys = async () => (await handle.db.select().from(rateEvents).where(eq(rateEvents.bucket, "signin-client"))).map((r) => r.key).sort();
      expect(await keys()).toEqual(["127.0.0.1", "127.0.0.1"]);
      // Behind a proxy the operator names, its X-Forwarded-For entry is the client.
      process.env.TRUSTED_PROXIES = "127.0.0.1";
      expect((await post(server.url, "proxied@example.test", "203.0.113.50")).headers.get("location")).toContain("/verify-request");
      expect(await keys()).toEqual(["127.0.0.1", "127.0.0.1", "203.0.113.50"]);
    } finally {
      process.env = saved;
      await server.close();
    }
  });
});
