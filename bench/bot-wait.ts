/**
 * What a player waits for a bot's answer in the service (docs/playing-bots.md#time): one search
 * per level, with the service's cap (SEARCH_MS), from a chess position after six plies,
 * Crazyhouse after four and Janggi's start (or the games given). Seconds on a shared machine
 * vary with load: the load average is printed beside them.
 *
 *   npm run -s bench:bot-wait [-- --games chess,janggi --levels 5,8]
 */
import { loadavg } from "node:os";
import { analyse } from "../lib/bot";
import { SEARCH_MS } from "../lib/games/bot-request";
import { Game } from "../lib/rules";

const OPENINGS: Record<string, string[]> = {
  chess: ["P e2-e4", "p e7-e5", "N g1-f3", "n b8-c6", "B f1-c4", "b f8-c5"],
  crazyhouse: ["P e2-e4", "p e7-e5", "N g1-f3", "n b8-c6"],
  janggi: [],
};
const args = process.argv.slice(2);
const list = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1].split(",") : undefined);
const gamesAsked = list("--games") ?? Object.keys(OPENINGS);
const levels = (list("--levels") ?? ["2", "3", "4", "5", "6", "7", "8"]).map(Number);

console.log(`cap ${SEARCH_MS} ms; load average ${loadavg().map((l) => l.toFixed(1)).join(" ")}`);
console.log("game\tlevel\tseconds\tnodes\tdepth");
for (const id of gamesAsked) {
  const game = Game.replay(id, "start", OPENINGS[id] ?? []);
  for (const level of levels) {
    const r = analyse(game, { level, ms: SEARCH_MS, seed: 1 });
    console.log(`${id}\t${level}\t${(r.ms / 1000).toFixed(2)}\t${r.nodes}\t${r.depth}`);
  }
}
