/**
 * The shape of every game page action (./actions.ts for two players, ./multi-actions.ts for more):
 * check the input, call the game service (which authorizes and decides), and answer with the fresh
 * state of the game, so the page shows the result at once — a refusal included, above all "the
 * position changed", which comes with the position it changed to. A move answers with what it
 * changed instead, which the page applies to the state it holds (no second read of the game).
 */
import type { z } from "zod";
import { getCurrentUser, sessionToken } from "@/lib/auth";
import type { SessionMover } from "@/lib/auth/session-user";
import { getDb, type Db } from "@/lib/db/client";
import { GameError } from "@/lib/games";
import { SIGNED_OUT } from "@/lib/games/errors";
import { wakeOutboxWorker } from "@/lib/mail/worker";
import { markStage } from "@/lib/stages";

export type ActionResult<S> = { ok: true; state: S } | { ok: false; error: string; code: string; state: S | null };

/** A success answered with what the service returned (`answer`); none for an action without one. */
type Played<A> = [A] extends [never] ? never : { ok: true; played: A };

/** Who acts (null: signed out), and whose view of the game a fresh state shows when already known. */
export interface Signer<W> {
  who: W | null;
  viewerId?: string | null;
}

/** The signed-in user, read first (Auth.js: one statement): every action but a move. */
export async function signedInUser(): Promise<Signer<string>> {
  const user = await getCurrentUser();
  return { who: user?.name ? user.id : null, viewerId: user?.id ?? null };
}

/**
 * The session token the request carries, unchecked: the action's own statement checks it
 * (a move: lib/games/service.ts readForMove), so the session costs no round trip of its own.
 */
export async function sessionSigner(): Promise<Signer<SessionMover>> {
  const token = await sessionToken();
  return { who: token === null ? null : { sessionToken: token } };
}

export interface ActOptions<R, A, W> {
  /**
   * The answer made from what the service returned, which the page applies to the state it holds
   * (a move: ./actions.ts), so the game is not read again; null answers with the fresh state after all.
   */
  answer?: (result: R) => A | null;
  /** Whether the action left the background worker something to do at once; every action but a move may have (mail queued). */
  wakes?: (result: R) => boolean;
  /** Who acts: signedInUser unless given. */
  signer?: () => Promise<Signer<W>>;
  /** Whose view the fresh state after a success shows, when the signer did not know (a move: the player its session signed in). */
  viewerOf?: (result: R) => string;
}

export async function act<T extends { gameId: string }, S, R = unknown, A = never, W = string>(
  schema: z.ZodType<T>,
  raw: unknown,
  op: (db: Db, who: W, input: T) => Promise<R>,
  /** The game's state as the viewer sees it, null when it is not theirs to see. */
  load: (db: Db, gameId: string, viewerId: string | null) => Promise<S | null>,
  // signedInUser signs as a user id: the default only where `op` takes one (W = string).
  { answer, wakes = () => true, signer = signedInUser as unknown as () => Promise<Signer<W>>, viewerOf }: ActOptions<R, A, W> = {},
): Promise<ActionResult<S> | Played<A>> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) return { ok: false, code: "invalid", error: parsed.error.issues[0]?.message ?? "invalid input", state: null };
  const input = parsed.data;
  markStage("parsed");
  try {
    const signed = await signer();
    const db = await getDb();
    markStage("session");
    // The viewer as Auth.js knows them, read only when a state is to be shown and nobody said.
    const fresh = async (viewerId = signed.viewerId) => load(db, input.gameId, viewerId !== undefined ? viewerId : ((await getCurrentUser())?.id ?? null));
    if (signed.who === null) return { ok: false, code: "signed-out", error: SIGNED_OUT, state: await fresh() };
    let result: R;
    try {
      result = await op(db, signed.who, input);
    } catch (e) {
      if (e instanceof GameError) return { ok: false, code: e.code, error: e.message, state: await fresh() };
      throw e;
    }
    // Mail it queued (your turn, game over) goes now, and a bot whose turn it made moves now.
    if (wakes(result)) wakeOutboxWorker();
    const played = answer?.(result) ?? null;
    if (played !== null) return { ok: true, played } as Played<A>;
    const state = await fresh(viewerOf?.(result));
    if (!state) throw new Error(`game ${input.gameId} vanished after an action`);
    markStage("reread");
    return { ok: true, state };
  } catch (e) {
    // A bug or an outage, not a refusal: log it, and tell the player in words.
    console.error("game action failed:", e);
    return { ok: false, code: "server", error: "Something went wrong on the server. Please try again.", state: null };
  }
}
