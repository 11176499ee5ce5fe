/**
 * The rules of the games for more than two: legal moves, what a move does (captures, points,
 * armies going out, the turn), and how a game ends, per mode (MultiGameDecl.mode). Each rule
 * cites its rule book; the order of ends is docs/common-rules.md#which-end-comes-first-and-the-same-position-for-more-than-two.
 */
import { attackers, inCheck, kingCell, pseudoMoves, type MultiMove } from "./attacks";
import { clonePosition, nextPlaying, playingArmies, type CompiledGame, type Piece, type Position } from "./position";

export type MultiEndReason =
  | "checkmate"
  | "stalemate"
  | "last-army-standing"
  | "kings-captured"
  | "claim-win"
  | "team-checkmate"
  | "king-captured"
  | "insufficient-material"
  | "move-rule-points"
  | "repetition-points"
  | "move-rule"
  | "repetition"
  | "resignation"
  | "timeout"
  | "agreement";

export interface MultiEnd {
  reason: MultiEndReason;
  /** Every army's final score. */
  scores: number[];
  /** The armies placed first. */
  winners: number[];
}

const hasPoints = (g: CompiledGame) => g.decl.mode === "points" || g.decl.mode === "kings" || g.decl.mode === "three";

/** The armies of a side (teams, pairs); an army alone in the other modes. */
const sideOf = (g: CompiledGame, army: number) => g.side.flatMap((s, i) => (s === g.side[army] ? [i] : []));

/** An army goes out: its castling rights go with it (docs/games/four-player.md#castling); in Four Seasons its pieces leave the board. */
function goOut(g: CompiledGame, pos: Position, army: number, state: "x" | "k" = "x") {
  pos.states[army] = state;
  pos.castling[army] = 0;
  if (g.decl.mode === "seasons") for (let c = 0; c < pos.board.length; c++) if (pos.board[c]?.army === army) pos.board[c] = null;
}

function pairOut(g: CompiledGame, pos: Position, army: number) {
  for (const a of sideOf(g, army)) goOut(g, pos, a);
}

/** The board after the move's pieces moved, with the counters and castling rights it changes; the turn not yet passed. */
function movePieces(g: CompiledGame, pos: Position, m: MultiMove): { next: Position; captured: Piece | null } {
  const next = clonePosition(pos);
  const piece = pos.board[m.from]!;
  const army = piece.army;
  let captured: Piece | null = null;
  if (m.castle) {
    const side = g.castling[army]![m.castle];
    const rook = next.board[side.rook];
    next.board[side.king] = null;
    next.board[side.rook] = null;
    next.board[side.kingTo] = piece;
    next.board[side.rookTo] = rook;
  } else {
    captured = pos.board[m.to];
    next.board[m.from] = null;
    next.board[m.to] = m.promo ? { army, kind: m.promo, promoted: true } : piece;
  }
  if (piece.kind === "K") next.castling[army] = 0;
  g.castling.forEach((sides, a) => {
    if (!sides || !next.castling[a]) return;
    if (m.from === sides.K.rook || m.to === sides.K.rook) next.castling[a] &= ~1;
    if (m.from === sides.Q.rook || m.to === sides.Q.rook) next.castling[a] &= ~2;
  });
  if (m.passant) {
    const e = pos.ep.find((x) => x.passed === m.to && g.opponents(army, x.army))!;
    captured = pos.board[e.pawn];
    next.board[e.pawn] = null;
  }
  next.halfmove = captured || g.pieces.get(piece.kind)!.pawn ? 0 : pos.halfmove + 1;
  if (g.decl.enPassant) {
    // docs/games/three-player.md#en-passant: a right lasts until its army moves again, while its pawn stands and the passed cell is empty.
    next.ep = pos.ep.filter((e) => e.army !== army && next.board[e.pawn]?.army === e.army && next.board[e.pawn]?.kind === "P" && !next.board[e.passed]);
    if (m.passed !== undefined) next.ep = [...next.ep, { army, passed: m.passed, pawn: m.to }].sort((x, y) => x.army - y.army);
  }
  return { next, captured };
}

