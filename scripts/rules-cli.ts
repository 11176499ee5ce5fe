/**
 * The rules tool on the command line (docs/rules-tool.md), the rules module's and the bot's
 * front end: here, outside both, so that lib/rules imports nothing of lib/bot (which imports it):
 *   variants | moves <variant> <fen> | perft <variant> <fen> <depth>
 *   play <variant> <fen> <move>… | status <variant> <fen> | view <variant> <fen> white|black
 *   bot <variant> <fen> [--ms N] [--level L]
 * where <variant> is an id or @path/to/preset-file.
 * Bad input: one line on stderr, exit 2. An illegal move in `play`: exit 1.
 */
import { closeSync, openSync, readSync } from "node:fs";
import { chooseMove, chooseMultiMove } from "../lib/bot";
import { parseActions } from "../lib/rules/actions";
import { RulesError } from "../lib/rules/errors";
import { forEachMove, Game } from "../lib/rules/game";
import { LISTING_LIMIT } from "../lib/rules/mechanics/unions";
import { perft } from "../lib/rules/movegen";
import { parseFen } from "../lib/rules/notation/fen";
import { hasPgn, parseSan } from "../lib/rules/notation/san";
import { unwrap, type Result } from "../lib/rules/result";
import { parsePreset, PRESET_LIMITS } from "../lib/rules/presets";
import { declareVariant, getVariant, variantIds } from "../lib/rules/variants";
import { viewFen } from "../lib/rules/view";
import { isMultiVariant, MultiGame, multiVariantIds } from "../lib/rules/multi";
import { parseMoveText } from "../lib/rules/multi/text";
import { compiledGame } from "../lib/rules/multi/game";

class UsageError extends Error {}

// `moves` and `perft` list every move of a legal position, however long it takes (the
// limit guards the app, which never needs every Friendly move at once).
LISTING_LIMIT.states = Infinity;

const USAGE = "usage: rules variants | moves <variant> <fen> | perft <variant> <fen> <depth> | play <variant> <fen> <move>... | status <variant> <fen> | view <variant> <fen> white|black | bot <variant> <fen> [--ms N] [--level L]";

function position(variantId: string | undefined, fen: string | undefined) {
  if (variantId === undefined || fen === undefined) throw new UsageError(USAGE);
  const v = getVariant(variantId);
  return unwrap(parseFen(v, fen === "start" ? v.decl.startFen : fen));
}

/**
 * A preset file's text, reading at most one byte more than a preset may have: a size taken
 * beforehand says nothing of a pipe or a FIFO (`@/dev/stdin`), so the read itself is bounded.
 */
function readPresetBytes(path: string): string {
  // Bytes, not characters: a UTF-8 character takes at most 4.
  const most = PRESET_LIMITS.chars * 4;
  const buf = Buffer.alloc(most + 1);
  const fd = openSync(path, "r");
  try {
    let n = 0;
    while (n < buf.length) {
      const got = readSync(fd, buf, n, buf.length - n, null);
      if (got === 0) break;
      n += got;
    }
    if (n > most) throw new UsageError(`${path}: a preset is at most ${PRESET_LIMITS.chars} characters`);
    return buf.toString("utf8", 0, n);
  } finally {
    closeSync(fd);
  }
}

/**
 * `@path` where a variant id stands: the game a preset file declares, in any of its formats
 * (docs/rules-tool.md#arguments), declared under that argument as its id.
 */
