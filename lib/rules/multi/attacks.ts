/**
 * Moves and attacks on the boards of the games for more than two. Only the pieces of a
 * playing army move or attack: the dead pieces of an army that is out, and the live king it
 * may leave (`k`), block lines and can be taken, nothing more (docs/games/four-player.md#dead-pieces).
 */
import type { Vec } from "./board";
import type { CompiledGame, Position } from "./position";

export interface MultiMove {
  type: "move" | "pass" | "claim";
  from: number;
  to: number;
  promo?: string;
  castle?: "K" | "Q";
  /** An en passant capture (three-player chess): the double-stepped pawn it takes leaves. */
  passant?: true;
  /** A pawn's double step: the cell it passes over. */
  passed?: number;
}

interface AttackLine {
  /** From the attacked cell back towards the attacker. */
  back: Vec;
  ride: boolean;
  corner: readonly [Vec, Vec] | null;
  /** army × 64 + piece letter code of every (army, piece) that attacks along it. */
  who: Set<number>;
}

const code = (army: number, kind: string) => army * 64 + kind.charCodeAt(0);

const lines = new WeakMap<CompiledGame, AttackLine[]>();

/** Every distinct line along which some army's piece takes, merged across armies and pieces. */
function attackLines(g: CompiledGame): AttackLine[] {
  let out = lines.get(g);
  if (out) return out;
  const byKey = new Map<string, AttackLine>();
  g.atoms.forEach((byKind, army) => {
    for (const [kind, atoms] of byKind)
      for (const a of atoms) {
        if (!a.capture) continue;
        const key = `${a.v[0]},${a.v[1]},${a.ride}`;
        let line = byKey.get(key);
        if (!line) byKey.set(key, (line = { back: [-a.v[0], -a.v[1]], ride: a.ride, corner: a.corner, who: new Set() }));
        line.who.add(code(army, kind));
      }
  });
  out = [...byKey.values()];
  lines.set(g, out);
  return out;
}

/** The pieces of playing armies for which `by(army)` holds that attack `cell`, as cells. */
export function attackers(g: CompiledGame, pos: Position, cell: number, by: (army: number) => boolean, first = false): number[] {
  const b = g.board;
  const found: number[] = [];
  for (const line of attackLines(g)) {
    let c = b.step(cell, line.back);
    // The step from c towards the attacked cell passes the corner between c + u and c + w.
    while (c >= 0 && (!line.corner || cornerOpen(g, pos, c, line.corner))) {
      const p = pos.board[c];
      if (p) {
        if (pos.states[p.army] === "" && by(p.army) && line.who.has(code(p.army, p.kind))) {
          found.push(c);
          if (first) return found;
        }
        break;
      }
      if (!line.ride) break;
      c = b.step(c, line.back);
    }
  }
  return found;
}

/** The rule of the corner (docs/games/three-player.md#directions): one of the two cells a diagonal step passes between is empty; a missing cell is not. */
function cornerOpen(g: CompiledGame, pos: Position, from: number, corner: readonly [Vec, Vec]): boolean {
  const a = g.board.step(from, corner[0]);
  const b = g.board.step(from, corner[1]);
  return (a >= 0 && !pos.board[a]) || (b >= 0 && !pos.board[b]);
}

export const isAttacked = (g: CompiledGame, pos: Position, cell: number, by: (army: number) => boolean) => attackers(g, pos, cell, by, true).length > 0;

export function kingCell(g: CompiledGame, pos: Position, army: number): number {
  for (let c = 0; c < pos.board.length; c++) {
    const p = pos.board[c];
    if (p && p.army === army && p.kind === "K") return c;
  }
  return -1;
}

/** Whether the army's king is attacked by a live piece of an opposing playing army. */
export function inCheck(g: CompiledGame, pos: Position, army: number): boolean {
  const k = kingCell(g, pos, army);
  return k >= 0 && isAttacked(g, pos, k, (a) => g.opponents(army, a));
}

/** The moves its pieces allow an army, before its own king's safety is asked. */
export function pseudoMoves(g: CompiledGame, pos: Position, army: number): MultiMove[] {
  const out: MultiMove[] = [];
  if (pos.states[army] !== "") return out;
  const b = g.board;
  const d = g.decl;
  for (let from = 0; from < pos.board.length; from++) {
    const p = pos.board[from];
    if (!p || p.army !== army) continue;
    const pawn = g.pieces.get(p.kind)!.pawn === true;
    for (const a of g.atoms[army].get(p.kind)!) {
      if (a.initial && !g.isPawnStart(army, p.kind, from)) continue;
      if (a.lame) {
        const mid = b.step(from, a.lame);
        if (mid < 0 || pos.board[mid]) continue;
      }
      let to = a.corner && !cornerOpen(g, pos, from, a.corner) ? -1 : b.step(from, a.v);
      while (to >= 0) {
        const q = pos.board[to];
        const passant = !q && pawn && a.capture && !a.move && pos.ep.some((e) => e.passed === to && g.opponents(army, e.army));
        if (q ? a.capture && g.opponents(army, q.army) : a.move || passant) {
          const extra = passant && !a.move ? { passant: true as const } : pawn && a.lame ? { passed: b.step(from, a.lame) } : {};
          if (pawn && g.promotes(army, p.kind, to)) for (const promo of d.promotesTo) out.push({ type: "move", from, to, promo, ...extra });
          else out.push({ type: "move", from, to, ...extra });
        }
        if (q || !a.ride) break;
        to = a.corner && !cornerOpen(g, pos, to, a.corner) ? -1 : b.step(to, a.v);
      }
    }
  }
  const sides = g.castling[army];
  if (sides)
    for (const s of ["K", "Q"] as const) {
      if (!(pos.castling[army] & (s === "K" ? 1 : 2))) continue;
      const side = sides[s];
      if (side.empty.some((c) => pos.board[c])) continue;
      if (side.safe.some((c) => isAttacked(g, pos, c, (x) => g.opponents(army, x)))) continue;
      out.push({ type: "move", from: side.king, to: side.kingTo, castle: s });
    }
  return out;
}
