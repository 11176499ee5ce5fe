/**
 * A game for more than two being played: the facade the service and the board use, as `Game`
 * is for two (lib/rules/game.ts). Positions are N-FEN, moves the project's text
 * (docs/notation.md#games-for-more-than-two).
 */
import { RulesError } from "../errors";
import { PlayedMoves } from "../played";
import { unwrap } from "../result";
import type { MultiMove } from "./attacks";
import { endOf, eliminate, legalMoves, placesOf, playMove, type MultiEnd, type MultiEndReason } from "./engine";
import { MULTI_GAMES } from "./games";
import { makeNfen, parseNfen, repetitionKey } from "./nfen";
import type { MultiMode } from "./declare";
import { CompiledGame, type ArmyState, type Position } from "./position";
import { makeMultiStateText, parseMultiState, textHash } from "./state";
import { makeMoveText, parseMoveText } from "./text";

const compiled = new Map<string, CompiledGame>();
for (const d of MULTI_GAMES) compiled.set(d.id, new CompiledGame(d));

export const multiVariantIds = (): string[] => [...compiled.keys()];
export const isMultiVariant = (id: string): boolean => compiled.has(id);

export function compiledGame(id: string): CompiledGame {
  const g = compiled.get(id);
  if (!g) throw new RulesError(`unknown game for more than two: ${id}`);
  return g;
}

export interface MultiGameInfo {
  id: string;
  name: string;
  lattice: "square" | "hex";
  files: number;
  ranks: number;
  /** Every existing cell: its name and its file and rank from 0. */
  cells: { name: string; file: number; rank: number }[];
  /** `team`: the side an army plays on in a game of teams or pairs (docs/games/four-player.md), else null. */
  armies: { letter: string; name: string; team: number | null }[];
  /** How the game is won (declare.ts): whether armies score points, play in teams, … */
  mode: MultiMode;
  /** The rules in a few lines (the declaration's summary). */
  summary: string[];
  /** The pieces by their N-FEN letter, with their names in the rule book ("boat"); the royal one is the king. */
  pieces: { letter: string; name: string; betza: string; royal: boolean }[];
  start: string;
}

export function multiGameInfo(id: string): MultiGameInfo {
  const g = compiledGame(id);
  const d = g.decl;
  return {
    id: d.id,
    name: d.name,
    lattice: d.board.lattice,
    files: g.board.files,
    ranks: g.board.ranks,
    cells: g.board.cells.map((c) => ({ ...c })),
    armies: d.armies.map((a) => ({ letter: a.letter, name: a.name, team: a.side ?? null })),
    mode: d.mode,
    summary: d.summary,
    pieces: d.pieces.map((p) => ({ letter: p.letter, name: p.name, betza: p.betza, royal: p.royal === true })),
    start: d.start,
  };
}

export interface MultiLegalMove {
  text: string;
  /** Cell names; absent for pass and claim. */
  from?: string;
  to?: string;
  promo?: string;
}

export type MultiStatus =
  | { result: "ongoing"; toMove: string }
  | { result: "over"; reason: MultiEndReason; winners: string[]; scores: Record<string, number>; places: Record<string, number> };

export interface MultiCell {
  name: string;
  /** Drawing coordinates: x from the left, y from the top, in cells (the first army at the bottom). */
  x: number;
  y: number;
  /** Squares: light or dark; hexagons: three colours, (file + rank) mod 3 counted from 1 as light, mid, dark. */
  shade: "light" | "mid" | "dark";
  piece: { army: string; kind: string; promoted: boolean; dead: boolean } | null;
}

export interface MultiArmy {
  letter: string;
  name: string;
  score: number;
  state: "playing" | "out" | "out-king-live";
  toMove: boolean;
}

const STATE_NAMES: Record<ArmyState, MultiArmy["state"]> = { "": "playing", x: "out", k: "out-king-live" };

let writeState: (game: MultiGame) => string;

/**
 * What the rules need of a game for more than two's past, as text (docs/notation.md#the-rules-state-of-a-game-for-more-than-two),
 * which `MultiGame.resume` reads back: the position, the ply, the plies armies went out at, an end
 * no position shows, and the positions since the material last fell with the times each stood.
 * RulesError for a game keeping more positions than a state holds (MULTI_STATE_LIMITS), as makeRulesState.
 */
export function makeMultiRulesState(game: MultiGame): string {
  return writeState(game);
}

/** The pieces on the board: no move adds one, so no position with more can stand again. */
const material = (p: Position) => p.board.reduce((n, c) => n + (c ? 1 : 0), 0);

export class MultiGame {
  private position: Position;
  /** Every position so far as N-FEN; on a resumed game, those since. */
  private readonly history: string[] = [];
  /** The repetition hash (textHash of repetitionKey) of each position since the material last fell, with the times it stood. */
  private seen = new Map<string, number>();
  private material: number;
  private ended: MultiEnd | null = null;
  private outPly: (number | null)[];
  private played = new PlayedMoves();

