/**
 * Moves by replying to the "your turn" email (docs/reply-by-email.md), end to end over real SMTP:
 * the service queues the email with its secret Reply-To, the outbox sends it to a test SMTP server,
 * the test replies with nodemailer to the app's own reply server (lib/games/reply-server.ts), and
 * the move is stored and answered by email; and the provider webhook (app/api/inbound-mail), the
 * real route, with and without its secret.
 */
import { connect, type Socket } from "node:net";
import { and, asc, eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Db } from "@/lib/db/client";
import { emailOutbox, games, moves, replyTokens } from "@/lib/db/schema";
import { createTestPostgres, type TestDb } from "@/lib/db/testing";
import { INBOUND_SMTP_LIMITS, startInboundSmtp, type InboundSmtp } from "@/lib/mail/inbound-smtp";
import { drainOutbox } from "@/lib/mail/outbox";
import { smtpTransport, type MailTransport } from "@/lib/mail/transport";
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from "../support/smtp";
import { insertActiveGame, seedPlayers, type Players } from "../support/games";

const SECRET = "inbound-secret-for-the-tests-0123456789";
const ctx = vi.hoisted(() => {
  process.env.REPLY_MAIL_DOMAIN = "Reply.Example.Test";
  process.env.INBOUND_MAIL_SECRET = "inbound-secret-for-the-tests-0123456789";
  return { db: null as unknown };
});
vi.mock("@/lib/db/client", async (original) => ({ ...(await original<object>()), getDb: async () => ctx.db }));
// Watched, to see that no secret is made for an email that is not sent.
vi.mock("@/lib/games/reply-tokens", async (original) => {
  const real = await original<typeof import("@/lib/games/reply-tokens")>();
  return { ...real, newReplyToken: vi.fn(real.newReplyToken) };
});

import { POST } from "@/app/api/inbound-mail/route";
import { resign, submitMove } from "@/lib/games";
import { ANSWERS_PER_ADDRESS_HOUR, ANSWERS_PER_PLAYER_HOUR, LISTED_MOVES, MAX_REPLY_BYTES, handleReply, stopReplies } from "@/lib/games/replies";
import { startReplyServer } from "@/lib/games/reply-server";
import { DEAD_TOKEN_DAYS, hashReplyToken, newReplyToken, saveReplyToken } from "@/lib/games/reply-tokens";
import { hourlyPrune } from "@/lib/games/worker";

