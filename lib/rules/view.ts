/**
 * What a player of a hidden game sees (Fog of War, docs/games/fog-of-war.md#what-each-player-sees):
 * the squares of their own pieces and every square one of them could legally move to, with
 * castling's rook landing too; the rest is unseen. A view is a position whose unseen squares
 * hold UNSEEN, written in FEN as `?` (one per square), which `parseFen` reads back.
 */
import { RulesError } from "./errors";
import { castlingSquares, castlingWing, generateEnPassant, pseudoMoves } from "./movegen";
import { MoveKind, type Move } from "./move";
import { makeFen, parseFen } from "./notation/fen";
import { CASTLE_BITS, typeOn, UNSEEN, type Position } from "./position";
import { unwrap } from "./result";
import type { Side } from "./variant";
import { getVariant } from "./variants";

/** Whether a game hides from each player what their pieces do not see (VariantDecl.hidden). */
export function hidesInformation(variantId: string): boolean {
  return getVariant(variantId).decl.hidden ?? false;
}

/**
 * The squares `side` sees (docs/games/fog-of-war.md#what-each-player-sees), one flag per padded
 * square: its pieces' and their legal moves' targets, as if it were to move. En passant is its
 * move only when it is to move: the en passant square belongs to the side to move. Without check
 * every generated move is legal; generated, not listed, they are there once a king is taken
 * too, so a game's last position shows as every other.
 */
export function seenSquares(pos: Position, side: Side): Uint8Array {
  const seen = new Uint8Array(pos.geo.size);
  for (const sq of pos.geo.squares) if (typeOn(pos.board[sq], side)) seen[sq] = 1;
  const p = pos.clone();
  if (p.turn !== side) {
    p.turn = side;
    p.ep = -1;
  }
  for (const m of pseudoMoves(p)) {
    seen[m.to] = 1;
    if (m.kind === MoveKind.Castle) seen[castlingSquares(p, side, castlingWing(p, m)).rookTo] = 1;
  }
  return seen;
}

/**
 * The position as `side` sees it (docs/games/fog-of-war.md#the-view-as-fen): unseen squares
 * UNSEEN, only its own castling rights, the en passant square only when it may capture there,
 * the halfmove clock 0 (its count would tell when the opponent last took or moved a pawn);
 * side to move and move number as they are.
 */
export function view(pos: Position, side: Side): Position {
  const seen = seenSquares(pos, side);
  const v = pos.clone();
  // Only its own rights; the opponent's are not seen, even where their king and rook are.
  v.castling &= CASTLE_BITS[side][0] | CASTLE_BITS[side][1];
  const captures: Move[] = [];
  if (v.turn === side) generateEnPassant(pos, captures);
  if (captures.length === 0) v.ep = -1;
  for (const sq of pos.geo.squares) if (!seen[sq]) v.put(sq, UNSEEN);
  v.halfmove = 0;
  v.commit();
  return v;
}

/** `view` from FEN to FEN, for a game that hides information; RulesError for any other or a bad FEN. */
export function viewFen(variantId: string, fen: string, side: "white" | "black"): string {
  // Whoever is neither player sees no one's view: a wrong side is an error, never the other player's.
  if (side !== "white" && side !== "black") throw new RulesError(`a view is White's or Black's, not ${JSON.stringify(String(side)).slice(0, 30)}`);
  const variant = getVariant(variantId);
  if (!variant.decl.hidden) throw new RulesError(`${variant.decl.name} hides nothing: every player sees the whole board`);
  const pos = unwrap(parseFen(variant, fen));
  return makeFen(view(pos, side === "white" ? 0 : 1));
}
