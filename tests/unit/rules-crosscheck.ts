/**
 * Cross-checks the engine against the independent reference generator
 * (rules-reference.ts) over a whole game tree, through the public API only: at every
 * node the canonical move lists of `Game.legalMoves()` and of the reference must be
 * equal as sets of texts, and above the last level every move, played with
 * `Game.play`, must give the same FEN as the reference's move. Returns the number of
 * moves at each level, i.e. perft(1..depth), counted from `Game.legalMoves()`.
 */
import { spawnSync } from "node:child_process";
import { Game } from "@/lib/rules";
import { legalMoves, parse, fen as refFen, type Form } from "./rules-reference";

export function crossCheck(form: Form, fen: string, depth: number): number[] {
  const counts = new Array<number>(depth).fill(0);
  const visit = (node: string, level: number, path: string[]) => {
    const ours = Game.start(form, node).legalMoves().map((m) => m.text);
    const ref = legalMoves(parse(node), form);
    const theirs = ref.map((m) => m.text);
    if (new Set(ours).size !== ours.length) throw new Error(`${form} ${node}: a move is listed twice`);
    const a = ours.filter((x) => !theirs.includes(x));
    const b = theirs.filter((x) => !ours.includes(x));
    if (a.length || b.length || ours.length !== theirs.length) {
      throw new Error(`${form} after [${path.join(", ")}] (${node}): engine only [${a.join(", ")}], reference only [${b.join(", ")}]`);
    }
    counts[level] += ours.length;
    if (level + 1 === depth) return;
    for (const m of ref) {
      const g = Game.start(form, node);
      g.play(m.text);
      const expected = refFen(m.next, form === "chess");
      if (g.fen() !== expected) throw new Error(`${form} ${node} ${m.text}: engine ${g.fen()}, reference ${expected}`);
      visit(expected, level + 1, [...path, m.text]);
    }
  };
  visit(fen, 0, []);
  return counts;
}

/** Runs the command-line rules tool the way the contract says (`npm run -s rules -- …`). */
export function cli(...args: string[]): { stdout: string; stderr: string; status: number | null } {
  const r = spawnSync("npm", ["run", "-s", "rules", "--", ...args], { encoding: "utf8", cwd: process.cwd() });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}

/** The legal moves as canonical text, sorted (public API). */
export function moves(variant: string, fen: string): string[] {
  return Game.start(variant, fen).legalMoves().map((m) => m.text).sort();
}

/** The legal moves whose text starts with `prefix`, sorted. */
export function movesStarting(variant: string, fen: string, prefix: string): string[] {
  return moves(variant, fen).filter((m) => m.startsWith(prefix));
}

/** The game after playing the moves from the FEN. */
export function played(variant: string, fen: string, ...texts: string[]): Game {
  const g = Game.start(variant, fen);
  for (const t of texts) g.play(t);
  return g;
}

/** The FEN after playing the moves. */
export function fenAfter(variant: string, fen: string, ...texts: string[]): string {
  return played(variant, fen, ...texts).fen();
}

/** The message of the error `f` throws; fails when it throws none. */
export function errorOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
  throw new Error("expected an error, none was thrown");
}
