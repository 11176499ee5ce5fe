import { explosions } from "../mechanics/explosions";
import type { VariantDecl } from "../variant";
import { chess } from "./chess";

/** Atomic chess as Fairy-Stockfish plays it (docs/games/atomic.md): chess where every capture explodes. */
export const atomic: VariantDecl = {
  ...chess,
  id: "atomic",
  name: "Atomic chess",
  // The king is lost by explosion, never by capture alone; the last one must not be left attacked.
  royalty: { kind: "extinction", pieces: ["K"] },
  endNames: { extinction: "king-exploded" },
  // Only bare kings are a dead position, as Fairy-Stockfish judges material here (docs/games/atomic.md#draws).
  deadPosition: { minors: [] },
  enPassant: { ...chess.enPassant!, repeatsAsWritten: true },
  mechanics: [explosions({ survivors: ["P"] })],
  summary: [
    "Chess where every capture is an explosion: the capturing piece, the captured piece and every piece but a pawn on the eight squares around are removed.",
    "A king cannot capture, and kings may stand side by side: a king touching the other king cannot be taken.",
    "Blowing up the opponent's king wins, even from check; a move that would blow up one's own king is not allowed. Checkmate wins too.",
    "Castling, en passant (the blast is around the square the pawn lands on) and promotion as in chess; stalemate and bare kings are draws.",
  ],
};
