/**
 * Turns clicks on the board into the actions of one move. Everything offered comes
 * from the rules module's step-by-step builder (Game.nextActions), so carrying,
 * swaps, chains, pending promotions and naming work for every game without a line
 * of per-variant code here. Pure functions: the GamePlayer holds the state.
 */
import { Game, makeMoveText, variantInfo, type Action, type Color, type PieceOnBoard, type SquareContent } from "@/lib/rules";
import { pieceNoun } from "@/lib/rules/variant";

/**
 * Whether a game's hands fill up during play (Crazyhouse, Shogi: captures go to the hand)
 * rather than empty out (Sittuyin's setup): a game whose start has a hand field with
 * nothing in it. Such hands are always shown, so the board does not jump at the first capture.
 */
export function handsFillDuringPlay(variant: string): boolean {
  const start = Game.start(variant);
  const hands = start.hand();
  return hands.white.length + hands.black.length === 0 && start.fen().split(" ")[0].includes("[");
}

/**
 * A move of the game as the move box's example: the first legal move from the game's own
 * start ("P e2-e4" means nothing in Shogi or Sittuyin); "P e2-e4" only where the start has
 * no move at all (an imported finished position).
 */
export function exampleMove(variant: string, startFen: string): string {
  return Game.start(variant, startFen).legalMoves()[0]?.text ?? "P e2-e4";
}

/** What the player has chosen so far for the move being built. */
export interface Building {
  prefix: Action[];
  /** The square picked up; null when none. */
  selected: string | null;
  /** The piece picked up from the hand (its uppercase letter), to be put down next (Sittuyin's setup). */
  held?: string | null;
}

export const EMPTY_BUILDING: Building = { prefix: [], selected: null, held: null };

/** A continuation of the move: one action, or a naming and the action it enables. */
export type Continuation = Action[];

export interface Options {
  complete: boolean;
  /** Nothing more can be added: the move is ready to send. */
  finished: boolean;
  /** The square picked up, including the one a chain forces (the released piece's). */
  selected: string | null;
  /** Target square → what clicking it may mean (more than one: ask the player). */
  targets: Map<string, Continuation[]>;
  /** Continuations that belong to no square (a pass). */
  buttons: Continuation[];
  /** Promotions the player must choose before anything else (Friendly's pending promotion). */
  promotions: Continuation[];
  /** Letters (uppercase) of the pieces in hand that can be put down now. */
  droppable: string[];
}

export interface Drawn {
  squares: SquareContent[];
  /** A piece released in a chain, drawn raised over the square it must leave. */
  hovering: { square: string; piece: PieceOnBoard } | null;
}

const colourOfLetter = (letter: string): Color => (letter === letter.toUpperCase() ? "white" : "black");

function carrierAt(drawn: Drawn, square: string | null, side: Color): boolean {
  if (!square) return false;
  return drawn.squares.some((s) => s.square === square && s.pieces.some((p) => p.color === side && p.carrying));
}

