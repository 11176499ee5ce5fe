/**
 * The shared part of the independent reference for the games for more than two
 * (Chaturaji, Four Seasons, four-player, three-player, eight-player chess), written from
 * the rule book alone (docs/notation.md#games-for-more-than-two,
 * docs/common-rules.md#games-for-more-than-two and docs/games/*.md) for the tests only:
 * it shares no code with lib/rules. Plain maps of pieces, brute-force attack tests,
 * legality by playing the whole move and looking at the king. Clarity over speed.
 *
 * The questions the rule book left open, and the reading taken here, are listed in
 * ./QUESTIONS.md; comments cite them as "Q<n>".
 */

export const FILES = "abcdefghijklmnopqrstuvwx";

export interface Piece {
  army: string; // lower-case army letter
  kind: string; // upper-case piece letter
  promoted: boolean; // written `~`: a pawn that promoted
}

export type ArmyStateFlag = "" | "x" | "k";

export interface ArmyState {
  letter: string;
  score: number;
  state: ArmyStateFlag;
}

export interface EnPassant {
  army: string;
  passed: string;
  pawn: string;
}

export interface Position {
  board: Map<string, Piece>; // square name → piece
  toMove: string;
  armies: ArmyState[]; // in turn order
  castling: string[]; // one entry per right, e.g. ["rK", "rQ", "bK"] (written `rKQbK`), in turn order, K before Q
  ep: EnPassant[];
  halfmove: number;
  round: number;
}

export interface Result {
  reason: string;
  /** Every army's final score (where points do not count: the score the book gives, or 0). */
  scores: Record<string, number>;
  /** The armies placed first. */
  winners: string[];
}

export type Status = { over: false } | ({ over: true } & Result);

export interface RefMove {
  text: string;
  next: Position;
  /** Set when the move itself ends the game in a way the position cannot show (a claim). */
  end?: Result;
}

export interface CastlingSide {
  king: string;
  rook: string;
  kingTo: string;
  rookTo: string;
  /** Squares that must be empty. */
  empty: string[];
  /** Squares that no opponent may attack (the king's own square included). */
  safe: string[];
}

export interface GameDef {
  id: string;
  armies: string; // letters in turn order
  pieces: string; // piece letters the game knows
  files: number;
  ranks: number;
  exists(file: number, rank: number): boolean;
  start: string;
  /** Army state `k` allowed (all against all in four- and eight-player chess). */
  liveKingState: boolean;
  /** An out army has no pieces on the board (Four Seasons). */
  removesOut: boolean;
  enPassant: boolean;
  castling: Record<string, { K?: CastlingSide; Q?: CastlingSide }>;
  legalMoves(pos: Position): RefMove[];
  status(pos: Position, earlier?: Position[]): Status;
}

// ---------- squares ----------

export const sq = (file: number, rank: number) => FILES[file - 1] + String(rank);
export function coords(name: string): [number, number] {
  return [FILES.indexOf(name[0]) + 1, Number(name.slice(1))];
}

export function squaresOf(g: Pick<GameDef, "files" | "ranks" | "exists">): string[] {
  const out: string[] = [];
  for (let r = 1; r <= g.ranks; r++) for (let f = 1; f <= g.files; f++) if (g.exists(f, r)) out.push(sq(f, r));
  return out;
}

export function onBoard(g: Pick<GameDef, "files" | "ranks" | "exists">, f: number, r: number): boolean {
  return f >= 1 && r >= 1 && f <= g.files && r <= g.ranks && g.exists(f, r);
}

// ---------- N-FEN ----------

const MAX_NFEN = 4000;