/** A king taken puts its army (in pairs: its pair) out, as each book says; in teams the game ends instead. */
function takeKing(g: CompiledGame, next: Position, captured: Piece | null, before: Position) {
  if (!captured || captured.kind !== "K") return;
  const state = before.states[captured.army];
  if (g.decl.mode === "teams") return;
  if (g.decl.mode === "pairs") pairOut(g, next, captured.army);
  else if (state === "" || state === "k") goOut(g, next, captured.army);
  if (g.decl.mode === "three") threePoints(next, before.toMove, captured.army);
}

/** Three-player chess's result (docs/games/three-player.md#game-end): the winner 3, the loser 0, the third 1. */
function threePoints(pos: Position, winner: number, loser: number) {
  pos.scores = pos.scores.map((_, a) => (a === winner ? 3 : a === loser ? 0 : 1));
}

/** Whether a move of the army to move leaves its own king safe, as its book judges it. */
function isLegal(g: CompiledGame, pos: Position, m: MultiMove): boolean {
  const mode = g.decl.mode;
  if (mode === "kings") return true; // no check (docs/games/chaturaji.md#no-check)
  const army = pos.toMove;
  const { next, captured } = movePieces(g, pos, m);
  // Teams: taking an opposing king wins at once, whatever it leaves (docs/games/four-player.md#teams).
  if (mode === "teams" && captured?.kind === "K") return true;
  // Elsewhere the taker's king is judged with the king's army out (its pieces attack nothing).
  takeKing(g, next, captured, pos);
  return !inCheck(g, next, army);
}

/** The moves of an army, as if it were to move. */
export function movesOf(g: CompiledGame, pos: Position, army: number): MultiMove[] {
  const p = pos.toMove === army ? pos : { ...pos, toMove: army };
  return pseudoMoves(g, p, army).filter((m) => isLegal(g, p, m));
}

function hasMove(g: CompiledGame, pos: Position, army: number): boolean {
  const p = pos.toMove === army ? pos : { ...pos, toMove: army };
  return pseudoMoves(g, p, army).some((m) => isLegal(g, p, m));
}

/** Points for taking a piece (docs/games/four-player.md#points, docs/games/chaturaji.md#points). */
function capturePoints(g: CompiledGame, before: Position, captured: Piece): number {
  const state = before.states[captured.army];
  const kingPoints = g.decl.kingPoints ?? 0;
  if (captured.kind === "K") return state === "" || state === "k" || g.decl.mode === "kings" ? kingPoints : 0;
  if (state !== "") return 0;
  if (captured.promoted) return 1;
  return g.pieces.get(captured.kind)!.value ?? 0;
}

/** Points for the other playing armies' kings the mover attacks after its move. */
function checkPoints(g: CompiledGame, pos: Position, mover: number): number {
  const table = g.decl.checkPoints;
  if (!table) return 0;
  let checked = 0;
  let queensOnly = true;
  for (const a of playingArmies(pos)) {
    if (a === mover) continue;
    const k = kingCell(g, pos, a);
    if (k < 0) continue;
    const by = attackers(g, pos, k, (x) => x === mover);
    if (!by.length) continue;
    checked++;
    if (by.some((c) => pos.board[c]!.kind !== "Q")) queensOnly = false;
  }
  if (checked < 2) return 0;
  const [queens, otherwise] = checked === 2 ? table.two : table.three;
  return queensOnly ? queens : otherwise;
}

/** Whether the turn has gone round past the first seat (docs/notation.md#n-fen, Round). */
function passTurn(pos: Position, mover: number) {
  pos.toMove = nextPlaying(pos, mover);
  if (pos.toMove <= mover) pos.round++;
}

