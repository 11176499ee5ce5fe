/**
 * Guessing what a view hides (docs/bot.md#hidden-games): in a hidden game (Fog of War) the upper
 * levels search whole positions that agree with what the bot's side sees, several of them, and
 * play the move that scores best over all of them. A search of the view alone plans against an
 * opponent who has only the pieces the bot sees; a guessed position puts the others where they
 * could stand, so a move that leaves the queen or the king to an unseen piece scores badly.
 *
 * Nothing per game: the missing pieces are the declared start's less those in view, placed by
 * the pieces' own rules of where they may stand (`mayStand`), and kept where the bot's side
 * would not see them.
 */
import { parseFen } from "../rules/notation/fen";
import { mayStand, pieceCode, typeOn, UNSEEN, type Position } from "../rules/position";
import type { Side } from "../rules/variant";
import type { Move } from "../rules/move";
import { attacked, makeMove } from "../rules/movegen";
import { seenSquares } from "../rules/view";
import { Searcher, type Limits, type RootMove } from "./search";

/** How likely a missing piece whose home square is unseen still stands there (it never moved). */
const STAYED_HOME = 0.85;
/** Tries for a square that keeps a piece unseen before the guess leaves it out. */
const TRIES = 24;
/** A lost game in one guess counts as losing this much, so that one guess does not outweigh all the others. */
const LOST = 5_000;
/** Moves worse than a guess's best by more than this get only a bound there, which saves the search proving how bad they are. */
const MARGIN = 150;

/**
 * `count` positions that agree with `view` (the side to move's view, unseen squares UNSEEN):
 * every seen square as seen, and on the unseen ones a guess at the opponent's pieces not in view.
 * Those are the declared start's less the ones in view (a promoted piece in view counts against
 * the pawns). A square the bot's side would see if it were empty (ahead of its pawn, on its
 * castling path) holds one of them, a pawn first (what blocks a pawn most often), as does the
 * square of a pawn the view says may be taken en passant. A missing piece whose start square is
 * unseen stays there, most likely; of the rest, as many as the bot's side has lost are taken to
 * be lost too (trades), and the others stand on unseen squares at random, where they may stand
 * and where no piece of the bot's would see them. A royal piece is never left out. The
 * opponent's castling rights, which the view does not show, are taken as gone.
 */
export function guessPositions(view: Position, count: number, random: () => number): Position[] {
  const v = view.variant;
  const us = view.turn;
  const them = (1 - us) as Side;
  const home = declaredStart(view);
  const unseen = v.geo.squares.filter((sq) => view.board[sq] === UNSEEN);
  const royal = (t: number) => ((v.royalTypes >> t) & 1) === 1;
  const pawn = (t: number) => v.types[t].promotesTo.length > 0;
  const missing = missingPieces(view, home);
  let lost = 0;
  for (let t = 1; t < v.types.length; t++) if (!royal(t)) lost += Math.max(0, home.count(us, t) - view.count(us, t));
  const behind = view.ep >= 0 ? view.ep - view.forward(us) : -1;
  const victim = behind >= 0 && view.board[behind] === UNSEEN ? behind : -1;
  const epVictim = v.types.findIndex((_, t) => t > 0 && ((v.epVictims >> t) & 1) === 1);
  const homes = unseen.filter((sq) => typeOn(home.board[sq], them) !== 0);
  const guesses: Position[] = [];
  for (let g = 0; g < count; g++) {
    const p = view.clone();
    for (const sq of unseen) p.put(sq, 0);
    const left = shuffle(missing.slice(), random).sort((a, b) => Number(pawn(b)) - Number(pawn(a)));
    // The pawn that may be taken en passant stands behind the en passant square.
    if (victim >= 0) {
      const i = left.findIndex((t) => ((v.epVictims >> t) & 1) === 1 && place(p, victim, t));
      if (i >= 0) left.splice(i, 1);
      else p.put(victim, pieceCode(them, epVictim));
    }
    // Filling one may hide another (a pawn's one step blocks its two), so the first that fits.
    for (let open = blockers(p); open.length > 0; open = blockers(p)) {
      if (open.some((sq) => {
        const i = left.findIndex((t) => place(p, sq, t));
        if (i >= 0) left.splice(i, 1);
        return i >= 0;
      })) continue;
      // The view proves a piece there, even one the count did not expect.
      p.put(open[0], pieceCode(them, left.find((t) => mayStand(p, t, open[0], them)) ?? missing[0] ?? 1));
    }
    const away: number[] = [];
    for (const t of shuffle(left, random)) {
      const at = shuffle(homes.slice(), random).find((sq) => typeOn(home.board[sq], them) === t && p.board[sq] === 0);
      if (at !== undefined && random() < STAYED_HOME && place(p, at, t)) continue;
      away.push(t);
    }
    let keep = Math.max(0, away.length - lost);
    for (const t of away.sort((a, b) => Number(royal(b)) - Number(royal(a)))) {
      if (!royal(t) && keep <= 0) continue;
      keep--;
      placeSomewhere(p, t, royal(t));
    }
    p.commit();
    guesses.push(p);
  }
  return guesses;

  /** The unseen squares the bot's side sees in `p`: each must hold a piece it cannot take. */
  function blockers(p: Position): number[] {
    const now = seenSquares(p, us);
    return unseen.filter((sq) => now[sq] && p.board[sq] === 0);
  }

  /**
   * Puts `t` on `sq` if the bot's side would see no more than before: not the piece itself
   * (it could take it), nor any square it newly reaches; else leaves the square empty.
   */
  function place(p: Position, sq: number, t: number): boolean {
    if (!mayStand(p, t, sq, them)) return false;
    const before = seenSquares(p, us);
    p.put(sq, pieceCode(them, t));
    const now = seenSquares(p, us);
    if (!now[sq] && unseen.every((s) => !now[s] || before[s])) return true;
    p.put(sq, 0);
    return false;
  }

  function placeSomewhere(p: Position, t: number, must: boolean): void {
    const free = unseen.filter((sq) => p.board[sq] === 0);
    for (let i = 0; i < TRIES && free.length > 0; i++) {
      const j = Math.floor(random() * free.length);
      if (place(p, free[j], t)) return;
      free.splice(j, 1);
    }
    // A royal piece is somewhere: where nothing fits unseen, on any free unseen square.
    if (must && free.length > 0) p.put(free[0], pieceCode(them, t));
  }
}

