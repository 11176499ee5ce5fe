import { getVariant } from "./variants";

/** What the variant pages and the board need to know about a game. */
export interface VariantInfo {
  id: string;
  name: string;
  files: number;
  ranks: number;
  startFen: string;
  pieces: { letter: string; name: string; betza: string }[];
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
    pieces: decl.pieces.map(({ letter, name, betza }) => ({ letter, name, betza })),
    summary: decl.summary,
  };
}
