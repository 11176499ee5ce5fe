/**
 * What `npm start` runs may need only the packages a production install has (`dependencies`):
 * every package the app, the worker and their scripts import, or load by name at run time (the
 * worker and the bots' threads load TypeScript through tsx), is a dependency, not a devDependency.
 */
import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { dependencies: Record<string, string> };

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|mjs|js)$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

/** The package a specifier names: "@scope/name" or "name"; null for relative, alias and node's own. */
function packageOf(specifier: string): string | null {
  if (/^(\.|@\/|node:|[a-z]:)/i.test(specifier) || builtinModules.includes(specifier.split("/")[0])) return null;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

describe("the packages the running service loads", () => {
  it("are production dependencies", () => {
    const used = new Map<string, string>();
    // `npm start` (scripts/start.mjs) runs the app and the worker (scripts/worker.ts); the other scripts are tools.
    const running = [...["app", "lib", "emails"].flatMap(sources), ...["scripts/start.mjs", "scripts/worker.ts"].map((f) => path.join(root, f))];
    for (const file of running) {
      const text = readFileSync(file, "utf8");
      // Imports that reach run time (type-only ones are erased), and packages loaded by name: `--import tsx`, import("tsx/esm/api").
      const specifiers = [
        ...[...text.matchAll(/^import (?!type )[^;]*?from "([^"]+)"/gm)].map((m) => m[1]),
        ...[...text.matchAll(/^import "([^"]+)"/gm)].map((m) => m[1]),
        ...[...text.matchAll(/import\(\s*["'`]([^"'`$]+)["'`]\s*\)/g)].map((m) => m[1]),
        ...[...text.matchAll(/"--import",\s*"([^"]+)"/g)].map((m) => m[1]),
      ];
      for (const s of specifiers) {
        const name = packageOf(s);
        if (name && !used.has(name)) used.set(name, path.relative(root, file));
      }
    }
    expect(used.get("tsx"), "the worker and the bots' threads load TypeScript through tsx").toBeDefined();
    const missing = [...used].filter(([name]) => !(name in pkg.dependencies)).map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });
});
