/**
 * What a variant declaration cannot say lives in a Mechanic: extra moves
 * (carrying, swapping, unions and chains), how they are played, written and judged.
 * The core calls these hooks; a variant lists the mechanics it uses.
 */
import type { Action } from "./actions";
import { RulesError } from "./errors";
import type { DrawClaim } from "./game";
import type { Move } from "./move";
import type { Position } from "./position";
import type { EndReason, Outcome } from "./status";
import type { Side, Variant } from "./variant";

/**
 * A mechanic's tables for each variant compiled with it, built on first use: `build` gets the
 * piece type of each letter its roles name through `typeOf`, which refuses a letter the game
 * does not have (`what` names the mechanic in that error).
 */
export function perVariant<T>(what: string, build: (v: Variant, typeOf: (letter: string) => number) => T): (v: Variant) => T {
  const built = new WeakMap<Variant, T>();
  // The last game's tables, without the map: move generation asks for them at every node.
  let lastVariant: Variant | undefined;
  let lastTables: T | undefined;
  return (v) => {
    if (v === lastVariant) return lastTables!;
    let tables = built.get(v);
    if (tables === undefined) {
      const typeOf = (letter: string) => {
        const type = v.byLetter.get(letter);
        if (!type) throw new RulesError(`${v.id}: ${what} names a piece ${letter} the game does not have`);
        return type;
      };
      tables = build(v, typeOf);
      built.set(v, tables);
    }
    lastVariant = v;
    lastTables = tables;
    return tables;
  };
}

