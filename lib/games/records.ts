/**
 * Game records: export any game a viewer may see as a record in the project's
 * notation (docs/notation.md "Game record") or, for orthodox chess, as PGN with SAN;
 * import a record as a finished, archived game after the rules module has replayed
 * and checked every move. The codec itself is lib/rules (makeGameRecord, makePgn,
 * parseGameRecord); this module adds the tags, the checks of the result, and the
 * database.
 *
 * Imported games: the players are the record's White and Black names, stored as
 * text (they need not be users here); the importing user is recorded as
 * games.imported_by, sees the game even when private, and is the player_id of its
 * moves (the person who entered them). The record's tags are kept and given back
 * on export.
 */
import { asc, eq } from "drizzle-orm";
import type { Db, Executor } from "@/lib/db/client";
import { games, moves, type Game as GameRow } from "@/lib/db/schema";
import { Game, makePgn, makeGameRecord, hasPgn, parseGameRecord, type Outcome, type RecordResult } from "@/lib/rules";
import { visibleGame } from "./archive";
import { hiddenNow } from "./fog";
import { declarePresetVariants, isUnreadablePreset } from "./presets";
import { MAX_RECORD_BYTES, RECORD_TOO_LARGE, recordBytes } from "./record-limits";
import { positionOf } from "./service";

export const MAX_IMPORT_PLIES = 5_000;

/** Reasons the service gives that a record may name in its Ending tag. */
const DECLARED_ENDINGS: Record<string, "decisive" | "draw"> = {
  resignation: "decisive",
  timeout: "decisive",
  agreement: "draw",
  "threefold-repetition": "draw",
  "fifty-move-rule": "draw",
  "counting-rule": "draw",
  "no-move-but-promotion": "draw",
  "timeout-vs-insufficient-material": "draw",
};

const pad = (n: number) => String(n).padStart(2, "0");
const pgnDate = (d: Date) => `${d.getUTCFullYear()}.${pad(d.getUTCMonth() + 1)}.${pad(d.getUTCDate())}`;

function resultOf(g: Pick<GameRow, "status" | "result">): RecordResult {
  return g.status === "finished" && g.result ? g.result : "*";
}

/** The tag pairs of a stored game. An imported game gives back its own tags. */
export function recordTags(g: GameRow, names: { white: string | null; black: string | null }, siteUrl: string): Record<string, string> {
  const tags: Record<string, string> = {
    Event: "Courier Variants correspondence game",
    Site: `${siteUrl}/games/${g.id}`,
    Date: pgnDate(g.createdAt),
    ...(g.importTags ?? {}),
    White: names.white ?? "?",
    Black: names.black ?? "?",
    // An imported game has the time control its record had, as written, or none (docs/notation.md#game-record).
    ...(g.importedBy === null && { TimeControl: `1/${g.daysPerMove * 86_400}` }),
  };
  // Ours (the Result, Variant and FEN tags are the codec's).
  for (const k of ["Result", "Variant", "FEN", "SetUp"]) delete tags[k];
  if (g.status === "finished" && g.endReason) {
    tags.Termination = g.endReason.startsWith("timeout") ? "time forfeit" : "normal";
    tags.Ending = g.endReason;
  }
  return tags;
}

export type RecordExport =
  | { ok: true; text: string; filename: string; game: GameRow }
  | { ok: false; reason: "no-game" | "not-chess" | "choosing-setups" | "hidden" | "unreadable" };

function fileName(g: GameRow, white: string | null, black: string | null, ext: string): string {
  const slug = (s: string | null) => (s ?? "unknown").normalize("NFKD").replace(/[^A-Za-z0-9_-]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 30) || "unknown";
  return `${g.variant}-${slug(white)}-vs-${slug(black)}-${g.id.slice(0, 8)}.${ext}`;
}

/** A game's record (format "record") or PGN (orthodox chess only), for a viewer who may see it. */
export async function exportRecord(
  db: Executor, gameId: string, viewerId: string | null, format: "record" | "pgn", siteUrl: string,
): Promise<RecordExport> {
  const view = await visibleGame(db, gameId, viewerId);
  if (!view) return { ok: false, reason: "no-game" };
  const g = view.game;
  if (isUnreadablePreset(g.variant)) return { ok: false, reason: "unreadable" };
  // A game in fog has no record to give while it is on, to its players neither: the record
  // is the opponent's moves (docs/games/fog-of-war.md#what-each-surface-shows).
  if (hiddenNow(g)) return { ok: false, reason: "hidden" };
  if (format === "pgn" && !hasPgn(g.variant)) return { ok: false, reason: "not-chess" };
  // The start position is not known before both setups are chosen (lib/games/setups.ts): no record yet.
  if (g.choosingSetups) return { ok: false, reason: "choosing-setups" };
  const list = await db.select({ text: moves.text }).from(moves).where(eq(moves.gameId, g.id)).orderBy(asc(moves.ply));
  const input = {
    variant: g.variant,
    startFen: g.startFen,
    moves: list.map((m) => m.text),
    result: resultOf(g),
    tags: recordTags(g, { white: view.whiteName, black: view.blackName }, siteUrl),
  };
  const text = format === "pgn" ? makePgn(input) : makeGameRecord(input);
  return { ok: true, text, filename: fileName(g, view.whiteName, view.blackName, format === "pgn" ? "pgn" : "txt"), game: g };
}

// ---------------------------------------------------------------- import

export type ImportResult = { ok: true; gameId: string } | { ok: false; error: string };

