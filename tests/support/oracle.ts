/**
 * Fairy-Stockfish (npm `ffish` 0.7.10) as the test oracle for the games it plays
 * (docs/README.md "Games to come"): the same legal moves, the same game ends and the same
 * FEN in every position (docs/notation.md "Games Fairy-Stockfish plays").
 *
 * A game joins the oracle tests (tests/unit/oracle.test.ts) and the benchmark
 * (bench/family-perft.ts) with one row in ORACLE_GAMES.
 */
import { createRequire } from "node:module";
import type { Board, FairyStockfish } from "ffish";
import { chosenSetupFen, Game, type Action, type LegalMove, type Outcome } from "@/lib/rules";
import { listMoves } from "@/lib/rules/game";
import { makeMove } from "@/lib/rules/movegen";
import { makeFen, parseFen } from "@/lib/rules/notation/fen";
import { unwrap } from "@/lib/rules/result";
import { getVariant } from "@/lib/rules/variants";
import { CHESS960_SETUPS, chess960Setup } from "@/lib/rules/variants/chess960";
import { Rng } from "@/tests/fuzz/random";

export interface OracleGame {
  /** Our variant id. */
  id: string;
  /** Fairy-Stockfish's name for the game. */
  ffish: string;
  /** Fairy-Stockfish's Chess960 mode: castling is king-takes-rook, castling rights by file. */
  is960?: boolean;
  /** A start position for each random game (Chess960: one of the 960); without it, the game's own. */
  startFen?: (rng: Rng) => string;
  /** Positions its random games compare, where fewer than the oracle's default keep the test short (a position costly to compare). */
  positions?: number;
  /** The deepest perft the benchmark (bench/family-perft.ts) counts, where its depth would take hours. */
  perftDepth?: number;
}

/**
 * Our ids of the games Fairy-Stockfish plays (docs/notation.md "Ids of games to come"), with
 * its names for them. Every one of these in our registry needs a row in ORACLE_GAMES.
 */
export const FAIRY_STOCKFISH_NAMES: Readonly<Record<string, string>> = {
  chess: "chess",
  chess960: "chess",
  antichess: "antichess",
  atomic: "atomic",
  crazyhouse: "crazyhouse",
  duck: "duck",
  "fog-of-war": "fogofwar",
  chaturanga: "chaturanga",
  shatranj: "shatranj",
  makruk: "makruk",
  "ouk-chatrang": "cambodian",
  sittuyin: "sittuyin",
  xiangqi: "xiangqi",
  janggi: "janggi",
  shogi: "shogi",
  minishogi: "minishogi",
};

/** The games compared with Fairy-Stockfish, one row each. */
export const ORACLE_GAMES: OracleGame[] = [
  { id: "chess", ffish: "chess" },
  { id: "shatranj", ffish: "shatranj" },
  { id: "chaturanga", ffish: "chaturanga" },
  { id: "makruk", ffish: "makruk" },
  { id: "ouk-chatrang", ffish: "cambodian" },
  { id: "sittuyin", ffish: "sittuyin" },
  { id: "chess960", ffish: "chess", is960: true, startFen: (rng) => chess960Setup(rng.int(CHESS960_SETUPS)) },
  // With full hands a position has hundreds of drops, each compared as UCI on both sides.
  { id: "crazyhouse", ffish: "crazyhouse", positions: 6000 },
  // Each position lists some 600 moves on both sides (every piece move times every duck square),
  // so 5,000 positions instead of ORACLE_POSITIONS keep the comparison under a minute.
  // perft(3) from the start is 250 million leaves: Fairy-Stockfish's recursion over legalMoves() would take hours.
  { id: "duck", ffish: "duck", positions: 5_000, perftDepth: 2 },
  { id: "atomic", ffish: "atomic" },
  { id: "antichess", ffish: "antichess" },
  // As Crazyhouse: hundreds of drops in a position; a few thousand positions keep each under a minute.
  { id: "shogi", ffish: "shogi", positions: 4000 },
  { id: "minishogi", ffish: "minishogi", positions: 8000 },
  { id: "xiangqi", ffish: "xiangqi" },
  // Each random game starts from the arrangements the two players chose, one of the sixteen.
  { id: "janggi", ffish: "janggi", startFen: (rng) => chosenSetupFen("janggi", rng.int(4), rng.int(4)) },
  // Not built in: defined by FOG_OF_WAR_CONFIG when Fairy-Stockfish loads.
  { id: "fog-of-war", ffish: "fogofwar" },
];

