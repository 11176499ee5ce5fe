"use client";
/**
 * The preset editor: the text on the left with its line numbers, a live preview on the right
 * (the start position on the project's board, the legal moves of a clicked piece, perft to
 * depth 2), the parser's problem next to its line, and the form that publishes it. The text is
 * read in the browser by the same rules code the server reads it with again on publishing.
 * The preview is drawn after hydration only: declaring a game is global, and a server shared by
 * every visitor must not hold one visitor's draft.
 */
import { useActionState, useDeferredValue, useId, useMemo, useState, useSyncExternalStore, type UIEvent } from "react";
import { Board } from "@/app/_components/Board";
import { publishInput } from "@/lib/games/preset-ids";
import { publishPresetAction, type PublishState } from "../actions";
import { PERFT_CAP, PREVIEW_ID, previewPreset, targetsFrom } from "../preview";

const noSubscription = () => () => {};
const useHydrated = () => useSyncExternalStore(noSubscription, () => true, () => false);

/** An address from a name: lower case, hyphens for the rest. */
const slugOf = (name: string) => name.toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 40);

export interface EditorDefaults {
  text: string;
  name: string;
  slug: string;
  rules: string;
  /** Publishing a new version of one's own preset: the address is fixed. */
  slugFixed: boolean;
}

