import type { VariantDecl } from "../variant";

/** docs/games/compound.md#start-position: keep the array in this one constant. */
export const COMPOUND_START = "rdcbqkbcdr/ssssssssss/10/10/10/10/SSSSSSSSSS/RDCBQKBCDR w KQkq - 0 1";

/** Compound Chess (Kevin Pacey): 10×8, compound pieces, Sergeants taken en passant by Dragons only. */
export const compound: VariantDecl = {
  id: "compound",
  name: "Compound Chess",
  files: 10,
  ranks: 8,
  startFen: COMPOUND_START,
  // Values as the inventor's page gives them (docs/games/compound.md#pieces).
  pieces: [
    { letter: "K", name: "King", art: "king", betza: "K" },
    { letter: "Q", name: "Queen-Alfil-Dabbabah", art: "qad", betza: "QAD", value: 12.5 },
    { letter: "R", name: "Rook-Alfil", art: "rookAlfil", betza: "RA", value: 7 },
    { letter: "B", name: "Bede", art: "bede", betza: "BD", value: 5.25 },
    { letter: "C", name: "Centaur", art: "centaur", betza: "NK", value: 7.5 },
    { letter: "D", name: "Dragon", art: "dragon", betza: "NfmWfcF", value: 5 },
    {
      letter: "S", name: "Sergeant", art: "sergeant", betza: "fWfFifmnD",
      forbiddenRanks: ["first", "last"], promotesTo: ["D", "B", "R", "Q", "C"], pawnLike: true, value: 1.5,
    },
  ],
  royalty: { kind: "king", piece: "K" },
  castling: { king: "K", rook: "R", kingTo: ["i", "c"], rookTo: ["h", "d"], homes: { king: "f", rooks: ["j", "a"] } },
  enPassant: { victims: ["S"], capturers: ["D"] },
  stalemate: "draw",
  deadPosition: { minors: [] },
  summary: [
    "Chess on a 10×8 board with compound pieces: Queen-Alfil-Dabbabah (Q), Rook-Alfil (R), Bede = bishop + dabbabah (B), Centaur = knight + king step (C), Dragon = knight + pawn (D).",
    "Sergeants (S) move and capture one square forward or diagonally forward, may double-step from their first square, and promote on the last rank to Dragon, Bede, Rook-Alfil, Queen-Alfil-Dabbabah or Centaur.",
    "Only a Dragon may take a Sergeant en passant; Dragons never promote.",
    "The king castles three squares towards an unmoved Rook-Alfil (f1–i1 or f1–c1), which lands on the square the king crossed.",
    "Stalemate is a draw; the fifty-move rule counts captures and Sergeant moves.",
  ],
};
