/**
 * The declarations of the games for more than two, as their rule books give them:
 * docs/games/chaturaji.md, four-seasons.md, four-player.md, eight-player.md.
 */
import type { Vec } from "./board";
import type { ArmyDecl, CastlingDecl, MultiGameDecl, MultiPieceDecl } from "./declare";

const UP: Vec = [0, 1];
const DOWN: Vec = [0, -1];
const RIGHT: Vec = [1, 0];
const LEFT: Vec = [-1, 0];

const square8 = { lattice: "square" as const, files: 8, ranks: 8, exists: () => true };

const castle = (king: string, kingTo: string, rook: string, rookTo: string): CastlingDecl => ({ king, kingTo, rook, rookTo });

const CHESS_PIECES = (pawnBetza: string): MultiPieceDecl[] => [
  { letter: "K", name: "king", betza: "K", royal: true, value: 20 },
  { letter: "Q", name: "queen", betza: "Q", value: 9 },
  { letter: "R", name: "rook", betza: "R", value: 5 },
  { letter: "B", name: "bishop", betza: "B", value: 5 },
  { letter: "N", name: "knight", betza: "N", value: 3 },
  { letter: "P", name: "pawn", betza: pawnBetza, pawn: true, value: 1 },
];

// docs/games/chaturaji.md
const chaturaji: MultiGameDecl = {
  id: "chaturaji",
  name: "Chaturaji",
  board: square8,
  armies: [
    { letter: "r", name: "Red", forward: { P: UP } },
    { letter: "b", name: "Blue", forward: { P: RIGHT } },
    { letter: "y", name: "Yellow", forward: { P: DOWN } },
    { letter: "g", name: "Green", forward: { P: LEFT } },
  ],
  pieces: [
    { letter: "K", name: "king", betza: "K", royal: true, value: 3 },
    { letter: "R", name: "boat", betza: "R", value: 5 },
    { letter: "B", name: "bishop", betza: "B", value: 5 },
    { letter: "N", name: "knight", betza: "N", value: 3 },
    { letter: "P", name: "pawn", betza: "fmWfcF", pawn: true, value: 1 },
  ],
  mode: "kings",
  summary: [
    "Four small armies on an 8×8 board, each for itself: the dice-free modern game of India's four kings.",
    "No check: a king is taken like any piece, and its army is out, its other pieces left standing as dead pieces.",
    "Captures and attacks on two or three kings at once score points; a pawn on the far edge becomes a boat (a rook).",
    "The game ends when one army is left, or at the move count; the most points win.",
  ],
  start: "bRbP2yKyByNyR/bNbP2yPyPyPyP/bBbP6/bKbP6/6gPgK/6gPgB/rPrPrPrP2gPgN/rRrNrBrK2gPgR r r0,b0,y0,g0 - - 0 1",
  promotionRank: 8,
  promotesTo: ["R"],
  moveRule: 100,
  checkPoints: { two: [1, 1], three: [5, 5] },
  kingPoints: 3,
};

// docs/games/four-seasons.md
const fourSeasons: MultiGameDecl = {
  id: "four-seasons",
  name: "Four Seasons Chess",
  board: square8,
  armies: [
    { letter: "g", name: "Green", forward: { P: DOWN, L: RIGHT } },
    { letter: "r", name: "Red", forward: { P: UP, L: RIGHT } },
    { letter: "b", name: "Black", forward: { P: UP, L: LEFT } },
    { letter: "w", name: "White", forward: { P: DOWN, L: LEFT } },
  ],
  pieces: [
    { letter: "K", name: "king", betza: "K", royal: true },
    { letter: "R", name: "rook", betza: "R" },
    { letter: "N", name: "knight", betza: "N" },
    { letter: "B", name: "alfil", betza: "A" },
    { letter: "Q", name: "general", betza: "F" },
    { letter: "P", name: "pawn", betza: "fmWfcF", pawn: true },
    { letter: "L", name: "pawn along the rank", betza: "fmWfcF", pawn: true },
  ],
  mode: "seasons",
  summary: [
    "Alfonso X's chess of the four seasons (1283): four small armies in the corners of an 8×8 board, each for itself.",
    "The pieces move as in medieval chess: the alfil leaps two squares diagonally, the general steps one; pawns never double-step.",
    "An army checkmated or stalemated on its own turn, or whose king is taken, is out and its pieces leave the board.",
    "The last king standing wins.",
  ],
  start: "gKgRgL2wLwRwK/gNgBgL2wLwBwN/gPgP4wPwP/8/8/rPrP4bPbP/rNrBrL2bLbBbN/rKrRrL2bLbRbK g g0,r0,b0,w0 - - 0 1",
  promotionRank: 8,
  promotesTo: ["Q"],
  moveRule: 100,
};

