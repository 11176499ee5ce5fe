/** Four Seasons Chess from docs/games/four-seasons.md alone (see ./shared.ts). */
import {
  ALFIL, army, clonePosition, coords, DIAG, fifthRepetition, KNIGHT, moveText, nextArmy, onBoard, ORTH, passTurn,
  pawnCaptureDirs, playing, sq, squareTargets, type Dir, type GameDef, type Movement, type Position, type RefMove,
  type Result, type Status,
} from "./shared";

/** "Forward" of each army's two kinds of pawn (docs/games/four-seasons.md#pawns). */
const FORWARD: Record<string, { P: Dir; L: Dir }> = {
  g: { P: [0, -1], L: [1, 0] },
  r: { P: [0, 1], L: [1, 0] },
  b: { P: [0, 1], L: [-1, 0] },
  w: { P: [0, -1], L: [-1, 0] },
};
const MOVES: Record<string, Movement> = {
  K: { riders: [], leapers: [...ORTH, ...DIAG] },
  R: { riders: ORTH, leapers: [] },
  N: { riders: [], leapers: KNIGHT },
  B: { riders: [], leapers: ALFIL },
  Q: { riders: [], leapers: DIAG },
};

const isPawn = (kind: string) => kind === "P" || kind === "L";

function attacks(pos: Position, from: string): string[] {
  const p = pos.board.get(from)!;
  if (isPawn(p.kind)) {
    const [f, r] = coords(from);
    return pawnCaptureDirs(FORWARD[p.army][p.kind as "P" | "L"])
      .filter(([df, dr]) => onBoard(fourSeasons, f + df, r + dr))
      .map(([df, dr]) => sq(f + df, r + dr));
  }
  return squareTargets(fourSeasons, pos.board, from, MOVES[p.kind]);
}

/** A king is in check when a piece of any other army (all on the board play) could take it. */
export function inCheck(pos: Position, a: string): boolean {
  const king = [...pos.board].find(([, p]) => p.army === a && p.kind === "K")?.[0];
  if (!king) return false;
  return [...pos.board].some(([s, p]) => p.army !== a && attacks(pos, s).includes(king));
}

function removeArmy(pos: Position, a: string) {
  army(pos, a).state = "x";
  for (const [s, p] of [...pos.board]) if (p.army === a) pos.board.delete(s);
}

/** The legal moves of army `a`, each with the board after it (turn not yet passed on). */
function rawMoves(pos: Position, a: string, limit = Infinity): { text: string; after: Position }[] {
  const out: { text: string; after: Position }[] = [];
  for (const [from, p] of pos.board) {
    if (out.length >= limit) break;
    if (p.army !== a) continue;
    let targets = attacks(pos, from);
    if (isPawn(p.kind)) {
      const [f, r] = coords(from);
      const [df, dr] = FORWARD[a][p.kind as "P" | "L"];
      targets = targets.filter((s) => pos.board.has(s));
      if (onBoard(fourSeasons, f + df, r + dr) && !pos.board.has(sq(f + df, r + dr))) targets.push(sq(f + df, r + dr));
    }
    for (const to of targets) {
      const taken = pos.board.get(to);
      if (taken && taken.army === a) continue;
      const after = clonePosition(pos);
      after.board.delete(from);
      let promo: string | undefined;
      if (isPawn(p.kind)) {
        const [df, dr] = FORWARD[a][p.kind as "P" | "L"];
        const [f, r] = coords(to);
        if (!onBoard(fourSeasons, f + df, r + dr)) promo = "Q";
      }
      after.board.set(to, promo ? { army: a, kind: "Q", promoted: true } : p);
      // A taken king puts its army out at once, its pieces off the board (#check-checkmate...); Q4.
      if (taken && taken.kind === "K") removeArmy(after, taken.army);
      if (inCheck(after, a)) continue;
      after.halfmove = taken || isPawn(p.kind) ? 0 : pos.halfmove + 1;
      out.push({ text: moveText(p.kind, from, to, promo), after });
    }
  }
  return out;
}

/**
 * Hands the turn on from `mover`; every army whose turn it becomes without a legal move
 * (checkmated or stalemated) goes out and its pieces leave, judged on its own turn.
 */
export function settle(pos: Position, mover: string): Position {
  const next = clonePosition(pos);
  let to = nextArmy(next, mover);
  while (playing(next).length > 1 && rawMoves(next, to, 1).length === 0) {
    removeArmy(next, to);
    to = nextArmy(next, to);
  }
  passTurn(next, mover, to);
  return next;
}

function legalMoves(pos: Position): RefMove[] {
  if (status(pos).over) return [];
  return rawMoves(pos, pos.toMove).map((m) => ({ text: m.text, next: settle(m.after, pos.toMove) }));
}

const draw = (reason: string, pos: Position): Result => ({
  reason,
  scores: Object.fromEntries(pos.armies.map((a) => [a.letter, 0])),
  winners: playing(pos),
});

function status(pos: Position, earlier: Position[] = []): Status {
  const live = playing(pos);
  if (live.length <= 1) return { over: true, ...draw("last-army-standing", pos) };
  if ([...pos.board.values()].every((p) => p.kind === "K")) return { over: true, ...draw("insufficient-material", pos) };
  if (pos.halfmove >= 100) return { over: true, ...draw("move-rule", pos) };
  if (fifthRepetition(fourSeasons, pos, earlier)) return { over: true, ...draw("repetition", pos) };
  return { over: false };
}

export const fourSeasons: GameDef = {
  id: "four-seasons",
  armies: "grbw",
  pieces: "KRNBQPL",
  files: 8,
  ranks: 8,
  exists: () => true,
  start: "gKgRgL2wLwRwK/gNgBgL2wLwBwN/gPgP4wPwP/8/8/rPrP4bPbP/rNrBrL2bLbBbN/rKrRrL2bLbRbK g g0,r0,b0,w0 - - 0 1",
  liveKingState: false,
  removesOut: true,
  enPassant: false,
  castling: {},
  legalMoves,
  status,
};
