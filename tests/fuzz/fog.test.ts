/**
 * Fuzz of Fog of War's views (docs/games/fog-of-war.md#what-each-player-sees): for random
 * positions — from random play-outs and random placements with castling rights and en passant
 * squares — each player's view shows exactly the squares of the rule, with what really stands
 * on them, and nothing else; its fields are as docs/games/fog-of-war.md#the-view-as-fen says.
 * The squares are computed by a reference written here from the rule book alone, not from the
 * engine. And views with a few random edits, as hostile text: read (then playable, written back
 * the same) or refused with a RulesError, nothing else. FUZZ_INPUTS positions each (a sample in
 * `npm test`; `npm run fuzz` runs 100,000), FUZZ_SEED.
 */
import { describe, expect, it } from "vitest";
import { Game, RulesError, viewFen } from "@/lib/rules";
import { fuzzCount, mutate, Rng, SEED } from "./random";

const F = "fog-of-war";
const N = fuzzCount(3000);
const FILES = "abcdefgh";

type Board = Map<string, string>; // square → FEN letter
type Side = "white" | "black";

const name = (f: number, r: number) => `${FILES[f]}${r + 1}`;
const onBoard = (f: number, r: number) => f >= 0 && f < 8 && r >= 0 && r < 8;
const ownedBy = (letter: string | undefined, side: Side) => letter !== undefined && (letter === letter.toUpperCase()) === (side === "white");

/** The placement field as squares: letters, digits for empty squares, `?` for an unseen one (kept as "?"). */
function readPlacement(placement: string): Board {
  const board: Board = new Map();
  placement.split("/").forEach((row, i) => {
    let f = 0;
    for (const c of row) {
      if (/\d/.test(c)) f += Number(c);
      else board.set(name(f++, 7 - i), c);
    }
  });
  return board;
}

/**
 * The rule, from the rule book: own pieces' squares; every square a piece could move to
 * (empty, or an opponent's piece to take); a pawn's steps ahead and its diagonals only with
 * something to take or the en passant square (when this side is to move); castling's king and
 * rook landing squares when castling is possible (no check: attacks do not matter).
 */
function referenceSeen(fen: string, side: Side): Set<string> {
  const [placement, toMove, castling, ep] = fen.split(" ");
  const board = readPlacement(placement);
  const seen = new Set<string>();
  const mine = (sq: string) => ownedBy(board.get(sq), side);
  const theirs = (sq: string) => board.has(sq) && !mine(sq);
  const reach = (f: number, r: number) => {
    if (onBoard(f, r) && !mine(name(f, r))) seen.add(name(f, r));
  };
  const slide = (f: number, r: number, df: number, dr: number) => {
    for (let x = f + df, y = r + dr; onBoard(x, y); x += df, y += dr) {
      reach(x, y);
      if (board.has(name(x, y))) return;
    }
  };
  const ROOK = [[1, 0], [-1, 0], [0, 1], [0, -1]];
  const BISHOP = [[1, 1], [1, -1], [-1, 1], [-1, -1]];
  const KNIGHT = [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]];
  const forward = side === "white" ? 1 : -1;
  for (const [sq, letter] of board) {
    if (!mine(sq)) continue;
    seen.add(sq);
    const f = FILES.indexOf(sq[0]);
    const r = Number(sq.slice(1)) - 1;
    switch (letter.toUpperCase()) {
      case "K":
        for (const [df, dr] of [...ROOK, ...BISHOP]) reach(f + df, r + dr);
        break;
      case "N":
        for (const [df, dr] of KNIGHT) reach(f + df, r + dr);
        break;
      case "B":
        for (const [df, dr] of BISHOP) slide(f, r, df, dr);
        break;
      case "R":
        for (const [df, dr] of ROOK) slide(f, r, df, dr);
        break;
      case "Q":
        for (const [df, dr] of [...ROOK, ...BISHOP]) slide(f, r, df, dr);
        break;
      case "P": {
        const one = name(f, r + forward);
        if (onBoard(f, r + forward) && !board.has(one)) {
          seen.add(one);
          const start = side === "white" ? 1 : 6;
          const two = name(f, r + 2 * forward);
          if (r === start && !board.has(two)) seen.add(two);
        }
        for (const df of [-1, 1]) {
          if (!onBoard(f + df, r + forward)) continue;
          const diagonal = name(f + df, r + forward);
          const enPassant = toMove === (side === "white" ? "w" : "b") && diagonal === ep;
          if (theirs(diagonal) || enPassant) seen.add(diagonal);
        }
        break;
      }
    }
  }
  const rank = side === "white" ? "1" : "8";
  const wings: [string, string, string[], string, string][] = [
    [side === "white" ? "K" : "k", "h", ["f", "g"], "g", "f"],
    [side === "white" ? "Q" : "q", "a", ["b", "c", "d"], "c", "d"],
  ];
  for (const [right, , between, kingTo, rookTo] of wings) {
    if (castling.includes(right) && between.every((file) => !board.has(file + rank))) {
      seen.add(kingTo + rank);
      seen.add(rookTo + rank);
    }
  }
  return seen;
}

