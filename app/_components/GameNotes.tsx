"use client";
/** The player's private notes on the game (docs/chat.md#notes): shown to their author only, kept by the server. */
import { useState, useTransition, type FormEvent } from "react";
import { saveNoteAction } from "@/app/games/[id]/actions";
import { sentence } from "./sentence";
import styles from "./GamePlayer.module.css";

/** The longest notes the server keeps (lib/games/inputs.ts NOTE_MAX). */
const NOTE_MAX = 10_000;

export function GameNotes({ gameId, initial }: { gameId: string; initial: string }) {
  const [text, setText] = useState(initial);
  const [said, setSaid] = useState<{ tone: "error" | "info"; text: string } | null>(null);
  const [busy, startTransition] = useTransition();

  function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setSaid(null);
    startTransition(async () => {
      const r = await saveNoteAction({ gameId, text }).catch(() => null);
      if (r === null) setSaid({ tone: "error", text: "The server could not be reached. Please try again." });
      else setSaid(r.ok ? { tone: "info", text: "Notes saved." } : { tone: "error", text: sentence(r.error) });
    });
  }

  return (
    <section aria-label="My notes" className={styles.notes}>
      <h2 className={styles.heading}>My notes</h2>
      <form onSubmit={save}>
        <label>
          Notes on this game (only you ever see them)
          <textarea value={text} onChange={(e) => { setText(e.target.value); setSaid(null); }} maxLength={NOTE_MAX} rows={4} />
        </label>
        <button type="submit" disabled={busy}>{busy ? "Saving…" : "Save notes"}</button>
      </form>
      {said && <p role={said.tone === "error" ? "alert" : "status"} className={said.tone === "error" ? styles.error : undefined}>{said.text}</p>}
    </section>
  );
}
