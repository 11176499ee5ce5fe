"use client";
/**
 * The chat between the game's two players (docs/chat.md), drawn from the game state the page
 * polls, so the opponent's messages appear without a reload. React escapes every message;
 * the server bounds, rate-limits and authorizes them.
 */
import { useState, useTransition, type FormEvent } from "react";
import { chatAction, muteAction, reportAction } from "@/app/games/[id]/actions";
import type { GameActionResult, GameState } from "./game-state";
import { sentence } from "./sentence";
import styles from "./GamePlayer.module.css";

/** The longest message the server takes (lib/games/inputs.ts CHAT_MESSAGE_MAX). */
const MESSAGE_MAX = 500;

export function GameChat({ gameId, chat, opponent, onResult }: {
  gameId: string;
  chat: NonNullable<GameState["chat"]>;
  opponent: string;
  /** The fresh state an action answers with. */
  onResult: (r: GameActionResult) => void;
}) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, startTransition] = useTransition();

  function run(action: () => Promise<GameActionResult>, after?: () => void) {
    setError(null);
    startTransition(async () => {
      const r = await action().catch(() => null);
      if (r === null) {
        setError("The server could not be reached. Please try again.");
        return;
      }
      onResult(r);
      if (r.ok) after?.();
      else setError(sentence(r.error));
    });
  }

  function send(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!text.trim()) return;
    run(() => chatAction({ gameId, text }), () => setText(""));
  }

  return (
    <section className={styles.panel} aria-label="Chat">
      <h2 className={styles.heading}>Chat with {opponent}</h2>
      {chat.off === "you" && <p>You have turned chat off in <a href="/settings">Settings</a>.</p>}
      {chat.off === "opponent" && <p>{opponent} has turned chat off.</p>}
      {chat.off === null && (
        <>
          {chat.muted && <p>You have muted {opponent}: their messages are not shown.</p>}
          {chat.messages.length === 0 ? (
            <p className={styles.chatEmpty}>No messages yet.</p>
          ) : (
            <ol className={styles.chat} aria-label="Messages">
              {chat.messages.map((m) => (
                <li key={m.id} className={m.mine ? styles.chatMine : undefined}>
                  <span className={styles.chatWho}>{m.mine ? "You" : opponent}:</span> {m.text}
                  {!m.mine && (
                    m.reported ? <span className={styles.chatWho}> (reported)</span> : (
                      <>
                        {" "}
                        <button type="button" className={styles.chatReport} disabled={busy}
                          onClick={() => run(() => reportAction({ gameId, messageId: m.id }))}
                          aria-label={`Report this message from ${opponent} to the moderators`}>
                          Report
                        </button>
                      </>
                    )
                  )}
                </li>
              ))}
            </ol>
          )}
          {chat.open && (
            <form onSubmit={send} className={styles.chatForm}>
              <label>
                Message{" "}
                <textarea value={text} onChange={(e) => setText(e.target.value)} maxLength={MESSAGE_MAX} rows={2} disabled={busy} />
              </label>
              <button type="submit" disabled={busy || !text.trim()}>Send message</button>
            </form>
          )}
          <p>
            <button type="button" disabled={busy} onClick={() => run(() => muteAction({ gameId, mute: !chat.muted }))}>
              {chat.muted ? `Unmute ${opponent}` : `Mute ${opponent}`}
            </button>
          </p>
        </>
      )}
      {error && <p role="alert" className={styles.error}>{error}</p>}
    </section>
  );
}