/** The fields the view should have: only this side's castling rights, en passant only when it may take there, halfmove clock 0. */
function referenceFields(fen: string, side: Side): string[] {
  const [placement, toMove, castling, ep, , full] = fen.split(" ");
  const own = [...castling].filter((c) => c !== "-" && (c === c.toUpperCase()) === (side === "white")).join("") || "-";
  let shownEp = "-";
  if (ep !== "-" && toMove === (side === "white" ? "w" : "b")) {
    const board = readPlacement(placement);
    const f = FILES.indexOf(ep[0]);
    const behind = Number(ep[1]) - 1 - (side === "white" ? 1 : -1);
    const pawn = side === "white" ? "P" : "p";
    if ([-1, 1].some((df) => onBoard(f + df, behind) && board.get(name(f + df, behind)) === pawn)) shownEp = ep;
  }
  // The halfmove clock is not shown: 0, whatever it is (docs/games/fog-of-war.md#the-view-as-fen).
  return [toMove, own, shownEp, "0", full];
}

/** Random legal positions: random play-outs (captures favoured, so kings fall too), and scattered pieces with rights. */
function randomPosition(r: Rng): string | undefined {
  if (r.chance(0.5)) {
    const g = Game.start(F);
    const plies = r.int(80);
    for (let i = 0; i < plies; i++) {
      const legal = g.legalMoves();
      if (legal.length === 0) break;
      g.play(r.pick(legal).text);
    }
    return g.fen();
  }
  const cells = new Map<string, string>([["e1", "K"], ["e8", "k"]]);
  if (r.chance(0.5)) for (const sq of ["a1", "h1"]) cells.set(sq, "R");
  if (r.chance(0.5)) for (const sq of ["a8", "h8"]) cells.set(sq, "r");
  const letters = "QRBNPqrbnp";
  const n = r.int(24);
  for (let i = 0; i < n; i++) {
    const letter = r.pick([...letters]);
    const rank = /[Pp]/.test(letter) ? 1 + r.int(6) : r.int(8);
    const sq = name(r.int(8), rank);
    if (!cells.has(sq)) cells.set(sq, letter);
  }
  // A double step just played, sometimes: the en passant square behind a pawn on its fourth rank.
  let ep = "-";
  const toMove = r.pick(["w", "b"]);
  if (r.chance(0.3)) {
    const f = r.int(8);
    const [pawnRank, epRank, fromRank] = toMove === "w" ? [4, 5, 6] : [3, 2, 1];
    cells.set(name(f, pawnRank), toMove === "w" ? "p" : "P");
    cells.delete(name(f, epRank));
    cells.delete(name(f, fromRank));
    ep = name(f, epRank);
    const side = r.pick([-1, 1]);
    if (onBoard(f + side, pawnRank) && r.chance(0.7)) cells.set(name(f + side, pawnRank), toMove === "w" ? "P" : "p");
  }
  const rows: string[] = [];
  for (let rank = 7; rank >= 0; rank--) {
    let row = "";
    for (let f = 0; f < 8; f++) row += cells.get(name(f, rank)) ?? "1";
    rows.push(row.replace(/1+/g, (m) => String(m.length)));
  }
  const castling = [..."KQkq"].filter(() => r.chance(0.5)).join("") || "-";
  try {
    return Game.start(F, `${rows.join("/")} ${toMove} ${castling} ${ep} ${r.int(100)} ${1 + r.int(150)}`).fen();
  } catch {
    return undefined; // rights without their king and rook, and the like: not a position
  }
}

