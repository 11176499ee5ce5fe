/**
 * The rules of every game the service offers — pure TypeScript, no I/O, the same
 * code on the server (which judges every move) and in the browser (which offers
 * only legal moves). Positions are FEN, moves are Game Courier-style text, games are
 * records: all three are described in docs/notation.md.
 *
 *   const game = Game.start("chess");          // or Game.start(id, fen), Game.replay(id, fen, moves)
 *   game.legalMoves();                         // [{ actions, text: "P e2-e4" }, …]
 *   game.play("P e2-e4");                      // canonical text back; RulesError if illegal
 *   game.nextActions([{ type: "step", … }]);   // the board's step-by-step builder
 *   game.status();                             // { result: "ongoing" } | { result, reason }
 *   game.claimableDraws(); game.fen(); game.board(); game.hand(); game.checks();
 *
 * Text in and out, one convention (lichess's chessops'):
 * - `parseX(text)` reads text and returns a `Result<X>`: `{ ok: true, value }`, or
 *   `{ ok: false, error }` whose error is one line naming the first problem. Parsers
 *   do not throw on any text, and their work is bounded by its length.
 * - `makeX(value)` writes canonical text, which the matching parser reads back.
 * - `unwrap(result)` is the value, or a RulesError with the error: for a caller to
 *   whom bad text is an exception. `result.value ?? fallback` reads a value without one.
 * The Game is a game being played, not a parser: `Game.start`, `Game.replay` and
 * `play` throw RulesError (bad FEN, illegal move), which the app shows to the player.
 *
 * Exports:
 * - `Game`: start(variantId, fen = "start") and replay(variantId, startFen, moves) →
 *   Game; its methods above, plus moves, ply, turn(), sanMoves(), couldWin(color), and
 *   countPositions(depth, cap): perft, or null once more than cap (work bounded by cap).
 *   Types Color, DrawClaim, LegalMove, PieceOnBoard, SquareContent.
 * - `makeRulesState(game)` → text: what the rules need of the game's past (its position, ply and
 *   the positions a repetition rule may still look back on, trimmed to those;
 *   docs/notation.md#the-rules-state). `Game.resume(variantId, startFen, state)` → the game as if
 *   replayed, without the replay (RulesError for a state that does not read); its `moves` throw,
 *   `movesSince(ply)` gives the moves played since it was resumed.
 * - `parseActions(text)` → Result<Action[]>: a move's actions (docs/notation.md#moves),
 *   read tolerantly. `makeMoveText(actions)` → its canonical text; `makeActionText(action)`
 *   → one action's. Type Action.
 * - `parseGameRecord(text, { maxMoves })` → Result<ParsedRecord>: a record in the
 *   project's notation or PGN with SAN (docs/notation.md#game-record), every move
 *   replayed; the error names the first bad one. `makeGameRecord(input)` → the
 *   project's record; `makePgn(input)` → PGN with SAN, for the games `hasPgn(variantId)`
 *   is true of (makePgn throws RulesError for others: a caller's mistake, not bad text);
 *   `sanRecord(variantId, startFen, moves)` → each move in SAN, for the same games. Those games
 *   read SAN wherever they read move text (`game.play("Nf3")`, docs/notation.md#san).
 *   Types ParsedRecord, RecordInput, RecordResult.
 * - `declareVariant(decl)`: a game declared at run time (a preset, docs/presets.md), found by
 *   its id from then on like a built-in game; types VariantDecl, PieceDecl.
 * - `parsePreset(text)` → Result<{ format, decl }>: a preset in the project's format, an
 *   Interactive Diagram's settings or a variants.ini section, checked against the limits
 *   (PRESET_LIMITS); every error begins `line N: `, which `presetErrorLine(error)` reads back.
 *   `makePreset(decl)` → the project's canonical text, which parsePreset reads to the same
 *   declaration (RulesError for a declaration no preset can say: numbered setups, code).
 * - `variantIds()` → every built-in game's id (docs/notation.md#variant-ids);
 *   `variantInfo(id)` → VariantInfo (name, board, start FEN, pieces, summary), and
 *   `findVariantInfo(id)` → VariantInfo | undefined for an id that may be unknown;
 *   `setupFen(id, n)` → the start FEN of numbered setup n (Chess960; RulesError for
 *   a game without setups); `chosenSetupFen(id, white, black)` → the start FEN when each
 *   player chose their own setup (Janggi's arrangements).
 * - `viewFen(id, fen, "white" | "black")` → the position as that player of a hidden game (Fog of
 *   War) sees it: FEN with `?` for each unseen square (docs/games/fog-of-war.md#the-view-as-fen),
 *   which `Game.start` reads; RulesError for a game that hides nothing. `hidesInformation(id)`:
 *   whether a game does (VariantInfo.hidden).
 * - `MultiGame`: the games for more than two (Chaturaji, Four Seasons, four-, three- and
 *   eight-player chess in their modes; lib/rules/multi, docs/notation.md#games-for-more-than-two), on N-FEN:
 *   start(id, nfen = "start"), replay(id, nfen, moves); play(text) → canonical text or
 *   RulesError; legalMoves() → [{ text, from, to, promo }]; nextSteps(from?) → the cells a
 *   board offers; eliminate(army, "resignation" | "timeout") → that army goes out as its book
 *   says; status() → ongoing, or { reason, winners, scores, places }; fen(), positions(),
 *   board() (cells with name, x, y from the top left, shade, piece, dead), armies() (letter,
 *   name, score, state, toMove), countPositions(depth, cap). `multiVariantIds()`,
 *   `isMultiVariant(id)`, `multiGameInfo(id)` (name, lattice, files, ranks, cells, armies,
 *   start) and `parseMultiNfen(id, text)` → Result<canonical N-FEN>. `makeMultiRulesState(game)` and
 *   `MultiGame.resume(id, nfen, state)`: as makeRulesState and Game.resume, for these games
 *   (eliminations included); ply, and movesSince(ply) on a resumed game.
 * - Types EndReason and Outcome: what `status()` returns.
 * - `RulesError`: every error the module throws. `Result`, `unwrap`: the convention above.
 *
 * FEN itself is read by `parseFen(variant, text)` → Result<Position> and written by
 * `makeFen(position)` in ./notation/fen, inside the module: outside it a position is a
 * Game, whose `fen()` writes it. The one door past that is lib/bot's: `searchStart(game)` in
 * ./game, a copy of the position and the repetition keys its search needs, not exported here.
 */
