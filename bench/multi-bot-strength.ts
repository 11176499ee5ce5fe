/**
 * The bot's strength in the games for more than two (issues 15 and 16, docs/bot.md#games-for-more-than-two):
 * a higher level against a lower one, whole games refereed by lib/rules/multi, every game seeded.
 *
 * All against all (Chaturaji, Four Seasons, four- and eight-player) the higher level sits in one
 * seat, a different one each game, the lower level in every other; in team and pair games it
 * plays every army of one side. A game stops at its end or at --max-plies (then it is unfinished:
 * its scores so far are counted, no place). Per game id a row: games it won (alone or shared),
 * games unfinished, its mean place against a seat's fair share, its points against the others'
 * mean, its armies out against the others', its mean time a move, the plies played.
 *
 *   npm run -s bench:multi-bot-strength -- --ids chaturaji,four-seasons --games 4 --high 4 --low 1
 *
 * Options: --ids a,b (every multiVariantIds()), --games N (4), --high L (4), --low L (1),
 * --nodes N (the searching levels' nodes a move in place of their own), --max-plies N (400), --seed N.
 * Exits with 1 when a bot errs (a throw, an illegal move).
 */
import { chooseMultiMove } from "../lib/bot";
import { MultiGame, multiVariantIds } from "../lib/rules";
import { compiledGame } from "../lib/rules/multi/game";

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const ids = option("--ids")?.split(",") ?? multiVariantIds();
for (const id of ids) if (!multiVariantIds().includes(id)) throw new Error(`--ids: no game ${id} (${multiVariantIds().join(", ")})`);
const games = Number(option("--games") ?? 4);
const high = Number(option("--high") ?? 4);
const low = Number(option("--low") ?? 1);
const nodes = option("--nodes") === undefined ? undefined : Number(option("--nodes"));
const maxPlies = Number(option("--max-plies") ?? 400);
const seed0 = Number(option("--seed") ?? 1);

interface Played {
  finished: boolean;
  reason: string;
  plies: number;
  won: boolean;
  place: number | null;
  mine: number;
  others: number;
  highMs: number;
  highMoves: number;
  /** Armies out, of the higher level's and of the others'. */
  outMine: number;
  outOthers: number;
}

function play(id: string, k: number): Played {
  const g = compiledGame(id);
  const n = g.letters.length;
  const sides = [...new Set(g.side)];
  // All against all: one army; teams and pairs: one side's armies.
  const strongSide = g.side[k % n] === -1 - (k % n) ? g.side[k % n] : sides[k % sides.length];
  const strong = (army: number) => g.side[army] === strongSide;
  const game = MultiGame.start(id);
  let highMs = 0;
  let highMoves = 0;
  for (let ply = 0; ply < maxPlies && game.status().result === "ongoing"; ply++) {
    const army = game.armies().findIndex((a) => a.toMove);
    const level = strong(army) ? high : low;
    const t = Date.now();
    const move = chooseMultiMove(game, { level, seed: seed0 * 100_000 + k * 1000 + ply, ...(nodes && level > 1 ? { nodes } : {}) });
    if (strong(army)) {
      highMs += Date.now() - t;
      highMoves++;
    }
    game.play(move);
  }
  const s = game.status();
  const scores = game.armies().map((a) => (s.result === "over" ? s.scores[a.letter] : a.score));
  const mineArmies = scores.flatMap((_, a) => (strong(a) ? [a] : []));
  const mean = (xs: number[]) => (xs.length ? xs.reduce((x, y) => x + y, 0) / xs.length : 0);
  const base = {
    plies: game.moves.length,
    mine: mean(mineArmies.map((a) => scores[a])),
    others: mean(scores.filter((_, a) => !strong(a))),
    highMs,
    highMoves,
    outMine: game.armies().filter((a, i) => strong(i) && a.state !== "playing").length,
    outOthers: game.armies().filter((a, i) => !strong(i) && a.state !== "playing").length,
  };
  if (s.result !== "over") return { ...base, finished: false, reason: "ply-limit", won: false, place: null };
  const letter = g.letters[mineArmies[0]];
  return { ...base, finished: true, reason: s.reason, won: s.winners.includes(letter), place: s.places[letter] };
}

console.log(`level ${high} against level ${low}${nodes ? `, ${nodes} nodes a move` : ""}, ${games} games a game id, at most ${maxPlies} plies, seed ${seed0}`);
console.log(`| game | games | won | unfinished | mean place (fair) | points: level ${high} / others | armies out: level ${high} / others | ms a move | plies |`);
console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
let failed = false;
for (const id of ids) {
  const rows: Played[] = [];
  for (let k = 0; k < games; k++) {
    try {
      rows.push(play(id, k));
    } catch (e) {
      failed = true;
      console.error(`${id} game ${k}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  const g = compiledGame(id);
  const sides = new Set(g.side).size;
  const placed = rows.filter((r) => r.place !== null);
  const meanPlace = placed.length ? (placed.reduce((x, r) => x + r.place!, 0) / placed.length).toFixed(2) : "—";
  // A seat's fair share: the mean of places 1..sides (for teams, 1..2).
  const fair = ((sides + 1) / 2).toFixed(1);
  const pts = (f: (r: Played) => number) => (rows.reduce((x, r) => x + f(r), 0) / Math.max(1, rows.length)).toFixed(1);
  const ms = rows.reduce((x, r) => x + r.highMs, 0) / Math.max(1, rows.reduce((x, r) => x + r.highMoves, 0));
  const plies = rows.reduce((x, r) => x + r.plies, 0);
  const sum = (f: (r: Played) => number) => rows.reduce((x, r) => x + f(r), 0);
  // The higher level's armies a game: one all against all, a side's in teams and pairs.
  const mine = g.side.every((s, a) => s === -1 - a) ? 1 : g.letters.length / sides;
  console.log(`| ${id} | ${rows.length} | ${rows.filter((r) => r.won).length} | ${rows.filter((r) => !r.finished).length} | ${meanPlace} (${fair}) | ${pts((r) => r.mine)} / ${pts((r) => r.others)} | ${sum((r) => r.outMine)} of ${rows.length * mine} / ${sum((r) => r.outOthers)} of ${rows.length * (g.letters.length - mine)} | ${Math.round(ms)} | ${plies} |`);
}
process.exitCode = failed ? 1 : 0;
