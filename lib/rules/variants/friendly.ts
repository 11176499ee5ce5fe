import { unions } from "../mechanics/unions";
import type { VariantDecl } from "../variant";
import { chess, classicEnPassant, orthodoxPieces } from "./chess";

/** Friendly Chess (the rules of Paco Ŝako): nothing is captured; unions, chains, win by union with the king. */
export const friendly: VariantDecl = {
  ...chess,
  id: "friendly",
  name: "Friendly Chess",
  pieces: orthodoxPieces.map((p) =>
    p.letter === "P"
      ? // Carried by the opponent, a pawn may stand on its own first rank and double-step from there;
        // on its last rank only in a union, pending promotion (checked by the mechanic).
        { ...p, initialRanks: [1, 2], forbiddenRanks: [], pawnLike: false }
      : p),
  royalty: { kind: "none", piece: "K" },
  deadPosition: undefined,
  // Unions and chains take en passant too, which the core's test of the FEN field does not see.
  enPassant: classicEnPassant,
  // The page says these "are draws": the server declares them, nobody claims them.
  automaticDraws: true,
  // Nothing is captured: the bot brings its pieces towards the opponent's king, to unite with it (docs/bot.md#goals).
  botGoal: { nearKing: 0.1 },
  mechanics: [unions],
  summary: [
    "The usual board, pieces and moves, but nothing is ever captured: a piece moving onto an opponent's single piece forms a union with it.",
    "Either player moves a union as their own piece in it, taking the partner along, and only to empty squares.",
    "A single piece moving onto a union takes the place of its own colour's piece there, which is released and must move on at once: to an empty square, into a new union, or onto the next union (a chain). A chain may not pass through the same state twice, but it may end with the board as it began.",
    "The king never joins a union or a chain; it castles as in chess when neither it nor the squares it crosses or lands on are threatened. A rook in a union castles with its partner.",
    "Pawns step straight to empty squares (two from their first two ranks) and diagonally only onto an opponent's piece; a pawn in a union moves only straight ahead. After a double step from the 2nd rank, en passant works for unions and inside chains. A pawn carried to its last rank by the opponent is promoted by its owner at the start of their turn.",
    "Uniting one of your pieces with the opponent's king wins at once. Draws, declared at once with no claim: threefold repetition, fifty moves each without a new union or promotion (a chain step into a union forms none), every piece but the kings in a union, or no legal move.",
  ],
};
