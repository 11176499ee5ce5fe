/**
 * The rule book belongs to the project: every citation of docs/ points at a file
 * (and a heading) that exists, and nothing cites the design files the project
 * started from, which a clone does not have.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { multiVariantIds, variantIds } from "@/lib/rules";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SKIPPED_DIRS = new Set(["node_modules", ".git", ".data", ".bench", "test-results", "playwright-report", "coverage"]);

/** Every text file of the repository, as paths relative to its root. */
function repositoryFiles(dir = ROOT): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith(".next")) out.push(...repositoryFiles(path));
    } else if (entry.isFile() && entry.name !== ".git" && statSync(path).size < 2_000_000) {
      out.push(relative(ROOT, path));
    }
  }
  return out;
}

const texts = new Map<string, string>();
for (const file of repositoryFiles()) {
  const text = readFileSync(join(ROOT, file), "utf8");
  if (!text.includes("\0")) texts.set(file, text);
}

/** Lines matching a pattern, as "file:line: text". */
function linesMatching(pattern: RegExp): string[] {
  const out: string[] = [];
  for (const [file, text] of texts) {
    text.split("\n").forEach((line, i) => {
      if (pattern.test(line)) out.push(`${file}:${i + 1}: ${line.trim().slice(0, 160)}`);
    });
  }
  return out;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-");
}

/** A markdown file's headings (outside fenced code) and their anchors, repeats numbered as GitHub does. */
function headings(file: string): { titles: string[]; anchors: Set<string> } {
  const titles: string[] = [];
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of (texts.get(file) ?? "").split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const m = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    titles.push(m[1]);
    const base = slug(m[1]);
    let anchor = base;
    for (let n = 1; anchors.has(anchor); n++) anchor = `${base}-${n}`;
    anchors.add(anchor);
  }
  return { titles, anchors };
}

/** Why a citation of a docs file (with an optional `#anchor`, `§ Heading` or `"Heading"`) is broken, or null. */
function brokenCitation(path: string, anchor?: string, section?: string, quoted?: string): string | null {
  if (!existsSync(join(ROOT, path)) || !texts.has(path)) return `${path} does not exist`;
  const { titles, anchors } = headings(path);
  if (anchor !== undefined && !anchors.has(anchor)) return `${path} has no heading #${anchor}`;
  const lower = (s: string) => s.toLowerCase();
  if (section !== undefined && !titles.some((t) => lower(section).startsWith(lower(t)))) {
    return `${path} has no heading that § '${section.slice(0, 40)}' starts with`;
  }
  if (quoted !== undefined && !titles.some((t) => lower(t) === lower(quoted))) return `${path} has no heading "${quoted}"`;
  return null;
}

// Built from pieces so that this file does not cite them itself.
const OLD_FILES = ["RULES", "STACK", "NOTATION", "ARCHITECTURE"].map((n) => `${n}\\.md`).join("|");
const SHARED = "shared";
const OLD_CITATION = new RegExp(
  `\\b(?:${OLD_FILES})\\b|rules-cli-${"contract"}|\\.\\./${SHARED}\\b|/work/${SHARED}\\b|\\b${SHARED}/[\\w./-]*\\.(?:md|txt)\\b`,
);

/** The rule book: every markdown file under docs/, so a new book is checked the day it is written. */
const BOOK = [...texts.keys()].filter((f) => f.startsWith("docs/") && f.endsWith(".md"));

describe("the rule book", () => {
  it("has every file the code and tests cite", () => {
    const core = ["docs/README.md", "docs/common-rules.md", "docs/notation.md", "docs/rules-tool.md", "docs/stack-notes.md"];
    expect(core.filter((f) => !BOOK.includes(f))).toEqual([]);
  });

  it("nothing in the repository cites the design files outside it", () => {
    expect(linesMatching(OLD_CITATION)).toEqual([]);
  });

  it("every docs/ path cited anywhere exists, with the heading it names", () => {
    const cite = /(?<![\w./-])(docs\/[\w./-]*?\.md)(?:#([\w-]+)|\s*§\s*([^\n]+)|\s+"([^"\n]+)")?/g;
    const broken: string[] = [];
    for (const [file, text] of texts) {
      for (const m of text.matchAll(cite)) {
        const why = brokenCitation(m[1], m[2], m[3], m[4]);
        if (why) broken.push(`${file}: ${why}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("every link between its own files resolves, anchors included", () => {
    const broken: string[] = [];
    for (const file of BOOK.filter((f) => texts.has(f))) {
      for (const m of texts.get(file)!.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1];
        if (/^[a-z]+:/.test(target)) continue;
        const [path, anchor] = target.split("#");
        const resolved = path ? relative(ROOT, join(ROOT, dirname(file), path)) : file;
        const folder = path.endsWith("/") && existsSync(join(ROOT, resolved));
        const why = folder ? null : brokenCitation(resolved, anchor);
        if (why) broken.push(`${file} → ${target}: ${why}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("the stack pitfalls are numbered 1, 2, 3 … and every cited pitfall exists", () => {
    const notes = texts.get("docs/stack-notes.md") ?? "";
    const list = notes.split(/^## Pitfalls and their fixes$/m)[1]?.split(/^## /m)[0] ?? "";
    const numbers = [...list.matchAll(/^(\d+)\. /gm)].map((m) => Number(m[1]));
    expect(numbers.length).toBeGreaterThanOrEqual(13);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    const cited = linesMatching(/docs\/stack-notes\.md/).flatMap((line) =>
      [...line.matchAll(/pitfalls? (\d+)/g)].map((m) => ({ line, n: Number(m[1]) })));
    expect(cited.length).toBeGreaterThan(0);
    expect(cited.filter(({ n }) => !numbers.includes(n)).map(({ line }) => line)).toEqual([]);
  });
});

describe("the games' pages and the rule book", () => {
  it("every game has a file (and section) of the rule book", async () => {
    const { ruleBookPath } = await import("@/app/variants/rule-book");
    for (const id of [...variantIds(), ...multiVariantIds()]) {
      const path = ruleBookPath(id);
      expect(path, id).toMatch(/^docs\/games\/[\w-]+\.md(#[\w-]+)?$/);
      const [file, anchor] = path!.split("#");
      expect(brokenCitation(file, anchor), id).toBeNull();
    }
    expect(ruleBookPath("nope")).toBeUndefined();
    expect(ruleBookPath("constructor")).toBeUndefined();
  });

  it("/variants/<id>/rules serves the game's file as text; an unknown game is a 404", async () => {
    const { GET } = await import("@/app/variants/[id]/rules/route");
    const get = (id: string) => GET(new Request(`http://localhost/variants/${id}/rules`), { params: Promise.resolve({ id }) });
    const r = await get("companion-way2");
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await r.text()).toBe(texts.get("docs/games/companion.md"));
    expect((await get("nope")).status).toBe(404);
    expect((await get("../../package.json")).status).toBe(404);
  });
});
