/**
 * A preset's rules text is its author's Markdown, shown to everyone: it must come out as text
 * and plain formatting, never script (app/presets/markdown.tsx, docs/presets.md#rules-text).
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PresetRules } from "@/app/presets/markdown";

const render = (text: string) => renderToStaticMarkup(<PresetRules text={text} />);

describe("a preset's rules text", () => {
  it("keeps Markdown's formatting and safe links", () => {
    const html = render("# Moves\n\nThe **wazir** steps one square. See [the piececlopedia](https://www.chessvariants.com/).");
    expect(html).toContain("<h3>Moves</h3>");
    expect(html).toContain("<strong>wazir</strong>");
    expect(html).toContain('<a href="https://www.chessvariants.com/" rel="nofollow ugc noopener noreferrer">the piececlopedia</a>');
  });

  it("drops raw HTML: script, iframes, event handlers", () => {
    const html = render('<script>alert(1)</script>\n\nhello <img src=x onerror="alert(2)"> <iframe src="https://evil.test"></iframe> <b onclick="alert(3)">b</b>\n\n<style>body{display:none}</style>');
    expect(html).not.toMatch(/<script|<iframe|<style|onerror|onclick|<img|<b[ >]/i);
    expect(html).toContain("hello");
  });

  it("drops links and images to javascript:, data: and vbscript: in any case and spacing", () => {
    const html = render("[a](javascript:alert(1)) [b](JaVaScRiPt:alert(1)) [c](data:text/html,<script>alert(1)</script>) [d](vbscript:msgbox) [e](<javascript:alert(1)>) ![pic](javascript:alert(1)) <javascript:alert(1)>");
    // What is left is text: no link, no attribute carries the scheme.
    expect(html).not.toMatch(/<a |href=|src=/i);
    expect(html).toBe('<div class="preset-rules"><p>a b c d e [pic] javascript:alert(1)</p></div>');
    expect(html).toContain("[pic]");
  });

  it("shows an image as its alt text, loading nothing", () => {
    const html = render("![the board](https://tracker.test/pixel.png)");
    expect(html).toBe('<div class="preset-rules"><p>[the board]</p></div>');
  });
});
