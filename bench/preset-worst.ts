/**
 * The slowest games a preset within the limits (lib/rules/presets/limits.ts) can declare: big
 * boards full of riders, hoppers and many kinds of piece, a hand of every kind in check, the
 * duck. For each, in a position of that game: a move click as the browser makes it (a fresh
 * Game, `nextActions([])`: every legal move listed with its text), perft(1) and perft(2), the
 * median of RUNS. The limits are set so that every click stays under 100 ms
 * (BENCHMARKS.md#presets, docs/presets.md#limits). A candidate the limits refuse is reported
 * with the refusal.
 *
 *   npm run bench:preset-worst            (-- --runs 5; -- --only duck to run the names containing it)
 */
import { Game, parsePreset } from "../lib/rules";
import { perft } from "../lib/rules/movegen";
import { parseFen } from "../lib/rules/notation/fen";
import { unwrap } from "../lib/rules/result";
import { declareVariant } from "../lib/rules/variants";

const args = process.argv.slice(2);
const RUNS = Number(args[args.indexOf("--runs") + 1]) || 3;
const only = args.includes("--only") ? args[args.indexOf("--only") + 1] : undefined;

interface Candidate {
  name: string;
  board: [number, number];
  pieces: string[]; // piece lines after "piece: "
  royalty: string;
  extra?: string[];
  /** Rows from rank 16 down, as FEN placement, and the rest of the FEN. */
  fen: string;
}

const row = (files: number, cells: string) => {
  // cells: a string of piece letters and "." for empty, `files` long.
  let out = "";
  let empty = 0;
  for (const c of cells.padEnd(files, ".").slice(0, files)) {
    if (c === ".") empty++;
    else {
      out += (empty ? String(empty) : "") + c;
      empty = 0;
    }
  }
  return out + (empty ? String(empty) : "");
};
const placement = (files: number, rows: string[]) => rows.map((r) => row(files, r)).join("/");
const fill = (n: number, s: string) => s.repeat(Math.ceil(n / s.length)).slice(0, n);

// The heaviest Betza the limits allow: riders along every leap the notation has (44 directions).
const SUPER = "QNNCCZZAADDHH";
const KINDS = "ABCDEFGHIJLMNOPQRSTUV"; // 21 letters besides K; with K, Y and X, 24 kinds
const heavy = [
  "QNNCCZZAADDHH", "QNNCCZZ", "pQNNCCZZ", "pRpB", "RNNCC", "BZZGG", "QAADD", "pQ", "NNCCZZ", "QH", "RGG", "BHH",
  "QNN", "pRNN", "pBCC", "RCCZZ", "BNNHH", "QCC", "QZZ", "pQAA", "pQDD", "RBNNCC",
];

/**
 * Black's king in the corner a16 behind a 4×4 block of its own pieces: no leap of the notation
 * (3 squares at most) nor rider reaches it, so White may have any attackers without Black
 * standing in check (a FEN the game refuses).
 */
const guarded = (black: string, rows: string[]) => [`k${black.repeat(3)}`, black.repeat(4), black.repeat(4), black.repeat(4), ...rows].concat(Array(16).fill("")).slice(0, 16);

/** The pieces of that block: they attack nothing beyond it. */
const WALL = "X, Wall, mW";

