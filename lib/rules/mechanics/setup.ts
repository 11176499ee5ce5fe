/**
 * A setup phase (docs/games/sittuyin.md#setup): each side begins with pieces in hand
 * and, while it holds any, its whole move is to put one down on an empty square of
 * its own region (`K*e2`). The phase ends for each side when its hand is empty; the
 * game then goes on with ordinary moves. A side whose every drop is illegal (in
 * check with no drop that blocks it) moves on the board instead.
 */
import type { Mechanic } from "../mechanic";
import { inCheck, makeMove } from "../movegen";
import { MoveKind, newMove, type Move } from "../move";
import type { Position } from "../position";
import type { Side } from "../variant";
import { dropActions, dropProblem, handSize, playDrop } from "./drops";

export interface SetupOptions {
  /** Letters of the pieces a hand may hold, in the order FEN writes them. */
  pieces: string[];
  /** Ranks (1-based, counted from the owner's side) a piece may be put down on. */
  ranks: number[];
  /** Pieces kept to fewer ranks than that (Sittuyin: the rook to the first). */
  only?: Record<string, number[]>;
}

export function setup(opts: SetupOptions): Mechanic {
  const ranksFor = (letter: string) => opts.only?.[letter] ?? opts.ranks;

  /** Every drop of the side to move, legal or not. */
  function drops(pos: Position): Move[] {
    const us = pos.turn;
    const out: Move[] = [];
    for (const letter of opts.pieces) {
      const t = pos.variant.byLetter.get(letter)!;
      if (pos.hand[us * 32 + t] === 0) continue;
      const ranks = ranksFor(letter);
      for (const sq of pos.geo.squares) {
        if (pos.board[sq] === 0 && ranks.includes(pos.relativeRank(sq, us) + 1)) {
          out.push(newMove(MoveKind.Mechanic, -1, sq, t, 0, mech));
        }
      }
    }
    return out;
  }

  function legalDrop(pos: Position, m: Move): boolean {
    const us = pos.turn;
    makeMove(pos, m);
    const ok = !inCheck(pos, us);
    pos.unmake();
    return ok;
  }

  /** The drops, when the side to move must drop: it holds pieces and one of its drops is legal. */
  function compulsoryDrops(pos: Position): Move[] | undefined {
    if (handSize(pos, pos.turn) === 0) return undefined;
    const all = drops(pos);
    // A drop cannot uncover the king, so out of check every drop is legal.
    const any = !inCheck(pos, pos.turn) ? all.length > 0 : all.some((m) => legalDrop(pos, m));
    return any ? all : undefined;
  }

  /** The board ranks (1-based) of a side's region for a piece, as players name them. */
  function rankNames(pos: Position, side: Side, letter: string): string {
    const r = ranksFor(letter).map((k) => (side === 0 ? k : pos.geo.ranks + 1 - k)).sort((a, b) => a - b);
    return r.length === 1 ? `rank ${r[0]}` : `ranks ${r[0]}–${r[r.length - 1]}`;
  }

  const mech: Mechanic = {
    name: "setup",
    fenMarks: { holdings: opts.pieces },
    putsDown: true,
    extend(pos, out) {
      const forced = compulsoryDrops(pos);
      if (!forced) return;
      out.length = 0;
      out.push(...forced);
    },
    make: playDrop,
    actions: dropActions,
    explain(pos, actions) {
      if (actions[0].type !== "place") {
        return compulsoryDrops(pos) ? "you still hold pieces in hand: put one down first (like K*e2)" : undefined;
      }
      return dropProblem(pos, actions, opts.pieces, (t, sq) => {
        const letter = pos.variant.types[t].letter;
        if (ranksFor(letter).includes(pos.relativeRank(sq, pos.turn) + 1)) return undefined;
        return `a ${pos.variant.types[t].name.toLowerCase()} is put down only on your own side, ${rankNames(pos, pos.turn, letter)}`;
      });
    },
  };
  return mech;
}
