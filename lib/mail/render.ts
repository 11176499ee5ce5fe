import { render, toPlainText } from "@react-email/render";
import type { ReactElement } from "react";

/**
 * An email template as the HTML and plain-text bodies every email carries. Rendered once: the
 * plain text is React Email's own conversion of that HTML (what `render(…, { plainText: true })`
 * does after rendering the template a second time), so each email costs one render, not two.
 */
export async function renderEmail(element: ReactElement): Promise<{ html: string; text: string }> {
  const html = await render(element);
  return { html, text: toPlainText(html) };
}
