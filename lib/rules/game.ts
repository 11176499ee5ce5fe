/**
 * A game: a variant, a start position and the moves played, with what needs
 * history (repetition). This is what the server and the browser hold.
 */
import { makeMoveText, parseActions, type Action } from "./actions";
import { RulesError } from "./errors";
import { listed, listedSteps, type LegalMove } from "./listed";
import type { Mechanic, Stepwise } from "./mechanic";
import type { Move } from "./move";
import { PlayedMoves } from "./played";
import { inCheck, makeMove, perftUpTo, protectedRoyal } from "./movegen";
import { parseFen, makeFen } from "./notation/fen";
import { hasPgn, parseSan, resolveSan, san, type SanText } from "./notation/san";
import { makeRulesStateText, parseRulesState, RULES_STATE_LIMITS, type PastPosition } from "./notation/rules-state";
import { CARRY, DUCK, PROMOTED, typeOn, type Position } from "./position";
import { unwrap } from "./result";
import { couldWin, moveRulePlies, positionStatus, settled, win, type EndReason, type Outcome } from "./status";
import type { Side, Variant } from "./variant";
import { getVariant } from "./variants";
import { hashText, repetitionHash } from "./zobrist";

export type Color = "white" | "black";
/** Draws a player may claim; the last two only in Sittuyin (docs/games/sittuyin.md#draws-to-claim). */
export type DrawClaim = "threefold-repetition" | "fifty-move-rule" | "counting-rule" | "no-move-but-promotion";

export interface PieceOnBoard {
  color: Color;
  letter: string; // uppercase
  carrying?: boolean;
  /** A promoted pawn (Crazyhouse's `Q~`): captured, it joins the hand as a pawn. */
  promoted?: boolean;
}
export interface SquareContent {
  square: string;
  pieces: PieceOnBoard[]; // one, or White's then Black's in a union; none on the duck's square
  /** Duck chess: the duck stands here (docs/games/duck.md#the-duck). */
  duck?: boolean;
  /** A player's view of a hidden game: they cannot see this square (docs/games/fog-of-war.md#the-view-as-fen). */
  unseen?: boolean;
}

export { forEachMove, listMoves, type LegalMove } from "./listed";

const COLORS: Color[] = ["white", "black"];

/** What a search needs of a game that its public API does not give (searchStart). */
export interface SearchStart {
  /** A copy of the current position: the search plays on it, the game is not changed. */
  position: Position;
  /**
   * The repetition keys of the positions the game still looks back on (at least those since the
   * last capture or pawn move), the current one last; each begins with the 16 hex digits of its
   * repetition hash (zobrist.ts). See Game's `keys`.
   */
  keys: readonly string[];
}

let openForSearch: (game: Game) => SearchStart;
let writeState: (game: Game) => string;

/**
 * Everything the rules need of the game's past to judge its next moves and its end, as text
 * (docs/notation.md#the-rules-state), which `Game.resume` reads back: the position, the ply and
 * the positions a repetition rule may still look back on, trimmed to those. RulesError for a game
 * that keeps more positions than a rules state holds (RULES_STATE_LIMITS: 20,000).
 */
export function makeRulesState(game: Game): string {
  return writeState(game);
}

/**
 * The bot's door into a game (lib/bot): the position to search from and the positions that
 * stood before, which a repetition draw counts. Not part of the module's API (lib/rules/index.ts
 * does not export it): everyone else reads a game through Game's own methods.
 */
export function searchStart(game: Game): SearchStart {
  return openForSearch(game);
}

/**
 * Plays `text` as the game's next move; a refusal names the move as players count it,
 * "move 2, White: Ke3: …" (the side's name in its game: "move 1, Red"), and as written.
 */
export function playNamed(game: Game, text: string): string {
  try {
    return game.play(text);
  } catch (e) {
    if (!(e instanceof RulesError)) throw e;
    const [, side, , , , full] = game.startFen.split(" ");
    const k = game.ply + (side === "b" ? 1 : 0);
    const written = text.length > 60 ? `${text.slice(0, 60)}…` : text;
    const named = e.message.startsWith(written) ? e.message : `${written}: ${e.message}`;
    throw new RulesError(`move ${(Number(full) || 1) + Math.floor(k / 2)}, ${game.variant.sideNames[k % 2]}: ${named}`);
  }
}

