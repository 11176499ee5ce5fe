/**
 * An independent, deliberately naive move generator for the 8×8 games with
 * mechanics (Companion Chess in its three forms, Magicpawns Chess), written
 * straight from the rule book (docs/games/companion.md, docs/games/magicpawns.md,
 * docs/notation.md) for the tests only. It shares no code with
 * lib/rules: plain arrays of pieces, brute-force attack tests, legality by playing
 * the whole move and looking at the king. There are no published perft numbers for
 * these games, so the engine's counts, move lists and resulting FENs are checked
 * against this one.
 */

export type Form = "chess" | "companion" | "companion-way2" | "companion-extended" | "magicpawns";

interface Piece {
  white: boolean;
  t: string; // K Q R B N P I
  carry: boolean;
}
type Board = (Piece | null)[];

export interface State {
  board: Board; // index rank * 8 + file
  white: boolean;
  castling: string; // subset of "KQkq" in that order
  ep: number; // -1 or square
  half: number;
  full: number;
}

export interface RefMove {
  text: string;
  next: State;
}

const FILES = "abcdefgh";
const name = (sq: number) => FILES[sq % 8] + String(Math.floor(sq / 8) + 1);
const sqOf = (n: string) => FILES.indexOf(n[0]) + 8 * (Number(n.slice(1)) - 1);
const rankOf = (sq: number) => Math.floor(sq / 8);
const fileOf = (sq: number) => sq % 8;
/** Rank counted from the piece owner's side, 0..7. */
const rel = (sq: number, white: boolean) => (white ? rankOf(sq) : 7 - rankOf(sq));
const at = (f: number, r: number) => (f < 0 || f > 7 || r < 0 || r > 7 ? -1 : r * 8 + f);
const letter = (t: string, white: boolean) => (white ? t : t.toLowerCase());

export function parse(fen: string): State {
  const [placement, side, castling, ep, half, full] = fen.trim().split(/\s+/);
  const board: Board = new Array(64).fill(null);
  placement.split("/").forEach((row, i) => {
    const r = 7 - i;
    let f = 0;
    for (let j = 0; j < row.length; j++) {
      const ch = row[j];
      if (/\d/.test(ch)) {
        f += Number(ch);
        continue;
      }
      const p: Piece = { white: ch === ch.toUpperCase(), t: ch.toUpperCase(), carry: false };
      if (row[j + 1] === "[") {
        p.carry = true;
        j += 3;
      }
      board[r * 8 + f++] = p;
    }
  });
  return {
    board,
    white: side === "w",
    castling: castling === "-" ? "" : castling,
    ep: ep === "-" ? -1 : sqOf(ep),
    half: Number(half),
    full: Number(full),
  };
}

/**
 * Is a pawn of the side to move beside the pawn that just double-stepped? Orthodox chess
 * writes the en passant square only then, as Fairy-Stockfish does (docs/notation.md#en-passant-square).
 */
function pawnStandsToTake(s: State): boolean {
  const victim = s.ep + (s.white ? -8 : 8);
  return [-1, 1].some((df) => {
    const f = fileOf(victim) + df;
    const p = f >= 0 && f < 8 ? s.board[rankOf(victim) * 8 + f] : undefined;
    return p?.t === "P" && p.white === s.white;
  });
}

/** `writtenOnlyWhenCapturable`: the en passant square only when a pawn stands to take (orthodox chess). */
export function fen(s: State, writtenOnlyWhenCapturable = false): string {
  const rows: string[] = [];
  for (let r = 7; r >= 0; r--) {
    let row = "";
    let empty = 0;
    for (let f = 0; f < 8; f++) {
      const p = s.board[r * 8 + f];
      if (!p) {
        empty++;
        continue;
      }
      if (empty) row += String(empty);
      empty = 0;
      row += letter(p.t, p.white) + (p.carry ? `[${letter("P", p.white)}]` : "");
    }
    if (empty) row += String(empty);
    rows.push(row);
  }
  return `${rows.join("/")} ${s.white ? "w" : "b"} ${s.castling || "-"} ${s.ep < 0 || (writtenOnlyWhenCapturable && !pawnStandsToTake(s)) ? "-" : name(s.ep)} ${s.half} ${s.full}`;
}

