/** Small helpers for the reference's tests. */
import { parseNfen, writeNfen, type GameDef, type RefMove } from "./shared";

export const texts = (g: GameDef, nfen: string) => g.legalMoves(parseNfen(g, nfen)).map((m) => m.text).sort();

export function playText(g: GameDef, nfen: string, text: string): RefMove & { nfen: string } {
  const m = g.legalMoves(parseNfen(g, nfen)).find((x) => x.text === text);
  if (!m) throw new Error(`${text} is not legal in ${nfen}`);
  return { ...m, nfen: writeNfen(g, m.next) };
}

/** The same position with another army to move. */
export const withMover = (nfen: string, a: string) => nfen.split(" ").map((f, i) => (i === 1 ? a : f)).join(" ");

export const armiesField = (nfen: string) => nfen.split(" ")[2];
