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

/** An N-FEN with just these pieces (`{ g7: "wR" }`), every army playing with 0 points, no rights. */
export function placed(g: GameDef, pieces: Record<string, string>, toMove: string, rest = "- - 0 1"): string {
  const board = new Map(Object.entries(pieces).map(([s, t]) => [s, { army: t[0], kind: t[1], promoted: t[2] === "~" }]));
  const armies = g.armies.split("").map((letter) => ({ letter, score: 0, state: "" as const }));
  const [castling, ep, half, round] = rest.split(" ");
  const text = writeNfen(g, { board, toMove, armies, castling: [], ep: [], halfmove: Number(half), round: Number(round) });
  return text.split(" ").slice(0, 3).concat([castling, ep, half, round]).join(" ");
}
