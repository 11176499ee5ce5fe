/**
 * Fairy-Stockfish as the oracle for the games it plays (tests/support/oracle.ts): seeded
 * random games compared at every position (legal moves, game end, FEN), and perft from the
 * start and from middlegame positions. ORACLE_SEED (else FUZZ_SEED) picks the random games;
 * ORACLE_POSITIONS how many positions each game type gets.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { FairyStockfish } from "ffish";
import { Game, parseActions, variantIds, type Action } from "@/lib/rules";
import { perft } from "@/lib/rules/movegen";
import { parseFen } from "@/lib/rules/notation/fen";
import { unwrap } from "@/lib/rules/result";
import { getVariant } from "@/lib/rules/variants";
import { Rng } from "@/tests/fuzz/random";
import {
  FAIRY_STOCKFISH_NAMES, ORACLE_GAMES, describeGame, differences, loadFairyStockfish, oracleBoard, oracleMoves,
  oraclePerft, ourMoves, PERFT_SEED, perftStart, piecesOf, playRandomGame, toUci, type OracleGame,
} from "@/tests/support/oracle";

const SEED = Number(process.env.ORACLE_SEED ?? process.env.FUZZ_SEED ?? 20261201);
const POSITIONS = Number(process.env.ORACLE_POSITIONS ?? 20_000);
/** Perft goes as deep as 4 while Fairy-Stockfish's recursion lists moves at most this many times. */
const PERFT_NODES = 20_000;