/**
 * Fog of War as Fairy-Stockfish's own tests define it (its test.py; variants.ini's keys,
 * docs/games/fog-of-war.md): chess whose king is a commoner, not royal, that castles, and whose
 * loss loses. Which squares a player sees is not Fairy-Stockfish's to say here (its fog is
 * `get_fog_fen`, not in ffish 0.7.10): tests/fuzz/fog.test.ts checks our views against the rule.
 */
export const FOG_OF_WAR_CONFIG = `[fogofwar:chess]
king = -
commoner = k
castlingKingPiece = k
extinctionValue = loss
extinctionPieceTypes = k
`;

/** The seed of the perft positions, whatever a run's seed: the test's and the benchmark's are the same. */
export const PERFT_SEED = 20261201;

/** The start position perft counts from: the game's own, or the one its chooser gives for PERFT_SEED. */
export function perftStart(row: OracleGame): string {
  return row.startFen?.(new Rng(PERFT_SEED)) ?? getVariant(row.id).decl.startFen;
}

let loading: Promise<FairyStockfish> | undefined;

/**
 * Fairy-Stockfish, loaded once per process. Under Node 18 and later the module would
 * fetch() its .wasm by file path and abort, so fetch is hidden while it initialises.
 */
export function loadFairyStockfish(): Promise<FairyStockfish> {
  loading ??= new Promise<FairyStockfish>((resolve, reject) => {
    const fetch = globalThis.fetch;
    const restore = () => {
      globalThis.fetch = fetch;
    };
    Reflect.deleteProperty(globalThis, "fetch");
    try {
      const ffish = createRequire(import.meta.url)("ffish");
      ffish.onRuntimeInitialized = () => {
        restore();
        // Its table of variants is filled when the first board is made.
        new ffish.Board("chess").delete();
        ffish.loadVariantConfig(FOG_OF_WAR_CONFIG);
        resolve(ffish);
      };
      ffish.onAbort = (why: unknown) => {
        restore();
        reject(new Error(`Fairy-Stockfish failed to start: ${String(why)}`));
      };
    } catch (e) {
      restore();
      reject(e);
    }
  });
  return loading;
}

/** The row of one of our games, by its id. */
export function oracleRow(id: string): OracleGame {
  const row = ORACLE_GAMES.find((r) => r.id === id);
  if (!row) throw new Error(`${id} is not compared with Fairy-Stockfish (no row in ORACLE_GAMES)`);
  return row;
}

/** Fairy-Stockfish's board for a row, at its start position or at `fen`. */
export function oracleBoard(ff: FairyStockfish, row: OracleGame, fen?: string): Board {
  return fen === undefined ? new ff.Board(row.ffish) : new ff.Board(row.ffish, fen, row.is960 ?? false);
}

/** `f` of Fairy-Stockfish's board at `fen`, the board freed afterwards. */
export function withOracleBoard<T>(ff: FairyStockfish, row: OracleGame, fen: string, f: (board: Board) => T): T {
  const board = oracleBoard(ff, row, fen);
  try {
    return f(board);
  } finally {
    board.delete();
  }
}

/** Fairy-Stockfish's legal moves (UCI). */
export function oracleMoves(board: Board): string[] {
  const text = board.legalMoves();
  return text === "" ? [] : text.split(" ");
}

/**
 * What Fairy-Stockfish says after the UCI moves `ucis` from `fen`: the FEN, its legal moves
 * sorted, whether the game is over, its result without and with claims. Each move is checked
 * legal first, as pushing an illegal one aborts it.
 */