function declaredStart(view: Position): Position {
  const v = view.variant;
  const start = parseFen(v, v.decl.startFen);
  if (!start.ok) throw new Error(`${v.decl.name}'s start does not read: ${start.error}`);
  return start.value;
}

/**
 * The opponent's pieces not in `view`, one entry per piece: the declared start's less the ones
 * in view, one pawn fewer for each piece in view beyond the start's (it was a promoted pawn).
 */
function missingPieces(view: Position, home: Position): number[] {
  const v = view.variant;
  const them = (1 - view.turn) as Side;
  const missing: number[] = [];
  let promoted = 0;
  for (let t = 1; t < v.types.length; t++) {
    const had = home.count(them, t), has = view.count(them, t);
    for (let i = has; i < had; i++) missing.push(t);
    promoted += Math.max(0, has - had);
  }
  for (let i = missing.length - 1; i >= 0 && promoted > 0; i--) {
    if (v.types[missing[i]].promotesTo.length > 0) {
      missing.splice(i, 1);
      promoted--;
    }
  }
  return missing;
}

/**
 * For each of `moves`, how many kinds of the opponent's missing pieces could take the bot's king
 * once it is played in `view`, each from a square the bot's side does not see: a line the move
 * opens to the fog, or leaves open. A guess rarely puts the one piece on the one square that does
 * it (the bishop that came to b5 while the bot looked elsewhere), so the guesses alone miss it; a
 * player keeps such lines shut. The view is left as it was.
 */
export function exposedKing(view: Position, moves: readonly Move[]): number[] {
  const us = view.turn;
  const them = (1 - us) as Side;
  const kinds = [...new Set(missingPieces(view, declaredStart(view)))];
  const unseen = view.geo.squares.filter((sq) => view.board[sq] === UNSEEN);
  return moves.map((move) => {
    view.begin();
    makeMove(view, move);
    const king = view.kingSq[us];
    let n = 0;
    if (king >= 0) {
      // Each kind on every unseen square it may stand on, does one reach the king? Written
      // straight to the board, for the attack test alone, and put back before the move is undone.
      const board = view.board.slice();
      for (const t of kinds) {
        for (const sq of unseen) view.board[sq] = mayStand(view, t, sq, them) ? pieceCode(them, t) : 0;
        if (attacked(view, king, them)) n++;
      }
      view.board.set(board);
    }
    view.unmake();
    return n;
  });
}

function shuffle<T>(xs: T[], random: () => number): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
  return xs;
}

export interface GuessedSearch {
  best: RootMove;
  /** The pooled score of the best move, in centipawns for the side to move. */
  score: number;
  nodes: number;
  /** The shallowest depth finished over the guesses. */
  depth: number;
}

/**
 * Searches each guess with an equal share of the nodes and plays the root move (the view's: on a
 * guess the bot's side has the same moves, since every guessed piece stands where it cannot
 * reach) with the best mean score, a lost game counting as LOST, less the move's `risk` (in
 * centipawns, one per root move) where given.
 */
export function searchGuesses(guesses: Position[], root: RootMove[], limits: Limits, risk?: readonly number[]): GuessedSearch {
  const total = new Float64Array(root.length);
  let nodes = 0;
  let depth = Infinity;
  let searched = 0;
  for (let g = 0; g < guesses.length; g++) {
    const share = Math.floor((limits.nodes - nodes) / (guesses.length - g));
    const searcher = new Searcher(guesses[g], { ...limits, nodes: share, seed: limits.seed + g }, [], false);
    const r = searcher.scoreEach(root, MARGIN);
    nodes += searcher.nodes;
    if (!r) continue;
    searched++;
    depth = Math.min(depth, r.depth);
    for (let i = 0; i < root.length; i++) total[i] += Math.max(-LOST, Math.min(LOST, r.scores[i]));
    if (Date.now() > limits.deadline) break;
  }
  if (risk) for (let i = 0; i < root.length; i++) total[i] -= risk[i] * searched;
  let best = 0;
  for (let i = 1; i < root.length; i++) if (total[i] > total[best]) best = i;
  return { best: root[best], score: searched ? Math.round(total[best] / searched) : 0, nodes, depth: searched ? depth : 0 };
}
