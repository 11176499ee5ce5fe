/**
 * Helpers for the preset readers' proofs (tests/unit/presets-*.test.ts): a declaration read
 * from a foreign format is declared under a test id and compared with the built-in game it
 * describes, by perft and by the moves and FEN of seeded random games.
 *
 * A small preset in the project's format for the tests (docs/presets.md): a 6×6 game of kings,
 * rooks, pawns and wazirs, whose wazir has no drawing (the board gives it a lettered disc).
 * `wazirGame(betza)` is the same game with the wazir moving otherwise, for a second version.
 */
import { declareVariant, Game, unwrap, type Result, type VariantDecl } from "@/lib/rules";
import { perft } from "@/lib/rules/movegen";
import { parseFen } from "@/lib/rules/notation/fen";
import { getVariant } from "@/lib/rules/variants";
import { Rng } from "@/tests/fuzz/random";

/** The declaration a reader gave, declared under `id`. */
export function declared(result: Result<VariantDecl>, id: string): VariantDecl {
  const decl = { ...unwrap(result), id };
  declareVariant(decl);
  return decl;
}

/** perft of a game's start position (or `fen`) at each depth 1..n. */
export function perfts(id: string, depth: number, fen?: string): number[] {
  const v = getVariant(id);
  return Array.from({ length: depth }, (_, i) => perft(unwrap(parseFen(v, fen ?? v.decl.startFen)), i + 1));
}

/**
 * Random games played on two games side by side, from the same start: at every position the
 * same FEN, the same legal moves (as text) and the same status, until `positions` positions
 * are compared. The first difference, or "" when there is none.
 */
export function firstDifference(ours: string, theirs: string, positions: number, seed: number): string {
  const rng = new Rng(seed);
  let seen = 0;
  for (let n = 1; seen < positions; n++) {
    const a = Game.start(ours);
    const b = Game.start(theirs);
    for (let ply = 0; ply < 200 && seen < positions; ply++) {
      seen++;
      const where = `game ${n} after [${a.moves.join(", ")}]`;
      if (a.fen() !== b.fen()) return `${where}: FEN ${a.fen()} vs ${b.fen()}`;
      const ma = a.legalMoves().map((m) => m.text).sort();
      const mb = b.legalMoves().map((m) => m.text).sort();
      if (ma.join(" ") !== mb.join(" ")) return `${where}: moves ${ma.join(" ")} vs ${mb.join(" ")}`;
      const sa = JSON.stringify(a.status());
      if (sa !== JSON.stringify(b.status())) return `${where}: status ${sa} vs ${JSON.stringify(b.status())}`;
      if (ma.length === 0 || a.status().result !== "ongoing") break;
      const move = ma[rng.int(ma.length)];
      a.play(move);
      b.play(move);
    }
  }
  return "";
}

export function wazirGame(wazir = "W"): string {
  return [
    "# Wazir Chess: a test preset",
    "name: Wazir Chess",
    "board: 6x6",
    "start: 2wkwr/pppppp/6/6/PPPPPP/2WKWR w - - 0 1",
    "piece: K, King, K, art king",
    "piece: R, Rook, R, art rook",
    `piece: W, Wazir, ${wazir}`,
    "piece: P, Pawn, fmWfcF, art pawn, never on first rank, never on last rank, promotes to R W, pawn-like",
    "royalty: king K",
    "stalemate: draw",
    "rules: Kings, rooks, pawns and wazirs on a 6×6 board.",
  ].join("\n");
}

export const WAZIR_GAME = wazirGame();