/** A game type's own stream of random games: adding a row does not change the others'. */
function rngFor(row: OracleGame, seed: number): Rng {
  let h = seed >>> 0;
  for (const c of row.id) h = (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0;
  return new Rng(h);
}

const fetchBefore = globalThis.fetch;
let ff: FairyStockfish;

beforeAll(async () => {
  ff = await loadFairyStockfish();
});

describe("our moves in Fairy-Stockfish's UCI", () => {
  const uci = (fen: string, text: string, rights = fen, is960 = false) =>
    toUci(unwrap(parseActions(text)), piecesOf(Game.start("chess", fen)), rights, is960);
  const ffishMoves = (variant: string, fen: string, is960 = false) => {
    const board = new ff.Board(variant, fen, is960);
    const moves = oracleMoves(board);
    board.delete();
    return moves;
  };

  it("steps, promotions, drops and promotions in place", () => {
    expect(uci("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "K e1-e2")).toBe("e1e2");
    expect(uci("4k3/8/8/8/8/8/4p3/K7 b - - 0 1", "p e2-e1=q")).toBe("e2e1q");
    expect(toUci([{ type: "place", piece: "n", to: "e4" }], new Map(), "", false)).toBe("N@e4");
    const promotion = toUci([{ type: "promote", piece: "P", square: "c6", promotion: "F" }], new Map(), "", false);
    expect(ffishMoves("sittuyin", "k7/8/2P5/8/8/8/8/K7[] w - - 0 1")).toContain(promotion);
    // Shogi's promotion is a `+` after the squares; declined, the squares alone.
    const shogi = ffishMoves("shogi", "4k4/9/2P6/9/9/9/9/9/4K4[] w - - 0 1");
    const step = (promotion?: string): Action => ({ type: "step", piece: "P", from: "c7", to: "c8", ...(promotion ? { promotion } : {}) });
    expect([toUci([step("+P")], new Map(), "", false), toUci([step()], new Map(), "", false)]).toEqual(["c7c8+", "c7c8"]);
    expect(shogi).toEqual(expect.arrayContaining(["c7c8+", "c7c8"]));
  });

  it("castling: the king's step in chess, king takes own rook in Chess960", () => {
    expect(uci("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "K e1-g1")).toBe("e1g1");
    const fen = "1r4kr/8/8/8/8/8/8/1R4KR w - - 0 1";
    const rights = "1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1";
    const legal = ffishMoves("chess", rights, true);
    const forms = [
      uci(fen, "K g1-h1", rights, true),
      uci(fen, "K g1-c1; R b1-d1", rights, true),
      uci(fen, "K g1-c1", rights, true),
      uci(fen, "K g1-c1", fen.replace(" - -", " KQkq -"), true),
    ];
    // O-O-O as Chess960 writes it, with its squares (docs/notation.md).
    const castle = { type: "castle", wing: "queenside", king: "g1", rook: "b1", kingTo: "c1" } as unknown as Action;
    forms.push(toUci([castle], new Map(), rights, true));
    expect(toUci([castle], new Map(), rights, false)).toBe("g1c1");
    expect(forms).toEqual(["g1h1", "g1b1", "g1b1", "g1b1", "g1b1"]);
    for (const m of forms) expect(legal).toContain(m);
  });
});

describe("the oracle's table", () => {
  it("has a row for every game of ours that Fairy-Stockfish plays, under its name for it", () => {
    const missing = variantIds().filter((id) => id in FAIRY_STOCKFISH_NAMES && !ORACLE_GAMES.some((r) => r.id === id));
    expect(missing, "add these to ORACLE_GAMES in tests/support/oracle.ts").toEqual([]);
    for (const row of ORACLE_GAMES) expect(row.ffish, row.id).toBe(FAIRY_STOCKFISH_NAMES[row.id]);
  });

  it("names only games we have and Fairy-Stockfish knows", () => {
    const known = ff.variants().split(" ");
    for (const row of ORACLE_GAMES) {
      // A game the service does not offer yet (Fog of War) is known to the rules all the same.
      expect(getVariant(row.id).id, row.id).toBe(row.id);
      expect(known, row.ffish).toContain(row.ffish);
    }
    expect(new Set(ORACLE_GAMES.map((r) => r.id)).size).toBe(ORACLE_GAMES.length);
  });

  it("loading Fairy-Stockfish put fetch back", () => {
    expect(globalThis.fetch).toBe(fetchBefore);
  });
});

for (const row of ORACLE_GAMES) {
  describe(`${row.id} against Fairy-Stockfish '${row.ffish}'${row.is960 ? " (960)" : ""}`, () => {
    // A row's own count unless ORACLE_POSITIONS is given.
    const positions = process.env.ORACLE_POSITIONS ? POSITIONS : row.positions ?? POSITIONS;
    it(`random games, ${positions} positions: the same moves, game ends and FEN (ORACLE_SEED=${SEED})`, () => {
      const rng = rngFor(row, SEED);
      const reports: string[] = [];
      const ends = new Map<string, number>();
      let played = 0;
      for (let n = 1; played < positions && reports.length < 3; n++) {
        const r = playRandomGame(ff, row, rng, {
          maxPlies: 400,
          captureBias: rng.pick([0, 0.3, 0.7]),
          repeatBias: rng.pick([0, 0.5]),
          quietBias: rng.pick([0, 1]),
          visit: (game, board) => differences(game, board, row),
        });
        played += r.positions;
        if (r.problems.length) reports.push(`game ${n} (ORACLE_SEED=${SEED}): ${describeGame(r.game)}\n  ${r.problems.join("\n  ")}`);
        const s = r.game.status();
        const end = s.result === "ongoing" ? "unfinished" : `${s.result} by ${s.reason}`;
        ends.set(end, (ends.get(end) ?? 0) + 1);
      }
      expect(reports.join("\n\n")).toBe("");
      // The games reach their ends, so the ends are compared too, not only the moves.
      expect([...ends.keys()].filter((e) => e !== "unfinished"), JSON.stringify([...ends])).not.toEqual([]);
    });

    it("perft from the start and from middlegame positions", () => {
      const start = perftStart(row);
      // Plies 12, 24 and 36 of the first of these games that lasts so long.
      const rng = rngFor(row, PERFT_SEED);
      let fens: string[] = [];
      for (let tries = 0; fens.length <= 36 && tries < 20; tries++) fens = playRandomGame(ff, row, rng, { maxPlies: 36, captureBias: 0.3 }).fens;
      const middlegames = [fens[12], fens[24], fens[36]];
      expect(middlegames.every(Boolean), "a random game lasted 36 plies").toBe(true);
      const v = getVariant(row.id);
      for (const fen of [start, ...middlegames]) {
        const board = oracleBoard(ff, row, fen);
        try {
          for (let depth = 1; depth <= 4; depth++) {
            const ours = perft(unwrap(parseFen(v, fen)), depth);
            const theirs = oraclePerft(board, depth);
            if (ours !== theirs) expect.fail(`perft(${depth}) of ${fen}: ours ${ours}, Fairy-Stockfish ${theirs}; ${divide(row, fen, depth)}`);
            if (depth < 4 && ours > PERFT_NODES) break;
          }
        } finally {
          board.delete();
        }
      }
    });
  });
}

/** Where two perft counts part: each root move's count, ours and Fairy-Stockfish's, where they differ. */
function divide(row: OracleGame, fen: string, depth: number): string {
  const game = Game.start(row.id, fen);
  const board = oracleBoard(ff, row, fen);
  const counts = new Map<string, [number, number]>();
  for (const { move, uci } of ourMoves(game, game.legalMoves(), row.is960 ?? false)) {
    const after = Game.start(row.id, fen);
    after.play(move.actions);
    counts.set(uci, [perft(unwrap(parseFen(getVariant(row.id), after.fen())), depth - 1), 0]);
  }
  for (const uci of oracleMoves(board)) {
    board.push(uci);
    counts.set(uci, [counts.get(uci)?.[0] ?? 0, oraclePerft(board, depth - 1)]);
    board.pop();
  }
  board.delete();
  const differing = [...counts].filter(([, [a, b]]) => a !== b).map(([m, [a, b]]) => `${m} ours ${a} theirs ${b}`);
  return `divide: ${differing.join(", ")}`;
}
