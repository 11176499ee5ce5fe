import { randomUUID } from "node:crypto";
import type { MailTransport } from "@/lib/mail/transport";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * Sends the magic link straight through the transport, not the outbox: the person
 * is waiting at the sign-in page, and there is no event transaction to join.
 */
export async function sendSignInEmail(transport: MailTransport, to: string, url: string): Promise<void> {
  const { host } = new URL(url);
  const link = escapeHtml(url);
  await transport.send({
    to,
    subject: "Sign in to Courier Variants",
    text: `Sign in to Courier Variants (${host}) with this link:\n\n${url}\n\nThe link works once, within 24 hours. If you did not ask for it, ignore this email.\n`,
    html:
      `<p>Sign in to Courier Variants (${escapeHtml(host)}):</p>` +
      `<p><a href="${link}">Sign in</a></p>` +
      `<p>The link works once, within 24 hours. If you did not ask for it, ignore this email.</p>`,
    messageId: `<signin.${randomUUID()}@${host}>`,
  });
}
