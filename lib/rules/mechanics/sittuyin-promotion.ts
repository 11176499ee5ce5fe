/**
 * Sittuyin's promotion (docs/games/sittuyin.md#promotion), as Fairy-Stockfish plays it:
 * a pawn may become a general only while its side has no general, and only standing
 * on one of its side's promotion squares (anywhere, when it is the side's last pawn).
 * It becomes one in place (`P e5=F`) or by one general's step to an empty square
 * (`P e5-d6=F`), as a whole move. The new general may not attack an enemy piece, and
 * the move may not give check. Promotion is never forced.
 */
import { makeActionText, type Action } from "../actions";
import type { Mechanic } from "../mechanic";
import { inCheck, makeMove } from "../movegen";
import { MoveKind, newMove, type Move } from "../move";
import { letterOf, stepAction } from "../notation/move";
import { typeOn, type Position } from "../position";
import type { Side, Variant } from "../variant";

export interface SittuyinPromotionOptions {
  pawn: string;
  into: string;
  /** White's promotion squares; Black's are their mirror images across the middle rank. */
  squares: string[];
}

export function sittuyinPromotion(opts: SittuyinPromotionOptions): Mechanic {
  // Looked up once per variant (one mechanic object may serve only one variant's board).
  let tables: { pawn: number; into: number; squares: [Set<number>, Set<number>] } | undefined;
  function table(v: Variant) {
    if (!tables) {
      const mirror = (name: string) => `${name[0]}${v.geo.ranks + 1 - Number(name.slice(1))}`;
      const at = (names: string[]) => new Set(names.map((n) => v.geo.names.indexOf(n)));
      tables = {
        pawn: v.byLetter.get(opts.pawn)!,
        into: v.byLetter.get(opts.into)!,
        squares: [at(opts.squares), at(opts.squares.map(mirror))],
      };
    }
    return tables;
  }

  /** Whether a general on `sq` would attack a piece of `them`. */
  function attacksEnemy(pos: Position, into: number, sq: number, us: Side, them: Side): boolean {
    return pos.variant.types[into].atoms[us].some((a) => {
      const code = pos.board[sq + a.step];
      return a.capture && code > 0 && typeOn(code, them) !== 0;
    });
  }

  /** The squares the pawn on `from` may promote on, before the check test. */
  function targets(pos: Position, from: number): number[] {
    const us = pos.turn;
    const them = (1 - us) as Side;
    const { into } = table(pos.variant);
    const out = [from, ...pos.variant.types[into].atoms[us].filter((a) => a.move).map((a) => from + a.step)];
    return out.filter((to) => (to === from || pos.board[to] === 0) && !attacksEnemy(pos, into, to, us, them));
  }

  /** Why the pawn on `from` may not promote at all, or undefined when it may. */
  function barred(pos: Position, from: number): string | undefined {
    const us = pos.turn;
    const { pawn, into, squares } = table(pos.variant);
    const name = pos.variant.types[into].name.toLowerCase();
    if (typeOn(pos.board[from], us) !== pawn) return `there is no pawn of yours on ${pos.geo.names[from]}`;
    if (pos.count(us, into) > 0) return `a pawn becomes a ${name} only while you have no ${name}`;
    if (pos.count(us, pawn) > 1 && !squares[us].has(from)) {
      return `${pos.geo.names[from]} is not one of your promotion squares (your last pawn promotes anywhere)`;
    }
    return undefined;
  }

  function givesCheck(pos: Position, m: Move): boolean {
    const them = (1 - pos.turn) as Side;
    makeMove(pos, m);
    const check = inCheck(pos, them);
    pos.unmake();
    return check;
  }

  const mech: Mechanic = {
    name: "sittuyin-promotion",
    extend(pos, out) {
      const us = pos.turn;
      const { pawn, into } = table(pos.variant);
      if (pos.count(us, into) > 0 || pos.count(us, pawn) === 0) return;
      for (const from of pos.geo.squares) {
        if (typeOn(pos.board[from], us) !== pawn || barred(pos, from)) continue;
        for (const to of targets(pos, from)) {
          const m = newMove(MoveKind.Step, from, to, pawn, into, mech);
          if (!givesCheck(pos, m)) out.push(m);
        }
      }
    },
    // A king and one pawn with no move but promotions (and not in check): a draw to claim.
    claims(pos, legal) {
      const us = pos.turn;
      const only = pos.pieceCount(us) === 2 && pos.count(us, table(pos.variant).pawn) === 1 && !inCheck(pos, us) &&
        legal.length > 0 && legal.every((m) => m.mechanic === mech);
      return only ? ["no-move-but-promotion"] : [];
    },
    actions(pos, m): Action[] | undefined {
      if (m.from !== m.to) return [stepAction(pos, m)];
      const us = pos.turn;
      return [{ type: "promote", piece: letterOf(pos, m.piece, us), square: pos.geo.names[m.from], promotion: letterOf(pos, m.promo, us) }];
    },
    explain(pos, actions) {
      const a = actions[0];
      if (actions.length > 1) return undefined;
      const squares = a.type === "promote" ? [a.square, a.square] : a.type === "step" && a.promotion ? [a.from, a.to] : undefined;
      if (!squares || !("promotion" in a) || !a.promotion) return undefined;
      const [from, to] = squares.map((n) => pos.geo.names.indexOf(n));
      if (from < 0 || to < 0) return undefined;
      const text = makeActionText(a);
      const { pawn, into } = table(pos.variant);
      const name = pos.variant.types[into].name.toLowerCase();
      if (a.promotion.toUpperCase() !== opts.into) return `${text}: a pawn can become only a ${name} (${opts.into})`;
      const why = barred(pos, from);
      if (why) return `${text}: ${why}`;
      if (to !== from && !pos.variant.types[into].atoms[pos.turn].some((s) => s.move && from + s.step === to)) {
        return `${text}: a pawn promotes in place or by one ${name}'s step`;
      }
      if (to !== from && pos.board[to] !== 0) return `${text}: a promoting pawn may not capture`;
      if (attacksEnemy(pos, into, to, pos.turn, (1 - pos.turn) as Side)) {
        return `${text}: the new ${name} may not attack an opponent's piece`;
      }
      if (givesCheck(pos, newMove(MoveKind.Step, from, to, pawn, into, mech))) return `${text}: a promotion may not give check`;
      return undefined;
    },
  };
  return mech;
}