export function oracleAfter(ff: FairyStockfish, row: OracleGame, fen: string, ucis: readonly string[] = []) {
  return withOracleBoard(ff, row, fen, (board) => {
    for (const uci of ucis) {
      if (!oracleMoves(board).includes(uci)) throw new Error(`Fairy-Stockfish: ${uci} is not legal in ${board.fen()}`);
      board.push(uci);
    }
    return { fen: board.fen(), moves: oracleMoves(board).sort(), over: board.isGameOver(), result: board.result(), claimed: board.result(true) };
  });
}

type Pieces = Map<string, string>;

/** Square → FEN letter (case is the colour) of the current position. */
export function piecesOf(game: Game): Pieces {
  const out: Pieces = new Map();
  for (const { square, pieces, duck } of game.board()) {
    if (duck) continue;
    if (pieces.length !== 1) throw new Error(`${square} holds ${pieces.length} pieces: not a Fairy-Stockfish game`);
    const p = pieces[0];
    out.set(square, p.color === "white" ? p.letter : p.letter.toLowerCase());
  }
  return out;
}

const sameSide = (a: string, b: string) => (a === a.toUpperCase()) === (b === b.toUpperCase());
const fileIndex = (square: string) => square.charCodeAt(0) - 97;

/**
 * The rook a king castles with when our move names only the king's step (K e1-g1):
 * in Chess960 the rights name the rook's file (HAha) or, as KQkq, the outermost rook
 * on that side of the king.
 */
function castlingRook(pieces: Pieces, fen: string, king: string, to: string): string {
  const rank = king.slice(1);
  const rook = pieces.get(king) === "K" ? "R" : "r";
  const dir = Math.sign(fileIndex(to) - fileIndex(king));
  const rights = fen.split(" ")[2];
  const onSide = (file: number) => Math.sign(file - fileIndex(king)) === dir;
  for (const c of rights) {
    const f = c.toLowerCase().charCodeAt(0) - 97;
    if (sameSide(c, rook) && f >= 0 && f < 8 && onSide(f)) {
      return String.fromCharCode(97 + f) + rank;
    }
  }
  for (let f = dir > 0 ? 7 : 0; onSide(f); f -= dir) {
    const sq = String.fromCharCode(97 + f) + rank;
    if (pieces.get(sq) === rook) return sq;
  }
  throw new Error(`no rook to castle with from ${king} towards ${to} in ${fen}`);
}

/**
 * Our move in Fairy-Stockfish's UCI: `e2e4`, promotion `e7e8q` (Shogi's `c7c8+`), drop `P@e4` (the letter
 * upper case for either side), promotion in place `c6c6f` (Sittuyin), castling as the
 * king's step (`e1g1`), or in Chess960 as king takes own rook (`e1h1`), a duck's step after the
 * move (`e2e4,e4d5`), Janggi's pass as the general's point twice (`e2e2`). Our castling may be
 * the king's step, the king's step and the rook's, king takes own rook, or O-O / O-O-O.
 */
