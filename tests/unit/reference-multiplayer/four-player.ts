/** Four-player chess, free-for-all and teams, from docs/games/four-player.md alone (see ./cross-chess.ts). */
import { castlingSide, makeCrossGame, type CrossConfig, type Mode } from "./cross-chess";

/** docs/games/four-player.md#board: 14×14 without its 3×3 corners. */
const exists = (f: number, r: number) => !((f <= 3 || f >= 12) && (r <= 3 || r >= 12));

const config = (mode: Mode): CrossConfig => ({
  id: mode === "ffa" ? "four-player" : "four-player-teams",
  armies: "rbyg",
  files: 14,
  ranks: 14,
  exists,
  start:
    "yRyNyByKyQyByNyR/yPyPyPyPyPyPyPyP/8/bRbP10gPgR/bNbP10gPgN/bBbP10gPgB/bKbP10gPgQ/bQbP10gPgK/bBbP10gPgB/bNbP10gPgN/bRbP10gPgR/8/rPrPrPrPrPrPrPrP/rRrNrBrQrKrBrNrR r r0,b0,y0,g0 rKQbKQyKQgKQ - 0 1",
  mode,
  forward: { r: [0, 1], b: [1, 0], y: [0, -1], g: [-1, 0] },
  pawnStart: (a, f, r) => (a === "r" && r === 2) || (a === "b" && f === 2) || (a === "y" && r === 13) || (a === "g" && f === 13),
  // The 8th rank (free-for-all) or the 11th (teams), counted from the army's own side.
  promotesOn: (a, f, r) => {
    const n = mode === "ffa" ? 8 : 11;
    return (a === "r" && r === n) || (a === "b" && f === n) || (a === "y" && r === 15 - n) || (a === "g" && f === 15 - n);
  },
  side: mode === "ffa" ? { r: "r", b: "b", y: "y", g: "g" } : { r: "ry", y: "ry", b: "bg", g: "bg" },
  castling: {
    r: { K: castlingSide("h1", "k1"), Q: castlingSide("h1", "d1") },
    b: { K: castlingSide("a8", "a11"), Q: castlingSide("a8", "a4") },
    y: { K: castlingSide("g14", "d14"), Q: castlingSide("g14", "k14") },
    g: { K: castlingSide("n7", "n4"), Q: castlingSide("n7", "n11") },
  },
  moveRule: 100,
  // docs/games/four-player.md#points: two kings 1 / 5, three kings 5 / 20.
  checkPoints: (kings, queensOnly) => (kings === 2 ? (queensOnly ? 1 : 5) : queensOnly ? 5 : 20),
});

export const fourPlayer = makeCrossGame(config("ffa"));
export const fourPlayerTeams = makeCrossGame(config("teams"));