const KNIGHT = [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]];
const KING = [[1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1], [0, -1], [1, -1]];
const ROOK = [[1, 0], [-1, 0], [0, 1], [0, -1]];
const BISHOP = [[1, 1], [1, -1], [-1, 1], [-1, -1]];

/** Does the piece on `from` attack `to` (could capture there)? */
function attacks(b: Board, from: number, to: number): boolean {
  const p = b[from]!;
  const df = fileOf(to) - fileOf(from);
  const dr = rankOf(to) - rankOf(from);
  const fwd = p.white ? 1 : -1;
  switch (p.t) {
    case "P":
      return dr === fwd && Math.abs(df) === 1;
    case "I":
      return Math.abs(dr) === 1 && Math.abs(df) === 1;
    case "N":
      return (Math.abs(df) === 1 && Math.abs(dr) === 2) || (Math.abs(df) === 2 && Math.abs(dr) === 1);
    case "K":
      return Math.max(Math.abs(df), Math.abs(dr)) === 1;
  }
  const straight = df === 0 || dr === 0;
  const diagonal = Math.abs(df) === Math.abs(dr);
  if (df === 0 && dr === 0) return false;
  if (!((p.t === "R" || p.t === "Q") && straight) && !((p.t === "B" || p.t === "Q") && diagonal)) return false;
  const sf = Math.sign(df);
  const sr = Math.sign(dr);
  for (let f = fileOf(from) + sf, r = rankOf(from) + sr; f !== fileOf(to) || r !== rankOf(to); f += sf, r += sr) {
    if (b[r * 8 + f]) return false;
  }
  return true;
}

function attackedBy(b: Board, sq: number, white: boolean): boolean {
  for (let s = 0; s < 64; s++) if (b[s] && b[s]!.white === white && attacks(b, s, sq)) return true;
  return false;
}

function kingSquare(b: Board, white: boolean): number {
  return b.findIndex((p) => p && p.white === white && p.t === "K");
}

interface Pseudo {
  text: string;
  board: Board;
  resets: boolean; // pawn move or capture (fifty-move rule)
  ep?: number;
  /** Placement without moving / pass: the queen's square, for naming. */
  queen?: number;
  kind?: "place" | "pass";
  place?: number;
}

const isCompanion = (form: Form) => form.startsWith("companion");