  static {
    writeState = (game) => makeMultiStateText(game.g, {
      variant: game.g.decl.id, ply: game.ply, nfen: game.fen(), outPly: game.outPly, ended: game.ended, seen: game.seen,
    });
  }

  private constructor(
    private readonly g: CompiledGame,
    start: Position,
  ) {
    this.position = start;
    this.material = material(start);
    this.outPly = start.states.map((s) => (s === "" ? null : -1));
    this.remember();
  }

  /**
   * A game as if replayed (with its eliminations) from `nfen` to where its rules state
   * (makeMultiRulesState) was written, without the replay. It does not know the moves nor the
   * positions before: `moves` and `positions()` throw RulesError; `movesSince(ply)` gives the moves
   * played since. A state that does not read is refused with RulesError.
   */
  static resume(id: string, nfen: string, rulesState: string): MultiGame {
    // Its position need not be among those seen: an army that went out since the last move changed it.
    const game = MultiGame.start(id, nfen);
    const s = unwrap(parseMultiState(game.g, rulesState));
    game.position = unwrap(parseNfen(game.g, s.nfen));
    game.material = material(game.position);
    game.outPly = s.outPly;
    game.ended = s.ended;
    game.seen = s.seen;
    game.played = new PlayedMoves(s.ply);
    game.history.length = 0;
    game.history.push(makeNfen(game.g, game.position));
    game.position.states.forEach((st, a) => {
      if ((st === "") !== (s.outPly[a] === null)) throw new RulesError(`the rules state's plies out do not match its armies (${game.g.letters[a]})`);
    });
    return game;
  }

  static start(id: string, nfen = "start"): MultiGame {
    const g = compiledGame(id);
    return new MultiGame(g, unwrap(parseNfen(g, nfen === "start" ? g.decl.start : nfen)));
  }

  static replay(id: string, nfen: string, moves: readonly string[]): MultiGame {
    const game = MultiGame.start(id, nfen);
    moves.forEach((m, i) => {
      try {
        game.play(m);
      } catch (e) {
        if (e instanceof RulesError) throw new RulesError(`move ${i + 1}: ${e.message}`);
        throw e;
      }
    });
    return game;
  }

  get id(): string {
    return this.g.decl.id;
  }

  /** Moves played so far. */
  get ply(): number {
    return this.played.ply;
  }

  /** Every move played, canonical. RulesError on a resumed game, which knows only those since (movesSince). */
  get moves(): readonly string[] {
    return this.played.all();
  }

  /** The moves played from ply `ply` on; RulesError for a ply before the game was resumed or after now. */
  movesSince(ply: number): readonly string[] {
    return this.played.since(ply);
  }

  /** A capture (or an army leaving the board) leaves fewer pieces for good: no position seen before can stand again. */
  private countPieces() {
    const pieces = material(this.position);
    if (pieces < this.material) this.seen.clear();
    this.material = pieces;
  }

  private remember() {
    this.countPieces();
    const key = textHash(repetitionKey(this.g, this.position));
    this.seen.set(key, (this.seen.get(key) ?? 0) + 1);
    this.history.push(makeNfen(this.g, this.position));
  }

  private repeated(): boolean {
    return (this.seen.get(textHash(repetitionKey(this.g, this.position))) ?? 0) >= 5;
  }

  private noteOut(before: Position) {
    this.position.states.forEach((s, a) => {
      if (s !== "" && before.states[a] === "" && this.outPly[a] === null) this.outPly[a] = this.ply;
    });
  }

  private end(): MultiEnd | null {
    return this.ended ?? endOf(this.g, this.position, this.repeated());
  }

  private legal(): MultiMove[] {
    if (this.end()) return [];
    return legalMoves(this.g, this.position);
  }

  legalMoves(): MultiLegalMove[] {
    const b = this.g.board;
    return this.legal().map((m) => ({
      text: makeMoveText(this.g, this.position, m),
      ...(m.type === "move" ? { from: b.name(m.from), to: b.name(m.to), ...(m.promo ? { promo: m.promo } : {}) } : {}),
    }));
  }

  /** The cells a piece on `from` may go to (the board's step builder), with the promotions each needs. */
  nextSteps(from?: string): { from: string[] } | { to: { cell: string; promotions: string[] }[] } {
    const moves = this.legalMoves().filter((m) => m.from);
    if (from === undefined) return { from: [...new Set(moves.map((m) => m.from!))] };
    const to = new Map<string, string[]>();
    for (const m of moves) if (m.from === from) to.set(m.to!, [...(to.get(m.to!) ?? []), ...(m.promo ? [m.promo] : [])]);
    return { to: [...to].map(([cell, promotions]) => ({ cell, promotions })) };
  }

