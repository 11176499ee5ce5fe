import { drops } from "../mechanics/drops";
import type { PieceDecl, VariantDecl } from "../variant";

/** Moves as a gold general: the tokin and the promoted silver, knight and lance. */
const GOLD = "WfF";

/** A piece that may promote on a move that starts or ends in the zone (docs/games/shogi.md#promotion). */
const promoting = (ranks: number) => (into: string) => ({ promotesTo: [into], promotionRanks: ranks, promotionOptional: true });

/** The pieces of both games; Minishogi has no knight or lance (docs/games/shogi.md#pieces). */
function shogiPieces(zone: number, withKnightAndLance: boolean): PieceDecl[] {
  const promotes = promoting(zone);
  const pieces: PieceDecl[] = [
    { letter: "K", name: "King", art: "shogiKing", betza: "K" },
    { letter: "R", name: "Rook", art: "shogiRook", betza: "R", ...promotes("+R") },
    { letter: "+R", name: "Dragon king", art: "shogiDragon", betza: "RF" },
    { letter: "B", name: "Bishop", art: "shogiBishop", betza: "B", ...promotes("+B") },
    { letter: "+B", name: "Dragon horse", art: "shogiHorse", betza: "BW" },
    { letter: "G", name: "Gold general", art: "shogiGold", betza: GOLD },
    { letter: "S", name: "Silver general", art: "shogiSilver", betza: "FfW", ...promotes("+S") },
    { letter: "+S", name: "Promoted silver", art: "shogiPromotedSilver", betza: GOLD, repetitionAs: "G" },
  ];
  if (withKnightAndLance) {
    pieces.push(
      { letter: "N", name: "Knight", art: "shogiKnight", betza: "ffN", ...promotes("+N") },
      { letter: "+N", name: "Promoted knight", art: "shogiPromotedKnight", betza: GOLD, repetitionAs: "G" },
      { letter: "L", name: "Lance", art: "shogiLance", betza: "fR", ...promotes("+L") },
      { letter: "+L", name: "Promoted lance", art: "shogiPromotedLance", betza: GOLD, repetitionAs: "G" },
    );
  }
  pieces.push(
    { letter: "P", name: "Pawn", art: "shogiPawn", betza: "fW", ...promotes("+P") },
    { letter: "+P", name: "Tokin", art: "shogiTokin", betza: GOLD, repetitionAs: "G" },
  );
  return pieces;
}

/**
 * Captured pieces to the hand, unpromoted, and dropped (docs/games/shogi.md#drops): no second
 * pawn on a file (nifu), and a mate by a pawn drop loses for the dropper. The hand's letters
 * come in the order Fairy-Stockfish writes them.
 */
const shogiDrops = (hand: string[]) => drops({ pieces: hand, capturesToHand: true, noDoubled: "P", dropMateLoses: "P" });

/** What both games share: the king, the ends, no move-count rule (docs/games/shogi.md#game-end). */
const shogiRules = {
  royalty: { kind: "king", piece: "K" },
  stalemate: "loss",
  moveRule: 0,
  noDeadEnds: true,
  // A piece in hand may be dropped almost anywhere: worth more to the bot than on the board (docs/bot.md#goals).
  botGoal: { hand: 1.2 },
} as const;

/** Shogi as Fairy-Stockfish plays it (docs/games/shogi.md). */
export const shogi: VariantDecl = {
  id: "shogi",
  name: "Shogi",
  files: 9,
  ranks: 9,
  startFen: "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1",
  pieces: shogiPieces(3, true),
  ...shogiRules,
  // Sennichite: the fourth time a position stands, a draw; perpetual check loses.
  repetition: { count: 4, perpetualCheckLoses: true },
  mechanics: [shogiDrops(["G", "N", "L", "P", "S", "R", "B"])],
  sideNames: ["Sente", "Gote"],
  summary: [
    "Japanese chess on a 9×9 board. Sente (White, uppercase, at the bottom) moves first.",
    "Pieces: king (K), rook (R), bishop (B), gold general (G), silver general (S), knight (N, two forward and one sideways), lance (L, straight forward), pawn (P, one step forward, captures the same way).",
    "Promotion: a rook, bishop, silver, knight, lance or pawn may promote on a move that starts or ends in the last three ranks (`S d7-c8=+S`), and must where it could never move again. The rook becomes a dragon king (+R), the bishop a dragon horse (+B), the others move as a gold.",
    "Captured pieces change sides and go to the captor's hand (unpromoted); instead of moving, a player may drop one on any empty square (`P*e5`). No pawn is dropped on a file that holds one of its owner's pawns, and no piece where it could never move.",
    "Checkmate wins; a stalemated player loses; a checkmate given by dropping a pawn loses. The fourth time a position stands the game is a draw, unless one side gave check on every move: that side loses.",
  ],
};

/** Minishogi (5×5) as Fairy-Stockfish plays it (docs/games/minishogi.md). */
export const minishogi: VariantDecl = {
  id: "minishogi",
  name: "Minishogi",
  files: 5,
  ranks: 5,
  startFen: "rbsgk/4p/5/P4/KGSBR[] w - - 0 1",
  pieces: shogiPieces(1, false),
  ...shogiRules,
  // Fourfold repetition: sente (White) loses, unless one side gave check on every move: that side loses.
  repetition: { count: 4, perpetualCheckLoses: true, result: "black-wins" },
  mechanics: [shogiDrops(["G", "P", "S", "R", "B"])],
  sideNames: ["Sente", "Gote"],
  summary: [
    "Shogi on a 5×5 board, without knights and lances: each side has a king, rook, bishop, gold, silver and pawn. Sente (White, uppercase, at the bottom) moves first.",
    "Promotion: the rook, bishop, silver and pawn may promote on a move that starts or ends on the last rank (`P a4-a5=+P`, forced for the pawn).",
    "Captured pieces go to the captor's hand and may be dropped (`P*c3`), with Shogi's limits: no second pawn on a file, no piece where it could never move.",
    "Checkmate wins; a stalemated player loses; a checkmate given by dropping a pawn loses. The fourth time a position stands, sente (White) loses, unless one side gave check on every move: that side loses.",
  ],
};
