/** Reads a game's start N-FEN out of its rule book, so that the reference is checked against the book's text. */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export function bookText(game: string): string {
  return readFileSync(fileURLToPath(new URL(`../../../docs/games/${game}.md`, import.meta.url)), "utf8");
}

/** The first indented N-FEN line after the book's "In N-FEN" sentence. */
export function bookStart(game: string): string {
  const text = bookText(game);
  const at = text.indexOf("In N-FEN");
  const line = text
    .slice(at)
    .split("\n")
    .find((l) => /^ {4}\S+ [a-z] /.test(l));
  if (!line) throw new Error(`no start N-FEN in docs/games/${game}.md`);
  return line.trim();
}
