"use client";
/**
 * The challenge for a game for more than two (docs/games-for-more-than-two-service.md#seats): the game,
 * the creator's seat, a bot of a level for any other seat, players invited by name, and how the
 * seats left are taken (a link or the lobby). With every other seat a bot's, the game begins at once.
 * Controlled fields, so a refused challenge keeps what was entered.
 */
import { useActionState, useId, useState } from "react";
import { createMultiChallengeAction, type ChallengeFormState } from "./actions";

const DAYS = [1, 2, 3, 5, 7, 10, 14] as const;
const LEVELS = [1, 2, 3, 4, 5, 6, 7, 8] as const;

export function MultiChallengeForm(props: {
  variants: { id: string; name: string; armies: { letter: string; name: string }[] }[];
  defaultVariant: string;
}) {
  const [state, action, pending] = useActionState<ChallengeFormState, FormData>(createMultiChallengeAction, { error: null });
  const [variant, setVariant] = useState(props.defaultVariant);
  const [seat, setSeat] = useState("random");
  const [days, setDays] = useState("3");
  const [visibility, setVisibility] = useState("public");
  const [invite, setInvite] = useState("");
  const [others, setOthers] = useState("open");
  // Per army: "" (a player: invited or by the link/lobby) or a bot's level.
  const [bots, setBots] = useState<Record<string, string>>({});
  const armies = props.variants.find((v) => v.id === variant)?.armies ?? [];
  const id = useId();
  return (
    <form action={action} aria-label="A game for more than two">
      <p>
        <label htmlFor={`${id}-variant`}>Game</label>{" "}
        <select id={`${id}-variant`} name="variant" value={variant} onChange={(e) => { setVariant(e.target.value); setSeat("random"); setBots({}); }}>
          {props.variants.map((v) => <option key={v.id} value={v.id}>{v.name} ({v.armies.length} players)</option>)}
        </select>
      </p>
      <p>
        <label htmlFor={`${id}-seat`}>Your seat</label>{" "}
        <select id={`${id}-seat`} name="seat" value={seat} onChange={(e) => { setSeat(e.target.value); setBots((b) => ({ ...b, [e.target.value]: "" })); }}>
          <option value="random">Random</option>
          {armies.map((a, i) => <option key={a.letter} value={a.letter}>{a.name} (moves {i + 1}.)</option>)}
        </select>
      </p>
      <fieldset>
        <legend>Who plays the other seats</legend>
        {armies.filter((a) => a.letter !== seat).map((a) => (
          <p key={a.letter}>
            <label htmlFor={`${id}-bot-${a.letter}`}>{a.name}</label>{" "}
            <select id={`${id}-bot-${a.letter}`} name={`bot-${a.letter}`} value={bots[a.letter] ?? ""} onChange={(e) => setBots((b) => ({ ...b, [a.letter]: e.target.value }))}>
              <option value="">A player (invited or by the seats below)</option>
              {LEVELS.map((l) => <option key={l} value={l}>A bot of level {l}</option>)}
            </select>
          </p>
        ))}
      </fieldset>
      <p>
        <label htmlFor={`${id}-invite`}>Invite players by name</label>{" "}
        <input id={`${id}-invite`} name="invite" value={invite} onChange={(e) => setInvite(e.target.value)} placeholder="Bob, Carol" maxLength={400} />{" "}
        <span className="muted">(optional, separated by commas; a seat is kept for each)</span>
      </p>
      <fieldset>
        <legend>The seats left to players</legend>
        <label style={{ display: "block" }}>
          <input type="radio" name="others" value="open" checked={others === "open"} onChange={() => setOthers("open")} /> Open: anyone; listed in the lobby if public
        </label>
        <label style={{ display: "block" }}>
          <input type="radio" name="others" value="link" checked={others === "link"} onChange={() => setOthers("link")} /> By private link: whoever I give it to
        </label>
      </fieldset>
      <p>
        <label htmlFor={`${id}-days`}>Days per move</label>{" "}
        <select id={`${id}-days`} name="daysPerMove" value={days} onChange={(e) => setDays(e.target.value)}>
          {DAYS.map((d) => <option key={d} value={d}>{d}</option>)}
        </select>
      </p>
      <p>
        <label htmlFor={`${id}-visibility`}>Who can watch</label>{" "}
        <select id={`${id}-visibility`} name="visibility" value={visibility} onChange={(e) => setVisibility(e.target.value)}>
          <option value="public">Public: anyone</option>
          <option value="unlisted">Unlisted: anyone with the link</option>
          <option value="private">Private: only the players</option>
        </select>
      </p>
      <p>
        <button type="submit" className="primary" disabled={pending}>Create the game</button>
      </p>
      {state.error && <p role="alert" className="error">{state.error}</p>}
    </form>
  );
}
