/** The games for more than two (docs/notation.md#games-for-more-than-two): see lib/rules/index.ts. */
import { err, ok, type Result } from "../result";
import { compiledGame, isMultiVariant } from "./game";
import { makeNfen, parseNfen } from "./nfen";

export { replayMultiGame, type MultiElimination } from "./replay";
export { makeMultiRecord, type MultiRecordInput } from "./record";

export type { MultiMode } from "./declare";
export { isMultiVariant, makeMultiRulesState, MultiGame, multiGameInfo, multiVariantIds, type MultiArmy, type MultiCell, type MultiGameInfo, type MultiLegalMove, type MultiStatus, type MultiEndReason } from "./game";

/** Reads an N-FEN of the game `id`: its canonical text, or the one-line reason it is not one. */
export function parseMultiNfen(id: string, text: string): Result<string> {
  if (!isMultiVariant(id)) return err(`unknown game for more than two: ${id}`);
  const g = compiledGame(id);
  const read = parseNfen(g, text);
  return read.ok ? ok(makeNfen(g, read.value)) : err(read.error);
}
