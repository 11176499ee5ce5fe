/**
 * Runs before every request (Next.js 16's proxy, formerly middleware): security
 * headers on every response, and request bodies over the limit refused with a
 * message rather than Next.js's bare 500.
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
import { FILE_TOO_LARGE, MAX_REQUEST_BODY_BYTES } from "@/lib/games/record-limits";

/** Responses with a policy of their own, which a route cannot set once the proxy has. */
const OWN_POLICY = /^\/games\/[^/]+\/board\.svg$/;

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

const TOO_LARGE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Too large · Courier Variants</title></head>
<body><h1>Too large</h1><p>${FILE_TOO_LARGE}</p><p><a href="/import">Import a game</a></p></body></html>
`;

export function proxy(request: NextRequest): NextResponse {
  const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
  const policy = contentSecurityPolicy(nonce, process.env.NODE_ENV === "development");
  let response: NextResponse;
  // Refused before anything reads the body; a body without a length meets Next.js's limit (next.config.ts).
  if (Number(request.headers.get("content-length")) > MAX_REQUEST_BODY_BYTES) {
    response = new NextResponse(TOO_LARGE_PAGE, { status: 413, headers: { "Content-Type": "text/html; charset=utf-8" } });
  } else {
    const headers = new Headers(request.headers);
    headers.set("Content-Security-Policy", policy);
    response = NextResponse.next({ request: { headers } });
  }
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.headers.set(name, value);
  if (!OWN_POLICY.test(request.nextUrl.pathname)) response.headers.set("Content-Security-Policy", policy);
  return response;
}