/** What the board offers at this point of the move. */
export function options(game: Game, b: Building, drawn: Drawn): Options {
  const { actions: next, complete } = game.nextActions(b.prefix);
  const side = game.turn();
  const steps = next.filter((a) => a.type === "step");
  // A chain goes on from one square (where the released piece stands): pick it up for the player.
  const forced = b.prefix.length > 0 && steps.length > 0 && steps.every((s) => s.from === steps[0].from) ? steps[0].from : null;
  const selected = forced ?? b.selected;
  // A placement belongs to a carrying piece: offer it once that piece is picked up, or
  // freely once the move has begun (after the carrier moved) or if no carrier is drawn.
  const anyCarrier = drawn.squares.some((s) => s.pieces.some((p) => p.color === side && p.carrying));
  const placesShown = b.prefix.length > 0 || carrierAt(drawn, selected, side) || !anyCarrier;

  const targets = new Map<string, Continuation[]>();
  const add = (square: string, c: Continuation) => {
    const list = targets.get(square);
    if (list) list.push(c);
    else targets.set(square, [c]);
  };
  const buttons: Continuation[] = [];
  const promotions: Continuation[] = [];
  // Promotions that are the only way on come first; one among other moves (Sittuyin's,
  // in place) is a target on its own square once that pawn is picked up.
  const promotionsFirst = next.length > 0 && next.every((a) => a.type === "promote");
  const held = b.prefix.length === 0 ? b.held ?? null : null;
  // A drop from the hand is offered once its piece is picked from the hand; unpicked only
  // while drops are all there is to do (Sittuyin's setup), not beside every move (Crazyhouse, Shogi).
  const inHand = new Set(game.hand()[side].map((p) => p.letter));
  const dropsOnly = next.every((a) => a.type === "place");
  const placeable = (a: Action & { type: "place" }, before: Action[]) =>
    held ? a.piece.toUpperCase() === held
      : inHand.has(a.piece.toUpperCase()) && before.length === 0 ? dropsOnly
      : placesShown || before.length > 0;
  const offer = (a: Action, before: Action[]) => {
    if (a.type === "step" && a.from === selected) add(a.to, [...before, a]);
    else if (a.type === "place" && placeable(a, before)) add(a.to, [...before, a]);
    else if (a.type === "pass") buttons.push([...before, a]);
    // Duck chess: after the piece move, the square the duck goes to.
    else if (a.type === "duck") add(a.to, [...before, a]);
    else if (a.type === "promote" && promotionsFirst) promotions.push([...before, a]);
    else if (a.type === "promote" && a.square === selected) add(a.square, [...before, a]);
    // Chess960: the king castles by being moved onto its rook or onto the square it lands on.
    else if (a.type === "castle" && a.king === selected) for (const sq of new Set([a.rook!, a.kingTo!])) add(sq, [...before, a]);
  };
  for (const a of next) {
    if (a.type === "name") {
      // A naming only says which piece acts next: picking that piece up is the naming.
      if (a.square === selected) for (const after of game.nextActions([...b.prefix, a]).actions) offer(after, [a]);
    } else {
      offer(a, []);
    }
  }
  const droppable = b.prefix.length === 0 ? [...new Set(next.flatMap((a) => (a.type === "place" ? [a.piece.toUpperCase()] : [])))] : [];
  return { complete, finished: complete && next.length === 0, selected, targets, buttons, promotions, droppable };
}

/** Whether clicking this square picks something up at this point of the move. */
export function selectable(game: Game, b: Building, drawn: Drawn, square: string): boolean {
  const { actions: next } = game.nextActions(b.prefix);
  return next.some((a) =>
    (a.type === "step" && a.from === square) ||
    (a.type === "castle" && a.king === square) ||
    (a.type === "name" && a.square === square) ||
    (a.type === "promote" && a.square === square) ||
    (a.type === "place" && b.prefix.length === 0 && carrierAt(drawn, square, game.turn())));
}

export type Click =
  | { kind: "extend"; actions: Continuation }
  | { kind: "choose"; choices: Continuation[] }
  | { kind: "select"; square: string | null }
  | { kind: "none" };

/** What a click (or a drop, with `from` picked up first) on `square` means. */
export function click(game: Game, b: Building, drawn: Drawn, square: string): Click {
  const o = options(game, b, drawn);
  const choices = o.targets.get(square);
  if (choices?.length === 1) return { kind: "extend", actions: choices[0] };
  if (choices && choices.length > 1) return { kind: "choose", choices };
  if (square === o.selected) return { kind: "select", square: null };
  if (selectable(game, b, drawn, square)) return { kind: "select", square };
  // Mid-move (after a pending promotion, say) a stray click keeps what was chosen.
  return b.prefix.length > 0 ? { kind: "none" } : { kind: "select", square: null };
}

// ---------------------------------------------------------------- drawing

function toMap(squares: SquareContent[]): Map<string, PieceOnBoard[]> {
  return new Map(squares.map((s) => [s.square, s.pieces.map((p) => ({ ...p }))]));
}

/**
 * The board as it looks part-way through a move. A complete move is played on a
 * copy of the game, so the drawing is exact; an incomplete one (a chain in
 * progress, a pending promotion chosen) is sketched action by action: the mover
 * lands, a piece of its own colour there is released and hovers.
 */
