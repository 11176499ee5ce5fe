"use client";
/**
 * Choosing one's setup before the first move (Janggi's four horse and elephant
 * arrangements, lib/games/setups.ts): each setup as a small board, drawn as the game would
 * begin with it (the opponent's side as they chose, or left open while they have not), with
 * its name and a button. The choice is final, so it is confirmed first when the player
 * confirms moves.
 */
import { useState } from "react";
import { variantInfo } from "@/lib/rules";
import { boardWhileChoosing } from "@/lib/games/setups";
import { Board } from "./Board";
import type { Colour } from "./game-state";
import type { PieceSet } from "./pieces";
import styles from "./GamePlayer.module.css";

export function SetupChooser({ variant, names, colour, opponentChoice, orientation, pieceSet, confirm, busy, onChoose }: {
  variant: string;
  names: string[];
  /** The chooser's side. */
  colour: Colour;
  /** The opponent's setup, when they chose first. */
  opponentChoice: number | null;
  orientation: Colour;
  pieceSet: PieceSet;
  /** Ask before the choice is sent (the player's "confirm moves" setting). */
  confirm: boolean;
  busy: boolean;
  onChoose: (setup: number) => void;
}) {
  const [picked, setPicked] = useState<number | null>(null);
  const { files, ranks } = variantInfo(variant);
  const squares = (i: number) =>
    colour === "white" ? boardWhileChoosing(variant, i, opponentChoice) : boardWhileChoosing(variant, opponentChoice, i);
  const pick = (i: number) => (confirm ? setPicked(i) : onChoose(i));
  return (
    <section className={styles.chooser} aria-label="Choose your setup">
      <p className={styles.chooserTitle}>Choose your setup</p>
      <ul className={styles.setupOptions}>
        {names.map((name, i) => (
          <li key={name} className={styles.setupOption} data-setup={i}>
            <Board
              variant={variant} files={files} ranks={ranks} squares={squares(i)} orientation={orientation}
              pieceSet={pieceSet} coordinates={false}
            />
            <button type="button" disabled={busy} aria-pressed={picked === i} onClick={() => pick(i)}>
              {name}
            </button>
          </li>
        ))}
      </ul>
      {picked !== null && (
        <div role="group" aria-label="Confirm setup" className={styles.confirm}>
          <p>
            Play with <strong>{names[picked]}</strong>? The choice is final.
          </p>
          <button type="button" className="primary" disabled={busy} onClick={() => onChoose(picked)} autoFocus>
            {busy ? "Sending…" : "Choose this setup"}
          </button>{" "}
          <button type="button" disabled={busy} onClick={() => setPicked(null)}>
            Cancel
          </button>
        </div>
      )}
    </section>
  );
}
