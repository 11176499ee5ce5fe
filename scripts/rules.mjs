/**
 * Starts the rules tool (docs/rules-tool.md): scripts/rules-cli.ts run as one file bundled by
 * esbuild, without the TypeScript loader's start-up (about half a second a run).
 *
 * It never runs stale code: the bundle's first line records every file it was built from
 * (with the folders holding them, the build settings in tsconfig.json and this launcher)
 * with its mtime and size. When any of them differs (edited, replaced by an older copy,
 * deleted, a file added to or removed from a source folder) or the bundle is missing, it is
 * rebuilt before it runs, so the first run after a fresh `npm ci` needs no extra step.
 */
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const ENTRY = "scripts/rules-cli.ts";
const BUNDLE = join(ROOT, ".rules-cli/cli.mjs");
const HEADER = "// built from ";
// A file whose mtime is this close to the build's start, or later, may have changed while
// esbuild read it (file times lag the wall clock by a tick, or are whole seconds on some
// file systems): it is recorded as unknown, so the next run builds again.
const SETTLE_MS = 1000;

/** The bundle's record of its sources (its first line), or undefined when there is none. */
function recorded() {
  try {
    const text = readFileSync(BUNDLE, "utf8");
    const line = text.slice(0, text.indexOf("\n"));
    const sources = line.startsWith(HEADER) ? JSON.parse(line.slice(HEADER.length)) : undefined;
    // A record that does not name the entry is no record (a damaged or foreign file).
    return sources?.[ENTRY] ? sources : undefined;
  } catch {
    return undefined;
  }
}

/** [mtime, size] of a path relative to the root, null when it is missing. */
function stamp(path) {
  const s = statSync(join(ROOT, path), { throwIfNoEntry: false });
  return s ? [s.mtimeMs, s.size] : null;
}

function fresh() {
  const sources = recorded();
  if (!sources) return false;
  return Object.entries(sources).every(([path, was]) => {
    const now = stamp(path);
    return was !== null && now !== null && now[0] === was[0] && now[1] === was[1];
  });
}

async function build() {
  const esbuild = await import("esbuild");
  const startedAt = Date.now();
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [ENTRY],
    bundle: true,
    platform: "node",
    format: "esm",
    outfile: BUNDLE,
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const inputs = Object.keys(result.metafile.inputs);
  const paths = [...inputs, ...new Set(inputs.map((p) => dirname(p))), "tsconfig.json", "scripts/rules.mjs"];
  const sources = {};
  for (const path of paths) {
    const s = stamp(path);
    sources[path] = s && s[0] < startedAt - SETTLE_MS ? s : null;
  }
  mkdirSync(dirname(BUNDLE), { recursive: true });
  // Written aside, then renamed: a run started meanwhile sees the old bundle or the new one, whole.
  const tmp = `${BUNDLE}.${process.pid}.tmp`;
  writeFileSync(tmp, HEADER + JSON.stringify(sources) + "\n" + result.outputFiles[0].text);
  renameSync(tmp, BUNDLE);
}

if (!fresh()) {
  try {
    await build();
  } catch (e) {
    // Same form as the tool's own internal errors: one line on stderr, status 2.
    const message = e instanceof Error ? e.message : String(e);
    process.stderr.write(`internal error: cannot build ${ENTRY}: ${message.replace(/\s+/g, " ").trim()}\n`);
    process.exit(2);
  }
}
await import(pathToFileURL(BUNDLE).href);
