/**
 * A stored game's rules, for games of two (service.ts loadRules) and for more than two (multi.ts
 * loadMulti) alike: resumed from the rules state kept with its position (games.rules_state,
 * docs/notation.md#the-rules-state), so judging a move does not replay the game however long it is.
 */
import type { Game as GameRow } from "@/lib/db/schema";
import { RulesError } from "@/lib/rules";

/**
 * The game resumed from its stored rules state; replayed from its start (`replay`) when it has none
 * (stored before the state was kept: its next change stores one) or when the state does not read or
 * is not of its stored position (ply and FEN): a corrupt or forged state costs a replay, never the game.
 */
export async function resumeOrReplay<R extends { readonly ply: number; fen(): string }>(
  g: Pick<GameRow, "id" | "ply" | "currentFen" | "rulesState">,
  resume: (state: string) => R,
  replay: () => Promise<R>,
): Promise<R> {
  if (g.rulesState !== null) {
    try {
      const resumed = resume(g.rulesState);
      if (resumed.ply === g.ply && resumed.fen() === g.currentFen) return resumed;
    } catch (e) {
      if (!(e instanceof RulesError)) throw e;
    }
    console.error(`game ${g.id}: its stored rules state is not its position; replayed instead`);
  }
  return replay();
}

/** The rules state to store with a position; null, so the game is replayed, for one too long to keep (the rules refuse to write it). */
export function storableState(write: () => string): string | null {
  try {
    return write();
  } catch (e) {
    if (e instanceof RulesError) return null;
    throw e;
  }
}