// docs/games/four-player.md: 14 × 14 without its 3 × 3 corners.
const cross14 = {
  lattice: "square" as const,
  files: 14,
  ranks: 14,
  exists: (f: number, r: number) => !((f < 3 || f > 10) && (r < 3 || r > 10)),
};

const FOUR_PLAYER_ARMIES: ArmyDecl[] = [
  { letter: "r", name: "Red", forward: { P: UP }, side: 0, castling: { K: castle("h1", "j1", "k1", "i1"), Q: castle("h1", "f1", "d1", "g1") } },
  { letter: "b", name: "Blue", forward: { P: RIGHT }, side: 1, castling: { K: castle("a8", "a10", "a11", "a9"), Q: castle("a8", "a6", "a4", "a7") } },
  { letter: "y", name: "Yellow", forward: { P: DOWN }, side: 0, castling: { K: castle("g14", "e14", "d14", "f14"), Q: castle("g14", "i14", "k14", "h14") } },
  { letter: "g", name: "Green", forward: { P: LEFT }, side: 1, castling: { K: castle("n7", "n5", "n4", "n6"), Q: castle("n7", "n9", "n11", "n8") } },
];

const FOUR_PLAYER_START =
  "yRyNyByKyQyByNyR/yPyPyPyPyPyPyPyP/8/bRbP10gPgR/bNbP10gPgN/bBbP10gPgB/bKbP10gPgQ/bQbP10gPgK/bBbP10gPgB/bNbP10gPgN/bRbP10gPgR/8/rPrPrPrPrPrPrPrP/rRrNrBrQrKrBrNrR r r0,b0,y0,g0 rKQbKQyKQgKQ - 0 1";

const fourPlayer: MultiGameDecl = {
  id: "four-player",
  name: "Four-player chess",
  board: cross14,
  armies: FOUR_PLAYER_ARMIES.map(({ side: _side, ...a }) => a),
  pieces: CHESS_PIECES("fmWfcFifmnD"),
  mode: "points",
  start: FOUR_PLAYER_START,
  summary: [
    "Four chess armies on a cross-shaped board of 160 squares, all against all, as chess.com's 4 Player Chess plays it.",
    "Captures, checkmates and checks on two or three kings score points; the most points win.",
    "Checkmated and resigned armies stay on the board as grey, dead pieces; a pawn promotes to a queen on its own 8th rank, past the middle.",
  ],
  pawnStart: 2,
  promotionRank: 8,
  promotesTo: ["Q"],
  moveRule: 100,
  checkPoints: { two: [1, 5], three: [5, 20] },
  kingPoints: 20,
};

const fourPlayerTeams: MultiGameDecl = {
  ...fourPlayer,
  id: "four-player-teams",
  name: "Four-player chess (teams)",
  armies: FOUR_PLAYER_ARMIES,
  mode: "teams",
  promotionRank: 11,
  summary: [
    "Four chess armies on a cross-shaped board of 160 squares, partners sitting opposite: Red and Yellow against Blue and Green.",
    "The first team to checkmate an opponent, judged on the mated army's own turn, or to take a king, wins.",
    "A player may not take a partner's pieces; a pawn promotes on its own 11th rank, to the piece its player chooses.",
  ],
  promotesTo: ["Q", "R", "B", "N"],
  checkPoints: undefined,
  kingPoints: undefined,
};

// docs/games/eight-player.md: 18 × 18 in the middle and eight arms of 8 × 3.
const cross24 = {
  lattice: "square" as const,
  files: 24,
  ranks: 24,
  exists: (f: number, r: number) => {
    const mid = (n: number) => n >= 3 && n <= 20;
    const arm = (n: number) => (n >= 3 && n <= 10) || (n >= 13 && n <= 20);
    return (mid(f) && mid(r)) || ((r < 3 || r > 20) && arm(f)) || ((f < 3 || f > 20) && arm(r));
  },
};

