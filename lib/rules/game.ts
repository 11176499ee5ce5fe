/**
 * A game: a variant, a start position and the moves played, with what needs
 * history (repetition). This is what the server and the browser hold.
 */
import { actionText, movesText, parseActions, type Action } from "./actions";
import { RulesError } from "./errors";
import { inCheck, legalMoves, makeMove, protectedRoyal, pseudoMoves } from "./movegen";
import type { Mechanic } from "./mechanic";
import { MoveKind, type Move } from "./move";
import { parseFen, toFen } from "./notation/fen";
import { castleAction, moveActions } from "./notation/move";
import { san } from "./notation/san";
import { CARRY, typeOn, type Position } from "./position";
import { couldWin, moveRulePlies, positionStatus, type Outcome } from "./status";
import type { Side, Variant } from "./variant";
import { getVariant } from "./variants";

export type Color = "white" | "black";
export type DrawClaim = "threefold-repetition" | "fifty-move-rule";

export interface PieceOnBoard {
  color: Color;
  letter: string; // uppercase
  carrying?: boolean;
}
export interface SquareContent {
  square: string;
  pieces: PieceOnBoard[]; // one, or White's then Black's in a union
}

/** A legal move with its canonical actions and text. */
export interface LegalMove {
  actions: Action[];
  text: string;
}

const COLORS: Color[] = ["white", "black"];

/** Move text with every naming (`Q d4`) left out. */
const withoutNames = (acts: readonly Action[]) => movesText(acts.filter((a) => a.type !== "name"));

interface MoveList {
  legal: Move[];
  listed: LegalMove[];
}

/** Each legal move with its canonical actions and text, in generation order; a move reached two ways once. */
export function forEachMove(pos: Position, f: (move: Move, actions: Action[], text: string) => void): void {
  const seen = new Set<string>();
  for (const m of legalMoves(pos)) {
    const actions = moveActions(pos, m);
    const text = movesText(actions);
    if (seen.has(text)) continue;
    seen.add(text);
    f(m, actions, text);
  }
}

/** Legal moves with their canonical actions and text; a move reached two ways is listed once. */
export function listMoves(pos: Position): MoveList {
  const legal: Move[] = [];
  const listed: LegalMove[] = [];
  forEachMove(pos, (m, actions, text) => {
    legal.push(m);
    listed.push({ actions, text });
  });
  return { legal, listed };
}

export class Game {
  readonly variant: Variant;
  readonly startFen: string;
  private pos: Position;
  private readonly played: string[] = [];
  /** Repetition key of every position so far, the current one last. */
  private readonly keys: string[] = [];
  private cache: MoveList | null = null;
  /** A mechanic whose moves are played and built step by step rather than listed (Friendly). */
  private readonly stepwise: Mechanic["stepwise"];
  /** Stepwise: one legal move, or null when there is none (all the status needs). */
  private sample: Move[] | null = null;

  private constructor(variant: Variant, fen: string) {
    this.variant = variant;
    this.stepwise = variant.mechanics.find((m) => m.stepwise)?.stepwise;
    this.pos = parseFen(variant, fen);
    this.startFen = toFen(this.pos);
    this.keys.push(this.repetitionKey());
  }

  /** A game from a variant id and a FEN (or "start"). Throws RulesError on bad input. */
  static start(variantId: string, fen: string = "start"): Game {
    const v = getVariant(variantId);
    return new Game(v, fen === "start" ? v.decl.startFen : fen);
  }

  /** Replays a recorded game; the error names the first move that is not legal. */
  static replay(variantId: string, startFen: string, moves: readonly string[]): Game {
    const g = Game.start(variantId, startFen);
    moves.forEach((m, i) => {
      try {
        g.play(m);
      } catch (e) {
        if (e instanceof RulesError) throw new RulesError(`move ${i + 1} (${m}): ${e.message}`);
        throw e;
      }
    });
    return g;
  }

  get ply(): number {
    return this.played.length;
  }
  get moves(): readonly string[] {
    return this.played;
  }
  turn(): Color {
    return COLORS[this.pos.turn];
  }
  fen(): string {
    return toFen(this.pos);
  }

  private legal(): MoveList {
    this.cache ??= listMoves(this.pos);
    return this.cache;
  }

  /** Every legal move, canonical, in generation order. Empty once the game is over. */
  legalMoves(): LegalMove[] {
    return this.status().result === "ongoing" ? this.legal().listed : [];
  }