export function drawnPosition(game: Game, variant: string, prefix: readonly Action[], complete: boolean): Drawn {
  if (prefix.length === 0) return { squares: game.board(), hovering: null };
  if (complete) {
    const copy = Game.start(variant, game.fen());
    copy.play(prefix);
    return { squares: copy.board(), hovering: null };
  }
  // Duck chess: the piece move is drawn as played (castling's rook, en passant's pawn); the
  // duck stays where it is until its square is chosen, which completes the move.
  const duckStep = game.nextActions(prefix).actions.find((a) => a.type === "duck");
  if (duckStep) {
    const copy = Game.start(variant, game.fen());
    copy.play([...prefix, duckStep]);
    return { squares: [...copy.board().filter((s) => !s.duck), ...game.board().filter((s) => s.duck)], hovering: null };
  }
  const board = toMap(game.board());
  let hovering: Drawn["hovering"] = null;
  for (const a of prefix) {
    if (a.type === "step") {
      const color = colourOfLetter(a.piece);
      let mover: PieceOnBoard | undefined;
      if (hovering && hovering.square === a.from && hovering.piece.color === color) {
        mover = hovering.piece;
        hovering = null;
      } else {
        const here = board.get(a.from) ?? [];
        mover = here.find((p) => p.color === color);
        board.set(a.from, here.filter((p) => p !== mover));
      }
      mover = { ...(mover ?? { color, letter: a.piece.toUpperCase() }), ...(a.promotion ? { letter: a.promotion.toUpperCase() } : {}) };
      const there = board.get(a.to) ?? [];
      const released: PieceOnBoard | undefined = there.find((p) => p.color === color);
      if (released) hovering = { square: a.to, piece: released };
      const stays = there.filter((p) => p.color !== color);
      board.set(a.to, color === "white" ? [mover, ...stays] : [...stays, mover]);
    } else if (a.type === "place") {
      board.set(a.to, [...(board.get(a.to) ?? []), { color: colourOfLetter(a.piece), letter: a.piece.toUpperCase() }]);
    } else if (a.type === "promote") {
      const color = colourOfLetter(a.piece);
      board.set(a.square, (board.get(a.square) ?? []).map((p) => (p.color === color ? { ...p, letter: a.promotion.toUpperCase() } : p)));
    }
  }
  const squares = [...board].filter(([, pieces]) => pieces.length > 0).map(([square, pieces]) => ({ square, pieces }));
  // Fog of War: the unseen squares stay fog while the move is built (no piece can enter one).
  return { squares: [...squares, ...game.board().filter((s) => s.unseen)], hovering };
}

/** The squares a move touches, in order (for the last-move highlight and its slide). */
export function moveSquares(actions: readonly Action[]): string[] {
  const out: string[] = [];
  for (const a of actions) {
    if (a.type === "step") out.push(a.from, a.to);
    else if (a.type === "place") out.push(a.to);
    else if (a.type === "promote") out.push(a.square);
    else if (a.type === "castle" && a.king) out.push(a.king, a.kingTo!);
  }
  return [...new Set(out)];
}

// ---------------------------------------------------------------- words

function pieceNameOf(variant: string, letter: string): string {
  const upper = letter.toUpperCase();
  const name = variantInfo(variant).pieces.find((p) => p.letter === upper)?.name;
  return name ? pieceNoun(name) : upper;
}

/** A continuation in words, for choice buttons: "Queen d2 to d3", "Place the pawn on d3", "Knight". */
export function describeContinuation(variant: string, c: Continuation): string {
  const last = c[c.length - 1];
  const capital = (t: string) => t[0].toUpperCase() + t.slice(1);
  if ((last.type === "step" && last.promotion) || last.type === "promote") return capital(pieceNameOf(variant, last.promotion!));
  const named = c.find((a) => a.type === "name");
  const words = c.flatMap((a): string[] => {
    switch (a.type) {
      case "step":
        return [`${pieceNameOf(variant, a.piece)} ${a.from} to ${a.to}`];
      case "place":
        return [`place the ${pieceNameOf(variant, a.piece)} on ${a.to}`];
      case "castle":
        return [`castle ${a.wing}`];
      case "pass": {
        const means = variantInfo(variant).passMeans;
        const pass = named ? `pass with the ${pieceNameOf(variant, named.piece)} on ${named.square}` : "pass";
        return [means ? `${pass}: ${means}` : pass];
      }
      default:
        return [];
    }
  });
  return capital(words.join(", then ") || makeMoveText(c));
}

/**
 * What to do next once a move has begun and its next step is put down on a marked square (a
 * carrying queen's pawn, the duck): the panel says it, since the marks alone do not say why.
 */
export function nextStepHint(variant: string, b: Building, o: Options): string | null {
  if (b.prefix.length === 0) return null;
  const last = [...o.targets.values()].flat().map((c) => c[c.length - 1]);
  const place = last.find((a) => a.type === "place");
  const orEnd = o.complete ? ", or end the move here" : "";
  if (place?.type === "place") return `Click a marked square to put the ${pieceNameOf(variant, place.piece)} down${orEnd}.`;
  if (last.some((a) => a.type === "duck")) return `Click a marked square to put the duck there${orEnd}.`;
  return null;
}