function presetFile(arg: string): string {
  const path = arg.slice(1);
  let text: string;
  try {
    text = readPresetBytes(path);
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`cannot read ${path}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const read = parsePreset(text);
  if (!read.ok) throw new UsageError(`${path}: ${read.error}`);
  declareVariant({ ...read.value.decl, id: arg });
  return arg;
}

function run(args: string[]): string[] {
  const [command, variantArg, fen, ...rest] = args;
  const variantId = variantArg?.startsWith("@") ? presetFile(variantArg) : variantArg;
  if (command !== "variants" && variantId !== undefined && isMultiVariant(variantId)) return runMulti(command, variantId, fen, rest);
  switch (command) {
    case "variants":
      return [...variantIds(), ...multiVariantIds()];
    case "moves": {
      if (rest.length) throw new UsageError(USAGE);
      // Pure move generation: listed even where a draw or a bare royal ended the game. Only the
      // texts are kept: a Friendly position may have millions of moves.
      const texts: string[] = [];
      forEachMove(position(variantId, fen), (_m, _a, text) => texts.push(text));
      return texts.sort();
    }
    case "perft": {
      if (rest.length !== 1 || !/^\d{1,2}$/.test(rest[0])) throw new UsageError("perft needs a depth (a whole number)");
      return [String(perft(position(variantId, fen), Number(rest[0])))];
    }
    case "play": {
      position(variantId, fen);
      const game = Game.start(variantId!, fen!);
      // In orthodox chess and Chess960 SAN is move text too (docs/notation.md#san).
      const san = hasPgn(game.variant.id);
      playMoves(rest, (m) => {
        const read = parseActions(m);
        return read.ok || !san ? read : parseSan(m);
      }, (m) => game.play(m));
      return [game.fen()];
    }
    case "status": {
      if (rest.length) throw new UsageError(USAGE);
      // Through Game: it asks only whether a move exists, where listing them all could
      // explode (Friendly chains). One position has no history, so no repetition.
      position(variantId, fen);
      const s = Game.start(variantId!, fen!).status();
      return [s.result === "ongoing" ? "ongoing" : `${s.result} ${s.reason}`];
    }
    case "view": {
      // What one player of a hidden game sees (docs/games/fog-of-war.md#the-view-as-fen).
      if (variantId === undefined || fen === undefined) throw new UsageError(USAGE);
      if (rest.length !== 1 || (rest[0] !== "white" && rest[0] !== "black")) throw new UsageError("view needs a side: white or black");
      return [viewFen(variantId, fen === "start" ? getVariant(variantId).decl.startFen : fen, rest[0])];
    }
    case "bot": {
      // The bot's move (docs/bot.md).
      position(variantId, fen);
      const options = botOptions(rest);
      const game = Game.start(variantId!, fen!);
      if (game.status().result !== "ongoing") throw new UsageError("the game is over in this position: there is no move to choose");
      return [chooseMove(game, options)];
    }
    default:
      throw new UsageError(USAGE);
  }
}

/** The bot's options (docs/rules-tool.md#bot): level 8 unless told, thinking at most `--ms` (default 10 s). */
function botOptions(rest: string[]): { level: number; ms: number } {
  const options = { level: 8, ms: 10_000 };
  for (let i = 0; i < rest.length; i += 2) {
    const [flag, value] = [rest[i], rest[i + 1]];
    const n = Number(value);
    if (flag === "--ms" && /^\d{1,7}$/.test(value ?? "") && n >= 1) options.ms = n;
    else if (flag === "--level" && /^[1-8]$/.test(value ?? "")) options.level = n;
    else throw new UsageError("bot takes --ms N (milliseconds, 1 or more) and --level L (1 to 8)");
  }
  return options;
}

class IllegalMove extends Error {}

/** Plays the moves in turn: text that is no move at all is bad input (exit 2), not an illegal move (exit 1). */
function playMoves(moves: string[], read: (text: string) => Result<unknown>, play: (text: string) => void): void {
  if (moves.length === 0) throw new UsageError("play needs at least one move");
  for (const m of moves) {
    const r = read(m);
    if (!r.ok) throw new UsageError(r.error);
    try {
      play(m);
    } catch (e) {
      if (e instanceof RulesError) throw new IllegalMove(`illegal move '${m}': ${e.message}`);
      throw e;
    }
  }
}

/**
 * The games for more than two (docs/rules-tool.md#games-for-more-than-two): positions are
 * N-FEN; `status` names the end and the first placed, with every army's score.
 */
function runMulti(command: string | undefined, id: string, fen: string | undefined, rest: string[]): string[] {
  if (fen === undefined) throw new UsageError(USAGE);
  const game = MultiGame.start(id, fen);
  switch (command) {
    case "moves":
      if (rest.length) throw new UsageError(USAGE);
      return game.legalMoves().map((m) => m.text).sort();
    case "perft":
      if (rest.length !== 1 || !/^\d{1,2}$/.test(rest[0])) throw new UsageError("perft needs a depth (a whole number)");
      return [String(game.countPositions(Number(rest[0])))];
    case "play":
      playMoves(rest, (m) => parseMoveText(compiledGame(id), m), (m) => game.play(m));
      return [game.fen()];
    case "status": {
      if (rest.length) throw new UsageError(USAGE);
      const s = game.status();
      if (s.result === "ongoing") return ["ongoing"];
      const scores = Object.entries(s.scores).map(([a, n]) => `${a}${n}`).join(",");
      return [`${s.winners.join(",")}-first ${s.reason} ${scores}`];
    }
    case "bot": {
      const options = botOptions(rest);
      if (game.status().result !== "ongoing") throw new UsageError("the game is over in this position: there is no move to choose");
      return [chooseMultiMove(game, options)];
    }
    default:
      throw new UsageError(`${command ?? ""}: not a command for the games for more than two (moves, perft, play, status, bot)`);
  }
}

try {
  const lines = run(process.argv.slice(2));
  if (lines.length) process.stdout.write(lines.join("\n") + "\n");
} catch (e) {
  const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();
  if (e instanceof IllegalMove) {
    process.stderr.write(oneLine(e.message) + "\n");
    process.exitCode = 1;
  } else if (e instanceof RulesError || e instanceof UsageError) {
    process.stderr.write(oneLine(e.message) + "\n");
    process.exitCode = 2;
  } else {
    process.stderr.write(`internal error: ${oneLine(e instanceof Error ? e.message : String(e))}\n`);
    process.exitCode = 2;
  }
}
