/**
 * The duck (docs/games/duck.md): after every piece move the player moves the duck, a
 * neutral piece that blocks everyone and that no one may take, to another empty square.
 *
 * The duck is the DUCK code of its square (position.ts): the core generator and attack
 * test already treat it as a blocker no one may capture. This mechanic turns each piece
 * move the core generated into one move per square the duck may go to (every square empty
 * after the piece move but the one the duck stands on: the first time, any empty square),
 * writes it as the piece move then `duck d5`, and moves the duck after the piece.
 *
 * It acts on no piece of the game, so it takes no piece letters.
 */
import { makeActionText, makeMoveText, type Action } from "../actions";
import { RulesError } from "../errors";
import type { Mechanic } from "../mechanic";
import { MoveKind, newMove, type Move } from "../move";
import { castlingSquares, castlingWing, pseudoMoves } from "../movegen";
import { castleAction, coreAction } from "../notation/move";
import { DUCK, OFF, typeOn, type Position } from "../position";
import { noSuchSquare, refused } from "../refusals";
import type { Side } from "../variant";

const EXAMPLE = "'P e2-e4; duck d5'";

export function duck(): Mechanic {
  // Scratch list of the empty squares of the position being generated (reused: generation is hot).
  let empties = new Int32Array(0);

  /** The squares a piece move empties and fills besides `from` and `to`: castling's rook, en passant's victim. */
  function squaresOf(pos: Position, m: Move): { freed: number[]; filled: number[] } {
    if (m.kind === MoveKind.Castle) {
      const s = castlingSquares(pos, pos.turn, castlingWing(pos, m));
      const filled = [s.kingTo, s.rookTo];
      return { freed: [s.king, s.rook].filter((sq) => !filled.includes(sq)), filled };
    }
    if (m.kind === MoveKind.EnPassant) return { freed: [m.from, m.to - pos.forward(pos.turn)], filled: [m.to] };
    return { freed: [m.from], filled: [m.to] };
  }

  const mech: Mechanic = {
    name: "duck",
    fenMarks: { duck: true },

    extend(pos, out) {
      const { board, geo } = pos;
      const squares = geo.squares;
      if (empties.length < squares.length) empties = new Int32Array(squares.length);
      let n = 0;
      let from = -1;
      for (let i = 0; i < squares.length; i++) {
        const sq = squares[i];
        const code = board[sq];
        if (code === 0) empties[n++] = sq;
        else if (code === DUCK) from = sq;
      }
      const pieceMoves = out.slice();
      out.length = 0;
      for (let i = 0; i < pieceMoves.length; i++) {
        const m = pieceMoves[i];
        const add = (sq: number) => out.push(newMove(m.kind, m.from, m.to, m.piece, m.promo, mech, sq, from));
        if (m.kind === MoveKind.Step) {
          // The common case without allocation: every empty square but the one the piece lands on, and the one it left.
          for (let j = 0; j < n; j++) if (empties[j] !== m.to) add(empties[j]);
          add(m.from);
          continue;
        }
        const { freed, filled } = squaresOf(pos, m);
        for (let j = 0; j < n; j++) if (!filled.includes(empties[j])) add(empties[j]);
        for (const sq of freed) add(sq);
      }
    },

    afterMove(pos, m) {
      if (m.mechanic !== mech) return;
      const from = m.data as number;
      if (from !== -1) pos.put(from, 0);
      pos.put(m.place!, DUCK);
    },

    actions(pos, m) {
      if (m.mechanic !== mech) return undefined;
      return [coreAction(pos, m), { type: "duck", to: pos.geo.names[m.place!] }];
    },

    validate(pos) {
      const ducks = pos.geo.squares.filter((sq) => pos.board[sq] === DUCK).length;
      if (ducks > 1) throw new RulesError(`there is one duck, not ${ducks}`);
    },

    explain(pos, actions) {
      const text = makeMoveText(actions);
      const ducks = actions.filter((a) => a.type === "duck");
      const rest = actions.filter((a) => a.type !== "duck");
      if (rest.length === 0) return refused(text, `the duck moves after a piece move, in the same move: write it like ${EXAMPLE}`);
      if (ducks.length > 1 || (ducks.length === 1 && actions[actions.length - 1].type !== "duck")) {
        return refused(text, `the duck moves once, last in the move: write it like ${EXAMPLE}`);
      }
      // The moves whose piece move is the one written; none: the core says why that piece move is wrong.
      if (rest.length !== 1) return undefined;
      // Letter case is the colour; only one side moves, so a wrong case is a typo (as the core reads it).
      const piece = makeActionText(rest[0]).toLowerCase();
      const written = (m: Move) => [coreAction(pos, m), ...(m.kind === MoveKind.Castle ? [castleAction(pos, m)] : [])];
      const moves = pseudoMoves(pos).filter((m) => written(m).some((a) => makeActionText(a).toLowerCase() === piece));
      if (moves.length === 0) return undefined;
      const names = pos.geo.names;
      if (ducks.length === 0) return refused(text, `the duck moves too: add its square, like '${text}; duck ${names[moves[0].place!]}'`);
      const to = (ducks[0] as Extract<Action, { type: "duck" }>).to;
      const sq = names.indexOf(to);
      if (sq < 0 || pos.board[sq] === OFF) return refused(text, noSuchSquare(pos.variant));
      if (pos.board[sq] === DUCK) return refused(text, `the duck must move: it stands on ${to} already`);
      const m = moves[0];
      const { filled } = squaresOf(pos, m);
      if (filled.includes(sq)) {
        // Castling fills two squares: the king's and, beside it, the rook's.
        const mover = m.kind === MoveKind.Castle && sq !== m.to ? pos.variant.castling!.rook : m.piece;
        return refused(text, `the duck goes only to an empty square, and ${to} is where your ${pos.variant.types[mover].name} goes`);
      }
      const us = pos.turn;
      const own = typeOn(pos.board[sq], us);
      const theirs = typeOn(pos.board[sq], (1 - us) as Side);
      if (own || theirs) {
        const who = own ? "your" : "the opponent's";
        return refused(text, `the duck goes only to an empty square, and ${to} holds ${who} ${pos.variant.types[own || theirs].name}`);
      }
      return undefined;
    },
  };
  return mech;
}
