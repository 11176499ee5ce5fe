/** The preset format's description: the project's docs/presets.md, as plain text. */
import { readFile } from "node:fs/promises";
import { join } from "node:path";

// Read once at build time: the served app needs no docs/ folder.
export const dynamic = "force-static";

export async function GET() {
  return new Response(await readFile(join(process.cwd(), "docs", "presets.md"), "utf8"), { headers: { "content-type": "text/plain; charset=utf-8" } });
}
