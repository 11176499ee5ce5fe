"use client";

import { useActionState } from "react";
import type { SettingsInput } from "@/lib/auth/profile";
import { saveSettings, type SettingsState } from "./actions";

const notifyChoices = [
  ["every-move", "An email for every move (when it is your turn)"],
  ["digest", "One daily email listing the games waiting for you"],
  ["none", "No game emails"],
] as const;

const pieceSetChoices = [
  ["traditional", "Traditional: the characters of Shogi, Xiangqi and Janggi"],
  ["western", "Western: chess-like figures on the same tiles, discs and octagons (chariot as rook, horse as knight, general as king)"],
] as const;

const moveNotationChoices = [
  ["coordinates", "As stored, in the project's notation: P e2-e4, N g1-f3"],
  ["san", "In SAN, as chess players write them: e4, Nf3"],
] as const;

const orientationChoices = [
  ["player", "My colour at the bottom"],
  ["white", "White at the bottom, always"],
] as const;

export function SettingsForm({ current }: { current: SettingsInput }) {
  const [state, action, pending] = useActionState<SettingsState, FormData>(saveSettings, { error: null, saved: false });
  return (
    <form action={action}>
      <p>
        <label>
          Display name{" "}
          <input
            name="name"
            defaultValue={current.name}
            required
            minLength={3}
            maxLength={20}
            pattern="[A-Za-z0-9_\-]+"
            title="3 to 20 letters, digits, - or _"
          />
        </label>
      </p>
      <fieldset>
        <legend>Email notifications</legend>
        {notifyChoices.map(([value, label]) => (
          <label key={value} style={{ display: "block" }}>
            <input type="radio" name="notify" value={value} defaultChecked={current.notify === value} /> {label}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Board orientation</legend>
        {orientationChoices.map(([value, label]) => (
          <label key={value} style={{ display: "block" }}>
            <input
              type="radio"
              name="boardOrientation"
              value={value}
              defaultChecked={current.boardOrientation === value}
            />{" "}
            {label}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Shogi, Xiangqi and Janggi pieces</legend>
        {pieceSetChoices.map(([value, label]) => (
          <label key={value} style={{ display: "block" }}>
            <input type="radio" name="pieceSet" value={value} defaultChecked={(current.pieceSet ?? "traditional") === value} /> {label}
          </label>
        ))}
        <label style={{ display: "block" }}>
          <input type="checkbox" name="shogiCoordinates" defaultChecked={current.shogiCoordinates ?? false} /> Number
          shogi boards as shogi players do (files 9–1 from the left, ranks 一–九 from the top); moves keep
          the a1 squares
        </label>
      </fieldset>
      <fieldset>
        <legend>Chess and Chess960 move lists</legend>
        {moveNotationChoices.map(([value, label]) => (
          <label key={value} style={{ display: "block" }}>
            <input type="radio" name="moveNotation" value={value} defaultChecked={(current.moveNotation ?? "coordinates") === value} /> {label}
          </label>
        ))}
      </fieldset>
      <p>
        <label>
          <input type="checkbox" name="confirmMoves" defaultChecked={current.confirmMoves} /> Ask me to confirm
          each move before it is sent
        </label>
      </p>
      <p>
        <label>
          <input type="checkbox" name="chatEnabled" defaultChecked={current.chatEnabled ?? true} /> Chat with my
          opponents on the game page (off: I neither see nor receive messages, and my opponents are told chat is off)
        </label>
      </p>
      <button type="submit" disabled={pending}>
        Save
      </button>
      {state.error && <p role="alert">{state.error}</p>}
      {state.saved && !pending && <p role="status">Saved.</p>}
    </form>
  );
}
