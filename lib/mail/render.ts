import { plainTextSelectors, render } from "@react-email/render";
import { compile } from "html-to-text";
import type { ReactElement } from "react";

/**
 * React Email's plain-text conversion (its `toPlainText`: html-to-text with its own selectors),
 * compiled once: `toPlainText` compiles the same options again for every email, which was a
 * third of the conversion's cost (BENCHMARKS.md, "Email: rendering").
 */
export const plainText = compile({ wordwrap: false, selectors: plainTextSelectors });

/**
 * An email template as the HTML and plain-text bodies every email carries. Rendered once: the
 * plain text is React Email's own conversion of that HTML (what `render(…, { plainText: true })`
 * does after rendering the template a second time), so each email costs one render, not two.
 */
export async function renderEmail(element: ReactElement): Promise<{ html: string; text: string }> {
  const html = await render(element);
  return { html, text: plainText(html) };
}