export class Game {
  readonly variant: Variant;
  readonly startFen: string;
  private pos: Position;
  /** The moves played here: all of them, or those since the game was resumed at ply `resumedAt`. */
  private played = new PlayedMoves();
  /**
   * Repetition key (`repetitionKey`) of every position so far, the current one last; on a resumed
   * game, of those since ply `keysFrom` (the earlier ones no rule can read, makeRulesState).
   */
  private keys: string[] = [];
  private keysFrom = 0;
  /** Whether the side to move stood in check, for every position in `keys` (perpetual check). */
  private checked: boolean[] = [];
  /** For every position in `keys`: the squares of the side to move's pieces the move to it chased (Mechanic.chases), and that move's from and to. */
  private chased: number[][] = [];
  private arrivals: [number, number][] = [];
  /**
   * The pieces on the board, carried and in hand (`material`), and the ply since which they are
   * that many: no move adds a piece, so no position before that ply can stand again.
   */
  private material: number;
  private materialSince = 0;
  /** The mechanic that says which pieces a move chases, where the repetition rule reads chases. */
  private readonly chaser: Mechanic | undefined;
  /** How moves are read, built and judged: from the listed legal moves, or the mechanic's own way (Friendly). */
  private readonly steps: Stepwise;
  /** The legal moves the current position's status is judged by, once asked for. */
  private judged: Move[] | null = null;

  static {
    // Inside the class, so searchStart reaches the private fields without widening Game's API.
    openForSearch = (game) => ({ position: game.pos.clone(), keys: game.keys });
    writeState = (game) => game.rulesState();
  }

  private constructor(variant: Variant, fen: string) {
    this.variant = variant;
    this.steps = variant.mechanics.find((m) => m.stepwise)?.stepwise ?? listedSteps;
    this.pos = unwrap(parseFen(variant, fen));
    this.startFen = makeFen(this.pos);
    this.keys.push(this.repetitionKey());
    this.checked.push(inCheck(this.pos, this.pos.turn));
    this.chaser = variant.decl.repetition ? variant.mechanics.find((m) => m.chases) : undefined;
    this.chased.push([]);
    this.arrivals.push([-1, -1]);
    this.material = material(this.pos);
  }

  /** A game from a variant id and a FEN (or "start"). Throws RulesError on bad input. */
  static start(variantId: string, fen: string = "start"): Game {
    const v = getVariant(variantId);
    return new Game(v, fen === "start" ? v.decl.startFen : fen);
  }

  /** Replays a recorded game; the error names the first move that is not legal. */
  static replay(variantId: string, startFen: string, moves: readonly string[]): Game {
    const g = Game.start(variantId, startFen);
    for (const m of moves) playNamed(g, m);
    return g;
  }

  /**
   * A game as if replayed from `startFen` to the position its rules state (makeRulesState) was
   * written at, without the replay: ply, position, status, draws, legal moves, play and the bot's
   * search all as on the replayed game. It does not know the moves before: `moves` throws
   * RulesError; `movesSince(ply)` gives those played since. A state that does not read (not one
   * makeRulesState writes, of another game, or past its limits) is refused with RulesError.
   */
  static resume(variantId: string, startFen: string, rulesState: string): Game {
    const g = Game.start(variantId, startFen);
    const s = unwrap(parseRulesState(g.variant, rulesState));
    const pos = unwrap(parseFen(g.variant, s.fen));
    pos.halfmove = s.halfmove;
    pos.dropped = s.dropped;
    pos.passes = s.passes;
    const first = s.ply - s.positions.length + 1;
    g.pos = pos;
    g.played = new PlayedMoves(s.ply);
    g.keysFrom = first;
    g.keys = s.positions.map((p) => p.key);
    g.checked = s.positions.map((p) => p.checked);
    g.chased = s.positions.map((p) => p.chased);
    g.arrivals = s.positions.map((p) => p.arrival);
    g.material = material(pos);
    g.materialSince = s.materialSince;
    // The current position's own entry must be this position's: a state of another game, or forged, is refused here.
    const last = s.positions[s.positions.length - 1];
    if (last.key !== g.repetitionKey() || last.checked !== inCheck(pos, pos.turn)) {
      throw new RulesError("the rules state's last position is not its position");
    }
    // The rules look back to the last capture, and to the last capture or pawn move: a state must keep both.
    if (first > 0 && first > Math.min(s.materialSince, s.ply - pos.halfmove)) throw new RulesError("the rules state keeps too few positions");
    return g;
  }

  get ply(): number {
    return this.played.ply;
  }
  /** Every move played, canonical. RulesError on a resumed game, which knows only those since (movesSince). */
  get moves(): readonly string[] {
    return this.played.all();
  }
  /** The moves played from ply `ply` on; RulesError for a ply before the game was resumed (its moves are not known) or after now. */
  movesSince(ply: number): readonly string[] {
    return this.played.since(ply);
  }
  turn(): Color {
    return COLORS[this.pos.turn];
  }
  fen(): string {
    return makeFen(this.pos);
  }

