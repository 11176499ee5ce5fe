/**
 * The bot's judgement of a position of a game for more than two (docs/bot.md#games-for-more-than-two),
 * from one side's point of view (an army, or its team or pair): material, the pawns' way to
 * promotion, development towards the centre, a little king shelter, and the points where the
 * game counts them. Nothing per game: values come from the declaration, or are estimated from
 * the pieces' moves as the two-player bot estimates them (evaluate.ts).
 */
import type { MultiEnd } from "../rules/multi/engine";
import type { CompiledGame, Position } from "../rules/multi/position";
import { estimatedValue, PAWN, reachWeight } from "./evaluate";

/** A win, less the plies to it (nearer wins better); a loss is its negative. */
export const MULTI_WIN = 1_000_000;
/** Per opposing side gone out: more than any army's worth changes the others' average by. */
const SIDE_OUT = 20 * PAWN;
/** Per point scored, where points decide the result (Chaturaji, all against all). */
const POINT = PAWN;
/** Per own piece beside the king, up to three. */
const SHELTER = 8;
/** Per step nearer the board's centre, for a piece that is neither pawn nor king. */
const CENTRE = 2;

export interface MultiWeights {
  /** Per piece letter, its value on the board in centipawns; 0 for the king. */
  value: Map<string, number>;
  /** Per piece letter: the most its promotion gains (pawns), else 0. */
  promotionGain: Map<string, number>;
  /** Whether points count during the game (their scores decide the result). */
  points: boolean;
  /** Per army, the steps to the cells beside its king (its king's moves). */
  around: [number, number][][];
  /** How many sides (armies, teams or pairs) the game has. */
  sides: number;
}

const weightsOf = new WeakMap<CompiledGame, MultiWeights>();

export function multiWeights(g: CompiledGame): MultiWeights {
  let w = weightsOf.get(g);
  if (w) return w;
  const value = new Map<string, number>();
  for (const p of g.decl.pieces) value.set(p.letter, p.royal ? 0 : Math.round(multiPieceValue(g, p.letter) * PAWN));
  const promotionGain = new Map<string, number>();
  for (const p of g.decl.pieces)
    promotionGain.set(p.letter, p.pawn ? Math.max(0, ...g.decl.promotesTo.map((q) => value.get(q)! - value.get(p.letter)!)) : 0);
  const king = g.decl.pieces.find((p) => p.royal)!.letter;
  w = {
    value,
    promotionGain,
    points: g.decl.mode === "kings" || g.decl.mode === "points",
    around: g.atoms.map((byKind) => byKind.get(king)!.map((a) => [a.v[0], a.v[1]] as [number, number])),
    sides: new Set(g.side).size,
  };
  weightsOf.set(g, w);
  return w;
}

/**
 * A piece's value in pawns: its declaration's (the points it scores, where the game has
 * them), else estimated from its moves on the empty board as pieceValue does for two
 * (evaluate.ts): every cell it reaches from every cell, a line's cells less than a step's.
 */
export function multiPieceValue(g: CompiledGame, kind: string): number {
  const decl = g.pieces.get(kind)!;
  if (decl.value !== undefined) return decl.value;
  const b = g.board;
  let reached = 0;
  for (let from = 0; from < b.cells.length; from++)
    for (const a of g.atoms[0].get(kind)!) {
      if (a.initial || !(a.move || a.capture)) continue;
      const weight = reachWeight(a.ride, a.move, a.capture, false);
      for (let to = b.step(from, a.v); to >= 0; to = a.ride ? b.step(to, a.v) : -1) reached += weight;
    }
  return estimatedValue(reached, b.cells.length, decl.pawn === true && g.decl.promotesTo.length > 0);
}

/** The same position always gets the same noise for the same seed: a misjudgement, not a dice roll. */
function noiseOf(hash: number, seed: number, noise: number): number {
  if (!noise) return 0;
  let h = Math.imul(hash ^ seed, 0x9e3779b1);
  h ^= h >>> 15;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return ((h >>> 0) % (2 * noise + 1)) - noise;
}

