import { bikjang } from "../mechanics/bikjang";
import { palaceLines } from "../mechanics/palace-lines";
import type { VariantDecl } from "../variant";

/**
 * The four arrangements of horses (N) and elephants (B) a player chooses from, each named as
 * Korean players name it and by the elephants' place, read from the player's own left: the
 * pieces on the b, c, g and h files for Cho, on the h, g, c and b files for Han, who sits
 * across the board (docs/games/janggi.md#setups). The first is Fairy-Stockfish's start.
 */
const ARRANGEMENTS = [
  { name: "Inner elephants (마상상마)", pieces: "NBBN" },
  { name: "Outer elephants (상마마상)", pieces: "BNNB" },
  { name: "Left elephant (상마상마)", pieces: "BNBN" },
  { name: "Right elephant (마상마상)", pieces: "NBNB" },
];

/** A home rank, from file a to file i, with the arrangement's pieces read from the owner's left. */
function homeRank(arrangement: number, side: "cho" | "han"): string {
  const [p1, p2, p3, p4] = ARRANGEMENTS[arrangement].pieces;
  const rank = side === "cho" ? `R${p1}${p2}A1A${p3}${p4}R` : `R${p4}${p3}A1A${p2}${p1}R`;
  return side === "cho" ? rank : rank.toLowerCase();
}

const janggiFen = (cho: number, han: number) =>
  `${homeRank(han, "han")}/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/${homeRank(cho, "cho")} w - - 0 1`;

/**
 * Janggi (Korean chess) as Fairy-Stockfish plays its `janggi` (docs/games/janggi.md). White is
 * Cho (楚), who moves first; Black is Han (漢).
 */
export const janggi: VariantDecl = {
  id: "janggi",
  name: "Janggi",
  files: 9,
  ranks: 10,
  startFen: janggiFen(0, 0),
  chosenSetups: { names: ARRANGEMENTS.map((a) => a.name), fen: janggiFen },
  points: {},
  palaces: [["d1", "f3"], ["d8", "f10"]],
  pieces: [
    { letter: "K", name: "General", art: "janggiGeneral", betza: "W", region: "palace" },
    { letter: "A", name: "Guard", art: "janggiGuard", betza: "W", region: "palace" },
    // One step straight, then two diagonally outwards, blocked on either point on the way.
    { letter: "B", name: "Elephant", art: "janggiElephant", betza: "nZ" },
    { letter: "N", name: "Horse", art: "janggiHorse", betza: "nN" },
    { letter: "R", name: "Chariot", art: "janggiChariot", betza: "R" },
    // It must jump to move or capture, and never over or onto another cannon.
    { letter: "C", name: "Cannon", art: "janggiCannon", betza: "pR", hopsNot: ["C"] },
    { letter: "P", name: "Soldier", art: "janggiSoldier", betza: "fsW" },
  ],
  royalty: { kind: "king", piece: "K" },
  // Never reached: a side not in check may always pass.
  stalemate: "loss",
  // Threefold repetition and fifty moves without a capture end the game by themselves, decided on points
  // (docs/games/janggi.md#game-end).
  automaticDraws: true,
  repetition: { count: 3, perpetualCheckLoses: true },
  mechanics: [
    palaceLines({ steppers: ["K", "A"], forward: ["P"], riders: ["R"], hoppers: ["C"] }),
    bikjang({ general: "K", guards: ["A"], values: { R: 13, C: 7, N: 5, B: 3, A: 3, P: 2 } }),
  ],
  sideNames: ["Cho", "Han"],
  summary: [
    "Korean chess on the 90 points of a 9×10 board without a river. Cho (楚, White) moves first; Han (漢, Black) has 1.5 points of compensation. Each player chooses one of four horse and elephant arrangements before the first move.",
    "General (K) and guards (A) step along the lines inside their palace, diagonals included. Chariot (R) as a rook, and along the palace diagonals; horse (N) one step straight then one diagonally, blockable; elephant (B) one step straight then two diagonally, blockable at both points; soldier (P) one step forward or sideways, and forward along the diagonals of the opponent's palace.",
    "The cannon (C) must jump over exactly one piece to move or capture, along lines and palace diagonals; it may never jump over or capture another cannon.",
    "A player not in check may pass. Checkmate wins. When the generals face each other on an open file (bikjang) and the player to move passes, when both players pass in turn, on threefold repetition (but perpetual check loses), or after fifty moves without a capture, the game is decided on points: chariot 13, cannon 7, horse 5, elephant 3, guard 3, soldier 2, and 1.5 for Han. With nothing but generals and guards left it is a draw.",
  ],
};