describe("moving by replying to the email", () => {
  let handle: TestDb;
  let db: Db;
  let sink: TestSmtpServer;
  let transport: MailTransport;
  let replies: InboundSmtp;
  let p: Players;
  let client: nodemailer.Transporter;

  beforeAll(async () => {
    [handle, sink] = await Promise.all([createTestPostgres(), startSmtpServer()]);
    db = handle.db;
    ctx.db = db;
    transport = smtpTransport({ url: sink.url }, "Courier Variants <noreply@localhost>");
    replies = await startReplyServer(async () => db, { port: 0, host: "127.0.0.1" }, () => {});
    client = nodemailer.createTransport({ host: "127.0.0.1", port: replies.port, secure: false, ignoreTLS: true });
  });
  afterAll(async () => {
    client?.close();
    await replies?.close();
    await transport?.close();
    await sink?.close();
    await handle?.close();
  });
  beforeEach(async () => {
    p = await seedPlayers(db);
    sink.received.length = 0;
  });

  /** Sends what the outbox holds; the emails to `to` that arrived, oldest first. */
  async function mailTo(to: string): Promise<ReceivedMail[]> {
    await drainOutbox(db, transport, new Date(Date.now() + 1000));
    return sink.received.filter((m) => m.to.includes(to));
  }
  const last = async (to: string) => (await mailTo(to)).at(-1)!;
  const reply = (from: string, to: string, text: string, extra: nodemailer.SendMailOptions = {}) =>
    client.sendMail({ from, to, subject: "Re: your move", text, ...extra });
  const movesOf = async (gameId: string) =>
    (await db.select({ text: moves.text }).from(moves).where(eq(moves.gameId, gameId)).orderBy(asc(moves.ply))).map((m) => m.text);

  /** Alice (White) opens; Bob's "your turn" email arrives with its reply address. */
  async function opened(variant = "chess"): Promise<{ gameId: string; address: string }> {
    const gameId = await insertActiveGame(db, { white: p.alice, black: p.bob, variant });
    await submitMove(db, p.alice, { gameId, expectedPly: 0, move: "P e2-e4" });
    const mail = await last("bob@example.test");
    expect(mail.subject).toMatch(/Alice played P e2-e4/);
    expect(mail.replyTo).toMatch(/^move\+[a-z2-7]{32}@reply\.example\.test$/);
    expect(mail.text).toMatch(/reply to this email with your move/i);
    // The stop link ends its line: a full stop after it would be read into the address.
    // It names the secret's hash, never the secret, which would let whoever sees a link move by mail.
    const secret = mail.replyTo!.slice(5, 37);
    expect(mail.text).toContain(`/reply-by-email/${hashReplyToken(secret)}\n`);
    expect(mail.text + mail.html).not.toContain(`/reply-by-email/${secret}`);
    return { gameId, address: mail.replyTo! };
  }

  it("plays the first line of a reply, answers 'played', and the opponent gets their usual email", async () => {
    const { gameId, address } = await opened();
    // The secret is stored hashed, never as it is written in the address.
    const token = address.slice(5, 37);
    const stored = await db.select().from(replyTokens).where(eq(replyTokens.gameId, gameId));
    expect(stored).toEqual([expect.objectContaining({ tokenHash: hashReplyToken(token), userId: p.bob, ply: 1 })]);
    expect(JSON.stringify(stored)).not.toContain(token);

    await reply("Bob <BOB@Example.Test>", address.toUpperCase(),
      "p e7-e5\n\nOn Tue, 1 Dec 2026 at 12:00, Courier Variants <noreply@localhost> wrote:\n> Alice played P e2-e4\n-- \nBob");
    expect(await movesOf(gameId)).toEqual(["P e2-e4", "p e7-e5"]);
    const answer = await last("bob@example.test");
    expect(answer.subject).toBe("You played p e7-e5 against Alice (Chess)");
    expect(answer.replyTo).toBeUndefined();
    const next = await last("alice@example.test");
    expect(next.subject).toMatch(/Bob played p e7-e5: your move/);
    expect(next.replyTo).toMatch(/^move\+[a-z2-7]{32}@reply\.example\.test$/);
    // Alice replies in turn, with an HTML-only email.
    await reply("alice@example.test", next.replyTo!, "", { text: undefined, html: "<div>N g1-f3</div><blockquote>Bob played p e7-e5</blockquote>" });
    expect(await movesOf(gameId)).toEqual(["P e2-e4", "p e7-e5", "N g1-f3"]);
  });

  it("refuses a reply from another sender address, whatever it says, and tells the player, not the sender", async () => {
    const { gameId, address } = await opened();
    await reply("Mallory <mallory@example.test>", address, "p e7-e5");
    await reply("bob@example.test.evil.example", address, "p e7-e5");
    expect(await movesOf(gameId)).toEqual(["P e2-e4"]);
    expect(await mailTo("mallory@example.test")).toEqual([]);
    const answer = await last("bob@example.test");
    expect(answer.subject).toMatch(/^Your reply was not played/);
    expect(answer.text).toMatch(/another address than your account's \(bob@example\.test\)/);
  });

  it("refuses a stale reply: the email's ply is the one submitted", async () => {
    const { gameId, address } = await opened();
    // Bob moves on the game page; Alice answers; the old email's reply is then stale.
    await submitMove(db, p.bob, { gameId, expectedPly: 1, move: "p e7-e5" });
    await submitMove(db, p.alice, { gameId, expectedPly: 2, move: "N g1-f3" });
    await reply("bob@example.test", address, "n b8-c6");
    expect(await movesOf(gameId)).toEqual(["P e2-e4", "p e7-e5", "N g1-f3"]);
    expect((await last("bob@example.test")).text).toMatch(/the game has moved on since the email you answered \(sent at move 1\)/);
  });

  it("answers a second delivery of a reply that played 'already played', and mails nothing more (docs/reply-by-email.md#what-is-answered)", async () => {
    const { gameId, address } = await opened();
    await reply("bob@example.test", address, "p e7-e5");
    expect(await movesOf(gameId)).toEqual(["P e2-e4", "p e7-e5"]);
    const [stored] = await db.select().from(replyTokens).where(eq(replyTokens.tokenHash, hashReplyToken(address.slice(5, 37))));
    expect(stored.playedMove).toBe("p e7-e5");
    const answersToBob = async () => (await mailTo("bob@example.test")).filter((m) => /^(You played|Your reply)/.test(m.subject));
    expect(await answersToBob()).toHaveLength(1);
    // The mail server tries again (its 250 was lost): the game is at another ply now, and this is no stale reply.
    await reply("bob@example.test", address, "p e7-e5");
    const again = await handleReply(db, { to: [address], from: "bob@example.test", text: "p e7-e5" });
    expect(again).toBe("already-played");
    expect(await movesOf(gameId)).toEqual(["P e2-e4", "p e7-e5"]);
    expect(await answersToBob()).toHaveLength(1);
    // Even when the move it played ended the game.
    await resign(db, p.alice, { gameId });
    expect(await handleReply(db, { to: [address], from: "bob@example.test", text: "p e7-e5" })).toBe("already-played");
    expect(await answersToBob()).toHaveLength(1);
  });

  it("answers two deliveries of one reply handled at once: one plays, the other is 'already played'", async () => {
    const { gameId, address } = await opened();
    const mail = { to: [address], from: "bob@example.test", text: "p e7-e5" };
    const outcomes = await Promise.all([handleReply(db, mail), handleReply(db, mail)]);
    expect(outcomes.sort()).toEqual(["already-played", "played"]);
    expect(await movesOf(gameId)).toEqual(["P e2-e4", "p e7-e5"]);
    expect((await mailTo("bob@example.test")).map((m) => m.subject).filter((s) => /^(You played|Your reply)/.test(s)))
      .toEqual(["You played p e7-e5 against Alice (Chess)"]);
  });

  it("answers at most a few replies an hour per reply address and per player (docs/reply-by-email.md#limits)", async () => {
    const { gameId, address } = await opened();
    const answers = async () => (await db.select().from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "reply-answer"), eq(emailOutbox.toAddress, "bob@example.test")))).length;
    // Someone who was forwarded the email sends it reply after reply: the player is told a few times, not each time.
    for (let i = 0; i < ANSWERS_PER_ADDRESS_HOUR + 3; i++) {
      expect(await handleReply(db, { to: [address], from: "mallory@example.test", text: "p e7-e5" })).toBe("wrong-sender");
    }
    expect(await answers()).toBe(ANSWERS_PER_ADDRESS_HOUR);
    // Over many addresses of the player's, the player's own limit holds.
    for (let i = 0; i < ANSWERS_PER_PLAYER_HOUR; i++) {
      const t = (await newReplyToken(db, gameId, p.bob, 1))!;
      await saveReplyToken(db, t, new Date());
      await handleReply(db, { to: [t.address], from: "mallory@example.test", text: "p e7-e5" });
    }
    expect(await answers()).toBe(ANSWERS_PER_PLAYER_HOUR);
    // A move is never lost to the limit: it is played, only its answer is not sent.
    expect(await handleReply(db, { to: [address], from: "bob@example.test", text: "p e7-e5" })).toBe("played");
    expect(await movesOf(gameId)).toEqual(["P e2-e4", "p e7-e5"]);
    expect(await answers()).toBe(ANSWERS_PER_PLAYER_HOUR);
  });

  it("makes no reply secret for a player who gets no email per move (a digest reader): none is stored, none made", async () => {
    const gameId = await insertActiveGame(db, { white: p.alice, black: p.carol });
    vi.mocked(newReplyToken).mockClear();
    await submitMove(db, p.alice, { gameId, expectedPly: 0, move: "P e2-e4" });
    expect(await db.select().from(replyTokens).where(eq(replyTokens.gameId, gameId))).toEqual([]);
    expect(vi.mocked(newReplyToken)).not.toHaveBeenCalled();
    // Bob, who wants an email per move, gets his.
    await opened();
    expect(vi.mocked(newReplyToken)).toHaveBeenCalledTimes(1);
  });

  it("refuses an illegal or missing move with the reason and the moves there are, and takes a reply to that answer", async () => {
    const { gameId, address } = await opened();
    await reply("bob@example.test", address, "p e7-e4");
    let answer = await last("bob@example.test");
    expect(answer.text).toMatch(/was not played: p e7-e4 is not a legal move here\./);
    const listed = answer.text.match(/The moves you may make: (.*?)\./)![1].split(", ");
    expect(listed).toHaveLength(20);
    expect(listed).toEqual(expect.arrayContaining(["p e7-e5", "p e7-e6", "n g8-f6", "n b8-a6"]));
    expect(answer.replyTo).toMatch(/^move\+[a-z2-7]{32}@reply\.example\.test$/);
    expect(answer.replyTo).not.toBe(address);

    await reply("bob@example.test", answer.replyTo!, "> Alice played P e2-e4");
    answer = await last("bob@example.test");
    expect(answer.text).toMatch(/no move in its first line/);
    await reply("bob@example.test", answer.replyTo!, "p c7-c5");
    expect(await movesOf(gameId)).toEqual(["P e2-e4", "p c7-c5"]);
  });

  it("lists at most a bounded number of moves", async () => {
    // Compound Chess (10×8) has more first moves than the list holds.
    const gameId = await insertActiveGame(db, { white: p.bob, black: p.alice, variant: "compound" });
    await submitMove(db, p.bob, { gameId, expectedPly: 0, move: "B d1-d3" });
    const { replyTo } = await last("alice@example.test");
    await reply("alice@example.test", replyTo!, "nonsense");
    const listed = (await last("alice@example.test")).text.match(/The moves you may make: (.*?), and (\d+) more/s);
    expect(listed).not.toBeNull();
    expect(listed![1].split(", ")).toHaveLength(LISTED_MOVES);
    expect(Number(listed![2])).toBeGreaterThan(0);
  });

  it("refuses every reply address of a player who stopped replies in the game; their next emails carry none", async () => {
    const { gameId, address } = await opened();
    // The stop link names the secret's hash: the secret itself stops nothing (and is never in a link).
    expect(await stopReplies(db, address.slice(5, 37))).toBe(false);
    expect(await stopReplies(db, hashReplyToken(address.slice(5, 37)))).toBe(true);
    await reply("bob@example.test", address, "p e7-e5");
    expect(await movesOf(gameId)).toEqual(["P e2-e4"]);
    expect((await last("bob@example.test")).text).toMatch(/you stopped replies by email for this game/);
    await submitMove(db, p.bob, { gameId, expectedPly: 1, move: "p e7-e5" });
    // The stop is Bob's: Alice's email still takes a reply.
    expect((await last("alice@example.test")).replyTo).toMatch(/^move\+/);
    await submitMove(db, p.alice, { gameId, expectedPly: 2, move: "N g1-f3" });
    const next = await last("bob@example.test");
    expect(next.subject).toMatch(/Alice played N g1-f3/);
    expect(next.replyTo).toBeUndefined();
    expect(next.text).not.toMatch(/reply to this email/i);
    expect(await stopReplies(db, "a".repeat(64))).toBe(false);
    expect(await stopReplies(db, "not a token")).toBe(false);
  });

  it("refuses a reply once the game is over", async () => {
    const { gameId, address } = await opened();
    await resign(db, p.alice, { gameId });
    await reply("bob@example.test", address, "p e7-e5");
    expect(await movesOf(gameId)).toEqual(["P e2-e4"]);
    const [g] = await db.select().from(games).where(eq(games.id, gameId));
    expect(g.status).toBe("finished");
    expect((await last("bob@example.test")).text).toMatch(/this game is over/);
  });

  it("prunes, in the worker's hourly work, the tokens that can no longer move, a while after (docs/reply-by-email.md#the-reply-address)", async () => {
    const { gameId, address } = await opened();
    await submitMove(db, p.bob, { gameId, expectedPly: 1, move: "p e7-e5" });
    const tokens = async () => (await db.select({ tokenHash: replyTokens.tokenHash, ply: replyTokens.ply }).from(replyTokens)
      .where(eq(replyTokens.gameId, gameId)).orderBy(asc(replyTokens.ply))).map((t) => t.ply);
    expect(await tokens()).toEqual([1, 2]);
    const day = 86_400_000;
    const job = hourlyPrune();
    const prune = (db: Db, at: Date) => job(db, at, { signal: new AbortController().signal });
    // Bob's address is past its ply, but a late second delivery still finds it for a while.
    await prune(db, new Date(Date.now() + (DEAD_TOKEN_DAYS - 1) * day));
    expect(await tokens()).toEqual([1, 2]);
    await resign(db, p.bob, { gameId });
    await prune(db, new Date(Date.now() + (DEAD_TOKEN_DAYS + 1) * day));
    // Alice's address was live until the game ended; it goes too once dead as long.
    expect(await tokens()).toEqual([]);
    expect(await handleReply(db, { to: [address], from: "bob@example.test", text: "n b8-c6" })).toBe("unknown-address");
  });

  it("prunes no token that can still move, however old", async () => {
    const { gameId } = await opened();
    await hourlyPrune()(db, new Date(Date.now() + 365 * 86_400_000), { signal: new AbortController().signal });
    expect(await db.select().from(replyTokens).where(eq(replyTokens.gameId, gameId))).toHaveLength(1);
  });

  it("takes no mail for an address it did not give, nor mail over the size limit", async () => {
    const { gameId, address } = await opened();
    await expect(reply("bob@example.test", `move+${"a".repeat(32)}@reply.example.test`, "p e7-e5")).rejects.toThrow(/550/);
    await expect(reply("bob@example.test", "postmaster@reply.example.test", "p e7-e5")).rejects.toThrow(/550/);
    await expect(reply("bob@example.test", address.replace("reply.example.test", "elsewhere.example"), "p e7-e5")).rejects.toThrow(/550/);
    await expect(reply("bob@example.test", address, `p e7-e5\n${"x".repeat(MAX_REPLY_BYTES)}`)).rejects.toThrow(/552/);
    expect(await movesOf(gameId)).toEqual(["P e2-e4"]);
    // Refused at the door: no answer was queued for any of them.
    const answers = await db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, "reply-answer")));
    expect(answers).toEqual([]);
  });

  describe("the reply server's bounds (docs/reply-by-email.md#receiving-mail)", () => {
    /** A client that connects and says nothing; `first` is the server's first line to it. */
    const idle = (port: number) => new Promise<{ socket: Socket; first: string; closed: Promise<void> }>((resolve, reject) => {
      const socket = connect(port, "127.0.0.1");
      const closed = new Promise<void>((done) => socket.once("close", () => done()));
      socket.once("data", (d) => resolve({ socket, first: d.toString(), closed }));
      socket.once("error", reject);
    });

    it(`serves at most ${INBOUND_SMTP_LIMITS.maxClients} clients at once: the next is told to come back (421)`, async () => {
      const clients = await Promise.all(Array.from({ length: INBOUND_SMTP_LIMITS.maxClients }, () => idle(replies.port)));
      try {
        expect(clients.map((c) => c.first.slice(0, 3))).toEqual(clients.map(() => "220"));
        const over = await idle(replies.port);
        clients.push(over);
        expect(over.first).toMatch(/^421 /);
      } finally {
        for (const c of clients) c.socket.destroy();
        await Promise.all(clients.map((c) => c.closed));
      }
    });

    it("cuts off a client silent for longer than its timeout", async () => {
      const server = await startInboundSmtp({
        port: 0, host: "127.0.0.1", maxBytes: 1000, limits: { ...INBOUND_SMTP_LIMITS, socketTimeout: 300 },
        accepts: async () => false, deliver: async () => {}, log: () => {},
      });
      try {
        const client = await idle(server.port);
        const started = Date.now();
        await client.closed;
        expect(Date.now() - started).toBeLessThan(5_000);
      } finally {
        await server.close();
      }
    });
  });

  describe("the inbound mail webhook", () => {
    const post = (body: BodyInit, headers: Record<string, string>) =>
      POST(new Request("http://localhost:3000/api/inbound-mail", { method: "POST", body, headers }));
    const basic = (secret: string) => `Basic ${Buffer.from(`inbound:${secret}`).toString("base64")}`;

    it("is off, answering 404, while INBOUND_MAIL_SECRET is unset", async () => {
      delete process.env.INBOUND_MAIL_SECRET;
      try {
        expect((await post("{}", { authorization: `Bearer ${SECRET}`, "content-type": "application/json" })).status).toBe(404);
      } finally {
        process.env.INBOUND_MAIL_SECRET = SECRET;
      }
    });

    it("answers 503 with Retry-After when the reply cannot be handled now (the database down), so the provider posts it again", async () => {
      const { gameId, address } = await opened();
      const real = ctx.db;
      ctx.db = new Proxy({}, { get: () => { throw new Error("the database is down"); } });
      const logged = vi.spyOn(console, "error").mockImplementation(() => {});
      try {
        const r = await post(JSON.stringify({ to: address, from: "bob@example.test", text: "p e7-e5" }), { authorization: `Bearer ${SECRET}`, "content-type": "application/json" });
        expect(r.status).toBe(503);
        expect(r.headers.get("retry-after")).toBe("60");
        expect(await r.json()).toEqual({ error: expect.stringMatching(/post it again later/) });
        expect(logged).toHaveBeenCalledWith(expect.stringMatching(/could not be handled/), expect.any(Error));
      } finally {
        ctx.db = real;
        logged.mockRestore();
      }
      // Posted again, it plays.
      const again = await post(JSON.stringify({ to: address, from: "bob@example.test", text: "p e7-e5" }), { authorization: `Bearer ${SECRET}`, "content-type": "application/json" });
      expect(await again.json()).toEqual({ outcome: "played" });
      expect(await movesOf(gameId)).toEqual(["P e2-e4", "p e7-e5"]);
    });

    it("plays a reply posted as a form with the secret, and refuses one without it or with a wrong one", async () => {
      const { gameId, address } = await opened();
      const form = () => {
        const f = new FormData();
        f.set("to", `Courier Variants <${address}>`);
        f.set("from", "Bob <bob@example.test>");
        f.set("text", "p e7-e5\n> quoted");
        f.set("envelope", JSON.stringify({ to: [address], from: "bounce@example.test" }));
        return f;
      };
      for (const headers of [{} as Record<string, string>, { authorization: basic("wrong-secret-wrong-secret-wrong") }, { authorization: `Bearer ${SECRET}x` }, { authorization: "Basic %%%" }]) {
        const r = await post(form(), headers);
        expect(r.status, JSON.stringify(headers)).toBe(401);
      }
      expect(await movesOf(gameId)).toEqual(["P e2-e4"]);
      const r = await post(form(), { authorization: basic(SECRET) });
      expect(r.status).toBe(200);
      expect(await r.json()).toEqual({ outcome: "played" });
      expect(await movesOf(gameId)).toEqual(["P e2-e4", "p e7-e5"]);
      expect((await last("bob@example.test")).subject).toBe("You played p e7-e5 against Alice (Chess)");
    });

    it("takes JSON with a bearer secret, and answers bad, oversized and unknown mail without playing it", async () => {
      const { gameId, address } = await opened();
      const auth = { authorization: `Bearer ${SECRET}`, "content-type": "application/json" };
      const json = (o: unknown) => post(JSON.stringify(o), auth);
      expect(await (await json({ to: `move+${"b".repeat(32)}@reply.example.test`, from: "bob@example.test", text: "p e7-e5" })).json()).toEqual({ outcome: "unknown-address" });
      expect(await (await json({ to: address, from: "mallory@example.test", text: "p e7-e5" })).json()).toEqual({ outcome: "wrong-sender" });
      expect((await json({ to: 42, from: "bob@example.test" })).status).toBe(400);
      expect((await post("{not json", auth)).status).toBe(400);
      expect((await post("x", { authorization: `Bearer ${SECRET}`, "content-type": "text/plain" })).status).toBe(415);
      expect((await json({ to: address, from: "bob@example.test", text: "p e7-e5\n" + "x".repeat(MAX_REPLY_BYTES) })).status).toBe(413);
      expect(await movesOf(gameId)).toEqual(["P e2-e4"]);
      expect(await (await json({ to: [address], from: "Bob <bob@example.test>", html: "<p>p d7-d5</p>" })).json()).toEqual({ outcome: "played" });
      expect(await movesOf(gameId)).toEqual(["P e2-e4", "p d7-d5"]);
    });
  });
});