  /** Every legal move, canonical, in generation order. Empty once the game is over. */
  legalMoves(): LegalMove[] {
    return this.status().result === "ongoing" ? listed(this.pos).listed : [];
  }

  /**
   * The positions `depth` plies from this one, as the rules tool's perft counts them (pure
   * move generation), or null once there are more than `cap`: the work stays within the cap.
   */
  countPositions(depth: number, cap: number): number | null {
    return perftUpTo(this.pos, depth, cap);
  }

  /**
   * Plays a move given as text or actions; returns its canonical text. In orthodox chess and
   * Chess960 the text may be SAN too (docs/notation.md#san), read as the move it means.
   */
  play(input: string | readonly Action[]): string {
    // No actions at all are read as empty text, which is no move.
    const written = typeof input === "string" || input.length === 0 ? this.readText(String(input)) : [...input];
    const s = this.status();
    if (s.result !== "ongoing") throw new RulesError(`the game is over (${s.result} by ${s.reason})`);
    const actions = Array.isArray(written) ? written : this.sanActions(written);
    const r = this.steps.read(this.pos, actions);
    if (typeof r === "string") throw new RulesError(r);
    const { move } = r;
    const text = makeMoveText(r.actions);
    const chased = this.chaser?.chases!(this.pos, move) ?? [];
    makeMove(this.pos, move);
    this.pos.commit();
    this.judged = null;
    this.played.add(text);
    this.keys.push(this.repetitionKey());
    this.checked.push(inCheck(this.pos, this.pos.turn));
    this.chased.push(chased);
    this.arrivals.push([move.from, move.to]);
    const m = material(this.pos);
    if (m < this.material) {
      this.material = m;
      this.materialSince = this.ply;
    }
    return text;
  }

  /**
   * makeRulesState: the positions from the first one a rule may still read. A repetition is of
   * the current position (or a later one), so none before the material fell to what it is now can
   * count; the move-count rules' checks (Xiangqi) and the bot look back to the last capture or
   * pawn move. The cycles of perpetual check and chase run between repeated positions, so they lie
   * in what is kept. Where pieces come back (drops), the material never falls and all is kept.
   */
  private rulesState(): string {
    const from = Math.max(this.keysFrom, Math.min(this.materialSince, this.ply - this.pos.halfmove));
    const start = from - this.keysFrom;
    if (this.keys.length - start > RULES_STATE_LIMITS.positions) {
      throw new RulesError(`this game keeps more than ${RULES_STATE_LIMITS.positions} positions, more than a rules state holds`);
    }
    const positions: PastPosition[] = [];
    for (let i = start; i < this.keys.length; i++) {
      // Moves and chases are read only where the game reads chases.
      positions.push({ key: this.keys[i], checked: this.checked[i], arrival: this.chaser ? this.arrivals[i] : [-1, -1], chased: this.chased[i] });
    }
    const fields = makeFen(this.pos).split(" ");
    // The en passant square as the position holds it, where FEN writes it only when it can be taken (Duck chess).
    if (!this.pos.countLimit) fields[3] = this.pos.ep === -1 ? "-" : this.variant.geo.names[this.pos.ep];
    return makeRulesStateText(this.variant, {
      variant: this.variant.id,
      ply: this.ply,
      fen: fields.join(" "),
      halfmove: this.pos.halfmove,
      dropped: this.pos.dropped,
      passes: this.pos.passes,
      materialSince: this.materialSince,
      positions,
    });
  }

  /**
   * Move text as actions, or as SAN in the games that have it: text in the project's notation
   * is that, except a lone naming (`N f3`), which is no move there but is SAN with a space.
   */
  private readText(text: string): Action[] | SanText {
    const read = parseActions(text);
    if (!hasPgn(this.variant.id)) return unwrap(read);
    const [named] = read.value ?? [];
    if (read.ok && !(read.value.length === 1 && named.type === "name")) return read.value;
    return unwrap(parseSan(named?.type === "name" ? `${named.piece}${named.square}` : text));
  }

  /** The legal move SAN means, as its canonical actions. */
  private sanActions(text: SanText): Action[] {
    const list = listed(this.pos);
    return list.listed[unwrap(resolveSan(this.pos, list, text))].actions;
  }

  /**
   * The step-by-step builder for the board: given the actions chosen so far, the
   * next actions that still lead to a complete legal move, and whether the move is
   * complete as it stands.
   */
  nextActions(prefix: readonly Action[]): { actions: Action[]; complete: boolean } {
    return this.status().result === "ongoing" ? this.steps.next(this.pos, prefix) : { actions: [], complete: false };
  }

