import { desc } from "drizzle-orm";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { getDb } from "@/lib/db/client";
import { devMailbox } from "@/lib/db/schema";
import { devMailboxEnabled } from "@/lib/mail";
import { linkParts } from "./links";

export const metadata = { title: "Dev mailbox · Courier Variants" };

// Links become anchors so a sign-in link opens in this tab, as from a mail client.
function linkify(text: string): ReactNode[] {
  return linkParts(text).map((part, i) => (part.href ? <a key={i} href={part.href}>{part.text}</a> : part.text));
}

/** Where the app's email goes when no SMTP server is configured (development). */
export default async function DevMailboxPage() {
  // Read at request time: never prerendered by `next build`, which must not open the database.
  await connection();
  if (!devMailboxEnabled()) notFound();
  const db = await getDb();
  const mails = await db.select().from(devMailbox).orderBy(desc(devMailbox.createdAt)).limit(50);
  return (
    <main>
      <h1>Dev mailbox</h1>
      <p>
        No SMTP server is configured, so the app&apos;s email lands here (the 50 latest, newest first). Set SMTP_URL to
        send real email.
      </p>
      {mails.length === 0 && <p>No mail yet.</p>}
      {mails.map((mail) => (
        <article key={mail.id} style={{ borderTop: "1px solid #ccc", padding: "0.5em 0" }}>
          <h2 style={{ fontSize: "1em", margin: 0 }}>{mail.subject}</h2>
          <p style={{ margin: 0, color: "#555" }}>
            To {mail.toAddress} · <time dateTime={mail.createdAt.toISOString()}>{mail.createdAt.toUTCString()}</time>
          </p>
          {/* Long links wrap instead of widening the page. */}
          <pre style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{linkify(mail.text)}</pre>
          {/* The HTML version as a mail client shows it, picture included; sandboxed: no scripts, no forms, its own origin. */}
          <iframe
            sandbox=""
            srcDoc={mail.html}
            title={`HTML version: ${mail.subject}`}
            style={{ width: "100%", height: "28em", border: "1px solid #ccc" }}
          />
        </article>
      ))}
    </main>
  );
}
