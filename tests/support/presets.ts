/**
 * A small preset in the project's format for the tests (docs/presets.md): a 6×6 game of kings,
 * rooks, pawns and wazirs, whose wazir has no drawing (the board gives it a lettered disc).
 * `wazirGame(betza)` is the same game with the wazir moving otherwise, for a second version.
 */
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
