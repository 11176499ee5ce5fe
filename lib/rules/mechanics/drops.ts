/**
 * Pieces in hand and drops (docs/games/crazyhouse.md#drops): a side's whole move may be
 * to put a piece from its hand down on an empty square (`Q*e4`, docs/notation.md). With
 * `capturesToHand` every piece a side captures joins its hand, as the piece it was before
 * any promotion (a promoted pawn, `Q~` in FEN, returns as a pawn).
 *
 * A drop is legal when it leaves the own king safe (it may block a check), and a piece is
 * never dropped where it may never stand (PieceDecl.forbiddenRanks: a Crazyhouse pawn on
 * the first or last rank; VariantDecl.noDeadEnds: a Shogi pawn or lance on the last rank,
 * a knight on the last two). A captured promoted piece of its own type (Shogi's `+P`)
 * joins the hand as its base piece. Shogi's further limits are options, each naming the
 * piece it binds (docs/games/shogi.md#drops):
 *   noDoubled       not dropped on a file that holds one of its owner's own (nifu);
 *   dropMateLoses   its drop that gives checkmate loses for the dropper (uchifuzume, as
 *                   Fairy-Stockfish reads it: the drop is legal, the game ends with it).
 *
 * The shared parts of every game with a hand (how many a side holds, a drop's text, why a
 * drop is refused) live here; the setup phase (setup.ts) uses them too.
 */
import type { Action } from "../actions";
import { perVariant, type Mechanic } from "../mechanic";
import { inCheck } from "../movegen";
import { MoveKind, newMove, type Move } from "../move";
import { letterOf } from "../notation/move";
import { mayStand, pieceCode, PROMOTED, typeOn, type Position } from "../position";
import { leavesRoyalAttacked, noSuchSquare, refused } from "../refusals";
import { win } from "../status";
import type { Side, Variant } from "../variant";

export interface DropOptions {
  /** Letters of the pieces a hand may hold, in the order FEN writes them (Fairy-Stockfish: the strongest first). */
  pieces: string[];
  /** Each captured piece joins the capturer's hand, as it was before any promotion (Fairy-Stockfish's capturesToHand). */
  capturesToHand: boolean;
  /**
   * The piece that promotes (Crazyhouse: the pawn): what it promotes into is marked promoted
   * (`Q~` in FEN) and, captured, joins the hand as this piece again.
   */
  promotedFrom?: string;
  /** Never dropped on a file that holds one of its owner's pieces of this letter (Shogi's pawn: nifu). */
  noDoubled?: string;
  /** A checkmate given by dropping this piece loses for the side that dropped it (Shogi's pawn: uchifuzume). */
  dropMateLoses?: string;
}

/** How many pieces a side holds. */
export function handSize(pos: Position, side: Side): number {
  let n = 0;
  for (let t = 1; t < 32; t++) n += pos.hand[side * 32 + t];
  return n;
}

/** Puts the moving side's piece of type `m.piece` from its hand down on `m.to` (through put/putHand, so it is undone). */
export function playDrop(pos: Position, m: Move): void {
  const us = pos.turn;
  pos.putHand(us, m.piece, pos.hand[us * 32 + m.piece] - 1);
  pos.put(m.to, pieceCode(us, m.piece));
  pos.dropped = m.piece;
  pos.halfmove = 0; // a drop cannot be undone: Fairy-Stockfish restarts the fifty-move count
}

/** A drop as its one action, `Q*e4`; undefined for a move that is no drop. */
export function dropActions(pos: Position, m: Move): Action[] | undefined {
  if (m.kind !== MoveKind.Mechanic || m.from !== -1) return undefined;
  return [{ type: "place", piece: letterOf(pos, m.piece, pos.turn), to: pos.geo.names[m.to] }];
}

const nameOf = (v: Variant, type: number) => v.types[type].name.toLowerCase();

/**
 * Why the placement `actions` (first a place) is no drop, for what every game with a hand
 * shares: a piece that is never held, more than the drop, nothing of it in hand, no such
 * square, a square taken. `where` says first why the game keeps this piece off this square
 * (undefined: it does not). Undefined when none of these is the reason.
 */
export function dropProblem(
  pos: Position, actions: readonly Action[], pieces: readonly string[],
  where: (type: number, sq: number) => string | undefined,
): string | undefined {
  const first = actions[0];
  if (first.type !== "place") return undefined;
  const v = pos.variant;
  const us = pos.turn;
  const text = `${first.piece}*${first.to}`;
  const letter = first.piece.toUpperCase();
  const t = v.byLetter.get(letter);
  if (!t || !pieces.includes(letter)) return refused(text, `no ${t ? nameOf(v, t) : `'${first.piece}'`} is ever put down here`);
  if (actions.length > 1) return refused(text, "putting a piece down is the whole move");
  if (handSize(pos, us) === 0) return refused(text, "you have no pieces left in hand");
  if (pos.hand[us * 32 + t] === 0) return refused(text, `you have no ${nameOf(v, t)} left in hand`);
  const sq = pos.geo.names.indexOf(first.to);
  if (sq < 0 || pos.board[sq] === -1) return refused(text, noSuchSquare(v));
  const why = where(t, sq);
  if (why) return refused(text, why);
  const code = pos.board[sq];
  if (code !== 0) {
    const own = typeOn(code, us);
    return refused(text, `${first.to} is taken by ${own ? "your" : "the opponent's"} ${nameOf(v, own || typeOn(code, (1 - us) as Side))}`);
  }
  return undefined;
}

