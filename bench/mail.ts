/**
 * The outbox worker against a local SMTP server (real PostgreSQL, smtp-server on
 * 127.0.0.1): throughput in emails a second, draining the same queue through the
 * transport before issue 18 (a new connection for each email, one at a time), the
 * pooled one with one connection, and the pooled one as the app runs it (SMTP_POOL:
 * five connections, five at once); beside them a peer, nodemailer sending the same
 * emails straight to the same server with no outbox; and the delay from a committed
 * move to its email arriving, with the worker woken as the server action wakes it
 * (median, p99). Every email must arrive exactly once: the Message-IDs received are
 * checked against the outbox's, and the run exits non-zero on any loss or duplicate.
 *
 *   npm run bench:mail [-- --emails 500 --moves 100]
 */
import { loadavg } from "node:os";
import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import SMTPTransport from "nodemailer/lib/smtp-transport/index.js";
import { emailOutbox, users } from "../lib/db/schema";
import { createTestPostgres } from "../lib/db/testing";
import { acceptInvitation, createChallenge, submitMove } from "../lib/games";
import { drainOutbox, enqueueEmail } from "../lib/mail/outbox";
import { SMTP_POOL } from "../lib/mail/settings";
import { SMTP_TIMEOUTS, smtpTransport, type MailTransport } from "../lib/mail/transport";
import { Game } from "../lib/rules";
import { startSmtpServer } from "../tests/support/smtp";
import { ms, summary } from "./stats";

const args = process.argv.slice(2);
const EMAILS = Number(args[args.indexOf("--emails") + 1]) || 500;
const MOVES = Number(args[args.indexOf("--moves") + 1]) || 100;

const [handle, smtp] = await Promise.all([createTestPostgres(), startSmtpServer()]);

/** Each queued email received exactly once, by Message-ID; a loss or a duplicate fails the run. */
function check(phase: string, queued: string[]) {
  const received = smtp.received.map((m) => m.messageId);
  const times = new Map<string, number>();
  for (const id of received) times.set(id, (times.get(id) ?? 0) + 1);
  const lost = queued.filter((id) => !times.has(id)).length;
  const duplicates = [...times.values()].reduce((n, k) => n + k - 1, 0);
  console.log(`${phase}: ${queued.length} queued, ${received.length} received; lost ${lost}, duplicates ${duplicates} (by Message-ID)`);
  if (lost + duplicates > 0) process.exitCode = 1;
}
const db = handle.db;
const FROM = "Bench <bench@localhost>";
/** The transport before issue 18: a new connection for each email, and the outbox sends one at a time. */
function connectionEach(): MailTransport {
  const t = nodemailer.createTransport(new SMTPTransport({ url: smtp.url, ...SMTP_TIMEOUTS }));
  return { kind: "smtp", send: async (e) => void (await t.sendMail({ from: FROM, ...e })), close: async () => t.close() };
}
const transport = smtpTransport({ url: smtp.url }, FROM);
const load = () => loadavg().map((x) => x.toFixed(1)).join(" ");
try {
  console.log(`load average at the start: ${load()}`);
  const email = (i: number) => ({
    to: `p${i % 50}@bench.test`, kind: "your-turn", subject: `Your move ${i}`,
    html: `<p>Move ${i}</p>`.repeat(20), text: `Move ${i}\n`.repeat(20),
  });

  // Throughput: the same queue drained by one worker through each transport.
  const rates: [string, number][] = [];
  const drained = async (name: string, through: MailTransport) => {
    await db.delete(emailOutbox);
    smtp.received.length = 0;
    await db.transaction(async (tx) => {
      for (let i = 0; i < EMAILS; i++) await enqueueEmail(tx, email(i), new Date());
    });
    const t0 = performance.now();
    let sent = 0;
    while (sent < EMAILS) sent += (await drainOutbox(db, through, new Date(), { limit: 1000 })).sent;
    rates.push([name, EMAILS / ((performance.now() - t0) / 1000)]);
    check(name, (await db.select({ id: emailOutbox.messageId }).from(emailOutbox)).map((r) => r.id));
  };
  const before = connectionEach();
  const single = smtpTransport({ url: smtp.url }, FROM, { pool: { ...SMTP_POOL, connections: 1 } });
  await drained("a new connection each, one at a time (before)", before);
  await drained("pooled, one connection, one at a time", single);
  await drained(`pooled, ${SMTP_POOL.connections} connections, ${SMTP_POOL.connections} at once (now)`, transport);
  await single.close();

  // Peer: the same emails sent straight through nodemailer, one after another, as before.
  smtp.received.length = 0;
  const t0 = performance.now();
  for (let i = 0; i < EMAILS; i++) await before.send({ ...email(i), messageId: `<peer${i}@bench>` });
  const directRate = EMAILS / ((performance.now() - t0) / 1000);
  await before.close();
  for (const [name, rate] of rates) console.log(`outbox, ${name}: ${rate.toFixed(0)} emails/s (${(rate / rates[0][1]).toFixed(2)}× before)`);
  console.log(`nodemailer direct, a new connection each, one at a time: ${directRate.toFixed(0)} emails/s (before / direct ${(rates[0][1] / directRate).toFixed(2)})`);

  // Delay from a committed move to its email at the SMTP server.
  await db.delete(emailOutbox);
  smtp.received.length = 0;
  const [a, b] = await db.insert(users).values([{ name: "A", email: "a@bench.test" }, { name: "B", email: "b@bench.test" }]).returning();
  const delays: number[] = [];
  let rules = Game.start("chess");
  let gameId = "";
  const queued: string[] = [];
  const newGame = async () => {
    queued.push(...(await db.select({ id: emailOutbox.messageId }).from(emailOutbox)).map((r) => r.id));
    const c = await createChallenge(db, a.id, { variant: "chess", color: "white", daysPerMove: 3, opponent: { kind: "user", name: "B" } });
    await acceptInvitation(db, b.id, { invitationId: c.invitationId });
    await db.delete(emailOutbox);
    gameId = c.gameId;
    rules = Game.start("chess");
  };
  await newGame();
  for (let i = 0; i < MOVES; i++) {
    const legal = rules.legalMoves();
    if (legal.length === 0 || rules.ply > 60) {
      await newGame();
      i--;
      continue;
    }
    const move = legal[Math.floor(Math.random() * legal.length)].text;
    const before = smtp.received.length;
    await submitMove(db, rules.ply % 2 ? b.id : a.id, { gameId, expectedPly: rules.ply, move });
    const committed = performance.now();
    rules.play(move);
    // What the woken worker does at once:
    await drainOutbox(db, transport);
    while (smtp.received.length === before) await new Promise((r) => setTimeout(r, 1));
    delays.push(performance.now() - committed);
  }
  const d = summary(delays);
  console.log(`move committed → email at the SMTP server: median ${ms(d.median)}, p99 ${ms(d.p99)} (${d.n} moves)`);
  const pending = await db.select().from(emailOutbox).where(eq(emailOutbox.status, "pending"));
  console.log(`emails left unsent: ${pending.length}`);
  queued.push(...(await db.select({ id: emailOutbox.messageId }).from(emailOutbox)).map((r) => r.id));
  check("move → email", queued);
  console.log(`load average at the end: ${load()}`);
} finally {
  await transport.close();
  await smtp.close();
  await handle.close();
}
