/**
 * Four-player chess (docs/games/four-player.md) and eight-player chess
 * (docs/games/eight-player.md), whose book is "four-player chess's rules for everything the
 * board does not change": one set of rules over a square board with holes, three modes.
 * See ./shared.ts.
 */
import {
  army, byScore, clonePosition, coords, DIAG, fifthRepetition, KNIGHT, moveText, nextArmy, onBoard, ORTH,
  passTurn, pawnCaptureDirs, playing, scoresOf, sq, squareTargets, type CastlingSide, type Dir, type GameDef,
  type Movement, type Piece, type Position, type RefMove, type Result, type Status,
} from "./shared";

export type Mode = "ffa" | "teams" | "pairs";

export interface CrossConfig {
  id: string;
  armies: string;
  files: number;
  ranks: number;
  exists(f: number, r: number): boolean;
  start: string;
  mode: Mode;
  forward: Record<string, Dir>;
  /** The line a pawn double-steps from. */
  pawnStart(a: string, f: number, r: number): boolean;
  promotesOn(a: string, f: number, r: number): boolean;
  /** Team or pair of each army (ffa: the army itself). */
  side: Record<string, string>;
  castling: Record<string, { K: CastlingSide; Q: CastlingSide }>;
  moveRule: number;
  /** Points for checking `kings` kings at once, `queensOnly` as the book defines it. */
  checkPoints(kings: number, queensOnly: boolean): number;
}

const MOVES: Record<string, Movement> = {
  K: { riders: [], leapers: [...ORTH, ...DIAG] },
  Q: { riders: [...ORTH, ...DIAG], leapers: [] },
  R: { riders: ORTH, leapers: [] },
  B: { riders: DIAG, leapers: [] },
  N: { riders: [], leapers: KNIGHT },
};
const VALUE: Record<string, number> = { P: 1, N: 3, B: 5, R: 5, Q: 9, K: 20 };

/** Castling from the book's table: the king two squares towards the rook, the rook to the square crossed. */
export function castlingSide(king: string, rook: string): CastlingSide {
  const [kf, kr] = coords(king);
  const [rf, rr] = coords(rook);
  const df = Math.sign(rf - kf);
  const dr = Math.sign(rr - kr);
  const between: string[] = [];
  for (let f = kf + df, r = kr + dr; f !== rf || r !== rr; f += df, r += dr) between.push(sq(f, r));
  return {
    king,
    rook,
    kingTo: sq(kf + 2 * df, kr + 2 * dr),
    rookTo: sq(kf + df, kr + dr),
    empty: between,
    safe: [king, sq(kf + df, kr + dr), sq(kf + 2 * df, kr + 2 * dr)],
  };
}

function inReach(kind: string, df: number, dr: number): boolean {
  if (kind === "N") return (df === 1 && dr === 2) || (df === 2 && dr === 1);
  if (kind === "K" || kind === "P") return df <= 1 && dr <= 1;
  const line = df === 0 || dr === 0;
  const diagonal = df === dr;
  return kind === "R" ? line : kind === "B" ? diagonal : line || diagonal;
}

interface Raw {
  text: string;
  after: Position; // board, captures, states, rights and halfmove done; turn not passed on
  mover: string;
}

