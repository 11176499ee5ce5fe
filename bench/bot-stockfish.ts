/**
 * The bot against Stockfish at orthodox chess (issue 16): the highest `Skill Level` (0–20)
 * the bot beats — more wins than losses — over 20 games at 1 s a move, the bot given the same
 * time. Stockfish is Debian's package (/usr/games/stockfish), spoken to over UCI; our moves
 * become UCI and back through the oracle's conversion (tests/support/oracle.ts `ourMoves`).
 * The rules module referees (bench/bot-games.ts). Each opening of OPENINGS is played once
 * with each colour, so 20 games are ten openings, not one game twenty times; the climb
 * starts at --from and stops at the first Skill Level the bot does not beat.
 *
 *   npm run -s bench:bot-stockfish
 *   npm run -s bench:bot-stockfish -- --skills 0,3 --games 4 --ms 200
 *
 * Options: --from N (0) or --skills a,b (just these), --games N (20), --ms N (1000: Stockfish's
 * movetime and the bot's ms), --level N (8), --max-plies N (300; a game that long is a draw),
 * --stockfish PATH, --workers N (one per core the load average leaves free).
 * Stockfish below Skill Level 20 chooses among its moves at random from its own seed, so a
 * run does not repeat move for move.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { createInterface } from "node:readline";
import { isMainThread } from "node:worker_threads";
import { Game } from "../lib/rules";
import { ourMoves } from "../tests/support/oracle";
import { botPlayer, commandLine, freeCores, inWorkers, load, playGame, serveJobs, type GameResult, type Player } from "./bot-games";

/** Ten common openings, in UCI: open games, the Sicilian, French and Caro-Kann, closed games, the English. */
const OPENINGS: { name: string; uci: string }[] = [
  { name: "Ruy Lopez", uci: "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6" },
  { name: "Italian", uci: "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5" },
  { name: "Sicilian, Najdorf", uci: "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6" },
  { name: "French", uci: "e2e4 e7e6 d2d4 d7d5 b1c3 g8f6" },
  { name: "Caro-Kann", uci: "e2e4 c7c6 d2d4 d7d5 e4e5 c8f5" },
  { name: "Queen's Gambit Declined", uci: "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6" },
  { name: "Slav", uci: "d2d4 d7d5 c2c4 c7c6 g1f3 g8f6" },
  { name: "King's Indian", uci: "d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6" },
  { name: "Nimzo-Indian", uci: "d2d4 g8f6 c2c4 e7e6 b1c3 f8b4" },
  { name: "English", uci: "c2c4 e7e5 b1c3 g8f6 g2g3 d7d5" },
];

interface Job {
  index: number;
  skill: number;
  botWhite: boolean;
  opening: number;
  seed: number;
}

interface Settings {
  ms: number;
  level: number;
  maxPlies: number;
  stockfish: string;
}

/** Our move's text in `game` for a UCI move (undefined when none of its legal moves is that move). */
function fromUci(game: Game, uci: string): string | undefined {
  return ourMoves(game, game.legalMoves(), false).find((m) => m.uci === uci)?.move.text;
}

/** The game's moves as UCI, replayed from the start (Stockfish is told the whole game, so it sees repetitions). */
function uciMoves(game: Game): string[] {
  const replay = Game.start("chess", game.startFen);
  return game.moves.map((text) => {
    const uci = ourMoves(replay, replay.legalMoves(), false).find((m) => m.move.text === text)?.uci;
    if (!uci) throw new Error(`no UCI for ${text} in ${replay.fen()}`);
    replay.play(text);
    return uci;
  });
}

/** One Stockfish process over UCI: lines in, lines out, an answer awaited by its first word. */
class Uci {
  private readonly process: ChildProcessWithoutNullStreams;
  private waiting: { word: string; resolve: (line: string) => void } | undefined;

  constructor(path: string) {
    this.process = spawn(path, [], { stdio: "pipe" });
    createInterface({ input: this.process.stdout }).on("line", (line) => {
      if (this.waiting && line.split(" ")[0] === this.waiting.word) {
        const { resolve } = this.waiting;
        this.waiting = undefined;
        resolve(line);
      }
    });
  }

  send(command: string): void {
    this.process.stdin.write(`${command}\n`);
  }

  /** Sends the command and resolves to the first line that starts with `word`. */
  ask(command: string, word: string): Promise<string> {
    return new Promise((resolve) => {
      this.waiting = { word, resolve };
      this.send(command);
    });
  }

  quit(): void {
    this.send("quit");
    this.process.stdin.end();
  }
}

async function runJob(job: Job, settings: Settings): Promise<GameResult> {
  const engine = new Uci(settings.stockfish);
  try {
    await engine.ask("uci", "uciok");
    engine.send(`setoption name Skill Level value ${job.skill}`);
    engine.send("ucinewgame");
    await engine.ask("isready", "readyok");
    const stockfish: Player = async (game) => {
      const line = await engine.ask(`position startpos moves ${uciMoves(game).join(" ")}`.trimEnd() + `\ngo movetime ${settings.ms}`, "bestmove");
      const uci = line.split(" ")[1];
      const text = fromUci(game, uci);
      if (!text) throw new Error(`Stockfish's ${uci} is not a legal move in ${game.fen()}`);
      return text;
    };
    const bot = botPlayer(settings.level, { ms: settings.ms });
    // The opening as our moves, converted on the way.
    const start = Game.start("chess");
    const opening = OPENINGS[job.opening].uci.split(" ").map((uci) => start.play(fromUci(start, uci)!));
    const [white, black] = job.botWhite ? [bot, stockfish] : [stockfish, bot];
    return await playGame("chess", white, black, job.seed, { maxPlies: settings.maxPlies, startFen: "start", opening });
  } finally {
    engine.quit();
  }
}