/**
 * What the position is worth to `side` (an army's side number, CompiledGame.side), in
 * centipawns: its armies' worth less the average of the other sides', with a bonus for each
 * other side gone out (so putting one out never looks like a loss when the average of those
 * left goes up), and points scored less the others' average. A side all out is worth its
 * points only, less the same bonus.
 */
export function evaluateMulti(g: CompiledGame, w: MultiWeights, pos: Position, side: number, noise = 0, seed = 0): number {
  const worth = new Map<number, number>();
  const b = g.board;
  const hex = b.lattice === "hex";
  const cf = (b.files - 1) / 2;
  const cr = (b.ranks - 1) / 2;
  let hash = 0x811c9dc5;
  for (let c = 0; c < pos.board.length; c++) {
    const p = pos.board[c];
    if (!p) continue;
    hash = Math.imul(hash ^ (c * 977 + p.army * 61 + p.kind.charCodeAt(0)), 0x01000193);
    if (pos.states[p.army] !== "") continue;
    let v = w.value.get(p.kind)!;
    const cell = b.cells[c];
    const gain = w.promotionGain.get(p.kind)!;
    if (gain && !hex) {
      // Hexagonal pawns promote on two bases, not along one rank: no progress is counted there.
      const progress = Math.min(1, (g.ownRank(p.army, p.kind, c) - 1) / Math.max(1, g.decl.promotionRank - 1));
      v += Math.round(gain * 0.2 * progress * progress * progress);
    } else if (v && !gain) {
      v += CENTRE * Math.round(cf + cr - Math.abs(cell.file - cf) - Math.abs(cell.rank - cr));
    } else if (!v) {
      let shelter = 0;
      for (const d of w.around[p.army]) {
        const n = b.at(cell.file + d[0], cell.rank + d[1]);
        if (n >= 0 && pos.board[n]?.army === p.army) shelter++;
      }
      v += SHELTER * Math.min(3, shelter);
    }
    const s = g.side[p.army];
    worth.set(s, (worth.get(s) ?? 0) + v);
  }
  let mine = 0;
  let others = 0;
  let othersPlaying = 0;
  let outBonus = 0;
  const playing = new Set<number>();
  pos.states.forEach((st, a) => st === "" && playing.add(g.side[a]));
  for (const s of new Set(g.side)) {
    if (s === side) {
      mine = worth.get(s) ?? 0;
      if (!playing.has(s)) outBonus -= SIDE_OUT;
    } else if (playing.has(s)) {
      others += worth.get(s) ?? 0;
      othersPlaying++;
    } else outBonus += SIDE_OUT;
  }
  let value = mine - (othersPlaying ? others / othersPlaying : 0) + outBonus;
  if (w.points) value += POINT * scoreLead(g, w, pos.scores, side);
  return Math.round(value) + noiseOf(hash, seed, noise);
}

/** The side's points less the other sides' average (every side counted, out or not: its points still place it). */
function scoreLead(g: CompiledGame, w: MultiWeights, scores: readonly number[], side: number): number {
  let mine = 0;
  let others = 0;
  scores.forEach((s, a) => (g.side[a] === side ? (mine += s) : (others += s)));
  return mine - others / Math.max(1, w.sides - 1);
}

/**
 * An ended game's worth to `side`: a win alone, nearer better; a loss; a result shared with
 * other sides as a draw (0), where points count the points' lead breaking ties between such ends.
 */
export function endValue(g: CompiledGame, w: MultiWeights, end: MultiEnd, side: number, ply: number): number {
  const winners = new Set(end.winners.map((a) => g.side[a]));
  if (!winners.has(side)) return -(MULTI_WIN - ply);
  if (winners.size === 1) return MULTI_WIN - ply;
  return w.points ? POINT * scoreLead(g, w, end.scores, side) : 0;
}