function candidates(): Candidate[] {
  const out: Candidate[] = [];
  const F = 16;
  // 1. Two ranks of queens a side on 16×16.
  out.push({
    name: "queens 16x16", board: [F, F], pieces: ["K, King, K", "Q, Queen, Q"], royalty: "king K",
    fen: `${placement(F, ["qqqqqqqkqqqqqqqq", fill(F, "q"), ...Array(12).fill(""), fill(F, "Q"), "QQQQQQQKQQQQQQQQ"])} w - - 0 1`,
  });
  // 2. The same with riders of every leap (44 directions each).
  out.push({
    name: "super-riders 16x16", board: [F, F], pieces: ["K, King, K", `S, Super, ${SUPER}`, WALL], royalty: "king K",
    fen: `${placement(F, guarded("x", [...Array(10).fill(""), fill(F, "S"), "SSSSSSSKSSSSSSSS"]))} w - - 0 1`,
  });
  // 3. Super-riders scattered on an open board: each reaches far.
  out.push({
    name: "scattered super-riders", board: [F, F], pieces: ["K, King, K", `S, Super, ${SUPER}`, WALL], royalty: "king K",
    fen: `${placement(F, guarded("x", ["", "", ".S...S...S...S..", "", "", "..S...S...S...S.", "", "", ".S...S...S...S..", "", "", "K"]))} w - - 0 1`,
  });
  // 3b. The same, White in check from afar: every move is judged.
  out.push({
    name: "scattered super-riders, check", board: [F, F], pieces: ["K, King, K", `S, Super, ${SUPER}`, WALL], royalty: "king K",
    fen: `${placement(F, guarded("x", ["", "", ".S...S...S...S..", "", "", "..S...S...S...S.", "", "", ".S...S...S...S..", "", "", "K..............s"]))} w - - 0 1`,
  });
  // 4. 24 kinds of heavy pieces, each side a full rank of them and a rank of pawns, White in check.
  const kinds = KINDS.split("").map((l, i) => `${l}, Kind ${l}, ${heavy[i % heavy.length]}`);
  const back = "ABCDEFGHIJLMNOPQ";
  out.push({
    name: "21 heavy kinds", board: [F, F], pieces: ["K, King, K", ...kinds, "Y, Pawn, fmWfcF, pawn-like", WALL], royalty: "king K",
    fen: `${placement(F, guarded("x", ["", "", "", "", "", "..RSTU....V.....".toLowerCase(), "", "", ".......K........", "", "YYYYYYYY.YYYYYYY", back]))} w - - 0 1`,
  });
  // 5. Hoppers on a crowded board: every line has screens.
  out.push({
    name: "hoppers crowded", board: [F, F], pieces: ["K, King, K", "H, Hopper, pQpNN", "P, Pawn, fmWfcF, pawn-like"], royalty: "king K",
    fen: `${placement(F, [fill(F, "h").replace(/^h{7}/, "hhhhhhk"), fill(F, "p"), "", "h.h.h.h.h.h.h.h.", "", "p.p.p.p.p.p.p.p.", "", "", "", "", ".P.P.P.P.P.P.P.P", "", ".H.H.H.H.H.H.H.H", "", fill(F, "P"), "HHHHHHKHHHHHHHHH"])} w - - 0 1`,
  });
  // 6. A hand of every kind, in check: each drop on each empty square is judged.
  const hand = KINDS.split("");
  out.push({
    name: "drops, full hand, in check", board: [F, F], pieces: ["K, King, K", ...kinds], royalty: "king K",
    extra: [`drops: ${hand.join(" ")}, captures to hand`],
    fen: `${placement(F, ["k", ...Array(14).fill(""), "K..............a"])}[${hand.map((l) => l.repeat(2)).join("")}${hand.map((l) => l.toLowerCase()).join("")}] w - - 0 1`,
  });
  // 6b. The same hand out of check on an empty board: one move per kind per empty square.
  out.push({
    name: "drops, full hand", board: [F, F], pieces: ["K, King, K", ...kinds], royalty: "king K",
    extra: [`drops: ${hand.join(" ")}, captures to hand`],
    fen: `${placement(F, ["k", ...Array(14).fill(""), "K"])}[${hand.join("")}${hand.join("").toLowerCase()}] w - - 0 1`,
  });
  // 6c. As many kinds in hand as the limit allows on 16×16 (6 × 256 squares), in and out of check.
  const six = hand.slice(0, 6);
  for (const check of [false, true]) {
    out.push({
      name: `drops, 6 kinds${check ? ", in check" : ""}`, board: [F, F], pieces: ["K, King, K", ...kinds], royalty: "king K",
      extra: [`drops: ${six.join(" ")}, captures to hand`],
      fen: `${placement(F, ["k", ...Array(14).fill(""), check ? "K..............a" : "K"])}[${six.join("")}${six.join("").toLowerCase()}] w - - 0 1`,
    });
  }
  // 7. Explosions with many captures ready.
  out.push({
    name: "explosions 16x16", board: [F, F], pieces: ["K, King, K", "Q, Queen, Q", "P, Pawn, fmWfcF, pawn-like", WALL], royalty: "extinction K",
    extra: ["explosions: survivors P"],
    fen: `${placement(F, guarded("x", ["", "", "q.q.q.q.q.q.q.q.", "", ".Q.Q.Q.Q.Q.Q.Q.Q", "", "", "", "", "", "", "QQQQQQQKQQQQQQQQ"]))} w - - 0 1`,
  });
  // 8–10. The duck: every piece move once per empty square, on three board sizes.
  for (const size of [16, 12, 10]) {
    const rows = [fill(size, "r").replace(/^r{3}/, "rrk"), fill(size, "p"), ...Array(size - 4).fill(""), fill(size, "P"), fill(size, "R").replace(/^R{3}/, "RRK")];
    out.push({
      name: `duck ${size}x${size}`, board: [size, size], pieces: ["K, King, K", "R, Rook, R", "P, Pawn, fmWfcF, pawn-like"], royalty: "extinction K, capturable",
      extra: ["duck: yes"], fen: `${placement(size, rows)} w - - 0 1`,
    });
    out.push({
      name: `duck ${size}x${size}, open queens`, board: [size, size], pieces: ["K, King, K", "Q, Queen, Q"], royalty: "extinction K, capturable",
      extra: ["duck: yes"], fen: `${placement(size, ["k", "", "..q..q..q", ...Array(size - 6).fill(""), "..Q..Q..Q", "", "K"])} w - - 0 1`,
    });
  }
  // 11. The duck with two ranks of queens a side on 12×12 and 10×10.
  for (const size of [12, 10]) {
    out.push({
      name: `duck ${size}x${size}, queen ranks`, board: [size, size], pieces: ["K, King, K", "Q, Queen, Q"], royalty: "extinction K, capturable",
      extra: ["duck: yes"], fen: `${placement(size, ["k" + fill(size - 1, "q"), fill(size, "q"), ...Array(size - 4).fill(""), fill(size, "Q"), "K" + fill(size - 1, "Q")])} w - - 0 1`,
    });
  }
  // 11b. The duck with queens scattered, a third of the board: the most piece moves times the most empty squares.
  for (const size of [12, 10, 8]) {
    const line = (shift: number, letter: string) => Array.from({ length: size }, (_, f) => ((f + shift) % 3 === 0 ? letter : ".")).join("");
    const rows = Array.from({ length: size }, (_, r) => (r % 2 === 0 ? line(r, r < size / 2 ? "q" : "Q") : ""));
    rows[0] = "k" + rows[0].slice(1);
    rows[size - 1] = "K" + rows[size - 1].slice(1);
    out.push({
      name: `duck ${size}x${size}, scattered queens`, board: [size, size], pieces: ["K, King, K", "Q, Queen, Q"], royalty: "extinction K, capturable",
      extra: ["duck: yes"], fen: `${placement(size, rows)} w - - 0 1`,
    });
  }
  // 12. The duck and drops: every drop once per empty square for the duck.
  for (const size of [10, 8]) {
    out.push({
      name: `duck and drops ${size}x${size}`, board: [size, size], pieces: ["K, King, K", ...kinds], royalty: "extinction K, capturable",
      extra: ["duck: yes", `drops: ${hand.join(" ")}, captures to hand`],
      fen: `${placement(size, ["k", ...Array(size - 2).fill(""), "K"])}[${hand.join("")}${hand.join("").toLowerCase()}] w - - 0 1`,
    });
  }
  // 13. Super-riders spread over an open 16×16: as many moves as the pieces can have.
  out.push({
    name: "open super-riders 16x16", board: [F, F], pieces: ["K, King, K", `S, Super, ${SUPER}`, WALL], royalty: "king K",
    fen: `${placement(F, guarded("x", ["", "S.S.S.S.S.S.S.S.", "", ".S.S.S.S.S.S.S.S", "", "S.S.S.S.S.S.S.S.", "", ".S.S.S.S.S.S.S.S", "", "", "", "K"]))} w - - 0 1`,
  });
  return out;
}

