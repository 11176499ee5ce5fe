/**
 * What each role may see of a Fog of War game (docs/games/fog-of-war.md), and
 * detectors for what a response must not contain: a FEN whose board names an unseen
 * square, an opponent's move text. Used by the leak tests, in vitest and Playwright.
 */
import { Game, variantInfo, viewFen } from "../../lib/rules";

export const FOG = "fog-of-war";
export type Role = "white" | "black" | "stranger" | "signed-out";
export const ROLES: Role[] = ["white", "black", "stranger", "signed-out"];

/** The squares of a FEN board, a8…h8, a7…, with "" for an empty square and "?" for an unseen one. */
export function boardSquares(board: string): string[] {
  const out: string[] = [];
  for (const rank of board.split("/")) {
    for (const c of rank) {
      if (/\d/.test(c)) for (let i = 0; i < Number(c); i++) out.push("");
      else out.push(c);
    }
  }
  return out;
}

/**
 * The twin games the leak tests compare: `base`; `whiteTwin`, which White cannot tell from
 * it (Black's h-pawn went to h5, not h6, and a knight moved instead of a pawn: the halfmove
 * clocks differ, which a view must not tell); `blackTwin`, which Black cannot tell from it
 * (White's first pawn move was h3, not a3). Each side has pieces the other cannot see throughout.
 */
export const LINES = {
  base: ["P a2-a3", "p h7-h6", "P b2-b3", "p g7-g6"],
  whiteTwin: ["P a2-a3", "p h7-h5", "P b2-b3", "n g8-f6"],
  blackTwin: ["P h2-h3", "p h7-h6", "P b2-b3", "p g7-g6"],
} as const;
export type Line = keyof typeof LINES;
/** Which twin each role must not be able to tell from `base`. */
export const TWINS: Record<Role, Line[]> = {
  white: ["whiteTwin"], black: ["blackTwin"], stranger: ["whiteTwin", "blackTwin"], "signed-out": ["whiteTwin", "blackTwin"],
};
/** The real position of a twin game after `ply` plies. */
export function fenOf(line: Line, ply = 4): string {
  const game = Game.start(FOG, variantInfo(FOG).startFen);
  for (const m of LINES[line].slice(0, ply)) game.play(m);
  return game.fen();
}
/** What this role could not see after each ply up to `upTo`. */
export const unseenByPly = (line: Line, role: Role, upTo = 4) =>
  Array.from({ length: upTo + 1 }, (_, ply) => unseenSquares(fenOf(line, ply), role));
/** The moves this role did not see: the opponent's, or all of them. */
export const hiddenMoves = (line: Line, role: Role) =>
  LINES[line].filter((_, i) => (role === "white" ? i % 2 === 1 : role === "black" ? i % 2 === 0 : true));

export const squareName = (i: number) => `${"abcdefgh"[i % 8]}${8 - Math.floor(i / 8)}`;

/**
 * The squares this role may not see in `fen` (the real position): for a player the
 * `?` of their view, for anyone else every square while the game is on (spectators
 * see nothing of the position until the end).
 */
export function unseenSquares(fen: string, role: Role): Set<string> {
  if (role === "white" || role === "black") {
    const view = boardSquares(viewFen(FOG, fen, role).split(" ")[0]);
    return new Set(view.flatMap((c, i) => (c === "?" ? [squareName(i)] : [])));
  }
  return new Set(Array.from({ length: 64 }, (_, i) => squareName(i)));
}

// A FEN board: eight ranks of piece letters, digits and "?" (JSON may escape the slashes).
const BOARD = /[1-8pnbrqkPNBRQK?]{1,8}(?:\\?\/[1-8pnbrqkPNBRQK?]{1,8}){7}/g;
const START_BOARD = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

/**
 * Every way `text` gives away an unseen square: a FEN board (other than the public
 * start position) that does not hide what the role could not see at any one ply
 * (`unseen`: one set per ply; a board of an earlier ply shows what was seen then),
 * or the text of a move the role did not see.
 */