/** Every legal move with its canonical text and the position after it. */
export function legalMoves(s: State, form: Form): RefMove[] {
  const us = s.white;
  const b = s.board;
  const out: Pseudo[] = [];
  // Pieces are never changed in place: a move copies the array and replaces what it changes.
  const copy = () => b.slice();
  const step = (from: number, to: number, promo?: string): string =>
    `${letter(b[from]!.t, us)} ${name(from)}-${name(to)}${promo ? `=${letter(promo, us)}` : ""}`;
  const landing = (sq: number): Piece => ({ white: us, t: rel(sq, us) >= 6 ? "I" : "P", carry: false });

  // A queen move (plain or capturing), with the placements a carrying queen may add.
  const queenMove = (from: number, to: number) => {
    const capture = b[to] !== null;
    const nb = copy();
    nb[to] = nb[from];
    nb[from] = null;
    out.push({ text: step(from, to), board: nb, resets: capture });
    if (!isCompanion(form) || !b[from]!.carry) return;
    const squares = new Set<number>([from]);
    if (form !== "companion-way2") {
      for (const [df, dr] of ROOK) {
        const s2 = at(fileOf(to) + df, rankOf(to) + dr);
        if (s2 >= 0 && nb[s2] === null) squares.add(s2);
      }
    }
    for (const p of squares) {
      const pb = nb.slice();
      pb[to] = { ...pb[to]!, carry: false };
      pb[p] = landing(p);
      out.push({ text: `${step(from, to)}; ${letter("P", us)}*${name(p)}`, board: pb, resets: true });
    }
  };

  const normal = (from: number, to: number) => {
    const nb = copy();
    const capture = b[to] !== null;
    nb[to] = nb[from];
    nb[from] = null;
    out.push({ text: step(from, to), board: nb, resets: capture });
  };

  // A move of a piece onto its own piece: attach (Companion) or swap (Magicpawns).
  const ontoOwn = (from: number, to: number) => {
    const p = b[from]!;
    const q = b[to]!;
    if (isCompanion(form) && p.t === "Q" && !p.carry && (q.t === "P" || q.t === "I")) {
      const nb = copy();
      nb[to] = { ...p, carry: true };
      nb[from] = null;
      out.push({ text: step(from, to), board: nb, resets: true });
    }
    if (form === "magicpawns" && p.t !== "P" && q.t === "P" && rel(from, us) !== 0) {
      const promos = rel(from, us) === 7 ? ["Q", "R", "B", "N"] : [undefined];
      for (const promo of promos) {
        const nb = copy();
        nb[to] = p;
        nb[from] = promo ? { white: us, t: promo, carry: false } : q;
        out.push({ text: step(from, to, promo), board: nb, resets: true });
      }
    }
  };

  for (let from = 0; from < 64; from++) {
    const p = b[from];
    if (!p || p.white !== us) continue;
    const f = fileOf(from);
    const r = rankOf(from);
    if (p.t === "P") {
      const fwd = us ? 1 : -1;
      const promote = (to: number, capture: boolean) => {
        if (rel(to, us) === 7) {
          for (const promo of ["Q", "R", "B", "N"]) {
            const nb = copy();
            nb[to] = { white: us, t: promo, carry: false };
            nb[from] = null;
            out.push({ text: step(from, to, promo), board: nb, resets: true });
          }
        } else {
          const nb = copy();
          nb[to] = nb[from];
          nb[from] = null;
          out.push({ text: step(from, to), board: nb, resets: true });
        }
        void capture;
      };
      const one = at(f, r + fwd);
      if (one >= 0 && !b[one]) {
        promote(one, false);
        const two = at(f, r + 2 * fwd);
        if (rel(from, us) === 1 && two >= 0 && !b[two]) {
          const nb = copy();
          nb[two] = nb[from];
          nb[from] = null;
          out.push({ text: step(from, two), board: nb, resets: true, ep: one });
        }
      }
      for (const df of [-1, 1]) {
        const to = at(f + df, r + fwd);
        if (to < 0) continue;
        if (b[to] && b[to]!.white !== us) promote(to, true);
        if (to === s.ep && !b[to]) {
          const victim = at(f + df, r);
          if (b[victim] && b[victim]!.white !== us && b[victim]!.t === "P") {
            const nb = copy();
            nb[to] = nb[from];
            nb[from] = null;
            nb[victim] = null;
            out.push({ text: step(from, to), board: nb, resets: true });
          }
        }
      }
      continue;
    }
    if (p.t === "I") {
      for (const [df, dr] of KING) {
        const to = at(f + df, r + dr);
        if (to < 0) continue;
        if (!b[to]) normal(from, to);
        else if (b[to]!.white !== us && df !== 0 && dr !== 0) normal(from, to);
      }
      continue;
    }
    const leaps = p.t === "N" ? KNIGHT : p.t === "K" ? KING : null;
    const lines = p.t === "R" ? ROOK : p.t === "B" ? BISHOP : p.t === "Q" ? [...ROOK, ...BISHOP] : null;
    const target = (to: number) => {
      if (!b[to]) (p.t === "Q" ? queenMove : normal)(from, to);
      else if (b[to]!.white !== us) (p.t === "Q" ? queenMove : normal)(from, to);
      else ontoOwn(from, to);
    };
    if (leaps) {
      for (const [df, dr] of leaps) {
        const to = at(f + df, r + dr);
        if (to >= 0) target(to);
      }
    }
    if (lines) {
      for (const [df, dr] of lines) {
        for (let k = 1; ; k++) {
          const to = at(f + df * k, r + dr * k);
          if (to < 0) break;
          target(to);
          if (b[to]) break;
        }
      }
    }
    // Companion: a carrying queen puts the pawn down next to her without moving (way 1).
    if (p.t === "Q" && p.carry && (form === "companion" || form === "companion-extended")) {
      for (const [df, dr] of ROOK) {
        const to = at(f + df, r + dr);
        if (to < 0 || b[to]) continue;
        const nb = copy();
        nb[from] = { ...p, carry: false };
        nb[to] = landing(to);
        out.push({ text: `${letter("P", us)}*${name(to)}`, board: nb, resets: true, queen: from, kind: "place", place: to });
      }
    }
    // Extended: the pregnancy pass.
    if (p.t === "Q" && !p.carry && form === "companion-extended") {
      const pawns = b.filter((x) => x && x.white === us && x.t === "P").length;
      if (pawns < 8) {
        const nb = copy();
        nb[from] = { ...p, carry: true };
        out.push({ text: "pass", board: nb, resets: true, queen: from, kind: "pass" });
      }
    }
  }

  // Castling (the rights imply king and rook on their squares).
  const home = us ? 0 : 56;
  const wings: [string, number, number[], number[]][] = [
    [us ? "K" : "k", 6, [5, 6], [4, 5, 6]],
    [us ? "Q" : "q", 2, [1, 2, 3], [4, 3, 2]],
  ];
  for (const [right, kf, empty, safe] of wings) {
    if (!s.castling.includes(right)) continue;
    if (empty.some((f) => b[home + f])) continue;
    if (safe.some((f) => attackedBy(b, home + f, !us))) continue;
    const nb = copy();
    const rookFrom = home + (kf === 6 ? 7 : 0);
    const rookTo = home + (kf === 6 ? 5 : 3);
    nb[home + kf] = nb[home + 4];
    nb[home + 4] = null;
    nb[rookTo] = nb[rookFrom];
    nb[rookFrom] = null;
    out.push({ text: `${letter("K", us)} ${name(home + 4)}-${name(home + kf)}`, board: nb, resets: false });
  }

  // Legality: the whole move played, the own king not attacked.
  const legal = out.filter((m) => !attackedBy(m.board, kingSquare(m.board, us), !us));

  // Naming (docs/notation.md "Naming"): placements without moving that another queen could make
  // legally too; passes when two or more queens carry nothing.
  const idle = b.filter((x) => x && x.white === us && x.t === "Q" && !x.carry).length;
  const named = legal.map((m) => {
    if (m.kind === "place" && legal.some((o) => o.kind === "place" && o.place === m.place && o.queen !== m.queen)) {
      return { ...m, text: `${letter("Q", us)} ${name(m.queen!)}; ${m.text}` };
    }
    if (m.kind === "pass" && idle >= 2) return { ...m, text: `${letter("Q", us)} ${name(m.queen!)}; pass` };
    return m;
  });

  return named.map((m) => {
    const castling = [...s.castling].filter((c) => {
      const white = c === c.toUpperCase();
      const rank = white ? 0 : 56;
      const king = m.board[rank + 4];
      const rook = m.board[rank + (c.toUpperCase() === "K" ? 7 : 0)];
      return king?.t === "K" && king.white === white && rook?.t === "R" && rook.white === white;
    });
    return {
      text: m.text,
      next: {
        board: m.board,
        white: !us,
        castling: castling.join(""),
        ep: m.ep ?? -1,
        half: m.resets ? 0 : s.half + 1,
        full: us ? s.full : s.full + 1,
      },
    };
  });
}

export function perft(s: State, form: Form, depth: number): number {
  if (depth === 0) return 1;
  const moves = legalMoves(s, form);
  if (depth === 1) return moves.length;
  let n = 0;
  for (const m of moves) n += perft(m.next, form, depth - 1);
  return n;
}
