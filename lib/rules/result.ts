/**
 * What every parser of the rules module returns (the convention of lichess's chessops:
 * `parseX` gives a Result, `makeX` gives text): the value read, or the message saying
 * why the text is not one. Parsers stop at the first problem, so there is one message.
 * `value` and `error` are declared on both cases, so `parseActions(t).value ?? []`
 * reads without narrowing.
 */
import { RulesError } from "./errors";

export type Result<T> = { ok: true; value: T; error?: undefined } | { ok: false; error: string; value?: undefined };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const err = <T = never>(error: string): Result<T> => ({ ok: false, error });

/** The value; a RulesError with the parser's message, for callers to whom bad text is an exception (Game.start). */
export function unwrap<T>(r: Result<T>): T {
  if (r.ok) return r.value;
  throw new RulesError(r.error);
}

/**
 * A parser whose steps stop with `throw new RulesError(message)`, as a Result. The
 * FEN and record readers stop deep inside helpers and mechanics' checks; this is
 * the one place such a stop becomes the parser's error.
 */
export function attempt<T>(read: () => T): Result<T> {
  try {
    return ok(read());
  } catch (e) {
    if (e instanceof RulesError) return err(e.message);
    throw e;
  }
}