  /** Plays a move of the army to move; its canonical text, or RulesError saying why not. */
  play(text: string): string {
    const read = parseMoveText(this.g, text);
    if (!read.ok) throw new RulesError(read.error);
    const end = this.end();
    if (end) throw new RulesError(`the game is over (${end.reason})`);
    const t = read.value;
    const found = this.legal().find((m) => {
      if (m.type !== t.type) return false;
      if (m.type !== "move") return true;
      const p = this.position.board[m.from]!;
      return m.from === t.from && m.to === t.to && p.kind === t.kind && (m.promo ?? undefined) === t.promo;
    });
    if (!found) throw new RulesError(`${text.trim()} is not a legal move for ${this.g.decl.armies[this.position.toMove].name}`);
    const canonical = makeMoveText(this.g, this.position, found);
    const before = this.position;
    this.position = playMove(this.g, before, found);
    this.played.add(canonical);
    this.noteOut(before);
    if (found.type === "claim") {
      const scores = this.position.scores.slice();
      this.ended = { reason: "claim-win", scores, winners: [before.toMove] };
    }
    this.remember();
    return canonical;
  }

  /** An army goes out by resignation or timeout, in turn or not (docs/common-rules.md#resignation-and-timeout-per-player). */
  eliminate(army: string, reason: "resignation" | "timeout"): void {
    const a = this.g.letters.indexOf(army);
    if (a < 0) throw new RulesError(`no army ${army} in this game`);
    if (this.end()) throw new RulesError("the game is over");
    if (this.position.states[a] !== "") throw new RulesError(`${this.g.decl.armies[a].name} is already out`);
    const before = this.position;
    const { position, end } = eliminate(this.g, before, a, reason);
    this.position = position;
    this.noteOut(before);
    this.countPieces();
    if (end && (this.g.decl.mode === "teams" || this.g.decl.mode === "three" || end.reason === "last-army-standing")) this.ended = end.reason === "last-army-standing" ? { ...end, reason } : end;
  }

  status(): MultiStatus {
    const end = this.end();
    const letters = this.g.letters;
    if (!end) return { result: "ongoing", toMove: letters[this.position.toMove] };
    const places = placesOf(this.g, end, this.outPly);
    return {
      result: "over",
      reason: end.reason,
      winners: end.winners.map((a) => letters[a]),
      scores: Object.fromEntries(letters.map((l, a) => [l, end.scores[a]])),
      places: Object.fromEntries(letters.map((l, a) => [l, places[a]])),
    };
  }

  fen(): string {
    return makeNfen(this.g, this.position);
  }

  /** Every position so far, as N-FEN, the start first. RulesError on a resumed game, which does not know them. */
  positions(): readonly string[] {
    const { resumedAt } = this.played;
    if (resumedAt > 0) throw new RulesError(`this game was resumed at ply ${resumedAt}: its earlier positions are not known here`);
    return this.history;
  }

  board(): MultiCell[] {
    const b = this.g.board;
    // Hexagons: each rank up is drawn half a cell to the left (docs/games/three-player.md#board-and-cell-names), three colours.
    const hex = b.lattice === "hex";
    const rawX = (c: { file: number; rank: number }) => (hex ? c.file - c.rank / 2 : c.file);
    const left = Math.min(...b.cells.map(rawX));
    return b.cells.map((c, i) => {
      const p = this.position.board[i];
      return {
        name: c.name,
        x: rawX(c) - left,
        y: b.ranks - 1 - c.rank,
        shade: hex ? (["light", "mid", "dark"] as const)[(c.file + c.rank + 2) % 3] : (c.file + c.rank) % 2 === 0 ? "dark" : "light",
        piece: p && { army: this.g.letters[p.army], kind: p.kind, promoted: p.promoted, dead: this.position.states[p.army] !== "" },
      };
    });
  }

  armies(): MultiArmy[] {
    const p = this.position;
    const over = this.end() !== null;
    return this.g.decl.armies.map((a, i) => ({
      letter: a.letter,
      name: a.name,
      score: p.scores[i],
      state: STATE_NAMES[p.states[i]],
      toMove: !over && p.toMove === i,
    }));
  }

  /** perft: the number of move sequences of `depth` plies, or null once more than `cap` (work bounded by cap). */
  countPositions(depth: number, cap = Infinity): number | null {
    let n = 0;
    const walk = (pos: Position, d: number): boolean => {
      const moves = legalMoves(this.g, pos);
      if (d === 1) {
        n += moves.length;
        return n <= cap;
      }
      for (const m of moves) {
        // A claim ends the game: no sequence goes on past it.
        if (m.type === "claim") continue;
        if (!walk(playMove(this.g, pos, m), d - 1)) return false;
      }
      return true;
    };
    if (depth <= 0) return 1;
    if (this.end()) return 0;
    return walk(this.position, depth) ? n : null;
  }
}

export type { MultiEnd, MultiEndReason };