export { Game, makeRulesState } from "./game";
export type { Color, DrawClaim, LegalMove, PieceOnBoard, SquareContent } from "./game";
export type { Action } from "./actions";
export { makeActionText, makeMoveText, parseActions } from "./actions";
export type { EndReason, Outcome } from "./status";
export { RulesError } from "./errors";
export { declareVariant, variantIds } from "./variants";
export type { PieceDecl, VariantDecl } from "./variant";
export { makePreset, parsePreset, presetErrorLine, PRESET_LIMITS, type ParsedPreset, type PresetFormat } from "./presets";
export { chosenSetupFen, findVariantInfo, setupFen, sideNameIn, variantInfo, type VariantInfo } from "./info";
export { makeGameRecord, makePgn, hasPgn, parseGameRecord, sanRecord, type ParsedRecord, type RecordInput, type RecordResult } from "./notation/record";
export { unwrap, type Result } from "./result";
export { hidesInformation, viewFen } from "./view";
export { isMultiVariant, makeMultiRecord, makeMultiRulesState, MultiGame, multiGameInfo, multiVariantIds, parseMultiNfen, replayMultiGame } from "./multi";
export type { MultiElimination, MultiRecordInput, MultiArmy, MultiCell, MultiEndReason, MultiGameInfo, MultiLegalMove, MultiStatus } from "./multi";
