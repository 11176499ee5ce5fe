/** Three-player chess (Dreierschach 2.3) from docs/games/three-player.md alone (see ./shared.ts). */
import {
  army, clonePosition, coords, fifthRepetition, moveText, nextArmy, passTurn, sq, type CastlingSide, type Dir,
  type EnPassant, type GameDef, type Position, type RefMove, type Result, type Status,
} from "./shared";

/** docs/games/three-player.md#board-and-cell-names */
const exists = (c: number, r: number) => c >= 1 && c <= 13 && r >= 1 && r <= 13 && c - r >= -5 && c - r <= 7;

/** The six straight directions in order round the cell; diagonal i is straight i + straight i+1. */
export const STRAIGHT: Dir[] = [[1, 0], [1, 1], [0, 1], [-1, 0], [-1, -1], [0, -1]];
const DIAGONAL = STRAIGHT.map((s, i) => {
  const t = STRAIGHT[(i + 1) % 6];
  return { d: [s[0] + t[0], s[1] + t[1]] as Dir, u: s, v: t };
});
const KNIGHT: Dir[] = [[3, 1], [2, -1], [3, 2], [2, 3], [1, 3], [-1, 2], [-3, -1], [-2, 1], [-3, -2], [-2, -3], [-1, -3], [1, -2]];

const FORWARD: Record<string, { straight: Dir[]; diagonal: Dir[] }> = {
  w: { straight: [[0, 1], [1, 1]], diagonal: [[2, 1], [1, 2], [-1, 1]] },
  g: { straight: [[1, 0], [0, -1]], diagonal: [[2, 1], [1, -1], [-1, -2]] },
  b: { straight: [[-1, 0], [-1, -1]], diagonal: [[-1, 1], [-2, -1], [-1, -2]] },
};
const onBaseline = (a: string, c: number, r: number) => (a === "w" ? r === 1 : a === "g" ? c - r === -5 : c === 13);
const pawnStart = (a: string, c: number, r: number) => (a === "w" ? r === 2 : a === "g" ? c - r === -4 : c === 12);
const promotesOn = (a: string, c: number, r: number) => "wgb".split("").some((o) => o !== a && onBaseline(o, c, r));

type Board = Position["board"];
const cell = (c: number, r: number) => (exists(c, r) ? sq(c, r) : undefined);
const emptyCell = (b: Board, c: number, r: number) => exists(c, r) && !b.has(sq(c, r));

/** The rule of the corner: a diagonal step from (c, r) between X+u and X+v needs one of them empty. */
function cornerOpen(b: Board, c: number, r: number, u: Dir, v: Dir): boolean {
  return emptyCell(b, c + u[0], r + u[1]) || emptyCell(b, c + v[0], r + v[1]);
}
const diagonalOf = (d: Dir) => DIAGONAL.find((x) => x.d[0] === d[0] && x.d[1] === d[1])!;

/** Cells a piece on `from` could take on (its captures; for a pawn, its three forward diagonals). */
function attacks(b: Board, from: string): string[] {
  const p = b.get(from)!;
  const [c, r] = coords(from);
  const out: string[] = [];
  const straight = (ride: boolean) => {
    for (const [dc, dr] of STRAIGHT) {
      for (let x = c + dc, y = r + dr; exists(x, y); x += dc, y += dr) {
        out.push(sq(x, y));
        if (b.has(sq(x, y)) || !ride) break;
      }
    }
  };
  const diagonal = (ride: boolean, dirs = DIAGONAL) => {
    for (const { d, u, v } of dirs) {
      for (let x = c, y = r; exists(x + d[0], y + d[1]) && cornerOpen(b, x, y, u, v); x += d[0], y += d[1]) {
        out.push(sq(x + d[0], y + d[1]));
        if (b.has(sq(x + d[0], y + d[1])) || !ride) break;
      }
    }
  };
  if (p.kind === "K") {
    straight(false);
    diagonal(false);
  } else if (p.kind === "Q") {
    straight(true);
    diagonal(true);
  } else if (p.kind === "R") straight(true);
  else if (p.kind === "B") diagonal(true);
  else if (p.kind === "N") {
    for (const [dc, dr] of KNIGHT) {
      const t = cell(c + dc, r + dr);
      if (t) out.push(t);
    }
  } else if (p.kind === "P") diagonal(false, FORWARD[p.army].diagonal.map(diagonalOf));
  return out;
}

