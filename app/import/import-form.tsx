"use client";

import { useActionState, useState } from "react";
import { FILE_TOO_LARGE, MAX_RECORD_BYTES, RECORD_LIMIT, RECORD_TOO_LARGE, recordBytes } from "@/lib/games/record-limits";
import { importGame, type ImportState } from "./actions";

/** The action's size limits, checked before sending: a larger request would not reach it. */
function sizeProblem(form: HTMLFormElement): string | null {
  const file = (form.elements.namedItem("file") as HTMLInputElement).files?.[0];
  if (file && file.size > MAX_RECORD_BYTES) return FILE_TOO_LARGE;
  if (recordBytes((form.elements.namedItem("record") as HTMLTextAreaElement).value) > MAX_RECORD_BYTES) return RECORD_TOO_LARGE;
  return null;
}

export function ImportForm() {
  const [state, action, pending] = useActionState<ImportState, FormData>(importGame, { error: null, text: "" });
  const [tooLarge, setTooLarge] = useState<string | null>(null);
  const error = tooLarge ?? state.error;
  return (
    <form
      action={action}
      onSubmit={(e) => {
        const problem = sizeProblem(e.currentTarget);
        setTooLarge(problem);
        if (problem) e.preventDefault();
      }}
    >
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
          or upload a file (.txt or .pgn, at most {RECORD_LIMIT}){" "}
          <input
            type="file"
            name="file"
            accept=".txt,.pgn,text/plain,application/x-chess-pgn"
            onChange={(e) => setTooLarge(sizeProblem(e.currentTarget.form!))}
          />
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
      {error && <p role="alert" className="error">{error}</p>}
      <p>
        <button type="submit" className="primary" disabled={pending}>{pending ? "Checking every move…" : "Import the game"}</button>
      </p>
    </form>
  );
}
