/**
 * The boundary of /api/auth/*: what a request may carry before Auth.js reads it.
 * Auth.js refuses a callbackUrl (query, or its authjs.callback-url cookie) that is
 * neither a path nor an http(s) address as a fault of its own configuration (a 500,
 * or a redirect to "server configuration error"), and its redirect callback throws
 * on a body callbackUrl it cannot parse ("%00", "http://["). Here every field
 * Auth.js reads is checked with zod, and a bad one is a 400 that says which; a bad
 * callback-url cookie (the browser's, not the visitor's doing) is dropped, and
 * Auth.js sets it anew.
 */
import { z } from "zod";
import { callbackPathOf } from "./callback-path";

/** More than any sign-in form or session request needs. */
export const MAX_AUTH_BODY = 64 * 1024;

const line = (max: number) =>
  z.string().max(max, `at most ${max} characters`).regex(/^[^\p{Cc}]*$/u, "no control characters");

/** What Auth.js takes (a path, or an http(s) address: its assertConfig), on this site only. */
const callbackUrl = (siteUrl: string) =>
  z.string()
    .regex(/^(\/|https?:\/\/)/i, "must be a path or an http(s) address")
    .refine((v) => callbackPathOf(v, siteUrl) !== null, "must be an address on this site");

function fieldSchemas(siteUrl: string): Record<string, z.ZodType> {
  return {
    callbackUrl: callbackUrl(siteUrl),
    // Auth.js names its errors in one word (Verification, AccessDenied, …).
    error: z.string().regex(/^[A-Za-z]{1,64}$/, "not an error name"),
    csrfToken: line(200),
    token: line(200),
    email: line(320),
    provider: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "not a provider name"),
    type: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "not a provider type"),
  };
}
const anyOther = line(2000);

/**
 * The addresses under /api/auth that Auth.js answers with our one provider (email);
 * it takes others for faults of its configuration.
 */
const ROUTES: Record<string, ReadonlySet<string>> = {
  GET: new Set(["signin", "signout", "session", "csrf", "providers", "verify-request", "error", "callback/email"]),
  POST: new Set(["signin/email", "signout", "session"]),
};

function check(schema: z.ZodType, key: string, value: unknown): string | null {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : `${key}: ${parsed.error.issues[0]?.message ?? "not understood"}`;
}

/**
 * Why `request` is a bad request for Auth.js, or null when it may go on.
 * `siteUrl` is the origin Auth.js works on (its AUTH_URL); the body is read from a clone.
 */
export async function authRequestProblem(request: Request, siteUrl: string): Promise<string | null> {
  const fields = fieldSchemas(siteUrl);
  // Own keys only: a field named "toString" or "constructor" is any other field, not the object's method.
  const schemas = (key: string): z.ZodType | undefined => (Object.hasOwn(fields, key) ? fields[key] : undefined);
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return "the address is not understood";
  }
  for (const [key, value] of url.searchParams) {
    const problem = check(schemas(key) ?? anyOther, key, value);
    if (problem) return problem;
  }
  // What Auth.js would blame on its own configuration.
  const route = url.pathname.replace(/^\/api\/auth\/?/, "").replace(/\/$/, "");
  if (!ROUTES[request.method]?.has(route)) return `there is no ${request.method} ${url.pathname.slice(0, 100)}`;
  if (url.pathname.endsWith("/callback/email") && !url.searchParams.get("token")) return "the sign-in link has no token";
  if (request.method !== "POST" || !request.body) return null;

  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_AUTH_BODY) return `the body is larger than ${MAX_AUTH_BODY} bytes`;
  const text = await request.clone().text();
  if (text.length > MAX_AUTH_BODY) return `the body is larger than ${MAX_AUTH_BODY} bytes`;
  const type = request.headers.get("content-type") ?? "";
  // The two kinds Auth.js reads (lib/utils/web.js getBody); it ignores any other body.
  if (type.includes("application/json")) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return "the body is not JSON";
    }
    if (body === null || typeof body !== "object" || Array.isArray(body)) return "the body is not a JSON object";
    for (const [key, value] of Object.entries(body)) {
      const schema = schemas(key);
      const problem = schema ? check(schema, key, value) : null;
      if (problem) return problem;
    }
  } else if (type.includes("application/x-www-form-urlencoded")) {
    for (const [key, value] of new URLSearchParams(text)) {
      const problem = check(schemas(key) ?? anyOther, key, value);
      if (problem) return problem;
    }
  }
  return null;
}

// Auth.js's names for it: __Secure- on https.
const CALLBACK_COOKIES = new Set(["authjs.callback-url", "__Secure-authjs.callback-url"]);

/** Decoded as Auth.js's cookie parser decodes. */
function cookieValue(raw: string): string {
  if (!raw.includes("%")) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * The Cookie header without callback-url cookies that are no address on this site,
 * or null when there is nothing to drop.
 */
export function withoutBadCallbackCookie(header: string | null, siteUrl: string): string | null {
  if (!header) return null;
  const schema = callbackUrl(siteUrl);
  const pairs = header.split(";");
  const kept = pairs.filter((pair) => {
    const eq = pair.indexOf("=");
    if (eq === -1 || !CALLBACK_COOKIES.has(pair.slice(0, eq).trim())) return true;
    return schema.safeParse(cookieValue(pair.slice(eq + 1).trim())).success;
  });
  return kept.length === pairs.length ? null : kept.join(";");
}
