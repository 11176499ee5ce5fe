/** The game service words its refusals as lower-case phrases; pages show them as sentences. */
export function sentence(text: string): string {
  const t = text.trim();
  if (!t) return t;
  return t[0].toUpperCase() + t.slice(1) + (/[.!?]$/.test(t) ? "" : ".");
}

/** "an 8×8 board", "a 10×8 board": the article as the number is said (eight, eleven, eighteen take "an"). */
export function aBoard(files: number, ranks: number): string {
  const an = /^(8|11$|18$)/.test(String(files));
  return `${an ? "an" : "a"} ${files}×${ranks} board`;
}