  /** Plays a move given as text or actions; returns its canonical text. */
  play(input: string | readonly Action[]): string {
    const actions = typeof input === "string" ? parseActions(input) : [...input];
    if (!actions || actions.length === 0) {
      throw new RulesError(`cannot read move '${String(input).slice(0, 80)}': write it like 'P e2-e4' or 'Q d2-d5; P*d6'`);
    }
    const s = this.status();
    if (s.result !== "ongoing") throw new RulesError(`the game is over (${s.result} by ${s.reason})`);
    let move: Move;
    let text: string;
    if (this.stepwise) {
      const r = this.stepwise.read(this.pos, actions);
      if (typeof r === "string") throw new RulesError(r);
      move = r.move;
      text = movesText(r.actions);
    } else {
      const i = this.findMove(actions);
      if (i < 0) throw new RulesError(this.whyIllegal(actions));
      move = this.legal().legal[i];
      text = this.legal().listed[i].text;
    }
    makeMove(this.pos, move);
    this.pos.commit();
    this.cache = null;
    this.sample = null;
    this.played.push(text);
    this.keys.push(this.repetitionKey());
    return text;
  }

  private findMove(actions: Action[]): number {
    const { legal, listed } = this.legal();
    const text = movesText(actions);
    const lower = text.toLowerCase();
    let i = listed.findIndex((m) => m.text === text);
    if (i < 0) i = listed.findIndex((m, j) => legal[j].mechanic?.aliases?.(this.pos, legal[j]).includes(text));
    if (i < 0) {
      // A redundant naming is accepted, but a name must be the moving piece's, and
      // leaving out a name the move needs is ambiguous.
      const fits = this.fitsWithoutNames(actions);
      const names = actions.filter((a) => a.type === "name");
      const agree = fits.filter((j) => names.every((n) =>
        n.square === this.pos.geo.names[legal[j].from] && n.piece.toUpperCase() === this.variant.types[legal[j].piece].letter));
      if (agree.length === 1) i = agree[0];
    }
    // Letter case is the colour; only one side moves, so a wrong case is a typo.
    if (i < 0) i = listed.findIndex((m) => m.text.toLowerCase() === lower);
    // `O-O` / `O-O-O` where castling is written as the king's step (docs/notation.md#castling).
    const castle = actions.length === 1 ? actions[0] : null;
    if (i < 0 && castle?.type === "castle") {
      i = legal.findIndex((m) => m.kind === MoveKind.Castle && movesText([castleAction(this.pos, m)]) === text);
    }
    return i;
  }

  /** Indices of the listed moves that read as `actions` once every naming is left out. */
  private fitsWithoutNames(actions: Action[]): number[] {
    const bare = withoutNames(actions);
    return this.legal().listed.flatMap((m, j) => (withoutNames(m.actions) === bare ? [j] : []));
  }

  private whyIllegal(actions: Action[]): string {
    const text = movesText(actions);
    const fits = this.fitsWithoutNames(actions).map((j) => this.legal().listed[j].text);
    if (fits.length > 0) return `${text} is ambiguous or names the wrong piece: write ${fits.join(" or ")}`;
    const first = actions[0];
    const side = this.pos.turn;
    if (first.type === "step") {
      const names = this.pos.geo.names;
      const from = names.indexOf(first.from);
      const to = names.indexOf(first.to);
      if (from < 0 || to < 0) return `${text}: no such square on this ${this.variant.geo.files}×${this.variant.geo.ranks} board`;
      const code = this.pos.board[from];
      const t = typeOn(code, side);
      if (!t) {
        return typeOn(code, (1 - side) as Side)
          ? `${text}: the piece on ${first.from} is not yours; it is ${this.turn()}'s turn`
          : `${text}: there is no ${this.turn()} piece on ${first.from}`;
      }
      if (this.variant.types[t].letter !== first.piece.toUpperCase()) {
        return `${text}: the piece on ${first.from} is a ${this.variant.types[t].name} (${this.variant.types[t].letter}), not ${first.piece.toUpperCase()}`;
      }
      // The choices this piece really has here (Royal Substitute: only K; Compound: D B R Q C).
      const choices = first.promotion ? [] : [...new Set(this.legal().listed.flatMap((m) => {
        const a = m.actions[0];
        return a.type === "step" && a.from === first.from && a.to === first.to && a.promotion ? [a.promotion] : [];
      }))];
      if (choices.length) {
        return `${text}: say what the piece promotes to (${choices.join(", ")}), e.g. ${actionText({ ...first, promotion: choices[0] })}`;
      }
      const pseudo = pseudoMoves(this.pos).some((m) => movesText(moveActions(this.pos, m)) === text);
      if (pseudo) {
        return this.variant.royalKind === "extinction"
          ? `${text}: it would leave your last royal piece attacked`
          : `${text}: it would leave your king in check`;
      }
      return `${text} is not a legal move here`;
    }
    return `${text} is not a legal move here`;
  }

