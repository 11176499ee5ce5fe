/**
 * The engine of the games for more than two (lib/rules/multi) against the independent
 * reference (tests/unit/reference-multiplayer, written from docs/ by a second reader):
 * move lists, positions and ends compared ply by ply on seeded random games.
 */
import { expect } from "vitest";
import { randomSource } from "@/lib/bot";
import { MultiGame } from "@/lib/rules/multi";
import { REFERENCE_GAMES, parseNfen, writeNfen, type Position, type Status } from "./reference-multiplayer";

/** The engine's end as the reference writes it: ongoing, or reason, scores by letter and the first placed. */
export function engineStatus(game: MultiGame) {
  const s = game.status();
  if (s.result === "ongoing") return { over: false as const };
  return { over: true as const, reason: s.reason, scores: s.scores, winners: [...s.winners].sort() };
}

export function referenceStatus(s: Status | { over: true; reason: string; scores: Record<string, number>; winners: string[] }) {
  if (!s.over) return { over: false as const };
  return { over: true as const, reason: s.reason, scores: s.scores, winners: [...s.winners].sort() };
}

/**
 * Plays one seeded random game of at most `plies` on both, from `start`: at every ply the same
 * N-FEN, the same sorted legal moves and the same status. Returns how many plies were played
 * and how it ended.
 */
export function crossPlayout(id: string, seed: number, plies: number, start?: string): { plies: number; end: string } {
  const ref = REFERENCE_GAMES[id];
  const rnd = randomSource(seed);
  const game = MultiGame.start(id, start ?? "start");
  let pos: Position = parseNfen(ref, start ?? ref.start);
  const earlier: Position[] = [];
  for (let ply = 0; ; ply++) {
    const at = `${id} seed ${seed} ply ${ply}`;
    expect(game.fen(), at).toBe(writeNfen(ref, pos));
    const refStatus = ref.status(pos, earlier);
    expect(engineStatus(game), at).toEqual(referenceStatus(refStatus));
    const refMoves = refStatus.over ? [] : ref.legalMoves(pos);
    expect(game.legalMoves().map((m) => m.text).sort(), at).toEqual(refMoves.map((m) => m.text).sort());
    if (refMoves.length === 0 || ply >= plies) return { plies: ply, end: refStatus.over ? refStatus.reason : "ongoing" };
    const m = refMoves[Math.floor(rnd() * refMoves.length)];
    expect(game.play(m.text), at).toBe(m.text);
    if (m.end) {
      expect(engineStatus(game), `${at} after ${m.text}`).toEqual(referenceStatus({ over: true, ...m.end }));
      expect(game.fen()).toBe(writeNfen(ref, m.next));
      return { plies: ply + 1, end: m.end.reason };
    }
    earlier.push(pos);
    pos = m.next;
  }
}
