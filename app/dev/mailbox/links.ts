/**
 * The dev mailbox's plain-text emails with their links made clickable, as a mail client does:
 * punctuation that ends the sentence ("… this link: https://x/a.") is not part of the link.
 */
export type TextPart = { text: string; href?: string };

const URL_PATTERN = /https?:\/\/[^\s<>"]+/g;
const TRAILING = new Set([...".,;:!?'\")]"]);

export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const m of text.matchAll(URL_PATTERN)) {
    // From the end, by hand: a regex anchored at the end would go back over every run of dots.
    let end = m[0].length;
    while (end > 0 && TRAILING.has(m[0][end - 1])) end--;
    const href = m[0].slice(0, end);
    if (m.index > at) parts.push({ text: text.slice(at, m.index) });
    if (href) parts.push({ text: href, href });
    at = m.index + href.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}