export function toUci(actions: readonly Action[], pieces: Pieces, fen: string, is960: boolean): string {
  // Duck chess: the piece move, a comma, the square it reached and the duck's (`e2e4,e4d5`).
  const last = actions[actions.length - 1];
  if (last?.type === "duck") {
    const piece = toUci(actions.slice(0, -1), pieces, fen, is960);
    return `${piece},${/^[a-l]\d+([a-l]\d+)/.exec(piece)![1]}${last.to}`;
  }
  const acts = actions.filter((a) => a.type !== "name");
  const [first, second] = acts;
  const unreadable = () => new Error(`no UCI for ${JSON.stringify(actions)}`);
  // Castling written O-O / O-O-O, as Chess960 does (docs/notation.md), carries its squares.
  const castle = first as { type: string; king?: string; rook?: string; kingTo?: string } | undefined;
  if (castle?.type === "castle" && acts.length === 1) {
    if (!castle.king || !castle.rook || !castle.kingTo) throw unreadable();
    return castle.king + (is960 ? castle.rook : castle.kingTo);
  }
  if (first?.type === "place" && acts.length === 1) return `${first.piece.toUpperCase()}@${first.to}`;
  // Janggi's pass: the general's point twice (docs/games/janggi.md#passing).
  if (first?.type === "pass" && acts.length === 1) {
    const general = fen.split(" ")[1] === "w" ? "K" : "k";
    const at = [...pieces].find(([, letter]) => letter === general)?.[0];
    if (!at) throw unreadable();
    return at + at;
  }
  if (first?.type === "promote" && acts.length === 1) return `${first.square}${first.square}${first.promotion.toLowerCase()}`;
  if (first?.type !== "step") throw unreadable();
  const isKing = first.piece.toUpperCase() === "K";
  const onto = pieces.get(first.to);
  // Castling written as the king's step then the rook's, or as king takes own rook.
  const rookStep = second?.type === "step" && second.piece.toUpperCase() === "R" && sameSide(second.piece, first.piece) ? second : undefined;
  if (acts.length > (rookStep ? 2 : 1)) throw unreadable();
  const castlesOnto = isKing && onto !== undefined && sameSide(onto, first.piece) ? first.to : undefined;
  const castlesBy = isKing && Math.abs(fileIndex(first.to) - fileIndex(first.from)) >= 2;
  if (rookStep || castlesOnto || castlesBy) {
    if (!is960) return `${first.from}${first.to}`;
    const rook = rookStep?.from ?? castlesOnto ?? castlingRook(pieces, fen, first.from, first.to);
    return `${first.from}${rook}`;
  }
  const promotion = first.promotion?.startsWith("+") ? "+" : (first.promotion?.toLowerCase() ?? "");
  return `${first.from}${first.to}${promotion}`;
}

/** Each of our moves with its UCI. */
export function ourMoves(game: Game, moves: readonly LegalMove[], is960: boolean): { move: LegalMove; uci: string }[] {
  const pieces = piecesOf(game);
  const fen = game.fen();
  return moves.map((move) => ({ move, uci: toUci(move.actions, pieces, fen, is960) }));
}

/**
 * Fairy-Stockfish's result strings: "1-0", "0-1", "1/2-1/2", or "*" while the game goes on.
 * `result()` is what ends the game by itself (checkmate, stalemate, insufficient material,
 * a variant's immediate end such as a bared king), `result(true)` adds what a player may
 * claim: the n-move rule (fifty in chess) and n-fold repetition (threefold), counting rules.
 * It has no fivefold or seventy-five-move rule.
 */
type Verdict = "1-0" | "0-1" | "1/2-1/2" | "*";
const VERDICT: Record<Exclude<Outcome["result"], "ongoing">, Verdict> = { "white-wins": "1-0", "black-wins": "0-1", draw: "1/2-1/2" };

/**
 * Our ends that are claims to Fairy-Stockfish. Our draws by repetition, by the move count and
 * by a counting rule (Makruk, Ouk Chatrang, Sittuyin: "counting-rule"), Shogi's and Xiangqi's
 * repetition, perpetual check and chasing (won or lost: Fairy-Stockfish's optional game end), Janggi's
 * repetition and fifty moves decided on points, automatic or not (chess: fivefold and seventy-five
 * moves automatic, threefold and fifty claimable), are all claims there. Every other end of ours is
 * an end of its own.
 */
const CLAIMS_TO_FAIRY_STOCKFISH: readonly string[] = [
  "threefold-repetition", "fifty-move-rule", "fivefold-repetition", "seventy-five-move-rule", "counting-rule",
  "fourfold-repetition", "perpetual-check", "perpetual-chase", "repetition-points", "move-rule-points",
];

/** What Fairy-Stockfish should say, without and with claims, for our status. */
export function expectedVerdicts(game: Game): { automatic: Verdict; claimed: Verdict } {
  const s = game.status();
  if (s.result === "ongoing") return { automatic: "*", claimed: game.claimableDraws().length ? "1/2-1/2" : "*" };
  const v = VERDICT[s.result];
  return { automatic: CLAIMS_TO_FAIRY_STOCKFISH.includes(s.reason) ? "*" : v, claimed: v };
}

