/**
 * Presets: games players declare as text (docs/presets.md), in any of three formats, read into
 * the declaration the built-in games use. `parsePreset` finds the format, reads it, and runs
 * the one check every format shares (limits.ts), so each gets the same limits and messages.
 * Every error begins with the line it is about: `line 7: …` (presetErrorLine reads it back).
 */
import { err, ok, type Result } from "../result";
import type { VariantDecl } from "../variant";
import { checkDeclaration, PRESET_LIMITS, type DeclPart } from "./limits";
import { readPreset } from "./preset";

export type PresetFormat = "preset" | "interactive-diagram" | "variants-ini";

export interface ParsedPreset {
  format: PresetFormat;
  decl: VariantDecl;
}

/** The format a text is written in, by the lines only that format has (docs/presets.md#formats). */
export function presetFormat(text: string): PresetFormat | undefined {
  if (/^\s*board\s*:/im.test(text)) return "preset";
  if (/^\s*\[[^\]\n]+\]\s*$/m.test(text) || /^\s*(maxFile|maxRank|startFen|customPiece\d+)\s*=/m.test(text)) return "variants-ini";
  if (/(^|\s)files\s*=/im.test(text)) return "interactive-diagram";
  return undefined;
}

/**
 * Readers of the other two formats (Result<VariantDecl>, errors naming their line), and the line
 * a part of their declaration comes from, for the shared check's messages.
 */
const OTHER_FORMATS: Partial<Record<Exclude<PresetFormat, "preset">, { read(text: string): Result<VariantDecl>; partLines: PartLines }>> = {};

/** For a part of the declaration, the lines that may declare it (the first that matches is named). */
type PartLines = (part: DeclPart) => RegExp | undefined;

/** Reads a preset in any of the three formats into a checked declaration of a game within the limits, or the first problem, naming its line. */
export function parsePreset(text: string): Result<ParsedPreset> {
  const L = PRESET_LIMITS;
  if (text.length > L.chars) return err(`line 1: a preset is at most ${L.chars} characters (this one has ${text.length})`);
  const lines = text.split(/\r?\n|\r/);
  if (lines.length > L.lines) return err(`line ${L.lines + 1}: a preset is at most ${L.lines} lines`);
  const long = lines.findIndex((l) => l.length > L.lineChars);
  if (long >= 0) return err(`line ${long + 1}: a line is at most ${L.lineChars} characters`);
  const format = presetFormat(text);
  if (!format) {
    return err("line 1: this is no preset: write the project's format ('board: 8x8' …), an Interactive Diagram's settings ('files=8 ranks=8 …') or a variants.ini section ('[my-variant]')");
  }
  let decl: VariantDecl;
  let lineOf: (part: DeclPart) => number;
  if (format === "preset") {
    const read = readPreset(text);
    if (!read.ok) return err(read.error);
    decl = read.value.decl;
    const map = read.value.lines;
    lineOf = (part) => map.get(part) ?? map.get("declaration") ?? 1;
  } else {
    const reader = OTHER_FORMATS[format];
    if (!reader) return err(`line 1: ${format === "interactive-diagram" ? "Interactive Diagram settings" : "variants.ini sections"} cannot be read yet`);
    const read = reader.read(text);
    if (!read.ok) return err(read.error);
    decl = read.value;
    lineOf = (part) => {
      const re = reader.partLines(part);
      const i = re ? lines.findIndex((l) => re.test(l)) : -1;
      return i >= 0 ? i + 1 : Math.max(1, lines.findIndex((l) => l.trim() !== "") + 1);
    };
  }
  const problem = checkDeclaration(decl);
  if (problem) return err(`line ${lineOf(problem.part)}: ${problem.message}`);
  return ok({ format, decl });
}

/** The line a parsePreset error names (the editor shows it there). */
export function presetErrorLine(error: string): number | undefined {
  const m = /^line (\d+): /.exec(error);
  return m ? Number(m[1]) : undefined;
}

export { makePreset } from "./preset";
export { PRESET_LIMITS } from "./limits";
export { switchMechanic, type Switch } from "./switches";
