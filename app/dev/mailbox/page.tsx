import { desc } from "drizzle-orm";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { getDb } from "@/lib/db/client";
import { devMailbox } from "@/lib/db/schema";
import { devMailboxEnabled } from "@/lib/mail";

export const metadata = { title: "Dev mailbox · Courier Variants" };

// Links become anchors so a sign-in link opens in this tab, as from a mail client.
function linkify(text: string): ReactNode[] {
  return text.split(/(https?:\/\/[^\s<>"]+)/).map((part, i) =>
    i % 2 === 1 ? (
      <a key={i} href={part}>
        {part}
      </a>
    ) : (
      part
    ),
  );
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
          <pre style={{ whiteSpace: "pre-wrap" }}>{linkify(mail.text)}</pre>
        </article>
      ))}
    </main>
  );
}
