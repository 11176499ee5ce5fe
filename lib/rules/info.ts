import { RulesError } from "./errors";
import { getVariant, variantIds } from "./variants";

/** What the variant pages and the board need to know about a game. */
export interface VariantInfo {
  id: string;
  name: string;
  files: number;
  ranks: number;
  startFen: string;
  /** How many numbered setups a game may start from (Chess960: 960); 0 when it has one start position. */
  setups: number;
  /** Whether its positions hold pieces in hand (Crazyhouse, Shogi, Sittuyin's setup), which FEN writes in `[...]`. */
  hands: boolean;
  /** `name` is the piece's display name ("King", "Royal pawn"); `art` names its drawing (app/_components/pieces). */
  pieces: { letter: string; name: string; art: string; betza: string }[];
  summary: string[];
}

export function variantInfo(id: string): VariantInfo {
  const { decl } = getVariant(id);
  return {
    id: decl.id,
    name: decl.name,
    files: decl.files,
    ranks: decl.ranks,
    startFen: decl.startFen,
    setups: decl.setups?.count ?? 0,
    hands: (decl.mechanics ?? []).some((m) => (m.fenMarks?.holdings?.length ?? 0) > 0),
    pieces: decl.pieces.map(({ letter, name, art, betza }) => ({ letter, name, art, betza })),
    summary: decl.summary,
  };
}

/** The game with this id, or undefined for an id the rules module does not know (an old game's, a typed address's). */
export function findVariantInfo(id: string): VariantInfo | undefined {
  return variantIds().includes(id) ? variantInfo(id) : undefined;
}

/** The start FEN of a game's numbered setup `n` (docs/games/chess960.md#setups). */
export function setupFen(id: string, n: number): string {
  const { decl } = getVariant(id);
  if (!decl.setups) throw new RulesError(`${decl.name} has no numbered setups`);
  return decl.setups.fen(n);
}