export function makeCrossGame(c: CrossConfig): GameDef {
  const ffa = c.mode === "ffa";
  const opposed = (a: string, b: string) => c.side[a] !== c.side[b];
  /** Pieces that move and attack: those of playing armies (an out army's, its live king too, do not). */
  const active = (pos: Position, p: Piece) => army(pos, p.army).state === "";

  function attacks(pos: Position, from: string): string[] {
    const p = pos.board.get(from)!;
    if (p.kind === "P") {
      const [f, r] = coords(from);
      return pawnCaptureDirs(c.forward[p.army])
        .filter(([df, dr]) => onBoard(g, f + df, r + dr))
        .map(([df, dr]) => sq(f + df, r + dr));
    }
    return squareTargets(g, pos.board, from, MOVES[p.kind]);
  }

  /** Whether the piece on `from` attacks `s`. */
  function hits(pos: Position, from: string, s: string): boolean {
    const [sf, sr] = coords(s);
    const [f, r] = coords(from);
    // Only a piece on one of its lines through s can attack it; the others need no look.
    return inReach(pos.board.get(from)!.kind, Math.abs(sf - f), Math.abs(sr - r)) && attacks(pos, from).includes(s);
  }

  function attacked(pos: Position, s: string, a: string): boolean {
    for (const [from, p] of pos.board) if (opposed(p.army, a) && active(pos, p) && hits(pos, from, s)) return true;
    return false;
  }

  const kingOf = (pos: Position, a: string) => [...pos.board].find(([, p]) => p.army === a && p.kind === "K")?.[0];

  function inCheck(pos: Position, a: string): boolean {
    const k = kingOf(pos, a);
    return k !== undefined && attacked(pos, k, a);
  }

  /** Puts armies out: their pieces stay, dead; their castling rights go (Q5). */
  function putOut(pos: Position, letters: string[]) {
    for (const l of letters) {
      army(pos, l).state = "x";
      pos.castling = pos.castling.filter((r) => r[0] !== l);
    }
  }
  const pairOf = (a: string) => c.armies.split("").filter((l) => c.side[l] === c.side[a]);

  function rawMoves(pos: Position, a: string, limit = Infinity): Raw[] {
    const out: Raw[] = [];
    const add = (p: Piece, from: string, to: string, promo?: string, castle?: CastlingSide) => {
      const after = clonePosition(pos);
      const taken = pos.board.get(to);
      const me = army(after, a);
      after.board.delete(from);
      after.board.set(to, promo ? { army: a, kind: promo, promoted: true } : p);
      if (castle) {
        after.board.delete(castle.rook);
        after.board.set(castle.rookTo, pos.board.get(castle.rook)!);
      }
      let kingTaken = false;
      if (taken) {
        const owner = army(after, taken.army);
        if (taken.kind === "K" && owner.state !== "x") {
          kingTaken = true;
          if (ffa) {
            me.score += VALUE.K;
            putOut(after, [taken.army]);
          } else if (c.mode === "pairs") putOut(after, pairOf(taken.army));
        } else if (ffa && owner.state === "") me.score += taken.promoted ? 1 : VALUE[taken.kind];
      }
      // Teams: taking a king wins at once, legal even if the taker's king is left attacked.
      if (!(c.mode === "teams" && kingTaken) && inCheck(after, a)) return;
      const touched = [from, to];
      after.castling = after.castling.filter((r) => {
        const side = c.castling[r[0]][r[1] as "K" | "Q"];
        return !touched.includes(side.rook) && !touched.includes(side.king);
      });
      after.halfmove = taken || p.kind === "P" ? 0 : pos.halfmove + 1;
      out.push({ text: moveText(p.kind, from, to, promo), after, mover: a });
    };
    const choices = ffa ? ["Q"] : ["Q", "R", "B", "N"];
    for (const [from, p] of pos.board) {
      if (out.length >= limit) break;
      if (p.army !== a) continue;
      let targets = attacks(pos, from);
      if (p.kind === "P") {
        const [f, r] = coords(from);
        const [df, dr] = c.forward[a];
        targets = targets.filter((s) => pos.board.has(s));
        const one = sq(f + df, r + dr);
        if (onBoard(g, f + df, r + dr) && !pos.board.has(one)) {
          targets.push(one);
          const two = sq(f + 2 * df, r + 2 * dr);
          if (c.pawnStart(a, f, r) && onBoard(g, f + 2 * df, r + 2 * dr) && !pos.board.has(two)) targets.push(two);
        }
      }
      for (const to of targets) {
        const there = pos.board.get(to);
        if (there && (there.army === a || !opposed(there.army, a))) continue;
        const [tf, tr] = coords(to);
        if (p.kind === "P" && c.promotesOn(a, tf, tr)) for (const q of choices) add(p, from, to, q);
        else add(p, from, to);
      }
      if (p.kind === "K") {
        for (const right of pos.castling) {
          if (right[0] !== a) continue;
          const side = c.castling[a][right[1] as "K" | "Q"];
          if (side.king !== from) continue;
          if (side.empty.some((s) => pos.board.has(s))) continue;
          if (side.safe.some((s) => attacked(pos, s, a))) continue;
          add(p, from, side.kingTo, undefined, side);
        }
      }
    }
    return out;
  }

  const hasMove = (pos: Position, a: string) => rawMoves(pos, a, 1).length > 0;

  /** What a move brings after the board has changed: check points and immediate mates (ffa), the turn. */
  function finish(raw: Raw): Position {
    const next = raw.after;
    const a = raw.mover;
    if (ffa) {
      const me = army(next, a);
      const others = playing(next).filter((l) => l !== a);
      const mine = [...next.board].filter(([, p]) => p.army === a);
      let checked = 0;
      let queensOnly = true;
      for (const o of others) {
        const k = kingOf(next, o);
        if (!k) continue;
        const by = mine.filter(([s]) => hits(next, s, k));
        if (by.length === 0) continue;
        checked++;
        if (by.some(([, p]) => p.kind !== "Q")) queensOnly = false;
      }
      if (checked >= 2) me.score += c.checkPoints(checked, queensOnly);
      // Immediate checkmate, every other army judged on the same position (Q6).
      const mated = others.filter((o) => inCheck(next, o) && !hasMove(next, o));
      me.score += VALUE.K * mated.length;
      putOut(next, mated);
    }
    let to = nextArmy(next, a);
    if (c.mode !== "teams") {
      // Judged on the army's own turn: ffa stalemate (20 to itself), pairs checkmate or stalemate.
      while (playing(next).length > 1 && !hasMove(next, to)) {
        if (c.mode === "pairs" && !inCheck(next, to) && new Set(playing(next).map((l) => c.side[l])).size <= 2) break;
        if (ffa && !inCheck(next, to)) army(next, to).score += 20;
        putOut(next, ffa ? [to] : pairOf(to));
        to = nextArmy(next, to);
      }
    }
    passTurn(next, a, to);
    return next;
  }

  function claim(pos: Position): RefMove | undefined {
    const live = playing(pos);
    if (!ffa || live.length !== 2) return undefined;
    const me = pos.toMove;
    const other = live.find((l) => l !== me)!;
    const liveKings = pos.armies.filter((x) => x.state === "k" && kingOf(pos, x.letter)).length;
    const mine = army(pos, me).score;
    if (mine <= army(pos, other).score + 20 + 20 * liveKings) return undefined;
    if (pos.armies.some((x) => x.state !== "" && x.score >= mine)) return undefined;
    // The claim counts as resigning: the other army scores 20 and the game ends (Q3).
    const next = clonePosition(pos);
    army(next, other).score += 20;
    putOut(next, [me]);
    next.toMove = other; // the army to move may not be out
    return { text: "claim", next, end: byScore("claim-win", scoresOf(next)) };
  }

  function legalMoves(pos: Position): RefMove[] {
    if (status(pos).over) return [];
    const out: RefMove[] = rawMoves(pos, pos.toMove).map((r) => ({ text: r.text, next: finish(r) }));
    const cl = claim(pos);
    if (cl) out.push(cl);
    return out;
  }

  const sideResult = (reason: string, winners: string[]): Result => ({
    reason,
    scores: Object.fromEntries(c.armies.split("").map((l) => [l, 0])),
    winners,
  });

  function status(pos: Position, earlier: Position[] = []): Status {
    const live = playing(pos);
    const plus10 = () => Object.fromEntries(pos.armies.map((x) => [x.letter, x.score + (x.state === "" ? 10 : 0)]));
    if (ffa) {
      if (live.length <= 1) return { over: true, ...byScore("last-army-standing", scoresOf(pos)) };
      if (pos.halfmove >= c.moveRule) return { over: true, ...byScore("move-rule-points", plus10()) };
      if (fifthRepetition(g, pos, earlier)) return { over: true, ...byScore("repetition-points", plus10()) };
      return { over: false };
    }
    const sides = new Set(live.map((l) => c.side[l]));
    if (c.mode === "teams") {
      const lost = c.armies.split("").find((l) => !kingOf(pos, l));
      if (lost) return { over: true, ...sideResult("king-captured", c.armies.split("").filter((l) => opposed(l, lost))) };
    }
    if (sides.size <= 1) return { over: true, ...sideResult("last-army-standing", live) };
    const a = pos.toMove;
    if (!hasMove(pos, a)) {
      // Pairs settle a mate on the army's own turn as the move is made (finish), so only
      // teams meet a mated army to move here.
      if (c.mode === "teams" && inCheck(pos, a)) {
        return { over: true, ...sideResult("team-checkmate", c.armies.split("").filter((l) => opposed(l, a))) };
      }
      return { over: true, ...sideResult("stalemate", live) };
    }
    if (pos.halfmove >= c.moveRule) return { over: true, ...sideResult("move-rule", live) };
    if (fifthRepetition(g, pos, earlier)) return { over: true, ...sideResult("repetition", live) };
    return { over: false };
  }

  const g: GameDef = {
    id: c.id,
    armies: c.armies,
    pieces: "KQRBNP",
    files: c.files,
    ranks: c.ranks,
    exists: c.exists,
    start: c.start,
    liveKingState: ffa,
    removesOut: false,
    enPassant: false,
    castling: c.castling,
    legalMoves,
    status,
  };
  return g;
}
