/** Eight-player chess in its three modes, from docs/games/eight-player.md alone (see ./cross-chess.ts). */
import { castlingSide, makeCrossGame, type CrossConfig, type Mode } from "./cross-chess";

/** docs/games/eight-player.md#board: the 18×18 middle and eight arms of 8×3. */
function exists(f: number, r: number): boolean {
  const mid = (x: number) => x >= 4 && x <= 21;
  const arm = (x: number) => (x >= 4 && x <= 11) || (x >= 14 && x <= 21);
  const edge = (x: number) => x <= 3 || x >= 22;
  return (mid(f) && mid(r)) || (edge(r) && arm(f)) || (edge(f) && arm(r));
}

const START =
  "yRyNyByKyQyByNyRgRgNgBgKgQgBgNgR/yPyPyPyPyPyPyPyPgPgPgPgPgPgPgPgP/16/bRbP20pPpR/bNbP20pPpN/bBbP20pPpB/bKbP20pPpQ/bQbP20pPpK/bBbP20pPpB/bNbP20pPpN/bRbP20pPpR/18/18/rRrP20oPoR/rNrP20oPoN/rBrP20oPoB/rKrP20oPoQ/rQrP20oPoK/rBrP20oPoB/rNrP20oPoN/rRrP20oPoR/16/wPwPwPwPwPwPwPwPkPkPkPkPkPkPkPkP/wRwNwBwQwKwBwNwRkRkNkBkQkKkBkNkR w w0,r0,b0,y0,g0,p0,o0,k0 wKQrKQbKQyKQgKQpKQoKQkKQ - 0 1";

const UP: [number, number] = [0, 1];
const DOWN: [number, number] = [0, -1];
const RIGHT: [number, number] = [1, 0];
const LEFT: [number, number] = [-1, 0];

const config = (mode: Mode): CrossConfig => ({
  id: { ffa: "eight-player", pairs: "eight-player-pairs", teams: "eight-player-teams" }[mode],
  armies: "wrbygpok",
  files: 24,
  ranks: 24,
  exists,
  start: START,
  mode,
  forward: { w: UP, r: RIGHT, b: RIGHT, y: DOWN, g: DOWN, p: LEFT, o: LEFT, k: UP },
  pawnStart: (a, f, r) =>
    ("wk".includes(a) && r === 2) || ("rb".includes(a) && f === 2) || ("yg".includes(a) && r === 23) || ("po".includes(a) && f === 23),
  // The 13th rank from the army's own side, in every mode.
  promotesOn: (a, f, r) =>
    ("wk".includes(a) && r === 13) || ("rb".includes(a) && f === 13) || ("yg".includes(a) && r === 12) || ("po".includes(a) && f === 12),
  side: {
    ffa: { w: "w", r: "r", b: "b", y: "y", g: "g", p: "p", o: "o", k: "k" },
    pairs: { w: "wg", g: "wg", r: "rp", p: "rp", b: "bo", o: "bo", y: "yk", k: "yk" },
    teams: { w: "odd", b: "odd", g: "odd", o: "odd", r: "even", y: "even", p: "even", k: "even" },
  }[mode],
  castling: {
    w: { K: castlingSide("h1", "k1"), Q: castlingSide("h1", "d1") },
    r: { K: castlingSide("a8", "a11"), Q: castlingSide("a8", "a4") },
    b: { K: castlingSide("a18", "a21"), Q: castlingSide("a18", "a14") },
    y: { K: castlingSide("g24", "d24"), Q: castlingSide("g24", "k24") },
    g: { K: castlingSide("q24", "n24"), Q: castlingSide("q24", "u24") },
    p: { K: castlingSide("x17", "x14"), Q: castlingSide("x17", "x21") },
    o: { K: castlingSide("x7", "x4"), Q: castlingSide("x7", "x11") },
    k: { K: castlingSide("r1", "u1"), Q: castlingSide("r1", "n1") },
  },
  moveRule: 200,
  // Two kings 1 / 5; three or more 5 / 20 (docs/games/eight-player.md#all-against-all-eight-player).
  checkPoints: (kings, queensOnly) => (kings === 2 ? (queensOnly ? 1 : 5) : queensOnly ? 5 : 20),
});

export const eightPlayer = makeCrossGame(config("ffa"));
export const eightPlayerPairs = makeCrossGame(config("pairs"));
export const eightPlayerTeams = makeCrossGame(config("teams"));