export function leaksIn(text: string, unseen: Set<string>[], hiddenMoves: readonly string[]): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(BOARD)) {
    const board = m[0].replaceAll("\\/", "/");
    if (board === START_BOARD) continue;
    const squares = boardSquares(board);
    if (squares.length !== 64) continue;
    const shownAt = unseen.map((hidden) => squares.flatMap((c, i) => (hidden.has(squareName(i)) && c !== "?" ? [`${squareName(i)}=${c || "empty"}`] : [])));
    if (shownAt.every((shown) => shown.length > 0)) found.push(`FEN ${board} shows ${shownAt[shownAt.length - 1].join(" ")}`);
  }
  for (const move of hiddenMoves) {
    if (text.includes(move)) found.push(`the move "${move}"`);
  }
  return found;
}

/** A response made comparable across twin games: ids (uuids) and the players' game-independent bits kept, ids blanked. */
export const normalise = (text: string) => text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "<id>");

const PIECE_WORDS = /\b(pawn|knight|bishop|rook|queen|king)\b/i;

/**
 * What a page gives away beyond leaksIn: a piece drawn (`data-piece` … `data-at`) or
 * named in an aria label on an unseen square. `startShown`: a page about the game
 * rather than this game (the variant's page) may draw the public start position.
 */
export function pageLeaks(html: string, unseen: Set<string>, startShown = false): string[] {
  const found: string[] = [];
  const start = boardSquares(START_BOARD);
  const code = (c: string) => (c === c.toUpperCase() ? "w" : "b") + c.toUpperCase();
  for (const m of html.matchAll(/<[^>]*\bdata-piece="([^"]+)"[^>]*\bdata-at="([a-h][1-8])"[^>]*>/g)) {
    const atStart = start.map((c, i) => (c && squareName(i) === m[2] ? code(c) : "")).join("");
    if (unseen.has(m[2]) && !(startShown && atStart === m[1])) found.push(`${m[1]} drawn on ${m[2]}`);
  }
  for (const m of html.matchAll(/aria-label="([^"]*)"/g)) {
    const squares = m[1].match(/\b[a-h][1-8]\b/g) ?? [];
    if (PIECE_WORDS.test(m[1]) && squares.some((s) => unseen.has(s))) found.push(`aria-label "${m[1]}"`);
  }
  return found;
}

/** Text from two requests made comparable: ids, nonces, timestamps and relative times blanked. */
export const normalisePage = (text: string) =>
  normalise(text)
    // A nonce per request, however escaped (attribute, JSON in a script).
    .replace(/(nonce[\\"=:]{1,12})[A-Za-z0-9+/]{20,}={0,2}/g, "$1<nonce>")
    // The RSC payload's per-render key of the page's tree.
    .replace(/(?<=")[A-Za-z0-9_-]{22}(?=\\*")/g, "<key>")
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, "<time>")
    .replace(/\b\d{12,14}\b/g, "<ms>")
    .replace(/\b\d+ (second|minute|hour|day)s?\b/g, "<ago>")
    .replace(/\b\d\d?:\d\d\b/g, "<hh:mm>");

/**
 * An RSC payload made comparable: its rows stream in whatever order the server
 * finishes them, numbered as they come, so rows are compared as a sorted set with
 * their numbers and the references to them blanked.
 */
export const normaliseRsc = (text: string) =>
  normalisePage(text).split("\n")
    .map((row) => row.replace(/^[0-9a-f]{1,3}:/, "").replace(/\$[A-Z@]?[0-9a-f]{1,3}\b/g, "$ref"))
    .sort().join("\n");

/**
 * What a page shows, made comparable: its meta tags and title (sorted: the metadata
 * may be written inline or streamed after the body) and its <main>. The flight data
 * inlined in the page is compared through the RSC payload (normaliseRsc).
 */
export const pageShown = (html: string) => {
  const meta = [...html.matchAll(/<meta [^>]*>|<title>[^<]*<\/title>/g)].map((m) => m[0]).sort();
  const main = html.match(/<main[\s\S]*<\/main>/)?.[0] ?? "";
  return normalisePage([...meta, main].join("\n"));
};