export function parseNfen(g: GameDef, text: string): Position {
  if (text.length > MAX_NFEN) throw new Error("N-FEN too long");
  const fields = text.split(" ");
  if (fields.length !== 7) throw new Error(`N-FEN needs 7 fields, got ${fields.length}`);
  const [placement, toMove, armiesText, castlingText, epText, halfText, roundText] = fields;
  const rows = placement.split("/");
  if (rows.length !== g.ranks) throw new Error(`${rows.length} ranks, the board has ${g.ranks}`);
  const board = new Map<string, Piece>();
  rows.forEach((row, i) => {
    const rank = g.ranks - i;
    const squares: string[] = [];
    for (let f = 1; f <= g.files; f++) if (g.exists(f, rank)) squares.push(sq(f, rank));
    let at = 0;
    let k = 0;
    while (k < row.length) {
      const c = row[k];
      if (c >= "0" && c <= "9") {
        let n = 0;
        while (k < row.length && row[k] >= "0" && row[k] <= "9") n = n * 10 + Number(row[k++]);
        if (n === 0) throw new Error(`rank ${rank}: an empty run of 0`);
        at += n;
      } else {
        const army = c;
        const kind = row[k + 1];
        if (!g.armies.includes(army) || army < "a" || army > "z") throw new Error(`rank ${rank}: unknown army letter ${army}`);
        if (!kind || !g.pieces.includes(kind)) throw new Error(`rank ${rank}: unknown piece letter ${kind ?? ""}`);
        k += 2;
        let promoted = false;
        if (row[k] === "~") {
          promoted = true;
          k++;
        }
        if (at >= squares.length) throw new Error(`rank ${rank} has too many squares`);
        board.set(squares[at], { army, kind, promoted });
        at++;
      }
      if (at > squares.length) throw new Error(`rank ${rank} has too many squares`);
    }
    if (at !== squares.length) throw new Error(`rank ${rank} has ${at} squares, not ${squares.length}`);
  });

  const armies: ArmyState[] = armiesText.split(",").map((e) => {
    const m = /^([a-z])(\d{1,9})(x|k)?$/.exec(e);
    if (!m) throw new Error(`bad army entry ${e}`);
    const state = (m[3] ?? "") as ArmyStateFlag;
    if (state === "k" && !g.liveKingState) throw new Error(`army state k is not this game's`);
    return { letter: m[1], score: Number(m[2]), state };
  });
  if (armies.map((a) => a.letter).join("") !== g.armies) throw new Error(`armies must be ${g.armies.split("").join(",")} in turn order`);
  const mover = armies.find((a) => a.letter === toMove);
  if (!mover) throw new Error(`unknown army to move ${toMove}`);
  if (mover.state !== "") throw new Error(`the army to move (${toMove}) is out`);

  const castling: string[] = [];
  if (castlingText !== "-") {
    const groups = castlingText.match(/[a-z](?:KQ|K|Q)/g) ?? [];
    if (groups.join("") !== castlingText) throw new Error(`bad castling field ${castlingText}`);
    const m = groups.flatMap((t) => t.slice(1).split("").map((s) => t[0] + s));
    const order = (r: string) => g.armies.indexOf(r[0]) * 2 + (r[1] === "K" ? 0 : 1);
    for (let i = 0; i < m.length; i++) {
      const right = m[i];
      const side = g.castling[right[0]]?.[right[1] as "K" | "Q"];
      if (!side) throw new Error(`no castling right ${right} in this game`);
      if (i > 0 && order(m[i - 1]) >= order(right)) throw new Error(`castling rights out of order`);
      const k = board.get(side.king);
      const r = board.get(side.rook);
      if (!k || k.army !== right[0] || k.kind !== "K" || !r || r.army !== right[0] || r.kind !== "R" || r.promoted) {
        throw new Error(`castling right ${right}: king and rook are not on their first squares`);
      }
      castling.push(right);
    }
  }

  const ep: EnPassant[] = [];
  if (epText !== "-") {
    if (!g.enPassant) throw new Error(`this game has no en passant`);
    for (const e of epText.split(",")) {
      const m = /^([a-z])([a-x]\d{1,2}):([a-x]\d{1,2})$/.exec(e);
      if (!m) throw new Error(`bad en passant entry ${e}`);
      const [, army, passed, pawnSq] = m;
      const p = board.get(pawnSq);
      if (!p || p.army !== army || p.kind !== "P" || board.has(passed) || !squaresOf(g).includes(passed)) {
        throw new Error(`en passant entry ${e} does not match the board`);
      }
      ep.push({ army, passed, pawn: pawnSq });
    }
    const idx = ep.map((e) => g.armies.indexOf(e.army));
    if (idx.some((v, i) => i > 0 && idx[i - 1] >= v)) throw new Error(`en passant entries out of turn order`);
  }

  if (!/^\d{1,6}$/.test(halfText) || !/^\d{1,6}$/.test(roundText) || Number(roundText) < 1) throw new Error(`bad counters`);
  if (g.removesOut) {
    for (const a of armies) {
      if (a.state === "x" && [...board.values()].some((p) => p.army === a.letter)) throw new Error(`army ${a.letter} is out but has pieces`);
    }
  }
  return { board, toMove, armies, castling, ep, halfmove: Number(halfText), round: Number(roundText) };
}

export function writeNfen(g: GameDef, pos: Position): string {
  const rows: string[] = [];
  for (let r = g.ranks; r >= 1; r--) {
    let row = "";
    let run = 0;
    for (let f = 1; f <= g.files; f++) {
      if (!g.exists(f, r)) continue;
      const p = pos.board.get(sq(f, r));
      if (!p) {
        run++;
        continue;
      }
      if (run) row += String(run);
      run = 0;
      row += p.army + p.kind + (p.promoted ? "~" : "");
    }
    if (run) row += String(run);
    rows.push(row);
  }
  const armies = pos.armies.map((a) => `${a.letter}${a.score}${a.state}`).join(",");
  const castling = pos.castling.length ? pos.castling.map((r, i) => (i > 0 && pos.castling[i - 1][0] === r[0] ? r[1] : r)).join("") : "-";
  const ep = pos.ep.length ? pos.ep.map((e) => `${e.army}${e.passed}:${e.pawn}`).join(",") : "-";
  return [rows.join("/"), pos.toMove, armies, castling, ep, pos.halfmove, pos.round].join(" ");
}

// ---------- turns ----------

export const playing = (pos: Position) => pos.armies.filter((a) => a.state === "").map((a) => a.letter);
export const army = (pos: Position, letter: string) => pos.armies.find((a) => a.letter === letter)!;

