/**
 * An independent, deliberately naive reading of Friendly Chess (docs/games/friendly.md), to
 * check the engine against: string boards, every chain enumerated path by path
 * with its own set of visited states (the termination rule taken literally), no
 * memoisation, no shared code with lib/rules. Slow; fine for small positions.
 */

type Side = "w" | "b";
/** "" empty, "N" White knight, "n" Black knight, "Nb" a union (White's letter first). */
type Cell = string;

export interface RefPos {
  board: Cell[]; // index file + 8 * rank
  side: Side;
  castling: string;
  ep: number;
  half: number;
  full: number;
}

const FILES = "abcdefgh";
const name = (sq: number) => FILES[sq % 8] + String(Math.floor(sq / 8) + 1);
const sqOf = (n: string) => FILES.indexOf(n[0]) + 8 * (Number(n.slice(1)) - 1);
const other = (s: Side): Side => (s === "w" ? "b" : "w");
const isWhite = (ch: string) => ch === ch.toUpperCase();
const ours = (cell: Cell, s: Side) => [...cell].find((ch) => isWhite(ch) === (s === "w")) ?? "";
const theirs = (cell: Cell, s: Side) => ours(cell, other(s));
const union = (cell: Cell) => cell.length === 2;
const make = (w: string, b: string): Cell => w + b;
/** Cell with our letter replaced (or added, or removed with ""). */
function withOurs(cell: Cell, s: Side, letter: string): Cell {
  const w = s === "w" ? letter : ours(cell, "w");
  const b = s === "b" ? letter : ours(cell, "b");
  return make(w, b);
}

export function parse(fen: string): RefPos {
  const [placement, side, castling, ep, half, full] = fen.split(" ");
  const board: Cell[] = new Array(64).fill("");
  placement.split("/").forEach((row, i) => {
    const r = 7 - i;
    let f = 0;
    for (let j = 0; j < row.length; j++) {
      const ch = row[j];
      if (/\d/.test(ch)) f += Number(ch);
      else if (ch === "(") {
        board[f++ + 8 * r] = row[j + 1] + row[j + 2];
        j += 3;
      } else board[f++ + 8 * r] = ch;
    }
  });
  return { board, side: side as Side, castling: castling === "-" ? "" : castling, ep: ep === "-" ? -1 : sqOf(ep), half: Number(half), full: Number(full) };
}

export function fen(p: RefPos): string {
  const rows: string[] = [];
  for (let r = 7; r >= 0; r--) {
    let row = "";
    let empty = 0;
    for (let f = 0; f < 8; f++) {
      const c = p.board[f + 8 * r];
      if (!c) {
        empty++;
        continue;
      }
      if (empty) row += empty;
      empty = 0;
      row += union(c) ? `(${c})` : c;
    }
    if (empty) row += empty;
    rows.push(row);
  }
  return `${rows.join("/")} ${p.side} ${p.castling || "-"} ${p.ep < 0 ? "-" : name(p.ep)} ${p.half} ${p.full}`;
}

const KNIGHT = [[1, 2], [2, 1], [-1, 2], [-2, 1], [1, -2], [2, -1], [-1, -2], [-2, -1]];
const DIAG = [[1, 1], [1, -1], [-1, 1], [-1, -1]];
const ORTH = [[1, 0], [-1, 0], [0, 1], [0, -1]];
const at = (sq: number, df: number, dr: number) => {
  const f = (sq % 8) + df;
  const r = Math.floor(sq / 8) + dr;
  return f < 0 || f > 7 || r < 0 || r > 7 ? -1 : f + 8 * r;
};
const relRank = (sq: number, s: Side) => (s === "w" ? Math.floor(sq / 8) : 7 - Math.floor(sq / 8));

interface Target {
  to: number;
  ep?: boolean;
}

