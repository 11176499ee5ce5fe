/**
 * lib/mail/render.ts renders each email once and takes its plain text from that HTML: the text must
 * be what React Email's own plain-text render of the template gives, for every template.
 */
import { render } from "@react-email/render";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { renderEmail } from "@/lib/mail/render";
import { templates, type EmailKind } from "@/lib/mail/templates";
import { emailSamples as samples } from "../support/email-samples";

describe("an email rendered once", () => {
  it.each(Object.keys(templates) as EmailKind[])("%s: the HTML and plain text React Email renders for it", async (kind) => {
    const t = templates[kind];
    const element = createElement(t.component, t.props.parse(samples[kind]) as object);
    const mine = await renderEmail(element);
    expect(mine.html).toBe(await render(element));
    expect(mine.text).toBe(await render(element, { plainText: true }));
    expect(mine.text.length).toBeGreaterThan(50);
  });
});
