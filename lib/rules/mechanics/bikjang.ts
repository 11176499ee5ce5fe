/**
 * Janggi's passing, bikjang and counting of points (docs/games/janggi.md#passing,
 * docs/games/janggi.md#bikjang, docs/games/janggi.md#counting-points), as Fairy-Stockfish's
 * `janggi` has them:
 *
 * - A player not in check may pass (`pass`): the position stays, the turn goes over.
 * - Bikjang: the two generals face each other on a file with nothing between. The player to
 *   move must then end it with their move, or pass, even in check, which ends the game.
 * - The game ends when both players pass in turn, or when a player passes in bikjang.
 * - Those two ends, threefold repetition and fifty moves without a capture are decided on
 *   points, never drawn: each side's pieces by `values`, and Han (Black) 1.5 points more;
 *   Cho (White) wins only with more than that.
 * - With nothing but generals and guards left the game is drawn: Fairy-Stockfish 0.7.10 does
 *   not count points there.
 */
import { makeMoveText } from "../actions";
import { pseudoMoveWritten } from "../listed";
import { perVariant, type Mechanic } from "../mechanic";
import { MoveKind, newMove } from "../move";
import { inCheck, makeMove } from "../movegen";
import type { Position } from "../position";
import { refused } from "../refusals";
import { win, type EndReason } from "../status";
import type { Side } from "../variant";

export interface BikjangRules {
  general: string;
  /** Pieces that never leave their palace: with nothing else left on either side, the game is drawn. */
  guards: string[];
  /** The points of each piece (the general has none). */
  values: Record<string, number>;
}

/** The ends decided on points, each with its name once decided. */
const DECIDED_ON_POINTS: Partial<Record<EndReason, EndReason>> = {
  bikjang: "bikjang",
  "double-pass": "double-pass",
  "threefold-repetition": "repetition-points",
  // Both players gave perpetual check.
  "perpetual-check": "repetition-points",
  "fifty-move-rule": "move-rule-points",
};

export function bikjang(rules: BikjangRules): Mechanic {
  const types = perVariant("bikjang", (v, typeOf) => ({
    general: typeOf(rules.general),
    guards: rules.guards.map(typeOf),
    values: Object.entries(rules.values).map(([letter, value]) => [typeOf(letter), value] as const),
  }));

  /** Do the generals face each other on one file with nothing between them? */
  function facing(pos: Position): boolean {
    const [a, b] = pos.kingSq;
    if (a === -1 || b === -1 || pos.geo.fileOf[a] !== pos.geo.fileOf[b]) return false;
    const step = b > a ? pos.geo.stride : -pos.geo.stride;
    let s = a + step;
    while (s !== b && pos.board[s] === 0) s += step;
    return s === b;
  }

  /** Cho's points less Han's, in half points: Han's 1.5 is 3. */
  function lead(pos: Position): number {
    let halves = -3;
    for (const [type, value] of types(pos.variant).values) halves += 2 * value * (pos.count(0, type) - pos.count(1, type));
    return halves;
  }
  const onPoints = (pos: Position, reason: EndReason) => win(lead(pos) > 0 ? 0 : 1, reason);

  /** Has the side nothing but its general and guards? */
  function onlyGuarded(pos: Position, side: Side): boolean {
    const t = types(pos.variant);
    let n = pos.count(side, t.general);
    for (const g of t.guards) n += pos.count(side, g);
    return n === pos.pieceCount(side);
  }

  const mech: Mechanic = {
    name: "bikjang",
    passMeans: "you give up this turn",
    // In bikjang every move must end it: none is legal without asking.
    judgesEveryMove: facing,

    extend(pos, out) {
      out.push(newMove(MoveKind.Mechanic, -1, -1, 0, 0, mech));
    },

    make() {
      // The position stays as it is; the core passes the turn and runs the clocks.
    },

    actions: (_, m) => (m.mechanic === mech ? [{ type: "pass" }] : undefined),

    afterMove(pos, move) {
      pos.passes = move.mechanic === mech ? pos.passes + 1 : 0;
    },

    legal(pos, m) {
      const us = pos.turn;
      const faced = facing(pos);
      if (m.mechanic === mech) return faced || !inCheck(pos, us);
      makeMove(pos, m);
      const ok = !inCheck(pos, us) && !(faced && facing(pos));
      pos.unmake();
      return ok;
    },

    // Only in bikjang may a player pass in check, so only there may the side not to move stand in check.
    passedInCheck: facing,

    stopsPlay: (pos) => pos.passes >= 2 || (pos.passes === 1 && facing(pos)),

    status(pos) {
      if (pos.passes >= 2) return { result: "draw", reason: "double-pass" };
      if (pos.passes === 1 && facing(pos)) return { result: "draw", reason: "bikjang" };
      if (onlyGuarded(pos, 0) && onlyGuarded(pos, 1)) return { result: "draw", reason: "insufficient-material" };
      return undefined;
    },

    explain(pos, actions) {
      const text = makeMoveText(actions);
      if (text === "pass") return refused(text, "your general is in check: you may pass only when it is not, or in bikjang");
      if (!facing(pos)) return undefined;
      const move = pseudoMoveWritten(pos, text);
      if (!move) return undefined;
      makeMove(pos, move);
      const safe = !inCheck(pos, (1 - pos.turn) as Side);
      pos.unmake();
      return safe ? refused(text, "the generals face each other (bikjang): end it with your move, or pass") : undefined;
    },

    settle(pos, reason) {
      const decided = DECIDED_ON_POINTS[reason];
      return decided ? onPoints(pos, decided) : { result: "draw", reason };
    },
  };
  return mech;
}
