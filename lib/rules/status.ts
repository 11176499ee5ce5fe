/**
 * How a game stands, judged from one position: the mechanics' own ends, checkmate,
 * stalemate by the variant's rule, extinction, bare royal, dead positions, the
 * mechanics' later ends (a count run out) and the 75-move rule (the fifty-move rule
 * where the variant's draws are automatic).
 * Repetition needs the game's history and lives in game.ts.
 */
import { inCheck, legalMoves, makeMove } from "./movegen";
import type { Move } from "./move";
import { CARRY, hasUnseen, type Position } from "./position";
import type { Side } from "./variant";

export type EndReason =
  | "checkmate" | "stalemate" | "extinction" | "king-exploded" | "king-captured" | "all-pieces-lost" | "bare-royal" | "union-with-king"
  | "insufficient-material" | "seventy-five-move-rule" | "all-pieces-in-unions" | "no-legal-move"
  | "fivefold-repetition" | "threefold-repetition" | "fifty-move-rule" | "counting-rule"
  // Shogi (docs/games/shogi.md#game-end): sennichite, perpetual check, checkmate by a pawn drop.
  | "fourfold-repetition" | "perpetual-check" | "pawn-drop-mate"
  // Xiangqi (docs/games/xiangqi.md#repetition): a repetition by perpetual chasing.
  | "perpetual-chase"
  // Janggi (docs/games/janggi.md#game-end): decided on points after bikjang, two passes in turn, threefold
  // repetition, or fifty moves without a capture.
  | "bikjang" | "double-pass" | "repetition-points" | "move-rule-points";

export type Outcome =
  | { result: "ongoing" }
  | { result: "white-wins" | "black-wins" | "draw"; reason: EndReason };

export function win(side: Side, reason: EndReason): Outcome {
  return { result: side === 0 ? "white-wins" : "black-wins", reason };
}

/** A side with one royal piece and nothing else. */
function bare(pos: Position, side: Side): boolean {
  return pos.royalCount(side) === 1 && pos.pieceCount(side) === 1;
}

/** Plies without capture or pawn move after which a draw may be claimed; 0 when the game has no such rule. */
export function moveRulePlies(pos: Position): number {
  return 2 * (pos.variant.decl.moveRule ?? 50);
}

/** `extraPlies`: how much longer the move-count rules wait (Xiangqi's checks, VariantDecl.moveRuleChecks). */
export function positionStatus(pos: Position, legal: Move[] = legalMoves(pos), extraPlies = 0): Outcome {
  return settled(pos, judged(pos, legal, extraPlies));
}

/** The outcome, with a draw decided otherwise where a mechanic settles draws (Mechanic.settle). */
export function settled(pos: Position, outcome: Outcome): Outcome {
  if (outcome.result !== "draw") return outcome;
  const judge = pos.variant.mechanics.find((m) => m.settle);
  return judge ? judge.settle!(pos, outcome.reason) : outcome;
}

