/**
 * /import: a game played elsewhere, as a record in the project's notation or, for
 * orthodox chess, standard PGN. The rules module replays and checks every move;
 * the game is stored finished, with the record's White and Black as its players.
 */
import type { Metadata } from "next";
import Link from "next/link";
import { requireUser } from "@/lib/auth";
import { ImportForm } from "./import-form";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Import a game · Courier Variants" };

export default async function ImportPage() {
  await requireUser("/import");
  return (
    <main>
      <h1>Import a game</h1>
      <p>
        Log a game played elsewhere: paste its record or upload the file. Every move is checked by the rules of its
        game; a record with an illegal move is refused with the move named. The record needs a result (1-0, 0-1 or
        1/2-1/2) unless the last move ends the game.
      </p>
      <p className="muted">
        The format is the one <Link href="/games">the archive</Link> downloads: tag pairs such as{" "}
        <code>[White &quot;Alice&quot;]</code>, <code>[Variant &quot;compound&quot;]</code> and{" "}
        <code>[FEN &quot;…&quot;]</code>, then numbered moves like <code>1. P e2-e4 p e7-e5</code>. Orthodox chess
        may also be ordinary PGN (<code>1. e4 e5 2. Nf3</code>). White and Black are stored as names; you are
        recorded as the one who imported it.
      </p>
      <ImportForm />
    </main>
  );
}
