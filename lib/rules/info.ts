import { RulesError } from "./errors";
import { DEFAULT_SIDE_NAMES } from "./variant";
import { getVariant, isKnownVariant } from "./variants";

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
  /** Drawn on the points where lines cross (VariantDecl.points); undefined for a board of squares. */
  points?: { river: boolean };
  /** White's and Black's palace, each as [lower-left, upper-right] square names (VariantDecl.palaces). */
  palaces?: [[string, string], [string, string]];
  /** The names of the setups each player chooses before the first move (VariantDecl.chosenSetups); empty when there are none. */
  chosenSetups: string[];
  /** What the players call White and Black (VariantDecl.sideNames): "Red" and "Black" in Xiangqi. */
  sideNames: [string, string];
  /** Each player sees only part of the board (Fog of War): show them `viewFen`'s view, never the position. */
  hidden: boolean;
  summary: string[];
  /** What a `pass` does, where the game has one (Mechanic.passMeans): the move builder's button says it. */
  passMeans: string | null;
}

export function variantInfo(id: string): VariantInfo {
  const { decl, sideNames } = getVariant(id);
  return {
    id: decl.id,
    name: decl.name,
    files: decl.files,
    ranks: decl.ranks,
    startFen: decl.startFen,
    setups: decl.setups?.count ?? 0,
    hands: (decl.mechanics ?? []).some((m) => (m.fenMarks?.holdings?.length ?? 0) > 0),
    pieces: decl.pieces.map(({ letter, name, art, betza }) => ({ letter, name, art, betza })),
    ...(decl.points && { points: { river: decl.points.river ?? false } }),
    ...(decl.palaces && { palaces: decl.palaces }),
    chosenSetups: decl.chosenSetups?.names ?? [],
    sideNames: [sideNames[0], sideNames[1]],
    hidden: decl.hidden ?? false,
    summary: decl.summary,
    passMeans: (decl.mechanics ?? []).find((m) => m.passMeans)?.passMeans ?? null,
  };
}

/** The game with this id (built in or declared), or undefined for an id the rules module does not know (an old game's, a typed address's). */
export function findVariantInfo(id: string): VariantInfo | undefined {
  return isKnownVariant(id) ? variantInfo(id) : undefined;
}

/**
 * A side's name in a game's players' words ("Red" for Xiangqi's white); White and Black
 * for a game the rules module does not know. `colour` as stored: "white" or "black".
 */
export function sideNameIn(id: string, colour: "white" | "black"): string {
  return (findVariantInfo(id)?.sideNames ?? DEFAULT_SIDE_NAMES)[colour === "white" ? 0 : 1];
}

/** The start FEN when White chose setup `white` and Black setup `black` (VariantDecl.chosenSetups, docs/games/janggi.md). */
export function chosenSetupFen(id: string, white: number, black: number): string {
  const { decl } = getVariant(id);
  const choice = decl.chosenSetups;
  const valid = (n: number) => Number.isInteger(n) && n >= 0 && n < (choice?.names.length ?? 0);
  if (!choice) throw new RulesError(`${decl.name} has no setups for the players to choose`);
  if (!valid(white) || !valid(black)) throw new RulesError(`${decl.name} has setups 0 to ${choice.names.length - 1}`);
  return choice.fen(white, black);
}

/** The start FEN of a game's numbered setup `n` (docs/games/chess960.md#setups). */
export function setupFen(id: string, n: number): string {
  const { decl } = getVariant(id);
  if (!decl.setups) throw new RulesError(`${decl.name} has no numbered setups`);
  return decl.setups.fen(n);
}