function judged(pos: Position, legal: Move[], extraPlies: number): Outcome {
  const v = pos.variant;
  for (const m of v.mechanics) {
    const o = m.status?.(pos, legal);
    if (o) return o;
  }
  const us = pos.turn;
  const them = (1 - us) as Side;
  // A view judges no extinction: the king it lacks may stand unseen (docs/games/fog-of-war.md#the-view-as-fen).
  if (v.royalKind === "extinction" && !hasUnseen(pos)) {
    const winnerWhenGone = (side: Side) => (v.extinctionLoses ? (1 - side) as Side : side);
    const reason = v.decl.endNames?.extinction ?? "extinction";
    if (pos.royalCount(us) === 0) return win(winnerWhenGone(us), reason);
    if (pos.royalCount(them) === 0) return win(winnerWhenGone(them), reason);
  }
  const bareRule = v.decl.bareRoyal;
  if (bareRule === "lookahead") {
    if (bare(pos, us) && bare(pos, them)) return { result: "draw", reason: "bare-royal" };
    if (bare(pos, them)) return win(us, "bare-royal");
  } else if (bareRule === "counted") {
    // The side that moved stayed bare; or the side to move is bare and cannot bare two pieces at once.
    if (bare(pos, them) && pos.pieceCount(us) >= 2) return win(us, "bare-royal");
    if (bare(pos, us) && pos.pieceCount(them) >= 3) return win(them, "bare-royal");
  }
  if (legal.length === 0) {
    if (inCheck(pos, us)) return win(them, "checkmate");
    const rule = v.decl.stalemate;
    const reason = v.decl.endNames?.stalemate ?? "stalemate";
    return rule === "draw" ? { result: "draw", reason } : win(rule === "win" ? us : them, reason);
  }
  if (bareRule === "lookahead" && bare(pos, us)) {
    // Royal Substitute's shatranj rule: a bare side survives only by baring the opponent at once.
    const rebares = legal.some((m) => {
      makeMove(pos, m);
      const b = bare(pos, them);
      pos.unmake();
      return b;
    });
    if (!rebares) return win(them, "bare-royal");
  }
  if (deadPosition(pos)) return { result: "draw", reason: "insufficient-material" };
  // After the dead position: a count that runs out as the last piece is taken ends as a dead position.
  for (const m of v.mechanics) {
    const o = m.ends?.(pos);
    if (o) return o;
  }
  const plies = moveRulePlies(pos);
  if (plies === 0) return { result: "ongoing" };
  if (v.decl.automaticDraws && pos.halfmove >= plies + extraPlies) return { result: "draw", reason: "fifty-move-rule" };
  if (pos.halfmove >= 150 + extraPlies) return { result: "draw", reason: "seventy-five-move-rule" };
  return { result: "ongoing" };
}

/** K v K, K + one minor v K, and positions whose only other pieces are bishops on one colour (the kings: the royal pieces). */
export function deadPosition(pos: Position): boolean {
  const dead = pos.variant.decl.deadPosition;
  if (!dead) return false;
  const v = pos.variant;
  if (pos.hand.some((n) => n > 0)) return false; // pieces still to be put down are material
  const others: { type: number; sq: number }[] = [];
  for (const sq of v.geo.squares) {
    const code = pos.board[sq];
    if (code === 0) continue;
    if (code & (CARRY[0] | CARRY[1])) return false; // a carried pawn is material
    for (const side of [0, 1] as Side[]) {
      const t = (code >> (5 * side)) & 31;
      if (t && !((v.royalTypes >> t) & 1)) others.push({ type: t, sq });
    }
  }
  if (others.length === 0) return true;
  const letter = (t: number) => v.types[t].letter;
  if (dead.harmless && others.every((o) => dead.harmless!.includes(letter(o.type)))) return true;
  if (others.length === 1 && dead.minors.includes(letter(others[0].type))) return true;
  if (dead.bishop && others.every((o) => letter(o.type) === dead.bishop)) {
    const colour = (sq: number) => (v.geo.fileOf[sq] + v.geo.rankOf[sq]) & 1;
    return others.every((o) => colour(o.sq) === colour(others[0].sq));
  }
  return false;
}

/**
 * Whether a side could still win by some series of legal moves — used when the
 * other side runs out of time: against a side that could not, the result is a draw.
 * A lone royal piece cannot win (two or more royal pieces can, in Royal Substitute,
 * by capturing; a lone king can, where kings are taken: Duck chess), nor can anyone in a
 * dead position; in Antichess everyone can.
 */
export function couldWin(pos: Position, side: Side): boolean {
  const judge = pos.variant.mechanics.find((m) => m.couldWin);
  if (judge) return judge.couldWin!(pos, side);
  if (deadPosition(pos)) return false;
  // Where losing every royal piece wins (Antichess), a side can always still win.
  if (!pos.variant.extinctionLoses) return true;
  // Where the king may be taken (Duck chess), a lone king can still take the other.
  if (pos.variant.royalKind === "extinction") return !pos.variant.royalCheck || !bare(pos, side);
  const harmless = pos.variant.decl.deadPosition?.harmless;
  if (harmless) return pos.variant.types.some((t, i) => i > 0 && !((pos.variant.royalTypes >> i) & 1) && !harmless.includes(t.letter) && pos.count(side, i) > 0);
  return pos.pieceCount(side) > pos.royalCount(side);
}
