/**
 * Friendly Chess (docs/games/friendly.md): nothing is ever captured. A piece moving onto an
 * opponent's single piece forms a union; either player moves a union by their own
 * piece in it, taking the partner along, to empty squares only; a single piece
 * moving onto a union takes the place of its own colour's piece there, which is
 * released and must move on (a chain). Uniting with the opponent's king wins.
 *
 * A turn is a walk through states: the board, plus the released piece and its
 * square while a chain runs. The rule book forbids passing through a state twice
 * in a turn, and a step after which the move cannot be finished. The start has no
 * released piece, so a chain may end with the board as it began (a loop).
 *
 * Two ways to use that walk:
 *  - Step by step (what the game does: the board's builder, reading and judging a
 *    move, the status, threats). A move is checked along its own path; "can the
 *    move still be finished after this step?" is a search that stops at the first
 *    end it finds, over states stored once (memoised), after a cheap sound test
 *    that rules the answer "no" in most positions without searching (`abstractly`).
 *  - Listing every move (perft, the `moves` tool, Game.legalMoves): a breadth-first
 *    search over all states, each stored once. A move IS its result: chains that
 *    leave the same position (board, castling, en passant, fifty-move clock) are
 *    one move, listed once, with its shortest chain (the first in string order of
 *    its steps among the shortest) as text. Any walk to a result shortens to one
 *    with no repeated state, so these are exactly the results the rule allows.
 *    Their number is bounded by the positions reachable, not by the (exponential)
 *    number of chains — but that bound is itself large when many unions lie within
 *    reach of each other (chains permute pieces among them): random play reaches
 *    positions with tens of thousands. So the game never lists them to play.
 * Text read from a player is the chain they played: any valid chain is accepted
 * and kept as played (normalised); the listing shows one chain per result.
 *
 * The modules: steps (packing, generation, playing a step), store and turn (the
 * states of a turn and the searches), sketch (the cheap test), threats (check and
 * castling), listing, text (writing and reading moves), stepwise (the builder,
 * whether a move exists, en passant), status (game ends, FEN checks).
 */
import type { Mechanic } from "../../mechanic";
import { generate } from "./listing";
import { checks, status, validate } from "./status";
import { make } from "./steps";
import { anyMove, enPassantPossible, next } from "./stepwise";
import { read, writeActions } from "./text";
import { budgeted } from "./turn";
import type { UnionMove } from "./steps";

export { LISTING_LIMIT, SEARCH_BUDGET } from "./turn";

export const unions: Mechanic = {
  name: "unions",
  fenMarks: { unions: true },
  generate: (pos, out) => budgeted(() => generate(pos, out)),
  make,
  actions: (pos, m) => writeActions(pos, m.data as UnionMove),
  status,
  validate,
  checks: (pos) => budgeted(() => checks(pos)),
  stepwise: {
    read: (pos, actions) => budgeted(() => read(pos, actions)),
    next: (pos, prefix) => budgeted(() => next(pos, prefix)),
    judgedMoves: (pos) => budgeted(() => {
      const m = anyMove(pos);
      return m ? [m] : [];
    }),
    enPassantPossible: (pos) => budgeted(() => enPassantPossible(pos)),
  },
};
