/** Helpers the browser tests share: reading mail from the test SMTP server, signing in by magic link. */
import { expect, type Page } from "@playwright/test";
import type { ReceivedMail } from "../../support/smtp";

const APP_PORT = Number(process.env.E2E_PORT ?? 3100);
const MAIL_API = `http://127.0.0.1:${APP_PORT + 1}`;
/** The app's origin, as links in emails spell it. */
export const APP_URL = `http://localhost:${APP_PORT}`;
/** The app's reply server (docs/reply-by-email.md): a port per run, off the pairs the runs' app and mail API take. */
export const REPLY_SMTP_PORT = APP_PORT + 1000;
/** The folder serve.ts builds the app into (its manifests list the app's routes and server actions); the load benchmark's is its own. */
export const DIST = process.env.E2E_DIST ?? ".next-e2e";

export async function mails(): Promise<ReceivedMail[]> {
  const r = await fetch(`${MAIL_API}/mails`);
  return (await r.json()) as ReceivedMail[];
}

/** Waits for a new email to `to` whose subject matches, received after `since` emails to that address. */
export async function waitForMail(to: string, subject: RegExp, since = 0, timeoutMs = 20_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const list = (await mails()).filter((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject));
    if (list.length > since) return list[list.length - 1];
    if (Date.now() > deadline) throw new Error(`no email "${subject}" to ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Waits until the app's worker is idle: the outbox holds nothing to send and the
 * SMTP server's count of received emails stays the same across two looks.
 */
export async function workerIdle(timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let seen = -1;
  for (;;) {
    const { waiting } = (await (await fetch(`${MAIL_API}/outbox`)).json()) as { waiting: number };
    const received = (await mails()).length;
    if (waiting === 0 && received === seen) return;
    seen = waiting === 0 ? received : -1;
    if (Date.now() > deadline) throw new Error(`the outbox still has ${waiting} emails to send after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export async function mailCount(to: string, subject: RegExp): Promise<number> {
  return (await mails()).filter((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject)).length;
}

/** The first link in an email's text that starts with `prefix` (a URL prefix). */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const m = mail.text.match(new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[^\\s\\]>)"]*`));
  if (!m) throw new Error(`no link starting ${prefix} in: ${mail.text}`);
  return m[0];
}

let counter = 0;
/** A unique address per test run, so reruns against one server never collide. */
export function uniqueEmail(who: string): string {
  return `${who}.${Date.now().toString(36)}${counter++}@example.test`;
}

// Drawn once per worker process; with the counter, no two calls in a run share a name.
const RUN = Math.random().toString(36).slice(2, 6);

/**
 * A display name nobody else in this run has (3–20 letters and digits for a `who`
 * of up to 12). A suffix fixed per module would repeat when two spec files sign in
 * the same `who` through one shared helper: the second sign-up is then "taken".
 */
export function uniqueName(who: string): string {
  return `${who}${RUN}${(counter++).toString(36)}`;
}

/**
 * Signs in through the real flow: the sign-in form, the email from the SMTP
 * server, the magic link, and (first time) the display-name form.
 */
export async function signIn(page: Page, email: string, name?: string): Promise<void> {
  const before = await mailCount(email, /sign in/i);
  await page.goto("/signin");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: /sign-in link/i }).click();
  const mail = await waitForMail(email, /sign in/i, before);
  await page.goto(linkIn(mail, `${APP_URL}/api/auth/callback/`));
  if (name) {
    await page.getByLabel("Display name").fill(name);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).not.toHaveURL(/\/welcome/);
  }
}
