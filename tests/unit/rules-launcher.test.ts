/**
 * The rules tool's launcher (scripts/rules.mjs, docs/rules-tool.md#how-it-runs) never runs
 * stale code: on a copy of the sources, every kind of change to what the bundle was built
 * from (an edit, an older file put back, a file added to a source folder, a touch) rebuilds
 * it before it runs, as does a damaged bundle, and a run with nothing changed reuses it.
 */
import { execFile } from "node:child_process";
import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multiVariantIds, variantIds } from "@/lib/rules";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const HOUR_AGO = new Date(Date.now() - 3_600_000);
const TWO_HOURS_AGO = new Date(Date.now() - 7_200_000);
let copy = "";

/** Sets the mtime of a path and everything under it. */
function age(path: string, when: Date) {
  if (statSync(path).isDirectory()) for (const name of readdirSync(path)) age(join(path, name), when);
  utimesSync(path, when, when);
}

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), "rules-launcher-"));
  for (const path of ["lib", "scripts/rules.mjs", "scripts/rules-cli.ts", "tsconfig.json"]) cpSync(join(ROOT, path), join(copy, path), { recursive: true });
  symlinkSync(join(ROOT, "node_modules"), join(copy, "node_modules"));
  // Freshly copied files are younger than the launcher's settling time; an hour old, the
  // first build records them as they are.
  age(join(copy, "lib"), HOUR_AGO);
  age(join(copy, "scripts"), HOUR_AGO);
  utimesSync(join(copy, "tsconfig.json"), HOUR_AGO, HOUR_AGO);
});
afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

function variants(): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [join(copy, "scripts/rules.mjs"), "variants"], { timeout: 60_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === "number" ? err.code : -1) : 0, stdout, stderr });
    });
  });
}

/** The bundle's inode: a rebuilt bundle is a new file renamed over the old one. */
const bundle = () => statSync(join(copy, ".rules-cli/cli.mjs")).ino;

describe("rules launcher", () => {
  it("builds on the first run, reuses the bundle while nothing changed, rebuilds on any change", async () => {
    const first = await variants();
    expect([first.code, first.stderr]).toEqual([0, ""]);
    // Every id the tool takes: the games for two, then those for more than two (docs/rules-tool.md).
    expect(first.stdout).toBe([...variantIds(), ...multiVariantIds()].join("\n") + "\n");
    const built = bundle();

    expect((await variants()).stdout).toBe(first.stdout);
    expect(bundle()).toBe(built);

    // An edit to a module the entry imports, its mtime kept as it was: the size tells.
    const errors = join(copy, "lib/rules/errors.ts");
    appendFileSync(errors, 'process.stdout.write("edited\\n");\n');
    utimesSync(errors, HOUR_AGO, HOUR_AGO);
    expect((await variants()).stdout).toBe("edited\n" + first.stdout);

    // The same size and an older mtime (an older copy put back): what counts is that the
    // file differs from the one built from, not that it is newer.
    writeFileSync(errors, readFileSync(errors, "utf8").replace('"edited', '"EDITED'));
    utimesSync(errors, TWO_HOURS_AGO, TWO_HOURS_AGO);
    expect((await variants()).stdout).toBe("EDITED\n" + first.stdout);

    // A file added to a source folder (it could shadow an import): rebuilt.
    let before = bundle();
    writeFileSync(join(copy, "lib/rules/notation/extra.ts"), "export {};\n");
    expect((await variants()).stdout).toBe("EDITED\n" + first.stdout);
    expect(bundle()).not.toBe(before);

    // Touched into the future, the content unchanged: rebuilt all the same.
    before = bundle();
    const future = new Date(Date.now() + 3_600_000);
    utimesSync(errors, future, future);
    expect((await variants()).stdout).toBe("EDITED\n" + first.stdout);
    expect(bundle()).not.toBe(before);

    // A damaged bundle whose record names nothing: rebuilt, not run.
    writeFileSync(join(copy, ".rules-cli/cli.mjs"), "// built from {}\n");
    expect((await variants()).stdout).toBe("EDITED\n" + first.stdout);
  });

  it("a source that does not build: one line on stderr, status 2, nothing on stdout", async () => {
    appendFileSync(join(copy, "lib/rules/errors.ts"), "export const = ;\n");
    const r = await variants();
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^internal error: cannot build scripts\/rules-cli\.ts: .*errors\.ts.*\n$/);
    expect(r.stderr.slice(0, -1)).not.toContain("\n");
  });
});
