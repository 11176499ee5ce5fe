/**
 * The bot's thinking, in a worker thread of its own (started by lib/games/bots.ts), so a
 * search of seconds never holds up the process's event loop: the web server's pages and
 * actions, the clock and the outbox go on meanwhile. It gets a position, never a database:
 * what the bot may know of the game (lib/games/bots.ts, botRequest), and answers with one move.
 * Relative imports only: the thread is loaded on its own (bundled by Next.js, or from source).
 */
import { parentPort } from "node:worker_threads";
import { chooseMove } from "../bot";
import { Game } from "../rules";
import { SEARCH_MS, type BotAnswer, type BotRequest } from "./bot-request";

parentPort!.on("message", ({ id, request }: { id: number; request: BotRequest }) => {
  let answer: BotAnswer;
  try {
    const game = Game.replay(request.variant, request.startFen, request.moves);
    answer = { move: chooseMove(game, { level: request.level, seed: request.seed, ms: SEARCH_MS }) };
  } catch (e) {
    answer = { error: e instanceof Error ? e.message : String(e) };
  }
  parentPort!.postMessage({ id, answer });
});
