import { z } from "zod";
import { mailSettings } from "@/lib/mail/settings";

/**
 * The path part of `value` if it points into this site, else `fallback`: guards
 * redirects after sign-in. Auth.js hands back absolute URLs (its callbackUrl), our
 * own links use paths; "//evil.example" and "/\evil.example" resolve to another
 * origin and are refused.
 */
export function safeCallbackPath(value: unknown, fallback = "/", siteUrl = mailSettings().siteUrl): string {
  const parsed = z.string().min(1).max(2000).safeParse(value);
  if (!parsed.success) return fallback;
  let url: URL;
  try {
    url = new URL(parsed.data, siteUrl);
  } catch {
    return fallback;
  }
  if (url.origin !== new URL(siteUrl).origin) return fallback;
  // ".//evil.example" resolves here to the path "//evil.example", which a browser
  // reads as another site: one leading slash only.
  return url.pathname.replace(/^\/+/, "/") + url.search + url.hash;
}