  /**
   * Result with history: position status, then the game's repetition rule where it declares
   * one, else fivefold repetition (threefold where draws are automatic).
   */
  status(): Outcome {
    this.judged ??= this.steps.judgedMoves(this.pos);
    const s = positionStatus(this.pos, this.judged, this.moveRuleExtension());
    if (s.result !== "ongoing") return s;
    if (this.variant.decl.repetition) return settled(this.pos, this.repetitionEnd() ?? s);
    if (this.variant.decl.automaticDraws) {
      if (this.repetitions() >= 3) return { result: "draw", reason: "threefold-repetition" };
    } else if (this.repetitions() >= 5) return { result: "draw", reason: "fivefold-repetition" };
    return s;
  }

  /** Orthodox chess: each legal move with its SAN (for PGN import and export). */
  sanMoves(): { text: string; san: string }[] {
    const { legal, listed: texts } = listed(this.pos);
    return legal.map((m, i) => ({ text: texts[i].text, san: san(this.pos, m, legal) }));
  }

  /** Could this side still win? (When the other side's time runs out: a win, or else a draw.) */
  couldWin(color: Color): boolean {
    return couldWin(this.pos, color === "white" ? 0 : 1);
  }

  /** Draws the side to move may claim now. */
  claimableDraws(): DrawClaim[] {
    if (this.status().result !== "ongoing") return [];
    const out: DrawClaim[] = [];
    if (this.repetitions() >= 3 && !this.variant.decl.repetition) out.push("threefold-repetition");
    const plies = moveRulePlies(this.pos);
    if (plies && this.pos.halfmove >= plies + this.moveRuleExtension()) out.push("fifty-move-rule");
    // status() above has judged the moves (every legal move, for a game that lists them).
    for (const m of this.variant.mechanics) if (m.claims) out.push(...m.claims(this.pos, this.judged!));
    return out;
  }

  /**
   * A declared repetition rule (Shogi's, docs/games/shogi.md#repetition; Xiangqi's,
   * docs/games/xiangqi.md#repetition), as Fairy-Stockfish judges it: the current position
   * stands for the `count`th time. Past the move-count rule it is a draw by that rule. The cycle
   * runs from its first of those times to now; a side that gave check in every position of it
   * where the other was to move loses (both: a draw); then, where the game reads chases, a side
   * that chased one piece with every move of it loses (both: a draw); otherwise the declared result.
   */
  private repetitionEnd(): Outcome | undefined {
    const rule = this.variant.decl.repetition!;
    const last = this.keys.length - 1;
    let seen = 1;
    let first = last;
    for (let i = last - 2; i >= 0 && seen < rule.count; i -= 2) {
      if (this.keys[i] === this.keys[last]) {
        seen++;
        first = i;
      }
    }
    if (seen < rule.count) return undefined;
    // Fairy-Stockfish judges the move-count rule first: past it, a repetition is only a draw.
    const plies = moveRulePlies(this.pos);
    if (plies && this.pos.halfmove >= plies + this.moveRuleExtension()) return { result: "draw", reason: "fifty-move-rule" };
    const mover = this.pos.turn;
    // Whether the side not to move forced the cycle (`byThem`), whether the side to move did, and what the end is called.
    const forced = (byThem: boolean, byUs: boolean, reason: EndReason): Outcome | undefined => {
      if (byThem !== byUs) return win(byThem ? mover : ((1 - mover) as Side), reason);
      return byThem ? { result: "draw", reason } : undefined;
    };
    if (rule.perpetualCheckLoses) {
      // The side not to move gave every check in the positions with the side to move to move, and back.
      const everyCheck = (from: number) => {
        for (let i = from; i <= last; i += 2) if (!this.checked[i]) return false;
        return true;
      };
      const end = forced(everyCheck(first), everyCheck(first + 1), "perpetual-check");
      if (end) return end;
    }
    if (this.chaser) {
      const end = forced(this.chasedThroughout(last, first), this.chasedThroughout(last - 1, first + 1), "perpetual-chase");
      if (end) return end;
    }
    const result = rule.result ?? "draw";
    return { result, reason: rule.count === 3 ? "threefold-repetition" : "fourfold-repetition" };
  }

