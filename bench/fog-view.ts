/**
 * What a Fog of War view costs the server (docs/games/fog-of-war.md#the-view-as-fen): for
 * positions from random play-outs, `viewFen` for the player to move (each page, poll, picture
 * and email of a game in progress makes one per player), and the moves listed from that view
 * (the builder's list), beside the moves listed from the real position.
 *
 *   npm run -s bench:fog [-- --games 40 --plies 120]
 */
import { Game, viewFen } from "../lib/rules";
import { summary } from "./stats";

const args = process.argv.slice(2);
const GAMES = Number(args[args.indexOf("--games") + 1]) || 40;
const PLIES = Number(args[args.indexOf("--plies") + 1]) || 120;

let seed = 14;
const random = () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32);

const fens: string[] = [];
for (let g = 0; g < GAMES; g++) {
  const game = Game.start("fog-of-war");
  for (let p = 0; p < PLIES; p++) {
    fens.push(game.fen());
    const legal = game.legalMoves();
    if (legal.length === 0) break;
    game.play(legal[Math.floor(random() * legal.length)].text);
  }
}

const time = (f: () => unknown) => {
  const t = performance.now();
  f();
  return performance.now() - t;
};
const views: number[] = [];
const fromView: number[] = [];
const fromReal: number[] = [];
for (const fen of fens) {
  const side = fen.split(" ")[1] === "w" ? "white" : "black";
  let view = "";
  views.push(time(() => (view = viewFen("fog-of-war", fen, side))));
  fromView.push(time(() => Game.start("fog-of-war", view).legalMoves()));
  fromReal.push(time(() => Game.start("fog-of-war", fen).legalMoves()));
}
const line = (label: string, xs: number[]) => {
  const s = summary(xs);
  console.log(`${label.padEnd(32)} n ${s.n}  median ${(s.median * 1000).toFixed(0)} µs  p99 ${(s.p99 * 1000).toFixed(0)} µs`);
};
console.log(`node ${process.version}, ${fens.length} positions of ${GAMES} random games`);
line("viewFen (player to move)", views);
line("moves listed from the view", fromView);
line("moves listed from the position", fromReal);