const EIGHT: [string, string, Vec, string, string, string, string, number, number][] = [
  // letter, name, forward, king, short king-to, short rook, long rook, pair, team
  ["w", "White", UP, "h1", "j1", "k1", "d1", 0, 0],
  ["r", "Red", RIGHT, "a8", "a10", "a11", "a4", 1, 1],
  ["b", "Blue", RIGHT, "a18", "a20", "a21", "a14", 2, 0],
  ["y", "Yellow", DOWN, "g24", "e24", "d24", "k24", 3, 1],
  ["g", "Green", DOWN, "q24", "o24", "n24", "u24", 0, 0],
  ["p", "Purple", LEFT, "x17", "x15", "x14", "x21", 1, 1],
  ["o", "Orange", LEFT, "x7", "x5", "x4", "x11", 2, 0],
  ["k", "Black", UP, "r1", "t1", "u1", "n1", 3, 1],
];

/** The castling squares from the king, the short king-to and the two rooks: the rook lands on the square the king crossed. */
function crossCastling(king: string, shortTo: string, shortRook: string, longRook: string) {
  const at = (s: string) => [s.charCodeAt(0) - 97, Number(s.slice(1))] as const;
  const name = (f: number, r: number) => String.fromCharCode(97 + f) + String(r);
  const [kf, kr] = at(king);
  const [sf, sr] = at(shortTo);
  const df = Math.sign(sf - kf);
  const dr = Math.sign(sr - kr);
  return {
    K: castle(king, shortTo, shortRook, name(kf + df, kr + dr)),
    Q: castle(king, name(kf - 2 * df, kr - 2 * dr), longRook, name(kf - df, kr - dr)),
  };
}

const eightArmies = (by: "pair" | "team" | null): ArmyDecl[] =>
  EIGHT.map(([letter, name, forward, king, shortTo, shortRook, longRook, pair, team]) => ({
    letter,
    name,
    forward: { P: forward },
    castling: crossCastling(king, shortTo, shortRook, longRook),
    ...(by === "pair" ? { side: pair } : by === "team" ? { side: team } : {}),
  }));

const eightPlayer: MultiGameDecl = {
  id: "eight-player",
  name: "Eight-player chess",
  board: cross24,
  armies: eightArmies(null),
  pieces: CHESS_PIECES("fmWfcFifmnD"),
  mode: "points",
  summary: [
    "Eight chess armies on a board of 516 squares, all against all: four-player chess's free-for-all on a board twice as wide.",
    "Captures, checkmates and checks on several kings score points; the most points win.",
    "Out armies stay as dead pieces. The 516 squares and the eight colours are HighEldar's 8 Player Chess; the board's shape is the project's own design.",
  ],
  start:
    "yRyNyByKyQyByNyRgRgNgBgKgQgBgNgR/yPyPyPyPyPyPyPyPgPgPgPgPgPgPgPgP/16/bRbP20pPpR/bNbP20pPpN/bBbP20pPpB/bKbP20pPpQ/bQbP20pPpK/bBbP20pPpB/bNbP20pPpN/bRbP20pPpR/18/18/rRrP20oPoR/rNrP20oPoN/rBrP20oPoB/rKrP20oPoQ/rQrP20oPoK/rBrP20oPoB/rNrP20oPoN/rRrP20oPoR/16/wPwPwPwPwPwPwPwPkPkPkPkPkPkPkPkP/wRwNwBwQwKwBwNwRkRkNkBkQkKkBkNkR w w0,r0,b0,y0,g0,p0,o0,k0 wKQrKQbKQyKQgKQpKQoKQkKQ - 0 1",
  pawnStart: 2,
  promotionRank: 13,
  promotesTo: ["Q"],
  moveRule: 200,
  checkPoints: { two: [1, 5], three: [5, 20] },
  kingPoints: 20,
};