if (isMainThread) await main();
else serveJobs((job: Job, settings) => runJob(job, settings as Settings));

async function main(): Promise<void> {
  const { option, whole } = commandLine(process.argv.slice(2));
  const games = whole("--games", 20);
  const settings: Settings = { ms: whole("--ms", 1000), level: whole("--level", 8), maxPlies: whole("--max-plies", 300), stockfish: option("--stockfish") ?? "/usr/games/stockfish" };
  const skills = option("--skills")?.split(",").map(Number);
  const from = whole("--from", 0, 0);
  for (const s of skills ?? [from]) if (!Number.isInteger(s) || s < 0 || s > 20) throw new Error("Skill Levels are 0 to 20");
  const workers = freeCores(option("--workers") === undefined ? undefined : whole("--workers", 1));

  const probe = new Uci(settings.stockfish);
  const id = (await probe.ask("uci", "id")).replace(/^id name /, "");
  probe.quit();
  console.log(`node ${process.version}, ${new Date().toISOString()}, ${id}, load ${load()}, ${workers} worker(s)`);
  console.log(`bot level ${settings.level} against Stockfish's Skill Level, ${games} games each (${Math.min(games, 2 * OPENINGS.length) / 2} opening(s), both colours), ${settings.ms} ms a move each, ${settings.maxPlies} plies a draw`);
  console.log(`${"skill".padStart(5)} ${"W".padStart(3)} ${"D".padStart(3)} ${"L".padStart(3)} ${"score".padStart(6)} ${"plies".padStart(6)} ${"bot ms/move".padStart(11)} ${"sf ms/move".padStart(10)}  ends`);

  let beaten: number | undefined;
  let errors = 0;
  for (let skill = skills?.[0] ?? from, i = 0; skill <= 20; skill = skills ? skills[++i] : skill + 1) {
    if (skill === undefined) break;
    const jobs: Job[] = Array.from({ length: games }, (_, g) => ({ index: g, skill, botWhite: g % 2 === 0, opening: Math.floor(g / 2) % OPENINGS.length, seed: g }));
    // Each game as it ends, on stderr: a Skill Level's row waits for its twenty.
    const results: GameResult[] = new Array(jobs.length);
    await inWorkers<Job, GameResult>(new URL(import.meta.url), jobs, workers, settings, (job, r) => {
      results[job.index] = r;
      console.error(`  skill ${skill} game ${job.index} (${OPENINGS[job.opening].name}, bot ${job.botWhite ? "white" : "black"}): ${r.winner === "draw" ? "draw" : (r.winner === "white") === job.botWhite ? "bot won" : "Stockfish won"} by ${r.reason} in ${r.plies} plies`);
    });
    let w = 0, d = 0, l = 0, plies = 0;
    const time = { bot: 0, botMoves: 0, sf: 0, sfMoves: 0 };
    const ends = new Map<string, number>();
    results.forEach((r, g) => {
      const botColor = jobs[g].botWhite ? "white" : "black";
      const sfColor = jobs[g].botWhite ? "black" : "white";
      if (r.winner === "draw") d++;
      else if (r.winner === botColor) w++;
      else l++;
      plies += r.plies;
      time.bot += r.ms[botColor];
      time.botMoves += r.moves[botColor];
      time.sf += r.ms[sfColor];
      time.sfMoves += r.moves[sfColor];
      const end = r.reason.startsWith("error") ? "error" : r.reason;
      ends.set(end, (ends.get(end) ?? 0) + 1);
      if (end === "error") {
        errors++;
        console.error(`game ${g} (${OPENINGS[jobs[g].opening].name}, bot ${botColor}): ${r.reason}; moves ${r.record.join(" ")}`);
      }
    });
    const endText = [...ends].map(([why, n]) => `${why} ${n}`).join(", ");
    console.log(`${String(skill).padStart(5)} ${String(w).padStart(3)} ${String(d).padStart(3)} ${String(l).padStart(3)} ${`${Math.round((100 * (w + d / 2)) / games)}%`.padStart(6)} ${(plies / games).toFixed(0).padStart(6)} ${(time.bot / time.botMoves).toFixed(0).padStart(11)} ${(time.sf / time.sfMoves).toFixed(0).padStart(10)}  ${endText}`);
    if (w > l) beaten = skill;
    else if (!skills) break;
  }
  console.log(`load ${load()}`);
  console.log(beaten === undefined ? "the bot beat no Skill Level it played" : `highest Skill Level beaten (more wins than losses): ${beaten}`);
  if (errors) {
    console.error(`${errors} game(s) ended by an error`);
    process.exit(1);
  }
}