describe(`fog-of-war views against the rule (${N} positions, FUZZ_SEED=${SEED})`, () => {
  it("each view shows exactly the rule's squares, with what stands there, and the fields the rule allows", { timeout: 60_000 + N * 10 }, () => {
    const r = new Rng(SEED + 14);
    const problems: string[] = [];
    let positions = 0;
    const tally = { unseen: 0, enPassant: 0, castling: 0 };
    while (positions < N && problems.length < 5) {
      const fen = randomPosition(r);
      if (!fen) continue;
      positions++;
      const real = readPlacement(fen.split(" ")[0]);
      for (const side of ["white", "black"] as Side[]) {
        const view = viewFen(F, fen, side);
        const [placement, ...fields] = view.split(" ");
        const shown = readPlacement(placement);
        const expected = referenceSeen(fen, side);
        const wrong: string[] = [];
        for (let rank = 0; rank < 8; rank++) {
          for (let f = 0; f < 8; f++) {
            const sq = name(f, rank);
            const content = shown.get(sq);
            if (!expected.has(sq)) {
              if (content !== "?") wrong.push(`${sq} shown (${content ?? "empty"}) but outside the rule`);
              else tally.unseen++;
            } else if (content !== real.get(sq)) {
              wrong.push(`${sq} should show ${real.get(sq) ?? "empty"}, shows ${content ?? "empty"}`);
            }
          }
        }
        // `?` is one square: the placement holds exactly 8 squares a rank.
        for (const row of placement.split("/")) {
          const width = [...row].reduce((n, c) => n + (/\d/.test(c) ? Number(c) : 1), 0);
          if (width !== 8) wrong.push(`rank '${row}' is ${width} squares wide`);
        }
        const want = referenceFields(fen, side);
        if (fields.join(" ") !== want.join(" ")) wrong.push(`fields '${fields.join(" ")}', the rule's '${want.join(" ")}'`);
        if (want[2] !== "-") tally.enPassant++;
        if (want[1] !== "-") tally.castling++;
        // The view seen again is the same view: everything its player can reach is in it.
        if (viewFen(F, view, side) !== view) wrong.push(`the view's own view differs: ${viewFen(F, view, side)}`);
        if (wrong.length) problems.push(`${fen} as ${side}: view ${view}\n    ${wrong.join("\n    ")}`);
      }
    }
    expect(problems.join("\n")).toBe("");
    expect(positions).toBe(N);
    // The sample reaches the edge cases it is about.
    expect(tally.enPassant, "views with an en passant square").toBeGreaterThan(0);
    expect(tally.castling, "views with castling rights").toBeGreaterThan(0);
    expect(tally.unseen).toBeGreaterThan(0);
  });

  it("a view with a few edits is read or refused with a message, never more: read, it plays and reads back", { timeout: 60_000 + N * 10 }, () => {
    const r = new Rng(SEED + 15);
    const outcomes = { read: 0, refused: 0 };
    const problems: string[] = [];
    for (let i = 0; i < N && problems.length < 5; i++) {
      const fen = randomPosition(r);
      if (!fen) continue;
      const text = mutate(r, viewFen(F, fen, r.pick(["white", "black"] as const)), 3);
      try {
        const g = Game.start(F, text);
        const legal = g.legalMoves();
        g.status();
        if (Game.start(F, g.fen()).fen() !== g.fen()) problems.push(`${text}: ${g.fen()} does not read back`);
        if (legal.length) g.play(r.pick(legal).text);
        outcomes.read++;
      } catch (e) {
        if (!(e instanceof RulesError)) problems.push(`${text}: ${e instanceof Error ? e.stack : String(e)}`);
        outcomes.refused++;
      }
    }
    expect(problems.join("\n")).toBe("");
    expect(outcomes.read, JSON.stringify(outcomes)).toBeGreaterThan(0);
    expect(outcomes.refused, JSON.stringify(outcomes)).toBeGreaterThan(0);
  });
});