/** Where our piece `letter` on `sq` may go: `onlyEmpty` for a union (and the king). */
function targets(board: Cell[], s: Side, letter: string, sq: number, onlyEmpty: boolean, ep: number): Target[] {
  const L = letter.toUpperCase();
  const out: Target[] = [];
  const canLand = (to: number) => board[to] === "" || (!onlyEmpty && theirs(board[to], s) !== "");
  if (L === "P") {
    const d = s === "w" ? 1 : -1;
    const one = at(sq, 0, d);
    if (one >= 0 && board[one] === "") {
      out.push({ to: one });
      const two = at(sq, 0, 2 * d);
      if (relRank(sq, s) <= 1 && two >= 0 && board[two] === "") out.push({ to: two });
    }
    if (!onlyEmpty) {
      for (const df of [-1, 1]) {
        const to = at(sq, df, d);
        if (to < 0) continue;
        if (theirs(board[to], s) !== "") out.push({ to });
        else if (to === ep && board[to] === "" && theirs(board[at(to, 0, -d)], s) === (s === "w" ? "p" : "P")) out.push({ to, ep: true });
      }
    }
    return out;
  }
  if (L === "N" || L === "K") {
    const vs = L === "N" ? KNIGHT : [...DIAG, ...ORTH];
    for (const [df, dr] of vs) {
      const to = at(sq, df, dr);
      if (to < 0) continue;
      if (L === "K" ? board[to] === "" : canLand(to)) out.push({ to });
    }
    return out;
  }
  const vs = L === "B" ? DIAG : L === "R" ? ORTH : [...DIAG, ...ORTH];
  for (const [df, dr] of vs) {
    let to = at(sq, df, dr);
    while (to >= 0) {
      if (board[to] === "") out.push({ to });
      else {
        if (canLand(to)) out.push({ to });
        break;
      }
      to = at(to, df, dr);
    }
  }
  return out;
}

const HOME: Record<string, [string, number, string, number]> = {
  K: ["K", sqOf("e1"), "R", sqOf("h1")],
  Q: ["K", sqOf("e1"), "R", sqOf("a1")],
  k: ["k", sqOf("e8"), "r", sqOf("h8")],
  q: ["k", sqOf("e8"), "r", sqOf("a8")],
};

/** A state of a turn in progress. */
interface Walk {
  board: Cell[];
  released: { letter: string; sq: number } | null;
  texts: string[];
  seen: Set<string>;
  lost: Set<string>; // castling rights lost during the turn
  reset: boolean;
  ep: number; // square passed by a double step, when it was the last step
  win: boolean;
}

const key = (board: Cell[], rel: Walk["released"]) => board.join(",") + "|" + (rel ? rel.letter + rel.sq : "");

function checkRights(w: Walk): void {
  for (const [right, [k, ksq, r, rsq]] of Object.entries(HOME)) {
    if (!w.board[ksq].includes(k) || !w.board[rsq].includes(r)) w.lost.add(right);
  }
}

/** Plays one step of our piece `letter` from `from` (emptied when `lift`) to `to`. */
function step(w: Walk, s: Side, letter: string, from: number, t: Target, promo: string, lift: boolean, carry: boolean): Walk {
  const board = [...w.board];
  const n: Walk = { ...w, board, lost: new Set(w.lost), released: null, texts: [...w.texts], ep: -1 };
  const d = s === "w" ? 1 : -1;
  let cell: Cell;
  if (carry) {
    // A union moves with its partner.
    cell = promo ? withOurs(board[from], s, promo) : board[from];
    board[from] = "";
    board[t.to] = cell;
  } else {
    if (lift) board[from] = "";
    let target = board[t.to];
    if (t.ep) {
      const beyond = at(t.to, 0, -d);
      target = board[beyond];
      board[beyond] = "";
    }
    // Progress is a new union (onto a single piece); stepping into a union is not.
    if (target !== "" && !union(target)) n.reset = true;
    const mine = promo || letter;
    const prev = ours(target, s);
    if (theirs(target, s).toUpperCase() === "K") n.win = true;
    board[t.to] = withOurs(target, s, mine);
    if (prev) {
      n.released = { letter: prev, sq: t.to };
      for (const [right, [, , r, rsq]] of Object.entries(HOME)) if (rsq === t.to && prev === r) n.lost.add(right);
    }
  }
  if (promo) n.reset = true;
  if (letter.toUpperCase() === "P" && relRank(from, s) === 1 && Math.abs(t.to - from) === 16) n.ep = (t.to + from) / 2;
  n.texts.push(`${letter} ${name(from)}-${name(t.to)}${promo ? "=" + promo : ""}`);
  checkRights(n);
  return n;
}