  /**
   * The step-by-step builder for the board: given the actions chosen so far, the
   * next actions that still lead to a complete legal move, and whether the move is
   * complete as it stands.
   */
  nextActions(prefix: readonly Action[]): { actions: Action[]; complete: boolean } {
    if (this.stepwise) {
      return this.status().result === "ongoing" ? this.stepwise.next(this.pos, prefix) : { actions: [], complete: false };
    }
    const key = prefix.map(actionText);
    const next = new Map<string, Action>();
    let complete = false;
    for (const m of this.legalMoves()) {
      if (m.actions.length < key.length) continue;
      if (!key.every((k, i) => actionText(m.actions[i]) === k)) continue;
      if (m.actions.length === key.length) complete = true;
      else next.set(actionText(m.actions[key.length]), m.actions[key.length]);
    }
    return { actions: [...next.values()], complete };
  }

  /** Result with history: position status, then fivefold repetition (threefold where draws are automatic). */
  status(): Outcome {
    const s = positionStatus(this.pos, this.stepwise ? this.sampleMoves() : this.legal().legal);
    if (s.result !== "ongoing") return s;
    if (this.variant.decl.automaticDraws) {
      if (this.repetitions() >= 3) return { result: "draw", reason: "threefold-repetition" };
    } else if (this.repetitions() >= 5) return { result: "draw", reason: "fivefold-repetition" };
    return s;
  }

  /** Orthodox chess: each legal move with its SAN (for PGN import and export). */
  sanMoves(): { text: string; san: string }[] {
    const { legal, listed } = this.legal();
    return legal.map((m, i) => ({ text: listed[i].text, san: san(this.pos, m, legal) }));
  }

  /** Could this side still win? (When the other side's time runs out: a win, or else a draw.) */
  couldWin(color: Color): boolean {
    return couldWin(this.pos, color === "white" ? 0 : 1);
  }

  private sampleMoves(): Move[] {
    if (!this.sample) {
      const m = this.stepwise!.anyMove(this.pos);
      this.sample = m ? [m] : [];
    }
    return this.sample;
  }

  /** Draws the side to move may claim now. */
  claimableDraws(): DrawClaim[] {
    if (this.status().result !== "ongoing") return [];
    const out: DrawClaim[] = [];
    if (this.repetitions() >= 3) out.push("threefold-repetition");
    const plies = moveRulePlies(this.pos);
    if (plies && this.pos.halfmove >= plies) out.push("fifty-move-rule");
    return out;
  }

  private repetitions(): number {
    const k = this.keys[this.keys.length - 1];
    return this.keys.filter((x) => x === k).length;
  }

  /**
   * Placement, side, castling, and en passant only when a capture is really possible.
   * Castling rights count; the first-move leaps of Ouk Chatrang's king and neang do not, as
   * Fairy-Stockfish counts repetitions (docs/games/ouk-chatrang.md#draws).
   */
  private repetitionKey(): string {
    const [placement, side] = toFen(this.pos).split(" ");
    const castling = this.pos.castling;
    const epCapture = this.pos.ep !== -1 && (this.stepwise
      ? this.stepwise.enPassantPossible(this.pos)
      : this.legal().legal.some((m) => m.kind === MoveKind.EnPassant));
    return `${placement} ${side} ${castling} ${epCapture ? this.variant.geo.names[this.pos.ep] : "-"}`;
  }

  /** The occupied squares, for drawing the board. */
  board(): SquareContent[] {
    const out: SquareContent[] = [];
    const { board, geo } = this.pos;
    for (const sq of geo.squares) {
      const code = board[sq];
      if (code === 0) continue;
      const pieces: PieceOnBoard[] = [];
      for (const side of [0, 1] as Side[]) {
        const t = typeOn(code, side);
        if (!t) continue;
        const p: PieceOnBoard = { color: COLORS[side], letter: this.variant.types[t].letter };
        if (code & CARRY[side]) p.carrying = true;
        pieces.push(p);
      }
      out.push({ square: geo.names[sq], pieces });
    }
    return out;
  }

  /** Squares of royal pieces of the side to move that are in check. */
  checks(): string[] {
    const shown = this.variant.mechanics.find((m) => m.checks);
    if (shown) return shown.checks!(this.pos).map((sq) => this.pos.geo.names[sq]);
    const side = this.pos.turn;
    if (!inCheck(this.pos, side)) return [];
    return [this.pos.geo.names[protectedRoyal(this.pos, side)]];
  }
}
