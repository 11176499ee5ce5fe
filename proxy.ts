/**
 * Runs before the archive pages (/games and /players/<name>): an address whose
 * page position (after/before) does not decode is a bad request, answered 400
 * with a short page that says so and links to the first page of the same
 * search. A page cannot set its own status, hence here; the pages themselves
 * never see such a cursor (and would show the first page if they did).
 */
import { NextResponse, type NextRequest } from "next/server";
import { readPage } from "@/lib/games/archive-params";

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export function proxy(request: NextRequest): NextResponse {
  const { problems } = readPage(request.nextUrl.searchParams);
  if (problems.length === 0) return NextResponse.next();
  const first = new URL(request.nextUrl.pathname, request.nextUrl.origin);
  for (const [k, v] of request.nextUrl.searchParams) if (k !== "after" && k !== "before") first.searchParams.append(k, v);
  const text = problems.map((p) => p.charAt(0).toUpperCase() + p.slice(1) + ".");
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Bad address · Courier Variants</title></head>
<body><main><h1>Bad address</h1>
${text.map((t) => `<p role="alert">${escape(t)}</p>`).join("\n")}
<p><a href="${escape(first.pathname + first.search)}">Show the first page of this search</a></p>
</main></body></html>
`;
  return new NextResponse(html, { status: 400, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
}

export const config = { matcher: ["/games", "/players/:name"] };
