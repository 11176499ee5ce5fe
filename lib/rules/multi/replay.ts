/**
 * A stored game for more than two replayed: its moves, with the armies that went out by resignation
 * or timeout (which no move text says) eliminated between them, each after the ply it went out at,
 * in the order given. The service judges with it (lib/games/multi.ts) and the page draws with it
 * (app/_components/multi-move.ts): the same game on both sides.
 */
import { RulesError } from "../errors";
import { MultiGame } from "./game";

export interface MultiElimination {
  army: string;
  reason: "resignation" | "timeout";
  afterPly: number;
}

export function replayMultiGame(
  id: string, nfen: string, moves: readonly string[], eliminations: readonly MultiElimination[],
): { game: MultiGame; movers: string[] } {
  const game = MultiGame.start(id, nfen);
  const movers: string[] = [];
  const outAfter = (ply: number) => {
    for (const e of eliminations) if (e.afterPly === ply) game.eliminate(e.army, e.reason);
  };
  moves.forEach((m, i) => {
    outAfter(i);
    const s = game.status();
    if (s.result === "ongoing") movers.push(s.toMove);
    try {
      game.play(m);
    } catch (e) {
      if (e instanceof RulesError) throw new RulesError(`move ${i + 1}: ${e.message}`);
      throw e;
    }
  });
  outAfter(moves.length);
  return { game, movers };
}
