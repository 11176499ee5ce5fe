/**
 * A game for more than two as a declaration: its board, its armies (letter, name, seat,
 * forward direction, castling), its pieces with Betza-like moves, its start and the switches
 * of its mode. The rules that a declaration cannot say are the mode's (./modes.ts).
 */
import type { BoardDecl, Vec } from "./board";

export interface CastlingDecl {
  king: string;
  kingTo: string;
  rook: string;
  rookTo: string;
}

export interface ArmyDecl {
  letter: string;
  name: string;
  /** Forward of every pawn kind, by piece letter (Four Seasons has two kinds, P and L). */
  forward: Record<string, Vec>;
  castling?: { K: CastlingDecl; Q: CastlingDecl };
  /** Side (teams), or pair (pairs): armies with the same number never take each other's pieces. */
  side?: number;
  /** Hexagonal boards: the pawn's forward straight and diagonal steps (Betza `f`), its start row and promotion cells (0-based file, rank). */
  hexPawn?: { forward: Vec[]; startRow(f: number, r: number): boolean; promotes(f: number, r: number): boolean };
}

export interface MultiPieceDecl {
  letter: string;
  name: string;
  betza: string;
  royal?: boolean;
  pawn?: boolean;
  /** Points for taking it live (games with points); a promoted pawn counts as a pawn. */
  value?: number;
}

/**
 * How the game is won (the books' modes): `kings` Chaturaji (no check, kings taken, points);
 * `seasons` Four Seasons (mates on one's own turn, out armies removed, last king standing);
 * `points` all against all with points (four- and eight-player); `teams` two sides, the first
 * mate wins; `pairs` eight-player pairs (a mate puts the pair out); `three` three-player chess
 * (the first mate or king taken ends the game, 3/1/0 points).
 */
export type MultiMode = "kings" | "seasons" | "points" | "teams" | "pairs" | "three";

export interface MultiGameDecl {
  id: string;
  name: string;
  board: BoardDecl;
  armies: ArmyDecl[];
  pieces: MultiPieceDecl[];
  mode: MultiMode;
  /** The rules in a few lines for the game's page, from its rule book (docs/games/); the first line on the game's card. */
  summary: string[];
  start: string;
  /** The pawn's own rank from which it may double-step (1 = the army's first line), if any. */
  pawnStart?: number;
  /** The pawn's own rank on which it promotes, and to what. */
  promotionRank: number;
  promotesTo: string[];
  /** Plies without a capture or a pawn move that end the game. */
  moveRule: number;
  /** Points for checking two and three (or more) kings at once: [queens only, otherwise]. */
  checkPoints?: { two: [number, number]; three: [number, number] };
  /** Points for taking a live king, for a checkmate and for being stalemated. */
  kingPoints?: number;
  /** Castling's king may cross no attacked cell: only those it crosses (chess), or every cell between king and rook (three-player). */
  castlingSafe?: "crossed" | "between";
  enPassant?: boolean;
}
