/**
 * The strength bench's games kept from one run to the next (bench/bot-strength.ts `--record`,
 * issue 16). The ladder's upper pairings take tens of core-hours, more than one sitting; every game
 * is seeded and searched by nodes, so the same code with the same settings plays it move for move
 * again (unless a search reaches the bot's time cap, lib/bot MAX_MS, first: a slow or loaded
 * machine then cuts it short, and the game may go otherwise), and a game once played need not be
 * played twice: either way it is a game that code played. A run appends each game it finishes, as
 * a line of JSON, and takes as played the lines made by the same code with the same settings.
 *
 * And a pairing need not be played to its end once its verdict is decided: when no result of the
 * games left could change it (verdictSoFar).
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import type { GameResult } from "./bot-games";

export interface Tally {
  wins: number;
  draws: number;
  losses: number;
  errors: number;
}

/**
 * A pairing's verdict from the games played so far, of `games` in all: "pass" or "fail" once the
 * games left cannot change it, else "open". "top" passes with at least 95 % wins, "ladder" with
 * more wins than losses; a bot's error fails either at once. A pass decided early leaves the games
 * not played unsearched for errors: the bench measures strength, and the bot's legality is the unit
 * tests' (tests/unit/bot.test.ts: every game, thousands of positions).
 */
export function verdictSoFar(kind: "top" | "ladder", games: number, { wins, draws, losses, errors }: Tally): "pass" | "fail" | "open" {
  if (errors > 0) return "fail";
  const left = games - wins - draws - losses;
  if (kind === "top") {
    if (wins >= 0.95 * games) return "pass";
    return wins + left < 0.95 * games ? "fail" : "open";
  }
  if (wins > losses + left) return "pass";
  return wins + left <= losses ? "fail" : "open";
}

/**
 * What decides how a game goes, beside the game's own name (its game, levels, colours and seed:
 * bench/bot-strength.ts): the sources of the rules and the bot, and the referee. Their content,
 * not their commit, so a commit that touched none of them keeps the games already played. `root`
 * is the project's folder (npm runs the bench there).
 */
export function codeVersion(root: string, folders = ["lib/rules", "lib/bot"], files = ["bench/bot-games.ts"]): string {
  const paths = [...folders.flatMap((f) => readdirSync(join(root, f), { recursive: true, encoding: "utf8" }).filter((p) => p.endsWith(".ts")).map((p) => join(f, p))), ...files].sort();
  const hash = createHash("sha256");
  for (const p of paths) hash.update(`${p}\0${readFileSync(join(root, p), "utf8")}\0`);
  return hash.digest("hex").slice(0, 16);
}

const colours = z.object({ white: z.number().nonnegative(), black: z.number().nonnegative() });
const recordedGame = z.object({
  code: z.string(),
  settings: z.string(),
  game: z.string(),
  winner: z.enum(["white", "black", "draw"]),
  reason: z.string(),
  plies: z.number().int().nonnegative(),
  ms: colours,
  moves: colours,
  startFen: z.string().optional(),
  record: z.array(z.string()).optional(),
});

/** A game finished, as a line of the record; its moves only when `keepMoves` (a game to replay: one the higher level did not win, or one a bot erred in). */
export function recordLine(code: string, settings: string, game: string, result: GameResult, keepMoves: boolean): string {
  const { winner, reason, plies, moves, startFen, record } = result;
  // Tenths of a millisecond: the times say how long a run takes, not more.
  const ms = { white: Math.round(result.ms.white * 10) / 10, black: Math.round(result.ms.black * 10) / 10 };
  return `${JSON.stringify({ code, settings, game, winner, reason, plies, ms, moves, ...(keepMoves && { startFen, record }) })}\n`;
}

/**
 * The games a record holds for this code and these settings, by game; `other` counts the lines
 * left aside (another code's or settings', or not a game at all), which a run reports.
 */
export function readRecord(text: string, code: string, settings: string): { games: Map<string, GameResult>; other: number } {
  const games = new Map<string, GameResult>();
  let other = 0;
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      other++;
      continue;
    }
    const parsed = recordedGame.safeParse(json);
    if (!parsed.success || parsed.data.code !== code || parsed.data.settings !== settings) {
      other++;
      continue;
    }
    const { game, winner, reason, plies, ms, moves, startFen = "", record = [] } = parsed.data;
    games.set(game, { winner, reason, plies, ms, moves, startFen, record });
  }
  return { games, other };
}