/** The symmetric difference of two move lists, or null when they are the same set. */
function difference(ours: string[], theirs: string[]): string | null {
  const a = new Set(ours);
  const b = new Set(theirs);
  const onlyOurs = ours.filter((m) => !b.has(m));
  const onlyTheirs = theirs.filter((m) => !a.has(m));
  if (onlyOurs.length === 0 && onlyTheirs.length === 0) return null;
  return `ours only [${onlyOurs.join(" ")}], Fairy-Stockfish only [${onlyTheirs.join(" ")}]`;
}

/**
 * The differences between our game and Fairy-Stockfish's board in the current position: FEN,
 * legal moves (while the game goes on; once it is over, pure move generation, unless
 * Fairy-Stockfish generates none because a rule of the game ended it), and game end.
 */
export function differences(game: Game, board: Board, row: OracleGame): string[] {
  const out: string[] = [];
  const fen = game.fen();
  if (fen !== board.fen()) out.push(`FEN: ours ${fen}, Fairy-Stockfish ${board.fen()}`);
  // What we write we read back (a duck on the square a pawn left with an en passant square once failed this).
  const reread = parseFen(getVariant(row.id), fen);
  if (!reread.ok || makeFen(reread.value) !== fen) out.push(`FEN ${fen} does not read back: ${reread.error ?? makeFen(reread.value!)}`);

  const theirs = oracleMoves(board);
  const over = game.status().result !== "ongoing";
  if (!over || theirs.length > 0) {
    const listed = over ? listMoves(unwrap(parseFen(getVariant(row.id), fen))).listed : game.legalMoves();
    const ours = ourMoves(game, listed, row.is960 ?? false).map((m) => m.uci);
    if (new Set(ours).size !== ours.length) out.push(`moves: two of ours are one UCI move: ${ours.join(" ")}`);
    const diff = difference(ours, theirs);
    if (diff) out.push(`moves${over ? " (the game is over; pure generation)" : ""}: ${diff}`);
  }

  const want = expectedVerdicts(game);
  const got = { automatic: board.result(false), claimed: board.result(true) };
  const ended = { automatic: board.isGameOver(false), claimed: board.isGameOver(true) };
  if (got.automatic !== want.automatic || got.claimed !== want.claimed ||
      ended.automatic !== (want.automatic !== "*") || ended.claimed !== (want.claimed !== "*")) {
    out.push(`end: ours ${JSON.stringify(game.status())}, claimable ${JSON.stringify(game.claimableDraws())}, so Fairy-Stockfish ` +
      `should say result() ${want.automatic}, result(true) ${want.claimed}; it says ${got.automatic}, ${got.claimed}, ` +
      `isGameOver() ${ended.automatic}, isGameOver(true) ${ended.claimed}`);
  }
  return out;
}

/** Perft by recursion over Fairy-Stockfish's legalMoves() (it has none of its own). */
export function oraclePerft(board: Board, depth: number): number {
  const moves = oracleMoves(board);
  if (depth <= 1) return depth === 1 ? moves.length : 1;
  let n = 0;
  for (const m of moves) {
    board.push(m);
    n += oraclePerft(board, depth - 1);
    board.pop();
  }
  return n;
}

export interface RandomGameOptions {
  maxPlies: number;
  /** Chance of playing a capture whenever there is one, so games reach their endings. */
  captureBias: number;
  /** Chance of taking back one's own last move when one can, so positions repeat. */
  repeatBias?: number;
  /** Chance of a move that leaves the halfmove clock running, so the move-count rules come up. */
  quietBias?: number;
  /** Called at every position, the start included; a non-empty answer stops the game. */
  visit?: (game: Game, board: Board) => string[];
}

export interface RandomGame {
  game: Game;
  positions: number;
  /** The FEN of every position, the start first. */
  fens: string[];
  problems: string[];
}

