/**
 * The one gate for games that hide information (Fog of War): while such a game is on,
 * every surface reads the game through `gameAsSeenBy`, which turns the stored game into
 * what one viewer may know — a player their own view at each ply and their own moves,
 * anyone else nothing of the position. After the end, the game is what it always was.
 * What each surface shows: docs/games/fog-of-war.md#what-each-surface-shows.
 */
import type { Game as GameRow } from "@/lib/db/schema";
import { findVariantInfo, hidesInformation, variantInfo, viewFen } from "@/lib/rules";

export type Side = "white" | "black";

/** The opponent's move as a player of a game in fog sees it: that a move was made, not which. */
export const UNSEEN_MOVE = "…";

/**
 * The game hides its position now: a hiding variant, not over (open challenges have no moves, but no harm).
 * A game the rules cannot read (a preset version a later parser refuses) counts as hiding: closed, not open.
 */
export function hiddenNow(g: Pick<GameRow, "variant" | "status">): boolean {
  return (g.status === "active" || g.status === "open") && (!findVariantInfo(g.variant) || hidesInformation(g.variant));
}

/** The viewer's side in the game, or null for a spectator, a stranger or a signed-out visitor. */
export function sideOf(g: Pick<GameRow, "whiteId" | "blackId">, viewerId: string | null): Side | null {
  if (viewerId === null) return null;
  return g.whiteId === viewerId ? "white" : g.blackId === viewerId ? "black" : null;
}

/** Who made the move of this ply (1 is the first move), from the side to move at the start. */
export function moverOf(startFen: string, ply: number): Side {
  const whiteStarts = startFen.split(" ")[1] !== "b";
  return (ply % 2 === 1) === whiteStarts ? "white" : "black";
}

/**
 * A FEN as this viewer may see it: a player's view (lib/rules viewFen, whose halfmove
 * clock is 0: its reset would tell that the opponent moved a pawn or captured), anyone
 * else's a board of `?` only.
 */
export function fenSeenBy(variant: string, fen: string, side: Side | null): string {
  return side ? viewFen(variant, fen, side) : fogOnly(variant, fen);
}

/** Every square unseen; the side to move and the move number stay (everyone knows whose turn it is). */
function fogOnly(variant: string, fen: string): string {
  const { files, ranks } = variantInfo(variant);
  const [, side = "w", , , , full = "1"] = fen.split(" ");
  return `${Array.from({ length: ranks }, () => "?".repeat(files)).join("/")} ${side} - - 0 ${full}`;
}

interface StoredMove { ply: number; text: string; fenAfter: string }

/**
 * The gate: a stored game and its moves as this viewer may know them. For a game that
 * hides nothing, or one that is over, it returns them as they are; while a hiding game
 * is on, the FENs are the viewer's views (ply by ply) and the opponent's moves are "…".
 */
export function gameAsSeenBy<G extends GameRow, M extends StoredMove>(
  game: G, moves: readonly M[], viewerId: string | null,
): { game: G; moves: M[]; hidden: boolean; side: Side | null } {
  const side = sideOf(game, viewerId);
  if (!hiddenNow(game)) return { game, moves: [...moves], hidden: false, side };
  const seen = (fen: string) => fenSeenBy(game.variant, fen, side);
  return {
    // The rules state (games.rules_state, where the row has it) holds the real position too.
    game: { ...game, startFen: seen(game.startFen), currentFen: seen(game.currentFen), ...("rulesState" in game && { rulesState: null }) },
    moves: moves.map((m) => ({
      ...m,
      text: side !== null && moverOf(game.startFen, m.ply) === side ? m.text : UNSEEN_MOVE,
      fenAfter: seen(m.fenAfter),
    })),
    hidden: true,
    side,
  };
}