const kingOf = (b: Board, a: string) => [...b].find(([, p]) => p.army === a && p.kind === "K")?.[0];

/** Whether `s` is attacked by a piece of an opponent of `a` still playing (an army whose king was taken is out). */
export function attacked(pos: Position, s: string, a: string): boolean {
  const [sc, sr] = coords(s);
  for (const [from, p] of pos.board) {
    if (p.army === a || army(pos, p.army).state !== "") continue;
    const [c, r] = coords(from);
    if (!inReach(p.kind, sc - c, sr - r)) continue;
    if (attacks(pos.board, from).includes(s)) return true;
  }
  return false;
}

/** Whether (dc, dr) lies on one of the piece's lines at all: a filter before the real test. */
function inReach(kind: string, dc: number, dr: number): boolean {
  const straight = dc === 0 || dr === 0 || dc === dr;
  const diagonal = dc === 2 * dr || dr === 2 * dc || dc === -dr;
  if (kind === "R") return straight;
  if (kind === "B") return diagonal;
  if (kind === "Q") return straight || diagonal;
  if (kind === "N") return KNIGHT.some(([x, y]) => x === dc && y === dr);
  return Math.abs(dc) <= 2 && Math.abs(dr) <= 2; // king and pawn: one step of either kind
}
export function inCheck(pos: Position, a: string): boolean {
  const k = kingOf(pos.board, a);
  return k !== undefined && attacked(pos, k, a);
}

const side = (king: string, kingTo: string, rook: string, rookTo: string, between: string[]): CastlingSide => ({
  king, kingTo, rook, rookTo, empty: between, safe: [king, ...between],
});
const CASTLING: Record<string, { K: CastlingSide; Q: CastlingSide }> = {
  w: { K: side("d1", "b1", "a1", "c1", ["c1", "b1"]), Q: side("d1", "g1", "h1", "f1", ["e1", "f1", "g1"]) },
  g: { K: side("e10", "g12", "h13", "f11", ["f11", "g12"]), Q: side("e10", "b7", "a6", "c8", ["d9", "c8", "b7"]) },
  b: { K: side("m9", "m7", "m6", "m8", ["m8", "m7"]), Q: side("m9", "m12", "m13", "m11", ["m10", "m11", "m12"]) },
};

const ORDER = "wgb";

function rawMoves(pos: Position, a: string, limit = Infinity): { text: string; next: Position }[] {
  const out: { text: string; next: Position }[] = [];
  const b = pos.board;
  const add = (from: string, to: string, opts: { promo?: string; epPawn?: string; castle?: CastlingSide; double?: string } = {}) => {
    const p = b.get(from)!;
    const taken = b.get(to) ?? (opts.epPawn ? b.get(opts.epPawn) : undefined);
    const next = clonePosition(pos);
    next.board.delete(from);
    if (opts.epPawn) next.board.delete(opts.epPawn);
    next.board.set(to, opts.promo ? { army: a, kind: opts.promo, promoted: true } : p);
    if (opts.castle) {
      next.board.delete(opts.castle.rook);
      next.board.set(opts.castle.rookTo, b.get(opts.castle.rook)!);
    }
    const kingTaken = taken?.kind === "K" ? taken.army : undefined;
    if (kingTaken) army(next, kingTaken).state = "x"; // Q9
    if (inCheck(next, a)) return;
    next.castling = next.castling.filter((right) => {
      const s = CASTLING[right[0]][right[1] as "K" | "Q"];
      return ![from, to].includes(s.king) && ![from, to].includes(s.rook);
    });
    // En passant rights: the mover's lapse; others last while their pawn stands and the cell is empty.
    const ep: EnPassant[] = next.ep.filter((e) => {
      const q = next.board.get(e.pawn);
      return e.army !== a && q?.army === e.army && q.kind === "P" && !next.board.has(e.passed);
    });
    if (opts.double) ep.push({ army: a, passed: opts.double, pawn: to });
    next.ep = ep.sort((x, y) => ORDER.indexOf(x.army) - ORDER.indexOf(y.army));
    next.halfmove = taken || p.kind === "P" ? 0 : pos.halfmove + 1;
    if (kingTaken) {
      // The game ends: the taker 3, the king's army 0, the third 1 (Q10).
      for (const x of next.armies) x.score = x.letter === a ? 3 : x.letter === kingTaken ? 0 : 1;
    }
    passTurn(next, a, nextArmy(next, a));
    out.push({ text: moveText(p.kind, from, to, opts.promo), next });
  };
  for (const [from, p] of b) {
    if (out.length >= limit) break;
    if (p.army !== a) continue;
    const [c, r] = coords(from);
    const targets = attacks(b, from).filter((t) => b.get(t)?.army !== a);
    if (p.kind !== "P") {
      for (const t of targets) add(from, t);
      if (p.kind === "K") {
        for (const right of pos.castling) {
          if (right[0] !== a) continue;
          const s = CASTLING[a][right[1] as "K" | "Q"];
          if (s.king !== from || s.empty.some((x) => b.has(x)) || s.safe.some((x) => attacked(pos, x, a))) continue;
          add(from, s.kingTo, { castle: s });
        }
      }
      continue;
    }
    const pawnTo = (t: string, extra: { epPawn?: string; double?: string } = {}) => {
      const [tc, tr] = coords(t);
      if (promotesOn(a, tc, tr)) for (const q of ["Q", "R", "B", "N"]) add(from, t, { ...extra, promo: q });
      else add(from, t, extra);
    };
    for (const [dc, dr] of FORWARD[a].straight) {
      if (!emptyCell(b, c + dc, r + dr)) continue;
      pawnTo(sq(c + dc, r + dr));
      if (pawnStart(a, c, r) && emptyCell(b, c + 2 * dc, r + 2 * dr)) pawnTo(sq(c + 2 * dc, r + 2 * dr), { double: sq(c + dc, r + dr) });
    }
    for (const t of targets) {
      if (b.has(t)) pawnTo(t);
      else {
        const e = pos.ep.find((x) => x.passed === t && x.army !== a);
        if (e) pawnTo(t, { epPawn: e.pawn });
      }
    }
  }
  return out;
}

