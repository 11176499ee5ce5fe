/**
 * Atomic chess (docs/games/atomic.md#explosions): every capture is an explosion. The capturing
 * piece, the captured piece and every piece on the eight squares around the capture square
 * are removed, except the pieces the declaration names as surviving blasts (the pawns), which
 * only a capture of their own square removes. En passant explodes around the square the
 * capturing pawn lands on. As Fairy-Stockfish plays it.
 *
 * Blasts change what check means (docs/games/atomic.md#check), for a side's last royal piece:
 * - a move whose blast takes it is illegal, so a king never captures;
 * - a move whose blast takes the opponent's last royal piece is legal, whatever it leaves attacked;
 * - otherwise it must not be left attacked, but touching the opponent's last royal piece it
 *   cannot be: taking it would blow up the taker's own. Which piece was the last is judged
 *   before the move: one of two kings does not shield, even if the move leaves it the last.
 * A side with two or more royal pieces (only a FEN gives them) has none protected: no check.
 */
import { makeMoveText } from "../actions";
import { perVariant, type Mechanic } from "../mechanic";
import type { Move } from "../move";
import { pseudoMoveWritten } from "../listed";
import { attacked, makeMove, protectedRoyal } from "../movegen";
import { OFF, TYPE_MASK, type Position } from "../position";
import { refused } from "../refusals";
import type { Side } from "../variant";

/** `survivors`: the letters of the pieces a neighbouring blast leaves standing. */
export function explosions(options: { survivors: string[] }): Mechanic {
  // Per variant compiled with this mechanic: the surviving types as a bitmask, and the eight neighbour offsets.
  const tables = perVariant("explosions", (v, typeOf) => {
    const survivors = options.survivors.reduce((mask, letter) => mask | (1 << typeOf(letter)), 0);
    const s = v.geo.stride;
    return { survivors, around: [-s - 1, -s, -s + 1, -1, 1, s - 1, s, s + 1] };
  });

  /** Removes the piece on `centre` and every non-surviving piece around it. */
  function explode(pos: Position, centre: number): void {
    const { survivors, around } = tables(pos.variant);
    const board = pos.board;
    pos.put(centre, 0);
    for (let i = 0; i < 8; i++) {
      const sq = centre + around[i];
      const code = board[sq];
      if (code === OFF || code === 0) continue;
      const type = (code & TYPE_MASK) | ((code >> 5) & TYPE_MASK);
      if (!((survivors >> type) & 1)) pos.put(sq, 0);
    }
  }

  const touching = (pos: Position, a: number, b: number) =>
    a !== b && Math.abs(pos.geo.fileOf[a] - pos.geo.fileOf[b]) <= 1 && Math.abs(pos.geo.rankOf[a] - pos.geo.rankOf[b]) <= 1;

  /** Does the move blow up the mover's own last royal piece? (Played and taken back.) */
  function blowsUpOwn(pos: Position, m: Move): boolean {
    const us = pos.turn;
    makeMove(pos, m);
    const gone = pos.royalCount(us) === 0;
    pos.unmake();
    return gone;
  }

  return {
    name: "explosions",

    afterMove(pos, move, captured) {
      if (captured !== 0) explode(pos, move.to);
    },

    royalThreat(pos, side, sq) {
      const own = protectedRoyal(pos, side);
      if (own === -1) return false;
      const them = (1 - side) as Side;
      const theirs = protectedRoyal(pos, them);
      if (theirs !== -1 && touching(pos, sq, theirs)) return false;
      if (sq === own) return attacked(pos, sq, them);
      // Seen from `sq` with the royal piece lifted from its own square, as it would have left it.
      const code = pos.board[own];
      pos.board[own] = 0;
      const hit = attacked(pos, sq, them);
      pos.board[own] = code;
      return hit;
    },

    legal(pos, m) {
      const us = pos.turn;
      const them = (1 - us) as Side;
      // The opponent's last royal piece as it stands before the move: where it stood, it still shields a touching king.
      const theirs = protectedRoyal(pos, them);
      makeMove(pos, m);
      let ok = pos.royalCount(us) !== 0;
      if (ok && !(theirs !== -1 && pos.royalCount(them) === 0)) {
        const own = protectedRoyal(pos, us);
        ok = own === -1 || (theirs !== -1 && touching(pos, own, theirs)) || !attacked(pos, own, them);
      }
      pos.unmake();
      return ok;
    },

    explain(pos, actions) {
      if (protectedRoyal(pos, pos.turn) === -1) return undefined;
      const text = makeMoveText(actions);
      const m = pseudoMoveWritten(pos, text);
      if (!m) return undefined;
      if (!blowsUpOwn(pos, m)) return refused(text, "it would leave your king in check");
      const kingCaptures = (pos.variant.royalTypes >> m.piece) & 1;
      return refused(text, kingCaptures ? "a king cannot capture: the explosion would destroy it" : "the explosion would destroy your own king");
    },
  };
}