function presetText(c: Candidate, start: string): string {
  return [
    `name: ${c.name}`, `board: ${c.board[0]}x${c.board[1]}`, `start: ${start}`,
    ...c.pieces.map((p) => `piece: ${p}`), `royalty: ${c.royalty}`, ...(c.extra ?? []),
  ].join("\n");
}

function median(f: () => unknown): { ms: number; value: unknown } {
  const times: number[] = [];
  let value: unknown;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    value = f();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)], value };
}

console.log(`node ${process.version}, median of ${RUNS} runs`);
console.log(`${"candidate".padEnd(30)} ${"moves".padStart(7)} ${"click".padStart(9)} ${"perft(1)".padStart(9)} ${"perft(2)".padStart(12)} ${"leaves".padStart(10)}`);
let i = 0;
for (const c of candidates()) {
  if (only && !c.name.includes(only)) continue;
  const read = parsePreset(presetText(c, c.fen));
  if (!read.ok) {
    console.log(`${c.name.padEnd(30)} refused: ${read.error}`);
    continue;
  }
  const id = `worst-${i++}`;
  const v = declareVariant({ ...read.value.decl, id });
  const pos = () => unwrap(parseFen(v, c.fen));
  const click = median(() => Game.start(id, c.fen).nextActions([]).actions.length);
  const p1 = median(() => perft(pos(), 1));
  const moves = p1.value as number;
  // perft(2) where it finishes in reasonable time (moves² leaves): the duck's squares make it explode.
  const p2 = moves <= 20_000 ? median(() => perft(pos(), 2)) : undefined;
  console.log(`${c.name.padEnd(30)} ${String(moves).padStart(7)} ${click.ms.toFixed(1).padStart(6)} ms ${p1.ms.toFixed(1).padStart(6)} ms ${p2 ? `${p2.ms.toFixed(0).padStart(9)} ms` : "        —   "} ${p2 ? String(p2.value).padStart(10) : ""}`);
}
