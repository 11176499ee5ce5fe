"use client";
/**
 * The new-challenge form. Its fields are controlled, so a refused challenge keeps
 * what was entered (React resets uncontrolled fields after every form action).
 */
import { useActionState, useId, useState } from "react";
import { sideNameIn } from "@/lib/rules";
import { createChallengeAction, type ChallengeFormState } from "./actions";

const DAYS = [1, 2, 3, 5, 7, 10, 14] as const;

/** The sides as the chosen game's players call them (Red and Black in Xiangqi), then a random one. */
const colours = (variant: string) => [["white", sideNameIn(variant, "white")], ["black", sideNameIn(variant, "black")], ["random", "Random"]] as const;

const VISIBILITY = [
  ["public", "Public: listed on both players' pages"],
  ["unlisted", "Unlisted: anyone with the link may watch"],
  ["private", "Private: only the two players"],
] as const;

const OPPONENTS = [
  ["user", "By name: a registered player"],
  ["email", "By email: an invitation with a link to accept"],
  ["link", "By private link: whoever I give it to"],
  ["open", "Open: anyone; listed in the lobby if public, else by its link"],
  ["bot", "A bot: accepts at once and answers within a minute"],
] as const;

/** The bots' levels (lib/games/bot-accounts.ts), from random legal moves to the strongest. */
const BOT_LEVELS = [
  [1, "1: random legal moves"], [2, "2"], [3, "3"], [4, "4"], [5, "5"], [6, "6"], [7, "7"], [8, "8: the strongest"],
] as const;

type OpponentKind = (typeof OPPONENTS)[number][0];

export function ChallengeForm(props: {
  /** `setups`: how many numbered setups the game may start from (Chess960: 960), 0 for one start position. */
  variants: { id: string; name: string; setups: number }[];
  /** Published presets, each as its newest version's game id (lib/games/presets.ts). */
  presets?: { id: string; name: string; setups: number; author: string | null }[];
  /** `botLevel`: the opponent is that bot (the lobby's links), else by name when a name is given, else open. */
  defaults: { variant: string; opponentName: string; botLevel: number | null };
}) {
  const [state, action, pending] = useActionState<ChallengeFormState, FormData>(createChallengeAction, { error: null });
  const [variant, setVariant] = useState(props.defaults.variant);
  const [color, setColor] = useState<string>("random");
  const [days, setDays] = useState("3");
  const [visibility, setVisibility] = useState<string>("public");
  const [kind, setKind] = useState<OpponentKind>(props.defaults.botLevel ? "bot" : props.defaults.opponentName ? "user" : "open");
  const [botLevel, setBotLevel] = useState(String(props.defaults.botLevel ?? 1));
  const [name, setName] = useState(props.defaults.opponentName);
  const [email, setEmail] = useState("");
  const [setupKind, setSetupKind] = useState<"random" | "number">("random");
  const [setupNumber, setSetupNumber] = useState("");
  const setups = props.variants.find((v) => v.id === variant)?.setups ?? 0;
  const presets = props.presets ?? [];
  // Selects get a separate label: a wrapping one would add the options' text to their names.
  const id = useId();

  return (
    <form action={action}>
      <p>
        <label htmlFor={`${id}-variant`}>Game</label>{" "}
        <select id={`${id}-variant`} name="variant" value={variant} onChange={(e) => setVariant(e.target.value)}>
          <optgroup label="Built in">
            {props.variants.map((v) => (
              <option key={v.id} value={v.id}>
                {v.name}
              </option>
            ))}
          </optgroup>
          {presets.length > 0 && (
            <optgroup label="Presets by players">
              {presets.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}{p.author ? ` (by ${p.author})` : ""}
                </option>
              ))}
            </optgroup>
          )}
        </select>
      </p>
      {setups > 0 && (
        <fieldset>
          <legend>Setup</legend>
          <label style={{ display: "block" }}>
            <input type="radio" name="setupKind" value="random" checked={setupKind === "random"} onChange={() => setSetupKind("random")} />{" "}
            Drawn at random
          </label>
          <label style={{ display: "block" }}>
            <input type="radio" name="setupKind" value="number" checked={setupKind === "number"} onChange={() => setSetupKind("number")} />{" "}
            Number{" "}
            <input
              type="number" name="setupNumber" aria-label="Setup number" min={0} max={setups - 1} step={1}
              value={setupNumber} onChange={(e) => setSetupNumber(e.target.value)} disabled={setupKind !== "number"} required
            />{" "}
            (0–{setups - 1})
          </label>
        </fieldset>
      )}
      <fieldset>
        <legend>Your colour</legend>
        {colours(variant).map(([value, label]) => (
          <label key={value}>
            <input type="radio" name="color" value={value} checked={color === value} onChange={() => setColor(value)} /> {label}{" "}
          </label>
        ))}
      </fieldset>
      <p>
        <label htmlFor={`${id}-days`}>Days per move</label>{" "}
        <select id={`${id}-days`} name="daysPerMove" value={days} onChange={(e) => setDays(e.target.value)}>
            {DAYS.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
        </select>
      </p>
      <fieldset>
        <legend>Who can watch</legend>
        {VISIBILITY.map(([value, label]) => (
          <label key={value} style={{ display: "block" }}>
            <input type="radio" name="visibility" value={value} checked={visibility === value} onChange={() => setVisibility(value)} />{" "}
            {label}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Opponent</legend>
        {OPPONENTS.map(([value, label]) => (
          <label key={value} style={{ display: "block" }}>
            <input type="radio" name="opponentKind" value={value} checked={kind === value} onChange={() => setKind(value)} /> {label}
          </label>
        ))}
        {kind === "user" && (
          <p>
            <label>
              Player name{" "}
              <input name="opponentName" value={name} onChange={(e) => setName(e.target.value)} required maxLength={40} autoComplete="off" />
            </label>
          </p>
        )}
        {kind === "bot" && (
          <p>
            <label htmlFor={`${id}-bot`}>Bot level</label>{" "}
            <select id={`${id}-bot`} name="botLevel" value={botLevel} onChange={(e) => setBotLevel(e.target.value)}>
              {BOT_LEVELS.map(([level, label]) => (
                <option key={level} value={level}>
                  {label}
                </option>
              ))}
            </select>
          </p>
        )}
        {kind === "email" && (
          <p>
            <label>
              Email address{" "}
              <input type="email" name="opponentEmail" value={email} onChange={(e) => setEmail(e.target.value)} required maxLength={254} />
            </label>
          </p>
        )}
      </fieldset>
      <p>
        <button type="submit" disabled={pending} className="primary">
          {pending ? "Sending…" : kind === "bot" ? "Play the bot" : "Send challenge"}
        </button>
      </p>
      {state.error && <p role="alert">{state.error}</p>}
    </form>
  );
}