const RESULT_OF_OUTCOME: Record<Exclude<Outcome["result"], "ongoing">, RecordResult> = {
  "white-wins": "1-0",
  "black-wins": "0-1",
  draw: "1/2-1/2",
};

/** A name from a tag: "?" and "" are unknown; control characters go; at most 100 characters. */
function tagName(v: string | undefined): string | null {
  const s = (v ?? "").replace(/\p{Cc}/gu, " ").replace(/\s+/g, " ").trim().slice(0, 100);
  return s === "" || s === "?" || s === "-" ? null : s;
}

/** PGN's "2024.03.17" (unknown parts as ??) → that day, UTC; null when unknown, impossible or in the future. */
export function tagDate(v: string | undefined, now: Date): Date | null {
  const m = /^(\d{4})[.-](\d\d|\?\?)[.-](\d\d|\?\?)$/.exec((v ?? "").trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), m[2] === "??" ? 1 : Number(m[2]), m[3] === "??" ? 1 : Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d, 12));
  if (date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d || y < 1400 || date > now) return null;
  return date;
}

/** "1/259200" (one move per 3 days, the form this site writes) → 3; anything else → null. */
function tagDays(v: string | undefined): number | null {
  const m = /^1\/(\d{1,8})$/.exec((v ?? "").trim());
  if (!m) return null;
  const days = Number(m[1]) / 86_400;
  return Number.isInteger(days) && days >= 1 && days <= 365 ? days : null;
}

const IMPORT_DEFAULT_DAYS = 3;
const KEPT_TAGS = /^[A-Za-z0-9_]{1,40}$/;

/**
 * Reads a record, replays and checks every move, and stores it as a finished game
 * owned by `userId`. A broken record gives the first bad move in the error.
 */
export async function importRecord(
  db: Db, userId: string, text: string, visibility: GameRow["visibility"], now = new Date(),
): Promise<ImportResult> {
  if (text.trim() === "") return { ok: false, error: "The record is empty: paste one or choose a file." };
  if (recordBytes(text) > MAX_RECORD_BYTES) return { ok: false, error: RECORD_TOO_LARGE };
  // A record of a preset's game names its version: declared first, so the rules know it.
  const tag = /^\s*\[Variant "([^"\n]{1,64})"\]/m.exec(text);
  if (tag) await declarePresetVariants(db, [tag[1]]);
  const read = parseGameRecord(text, { maxMoves: MAX_IMPORT_PLIES });
  if (!read.ok) return { ok: false, error: `This record cannot be imported: ${read.error}` };
  const parsed = read.value;

  const outcome = parsed.game.status();
  let result: Exclude<RecordResult, "*">;
  let endReason: string;
  if (outcome.result !== "ongoing") {
    const byRules = RESULT_OF_OUTCOME[outcome.result];
    if (parsed.result !== "*" && parsed.result !== byRules) {
      return { ok: false, error: `The record says ${parsed.result}, but the game ended by ${outcome.reason} after the last move: ${byRules}.` };
    }
    result = byRules as Exclude<RecordResult, "*">;
    endReason = outcome.reason;
  } else {
    if (parsed.result === "*") {
      return { ok: false, error: "The record has no result (*): only finished games can be imported. Add 1-0, 0-1 or 1/2-1/2 at the end." };
    }
    result = parsed.result;
    const declared = parsed.tags.Ending;
    const kind = declared ? DECLARED_ENDINGS[declared] : undefined;
    if (kind && (kind === "draw") === (result === "1/2-1/2")) endReason = declared;
    else if (/^time forfeit$/i.test(parsed.tags.Termination ?? "") && result !== "1/2-1/2") endReason = "timeout";
    else endReason = "imported";
  }

  // Positions after every move, for the board pictures and the replay.
  const replay = Game.start(parsed.variant, parsed.startFen);
  const fens = parsed.moves.map((m) => {
    replay.play(m);
    return replay.fen();
  });
  const date = tagDate(parsed.tags.Date, now) ?? now;
  const kept: Record<string, string> = {};
  for (const [k, v] of Object.entries(parsed.tags)) {
    if (KEPT_TAGS.test(k) && !["White", "Black", "Result", "Variant", "FEN", "SetUp", "Termination", "Ending"].includes(k)) {
      kept[k] = v.slice(0, 200);
    }
    if (Object.keys(kept).length >= 30) break;
  }

  const gameId = await db.transaction(async (tx) => {
    const [g] = await tx.insert(games).values({
      variant: parsed.variant,
      status: "finished",
      result,
      endReason,
      startFen: parsed.startFen,
      ...positionOf(replay),
      ply: parsed.moves.length,
      // The column wants a value; an imported game shows and exports only its record's TimeControl tag.
      daysPerMove: tagDays(parsed.tags.TimeControl) ?? IMPORT_DEFAULT_DAYS,
      visibility,
      importedBy: userId,
      whiteName: tagName(parsed.tags.White),
      blackName: tagName(parsed.tags.Black),
      importTags: kept,
      createdAt: date,
      updatedAt: now,
    }).returning({ id: games.id });
    for (let i = 0; i < parsed.moves.length; i += 500) {
      await tx.insert(moves).values(parsed.moves.slice(i, i + 500).map((text, j) => ({
        gameId: g.id, ply: i + j + 1, text, fenAfter: fens[i + j], playerId: userId, createdAt: date,
      })));
    }
    return g.id;
  });
  return { ok: true, gameId };
}
