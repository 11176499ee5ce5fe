"use client";

import { useActionState } from "react";
import { importGame, type ImportState } from "./actions";

export function ImportForm() {
  const [state, action, pending] = useActionState<ImportState, FormData>(importGame, { error: null, text: "" });
  return (
    <form action={action}>
      <p>
        <label htmlFor="record">Paste a record</label>
        <br />
        <textarea
          id="record"
          name="record"
          rows={14}
          cols={80}
          spellCheck={false}
          defaultValue={state.text}
          key={state.text}
          placeholder={'[White "Alice"]\n[Black "Bob"]\n[Variant "chess"]\n\n1. P e2-e4 p e7-e5 2. Q d1-h5 n b8-c6 … 1-0'}
          style={{ width: "100%", fontFamily: "ui-monospace, monospace" }}
        />
      </p>
      <p>
        <label>
          or upload a file (.txt or .pgn){" "}
          <input type="file" name="file" accept=".txt,.pgn,text/plain,application/x-chess-pgn" />
        </label>
      </p>
      <fieldset>
        <legend>Who may see the game</legend>
        <label style={{ display: "block" }}>
          <input type="radio" name="visibility" value="public" defaultChecked /> Everyone: listed in the archive
        </label>
        <label style={{ display: "block" }}>
          <input type="radio" name="visibility" value="unlisted" /> Anyone with the link (not listed)
        </label>
        <label style={{ display: "block" }}>
          <input type="radio" name="visibility" value="private" /> Only me
        </label>
      </fieldset>
      {state.error && <p role="alert" className="error">{state.error}</p>}
      <p>
        <button type="submit" className="primary" disabled={pending}>{pending ? "Checking every move…" : "Import the game"}</button>
      </p>
    </form>
  );
}
