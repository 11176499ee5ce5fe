/**
 * A preset's rules text, Markdown written by its author, rendered safely: react-markdown builds
 * React elements (nothing goes through innerHTML, so the nonce CSP stands), raw HTML in the
 * text is dropped (no rehype-raw), links keep only safe schemes (its default urlTransform drops
 * javascript:, vbscript:, data: …) and open no opener, and images are shown as their alt text
 * (no tracking pixels, no third-party loads). Server-safe: no hooks.
 */
import Markdown, { type Components } from "react-markdown";

const components: Components = {
  a: ({ href, children }) => (href ? <a href={href} rel="nofollow ugc noopener noreferrer">{children}</a> : <>{children}</>),
  // Headings inside the rules sit under the page's own: one level down at least.
  h1: ({ children }) => <h3>{children}</h3>,
  h2: ({ children }) => <h4>{children}</h4>,
  img: ({ alt }) => <>{alt ? `[${alt}]` : ""}</>,
};

export function PresetRules({ text }: { text: string }) {
  return (
    <div className="preset-rules">
      <Markdown skipHtml components={components}>
        {text}
      </Markdown>
    </div>
  );
}