/**
 * Armies that go out on their own turn without a move of their own go out inside the move
 * before (docs/notation.md#the-position-after-a-move): mated or stalemated in Four Seasons,
 * stalemated all against all, mated or stalemated pairs. The turn then passes past them.
 */
function settle(g: CompiledGame, pos: Position, mover: number) {
  const mode = g.decl.mode;
  if (mode === "kings" || mode === "teams" || mode === "three") return;
  for (;;) {
    if (playingArmies(pos).length <= 1) return;
    const a = nextPlaying(pos, mover);
    if (a === mover || hasMove(g, pos, a)) return;
    const checked = inCheck(g, pos, a);
    if (mode === "pairs") {
      const pairs = new Set(playingArmies(pos).map((x) => g.side[x]));
      // With two pairs left a stalemate draws: the position stays, that army to move.
      if (!checked && pairs.size <= 2) return;
      pairOut(g, pos, a);
    } else {
      goOut(g, pos, a);
      // docs/games/four-player.md#checkmate-stalemate-and-taken-kings: stalemated scores 20; in check without a move, nothing.
      if (mode === "points" && !checked) pos.scores[a] += g.decl.kingPoints ?? 0;
    }
  }
}

/** The position after a legal move of the army to move. */
export function playMove(g: CompiledGame, pos: Position, m: MultiMove): Position {
  const mover = pos.toMove;
  if (m.type === "pass") {
    const next = clonePosition(pos);
    next.halfmove++;
    passTurn(next, mover);
    return next;
  }
  if (m.type === "claim") return claimed(g, pos);
  const { next, captured } = movePieces(g, pos, m);
  // Three-player chess scores only at the end (docs/games/three-player.md#game-end).
  const scoresMoves = g.decl.mode === "points" || g.decl.mode === "kings";
  if (scoresMoves && captured) next.scores[mover] += capturePoints(g, pos, captured);
  takeKing(g, next, captured, pos);
  if (scoresMoves) next.scores[mover] += checkPoints(g, next, mover);
  if (g.decl.mode === "points") {
    // Checkmate is immediate, every other army judged on the same position (docs/games/four-player.md#checkmate-stalemate-and-taken-kings).
    const mated = playingArmies(next).filter((a) => a !== mover && inCheck(g, next, a) && !hasMove(g, next, a));
    for (const a of mated) goOut(g, next, a);
    next.scores[mover] += mated.length * (g.decl.kingPoints ?? 0);
  }
  settle(g, next, mover);
  passTurn(next, mover);
  return next;
}

/** Kings of other armies on the board (Chaturaji's claim) or live kings of out armies (all against all). */
function kingsLeft(g: CompiledGame, pos: Position, claimer: number, liveOnly: boolean): number {
  let n = 0;
  for (const p of pos.board) if (p && p.kind === "K" && p.army !== claimer && (!liveOnly || pos.states[p.army] === "k")) n++;
  return n;
}

/** Whether the army to move may claim the win (docs/games/chaturaji.md#game-end, docs/games/four-player.md#game-end-free-for-all). */
export function canClaim(g: CompiledGame, pos: Position): boolean {
  const mode = g.decl.mode;
  if (mode !== "kings" && mode !== "points") return false;
  const playing = playingArmies(pos);
  if (playing.length !== 2) return false;
  const me = pos.toMove;
  const other = playing.find((a) => a !== me)!;
  const mine = pos.scores[me];
  if (mode === "kings") {
    const total = mine + 3 * kingsLeft(g, pos, me, false);
    return pos.scores.every((s, a) => a === me || total > s + (a === other ? 3 : 0));
  }
  const kp = g.decl.kingPoints ?? 0;
  if (!(mine > pos.scores[other] + kp + kp * kingsLeft(g, pos, me, true))) return false;
  return pos.scores.every((s, a) => a === me || a === other || mine > s);
}

