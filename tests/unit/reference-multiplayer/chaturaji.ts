/** Chaturaji from docs/games/chaturaji.md alone (see ./shared.ts). */
import {
  army, byScore, clonePosition, coords, DIAG, fifthRepetition, KNIGHT, moveText, nextArmy, onBoard, ORTH,
  passTurn, pawnCaptureDirs, playing, scoresOf, sq, squareTargets, type Dir, type GameDef, type Movement,
  type Piece, type Position, type RefMove, type Status,
} from "./shared";

const FORWARD: Record<string, Dir> = { r: [0, 1], b: [1, 0], y: [0, -1], g: [-1, 0] };
const MOVES: Record<string, Movement> = {
  K: { riders: [], leapers: [...ORTH, ...DIAG] },
  R: { riders: ORTH, leapers: [] },
  B: { riders: DIAG, leapers: [] },
  N: { riders: [], leapers: KNIGHT },
};
const VALUE: Record<string, number> = { P: 1, N: 3, K: 3, B: 5, R: 5 };

const dead = (pos: Position, p: Piece) => army(pos, p.army).state !== "";

/** Points for taking `p` (docs/games/chaturaji.md#points). */
function takeValue(pos: Position, p: Piece): number {
  if (dead(pos, p)) return p.kind === "K" ? 3 : 0;
  return p.promoted ? 1 : VALUE[p.kind];
}

/** Squares the piece on `from` attacks (could take on). */
function attacks(pos: Position, from: string): string[] {
  const p = pos.board.get(from)!;
  if (p.kind === "P") {
    const [f, r] = coords(from);
    return pawnCaptureDirs(FORWARD[p.army])
      .filter(([df, dr]) => onBoard(chaturaji, f + df, r + dr))
      .map(([df, dr]) => sq(f + df, r + dr));
  }
  return squareTargets(chaturaji, pos.board, from, MOVES[p.kind]);
}

const promotes = (a: string, to: string) => {
  const [f, r] = coords(to);
  return (a === "r" && r === 8) || (a === "b" && f === 8) || (a === "y" && r === 1) || (a === "g" && f === 1);
};

function play(pos: Position, from: string, to: string): RefMove {
  const next = clonePosition(pos);
  const mover = pos.toMove;
  const p = pos.board.get(from)!;
  const taken = pos.board.get(to);
  const me = army(next, mover);
  let promo: string | undefined;
  next.board.delete(from);
  if (p.kind === "P" && promotes(mover, to)) {
    promo = "R";
    next.board.set(to, { army: mover, kind: "R", promoted: true });
  } else next.board.set(to, p);
  if (taken) {
    me.score += takeValue(pos, taken);
    // A playing army's king taken: the army is out, its pieces stay dead (#taking-a-king-dead-armies).
    if (taken.kind === "K" && !dead(pos, taken)) army(next, taken.army).state = "x";
  }
  // Checks scored after the capture; only kings of playing armies count (Q1).
  let checked = 0;
  const mine = [...next.board].filter(([, q]) => q.army === mover).map(([s]) => s);
  for (const [s, q] of next.board) {
    if (q.kind !== "K" || q.army === mover || army(next, q.army).state !== "") continue;
    if (mine.some((m) => attacks(next, m).includes(s))) checked++;
  }
  if (checked === 2) me.score += 1;
  if (checked >= 3) me.score += 5;
  next.halfmove = taken || p.kind === "P" ? 0 : pos.halfmove + 1;
  passTurn(next, mover, nextArmy(next, mover));
  return { text: moveText(p.kind, from, to, promo), next };
}

function legalMoves(pos: Position): RefMove[] {
  if (status(pos).over) return [];
  const mover = pos.toMove;
  const out: RefMove[] = [];
  for (const [from, p] of pos.board) {
    if (p.army !== mover) continue;
    let targets: string[];
    if (p.kind === "P") {
      const [f, r] = coords(from);
      const [df, dr] = FORWARD[mover];
      const step = onBoard(chaturaji, f + df, r + dr) && !pos.board.has(sq(f + df, r + dr)) ? [sq(f + df, r + dr)] : [];
      targets = [...step, ...attacks(pos, from).filter((s) => pos.board.has(s))];
    } else targets = attacks(pos, from);
    for (const to of targets) {
      const there = pos.board.get(to);
      if (there && there.army === mover) continue;
      out.push(play(pos, from, to));
    }
  }
  if (out.length === 0) {
    const next = clonePosition(pos);
    next.halfmove++;
    passTurn(next, mover, nextArmy(next, mover));
    out.push({ text: "pass", next });
  }
  const claim = claimMove(pos);
  if (claim) out.push(claim);
  return out;
}

/** docs/games/chaturaji.md#game-end, "Claiming the win" (Q2). */
function claimMove(pos: Position): RefMove | undefined {
  const live = playing(pos);
  if (live.length !== 2) return undefined;
  const me = pos.toMove;
  const other = live.find((a) => a !== me)!;
  const kings = [...pos.board.values()].filter((p) => p.kind === "K" && p.army !== me).length;
  const mine = army(pos, me).score + 3 * kings;
  const ok = pos.armies.every((a) => a.letter === me || mine > a.score + (a.letter === other ? 3 : 0));
  if (!ok) return undefined;
  const next = clonePosition(pos);
  army(next, me).score = mine;
  // The position cannot say the game ended by a claim; the move carries the result (Q3).
  return { text: "claim", next, end: byScore("claim-win", scoresOf(next)) };
}

function status(pos: Position, earlier: Position[] = []): Status {
  const live = playing(pos);
  if (live.length <= 1) {
    const kingsLeft = [...pos.board.values()].some((p) => p.kind === "K" && !live.includes(p.army));
    return { over: true, ...byScore(kingsLeft ? "last-army-standing" : "kings-captured", scoresOf(pos)) };
  }
  if (pos.halfmove >= 100) return { over: true, ...byScore("move-rule-points", scoresOf(pos)) };
  if (fifthRepetition(chaturaji, pos, earlier)) return { over: true, ...byScore("repetition-points", scoresOf(pos)) };
  return { over: false };
}

export const chaturaji: GameDef = {
  id: "chaturaji",
  armies: "rbyg",
  pieces: "KRBNP",
  files: 8,
  ranks: 8,
  exists: () => true,
  start: "bRbP2yKyByNyR/bNbP2yPyPyPyP/bBbP6/bKbP6/6gPgK/6gPgB/rPrPrPrP2gPgN/rRrNrBrK2gPgR r r0,b0,y0,g0 - - 0 1",
  liveKingState: false,
  removesOut: false,
  enPassant: false,
  castling: {},
  legalMoves,
  status,
};