  /**
   * Was one piece chased by every move that led to the positions `from`, `from - 2`, … down to
   * `to` (the game's start excepted: no move led there)? A chased piece is followed back
   * through its own side's moves, as Fairy-Stockfish follows it.
   */
  private chasedThroughout(from: number, to: number): boolean {
    let pieces = this.chased[from];
    for (let i = from - 2; i >= to && i + this.keysFrom > 0 && pieces.length > 0; i -= 2) {
      const [moved, arrived] = this.arrivals[i + 1];
      const earlier = new Set(this.chased[i]);
      pieces = pieces.map((sq) => (sq === arrived && moved !== -1 ? moved : sq)).filter((sq) => earlier.has(sq));
    }
    return pieces.length > 0;
  }

  /**
   * Plies the move-count rules wait longer for checks (VariantDecl.moveRuleChecks, Xiangqi's
   * AXF rule as Fairy-Stockfish counts it, docs/games/xiangqi.md#fifty-moves): once 20 plies are
   * played, two for each check beyond the allowance by the side that gave more since the last
   * capture. 0 in every other game.
   */
  private moveRuleExtension(): number {
    const allowed = this.variant.decl.moveRuleChecks;
    const last = this.checked.length - 1;
    if (allowed === undefined || this.keysFrom + last < 20) return 0;
    const end = Math.min(this.pos.halfmove, last);
    let byThem = Number(this.checked[last]);
    let byUs = Number(this.checked[last - 1]);
    for (let i = 2; i < end; i += 2) {
      byThem += Number(this.checked[last - i]);
      byUs += Number(this.checked[last - i - 1]);
    }
    return 2 * Math.max(Math.max(byThem, byUs) - allowed, 0);
  }

  private repetitions(): number {
    const k = this.keys[this.keys.length - 1];
    return this.keys.filter((x) => x === k).length;
  }

  /**
   * The repetition hash of placement, hands and side (zobrist.ts), then `k` and the castling
   * rights, then `e` and en passant, only when a capture is really possible (or as FEN writes it,
   * where the game says so). Castling rights count; the first-move leaps of Ouk Chatrang's king
   * and neang do not, as Fairy-Stockfish counts repetitions (docs/games/ouk-chatrang.md#draws).
   * Fairy-Stockfish tells a promoted pawn from the piece it became only on capture, not in
   * repetitions; nor a piece from the one it counts as there (PieceDecl.repetitionAs: Shogi's
   * tokin is a gold): the hash does not either.
   */
  private repetitionKey(): string {
    const castling = this.pos.castling ? `k${this.pos.castling}` : "";
    const ep = this.variant.decl.enPassant?.repeatsAsWritten ? makeFen(this.pos).split(" ")[3]
      : this.pos.ep !== -1 && this.steps.enPassantPossible(this.pos) ? this.variant.geo.names[this.pos.ep] : "-";
    return `${hashText(repetitionHash(this.pos))}${castling}${ep === "-" ? "" : `e${ep}`}`;
  }

  /** The occupied squares, for drawing the board. */
  board(): SquareContent[] {
    const out: SquareContent[] = [];
    const { board, geo } = this.pos;
    for (const sq of geo.squares) {
      const code = board[sq];
      if (code === 0) continue;
      if (code === DUCK) {
        out.push(this.variant.decl.hidden ? { square: geo.names[sq], pieces: [], unseen: true } : { square: geo.names[sq], pieces: [], duck: true });
        continue;
      }
      const pieces: PieceOnBoard[] = [];
      for (const side of [0, 1] as Side[]) {
        const t = typeOn(code, side);
        if (!t) continue;
        const p: PieceOnBoard = { color: COLORS[side], letter: this.variant.types[t].letter };
        if (code & CARRY[side]) p.carrying = true;
        if (code & PROMOTED[side]) p.promoted = true;
        pieces.push(p);
      }
      out.push({ square: geo.names[sq], pieces });
    }
    return out;
  }

  /** The pieces each side holds in hand (Sittuyin's setup, Crazyhouse's captures), in FEN order, for drawing beside the board. */
  hand(): Record<Color, { letter: string; count: number }[]> {
    const letters = this.variant.mechanics.flatMap((m) => m.fenMarks?.holdings ?? []);
    const held = (side: Side) => letters
      .map((letter) => ({ letter, count: this.pos.hand[side * 32 + this.variant.byLetter.get(letter)!] }))
      .filter((p) => p.count > 0);
    return { white: held(0), black: held(1) };
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

/** The pieces on the board (union partners each), carried and in hand: no move adds one. */
function material(pos: Position): number {
  let n = pos.pieceCount(0) + pos.pieceCount(1);
  for (const sq of pos.geo.squares) {
    if (pos.board[sq] & CARRY[0]) n++;
    if (pos.board[sq] & CARRY[1]) n++;
  }
  for (let i = 0; i < 64; i++) n += pos.hand[i];
  return n;
}