/** The position after a claim (docs/notation.md#the-position-after-a-move); the claim itself ends the game. */
function claimed(g: CompiledGame, pos: Position): Position {
  const next = clonePosition(pos);
  const me = pos.toMove;
  if (g.decl.mode === "kings") {
    next.scores[me] += 3 * kingsLeft(g, pos, me, false);
    return next;
  }
  const other = playingArmies(pos).find((a) => a !== me)!;
  goOut(g, next, me);
  next.scores[other] += g.decl.kingPoints ?? 0;
  next.toMove = other;
  return next;
}

/** The armies with the highest score. */
function topScores(scores: number[], among?: number[]): number[] {
  const who = among ?? scores.map((_, i) => i);
  const best = Math.max(...who.map((a) => scores[a]));
  return who.filter((a) => scores[a] === best);
}

const withTen = (pos: Position) => pos.scores.map((s, a) => (pos.states[a] === "" ? s + 10 : s));

/**
 * How the game stands, judged from the position alone (repetition needs the history: the
 * game's `repeated` says so). null while it goes on.
 */
export function endOf(g: CompiledGame, pos: Position, repeated = false): MultiEnd | null {
  const mode = g.decl.mode;
  const playing = playingArmies(pos);
  // Where no points count the result's scores are 0 whatever the position says (docs/games/four-player.md#teams).
  const scores = hasPoints(g) ? pos.scores.slice() : pos.scores.map(() => 0);
  const drawAmong = (reason: MultiEnd["reason"]): MultiEnd => ({ reason, scores, winners: playing });
  const onPoints = (reason: MultiEnd["reason"]): MultiEnd => {
    const s = withTen(pos);
    return { reason, scores: s, winners: topScores(s) };
  };
  switch (mode) {
    case "kings": {
      if (playing.length <= 1) {
        const othersKings = pos.board.some((p) => p && p.kind === "K" && !playing.includes(p.army));
        return { reason: othersKings ? "last-army-standing" : "kings-captured", scores, winners: topScores(scores) };
      }
      // No 10 points each here (docs/games/chaturaji.md#game-end): the scores as they stand decide.
      if (pos.halfmove >= g.decl.moveRule) return { reason: "move-rule-points", scores, winners: topScores(scores) };
      if (repeated) return { reason: "repetition-points", scores, winners: topScores(scores) };
      return null;
    }
    case "points": {
      if (playing.length <= 1) return { reason: "last-army-standing", scores, winners: topScores(scores) };
      if (pos.halfmove >= g.decl.moveRule) return onPoints("move-rule-points");
      if (repeated) return onPoints("repetition-points");
      return null;
    }
    case "seasons": {
      if (playing.length <= 1) return drawAmong("last-army-standing");
      if (pos.board.every((p) => !p || p.kind === "K")) return drawAmong("insufficient-material");
      if (pos.halfmove >= g.decl.moveRule) return drawAmong("move-rule");
      if (repeated) return drawAmong("repetition");
      return null;
    }
    case "teams": {
      const lost = g.letters.findIndex((_, a) => kingCell(g, pos, a) < 0);
      if (lost >= 0) return { reason: "king-captured", scores, winners: g.letters.flatMap((_, a) => (g.opponents(a, lost) ? [a] : [])) };
      if (!hasMove(g, pos, pos.toMove)) {
        if (inCheck(g, pos, pos.toMove)) return { reason: "team-checkmate", scores, winners: g.letters.flatMap((_, a) => (g.opponents(a, pos.toMove) ? [a] : [])) };
        return drawAmong("stalemate");
      }
      if (pos.halfmove >= g.decl.moveRule) return drawAmong("move-rule");
      if (repeated) return drawAmong("repetition");
      return null;
    }
    case "three": {
      const ones = (reason: MultiEnd["reason"]): MultiEnd => ({ reason, scores: pos.scores.map(() => 1), winners: [0, 1, 2] });
      if (pos.states.some((s) => s !== "")) return { reason: "king-captured", scores, winners: topScores(scores) };
      const me = pos.toMove;
      if (!hasMove(g, pos, me)) {
        if (!inCheck(g, pos, me)) return ones("stalemate");
        // The winner: of the two armies after the mated one, in turn order, the first that attacks its king.
        const k = kingCell(g, pos, me);
        const next = [1, 2].map((i) => (me + i) % 3);
        const winner = next.find((a) => attackers(g, pos, k, (x) => x === a, true).length > 0)!;
        const s = pos.scores.slice();
        const end = { ...pos, scores: s };
        threePoints(end, winner, me);
        return { reason: "checkmate", scores: end.scores, winners: [winner] };
      }
      if (pos.board.every((p) => !p || p.kind === "K")) return ones("insufficient-material");
      if (pos.halfmove >= g.decl.moveRule) return ones("move-rule");
      if (repeated) return ones("repetition");
      return null;
    }
    case "pairs": {
      if (new Set(playing.map((a) => g.side[a])).size <= 1) return drawAmong("last-army-standing");
      if (!hasMove(g, pos, pos.toMove)) return drawAmong("stalemate");
      if (pos.halfmove >= g.decl.moveRule) return drawAmong("move-rule");
      if (repeated) return drawAmong("repetition");
      return null;
    }
  }
}

