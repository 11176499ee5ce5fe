/**
 * Auth.js's routes (sign-in, the magic link's callback, session, sign-out), behind
 * a check of what they read: a bad callbackUrl or other field is a 400 with the
 * reason (lib/auth/request-check.ts), never a 500; a bad callback-url cookie is dropped.
 */
import { NextRequest } from "next/server";
import { handlers } from "@/lib/auth";
import { authRequestProblem, withoutBadCallbackCookie } from "@/lib/auth/request-check";

function checked(handler: (request: NextRequest) => Promise<Response>) {
  return async (request: NextRequest): Promise<Response> => {
    // The origin Auth.js works on: AUTH_URL (lib/auth/index.ts sets it), else the request's.
    const site = process.env.AUTH_URL ?? request.url;
    const problem = await authRequestProblem(request, site);
    if (problem !== null) {
      return new Response(`Bad request: ${problem}.\n`, {
        status: 400,
        headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
      });
    }
    const cookie = withoutBadCallbackCookie(request.headers.get("cookie"), site);
    if (cookie === null) return handler(request);
    const headers = new Headers(request.headers);
    headers.set("cookie", cookie);
    return handler(new NextRequest(request, { headers }));
  };
}

export const GET = checked(handlers.GET);
export const POST = checked(handlers.POST);
