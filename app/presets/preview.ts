/**
 * The preset editor's preview: the text read by the same rules code the server uses
 * (lib/rules/presets), its game declared in this browser under PREVIEW_ID, the start
 * position, its legal moves and perft to depth 2 up to PERFT_CAP. Pure apart from that declaration.
 */
import { Game, declareVariant, RulesError, type LegalMove, type SquareContent, type VariantInfo, variantInfo } from "@/lib/rules";
import { parsePreset } from "@/lib/rules";

/** The id the preview's game is declared under: no built-in's and no preset version's (which have dots). */
export const PREVIEW_ID = "preset-preview";

/**
 * The most positions perft 2 counts on each edit: within the limits a preset may have thousands
 * of moves a side (BENCHMARKS.md, bench/preset-worst.ts), and the count runs in the browser on
 * every keystroke. Beyond it, the rules tool counts them (docs/rules-tool.md).
 */
export const PERFT_CAP = 20_000;

export type Preview =
  | { ok: false; error: string; line: number | null }
  | {
    ok: true;
    format: string;
    info: VariantInfo;
    squares: SquareContent[];
    checks: string[];
    turn: "white" | "black";
    moves: LegalMove[];
    /** Positions after 1 and 2 plies from the start (perft 1, perft 2); null: more than PERFT_CAP. */
    perft: [number, number | null];
  };

/** "line 7: …" → 7 and the message; a message without a line is about the whole preset. */
export function errorLine(error: string): { line: number | null; message: string } {
  const m = /^line (\d+): ([\s\S]*)$/.exec(error);
  return m ? { line: Number(m[1]), message: m[2] } : { line: null, message: error };
}

export function previewPreset(text: string): Preview {
  const parsed = parsePreset(text);
  if (!parsed.ok) return { ok: false, ...errorLine(parsed.error), error: parsed.error };
  try {
    declareVariant({ ...parsed.value.decl, id: PREVIEW_ID });
    const game = Game.start(PREVIEW_ID);
    const moves = game.legalMoves();
    const second = game.countPositions(2, PERFT_CAP);
    return {
      ok: true, format: parsed.value.format, info: variantInfo(PREVIEW_ID), squares: game.board(), checks: game.checks(),
      turn: game.turn(), moves, perft: [moves.length, second],
    };
  } catch (e) {
    if (e instanceof RulesError) return { ok: false, error: e.message, line: null };
    throw e;
  }
}

/** Where the piece on `square` may go: the end of each legal move that begins with it stepping from there. */
export function targetsFrom(moves: readonly LegalMove[], square: string): string[] {
  const out = new Set<string>();
  for (const m of moves) {
    const first = m.actions[0];
    if (first?.type !== "step" || first.from !== square) continue;
    const steps = m.actions.filter((a) => a.type === "step");
    const last = steps[steps.length - 1];
    if (last?.type === "step") out.add(last.to);
  }
  return [...out];
}
