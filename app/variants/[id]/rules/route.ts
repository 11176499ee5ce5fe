/** A game's rules in full: its file of the project's rule book, as plain text. */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { multiVariantIds, variantIds } from "@/lib/rules";
import { ruleBookFile } from "../../rule-book";

// Read once at build time: the served app needs no docs/ folder.
export const dynamic = "force-static";
export const dynamicParams = false;

export function generateStaticParams() {
  return [...variantIds(), ...multiVariantIds()].map((id) => ({ id }));
}

const TEXT = { "content-type": "text/plain; charset=utf-8" };

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const file = ruleBookFile((await params).id)?.split("#")[0];
  if (file === undefined) return new Response("no such game\n", { status: 404, headers: TEXT });
  return new Response(await readFile(join(process.cwd(), "docs", "games", file), "utf8"), { headers: TEXT });
}
