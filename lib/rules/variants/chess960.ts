import { RulesError } from "../errors";
import type { VariantDecl } from "../variant";
import { chess, ORTHODOX_CASTLING } from "./chess";

export const CHESS960_SETUPS = 960;
/** Setup 518 is the orthodox array (docs/games/chess960.md#setups). */
export const ORTHODOX_SETUP = 518;

// The knights' places among the five squares left after bishops and queen, in Scharnagl's order.
const KNIGHTS = [[0, 1], [0, 2], [0, 3], [0, 4], [1, 2], [1, 3], [1, 4], [2, 3], [2, 4], [3, 4]];

/**
 * White's first rank of setup `n` (0–959) in Scharnagl's numbering
 * (docs/games/chess960.md#setups): `n` mod 4 places the light-squared bishop on b, d, f
 * or h; the quotient mod 4 the dark-squared one on a, c, e or g; the next quotient mod 6
 * the queen on that empty square; the last (0–9) the two knights; rook, king, rook fill
 * the three squares left, in that order.
 */
export function chess960Rank(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n >= CHESS960_SETUPS) {
    throw new RulesError(`a Chess960 setup is a number from 0 to ${CHESS960_SETUPS - 1}, not ${String(n).slice(0, 12)}`);
  }
  const rank: string[] = new Array(8).fill("");
  rank[(n % 4) * 2 + 1] = "B";
  rank[Math.floor(n / 4) % 4 * 2] = "B";
  const empty = () => rank.flatMap((p, f) => (p ? [] : [f]));
  const rest = Math.floor(n / 16);
  rank[empty()[rest % 6]] = "Q";
  const free = empty();
  for (const i of KNIGHTS[Math.floor(rest / 6)]) rank[free[i]] = "N";
  empty().forEach((f, i) => (rank[f] = "RKR"[i]));
  return rank.join("");
}

/** The start FEN of setup `n`, castling rights named by rook file as Fairy-Stockfish writes them. */
export function chess960Setup(n: number): string {
  const white = chess960Rank(n);
  const rooks = [white.lastIndexOf("R"), white.indexOf("R")].map((f) => "abcdefgh"[f]).join("");
  return `${white.toLowerCase()}/pppppppp/8/8/8/8/PPPPPPPP/${white} w ${rooks.toUpperCase()}${rooks} - 0 1`;
}

/** Chess960 (Fischer Random Chess) as Fairy-Stockfish plays it: orthodox chess from one of 960 setups. */
export const chess960: VariantDecl = {
  ...chess,
  id: "chess960",
  name: "Chess960",
  startFen: chess960Setup(ORTHODOX_SETUP),
  setups: { count: CHESS960_SETUPS, fen: chess960Setup },
  castling: ORTHODOX_CASTLING,
  summary: [
    "Orthodox chess from one of 960 setups of the pieces behind the pawns: the bishops on squares of both colours, the king between the rooks, Black's mirroring White's.",
    "Castling puts the king and rook where orthodox castling does (king on g1 and rook on f1, or king on c1 and rook on d1), whatever squares they started on; it is written O-O or O-O-O.",
    "The setup is drawn at random or chosen by its number (0–959; 518 is the orthodox one).",
  ],
};