function legalMoves(pos: Position): RefMove[] {
  if (status(pos).over) return [];
  return rawMoves(pos, pos.toMove);
}

const points = (reason: string, scores: Record<string, number>): Result => {
  const best = Math.max(...Object.values(scores));
  return { reason, scores, winners: Object.keys(scores).filter((k) => scores[k] === best) };
};
const even = (reason: string) => points(reason, { w: 1, g: 1, b: 1 });

function status(pos: Position, earlier: Position[] = []): Status {
  if (pos.armies.some((x) => x.state === "x")) {
    return { over: true, ...points("king-captured", Object.fromEntries(pos.armies.map((x) => [x.letter, x.score]))) };
  }
  const a = pos.toMove;
  if (rawMoves(pos, a, 1).length === 0) {
    if (!inCheck(pos, a)) return { over: true, ...even("stalemate") };
    // The winner: of the two armies after the mated one, the first whose pieces attack its king.
    const king = kingOf(pos.board, a)!;
    const after = [1, 2].map((k) => ORDER[(ORDER.indexOf(a) + k) % 3]);
    const winner = after.find((o) => [...pos.board].some(([s, p]) => p.army === o && attacks(pos.board, s).includes(king)))!;
    const scores = Object.fromEntries(ORDER.split("").map((x) => [x, x === winner ? 3 : x === a ? 0 : 1]));
    return { over: true, ...points("checkmate", scores) };
  }
  if ([...pos.board.values()].every((p) => p.kind === "K")) return { over: true, ...even("insufficient-material") };
  if (pos.halfmove >= 150) return { over: true, ...even("move-rule") };
  if (fifthRepetition(threePlayer, pos, earlier)) return { over: true, ...even("repetition") };
  return { over: false };
}

export const threePlayer: GameDef = {
  id: "three-player",
  armies: ORDER,
  pieces: "KQRBNP",
  files: 13,
  ranks: 13,
  exists,
  start:
    "gRgP2bPbR/gBgP3bPbN/gNgP4bPbB/gKgP5bPbQ/gQgP6bPbK/gBgP7bPbN/gNgP8bPbB/gRgP9bPbR/gP10bP/11/10/wPwPwPwPwPwPwPwPwP/wRwBwNwKwQwBwNwR w w0,g0,b0 wKQgKQbKQ - 0 1",
  liveKingState: false,
  removesOut: false,
  enPassant: true,
  castling: CASTLING,
  legalMoves,
  status,
};
