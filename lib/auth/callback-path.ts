import { z } from "zod";
import { mailSettings } from "@/lib/mail/settings";

// Longer is no link of ours; control characters are none either (and "%00" decodes to one).
const callbackText = z.string().min(1).max(2000).regex(/^[^\p{Cc}]+$/u);

/**
 * The path part of `value` if it points into this site, else null: guards
 * redirects after sign-in. Auth.js hands back absolute URLs (its callbackUrl), our
 * own links use paths; "//evil.example" and "/\evil.example" resolve to another
 * origin and are refused.
 */
export function callbackPathOf(value: unknown, siteUrl = mailSettings().siteUrl): string | null {
  const parsed = callbackText.safeParse(value);
  if (!parsed.success) return null;
  let url: URL;
  try {
    url = new URL(parsed.data, siteUrl);
  } catch {
    return null;
  }
  if (url.origin !== new URL(siteUrl).origin) return null;
  // ".//evil.example" resolves here to the path "//evil.example", which a browser
  // reads as another site: one leading slash only.
  return url.pathname.replace(/^\/+/, "/") + url.search + url.hash;
}

/** callbackPathOf, or `fallback` for a value that does not point into this site. */
export function safeCallbackPath(value: unknown, fallback = "/", siteUrl = mailSettings().siteUrl): string {
  return callbackPathOf(value, siteUrl) ?? fallback;
}
