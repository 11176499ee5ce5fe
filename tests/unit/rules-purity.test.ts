/**
 * lib/rules is pure (README, "How it fits together"): the same code runs on the server and in the
 * browser and does no I/O, so a stored rules state or a hostile text can reach no file, network or
 * process. Every module it (and the bot, which shares its positions) imports is its own or zod,
 * and no source names Node's or the browser's doors to the outside.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    return e.isDirectory() ? sources(path) : /\.tsx?$/.test(e.name) ? [path] : [];
  });
}

const ALLOWED = (spec: string) => spec.startsWith(".") || spec === "zod";
const DOORS = /\b(?:process\.|require\(|import\(|fetch\(|XMLHttpRequest|WebSocket|localStorage|indexedDB|document\.|window\.)/;

describe("lib/rules and lib/bot do no I/O", () => {
  for (const dir of ["lib/rules", "lib/bot"]) {
    it(`${dir}: imports only its own modules (and zod), and names no door to the outside`, () => {
      const problems: string[] = [];
      for (const file of sources(dir)) {
        const text = readFileSync(file, "utf8");
        for (const m of text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+"([^"]+)"/gm)) if (!ALLOWED(m[1])) problems.push(`${file}: imports ${m[1]}`);
        for (const m of text.matchAll(/^\s*import\s+"([^"]+)"/gm)) if (!ALLOWED(m[1])) problems.push(`${file}: imports ${m[1]}`);
        text.split("\n").forEach((line, i) => {
          const code = line.replace(/\/\/.*$/, "");
          if (!/^\s*\*/.test(code) && DOORS.test(code)) problems.push(`${file}:${i + 1}: ${line.trim()}`);
        });
      }
      expect(sources(dir).length).toBeGreaterThan(5);
      expect(problems).toEqual([]);
    });
  }
});