export function drops(opts: DropOptions): Mechanic {
  // Per variant, looked up once: the hand types, for each type the type it joins a hand as (0: none),
  // and the types the Shogi options bind (0: none).
  const tablesOf = perVariant("drops", (v, typeOf) => {
    const held = opts.pieces.map(typeOf);
    const toHand = new Int8Array(32);
    for (const type of v.types.slice(1)) if (held.includes(type.base)) toHand[type.index] = type.base;
    const typeOrNone = (letter?: string) => (letter ? typeOf(letter) : 0);
    return { held, toHand, pawn: typeOrNone(opts.promotedFrom), undoubled: typeOrNone(opts.noDoubled), mateLoses: typeOrNone(opts.dropMateLoses) };
  });

  /** Whether a file (by a square on it) holds a piece of `type` of `side`. */
  function fileHolds(pos: Position, sq: number, type: number, side: Side): boolean {
    const stride = pos.geo.stride;
    for (let s = sq - pos.geo.rankOf[sq] * stride, r = 0; r < pos.geo.ranks; r++, s += stride) {
      if (typeOn(pos.board[s], side) === type) return true;
    }
    return false;
  }

  /** Why the game keeps a piece of `type` off `sq` (undefined: it does not). */
  function barred(pos: Position, type: number, sq: number): string | undefined {
    const us = pos.turn;
    const name = nameOf(pos.variant, type);
    if (!mayStand(pos, type, sq, us)) return `a ${name} cannot stand on ${pos.geo.names[sq]}`;
    if (type === tablesOf(pos.variant).undoubled && fileHolds(pos, sq, type, us)) {
      return `you already have a ${name} on the ${pos.geo.names[sq][0]} file`;
    }
    return undefined;
  }

  const mech: Mechanic = {
    name: "drops",
    fenMarks: { holdings: opts.pieces, ...(opts.promotedFrom ? { promoted: opts.promotedFrom } : {}) },
    putsDown: true,
    extend(pos, out) {
      const us = pos.turn;
      const { held, undoubled } = tablesOf(pos.variant);
      const board = pos.board;
      const squares = pos.geo.squares;
      for (let i = 0; i < held.length; i++) {
        const t = held[i];
        if (pos.hand[us * 32 + t] === 0) continue;
        for (let j = 0; j < squares.length; j++) {
          const sq = squares[j];
          if (board[sq] !== 0 || !mayStand(pos, t, sq, us)) continue;
          if (t === undoubled && fileHolds(pos, sq, t, us)) continue;
          out.push(newMove(MoveKind.Mechanic, -1, sq, t, 0, mech));
        }
      }
    },
    // Uchifuzume as Fairy-Stockfish scores it: mated by the drop of that piece, the mated side wins.
    ...(opts.dropMateLoses ? {
      status(pos: Position, legal: Move[]) {
        if (legal.length > 0 || pos.dropped === 0 || pos.dropped !== tablesOf(pos.variant).mateLoses) return undefined;
        return inCheck(pos, pos.turn) ? win(pos.turn, "pawn-drop-mate") : undefined;
      },
    } : {}),
    afterMove(pos, m, captured, capturedCode) {
      const mover = (1 - pos.turn) as Side;
      const { toHand, pawn } = tablesOf(pos.variant);
      if (opts.capturesToHand && captured) {
        const back = capturedCode & PROMOTED[pos.turn] ? pawn : toHand[captured];
        if (back) pos.putHand(mover, back, pos.hand[mover * 32 + back] + 1);
      }
      if (pawn && m.promo && m.kind === MoveKind.Step) pos.put(m.to, pos.board[m.to] | PROMOTED[mover]);
    },
    // Any piece besides the kings, on the board or in a hand, may yet be captured and dropped to mate
    // (K + N against K included: not worth telling apart from the positions that could).
    couldWin(pos, side) {
      const material = (s: Side) => handSize(pos, s) + pos.pieceCount(s) - pos.royalCount(s);
      return material(side) > 0 || (opts.capturesToHand && material((1 - side) as Side) > 0);
    },
    // Reading a position checks the declared pieces.
    validate(pos) {
      tablesOf(pos.variant);
    },
    make: playDrop,
    actions: dropActions,
    explain(pos, actions) {
      const why = dropProblem(pos, actions, opts.pieces, (t, sq) => barred(pos, t, sq));
      if (why || actions[0].type !== "place") return why;
      // Everything else about the drop is in order: it is refused for the king.
      return refused(`${actions[0].piece}*${actions[0].to}`, leavesRoyalAttacked(pos.variant));
    },
  };
  return mech;
}
