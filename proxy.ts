/**
 * Runs before every request (Next.js 16's proxy, formerly middleware). It:
 * - puts the security headers on every response;
 * - refuses request bodies over the limit with a message rather than Next.js's bare 500;
 * - answers an archive address (/games, /players/<name>) whose page position
 *   (after/before) does not decode with 400 and a short page that says so and links
 *   to the first page of the same search (a page cannot set its own status, hence here).
 *
 * The Content-Security-Policy carries a fresh nonce per request. Next.js writes
 * inline scripts into every page (the React Server Components payload, the
 * bootstrap); it reads the nonce from the request's policy and puts it on those and
 * on its script tags. A policy without nonces would need 'unsafe-inline' for
 * scripts, which lets any injected script run, the very thing a CSP is there to
 * stop. Nonces need pages rendered per request; ours all are (the layout reads the
 * session). Styles keep 'unsafe-inline': React writes style={…} props as style
 * attributes, which no nonce can allow, and a style runs no code.
 */
import { NextResponse, type NextRequest } from "next/server";
import { readPage } from "@/lib/games/archive-params";
import { FILE_TOO_LARGE, MAX_REQUEST_BODY_BYTES } from "@/lib/games/record-limits";

/** Responses with a policy of their own, which a route cannot set once the proxy has. */
const OWN_POLICY = /^\/games\/[^/]+\/board\.svg$/;
/** The archive's pages, whose query may carry a page position. */
const ARCHIVE_PAGE = /^\/(games|players\/[^/]+)$/;

export function contentSecurityPolicy(nonce: string, development: boolean): string {
  return [
    "default-src 'self'",
    // React's development build evaluates code to show server errors; production does not.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

const SECURITY_HEADERS = {
  // For browsers without CSP frame-ancestors.
  "X-Frame-Options": "DENY",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
};

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function page(status: number, title: string, paragraphs: string[], link: { href: string; text: string }): NextResponse {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Courier Variants</title></head>
<body><main><h1>${escape(title)}</h1>
${paragraphs.map((t) => `<p role="alert">${escape(t)}</p>`).join("\n")}
<p><a href="${escape(link.href)}">${escape(link.text)}</a></p>
</main></body></html>
`;
  return new NextResponse(html, { status, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
}

/** The 400 page for an archive address with a bad page position, or null when it has none. */
function badPagePosition(request: NextRequest): NextResponse | null {
  if (!ARCHIVE_PAGE.test(request.nextUrl.pathname)) return null;
  const { problems } = readPage(request.nextUrl.searchParams);
  if (problems.length === 0) return null;
  const first = new URL(request.nextUrl.pathname, request.nextUrl.origin);
  for (const [k, v] of request.nextUrl.searchParams) if (k !== "after" && k !== "before") first.searchParams.append(k, v);
  const text = problems.map((p) => p.charAt(0).toUpperCase() + p.slice(1) + ".");
  return page(400, "Bad address", text, { href: first.pathname + first.search, text: "Show the first page of this search" });
}

export function proxy(request: NextRequest): NextResponse {
  const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
  const policy = contentSecurityPolicy(nonce, process.env.NODE_ENV === "development");
  let response: NextResponse;
  // Refused before anything reads the body; a body without a length meets Next.js's limit (next.config.ts).
  if (Number(request.headers.get("content-length")) > MAX_REQUEST_BODY_BYTES) {
    response = page(413, "Too large", [FILE_TOO_LARGE], { href: "/import", text: "Import a game" });
  } else {
    const headers = new Headers(request.headers);
    headers.set("Content-Security-Policy", policy);
    response = badPagePosition(request) ?? NextResponse.next({ request: { headers } });
  }
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.headers.set(name, value);
  if (!OWN_POLICY.test(request.nextUrl.pathname)) response.headers.set("Content-Security-Policy", policy);
  return response;
}