/** Every legal move of the army to move; none once the game is over. */
export function legalMoves(g: CompiledGame, pos: Position): MultiMove[] {
  if (endOf(g, pos)) return [];
  const moves = movesOf(g, pos, pos.toMove);
  if (g.decl.mode === "kings" && moves.length === 0) moves.push({ type: "pass", from: -1, to: -1 });
  if (canClaim(g, pos)) moves.push({ type: "claim", from: -1, to: -1 });
  return moves;
}

/**
 * An army goes out by resignation or timeout (docs/common-rules.md#resignation-and-timeout-per-player),
 * as its book says: all against all, its king stays live while two or more others play, else
 * the last other army scores 20 and the game ends; Four Seasons removes its pieces; teams lose
 * together; pairs go out together. The end, when the position cannot show it, comes back too.
 */
export function eliminate(g: CompiledGame, pos: Position, army: number, reason: "resignation" | "timeout"): { position: Position; end: MultiEnd | null } {
  const next = clonePosition(pos);
  const mode = g.decl.mode;
  if (mode === "teams") {
    return { position: next, end: { reason, scores: next.scores.slice(), winners: g.letters.flatMap((_, a) => (g.opponents(a, army) ? [a] : [])) } };
  }
  if (mode === "three") {
    // docs/games/three-player.md#game-end: the game ends, the player out 0 and the others 2 each.
    const scores = next.scores.map((_, a) => (a === army ? 0 : 2));
    return { position: next, end: { reason, scores, winners: g.letters.flatMap((_, a) => (a === army ? [] : [a])) } };
  }
  const others = playingArmies(pos).filter((a) => a !== army);
  if (mode === "pairs") pairOut(g, next, army);
  else if (mode === "points" && others.length >= 2) goOut(g, next, army, "k");
  else {
    goOut(g, next, army);
    if (mode === "points" && others.length === 1) next.scores[others[0]] += g.decl.kingPoints ?? 0;
  }
  if (next.toMove === army || next.states[next.toMove] !== "") {
    settle(g, next, army);
    passTurn(next, army);
  }
  return { position: next, end: endOf(g, next) };
}

/** Places from 1 for every army: by score where points count, else the winners first and the others as `outOrder` says (later out is better). */
export function placesOf(g: CompiledGame, end: MultiEnd, outPly: (number | null)[]): number[] {
  if (hasPoints(g) || g.decl.mode === "three") return end.scores.map((s) => 1 + end.scores.filter((t) => t > s).length);
  const key = (a: number) => (end.winners.includes(a) ? Infinity : outPly[a] ?? -1);
  return g.letters.map((_, a) => 1 + g.letters.filter((_, b) => key(b) > key(a)).length);
}