export interface Mechanic {
  readonly name: string;
  /** What a `pass` move does in this game, in players' words, for a mechanic that makes one (VariantInfo.passMeans). */
  readonly passMeans?: string;
  /**
   * FEN marks the mechanic allows: `Q[P]` carrying, `(Xy)` unions, `[KSkss]` pieces in hand
   * (the letters a hand may hold, in the order FEN writes them), `Q~` a piece promoted from
   * the piece `promoted` names (Crazyhouse's pawn), a count in the en passant and halfmove
   * fields (counting rules), `*` the duck.
   */
  readonly fenMarks?: { carrying?: boolean; unions?: boolean; holdings?: readonly string[]; promoted?: string; counting?: boolean; duck?: boolean };
  /**
   * Its moves without a from square (drops) only put a piece down on an empty square: out
   * of check such a move cannot leave the king attacked, so legality does not try it.
   */
  readonly putsDown?: boolean;
  /**
   * Replaces the core generator entirely (Friendly Chess); otherwise `extend`
   * adds to and may rewrite what the core generated.
   */
  generate?(pos: Position, out: Move[]): void;
  /** Adds moves after the core generated the orthodox ones (pseudo-legal, same list). */
  extend?(pos: Position, out: Move[]): void;
  /** A piece of the side to move may reach `to`, held by its own piece: extra moves. */
  ontoOwnPiece?(pos: Position, from: number, to: number, out: Move[]): void;
  /**
   * After every move (the turn has passed): keeps state that depends on each move, like a
   * count. `captured`: the type of the opponent's piece the move took on its target square
   * (en passant: the pawn), 0 for none; `capturedCode` its whole square code, marks included.
   */
  afterMove?(pos: Position, move: Move, captured: number, capturedCode: number): void;
  /** Plays a move whose `mechanic` is this one (through pos.put so it can be undone). */
  make?(pos: Position, move: Move): void;
  /** The move as actions, for a move whose `mechanic` is this one or that it decorated. */
  actions?(pos: Position, move: Move): Action[] | undefined;
  /** Other accepted spellings of a move (canonical text comes first elsewhere). */
  aliases?(pos: Position, move: Move): string[];
  /** Why input that is no legal move is refused, when the mechanic knows better than the core; undefined to let the core say. */
  explain?(pos: Position, actions: readonly Action[]): string | undefined;
  /**
   * The last move ended the game so that no move is left at all, not even in pure generation
   * (perft, the `moves` tool), as in Fairy-Stockfish's (Janggi: two passes, bikjang accepted).
   */
  stopsPlay?(pos: Position): boolean;
  /** Judges the position first, when the mechanic changes how games end; undefined to go on. */
  status?(pos: Position, legal: Move[]): Outcome | undefined;
  /**
   * Ends of the mechanic's own that come after checkmate, stalemate and dead positions,
   * where the move-count rules come (a count run out); undefined to go on.
   */
  ends?(pos: Position): Outcome | undefined;
  /**
   * Decides a game the rules would draw, by the draw's reason (Janggi: on points,
   * docs/games/janggi.md#counting-points), or leaves it drawn: every drawn end, the core's and the
   * mechanics', comes here.
   */
  settle?(pos: Position, reason: EndReason): Outcome;
  /** Draws of the mechanic's own that the side to move may claim now, given the legal moves. */
  claims?(pos: Position, legal: Move[]): DrawClaim[];
  /**
   * The squares, after it, of the opponent's pieces this legal move of the side to move chases
   * (Xiangqi's chasing rule, docs/games/xiangqi.md#chasing): the game keeps them for its
   * declared repetition rule, where chasing with every move of a cycle loses.
   */
  chases?(pos: Position, move: Move): number[];
  /** Whether a side could still win (when the other's time runs out), where the mechanic knows better than the core. */
  couldWin?(pos: Position, side: Side): boolean;
  /**
   * Whether the side not to move may stand in check in this position, having passed in check as
   * the game allowed (Janggi's bikjang, docs/games/janggi.md#bikjang): a FEN of it is read.
   */
  passedInCheck?(pos: Position): boolean;
  /** Validates a parsed FEN beyond the core checks; throws RulesError. */
  validate?(pos: Position): void;
  /** Squares of the side to move's royal pieces the game shows as threatened; replaces the core's check test. */
  checks?(pos: Position): number[];
  /**
   * Whether a protected royal piece of `side` standing on `sq` would be attacked there, its
   * own square counted empty: replaces the core's attack test for check, checkmate and the
   * squares castling crosses (Atomic: a king touching the opponent's king cannot be taken).
   */
  royalThreat?(pos: Position, side: Side, sq: number): boolean;
  /**
   * The squares the attacks `royalThreat` adds to the core's may pass on their way to the royal
   * piece on `royal`: a piece leaving or arriving there is judged, never passed without asking
   * (Janggi's palace lines).
   */
  exposing?(pos: Position, royal: number): readonly number[];
  /**
   * Whether a pseudo-legal move of the side to move, whose royal piece is protected, is
   * legal: replaces the core's "not left attacked" (Atomic: a blast may take either king).
   * Plain steps onto empty squares that cannot expose the royal piece are passed without asking.
   */
  legal?(pos: Position, move: Move): boolean;
  /**
   * Whether `legal` is to be asked about every move in this position, none taken for legal without
   * it: a rule of the game reaches where the core's shortcuts do not look (Janggi's bikjang). Where
   * it says no, `legal` agrees with the core's own rule, captures included, and the core's shortcuts
   * apply as in a game without a judge.
   */
  judgesEveryMove?(pos: Position): boolean;
  /** Moves far too many to list (Friendly chains): the mechanic reads, builds and judges them itself. */
  stepwise?: Stepwise;
}

/**
 * How a game reads, builds and judges moves step by step. Every game has one: where
 * the legal moves can be listed it is built from the list (listed.ts); Friendly
 * brings its own, and lists every move only when asked to (legalMoves, perft, the
 * `moves` tool).
 */
export interface Stepwise {
  /** The legal move that the whole input means, with its actions written canonically; or why it is not legal. */
  read(pos: Position, actions: readonly Action[]): { move: Move; actions: Action[] } | string;
  /** As Game.nextActions: the next actions that can still be finished, and whether the move is complete. */
  next(pos: Position, prefix: readonly Action[]): { actions: Action[]; complete: boolean };
  /**
   * The legal moves the position's status is judged by: all of them where they are
   * listed; Friendly's status only asks whether there is one, so one or none.
   */
  judgedMoves(pos: Position): Move[];
  /** Whether a legal move takes en passant (repetition counts the right only then). */
  enPassantPossible(pos: Position): boolean;
}