const promoLetters = (s: Side) => (s === "w" ? ["Q", "R", "B", "N"] : ["q", "r", "b", "n"]);
const lastRank = (sq: number, s: Side) => relRank(sq, s) === 7;

/** The steps a piece may take, promotions spelled out. */
function choices(board: Cell[], s: Side, letter: string, sq: number, onlyEmpty: boolean, ep: number): [Target, string][] {
  const out: [Target, string][] = [];
  for (const t of targets(board, s, letter, sq, onlyEmpty, ep)) {
    const ontoKing = theirs(board[t.to], s).toUpperCase() === "K";
    if (letter.toUpperCase() === "P" && lastRank(t.to, s) && !ontoKing) for (const p of promoLetters(s)) out.push([t, p]);
    else out.push([t, ""]);
  }
  return out;
}

/**
 * Every complete turn of side `s` from `board`, path by path. `onEnd` gets each
 * finished walk; returning true stops everything (used for threats).
 */
function turns(
  p: RefPos, s: Side, board0: Cell[], ep: number, withCastling: boolean, onEnd: (w: Walk) => boolean | void, shared = false,
): boolean {
  const start: Walk = { board: board0, released: null, texts: [], seen: new Set(), lost: new Set(), reset: false, ep: -1, win: false };
  const king = s === "w" ? "K" : "k";
  const cont = (w: Walk): boolean => {
    // The start has no released piece: ending with the board as it began repeats no state.
    if (!w.released) return onEnd(w) === true;
    const k = key(w.board, w.released) + (shared ? "|" + [...w.lost].sort().join("") : "");
    if (w.seen.has(k)) return false;
    // Per path (the rule taken literally), or one set for the whole turn (enough for
    // the set of results: any walk to a result shortens to one with no repetition).
    const seen = shared ? w.seen : new Set(w.seen);
    seen.add(k);
    const here = { ...w, seen };
    for (const [t, promo] of choices(w.board, s, w.released.letter, w.released.sq, false, ep)) {
      if (cont(step(here, s, w.released.letter, w.released.sq, t, promo, false, false))) return true;
    }
    return false;
  };
  for (let sq = 0; sq < 64; sq++) {
    const cell = board0[sq];
    const mine = ours(cell, s);
    if (!mine) continue;
    if (mine === king) {
      for (const t of targets(board0, s, mine, sq, true, -1)) if (cont(step(start, s, mine, sq, t, "", true, false))) return true;
    } else if (union(cell)) {
      for (const [t, promo] of choices(board0, s, mine, sq, true, -1)) if (cont(step(start, s, mine, sq, t, promo, true, true))) return true;
    } else {
      for (const [t, promo] of choices(board0, s, mine, sq, false, ep)) if (cont(step(start, s, mine, sq, t, promo, true, false))) return true;
    }
  }
  if (withCastling) {
    for (const right of s === "w" ? ["K", "Q"] : ["k", "q"]) {
      if (!p.castling.includes(right)) continue;
      const [k, ksq, , rsq] = HOME[right];
      const dir = rsq > ksq ? 1 : -1;
      const between = [];
      for (let x = ksq + dir; x !== rsq; x += dir) between.push(x);
      if (between.some((x) => board0[x] !== "")) continue;
      const kingPath = [ksq, ksq + dir, ksq + 2 * dir];
      if (kingPath.some((x) => threatenedAt(p, board0, ksq, x, s))) continue;
      const board = [...board0];
      board[ksq + 2 * dir] = k;
      board[ksq + dir] = board[rsq];
      board[ksq] = "";
      board[rsq] = "";
      const w: Walk = { ...start, board, lost: new Set(), texts: [`${k} ${name(ksq)}-${name(ksq + 2 * dir)}`] };
      checkRights(w);
      if (cont(w)) return true;
    }
  }
  return false;
}

