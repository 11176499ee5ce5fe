/** The game service words its refusals as lower-case phrases; pages show them as sentences. */
export function sentence(text: string): string {
  const t = text.trim();
  if (!t) return t;
  return t[0].toUpperCase() + t.slice(1) + (/[.!?]$/.test(t) ? "" : ".");
}
