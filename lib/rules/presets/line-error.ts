/**
 * A preset's refusal names the line it is about: `line 3: …`, one line, the shape every preset
 * reader gives (docs/presets.md). A reader stops at its first problem by throwing LineError;
 * `readLines` turns that into the reader's Result.
 */
import { err, ok, type Result } from "../result";

export class LineError extends Error {}

/** A refusal of source line `line` (1-based); quoted text is cut short so hostile input cannot flood the message. */
export function lineError(line: number, message: string): LineError {
  return new LineError(`line ${line}: ${message}`);
}

/**
 * The longest name (a key, a section, a piece) a reader takes: every name a refusal gives whole
 * is checked against it first, and a longer one is refused quoted, cut short.
 */
export const LONGEST_NAME = 40;

/** Text as a refusal quotes it. */
export function quoted(text: string): string {
  return `'${text.length > LONGEST_NAME ? `${text.slice(0, LONGEST_NAME)}…` : text}'`;
}

/** The reader's value, or its first refusal. */
export function readLines<T>(read: () => T): Result<T> {
  try {
    return ok(read());
  } catch (e) {
    if (e instanceof LineError) return err(e.message);
    throw e;
  }
}
