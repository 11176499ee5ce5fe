import { render } from "@react-email/render";
import type { ReactElement } from "react";

/** An email template as the HTML and plain-text bodies every email carries. */
export async function renderEmail(element: ReactElement): Promise<{ html: string; text: string }> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}