const eightPlayerPairs: MultiGameDecl = {
  ...eightPlayer,
  id: "eight-player-pairs",
  name: "Eight-player chess (pairs)",
  armies: eightArmies("pair"),
  mode: "pairs",
  summary: [
    "Eight chess armies on a board of 516 squares in four pairs of partners sitting opposite each other.",
    "A checkmate puts the mated army's pair out; the last pair standing wins.",
    "A player may not take a partner's pieces.",
  ],
  promotesTo: ["Q", "R", "B", "N"],
  checkPoints: undefined,
  kingPoints: undefined,
};

const eightPlayerTeams: MultiGameDecl = {
  ...eightPlayerPairs,
  id: "eight-player-teams",
  name: "Eight-player chess (teams)",
  armies: eightArmies("team"),
  mode: "teams",
  summary: [
    "Eight chess armies on a board of 516 squares, four against four: the odd seats against the even.",
    "The first team to checkmate any opposing army, judged on that army's own turn, wins.",
    "A player may not take a teammate's pieces.",
  ],
};

// docs/games/three-player.md: 126 hexagons, cell c r (from 1) when −5 ≤ c − r ≤ 7; here f, r from 0.
const hexagon = { lattice: "hex" as const, files: 13, ranks: 13, exists: (f: number, r: number) => f - r >= -5 && f - r <= 7 };
const onWhiteBase = (f: number, r: number) => r === 0;
const onGreyBase = (f: number, r: number) => f - r === -5;
const onBlackBase = (f: number) => f === 12;

const threePlayer: MultiGameDecl = {
  id: "three-player",
  name: "Three-player chess",
  board: hexagon,
  armies: [
    {
      letter: "w",
      name: "White",
      forward: {},
      castling: { K: castle("d1", "b1", "a1", "c1"), Q: castle("d1", "g1", "h1", "f1") },
      hexPawn: { forward: [[0, 1], [1, 1], [2, 1], [1, 2], [-1, 1]], startRow: (f, r) => r === 1, promotes: (f, r) => onGreyBase(f, r) || onBlackBase(f) },
    },
    {
      letter: "g",
      name: "Grey",
      forward: {},
      castling: { K: castle("e10", "g12", "h13", "f11"), Q: castle("e10", "b7", "a6", "c8") },
      hexPawn: { forward: [[1, 0], [0, -1], [2, 1], [1, -1], [-1, -2]], startRow: (f, r) => f - r === -4, promotes: (f, r) => onWhiteBase(f, r) || onBlackBase(f) },
    },
    {
      letter: "b",
      name: "Black",
      forward: {},
      castling: { K: castle("m9", "m7", "m6", "m8"), Q: castle("m9", "m12", "m13", "m11") },
      hexPawn: { forward: [[-1, 0], [-1, -1], [-1, 1], [-2, -1], [-1, -2]], startRow: (f) => f === 11, promotes: (f, r) => onWhiteBase(f, r) || onGreyBase(f, r) },
    },
  ],
  pieces: [
    { letter: "K", name: "king", betza: "K", royal: true },
    { letter: "Q", name: "queen", betza: "Q" },
    { letter: "R", name: "rook", betza: "R" },
    { letter: "B", name: "bishop", betza: "B" },
    { letter: "N", name: "knight", betza: "N" },
    { letter: "P", name: "pawn", betza: "fmWfcFifmnD", pawn: true },
  ],
  mode: "three",
  summary: [
    "Christian Wahlmann's Dreierschach: three chess armies on a hexagonal board of 126 cells.",
    "The first checkmate or king taken ends the game: the player who would take the king first scores 3, the third player 1, the mated 0.",
    "Pawns move towards both other armies and promote on either of their base lines; castling and en passant as in chess.",
  ],
  start: "gRgP2bPbR/gBgP3bPbN/gNgP4bPbB/gKgP5bPbQ/gQgP6bPbK/gBgP7bPbN/gNgP8bPbB/gRgP9bPbR/gP10bP/11/10/wPwPwPwPwPwPwPwPwP/wRwBwNwKwQwBwNwR w w0,g0,b0 wKQgKQbKQ - 0 1",
  promotionRank: 0,
  promotesTo: ["Q", "R", "B", "N"],
  moveRule: 150,
  castlingSafe: "between",
  enPassant: true,
};

export const MULTI_GAMES: readonly MultiGameDecl[] = [chaturaji, fourSeasons, fourPlayer, fourPlayerTeams, threePlayer, eightPlayer, eightPlayerPairs, eightPlayerTeams];
