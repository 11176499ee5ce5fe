/**
 * Setups the players choose before the first move (VariantDecl.chosenSetups: Janggi's four
 * horse and elephant arrangements), as the service runs them: the order of the choices, who
 * is to act while they are made, and the board shown meanwhile. The order is the
 * tradition's (docs/games/janggi.md#choosing-the-setups): the side that moves second
 * chooses first, in the open; the side that moves first then chooses, seeing it, and moves.
 */
import { Game, chosenSetupFen, findVariantInfo, variantInfo, type SquareContent } from "@/lib/rules";
import type { Game as GameRow } from "@/lib/db/schema";

export type Colour = "white" | "black";
const other = (c: Colour): Colour => (c === "white" ? "black" : "white");

/** Whether a game of this variant begins with the players choosing their setups. */
export function choosesSetups(variant: string): boolean {
  return variantInfo(variant).chosenSetups.length > 0;
}

/** The side that chooses first: the one that does not move first. */
export function firstChooser(variant: string): Colour {
  return other(Game.start(variant, chosenSetupFen(variant, 0, 0)).turn());
}

export interface SetupStage {
  /** The setups' names, in order (indices are what the players choose). */
  names: string[];
  white: number | null;
  black: number | null;
  /** Who chooses now; null once both have (or when the game ended before they did). */
  toChoose: Colour | null;
}

type Choices = Pick<GameRow, "variant" | "status" | "choosingSetups" | "whiteSetup" | "blackSetup">;

/** The setups of a game whose variant has them; null for any other game. */
export function setupStage(g: Choices): SetupStage | null {
  // A game the rules cannot read (a preset version a later parser refuses) shows no setups.
  const names = findVariantInfo(g.variant)?.chosenSetups ?? [];
  if (names.length === 0) return null;
  const first = firstChooser(g.variant);
  const chosen = { white: g.whiteSetup, black: g.blackSetup };
  const waiting = g.status === "active" && g.choosingSetups;
  const toChoose = !waiting ? null : chosen[first] === null ? first : chosen[other(first)] === null ? other(first) : null;
  return { names, white: g.whiteSetup, black: g.blackSetup, toChoose };
}

/** The side whose action the game waits for: the one choosing a setup, else the one to move. */
export function sideToAct(g: Choices & Pick<GameRow, "currentFen">): Colour {
  return setupStage(g)?.toChoose ?? (g.currentFen.split(" ")[1] === "b" ? "black" : "white");
}

/**
 * The board while the setups are chosen: each side that has chosen in its chosen setup;
 * a side that has not yet, with the points its choice decides left empty (whichever setup
 * stands in for it in the FEN, it is not shown as if chosen).
 */
export function boardWhileChoosing(variant: string, white: number | null, black: number | null): SquareContent[] {
  const n = variantInfo(variant).chosenSetups.length;
  const board = (w: number, b: number) => Game.start(variant, chosenSetupFen(variant, w, b)).board();
  const shown = board(white ?? 0, black ?? 0);
  const open = new Set<string>();
  const differ = (a: SquareContent, b: SquareContent) => JSON.stringify(a.pieces) !== JSON.stringify(b.pieces);
  for (let i = 1; i < n; i++) {
    if (white === null) board(i, black ?? 0).forEach((s, k) => differ(s, shown[k]) && open.add(s.square));
    if (black === null) board(white ?? 0, i).forEach((s, k) => differ(s, shown[k]) && open.add(s.square));
  }
  return shown.map((s) => (open.has(s.square) ? { square: s.square, pieces: [] } : s));
}