export function PresetEditor({ defaults, signedIn }: { defaults: EditorDefaults; signedIn: boolean }) {
  const [state, action, pending] = useActionState<PublishState, FormData>(publishPresetAction, { error: null });
  const [text, setText] = useState(defaults.text);
  const [name, setName] = useState(defaults.name);
  const [slug, setSlug] = useState(defaults.slug);
  const [slugEdited, setSlugEdited] = useState(defaults.slugFixed || defaults.slug !== "");
  const [rules, setRules] = useState(defaults.rules);
  const [selected, setSelected] = useState<string | null>(null);
  const [scroll, setScroll] = useState(0);
  const hydrated = useHydrated();
  const id = useId();

  // Typing stays quick: the preview follows the text a moment behind when reading it takes a while.
  const deferred = useDeferredValue(text);
  const preview = useMemo(() => (hydrated && deferred.trim() ? previewPreset(deferred) : null), [hydrated, deferred]);
  const lines = text.split(/\r?\n|\r/);
  const problemLine = preview && !preview.ok ? preview.line : null;
  const targets = preview?.ok && selected ? targetsFrom(preview.moves, selected) : [];
  const fields = publishInput.safeParse({ slug, name, rules, text });
  const fieldProblem = fields.success ? null : fields.error.issues[0].message;

  return (
    <form action={action} className="preset-editor">
      <div className="preset-columns">
        <section aria-labelledby={`${id}-text-label`}>
          <h2 id={`${id}-text-label`} style={{ marginTop: 0 }}>
            <label htmlFor={`${id}-text`}>The preset</label>
          </h2>
          <div className="preset-text">
            <ol className="preset-gutter" aria-hidden="true" style={{ marginTop: -scroll }}>
              {lines.map((_, i) => (
                <li key={i} className={problemLine === i + 1 ? "problem" : undefined} title={problemLine === i + 1 && preview && !preview.ok ? preview.error : undefined}>
                  {i + 1}
                </li>
              ))}
            </ol>
            <textarea
              id={`${id}-text`} name="text" value={text} rows={24} spellCheck={false} wrap="off"
              aria-invalid={preview !== null && !preview.ok}
              aria-describedby={`${id}-problems`}
              onChange={(e) => {
                setText(e.target.value);
                setSelected(null);
              }}
              onScroll={(e: UIEvent<HTMLTextAreaElement>) => setScroll(e.currentTarget.scrollTop)}
              placeholder={"name: My Game\nboard: 8x8\nstart: …\npiece: K, King, K, art king\n…"}
            />
          </div>
          <div id={`${id}-problems`} aria-live="polite">
            {preview && !preview.ok && (
              <p className="preset-problem" role="alert" data-line={preview.line ?? undefined}>
                {preview.line !== null ? (
                  <>
                    <strong>Line {preview.line}:</strong> {errorMessage(preview.error)}
                    {lines[preview.line - 1] !== undefined && <><br /><code>{lines[preview.line - 1]}</code></>}
                  </>
                ) : (
                  <><strong>The preset:</strong> {preview.error}</>
                )}
              </p>
            )}
          </div>
        </section>
        <section aria-labelledby={`${id}-preview`}>
          <h2 id={`${id}-preview`} style={{ marginTop: 0 }}>Preview</h2>
          {!preview && <p className="meta">Write or paste a preset: its start position appears here.</p>}
          {preview?.ok && (
            <div data-preview={PREVIEW_ID}>
              <Board
                variant={PREVIEW_ID} files={preview.info.files} ranks={preview.info.ranks} squares={preview.squares}
                orientation="white" selected={selected} targets={targets} checks={preview.checks}
                onSquareClick={(sq) => setSelected(sq === selected ? null : sq)}
              />
              <p className="meta" data-testid="preview-facts">
                {preview.info.name}: {preview.info.files}×{preview.info.ranks}, {preview.info.pieces.length} kinds of piece ·{" "}
                perft 1 = <span data-testid="perft-1">{preview.perft[0]}</span>, perft 2 ={" "}
                <span data-testid="perft-2">
                  {preview.perft[1] ?? <>more than {PERFT_CAP.toLocaleString("en")}: too many to count here (<code>npm run -s rules -- perft @file start 2</code>)</>}
                </span>
              </p>
              <p className="meta" aria-live="polite" data-testid="preview-moves">
                {selected === null ? `Click a piece to see where it may go (${preview.turn} to move).`
                  : targets.length === 0 ? `No legal move from ${selected}.`
                  : `From ${selected}: ${targets.join(", ")}.`}
              </p>
            </div>
          )}
        </section>
      </div>

      <h2>Publish</h2>
      {!signedIn ? (
        <p><a href="/signin?callbackUrl=%2Fpresets%2Fnew">Sign in</a> to publish a preset; the preview works without.</p>
      ) : (
        <>
          <p>
            <label>
              Name{" "}
              <input
                name="name" value={name} required maxLength={60}
                onChange={(e) => {
                  setName(e.target.value);
                  if (!slugEdited) setSlug(slugOf(e.target.value));
                }}
              />
            </label>
          </p>
          <p>
            <label>
              Address <span className="meta">/presets/</span>
              <input
                name="slug" value={slug} required maxLength={40} readOnly={defaults.slugFixed}
                onChange={(e) => {
                  setSlug(e.target.value);
                  setSlugEdited(true);
                }}
              />
            </label>
            {defaults.slugFixed && <span className="meta"> (a new version of your preset)</span>}
          </p>
          <p>
            <label htmlFor={`${id}-rules`}>Rules, in Markdown (shown on the preset&apos;s page)</label>
            <br />
            <textarea id={`${id}-rules`} name="rules" value={rules} rows={8} onChange={(e) => setRules(e.target.value)} style={{ width: "100%" }} />
          </p>
          {fieldProblem && text.trim() && name && <p className="meta">{fieldProblem.charAt(0).toUpperCase() + fieldProblem.slice(1)}.</p>}
          <p>
            <button type="submit" className="primary" disabled={pending || !preview?.ok}>
              {pending ? "Publishing…" : defaults.slugFixed ? "Publish a new version" : "Publish"}
            </button>
          </p>
          {state.error && <p role="alert" className="error">{state.error}</p>}
        </>
      )}
    </form>
  );
}

/** The parser's message without its "line N: " (the line is shown beside it). */
function errorMessage(error: string): string {
  return error.replace(/^line \d+: /, "");
}
