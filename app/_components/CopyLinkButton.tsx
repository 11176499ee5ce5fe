"use client";

import { useState } from "react";

/**
 * Copies a link to the clipboard: `href` (relative to this site, or absolute), or
 * the page's own address (with its ?ply=N) when none is given. Falls back to a
 * prompt showing the link where the clipboard is not available (plain http, old
 * browsers), so the link can always be copied by hand.
 */
export function CopyLinkButton({ href, label = "Copy link" }: { href?: string; label?: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  async function copy() {
    const link = href ? new URL(href, window.location.href).toString() : window.location.href;
    try {
      await navigator.clipboard.writeText(link);
      setState("copied");
    } catch {
      window.prompt("Copy this link:", link);
      setState("failed");
    }
    window.setTimeout(() => setState("idle"), 2500);
  }
  return (
    <>
      <button type="button" onClick={copy} data-copy-link>
        {label}
      </button>
      <span role="status" aria-live="polite" className="muted" style={{ marginLeft: "0.5em" }}>
        {state === "copied" ? "Link copied" : ""}
      </span>
    </>
  );
}