export function clonePosition(pos: Position): Position {
  return {
    board: new Map(pos.board),
    toMove: pos.toMove,
    armies: pos.armies.map((a) => ({ ...a })),
    castling: [...pos.castling],
    ep: pos.ep.map((e) => ({ ...e })),
    halfmove: pos.halfmove,
    round: pos.round,
  };
}

/** The next playing army after `from` in turn order (itself if it is the only one). */
export function nextArmy(pos: Position, from: string): string {
  const order = pos.armies.map((a) => a.letter);
  const i = order.indexOf(from);
  for (let k = 1; k <= order.length; k++) {
    const a = pos.armies[(i + k) % order.length];
    if (a.state === "") return a.letter;
  }
  return from;
}

/** Hands the turn on after a move by `mover` (docs/notation.md#n-fen, "Round"). */
export function passTurn(pos: Position, mover: string, to: string) {
  const order = pos.armies.map((a) => a.letter);
  if (order.indexOf(to) <= order.indexOf(mover)) pos.round++;
  pos.toMove = to;
}

// ---------- square-board pieces ----------

export type Dir = readonly [number, number];
export const ORTH: Dir[] = [[1, 0], [-1, 0], [0, 1], [0, -1]];
export const DIAG: Dir[] = [[1, 1], [1, -1], [-1, 1], [-1, -1]];
export const KNIGHT: Dir[] = [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]];
export const ALFIL: Dir[] = [[2, 2], [2, -2], [-2, 2], [-2, -2]];

export interface Movement {
  riders: Dir[];
  leapers: Dir[];
}

/** Squares a rider/leaper on `from` reaches: empty ones, and the first occupied one of each line. */
export function squareTargets(g: GameDef, board: Map<string, Piece>, from: string, m: Movement): string[] {
  const [f, r] = coords(from);
  const out: string[] = [];
  for (const [df, dr] of m.leapers) if (onBoard(g, f + df, r + dr)) out.push(sq(f + df, r + dr));
  for (const [df, dr] of m.riders) {
    let x = f + df;
    let y = r + dr;
    while (onBoard(g, x, y)) {
      out.push(sq(x, y));
      if (board.has(sq(x, y))) break;
      x += df;
      y += dr;
    }
  }
  return out;
}

/** The two diagonal capture directions of a pawn going `fwd`. */
export const pawnCaptureDirs = (fwd: Dir): Dir[] => [
  [fwd[0] + fwd[1], fwd[1] + fwd[0]],
  [fwd[0] - fwd[1], fwd[1] - fwd[0]],
];

// ---------- results ----------

export function byScore(reason: string, scores: Record<string, number>): Result {
  const best = Math.max(...Object.values(scores));
  return { reason, scores, winners: Object.keys(scores).filter((a) => scores[a] === best) };
}

export const scoresOf = (pos: Position): Record<string, number> => Object.fromEntries(pos.armies.map((a) => [a.letter, a.score]));

/** Same position (docs/common-rules.md#same-position): everything but the two counters. */
export function positionKey(g: GameDef, pos: Position): string {
  // Positions are never changed once made, so a key is computed once (play-outs ask for all earlier ones every ply).
  let key = keys.get(pos);
  if (key === undefined) keys.set(pos, (key = writeNfen(g, pos).split(" ").slice(0, 5).join(" ")));
  return key;
}
const keys = new WeakMap<Position, string>();

export function fifthRepetition(g: GameDef, pos: Position, earlier: Position[]): boolean {
  const key = positionKey(g, pos);
  return earlier.filter((p) => positionKey(g, p) === key).length >= 4;
}

export function moveText(kind: string, from: string, to: string, promo?: string): string {
  return `${kind} ${from}-${to}${promo ? "=" + promo : ""}`;
}

// ---------- perft and play-outs ----------

export function perft(g: GameDef, pos: Position, depth: number): number {
  if (depth === 0) return 1;
  const moves = g.legalMoves(pos);
  if (depth === 1) return moves.length;
  let n = 0;
  for (const m of moves) n += perft(g, m.next, depth - 1);
  return n;
}

export function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Playout {
  positions: Position[];
  moves: string[];
  status: Status;
  end?: Result;
}

/** Plays random legal moves from the start until the game ends or `maxPlies` are played. */
export function randomPlayout(g: GameDef, seed: number, maxPlies: number, from = g.start): Playout {
  const rnd = mulberry32(seed);
  let pos = parseNfen(g, from);
  const positions = [pos];
  const moves: string[] = [];
  for (let ply = 0; ply < maxPlies; ply++) {
    const st = g.status(pos, positions.slice(0, -1));
    if (st.over) return { positions, moves, status: st };
    const legal = g.legalMoves(pos);
    if (legal.length === 0) throw new Error(`${g.id}: no legal move in an ongoing game: ${writeNfen(g, pos)}`);
    const m = legal[Math.floor(rnd() * legal.length)];
    moves.push(m.text);
    pos = m.next;
    positions.push(pos);
    if (m.end) return { positions, moves, status: { over: true, ...m.end }, end: m.end };
  }
  return { positions, moves, status: g.status(pos, positions.slice(0, -1)) };
}
