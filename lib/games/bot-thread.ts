/**
 * The bot's thinking, in a worker thread of its own (started by lib/games/bots.ts), so a
 * search of seconds never holds up the process's event loop: the web server's pages and
 * actions, the clock and the outbox go on meanwhile. It gets a position, never a database:
 * what the bot may know of the game (lib/games/bots.ts, botRequest), and answers with one move.
 * Relative imports only: the thread is loaded on its own (bundled by Next.js, or from source).
 */
import { parentPort } from "node:worker_threads";
import { chooseMove, multiBotMove } from "../bot";
import type { MultiElimination } from "../bot/multi";
import { Game, declareVariant } from "../rules";
import { isKnownVariant } from "../rules/variants";
import { SEARCH_MS, type BotAnswer, type BotMessage, type BotRequest } from "./bot-request";

parentPort!.on("message", ({ id, request }: { id: number; request: BotRequest }) => {
  let answer: BotAnswer;
  try {
    answer = { move: request.eliminations ? multiMove(id, request, request.eliminations) : twoMove(id, request) };
  } catch (e) {
    answer = { error: e instanceof Error ? e.message : String(e) };
  }
  parentPort!.postMessage({ id, answer } satisfies BotMessage);
});

/** The search begins now (a worker stopping meanwhile gives up a search under way). */
const thinking = (id: number) => parentPort!.postMessage({ id, thinking: true } satisfies BotMessage);

function twoMove(id: number, request: BotRequest): string {
  // A version never changes: declared once, it stays right for every later question.
  if (request.declaration && !isKnownVariant(request.variant)) declareVariant({ ...request.declaration, id: request.variant });
  const game = Game.replay(request.variant, request.startFen, request.moves);
  thinking(id);
  return chooseMove(game, { level: request.level, seed: request.seed, ms: SEARCH_MS });
}

/** A game for more than two (lib/bot/multi.ts): from its position, and any moves given with the eliminations between them. */
function multiMove(id: number, request: BotRequest, eliminations: MultiElimination[]): string {
  thinking(id);
  return multiBotMove({ ...request, eliminations, ms: SEARCH_MS });
}
