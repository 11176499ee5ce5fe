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
  return url.origin === new URL(siteUrl).origin ? url.pathname + url.search + url.hash : fallback;
}