/**
 * The UCI move that takes back one's own last move `own`: the piece back, and in Duck chess
 * (`g1f3,f3d4`) the duck back where the opponent's move before it (`before`) put it.
 */
function takeBack(own: string, before: string | undefined): string {
  // Squares of two or three characters: Xiangqi's ranks go to 10.
  const [, from, to] = /^([a-l]\d+)([a-l]\d+)/.exec(own) ?? [];
  if (!from) return "";
  const back = to + from;
  if (!own.includes(",")) return back;
  const duck = /^[a-l]\d+([a-l]\d+)$/.exec(before?.split(",")[1] ?? "")?.[1];
  return duck ? `${back},${from}${duck}` : "";
}

/**
 * The moves of `game` after which Fairy-Stockfish's halfmove clock keeps running, judged on
 * our engine: every FEN compared shows the two clocks agree, and asking Fairy-Stockfish
 * (a push and a pop per move) is slow where drops give hundreds of moves. While a count
 * runs its clock reads 0.
 */
function clockKeepers(game: Game): Set<string> {
  const pos = unwrap(parseFen(game.variant, game.fen()));
  const keep = new Set<string>();
  const { legal, listed } = listMoves(pos);
  legal.forEach((m, i) => {
    makeMove(pos, m);
    if (pos.halfmove > 0 && pos.countLimit === 0) keep.add(listed[i].text);
    pos.unmake();
  });
  return keep;
}

/**
 * A test of a UCI move asked once per piece move: whether it captures does not depend on
 * where a duck goes (`e2e4,e4d5`), and Fairy-Stockfish answers each question slowly.
 */
function byPieceMove(test: (uci: string) => boolean): (m: { uci: string }) => boolean {
  const known = new Map<string, boolean>();
  return ({ uci }) => {
    const piece = uci.split(",")[0];
    let answer = known.get(piece);
    if (answer === undefined) known.set(piece, (answer = test(uci)));
    return answer;
  };
}

/** Plays one seeded random game on our engine and on Fairy-Stockfish's board side by side. */
export function playRandomGame(ff: FairyStockfish, row: OracleGame, rng: Rng, opts: RandomGameOptions): RandomGame {
  const startFen = row.startFen?.(rng);
  const game = Game.start(row.id, startFen ?? "start");
  const board = oracleBoard(ff, row, startFen);
  const fens: string[] = [];
  const played: string[] = [];
  try {
    for (;;) {
      fens.push(game.fen());
      const problems = opts.visit?.(game, board) ?? [];
      if (problems.length) return { game, positions: fens.length, fens, problems };
      const moves = game.legalMoves();
      if (moves.length === 0 || game.ply >= opts.maxPlies) return { game, positions: fens.length, fens, problems };
      const listed = ourMoves(game, moves, row.is960 ?? false);
      const own = played[played.length - 2];
      const back = own && rng.chance(opts.repeatBias ?? 0) ? listed.filter((m) => m.uci === takeBack(own, played[played.length - 3])) : [];
      const captures = rng.chance(opts.captureBias) ? listed.filter(byPieceMove((uci) => board.isCapture(uci))) : [];
      const keepers = !back.length && !captures.length && rng.chance(opts.quietBias ?? 0) ? clockKeepers(game) : undefined;
      const quiet = keepers ? listed.filter((m) => keepers.has(m.move.text)) : [];
      const { move, uci } = rng.pick(back.length ? back : captures.length ? captures : quiet.length ? quiet : listed);
      game.play(move.actions);
      played.push(uci);
      if (!board.push(uci)) return { game, positions: fens.length, fens, problems: [`Fairy-Stockfish refused ${uci} (our ${move.text})`] };
    }
  } finally {
    board.delete();
  }
}

/** How a failure is reproduced: the start, the moves, the position. */
export function describeGame(game: Game): string {
  return `${game.variant.decl.id} from ${game.startFen}, moves [${game.moves.join(", ")}], now ${game.fen()}`;
}