/** With our king moved from `from` to `sq`, could the opponent unite a piece with it in one turn? */
function threatenedAt(p: RefPos, board0: Cell[], from: number, sq: number, s: Side): boolean {
  const board = [...board0];
  const k = board[from];
  board[from] = "";
  board[sq] = k;
  return threatened(p, board, sq, other(s));
}

/** Could side `by` (to move) unite a piece with the king on `sq`, pending promotions included? */
export function threatened(p: RefPos, board: Cell[], sq: number, by: Side): boolean {
  for (const b of promotedBoards(board, by)) {
    if (turns(p, by, b.board, -1, false, (w) => w.win && w.board[sq].length === 2)) return true;
  }
  return false;
}

/** The boards after every choice for the pending promotions of `s`, with their text. */
function promotedBoards(board: Cell[], s: Side): { board: Cell[]; texts: string[] }[] {
  let out = [{ board, texts: [] as string[] }];
  const pawn = s === "w" ? "P" : "p";
  for (let sq = 0; sq < 64; sq++) {
    if (ours(board[sq], s) !== pawn || !lastRank(sq, s)) continue;
    out = out.flatMap((o) => promoLetters(s).map((l) => {
      const b = [...o.board];
      b[sq] = withOurs(b[sq], s, l);
      return { board: b, texts: [...o.texts, `${pawn} ${name(sq)}=${l}`] };
    }));
  }
  return out;
}

const kingInUnion = (p: RefPos) => p.board.some((c) => union(c) && /k/i.test(c));

/**
 * Every legal move by its result: result FEN → all its texts (each a whole move,
 * as the rule allows it), the first being the shortest, then the first in string
 * order of its steps. `shared`: only the results (one visited set per turn; the
 * texts are then some, not all).
 */
export function results(fenText: string, shared = false): Map<string, string[]> {
  const p = parse(fenText);
  const out = new Map<string, string[]>();
  if (kingInUnion(p)) return out;
  const s = p.side;
  for (const pre of promotedBoards(p.board, s)) {
    turns(p, s, pre.board, p.ep, true, (w) => {
      const castling = [...p.castling].filter((r) => !w.lost.has(r)).join("");
      const reset = w.reset || pre.texts.length > 0;
      const next: RefPos = {
        board: w.board, side: other(s), castling, ep: w.ep,
        half: reset ? 0 : p.half + 1, full: s === "b" ? p.full + 1 : p.full,
      };
      const text = [...pre.texts, ...w.texts].join("; ");
      const f = fen(next);
      const list = out.get(f);
      if (list) list.push(text);
      else out.set(f, [text]);
    }, shared);
  }
  for (const list of out.values()) {
    list.sort((a, b) => {
      const x = a.split("; ");
      const y = b.split("; ");
      if (x.length !== y.length) return x.length - y.length;
      for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
      return 0;
    });
  }
  return out;
}

/** Perft by results. */
export function refPerft(fenText: string, depth: number): number {
  if (depth === 0) return 1;
  const r = results(fenText, true);
  if (depth === 1) return r.size;
  let n = 0;
  for (const f of r.keys()) n += refPerft(f, depth - 1);
  return n;
}

/** Is the side to move's king threatened? */
export function refThreatened(fenText: string): boolean {
  const p = parse(fenText);
  const k = p.board.findIndex((c) => c === (p.side === "w" ? "K" : "k"));
  return k >= 0 && threatened(p, p.board, k, other(p.side));
}
