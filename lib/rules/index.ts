/**
 * The rules of every game the service offers — pure TypeScript, no I/O, the same
 * code on the server (which judges every move) and in the browser (which offers
 * only legal moves).
 *
 *   const game = Game.start("chess");          // or Game.start(id, fen), Game.replay(id, fen, moves)
 *   game.legalMoves();                         // [{ actions, text: "P e2-e4" }, …]
 *   game.play("P e2-e4");                      // canonical text back; RulesError if illegal
 *   game.nextActions([{ type: "step", … }]);   // the board's step-by-step builder
 *   game.status();                             // { result: "ongoing" } | { result, reason }
 *   game.claimableDraws(); game.fen(); game.board(); game.hand(); game.checks();
 *
 * Positions are FEN and moves are Game Courier-style text (docs/notation.md).
 */
export { Game } from "./game";
export type { Color, DrawClaim, LegalMove, PieceOnBoard, SquareContent } from "./game";
export type { Action } from "./actions";
export { makeActionText, makeMoveText, parseActions } from "./actions";
export type { EndReason, Outcome } from "./status";
export { RulesError } from "./errors";
export { variantIds } from "./variants";
export { setupFen, variantInfo, type VariantInfo } from "./info";
export { findVariantInfo } from "./info";
export { makeGameRecord, makePgn, hasPgn, parseGameRecord, type ParsedRecord, type RecordInput, type RecordResult } from "./notation/record";
export { unwrap, type Result } from "./result";
